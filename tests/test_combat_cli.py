"""One battle driven step by step through `pacific apply` with scripted dice: Japan's
first turn, an infantry from French Indo-China attacks Shan State, whose Indian infantry
defends at 1 (R-FIRSTTURN-1, EX-7f)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from combat_helpers import end_combat, shift
from scenario import board

from pacific.cli.main import main
from pacific.rules.engine import Game
from pacific.rules.files.savefile import load_game
from pacific.rules.nations import Nation
from pacific.rules.state import GameState

SETUP = [
    {"kind": "split_convoy_income", "india": 0, "australia": 12},
    {"kind": "end_phase"},
    {"kind": "end_phase"},
]


def _state(game: Path) -> GameState:
    return load_game(game, lambda _id: board("pacific")).state


def _apply(tmp: Path, game: Path, actions: list[dict[str, object]], dice: str | None,
           capsys: pytest.CaptureFixture[str]) -> str:
    lines = tmp / "actions.jsonl"
    lines.write_text("\n".join(json.dumps(a) for a in actions) + "\n", encoding="utf-8")
    argv = ["apply", str(game), str(lines), "-o", str(game)]
    if dice:
        argv += ["--dice", dice]
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_battle_step_by_step_through_pacific_apply(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    assert main(["new", "--seed", "5", "-o", str(game)]) == 0
    capsys.readouterr()
    _apply(tmp_path, game, SETUP, None, capsys)
    start = _state(game)
    move = {"kind": "move", "units": [25], "path": ["french_indo_china", "shan_state"]}
    out = _apply(tmp_path, game, [move, {"kind": "end_phase"}], None, capsys)
    assert "Combat" in out or "combat" in out
    # Round 1: attack 6 misses; the Indian infantry rolls 2, a miss at 1 on Japan's first turn.
    out = _apply(tmp_path, game, [{"kind": "select_battle", "space": "shan_state"}], "6,2",
                 capsys)
    assert "Attack in Shan State — Japan: 1 infantry hit on 1: rolled 6 → 0 hits" in out
    assert "Defence in Shan State — India: 1 infantry hit on 1: rolled 2 → 0 hits" in out
    saved = json.loads(game.read_text(encoding="utf-8"))
    assert saved["snapshot"]["pending"]["decision"] == "round"
    # Round 2: press on; 1 hits, the defender's 3 misses: Shan State is Japanese.
    out = _apply(tmp_path, game, [{"kind": "press_on"}], "1,3", capsys)
    assert "Japan takes Shan State from India" in out
    assert "Japan wins the battle in Shan State and takes it" in out
    saved = json.loads(game.read_text(encoding="utf-8"))
    assert saved["snapshot"]["territory_owner"]["shan_state"] == "japan"
    assert saved["snapshot"]["pending"] is None
    # The books at the end of phase 4 (R-CAPTURE-13): Shan State's IPCs pass to Japan.
    play = Game(board("pacific"))
    end_combat(play, start, _state(game), owners={"shan_state": Nation.JAPAN},
               levels=shift(play, start, Nation.JAPAN, Nation.INDIA, "shan_state"))


def test_dice_typed_in_through_pacific_apply_table_dice(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """Dice as decisions from the command line (R-COMBAT-5): with --table-dice the
    battle waits for a roll_dice action, `pacific show --json` names the dice awaited, and the
    values typed in decide it exactly as scripted dice would (EX-7f)."""
    game = tmp_path / "game.json"
    assert main(["new", "--seed", "5", "-o", str(game)]) == 0
    capsys.readouterr()
    _apply(tmp_path, game, SETUP, None, capsys)
    move = {"kind": "move", "units": [25], "path": ["french_indo_china", "shan_state"]}
    _apply(tmp_path, game, [move, {"kind": "end_phase"}], None, capsys)
    lines = tmp_path / "battle.jsonl"
    lines.write_text(json.dumps({"kind": "select_battle", "space": "shan_state"}) + "\n")
    assert main(["apply", str(game), str(lines), "-o", str(game), "--table-dice"]) == 0
    capsys.readouterr()
    assert main(["show", str(game), "--json"]) == 0
    decision = json.loads(capsys.readouterr().out)["decision"]
    assert decision["decision"] == "dice" and decision["power"] == "japan"
    assert [g["count"] for g in decision["groups"]] == [1]
    out = _apply(tmp_path, game, [{"kind": "roll_dice", "values": [6]}], None, capsys)
    assert "rolled 6" in out
    assert _state(game).pending is not None and _state(game).pending.decision == "dice"
    refused = tmp_path / "bad.jsonl"
    refused.write_text(json.dumps({"kind": "roll_dice", "values": [1, 2]}) + "\n")
    assert main(["apply", str(game), str(refused)]) == 2
    assert "R-COMBAT-5" in capsys.readouterr().err
