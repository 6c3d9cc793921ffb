"""`pacific new / legal / apply / show` on the mini board (via --map)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pacific.cli.main import main

MINI = str(Path(__file__).parent / "maps" / "mini")


def new_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert main(["new", "--players", "2", "--seed", "9", "-o", str(path), "--map", MINI]) == 0
    return path


def test_new_writes_a_loadable_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path)
    data = json.loads(path.read_text())
    assert (data["map_id"], data["players"], data["seed"], data["actions"]) == ("mini", 2, 9, [])
    assert "seed 9" in capsys.readouterr().out


def test_legal_lists_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path)
    capsys.readouterr()
    assert main(["legal", str(path), "--json", "--map", MINI]) == 0
    actions = json.loads(capsys.readouterr().out)
    assert {"kind": "split_convoy_income", "india": 4, "australia": 0} in actions
    assert main(["legal", str(path), "--map", MINI]) == 0
    assert "British convoys: 4 IPC to India" in capsys.readouterr().out


def test_apply_prints_events_and_writes_the_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path)
    original = path.read_bytes()
    actions = tmp_path / "a.jsonl"
    actions.write_text('# the starting convoy split\n'
                       '{"kind": "split_convoy_income", "india": 2, "australia": 2}\n\n'
                       '{"kind": "purchase", "nation": "japan", "units": {"infantry": 2}}\n')
    out = tmp_path / "out.json"
    assert main(["apply", str(path), str(actions), "-o", str(out), "--map", MINI]) == 0
    printed = capsys.readouterr().out
    assert "> Japan buys 2 infantry\n  Japan buys 2 infantry for 6 IPC" in printed
    assert path.read_bytes() == original
    assert main(["show", str(out), "--json", "--map", MINI]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["treasury"] == {"japan": 8, "india": 6, "australia": 8, "usa": 15}
    assert shown["purchased"] == {"japan": {"infantry": 2}}
    assert shown["production"]["japan"] == 14 and shown["phase"] == "purchase"
    assert shown["units"]["korea"] == {"japan infantry": 2}


def test_apply_stops_at_the_first_illegal_action(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path)
    original = path.read_bytes()
    actions = tmp_path / "a.jsonl"
    actions.write_text('{"kind": "split_convoy_income", "india": 2, "australia": 2}\n'
                       '{"kind": "purchase", "nation": "japan", "units": {"marine": 1}}\n')
    out = tmp_path / "out.json"
    assert main(["apply", str(path), str(actions), "-o", str(out), "--map", MINI]) == 2
    err = capsys.readouterr().err
    assert "a.jsonl:2: illegal: Only the United States may buy this unit: Marines. " \
           "[R-PURCH-5, p. " in err
    assert path.read_bytes() == original and not out.exists()
    actions.write_text('{"kind": "purchase", "nation": "japan"}\n')
    assert main(["apply", str(path), str(actions), "--map", MINI]) == 2
    assert "a.jsonl:1: not a valid action: purchase.units: Field required" in \
        capsys.readouterr().err


def test_an_illegal_action_is_refused_in_italian_with_its_rule_and_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`pacific --lang it apply` prints the refusal in Italian, with the rule's id,
    its page and its one-line summary (R-PURCH-5: only the United States buys Marines)."""
    from pacific.text import rule, set_language, using_language

    path = new_game(tmp_path)
    actions = tmp_path / "a.jsonl"
    actions.write_text('{"kind": "split_convoy_income", "india": 2, "australia": 2}\n'
                       '{"kind": "purchase", "nation": "japan", "units": {"marine": 1}}\n')
    try:
        assert main(["--lang", "it", "apply", str(path), str(actions), "--map", MINI]) == 2
    finally:
        set_language("en")
    err = capsys.readouterr().err
    with using_language("it"):
        summary = rule("R-PURCH-5")
    assert "a.jsonl:2: mossa non consentita: Solo gli Stati Uniti possono comprare questa " \
           "unità: Marines." in err
    assert f"[R-PURCH-5, {summary.page}: {summary.summary}]" in err
    assert summary.page.startswith("pag. ")


def test_a_corrupt_save_names_what_is_inconsistent_in_italian(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A save whose position breaks the invariants (a ship on land, R-UNIT-1; a
    negative treasury) and whose actions do not rebuild it is refused, and `pacific --lang it`
    names each problem in Italian: the unit, its nation and the place by their Italian names."""
    from pacific.text import set_language

    path = new_game(tmp_path)
    data = json.loads(path.read_text())
    battleship = next(unit for unit in data["snapshot"]["units"].values()
                      if unit["type"] == "battleship" and unit["owner"] == "japan")
    battleship["space"] = "korea"
    data["snapshot"]["treasury"]["japan"] = -5
    # An action the rules refuse (only the United States buys Marines): the replay stops.
    data["actions"] = [{"action": {"kind": "purchase", "nation": "japan",
                                   "units": {"marine": 1}}, "dice": []}]
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["show", str(path), "--map", MINI]) == 1
    english = capsys.readouterr().err
    assert f"the saved position is inconsistent: Japan battleship #{battleship['id']} in " \
           "Korea: a ship on land (R-UNIT-1); Japan has a negative treasury (-5 IPC)" in english
    try:
        assert main(["--lang", "it", "show", str(path), "--map", MINI]) == 1
    finally:
        set_language("en")
    italian = capsys.readouterr().err
    assert f"la posizione salvata non è coerente: corazzata #{battleship['id']} (Giappone) in " \
           "Corea: una nave sulla terraferma (R-UNIT-1); Giappone: tesoreria negativa (-5 IPC)" \
           in italian, italian


def test_show_text_and_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_game(tmp_path)
    capsys.readouterr()
    assert main(["show", str(path), "--map", MINI]) == 0
    text = capsys.readouterr().out
    assert "Round 1, Japan, phase 1 (Purchase units); to act: Great Britain" in text
    assert "Waiting for: Great Britain: split the 4 IPC of British convoy income" in text
    assert "Korea: Japan: 2 infantry" in text
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["show", str(bad), "--map", MINI]) == 1
    assert "not valid JSON" in capsys.readouterr().err
