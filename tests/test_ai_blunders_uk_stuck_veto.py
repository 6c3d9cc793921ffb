"""Blunder class 2 where a sea battle leaves the United Kingdom's battleship (hard against hard,
real positions saved at the start of the British combat movement in tests/fixtures/repro).

- Seed 2, round 6: the Indian battleship and an Australian destroyer with two fighters can sink
  six empty Japanese transports in Sea Zone 47 (0.91), and need all four; the battleship would
  stay there (R-NONCOMBAT-2), sunk at 0.98 in Japan's turn.
- Seed 34, round 6: the battleship with two fighters on the transports of Sea Zone 45 (0.95);
  the planner's answer reads the battleship held there (0.69), the counter's look, with Japan's
  flights over their air bases priced (R-AIRBASE-1), sinks it at 1.00.

The careful United Kingdom leaves such an attack out (`stuck.vetoes_stuck_fleet`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pacific.ai.combat_move as combat_move
from pacific.ai.combat_move import combat_steps
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.stacks import my_stacks
from pacific.ai.stuck import stuck_at
from pacific.ai.turn import Memory, Turn
from pacific.ai.view import moved
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

REPRO = Path(__file__).parent / "fixtures" / "repro"
PACIFIC = Path(__file__).parent.parent / "maps" / "pacific"
CASES = [("uk_fleet_seed2_round6.json", "sz_47"), ("uk_fleet_seed34_round6.json", "sz_45")]


def _turn(name: str) -> Turn:
    game = Game(load_board(PACIFIC))
    state = GameState.model_validate_json((REPRO / name).read_text())
    assert state.power is Power.UK and state.phase is Phase.COMBAT_MOVE
    return Turn(game, state, HARD, Judge(), Memory())


def _attacks(turn: Turn) -> dict[str, list[T]]:
    _, attacks, _ = combat_steps(turn, my_stacks(turn.game, turn.state))
    return {a.target: [u.type for u, _ in a.units] for a, _ in attacks}


@pytest.mark.parametrize(("name", "zone"), CASES)
def test_the_hard_united_kingdom_does_not_leave_its_battleship_to_be_sunk(
        name: str, zone: str) -> None:
    assert zone not in _attacks(_turn(name))


@pytest.mark.parametrize(("name", "zone"), CASES)
def test_without_the_veto_the_battleship_fights_and_stays_where_it_is_lost(
        name: str, zone: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(combat_move, "vetoes_stuck_fleet", lambda turn, staying: False)
    turn = _turn(name)
    sent = _attacks(turn)
    assert T.BATTLESHIP in sent[zone]
    _, attacks, _ = combat_steps(turn, my_stacks(turn.game, turn.state))
    attack = next(a for a, _ in attacks if a.target == zone)
    staying = [moved(u, zone) for u, _ in attack.units if is_sea(u.type)]
    assert stuck_at(_turn(name), zone, staying) >= 0.8
