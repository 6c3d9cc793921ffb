"""Blunder class 2 on small positions: Japan's main fleet cornered. A carrier with two fighters
aboard and a destroyer in Sea Zone 23, every zone of their reach one the American fleets in
Sea Zones 22 and 35 win at >= 0.8. The careful Japan sells them dear with the aircraft aboard
(which `doomed.sell_dear` leaves to the planner): they attack the American ships in Sea Zone
35 rather than wait to be sunk for nothing; where a zone of reach holds them, they wait."""

from __future__ import annotations

from scenario import aboard, scenario
from test_ai_blunders_sell_dear import _combat_move, _japan_in

from pacific.ai.cornered import cornered, main_fleet_presses_on, sell_main_fleet_dear
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_23": "1 carrier japan, 2 fighter japan, 1 destroyer japan",
         "sz_22": "3 battleship usa, 2 carrier usa, 4 fighter usa, 4 destroyer usa",
         "sz_35": "2 battleship usa, 2 destroyer usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}
SAFE = {**UNITS, "sz_35": "1 transport usa"}


def _position(units: dict[str, str]) -> tuple[Game, GameState]:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.COMBAT_MOVE, units=units)
    aboard(st, "sz_23", "carrier", "fighter", Nation.JAPAN)
    return game, st


def test_a_cornered_main_fleet_attacks_with_the_aircraft_aboard() -> None:
    game, st = _position(UNITS)
    after = _combat_move(game, st, ComputerPlayer(game, HARD))
    assert _japan_in(after, "sz_35") == [T.CARRIER, T.DESTROYER, T.FIGHTER, T.FIGHTER]
    turn = Turn(game, st, HARD, Judge())
    force = [u for u in st.units.values() if u.space == "sz_23"]
    assert cornered(turn, "sz_23", force, {"sz_22", "sz_24", "sz_35"}) >= 0.8
    assert main_fleet_presses_on(turn, ["sz_23"], force)


def test_the_normal_level_and_a_main_fleet_that_holds_somewhere_wait() -> None:
    game, st = _position(UNITS)
    after = _combat_move(game, st, ComputerPlayer(game, NORMAL))
    assert _japan_in(after, "sz_23") == [T.CARRIER, T.DESTROYER, T.FIGHTER, T.FIGHTER]
    game, st = _position(SAFE)
    assert sell_main_fleet_dear(Turn(game, st, HARD, Judge()), []) == []
    assert not main_fleet_presses_on(Turn(game, st, NORMAL, Judge()), ["sz_23"],
                                     [u for u in st.units.values() if u.space == "sz_23"])
