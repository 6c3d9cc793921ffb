"""Blunder class 2 on small positions: task forces in non-combat movement that leave ships
which can no longer move (R-NONCOMBAT-2) where the enemy sinks them, and the order in which
the task forces choose their zones."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, turn_of
from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.noncombat import noncombat_steps
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN


def _hawaii(sz_9: str, sz_19: str = "") -> tuple[Game, GameState]:
    """Japan's non-combat movement with ``sz_9`` off Hawaii, where four American fighters
    reach, and ``sz_19`` nearer home."""
    units = {"sz_9": sz_9, "hawaiian_islands": "4 fighter usa, 1 infantry usa",
             "japan": "4 infantry japan", "united_states": "2 infantry usa"}
    if sz_19:
        units["sz_19"] = sz_19
    return scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)


def test_a_task_force_stays_with_ships_that_cannot_move_when_alone_they_would_be_sunk() -> None:
    """Two destroyers that fought off Hawaii cannot sail on (R-NONCOMBAT-2); alone, the
    fighters sink them at >= 0.8, with the three battleships there they hold. The battleships,
    drawn home, stay with them instead of leaving them to be sunk."""
    game, st = _hawaii("2 destroyer japan, 3 battleship japan")
    for unit in st.units.values():
        if unit.type is T.DESTROYER:
            unit.fought = unit.combat_moved = True
    turn = Turn(game, st, HARD, Judge())
    destroyers = [u for u in st.units.values() if u.type is T.DESTROYER]
    assert turn.danger("sz_9", defenders=destroyers) >= 0.8 > turn.danger("sz_9")
    step = FleetMove(turn, "sz_9", {"japan": 100.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert {u.space for u in state.units.values() if u.owner is J and u.type is T.BATTLESHIP} \
        == {"sz_9"}
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []


def test_the_task_force_in_most_danger_chooses_its_zone_first() -> None:
    """The two destroyers off Hawaii, which the fighters sink there, choose before the
    battleships near home, so that the zone they join is still held when they arrive (the
    battleships then stay with them, as above)."""
    game, st = _hawaii("2 destroyer japan", "3 battleship japan")
    turn = Turn(game, st, HARD, Judge())
    zones = [s.zone for s in noncombat_steps(turn, my_stacks(game, st))
             if isinstance(s, FleetMove)]
    assert zones == ["sz_9", "sz_19"]
