"""Blunder class 2 on a small position: a Japanese submarine alone in Sea Zone 46 and a
destroyer in Sea Zone 45, two Indian fighters on their carrier in reach of both. Against
aircraft alone the submarine cannot be hit (R-SUB-5): by the planner's plain look it holds
anywhere (the battle ends in a stalemate, R-NAVAL-4 E), so it sailed to the destroyer, where the
two are a fleet the fighters sink but for the submarine, which the counter counts as lost.
Japan's hard level did this in round 3 in seven of the twenty hard-against-hard games. A
strict expected failure: here the destroyer has not moved and could still sail on, and the
check of such a destination changed Japan's opening in every game (its round-1 submarine) and
lost Japan games; the check is made only where the warship there stays
(`pacific.ai.joining`, `test_ai_blunders_joining_submarine.py`)."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.blunders import fleets_at_risk, turn_of
from pacific.ai.fleet import FleetMove
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType as T

UNITS = {"japan": "8 infantry japan", "united_states": "8 infantry usa",
         "india": "2 infantry india",
         "sz_46": "1 submarine japan", "sz_45": "1 destroyer japan",
         "sz_48": "1 carrier india, 2 fighter india"}


@pytest.mark.xfail(strict=True,
                   reason="a warship that can sail on is not checked (docs/ai-journal.md)")
def test_a_lone_submarine_does_not_join_a_destroyer_the_fighters_sink() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    sub = next(u.id for u in st.units.values() if u.type is T.SUBMARINE)
    step = FleetMove(Turn(game, st, HARD, Judge()), "sz_46", {"india": 54.0})
    state = st
    while (action := step(game, state)) is not None:
        state, _ = game.apply(state, action)
    assert state.units[sub].space != "sz_45"
    assert fleets_at_risk(turn_of(game, state, Power.JAPAN, Judge())) == []
