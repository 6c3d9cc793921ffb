"""Seeded random games: thousands of random legal actions with invariants checked after each
(see `random_play`), on the mini board and on the real one, the latter with refusals, bent moves
and undo/redo tried along the way (`random_mischief`). The larger run is marked slow:
`pytest -m slow tests/test_random_games.py`.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from random_mischief import MISCHIEF_STATS
from random_play import check_save_round_trip, play
from scenario import board

from pacific.rules.engine import Game

# Areas put their invariants in tests/invariants_<area>.py; importing registers them.
for _module in sorted(Path(__file__).parent.glob("invariants_*.py")):
    importlib.import_module(_module.stem)


# Games of up to 1,500 actions (most end earlier, in a victory): two in the default run (a
# three-player and a two-player game), with the combat area's random battles
# (tests/test_combat_random.py) and the stress games (tests/test_stress.py) thousands of
# random actions; four more with -m slow.
@pytest.mark.parametrize(
    "seed", [1, 2, *(pytest.param(s, marks=pytest.mark.slow) for s in (3, 4, 5, 6))])
def test_random_games_on_the_mini_board(seed: int) -> None:
    history = play(Game(board("mini")), seed=seed, steps=1500, players=3 if seed % 2 else 2)
    assert len(history.records) >= 100
    check_save_round_trip(history)


# The real board in the default run too: a game of 400 actions, with refusals tried,
# bent moves judged and undo/redo at a quarter of the steps; two more seeds with -m slow
# (tests/test_stress.py plays the real board in the default run as well).
@pytest.mark.parametrize("seed", [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3))])
def test_random_games_on_the_real_board(seed: int) -> None:
    """Random play on maps/pacific: every refusal names a rule (R-TURN-3, R-MOVE-3 ...) and
    leaves the state byte for byte as it was; undo and redo give back the recorded states."""
    MISCHIEF_STATS.clear()
    history = play(Game(board("pacific")), seed=seed, steps=400, players=3 if seed % 2 else 2,
                   mischief=1 / 4)
    assert len(history.records) >= 300
    refusals = {rule: n for rule, n in MISCHIEF_STATS.items() if rule.startswith("R-")}
    assert sum(refusals.values()) >= 150 and len(refusals) >= 10
    assert MISCHIEF_STATS.get("undone", 0) >= 20
    if seed == 1:
        check_save_round_trip(history)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 20))
def test_random_games_at_scale(seed: int) -> None:
    name = "pacific" if seed % 2 else "mini"
    history = play(Game(board(name)), seed=seed, steps=1000 if name == "pacific" else 3000)
    check_save_round_trip(history)
