"""Blunder class 2 on a small position: warships bought while Japan's main fleet sails away
are placed off Japan (R-PLACE-1, after movement) and wait there alone to be picked off. The
hard level's Japan keeps its main fleet within a move of the zones where they are placed in
the turn they are bought, so that they can join it."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN
FLEET = "2 battleship japan, 2 carrier japan, 2 destroyer japan"


def _sail(bought: dict[T, int]) -> tuple[set[str], Turn]:
    """Japan's main fleet in Sea Zone 22 (a move from Sea Zone 36, off Japan), drawn to the
    Hawaiian Islands; where it ends its non-combat movement."""
    extra = {"purchased": {J: bought}} if bought else {}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"sz_22": FLEET, "japan": "4 infantry japan"}, **extra)
    state = _move(game, st)
    main = [u for u in st.units.values() if u.space == "sz_22"]
    return {state.units[u.id].space for u in main}, Turn(game, state, HARD, Judge())


def _move(game: Game, state: GameState) -> GameState:
    step = FleetMove(Turn(game, state, HARD, Judge()), "sz_22", {"hawaiian_islands": 100.0})
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    return state


def test_the_main_fleet_stays_within_a_move_of_where_new_warships_are_placed() -> None:
    away, _ = _sail({})
    (gone,) = away
    home, turn = _sail({T.DESTROYER: 1, T.SUBMARINE: 1})
    assert len(home) == 1
    (zone,) = home
    assert turn.view.sea_distance(gone, "sz_36") > 2      # without new ships it sails away
    assert turn.view.sea_distance(zone, "sz_36") <= 2


def test_new_transports_alone_do_not_hold_the_main_fleet_back() -> None:
    assert _sail({T.TRANSPORT: 1})[0] == _sail({})[0]


