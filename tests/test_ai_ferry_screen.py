"""The capital's coast at the hard level: the ferry (`pacific.ai.ferry`) carries only its own
power's units and counts the aircraft bought this turn as the capital's defenders, and the
screen (`noncombat.KeepScreen`) lets the fleet go once the capital holds without it."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.ferry import Ferry
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.noncombat import KeepScreen
from pacific.ai.turn import Turn
from pacific.rules.actions.movement import Load
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

US, J = Nation.USA, Nation.JAPAN


def _first_load(game: Game, st: GameState) -> Load | None:
    """The first action of the ferry of the American transport in Sea Zone 5 that is a
    load (every coast worth landing on), or None."""
    turn = Turn(game, st, HARD, Judge())
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT and u.owner is US)
    ferry = Ferry(turn, ship, "united_states", set(), lambda turn, coast, cargo: 100.0)
    action = ferry(game, st)
    return action if isinstance(action, Load) else None


def _landing(infantry: int, bought: dict[T, int]) -> tuple[Game, GameState]:
    """The American capital with ``infantry`` infantry, an empty American transport in Sea
    Zone 5, three Japanese transports with six infantry in Sea Zone 3 (two zones from the
    capital's coast), in the United States' non-combat movement with ``bought`` to place."""
    units = {"united_states": f"{infantry} infantry usa", "sz_5": "1 transport usa",
             "sz_3": "3 transport japan", "japan": "4 infantry japan"}
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units=units)
    for ship in [u for u in st.units.values() if u.type is T.TRANSPORT and u.owner is J]:
        for _ in range(2):
            st.add_unit(T.INFANTRY, J, "sz_3", carried_by=ship.id, start_space="sz_3")
    st.purchased = {US: dict(bought)} if bought else {}
    return game, st


def test_the_ferry_takes_aboard_only_its_own_powers_units() -> None:
    """An Australian artillery landed in the American capital is part of its surplus, but
    it boards only in Australia's turn (R-TRANS-13): the engine refuses a load that holds
    it, and the ferry gave up with nothing carried. It now loads American units only."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "6 infantry usa, 1 artillery australia",
                               "sz_5": "1 transport usa", "japan": "4 infantry japan"})
    load = _first_load(game, st)
    assert load is not None
    assert all(st.units[i].owner is US for i in load.units)


def test_the_ferry_counts_the_fighters_bought_this_turn_as_the_capitals_defence() -> None:
    """Six infantry against the six Japan can land: none is spare while the purchase's four
    fighters wait to be placed (after movement, R-PLACE-1). Counted where they will defend
    (the capital is where the danger is greatest), some infantry are spare and the ferry
    loads them."""
    game, st = _landing(6, {})
    assert _first_load(game, st) is None
    game, st = _landing(6, {T.FIGHTER: 4})
    load = _first_load(game, st)
    assert load is not None and load.units


def _screen_kept(bought: dict[T, int]) -> list[tuple[tuple[int, ...], str]]:
    """KeepScreen's moves when the purchase counted two American battleships in Sea Zone 7
    as the screen of Sea Zone 5 against the landing of `_landing` (four infantry home)."""
    game, st = _landing(4, bought)
    st.add_unit(T.BATTLESHIP, US, "sz_7", start_space="sz_7")
    st.add_unit(T.BATTLESHIP, US, "sz_7", start_space="sz_7")
    turn = Turn(game, st, HARD, Judge())
    ships = tuple(u.id for u in st.units.values() if u.type is T.BATTLESHIP)
    turn.memory.screened = ((st.round, st.power), {"sz_5": ships})
    return KeepScreen(turn, set()).plan(game, turn)


def test_the_screen_lets_the_fleet_go_once_the_capital_holds_without_it() -> None:
    """The screen counted at the purchase sails home while the capital needs it; once the
    fighters bought this turn, placed there after movement, make it hold against every
    landing (the planner's own odds), the fleet moves as it would."""
    assert _screen_kept({}) != []
    assert _screen_kept({T.FIGHTER: 6}) == []

