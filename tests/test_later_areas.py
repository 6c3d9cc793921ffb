"""The edits (EDIT-1..6) register their handlers and their sentences when an edit is first
applied or described, not when the engine and the text layer are imported: a fresh
interpreter applies and describes them as one that imported them first does."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import sys
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import DEFAULT_MAP_ID, find_map
from pacific.text import describe_action, describe_event, set_language
from pacific.rules.actions.edit import EditMode, EditTreasury
from pacific.rules.nations import Nation
LATER = ("pacific.rules.editing", "pacific.text.edits", "pacific.rules.invariants")
print("imported", sorted(m for m in sys.modules if m.startswith(LATER)))
if sys.argv[1] == "first":
    import pacific.rules.editing, pacific.text.edits
set_language("it")
game = Game(load_board(find_map(DEFAULT_MAP_ID)))
state = game.new_game(players=3, seed=1)
lines = []
for action in (EditMode(on=True), EditTreasury(nation=Nation.JAPAN, ipc=40),
               EditMode(on=False)):
    lines.append(describe_action(action, game.board, state))
    state, events = game.apply(state, action)
    lines += [describe_event(event, game.board) for event in events]
print("treasury", state.treasury[Nation.JAPAN])
for line in lines:
    print("line", line)
"""


def _run(mode: str) -> list[str]:
    return subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True,
                          text=True, timeout=120, check=True).stdout.splitlines()


def test_the_edits_register_when_first_used_and_say_the_same() -> None:
    later, first = _run("later"), _run("first")
    assert "imported []" in later, later
    assert "treasury 40" in later and "treasury 40" in first
    said = [line for line in later if line.startswith("line ")]
    assert said == [line for line in first if line.startswith("line ")]
    # In the player's language, not the events' own English.
    assert len(said) >= 5 and not any("Edit:" in line for line in said), said
