"""Blunder class 2 on a small position: Japan's destroyer and submarine win against two
transports and are sunk where they fought. Ships that fought cannot move on in non-combat
movement (R-NONCOMBAT-2); Japan plans its combat movement without the care
(`levels.japan_attack_care`), so the fleet it leaves there is not priced. A veto on every
battle that does not pay for that fleet (by the planner's answer) was measured and not kept:
the ships, lost wherever they could sail, were counted in the zones they sailed to instead.
The careful Japan reads its small pairs with the blunder counter's look (`pacific.ai.pairs`)
only where a zone of their reach holds, as here the zone beside the transports
(docs/ai-journal.md)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

# Seed 33's round 6, hard against hard: a Japanese destroyer and submarine beside Japan's
# transports, two Australian transports one zone beyond, the British fleet next to them.
UNITS = {"sz_46": "1 destroyer japan, 1 submarine japan, 4 transport japan",
         "sz_43": "2 transport australia",
         "sz_40": "1 battleship india, 1 destroyer australia",
         "japan": "6 infantry japan", "borneo": "1 infantry japan", "india": "6 infantry india",
         "new_south_wales": "4 infantry australia", "united_states": "6 infantry usa"}


def japan_combat_movement(level: Level) -> tuple[GameState, GameState]:
    """Japan's combat movement played by ``level``: the position before and after it."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=6,
                        units=UNITS)
    player = ComputerPlayer(game, level)
    state = st
    while state.phase is Phase.COMBAT_MOVE and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    return st, state


def _ships_sent(before: GameState, after: GameState, zone: str) -> set[int]:
    return {u.id for u in before.units.values() if u.owner is Nation.JAPAN
            and u.space != zone and u.id in after.units and after.units[u.id].space == zone}


def test_both_looks_sink_the_ships_left_there() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=6,
                        units=UNITS)
    ships = [moved(u, "sz_43") for u in st.units.values() if u.space == "sz_46"
             and u.type.value in ("destroyer", "submarine")]
    assert Turn(game, st, HARD, Judge()).danger("sz_43", defenders=ships) >= 0.8
    assert turn_of(game, st, Power.JAPAN, Judge()).danger("sz_43", defenders=ships) >= 0.8


def test_the_hard_japan_does_not_trade_its_ships_for_the_transports() -> None:
    before, after = japan_combat_movement(HARD)
    assert _ships_sent(before, after, "sz_43") == set()


def test_the_normal_japan_attacks_as_before() -> None:
    before, after = japan_combat_movement(NORMAL)
    assert len(_ships_sent(before, after, "sz_43")) == 2
