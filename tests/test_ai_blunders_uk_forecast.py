"""Blunder class 2 a turn deep, read by where Japan WILL base its aircraft: two British
non-combat movements of hard-against-hard games, saved at their start (tests/fixtures/repro).

In both the Indian Ocean force (an Indian battleship and carrier with two fighters, an
Australian destroyer) sails from Sea Zone 46 to Sea Zone 37, beside Japan's coast, where every
look of the turn holds it. In seed 13 (round 5) the Australian transports' landing threat on the
empty Philippines then draws Japan's twelve fighters there from the Marshall Islands in its
turn between (its planner's `noncombat.grounded_landing`: a place they help hold), and from its
air base (R-AIRBASE-1) every zone the force can reach next is lost: the force was counted in
Sea Zone 44. In seed 3 (round 5) Japan's fighters stand on Wake and go on against the
Americans: the force in Sea Zone 37 was never counted. The careful United Kingdom plays the rest
of its phase on a copy and asks Japan's planner where its aircraft go (`pacific.ai.forecast`):
it keeps out of Sea Zone 37 in seed 13 only."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pacific.ai.forecast import cornered, japan_rebased, rest_of_phase
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Memory, Turn
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_air

REPRO = Path(__file__).parent / "fixtures" / "repro"
PACIFIC = Path(__file__).parent.parent / "maps" / "pacific"


def _position(seed: int) -> tuple[Game, GameState]:
    state = GameState.model_validate_json((REPRO / f"uk_fleet_seed{seed}_round5.json")
                                          .read_text())
    assert state.power is Power.UK and state.phase is Phase.NONCOMBAT_MOVE
    return Game(load_board(PACIFIC)), state


def _battleship(state: GameState) -> int:
    return next(u.id for u in state.units.values() if u.type is T.BATTLESHIP
                and u.owner is Nation.INDIA)


def _force_zone(seed: int, level: Level) -> str:
    game, state = _position(seed)
    ship = _battleship(state)
    assert state.units[ship].space == "sz_46"
    player = ComputerPlayer(game, level)
    while state.phase is Phase.NONCOMBAT_MOVE:
        state, _ = game.apply(state, player.choose(state))
    return state.units[ship].space


def _japan_aircraft(state: GameState) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in state.units.values():
        if u.owner is Nation.JAPAN and is_air(u.type) and u.carried_by is None:
            out[u.space] = out.get(u.space, 0) + 1
    return out


def _cornered_in_sea_zone_37(seed: int) -> tuple[bool, dict[str, int]]:
    game, state = _position(seed)
    force = [u for u in state.units.values() if u.space == "sz_46" and u.carried_by is None
             and u.owner in (Nation.INDIA, Nation.AUSTRALIA) and u.type is not T.TRANSPORT]
    end = rest_of_phase(Turn(game, state, HARD, Judge(), Memory()))
    ahead = Turn(game, end, HARD, Judge(), Memory())
    there = [end.units[u.id] for u in force]
    return cornered(ahead, "sz_37", there), _japan_aircraft(japan_rebased(ahead, "sz_37", there))


def test_seed_13_japan_bases_its_fighters_on_the_philippines_and_corners_the_force() -> None:
    trap, aircraft = _cornered_in_sea_zone_37(13)
    assert aircraft.get("philippines", 0) >= 9
    assert trap


def test_seed_3_japan_keeps_its_fighters_on_wake_and_the_force_is_free() -> None:
    trap, aircraft = _cornered_in_sea_zone_37(3)
    assert aircraft.get("wake", 0) >= 9 and "philippines" not in aircraft
    assert not trap


def test_the_hard_united_kingdom_keeps_out_of_the_trap_japan_will_spring() -> None:
    assert _force_zone(13, HARD) != "sz_37"
    assert _force_zone(13, replace(HARD, fleet_forecast=False)) == "sz_37"


def test_the_hard_united_kingdom_sails_on_where_japan_goes_elsewhere() -> None:
    assert _force_zone(3, HARD) == "sz_37"
