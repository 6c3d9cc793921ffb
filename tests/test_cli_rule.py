"""`pacific rule`: a rule on the command line, in English or Italian."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pacific.cli.main import main
from pacific.text import active_language


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_rule_sbr_4_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    """`pacific rule R-SBR-4`: id, group and page, then the summary and the explanation."""
    code, out, err = run(capsys, "--lang", "en", "rule", "R-SBR-4")
    assert code == 0 and err == ""
    head, summary, *rest = out.splitlines()
    assert head == "R-SBR-4 · Strategic bombing raids · p. 25"
    assert summary.startswith("A raid: AA fire")
    assert "interceptors hit on 2" in " ".join(rest)


def test_rule_capital_3_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    """`pacific rule R-CAPITAL-3` and `pacific --lang it rule R-CAPITAL-3`."""
    code, english, _ = run(capsys, "--lang", "en", "rule", "R-CAPITAL-3")
    assert code == 0 and english.startswith("R-CAPITAL-3 · Capitals · p. 28\n")
    code, italian, _ = run(capsys, "--lang", "it", "rule", "R-CAPITAL-3")
    assert code == 0 and italian.startswith("R-CAPITAL-3 · Capitali · pag. 28\n")
    assert "consegna subito tutti i suoi IPC" in italian
    assert active_language() == "it"


def test_lang_environment_selects_italian() -> None:
    """LANG=it_IT.UTF-8 with no --lang: the real command, in a fresh process."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "it_IT.UTF-8"
    proc = subprocess.run([sys.executable, "-m", "pacific", "rule", "R-CAPITAL-3"],
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("R-CAPITAL-3 · Capitali · pag. 28")


def test_loosely_typed_and_several_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "sbr-1", "ex12")
    assert code == 0
    assert out.startswith("R-SBR-1 · ") and "\n\nEX-12 · The rulebook's examples · p. 25\n" in out


def test_an_unknown_id_is_an_error_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rule", "r-sbr-9")
    assert code == 2 and out == ""
    assert err.startswith("pacific rule: No rule is called r-sbr-9. Did you mean R-SBR-7,")
    code, _, err = run(capsys, "--lang", "it", "rule", "r-captial-3")
    assert code == 2 and "Forse cercavate R-CAPITAL-3" in err
    code, _, err = run(capsys, "rule", "nonsense")
    assert code == 2 and "Run 'pacific rule' for the list of every rule." in err


def test_known_ids_print_even_beside_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rule", "R-SUB-1", "r-sub-99")
    assert code == 2 and out.startswith("R-SUB-1 · ") and "r-sub-99" in err


def test_search(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "--search", "kamikaze")
    lines = out.splitlines()
    assert code == 0 and lines[0].endswith('rules match "kamikaze".')
    assert lines[1].split()[0] == "R-KAMI-1"
    code, _, err = run(capsys, "rule", "--search", "zzzz")
    assert code == 1 and err == 'No rule matches "zzzz".\n'


def test_list_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule")
    assert code == 0 and out.startswith("Setup (Setup, turn and economy)\n  R-SETUP-1 ")
    assert "\nThe rulebook's examples (Worked examples)\n" in out
    code, out, _ = run(capsys, "--lang", "it", "rule", "--json", "R-SBR-4")
    data = json.loads(out)
    assert data[0]["id"] == "R-SBR-4" and data[0]["page"] == "pag. 25"
    assert data[0]["language"] == "it" and data[0]["group"] == "Missioni di Bombardamento " \
        "Strategico"
