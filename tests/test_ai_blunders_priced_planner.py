"""The careful planner's fleet-safety checks read the enemy's reach as the blunder counter
does (`blunders.seen`): six American fighters on the Hawaiian Islands strike Sea Zone 6, three
steps away, and still land, the step from their air base to its sea zone being free
(R-AIRBASE-1). Counted by hops, they would have no move left to land with; the counter
counts the fleet there lost, so the planner must too."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, turn_of
from pacific.ai.doomed import doom, presses_on
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


@pytest.mark.xfail(strict=True, reason="the planner's fleet checks count by hops the aircraft "
                   "that the counter prices over air bases (R-AIRBASE-1): tried, not kept")
def test_a_fleet_the_counter_counts_lost_is_lost_to_the_planner() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units={
        "japan": "6 infantry japan", "united_states": "6 infantry usa",
        "sz_6": "1 battleship japan, 1 destroyer japan",
        "hawaiian_islands": "6 fighter usa"})
    assert [b.where for b in fleets_at_risk(turn_of(game, st, Power.JAPAN, Judge()))] \
        == ["sz_6"]
    turn = Turn(game, st, HARD, Judge())
    force = [u for u in st.units.values() if u.space == "sz_6"]
    assert doom(turn, "sz_6", force, {"sz_22"}) >= 0.8
    # Every zone it could fall back to lost: it presses on (R-NAVAL-3).
    assert presses_on(turn, ["sz_6", "sz_22"], force)
