"""Blunder class 2 on a small position: Japan's destroyer has sailed from Sea Zone 44 to the
lone submarine in Sea Zone 46 in the non-combat movement (it has one move left), and the two
move on as one task force; two Indian fighters on their carrier reach every zone around. By
the planner's plain look the submarine holds anywhere against aircraft alone (R-SUB-5, the
stalemate of R-NAVAL-4 E), so the two sailed on together, a fleet the counter's look loses
(the hard Japan's round-2 raiders met so in round 3 of several hard-against-hard games). They
part: the submarine where it holds, the destroyer alone. With a destroyer that has not moved
the task force plays as before."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, turn_of
from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"japan": "8 infantry japan", "united_states": "8 infantry usa",
         "india": "2 infantry india",
         "sz_46": "1 submarine japan", "sz_44": "1 destroyer japan",
         "sz_48": "1 carrier india, 2 fighter india"}


def _pair_moves(game: Game, state: GameState) -> GameState:
    step = FleetMove(Turn(game, state, HARD, Judge()), "sz_46", {"india": 54.0})
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    return state


def _ids(state: GameState) -> tuple[int, int]:
    sub = next(u.id for u in state.units.values() if u.type is T.SUBMARINE)
    destroyer = next(u.id for u in state.units.values() if u.type is T.DESTROYER)
    return sub, destroyer


def test_a_submarine_and_the_destroyer_that_came_to_it_do_not_sail_on_to_be_sunk() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    sub, destroyer = _ids(st)
    st, _ = game.apply(st, Move(units=(destroyer,), path=("sz_44", "sz_46")))
    state = _pair_moves(game, st)
    assert state.units[sub].space != state.units[destroyer].space
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_a_submarine_and_a_destroyer_that_has_not_moved_sail_together_as_before() -> None:
    units = {**UNITS, "sz_44": "", "sz_46": "1 submarine japan, 1 destroyer japan"}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)
    sub, destroyer = _ids(st)
    state = _pair_moves(game, st)
    assert state.units[sub].space == state.units[destroyer].space
