"""Blunder class 1 on a small position: a Japanese transport off Siam, where two infantry wait to
board, a submarine beside it, two Indian fighters on a carrier in reach. Against aircraft alone
the submarine cannot be hit (R-SUB-5): the battle ends in a stalemate (R-NAVAL-4 E) with the
transport sunk, which the planner's plain look reads as held and its priced look (`Turn.priced`)
as lost. Japan did this in round 2 of eleven of the twenty hard-against-hard games. The hard
level's transport move (`transport_move.TransportMove`) checks a loaded transport's zone with
the priced look and sails it to a zone that look holds (`fleet.priced_zone`). Sea Zone 38 is
no way out: the fighters reach it over an air base (R-AIRBASE-1)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import transports_at_risk, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.transport_move import TransportMove
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

UNITS = {"japan": "8 infantry japan", "united_states": "8 infantry usa",
         "india": "2 infantry india", "siam": "2 infantry japan",
         "sz_46": "1 transport japan, 1 submarine japan",
         "sz_49": "1 carrier india, 2 fighter india"}


def test_a_submarine_is_no_escort_for_a_loaded_transport_against_aircraft() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT)
    step = TransportMove(Turn(game, st, HARD, Judge()), ship,
                         {"india": 54.0, "new_south_wales": 55.0}, set())
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert len(state.cargo_of(ship)) == 2      # loaded off Siam
    assert state.units[ship].space != "sz_46"
    assert transports_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []
