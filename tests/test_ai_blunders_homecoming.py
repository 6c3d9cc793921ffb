"""Blunder class 5 at its source, Japan's purchase: the purchase comes before any move
(R-TURN-3) and reads the capital's danger with Japan's aircraft away, but the non-combat
movement lands them where they help hold a threatened territory before the units bought are
placed (R-PLACE-1). Infantry bought for a danger those aircraft answer wait in Japan, which
has no land route out, when the danger has passed; the aircraft fly out again. The hard level
counts the aircraft that can land in Japan this turn before buying its safety."""

from __future__ import annotations

from scenario import scenario, u

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.purchase import purchase_with_reason
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def _capital_part(level: Level, fighters: int) -> int:
    """The infantry Japan's purchase buys for its capital, an American fleet with two loaded
    transports next to Japan's coast and ``fighters`` Japanese fighters on the Bonin Islands,
    two zones of flight from Japan."""
    air = f", {fighters} fighter japan" if fighters else ""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.PURCHASE, round=5,
                        units={"japan": "2 infantry japan",
                               "bonin_islands": f"1 infantry japan{air}",
                               "sz_35": "2 battleship usa, 2 destroyer usa, 2 transport usa, "
                                        "2 infantry usa, 2 artillery usa",
                               "united_states": "4 infantry usa"},
                        treasury={Nation.JAPAN: 40})
    ships = u(st, "sz_35", "transport", Nation.USA)
    for kind in ("infantry", "artillery"):
        for ship, cargo in zip(ships, u(st, "sz_35", kind, Nation.USA), strict=True):
            st.units[cargo].carried_by = ship
    _bought, reason = purchase_with_reason(Turn(game, st, level, Judge()), Nation.JAPAN)
    assert reason is not None
    capital = dict(next((units for part, units in reason.parts if part == "capital"), ()))
    return capital.get(T.INFANTRY, 0)


def test_japan_counts_the_fighters_that_can_land_home() -> None:
    """Six fighters on the Bonin Islands hold Japan once landed there: the hard level buys no
    infantry for the capital; the normal level buys them as before."""
    assert _capital_part(HARD, 6) == 0
    assert _capital_part(NORMAL, 6) >= 2


def test_without_aircraft_in_reach_the_capital_buys_infantry() -> None:
    """No aircraft to come home: the hard level buys the capital's infantry as before."""
    assert _capital_part(HARD, 0) >= 2
