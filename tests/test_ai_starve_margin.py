"""The hard Allies' margin under Japan's starving line (R-VICTORY-4): Japan moves before its
Phase 9 and takes back a few IPC of income in its own turn, so with Japan's income already
under 10 a capture that lowers it further is still worth more than its production to the
Allies, and a territory whose loss would raise it is worth a guard. Japan's own worth, and the
normal level's, are unchanged."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

# Japan without Manchuria, Shantung, Siam and French Indo-China: 9 IPC of income, starving.
UNDER_THE_LINE = {"manchuria": Nation.CHINA, "shantung": Nation.CHINA, "siam": Nation.INDIA,
                  "french_indo_china": Nation.USA}


def _turn(power: Power, level: Level, bonin: Nation = Nation.JAPAN) -> Turn:
    game, st = scenario("pacific", power=power, phase=Phase.COMBAT_MOVE,
                        units={"japan": "6 infantry japan",
                               "bonin_islands": "2 infantry japan",
                               "new_zealand": "1 infantry australia",
                               "united_states": "2 infantry usa"},
                        owners={**UNDER_THE_LINE, "bonin_islands": bonin})
    st.convoy_holder["sz_13"] = Nation.JAPAN   # New Zealand's route: its capture pays Japan
    assert game.production_report(st).levels[Nation.JAPAN] == (
        9 if bonin is Nation.JAPAN else 8)
    return Turn(game, st, level, Judge())


def test_hard_allies_value_japan_further_under_the_line() -> None:
    normal = _turn(Power.US, NORMAL).economy.swing("bonin_islands")
    hard = _turn(Power.US, HARD).economy.swing("bonin_islands")
    assert hard > normal + 5.0


def test_hard_allies_guard_what_would_lift_japan_toward_the_line() -> None:
    # Japan at 8: New Zealand would lift it to 9, still starving, one IPC nearer the line.
    normal = _turn(Power.UK, NORMAL, bonin=Nation.USA).importance("new_zealand")
    hard = _turn(Power.UK, HARD, bonin=Nation.USA).importance("new_zealand")
    assert hard > normal + 5.0


def test_japan_values_its_income_as_before() -> None:
    hard = _turn(Power.JAPAN, HARD)
    normal = _turn(Power.JAPAN, NORMAL)
    assert hard.economy.swing("new_zealand") == normal.economy.swing("new_zealand")
