"""Blunder class 2 on a small position: warships bought while Japan's main fleet sails away
are placed off Japan (R-PLACE-1, after movement) and, where the enemy can sink them there,
wait alone to be picked off. In the turn they are bought, the hard level's Japan keeps its
main fleet within a move of the zones where they are placed, so that they can join it."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

J = Nation.JAPAN
FLEET = "2 battleship japan, 2 carrier japan, 2 destroyer japan"


def _sail(bought: dict[T, int], enemy: bool = True) -> tuple[set[str], Turn]:
    """Japan's main fleet in Sea Zone 22 (a move from Sea Zone 36, off Japan), drawn to the
    Hawaiian Islands; two American destroyers in Sea Zone 35, next to Sea Zone 36. Where the
    fleet ends its non-combat movement."""
    units = {"sz_22": FLEET, "japan": "4 infantry japan"}
    if enemy:
        units["sz_35"] = "2 destroyer usa"
    extra = {"purchased": {J: bought}} if bought else {}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units,
                        **extra)
    state = st
    step = FleetMove(Turn(game, st, HARD, Judge()), "sz_22", {"hawaiian_islands": 100.0})
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    main = [u for u in st.units.values() if u.space == "sz_22"]
    return {state.units[u.id].space for u in main}, Turn(game, state, HARD, Judge())


def test_the_main_fleet_stays_within_a_move_of_new_warships_the_enemy_can_sink() -> None:
    (gone,), turn = _sail({})
    assert turn.view.sea_distance(gone, "sz_36") > 2      # without new ships it sails away
    (zone,), _ = _sail({T.DESTROYER: 1, T.SUBMARINE: 1})
    assert turn.view.sea_distance(zone, "sz_36") <= 2


def test_new_warships_safe_off_japan_do_not_hold_the_main_fleet_back() -> None:
    assert _sail({T.DESTROYER: 1, T.SUBMARINE: 1}, enemy=False)[0] == _sail({}, enemy=False)[0]


def test_new_transports_alone_do_not_hold_the_main_fleet_back() -> None:
    assert _sail({T.TRANSPORT: 1})[0] == _sail({})[0]
