"""`pacific odds`: the command line of the odds calculator (docs/odds.md)."""

from __future__ import annotations

import json

import pytest

from pacific.cli.main import main
from pacific.odds.text import parse_loads, parse_units
from pacific.rules.units import UnitType as U


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["odds", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_unit_syntax() -> None:
    assert parse_units("3 inf, 1 art, 2 arm, ftr") == {
        U.INFANTRY: 3, U.ARTILLERY: 1, U.ARMOR: 2, U.FIGHTER: 1}
    assert parse_units("2 inf, 1 infantry") == {U.INFANTRY: 3}
    assert parse_loads("2 inf | 1 arm, 1 inf") == [{U.INFANTRY: 2}, {U.ARMOR: 1, U.INFANTRY: 1}]


def test_land_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--attacker", "1 inf", "--defender", "1 inf", "--land", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["attacker_wins"] == pytest.approx(0.25)
    assert data["captured"] == pytest.approx(0.25)


def test_readable_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--attacker", "3 inf, 1 art, 2 arm, 1 ftr",
                       "--defender", "4 inf, 1 aa")
    assert code == 0
    assert "Attacker wins" in out and "Territory taken" in out


@pytest.mark.parametrize("args,word", [
    (["--attacker", "3 inff", "--defender", "1 inf"], "inff"),
    (["--attacker", "1 inf", "--defender", "1 inf", "--order", "inf,xyz"], "xyz"),
    (["--attacker", "", "--defender", "1 inf"], "no attacking units"),
    (["--naval", "--attacker", "1 dd", "--defender", "1 sub", "--kamikaze", "sub"], "R-KAMI-5"),
])
def test_bad_input_is_one_clear_line_exit_2(capsys: pytest.CaptureFixture[str],
                                            args: list[str], word: str) -> None:
    code, out, err = run(capsys, *args)
    assert out == ""
    assert code == 2
    assert word in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_naval_amphibious_and_sbr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--naval", "--attacker", "1 ftr", "--defender", "1 sub", "--json")
    assert code == 0 and json.loads(out)["stalemate"] == pytest.approx(1.0)
    code, out, _ = run(capsys, "--amphibious", "--landing", "1 inf", "--bombard", "1 bb",
                       "--defender", "1 inf", "--json")
    assert code == 0 and json.loads(out)["attacker_wins"] == pytest.approx(19 / 36)
    code, out, _ = run(capsys, "--sbr", "--attacker", "1 bmb", "--no-aa", "--json")
    assert code == 0 and json.loads(out)["expected_ipc_lost"] == pytest.approx(3.5)
    code, out, _ = run(capsys, "--amphibious", "--sea-attacker", "1 dd, 1 tr",
                       "--loads", "2 inf", "--sea-defender", "1 sub", "--defender", "1 inf")
    assert code == 0 and "Territory taken" in out


def test_retreat_and_order_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--attacker", "1 inf", "--defender", "1 inf",
                       "--retreat-after", "1", "--json")
    assert code == 0 and json.loads(out)["retreat"] == pytest.approx(5 / 9)
    code, out, _ = run(capsys, "--attacker", "1 inf, 1 ftr", "--defender", "2 inf",
                       "--order", "ftr,inf", "--no-keep-land", "--json")
    assert code == 0


def test_every_answer_says_its_method_and_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """Within the default budget a small battle is exact; with a budget too small for the
    chain the answer is simulated and says how far off it may be; `--exact` ignores the
    budget; a budget that is not positive is refused (status 2)."""
    big = ("--naval", "--attacker", "10 sub, 10 dd, 8 bb, 12 ftr",
           "--defender", "8 sub, 8 dd, 8 bb, 8 cv, 8 ftr")
    _, out, _ = run(capsys, "--attacker", "3 inf", "--defender", "2 inf")
    assert "Method:            exact (error less than 0.01%)" in out
    _, out, _ = run(capsys, *big, "--ms", "1")
    assert "Method:            simulation of 1,000 battles (±" in out
    _, out, _ = run(capsys, *big, "--exact", "--json")
    data = json.loads(out)
    assert data["method"] == "exact" and data["bound"] == data["neglected"] < 1e-8
    code, _, err = run(capsys, "--attacker", "3 inf", "--defender", "2 inf", "--ms", "0")
    assert code == 2 and "--ms takes a positive number" in err
