"""Japan's convoy route off Shantung (Sea Zone 37, R-CONVOY-3) is held by the whole American
task force, but not by the four destroyers the attack on Sea Zone 36 leaves it. The second
look (the enemy's answer judged with every attack chosen) drops that attack, its six
submarines sunk next turn by Japan's battleships next door, and the route with it, for want
of the ships the dropped attack had taken. Building the plan again without the dropped
attack takes the route; it was measured and not kept (docs/ai-journal.md, "The hard Allies against
normal Japan"). The normal level attacks Japan's battleships instead."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.attack_plan import plan_attacks
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.stacks import my_stacks
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def _targets(level: Level) -> list[str]:
    game, st = scenario("pacific", power=Power.US, phase=Phase.COMBAT_MOVE, round=5,
                        units={"sz_23": "2 battleship japan, 3 destroyer japan",
                               "sz_24": "6 submarine usa, 4 destroyer usa",
                               "sz_36": "1 destroyer japan, 2 transport japan",
                               "japan": "4 infantry japan",
                               "korea": "1 infantry japan",
                               "shantung": "1 infantry japan",
                               "united_states": "2 infantry usa"})
    return [a.target for a in plan_attacks(Turn(game, st, level, Judge()),
                                           my_stacks(game, st))]


@pytest.mark.xfail(strict=True, reason="the plan built again was not kept: the blunder "
                   "count grew (docs/ai-journal.md, 'The hard Allies against normal Japan')")
def test_hard_allies_take_the_route_with_the_units_of_a_dropped_attack() -> None:
    assert _targets(HARD) == ["sz_37"]


def test_the_normal_allies_plan_as_before() -> None:
    assert _targets(NORMAL) == ["sz_23"]
