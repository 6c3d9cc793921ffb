"""Blunder class 2 on a small position: an American task force with two submarines in Sea Zone
10, which fought this turn and cannot sail on (R-NONCOMBAT-2), and four Japanese fighters on
the Marshall Islands in reach. Against aircraft alone the submarines neither fire nor are hit
(R-SUB-5): the battle ends in a stalemate (R-NAVAL-4 E) with the carrier and the destroyer
sunk, which the priced look (`Turn.priced`) counts as the fleet lost. The two fighters on the
Hawaiian Islands, landed on the carrier, make it hold; the hard Allies land them on Wake,
nearer the enemy, and leave the fleet lost. Landing them on the deck was measured and not
kept (docs/ai-journal.md, "The Allied task forces off Japan's island air bases")."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_10": "1 carrier usa, 1 destroyer usa, 2 submarine usa",
         "marshall_islands": "4 fighter japan", "hawaiian_islands": "2 fighter usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _noncombat(level: Level) -> tuple[GameState, GameState, Turn]:
    game, st = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units=UNITS)
    for unit in list(st.units.values()):
        if unit.space == "sz_10":
            st.unit(unit.id).fought = True
    player = ComputerPlayer(game, level)
    state = st
    while state.phase is Phase.NONCOMBAT_MOVE and state.power is Power.US:
        state, _ = game.apply(state, player.choose(state))
    return st, state, Turn(game, st, HARD, Judge())


@pytest.mark.xfail(strict=True, reason="the Allies' aircraft land by the hop count's look; "
                   "landing them where the priced look says a deck saves the fleet turned "
                   "games and grew the counts: tried, not kept")
def test_the_hard_allies_land_fighters_on_the_deck_that_makes_the_fleet_hold() -> None:
    _, after, turn = _noncombat(HARD)
    assert turn.danger("sz_10") < 0.1
    assert turn.priced().danger("sz_10") >= 0.8
    fighters = [u for u in after.units.values() if u.type is T.FIGHTER
                and u.owner is Nation.USA]
    assert {u.space for u in fighters} == {"sz_10"}
    assert all(u.carried_by is not None for u in fighters)
    landed = Turn(turn.game, after.model_copy(update={"phase": Phase.NONCOMBAT_MOVE}),
                  HARD, Judge())
    assert landed.priced().danger("sz_10") < 0.8


def test_the_normal_allies_land_them_elsewhere() -> None:
    _, after, _ = _noncombat(NORMAL)
    assert not any(u.space == "sz_10" for u in after.units.values()
                   if u.type is T.FIGHTER)
