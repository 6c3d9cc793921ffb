"""An American transport off the Philippines (Japan's, with its route, Sea Zone 38, so the
capture lowers Japan's income, R-CONVOY-13) and Japan able to retake the island with the
infantry of Formosa and three transports. The planner counts Japan's whole reach against the
landing, as if Japan sent everything everywhere, and the hard Allies do not land; counting a
share of it where the capture lowers Japan's income (Japan must retake every such space in
its own turn, before its Phase 9, R-VP-2) made them land, and was measured and not kept
(docs/ai-journal.md, "The hard Allies against normal Japan"). A capture that costs Japan nothing is
judged alike at both levels."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.attacks import build, collect, score
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T


def _worth(level: Level, route: Nation | None = Nation.JAPAN) -> float:
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, round=5,
                        units={"sz_38": "1 transport usa, 1 infantry usa, 1 artillery usa",
                               "formosa": "6 infantry japan",
                               "sz_45": "3 transport japan",
                               "japan": "2 infantry japan, 6 fighter japan",
                               "united_states": "2 infantry usa"},
                        owners={"philippines": Nation.JAPAN})
    if route is not None:
        st.convoy_holder["sz_38"] = route
    ship = next(u for u in st.units.values() if u.type is T.TRANSPORT and u.owner is Nation.USA)
    for unit in st.units.values():
        if unit.space == "sz_38" and unit.type in (T.INFANTRY, T.ARTILLERY):
            unit.carried_by = ship.id
    turn = Turn(game, st, level, Judge())
    attack = build(turn, "philippines", collect(turn, my_stacks(game, st)), set())
    assert attack is not None and attack.landings
    return score(turn, attack, counter_attack=True)


def test_hard_allies_land_where_the_capture_lowers_japans_income() -> None:
    assert _worth(HARD) > 0 > _worth(NORMAL)


def test_a_capture_that_costs_japan_nothing_is_judged_as_before() -> None:
    # With its route the Allies', the Philippines pay Japan nothing (R-CONVOY-13).
    assert _worth(HARD, route=None) == _worth(NORMAL, route=None)
