"""Blunder class 2 on a small position: Japan's two submarines beside an American submarine on
its route, the American task force two zones beyond. Won, the battle leaves the pair where the
task force sinks it (ships that fought cannot move on, R-NONCOMBAT-2), while the zone it began
in holds by the blunder counter's own look. The careful Japan, which plans its combat movement
without the care (`levels.Level.japan_attack_care`), reads its small pairs with that look
(`pacific.ai.pairs`) and keeps them where they hold; the normal level attacks as before."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import LOST, turn_of
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

# Seed 15's round 7, hard against hard: two Japanese submarines in Sea Zone 1, an American
# submarine in Sea Zone 3, the American task force in Sea Zone 5.
UNITS = {"sz_1": "2 submarine japan", "sz_3": "1 submarine usa",
         "sz_5": "8 carrier usa, 9 destroyer usa, 13 submarine usa",
         "japan": "6 infantry japan", "united_states": "3 infantry usa",
         "hawaiian_islands": "4 infantry usa, 1 fighter usa"}


def japan_turn(level: Level) -> tuple[GameState, GameState]:
    """Japan's combat and non-combat movement played by ``level``: the position before and
    after them."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                        units=UNITS)
    player = ComputerPlayer(game, level)
    state = st
    while state.phase is not Phase.PLACE and state.winner is None:
        state, _ = game.apply(state, player.choose(state))
    return st, state


def _pair_zones(before: GameState, after: GameState) -> set[str]:
    return {after.units[u.id].space for u in before.units.values() if u.space == "sz_1"
            and u.id in after.units}


def test_the_counter_sinks_the_pair_where_it_would_fight_and_not_where_it_is() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                        units=UNITS)
    look = turn_of(game, st, Power.JAPAN, Judge())
    subs = [u for u in st.units.values() if u.space == "sz_1"]
    assert look.danger("sz_3", defenders=[moved(u, "sz_3") for u in subs]) >= LOST
    assert look.danger("sz_1", defenders=subs) < LOST
    assert Turn(game, st, HARD, Judge()).danger("sz_3", defenders=subs) >= LOST


def test_the_hard_japan_keeps_its_pair_where_the_counter_holds_it() -> None:
    before, after = japan_turn(HARD)
    zones = _pair_zones(before, after)
    assert "sz_3" not in zones
    game, _ = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, round=7,
                       units=UNITS)
    look = turn_of(game, after, Power.JAPAN, Judge())
    assert all(look.danger(zone) < LOST for zone in zones)


def test_the_normal_japan_attacks_as_before() -> None:
    before, after = japan_turn(NORMAL)
    assert _pair_zones(before, after) == {"sz_3"}
