"""Blunder class 2 on a small position: a British fleet that fights Japan's transports and is
left where Japan's fighters sink it. Ships that fought cannot move on in non-combat movement
(R-NONCOMBAT-2); Japan's fighters reach Sea Zone 45 only over their island air base
(R-AIRBASE-1), so the hop count reads the fleet held there and the blunder counter's look lost.
Priced with the lower of the two looks' "held" for the zone its ships stay in
(`pacific.ai.stuck`), a battleship and a destroyer (36 IPC) are not traded for three transports
(24 IPC) (docs/ai-journal.md)."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import scenario

from pacific.ai.blunders import LOST, fleets_at_risk, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_46": "1 battleship india, 1 destroyer australia",
         "sz_45": "3 transport japan",
         "bonin_islands": "8 fighter japan", "japan": "6 infantry japan",
         "india": "6 infantry india", "new_south_wales": "4 infantry australia",
         "united_states": "6 infantry usa"}


def british_turn(level: Level, units: dict[str, str] = UNITS, round: int = 4,
                 **fields: Any) -> tuple[GameState, GameState]:
    """The British turn from its combat movement to its end, played by ``level`` (``fields``
    as `scenario` takes them)."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE, round=round,
                        units=units, **fields)
    player = ComputerPlayer(game, level)
    state = st
    while state.power is Power.UK and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    return st, state


def test_the_fleet_is_held_there_by_the_hop_count_and_lost_priced() -> None:
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE, round=4,
                        units=UNITS)
    ships = [moved(u, "sz_45") for u in st.units.values() if u.space == "sz_46"]
    assert Turn(game, st, HARD, Judge()).danger("sz_45", defenders=ships) < LOST
    assert turn_of(game, st, Power.UK, Judge()).danger("sz_45", defenders=ships) >= LOST


def test_the_hard_united_kingdom_leaves_no_fleet_to_be_sunk_after_its_attack() -> None:
    _, after = british_turn(HARD)
    game = scenario("pacific")[0]
    assert fleets_at_risk(turn_of(game, after.model_copy(update={"power": Power.UK}),
                                  Power.UK, Judge())) == []


def test_the_normal_united_kingdom_attacks_as_before() -> None:
    before, after = british_turn(NORMAL)
    assert {after.units[u.id].space for u in before.units.values()
            if u.space == "sz_46"} == {"sz_45"}


@pytest.mark.xfail(strict=True, reason="the attack built without the fleet the counter's look "
                   "sinks changed the games' early play and grew Japan's fleet counts: tried, "
                   "not kept (docs/ai-journal.md)")
def test_the_hard_united_kingdom_sinks_the_transports_without_leaving_its_fleet_there() -> None:
    """Two Indian fighters in Malaya as well: the destroyer and the fighters sink the
    transports, the fighters fly home and a lone destroyer is no fleet (`blunders.is_fleet`);
    the battleship, which the cheapest force that wins took along, stays out
    (the attack built without it, tried)."""
    st, state = british_turn(HARD, {**UNITS, "malaya": "2 fighter india, 1 infantry india"})
    game = scenario("pacific")[0]
    battleship = next(u.id for u in st.units.values() if u.type is T.BATTLESHIP)
    assert not any(u.space == "sz_45" and u.owner is Nation.JAPAN
                   for u in state.units.values())
    assert state.units[battleship].space != "sz_45"
    assert fleets_at_risk(turn_of(game, state.model_copy(update={"power": Power.UK}),
                                  Power.UK, Judge())) == []
