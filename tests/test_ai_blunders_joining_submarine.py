"""Blunder class 2 on a small position: Japan's destroyer has sailed from Sea Zone 44 to Sea
Zone 45 in the non-combat movement, and a submarine alone in Sea Zone 46 moves next; two
Indian fighters on their carrier reach both. Against aircraft alone the submarine cannot be
hit (R-SUB-5): by the planner's plain look it holds anywhere (the battle ends in a stalemate,
R-NAVAL-4 E), so it joined the destroyer, and the two were a fleet the counter's look loses
(the hard Japan's round-2 raiders met so in round 3 of a third of the hard-against-hard
games). A warship that can still sail on is not checked: the submarine plays as before.

The same pair met the other way: the destroyer sailed to the submarine in Sea Zone 46 first
(one move left), and the two would sail on together as one task force; they part, the
submarine where it holds, the destroyer alone. With a destroyer that has not moved the task
force plays as before."""

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


def _sub_moves(game: Game, state: GameState) -> GameState:
    step = FleetMove(Turn(game, state, HARD, Judge()), "sz_46", {"india": 54.0})
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    return state


def _ids(state: GameState) -> tuple[int, int]:
    sub = next(u.id for u in state.units.values() if u.type is T.SUBMARINE)
    destroyer = next(u.id for u in state.units.values() if u.type is T.DESTROYER)
    return sub, destroyer


def test_a_lone_submarine_does_not_join_a_destroyer_that_stays_where_fighters_sink_it() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    sub, destroyer = _ids(st)
    st, _ = game.apply(st, Move(units=(destroyer,), path=("sz_44", "sz_45")))
    state = _sub_moves(game, st)
    assert state.units[sub].space != "sz_45"
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_a_lone_submarine_joining_a_destroyer_that_can_still_sail_plays_as_before() -> None:
    units = {**UNITS, "sz_44": "", "sz_45": "1 destroyer japan"}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)
    sub, _ = _ids(st)
    assert _sub_moves(game, st).units[sub].space == "sz_45"


def test_a_submarine_and_the_destroyer_that_came_to_it_do_not_sail_on_to_be_sunk() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    sub, destroyer = _ids(st)
    st, _ = game.apply(st, Move(units=(destroyer,), path=("sz_44", "sz_46")))
    state = _sub_moves(game, st)
    assert state.units[sub].space != state.units[destroyer].space
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_a_submarine_and_a_destroyer_that_has_not_moved_sail_together_as_before() -> None:
    units = {**UNITS, "sz_44": "", "sz_46": "1 submarine japan, 1 destroyer japan"}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)
    sub, destroyer = _ids(st)
    state = _sub_moves(game, st)
    assert state.units[sub].space == state.units[destroyer].space
