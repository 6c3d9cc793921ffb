"""Blunder class 2 on a small position: Japan's submarine off Japan (Sea Zone 36) and its
destroyer in Sea Zone 37, each alone and each lost wherever it ends (the American carriers in
Sea Zone 19 and the fleet in Sea Zone 45 reach every zone of their reach). Neither is a fleet,
but the non-combat movement would bring them together, a fleet lost where it ends. The careful
level's Japan sells the submarine dear: it attacks the American fleet in Sea Zone 19, where
it sinks something, rather than wait to be sunk for nothing; the destroyer, then no longer
part of a fleet, plays as a lone ship does."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.doomed import sell_dear
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_36": "1 submarine japan", "sz_37": "1 destroyer japan",
         "sz_19": "4 carrier usa, 8 fighter usa, 5 destroyer usa, 6 submarine usa",
         "sz_45": "2 battleship usa, 2 destroyer usa, 1 carrier usa, 2 fighter usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _combat_move(game: Game, st: GameState, player: ComputerPlayer) -> GameState:
    state = st
    while state.phase is Phase.COMBAT_MOVE and state.power is Power.JAPAN:
        state, _ = game.apply(state, player.choose(state))
    return state


def _japan_in(state: GameState, zone: str) -> list[T]:
    return sorted(u.type for u in state.units.values()
                  if u.space == zone and u.owner is Nation.JAPAN)


def test_lone_ships_lost_where_they_would_meet_sell_the_submarine() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=UNITS)
    attacks = sell_dear(Turn(game, st, HARD, Judge()), [])
    assert [(a.target, [u.type for u, _ in a.units]) for a in attacks] \
        == [("sz_19", [T.SUBMARINE])]
    after = _combat_move(game, st, ComputerPlayer(game, HARD))
    assert _japan_in(after, "sz_19") == [T.SUBMARINE]
    assert _japan_in(after, "sz_37") == [T.DESTROYER]


def test_a_lone_ship_with_no_partner_and_the_normal_level_wait() -> None:
    alone = {**UNITS, "sz_37": ""}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=alone)
    assert sell_dear(Turn(game, st, HARD, Judge()), []) == []
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=UNITS)
    after = _combat_move(game, st, ComputerPlayer(game, NORMAL))
    assert not _japan_in(after, "sz_19")
