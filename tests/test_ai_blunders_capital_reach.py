"""Blunder class 5 on a small position: land units bought for Japan's capital against an
enemy the rules do not let attack it. The hard Japan's purchase reads the capital's danger
with the enemy's aircraft that have somewhere to land after the battle (R-AIR-2), as the
counter does (`blunders.counter_look`): infantry bought against bombers that could not come
back would wait in the capital, an island, for transports (R-PLACE-2)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

J = Nation.JAPAN


def test_japan_buys_no_infantry_against_bombers_with_nowhere_to_land() -> None:
    """Two American infantry aboard a transport in Sea Zone 35, and four bombers on Wake: six
    spaces to Japan, none left to fly back (R-AIR-2). Japan's three infantry hold against the
    landing alone, so the purchase buys none for the capital."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE,
                        units={"japan": "3 infantry japan", "wake": "4 bomber usa",
                               "kwangtung": "1 infantry china",
                               "sz_35": "1 transport usa, 2 infantry usa"},
                        treasury={J: 30})
    ship = next(u.id for u in st.units.values() if u.type is T.TRANSPORT)
    for unit in st.units.values():
        if unit.space == "sz_35" and unit.type is T.INFANTRY:
            unit.carried_by = ship
    turn = Turn(game, st, HARD, Judge())
    assert turn.danger("japan") > 0.5     # the planner's own look fears the bombers
    _, reason = purchase_with_reason(turn, J)
    assert reason is not None
    assert reason.capital_danger < 1 - HARD.capital_safety
    assert "capital" not in dict(reason.parts)
