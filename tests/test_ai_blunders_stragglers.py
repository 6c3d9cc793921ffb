"""Blunder class 2 on a small position: a straggler that sails into the zone of a task force
still to move, where it holds only with that force, is left there alone when the force sails
on (the task forces move in their zones' order). The hard level's Allies move such a
straggler after the force it relies on, from where that force went."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import LOST, fleets_at_risk, turn_of
from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J = Nation.JAPAN


def test_a_straggler_does_not_join_a_task_force_that_sails_on_without_it() -> None:
    """A carrier, a destroyer and two submarines in Sea Zone 21, the main fleet in Sea Zone 23,
    both drawn to Korea; Japan's fighters on Japan and bombers on the Marshall Islands sink the
    four alone in Sea Zone 23 at >= 0.8, not with the main fleet. Sea Zone 21's force moves
    first by the zones' order; it waits for the main fleet, which sails on to Sea Zone 36, out
    of the four's reach, and then keeps to a zone where it holds alone instead of being left
    in Sea Zone 23. The hard United States read such a straggler's zone with the counter's
    look (`us_fleet.task_force_look`): it holds alone in Sea Zone 6 and goes there at once,
    without waiting; the United Kingdom's stragglers still wait (the deferral)."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "4 infantry usa",
                               "sz_21": "1 carrier usa, 1 destroyer usa, 2 submarine usa",
                               "sz_23": "4 carrier usa, 4 destroyer usa, 8 submarine usa",
                               "japan": "8 fighter japan, 4 infantry japan",
                               "marshall_islands": "3 bomber japan, 1 infantry japan"},
                        owners={"marshall_islands": J})
    turn = Turn(game, st, HARD, Judge())
    straggler = [u for u in st.units.values() if u.space == "sz_21"]
    main = [u for u in st.units.values() if u.space == "sz_23"]
    assert turn.danger("sz_23", defenders=straggler) >= LOST
    assert turn.danger("sz_23", defenders=[*straggler, *main]) < LOST
    state = st
    deferred: set[str] = set()
    for zone, after in (("sz_21", False), ("sz_23", False), ("sz_21", True), ("sz_23", True)):
        step = FleetMove(Turn(game, state, HARD, Judge()), zone, {"korea": 100.0},
                         deferred=deferred, after=after)
        while (action := step(game, state)) is not None:
            state, _ = game.apply(state, action)
    assert {state.units[u.id].space for u in main} == {"sz_36"}
    ended = {state.units[u.id].space for u in straggler}
    assert "sz_23" not in ended
    # Not left alone where the main fleet was, nor anywhere the counter counts it. (The
    # counter still counts the main fleet in Sea Zone 36: Japan's aircraft sink every ship
    # but the submarines, R-NAVAL-4 E, the fighters on Japan's air base flying there and back
    # free, R-AIRBASE-1.)
    counted = [b.where for b in fleets_at_risk(turn_of(game, state, Power.US, Judge()))]
    assert not ended & set(counted), counted
