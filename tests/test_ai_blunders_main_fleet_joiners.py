"""Blunder class 2 on a small position: Japan's main fleet in Sea Zone 45 (two battleships, two
destroyers, a submarine) with a second submarine that joined it this phase with one move left.
The American fleet in Sea Zone 44 reaches every zone a move away, and four bombers on the
Philippines reach further. With the joiner's move bounding where the whole force can sail, the
task force was lost wherever it went (each kind alone too, so the split sends all of it to one
lost zone); the careful Japan leaves the joiner where it is and sails the rest two zones to Sea
Zone 36, where it holds by its priced look."""

from __future__ import annotations

from scenario import scenario, u

from pacific.ai.fleet import FleetMove, force_lost
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.noncombat import fleet_goals
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

UNITS = {"sz_45": "2 battleship japan, 2 destroyer japan, 2 submarine japan",
         "sz_44": "6 battleship usa, 6 destroyer usa",
         "philippines": "4 bomber usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def test_the_main_fleet_leaves_a_joiner_that_bounds_its_reach() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    joiner = u(st, "sz_45", "submarine", Nation.JAPAN)[0]
    st.units[joiner].moves_used = 1
    st.units[joiner].noncombat_moved = True
    turn = Turn(game, st, HARD, Judge())
    plan = FleetMove(turn, "sz_45", fleet_goals(turn)).plan(game, turn)
    assert {zone for _, zone in plan} == {"sz_36"}
    assert joiner not in {i for ids, _ in plan for i in ids}
    rest = [st.units[i] for ids, _ in plan for i in ids]
    assert not force_lost(turn.priced(), "sz_36", rest)
