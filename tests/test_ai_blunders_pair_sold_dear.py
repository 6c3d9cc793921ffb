"""Blunder class 2 on a small position: the hard Japan's destroyer and submarine off Japan (Sea
Zone 36), placed there the turn before, its main fleet far away (Sea Zone 20). The Allies have
since taken the Philippines: five American fighters and a bomber there, and a fleet with its
cargo in Sea Zone 38, reach every zone the pair can sail to. By the plain look the pair holds
beside the submarine, which the aircraft cannot hit (R-SUB-5, the battle a stalemate,
R-NAVAL-4 E), so it was not sold (`doomed.doom`); by the blunder counter's look, the one this
task force chooses its zone by (`us_fleet.task_force_look`), it is lost everywhere. It is now
sold dear: it attacks the fleet in Sea Zone 38. In Japan's opening (round 2) and at the normal
level it plays as before."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.doomed import sell_dear
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

UNITS = {"sz_36": "1 destroyer japan, 1 submarine japan",
         "sz_20": "3 battleship japan, 4 carrier japan, 5 destroyer japan",
         "philippines": "5 fighter usa, 1 bomber usa, 2 infantry usa",
         "sz_38": "1 battleship usa, 1 carrier usa, 2 fighter usa, 1 destroyer usa, "
                  "4 transport usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _targets(level: Level, round: int) -> list[str]:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=round,
                        units=UNITS, owners={"philippines": Nation.USA})
    carrier = next(u.id for u in st.units.values() if u.type is T.CARRIER
                   and u.owner is Nation.USA)
    for unit in st.units.values():
        if unit.space == "sz_38" and unit.type is T.FIGHTER:
            unit.carried_by = carrier
    return [a.target for a in sell_dear(Turn(game, st, level, Judge()), [])]


def test_a_pair_lost_everywhere_by_the_counters_look_is_sold_dear() -> None:
    assert _targets(HARD, 9) == ["sz_38"]


def test_the_opening_and_the_normal_level_keep_the_pair() -> None:
    assert _targets(HARD, 2) == []
    assert _targets(NORMAL, 9) == []
