"""Blunder class 5 (idle capitals) at its source: the hard United States' purchase buys
infantry against a landing its own fleet off the capital's coast already stops. The screen
(`threats.screen`) picks its warships by the strength estimate, which reads many submarines
and carriers' fighters beaten by a few battleships; the exact odds say they hold."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.purchase import plan_purchase
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

J, US = Nation.JAPAN, Nation.USA


@pytest.mark.xfail(strict=True, reason="the screen confirmed with the exact odds: measured and "
                   "not kept (docs/ai-journal.md)")
def test_the_purchase_counts_the_screen_the_exact_odds_hold_where_the_estimate_does_not(
) -> None:
    """Japan's main fleet in Sea Zone 6 with six infantry aboard three transports, one
    zone off the American coast; one infantry at the capital; the American fleet in Sea Zone
    5, the capital's only coast (five carriers with three fighters, six destroyers, eleven
    submarines). Japan's transports must win the naval battle there before they land
    (R-AMPH-6, R-COMBAT-2), and the exact odds give Japan's fleet 0.02 of it: the purchase
    counts the screen and buys no infantry against that landing."""
    game, st = scenario("pacific", power=Power.US, phase=Phase.PURCHASE, treasury={US: 40},
                        units={"united_states": "1 infantry usa",
                               "sz_5": "5 carrier usa, 6 destroyer usa, 11 submarine usa, "
                                       "3 fighter usa",
                               "sz_6": "3 battleship japan, 4 carrier japan, 5 destroyer japan, "
                                       "8 fighter japan, 1 submarine japan, 3 transport japan",
                               "japan": "4 infantry japan"})
    for ship in [u for u in st.units.values() if u.type is T.TRANSPORT]:
        for _ in range(2):
            st.add_unit(T.INFANTRY, J, "sz_6", carried_by=ship.id, start_space="sz_6")
    turn = Turn(game, st, HARD, Judge())
    assert plan_purchase(turn, US).get(T.INFANTRY, 0) == 0
    assert set(turn.screens()) == {"sz_5"}
