"""Blunder class 2 on small positions: Japan's destroyer and two submarines in Sea Zone 23,
where every zone of their reach is one the American fleets in Sea Zones 22 and 35 win at
>= 0.8: no non-combat move saves them. The careful level's Japan counts their value as lost
already and sells them dear, attacking the American transports in Sea Zone 24 (a trade the
plan's own sums refuse while the ships' loss to the counter-attack counts against it).

And a fleet in the making: Japan's submarine off Japan (Sea Zone 36) and its destroyer in Sea
Zone 37, each alone and each lost wherever it ends (the American carriers in Sea Zone 19 and
the fleet in Sea Zone 45 reach every zone of their reach). Neither is a fleet, but the
non-combat movement would bring them together, a fleet lost where it ends. The careful Japan
sells the submarine dear: it attacks the American fleet in Sea Zone 19, where it sinks
something, rather than wait to be sunk for nothing; the destroyer, then no longer part of a
fleet, plays as a lone ship does."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.doomed import doom, presses_on, sell_dear
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_23": "1 destroyer japan, 2 submarine japan",
         "sz_22": "3 battleship usa, 2 carrier usa, 4 fighter usa, 4 destroyer usa",
         "sz_35": "2 battleship usa, 2 destroyer usa",
         "sz_24": "2 transport usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}
MEETING = {"sz_36": "1 submarine japan", "sz_37": "1 destroyer japan",
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


def test_japan_s_ships_lost_wherever_they_end_attack_the_transports() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=UNITS)
    turn = Turn(game, st, HARD, Judge())
    force = [u for u in st.units.values() if u.space == "sz_23"]
    reach = {s for s, t in game.drop_targets(st, [force[0].id]).items() if t.meaning == "move"}
    assert doom(turn, "sz_23", force, reach) >= 0.8
    assert [a.target for a in sell_dear(turn, [])] == ["sz_24"]
    after = _combat_move(game, st, ComputerPlayer(game, HARD))
    assert _japan_in(after, "sz_24") == [T.DESTROYER, T.SUBMARINE, T.SUBMARINE]


def test_the_normal_level_and_a_force_that_holds_somewhere_wait() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=UNITS)
    after = _combat_move(game, st, ComputerPlayer(game, NORMAL))
    assert not _japan_in(after, "sz_24")
    safe = {**UNITS, "sz_35": "1 transport usa"}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=safe)
    turn = Turn(game, st, HARD, Judge())
    assert sell_dear(turn, []) == []


def test_ships_whose_every_retreat_is_lost_press_on() -> None:
    """In a sea battle that costs more than it sinks, the careful level's Japan retreats only
    to a zone its ships would not be sunk in anyway (R-NAVAL-3)."""
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=UNITS)
    force = [u for u in st.units.values() if u.space == "sz_23"]
    assert presses_on(Turn(game, st, HARD, Judge()), ["sz_23"], force)
    assert not presses_on(Turn(game, st, NORMAL, Judge()), ["sz_23"], force)
    safe = {**UNITS, "sz_35": "1 transport usa"}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=safe)
    force = [u for u in st.units.values() if u.space == "sz_23"]
    assert not presses_on(Turn(game, st, HARD, Judge()), ["sz_37", "sz_23"], force)


def test_lone_ships_lost_where_they_would_meet_sell_the_submarine() -> None:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=MEETING)
    attacks = sell_dear(Turn(game, st, HARD, Judge()), [])
    assert [(a.target, [u.type for u, _ in a.units]) for a in attacks] \
        == [("sz_19", [T.SUBMARINE])]
    after = _combat_move(game, st, ComputerPlayer(game, HARD))
    assert _japan_in(after, "sz_19") == [T.SUBMARINE]
    assert _japan_in(after, "sz_37") == [T.DESTROYER]


def test_a_lone_ship_with_no_partner_and_the_normal_level_wait() -> None:
    alone = {**MEETING, "sz_37": ""}
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=alone)
    assert sell_dear(Turn(game, st, HARD, Judge()), []) == []
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=MEETING)
    after = _combat_move(game, st, ComputerPlayer(game, NORMAL))
    assert not _japan_in(after, "sz_19")
