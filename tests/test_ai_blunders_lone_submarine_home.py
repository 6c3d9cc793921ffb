"""Blunder class 2 on a small position: Japan's lone submarine waits off Japan (Sea Zone
36) beside two empty transports in round 4, with American and Australian aircraft at New
Guinea in reach. Against aircraft alone the submarine cannot be hit (R-SUB-5): the planner's
plain look reads the zone held (the battle ends in a stalemate, R-NAVAL-4 E), the counter's
look loses it, and Japan's round-2 destroyer, lost everywhere, sailed to it there, a fleet
that look loses. From round 4 the careful Japan's lone submarine sails where the counter's
look holds it; in Japan's first three rounds it plays as before."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

UNITS = {"japan": "8 infantry japan", "united_states": "8 infantry usa",
         "sz_36": "1 submarine japan, 2 transport japan",
         "sz_6": "2 battleship japan, 2 destroyer japan",
         "new_guinea": "2 bomber usa, 4 fighter usa, 3 fighter australia, 2 infantry usa"}


def _submarine_ends(round_: int, level: Level = HARD) -> str:
    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                           round=round_, units=UNITS)
    sub = next(u.id for u in state.units.values() if u.type is T.SUBMARINE)
    turn = Turn(game, state, level, Judge())
    step = FleetMove(turn, "sz_36", {})
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    return state.units[sub].space


def test_a_lone_submarine_off_japan_sails_where_the_counter_s_look_holds_it() -> None:
    assert _submarine_ends(4) != "sz_36"


def test_in_the_first_three_rounds_and_at_the_normal_level_it_stays() -> None:
    assert _submarine_ends(3) == "sz_36"
    assert _submarine_ends(4, NORMAL) == "sz_36"
