"""Blunder class 2 at its source, the task force's move: new ships appear after the fleet has
moved (R-PLACE-1). The hard United States' task force in Sea Zone 5 sailed, and the carrier,
destroyer and submarines bought that turn were placed there alone, where Japan's carrier
fighters sank all but the submarines (which aircraft cannot hit, R-SUB-5: the plain look read
them holding). The careful Allies now leave a home guard: the fewest ships that make the new
ones hold by the priced look (`Turn.priced`); the rest sails."""

from __future__ import annotations

from scenario import aboard, scenario

from pacific.ai.blunders import LOST
from pacific.ai.fleet import FleetMove, new_ships
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.repair import Repair
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

US = Nation.USA


def _sail(goals: dict[str, float], repair: bool = False, **more: str) -> GameState:
    """Four destroyers and two battleships in Sea Zone 5; a carrier, a destroyer and two
    submarines bought; four Japanese carrier fighters in Sea Zone 22 reach Sea Zone 5 (and
    ``more`` units). The hard task force's move, played out (and the repair after it)."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, round=5,
                        units={"sz_5": "4 destroyer usa, 2 battleship usa",
                               "sz_22": "2 carrier japan, 4 fighter japan",
                               "united_states": "6 infantry usa",
                               "japan": "4 infantry japan", **more})
    aboard(st, "sz_22", "carrier", "fighter", Nation.JAPAN)
    st.purchased = {US: {T.CARRIER: 1, T.DESTROYER: 1, T.SUBMARINE: 2}}
    state = st
    for make in (lambda t: FleetMove(t, "sz_5", goals), Repair)[:2 if repair else 1]:
        step = make(Turn(game, state, HARD, Judge()))
        while (action := step(game, state)) is not None:
            state, _ = game.apply(state, action)
    return state


def test_the_task_force_leaves_a_guard_for_the_ships_bought_this_turn() -> None:
    """Drawn west, some ships stay, the new ones hold with them by the priced look, and the
    rest sails."""
    game, _ = scenario("pacific")
    state = _sail({"hawaiian_islands": 100.0, "japan": 100.0})
    home = [u for u in state.units.values() if u.owner is US and u.space == "sz_5"
            and is_sea(u.type)]
    sailed = [u for u in state.units.values() if u.owner is US and is_sea(u.type)
              and u.space != "sz_5"]
    assert sailed
    after = Turn(game, state, HARD, Judge()).priced()
    new = new_ships(after, US, "sz_5")
    assert after.danger("sz_5", defenders=[*(moved(u, "sz_5") for u in home), *new]) < LOST


def test_the_guard_does_not_draw_the_rest_home() -> None:
    """Drawn west a little more than home (Japan worth 45, the capital beside Sea Zone 5 worth
    10): the rest of the force sails as the whole would, and the guard staying for the new
    ships is no task force for it to join there."""
    state = _sail({"japan": 45.0, "united_states": 10.0})
    home = [u for u in state.units.values() if u.owner is US and u.space == "sz_5"
            and is_sea(u.type)]
    assert home
    assert any(u.owner is US and is_sea(u.type) and u.space != "sz_5"
               for u in state.units.values())


def test_the_whole_force_sails_where_the_rest_would_not_hold_the_front() -> None:
    """Two Japanese submarines in Sea Zone 20: the whole force holds Sea Zone 21 (the enemy
    wins at about 0.2), the force without its guard would not (about 0.7). The front comes
    before the new ships: the whole force sails, as it would without them."""
    state = _sail({"japan": 45.0, "united_states": 10.0}, sz_20="2 submarine japan")
    assert not [u for u in state.units.values() if u.owner is US and u.space == "sz_5"
                and is_sea(u.type)]


def test_the_repair_leaves_the_guard_home() -> None:
    """The rest sails to Sea Zone 21, the battleship left as the guard: alone it reads lost
    before the new ships are placed, and the repair of fleets in danger sent it away (to Sea
    Zone 11), leaving the new ships alone after all. It waits for them by the look that
    chose it."""
    state = _sail({"japan": 45.0, "united_states": 10.0}, repair=True)
    assert [u.type for u in state.units.values() if u.owner is US and u.space == "sz_5"
            and is_sea(u.type)] == [T.BATTLESHIP]
