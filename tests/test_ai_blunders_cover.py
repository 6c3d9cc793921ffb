"""Blunder class 2 made by the fleet's own fighters flying off (hard against hard, real
positions saved at the start of the combat movement in tests/fixtures/repro):

- seed 32, round 5, the United Kingdom: the Indian battleship and carrier in Sea Zone 37, the
  carrier's two fighters able to sink a Japanese transport in Sea Zone 36; from there they
  land on Guam (R-AIR-2), and without them every zone of the fleet's reach is lost (0.975 at
  best), with them Sea Zone 37 holds (0.71);
- the same for Japan, seed 5, round 9 (a game played with a change tried and not kept, the
  British deck read by the counter's look, docs/ai-journal.md): two of the main fleet's eight
  fighters can attack Sea Zone 38 and land on the Ryukyu Islands;
  without them the fleet is lost wherever it sails (0.88 at best).

The careful power keeps them aboard (`cover.kept_aboard`, `combat_move.keep_cover`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pacific.ai.combat_move as combat_move
from pacific.ai.combat_move import combat_steps
from pacific.ai.cornered import cornered
from pacific.ai.doomed import sea_moves
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Memory, Turn
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import is_warship

REPRO = Path(__file__).parent / "fixtures" / "repro"
PACIFIC = Path(__file__).parent.parent / "maps" / "pacific"
CASES = [("uk_cover_seed32_round5.json", "sz_37", {67, 190}),
         ("japan_cover_seed5_round9.json", "sz_22", {11, 12})]


def _turn(name: str) -> Turn:
    game = Game(load_board(PACIFIC))
    state = GameState.model_validate_json((REPRO / name).read_text())
    assert state.phase is Phase.COMBAT_MOVE
    return Turn(game, state, HARD, Judge(), Memory())


def _sent(turn: Turn) -> set[int]:
    _, attacks, _ = combat_steps(turn, my_stacks(turn.game, turn.state))
    return {i for a, _ in attacks for i in a.unit_ids()}


@pytest.mark.parametrize(("name", "zone", "fighters"), CASES)
def test_the_fleets_fighters_stay_aboard(name: str, zone: str, fighters: set[int]) -> None:
    turn = _turn(name)
    assert all(turn.state.units[i].space == zone for i in fighters)
    assert not _sent(turn) & fighters


@pytest.mark.parametrize(("name", "zone", "fighters"), CASES)
def test_without_the_check_they_fly_and_the_fleet_is_cornered(
        name: str, zone: str, fighters: set[int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat_move, "kept_aboard", lambda turn, attacks: set())
    turn = _turn(name)
    assert _sent(turn) >= fighters
    state = turn.state
    units = {i: u for i, u in state.units.items() if i not in fighters}
    flown = turn.at(state.model_copy(update={"units": units}))
    force = [u for u in flown.view.friends_at(zone) if flown.ours(u)
             and (is_warship(u.type) or u.carried_by is not None)]
    ships = [u for u in force if is_warship(u.type)]
    reach = set.intersection(*(sea_moves(flown, u) for u in ships))
    assert cornered(flown, zone, force, reach) >= 0.8
