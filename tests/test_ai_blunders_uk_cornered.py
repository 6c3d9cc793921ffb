"""Blunder class 2 a turn deep: the United Kingdom's Indian Ocean force (an Indian battleship
and carrier, an Australian destroyer) in Sea Zone 46, twelve Japanese fighters on the Marshall
Islands, the Philippines Japan's. Sea Zone 37, beside Japan's coast, draws the task force, and
every look of this turn holds it there (0.02): the fighters do not reach it now. In Japan's
turn between they fly to the Philippines (its air base, R-AIRBASE-1), as they did in the
hard-against-hard games of seeds 9 and 13, and from there every zone the force can then reach
is lost. Both levels sail to Sea Zone 37. A look a turn ahead that kept the hard United
Kingdom out of it (Japan's aircraft flown to one base in their next move) was measured and not
kept (docs/ai-journal.md): read in every game, it moved the force in most of them, where Japan's
air force went elsewhere, and the counts grew."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.blunders import LOST, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

FORCE = "1 battleship india, 1 carrier india, 1 destroyer australia"
HOME = {"japan": "6 infantry japan, 1 fighter japan", "india": "6 infantry india",
        "new_south_wales": "4 infantry australia", "united_states": "6 infantry usa"}
OWNERS = {"philippines": Nation.JAPAN}


def _noncombat(level: Level) -> tuple[GameState, GameState]:
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE, units={
        "sz_46": FORCE, "marshall_islands": "12 fighter japan, 1 bomber japan", **HOME},
        owners=OWNERS)
    player = ComputerPlayer(game, level)
    state = st
    while state.phase is Phase.NONCOMBAT_MOVE and state.power is Power.UK:
        state, _ = game.apply(state, player.choose(state))
    return st, state


def _force_zone(before: GameState, after: GameState) -> str:
    ends = {after.units[u.id].space for u in before.units.values() if u.space == "sz_46"}
    assert len(ends) == 1
    return ends.pop()


def _next_turn_held(zone: str) -> list[str]:
    """The zones the force can sail to from ``zone`` at the next British turn, the fighters
    flown to the Philippines in Japan's turn between, where the blunder counter holds it."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE, units={
        zone: FORCE, "philippines": "12 fighter japan", "marshall_islands": "1 bomber japan",
        **HOME}, owners=OWNERS)
    force = [u for u in st.units.values() if u.space == zone]
    ship = next(u for u in force if u.type is T.BATTLESHIP)
    reach = {zone, *(s for s, t in game.drop_targets(st, [ship.id]).items()
                     if t.meaning == "move" and game.board.is_sea(s))}
    counter = turn_of(game, st, Power.UK, Judge())
    return sorted(z for z in reach
                  if counter.danger(z, defenders=[moved(u, z) for u in force]) < LOST)


def test_sea_zone_37_is_a_trap_a_turn_ahead_and_sea_zone_46_is_not() -> None:
    assert _next_turn_held("sz_37") == []
    assert _next_turn_held("sz_46") != []
    before, _ = _noncombat(HARD)
    game = scenario("pacific")[0]
    force = [u for u in before.units.values() if u.space == "sz_46"]
    there = [moved(u, "sz_37") for u in force]
    assert turn_of(game, before, Power.UK, Judge()).danger("sz_37", defenders=there) < LOST


@pytest.mark.xfail(strict=True, reason="a look a turn ahead at Japan's aircraft re-based kept "
                   "the force out, but moved it in most games and grew the counts: measured "
                   "and not kept (docs/ai-journal.md)")
def test_the_hard_united_kingdom_keeps_a_zone_to_go_to_next_turn() -> None:
    before, after = _noncombat(HARD)
    zone = _force_zone(before, after)
    assert zone != "sz_37"
    assert _next_turn_held(zone) != []


def test_the_normal_united_kingdom_sails_into_the_trap() -> None:
    before, after = _noncombat(NORMAL)
    assert _force_zone(before, after) == "sz_37"
