"""The ferry (`pacific.ai.ferry`) with nothing left to carry when its transport is at the
capital's coast."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.ferry import Ferry
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.actions.movement import Load
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def test_a_ferry_with_no_spare_units_left_loads_nothing() -> None:
    """Japan's transport off Japan, every infantry there kept for other moves: the ferry
    loads nothing (a load needs at least one unit, R-TRANS-3) and leaves the position as it
    was, instead of asking the engine for an empty load."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE,
                        units={"japan": "12 infantry japan", "sz_36": "1 transport japan",
                               "korea": "1 infantry japan",
                               "united_states": "2 infantry usa"})
    turn = Turn(game, st, HARD, Judge())
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT)
    keep = {u.id for u in st.units.values() if u.type is T.INFANTRY}
    ferry = Ferry(turn, ship, "japan", keep, lambda turn, coast, cargo: 1.0)
    assert ferry(game, st) is None


def test_the_hard_ferry_takes_aboard_only_units_of_the_power_playing() -> None:
    """An Australian artillery landed in the American capital is part of its surplus, but it
    boards only in its owner's turn (R-TRANS-13): the engine refuses a load that holds it,
    and the ferry gave up with nothing carried. The hard ferry asks the engine's own test and
    loads American units only."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE,
                        units={"united_states": "6 infantry usa, 1 artillery australia",
                               "sz_5": "1 transport usa", "japan": "4 infantry japan"})
    turn = Turn(game, st, HARD, Judge())
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT)
    ferry = Ferry(turn, ship, "united_states", set(), lambda turn, coast, cargo: 100.0)
    load = ferry(game, st)
    assert isinstance(load, Load)
    assert all(st.units[i].owner is Nation.USA for i in load.units)
