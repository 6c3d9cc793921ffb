"""A waiting decision is part of a valid position: a game saved at any moment reopens at that
moment, edit mode included (a convoy split, a casualty choice, a retreat or dice waiting while
the table corrects the position).

Random games on the mini board, with edit mode turned on at random and a few corrections made
while it is on, are saved and reopened after every action; the reopened position must equal
the one saved and offer the same actions, and the reopened story (the replay of its actions)
must end at it without a note. The longer run is marked slow.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import board

from pacific.rules.actions import Action
from pacific.rules.actions.edit import EditAddUnits, EditMode, EditTreasury
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction, SaveFileError
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

GAME = Game(board("mini"))
ROOT = Path(__file__).resolve().parent.parent


def resolve(map_id: str):  # type: ignore[no-untyped-def]
    if map_id != "mini":
        raise SaveFileError(f"unknown map {map_id!r}")
    return GAME.board


def _a_correction(rng: random.Random, history: History) -> Action:
    """A correction the table might make: a treasury, or an infantry where its side stands."""
    state = history.state
    nation = rng.choice([n for n in Nation if n is not Nation.CHINA])
    if rng.random() < 0.5:
        return EditTreasury(nation=nation, ipc=rng.randrange(0, 60))
    held = sorted(t for t, owner in state.territory_owner.items() if owner is nation)
    return EditAddUnits(nation=nation, unit_type=UnitType.INFANTRY,
                        space=rng.choice(held or sorted(state.territory_owner)))


def _next_action(rng: random.Random, history: History) -> Action:
    state = history.state
    if state.edit_mode:
        return EditMode(on=False) if rng.random() < 0.5 else _a_correction(rng, history)
    # Most often while a decision waits: the moment a save used to lose.
    if rng.random() < (0.3 if state.pending is not None else 0.04):
        return EditMode(on=True)
    return rng.choice(list(GAME.play_actions(state)))


def _reopens_as_saved(history: History, full: bool) -> None:
    text = dumps(history)
    opened = parse_save(text.encode(), resolve, "game.json")
    assert opened.state == history.state, "the reopened position differs"
    assert [a.to_json() for a in GAME.legal_actions(opened.state)] == \
        [a.to_json() for a in GAME.legal_actions(history.state)]
    if full:
        assert opened.notes == [], opened.notes
        assert [r.state for r in opened.records] == [r.state for r in history.records]


def play_saving_everywhere(seed: int, steps: int, full_every: int) -> dict[str, int]:
    """Play ``steps`` random actions, saving and reopening after each; counts what was seen
    waiting (decisions by kind, edit mode)."""
    rng = random.Random(seed)
    history = History(GAME, GAME.new_game(players=3 if seed % 2 else 2, seed=seed))
    chance = seed % 3 == 0       # dice as decisions: a roll waits too
    seen: dict[str, int] = {}
    for step in range(steps):
        if history.state.winner is not None:
            break
        action = _next_action(rng, history)
        try:
            history.apply(action, ChanceDice() if chance else None)
        except IllegalAction:
            continue      # a correction that breaks a rule is refused, and nothing changes
        state = history.state
        if state.pending is not None:
            key = f"{state.pending.decision}{' (edit mode)' if state.edit_mode else ''}"
            seen[key] = seen.get(key, 0) + 1
        _reopens_as_saved(history, full=step % full_every == 0)
    _reopens_as_saved(history, full=True)
    return seen


# A two-player game and a three-player one with dice as decisions in the default run; nine
# more games with -m slow.
@pytest.mark.parametrize("seed", [2, 3, *(pytest.param(s, marks=pytest.mark.slow)
                                         for s in (1, *range(4, 12)))])
def test_a_game_saved_after_any_action_reopens_at_that_moment(seed: int) -> None:
    seen = play_saving_everywhere(seed, steps=160, full_every=40)
    assert any("(edit mode)" in key for key in seen), seen
    assert len(seen) >= 2, seen


def test_a_game_saved_in_edit_mode_while_the_convoy_split_waits_reopens(
        tmp_path: Path) -> None:
    """The first case: a tabletop group turns edit mode on at the very start."""
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}

    def pacific(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pacific", *args], cwd=tmp_path,
                              env=env, input=stdin, capture_output=True, text=True, timeout=120)

    assert pacific("new", "--seed", "3", "-o", "g.json").returncode == 0
    applied = pacific("apply", "g.json", "-", "-o", "e.json",
                      stdin=json.dumps({"kind": "edit_mode", "on": True}))
    assert applied.returncode == 0, applied.stderr
    shown = pacific("show", "e.json")
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    assert "Waiting for: Great Britain: split the 12 IPC" in shown.stdout
