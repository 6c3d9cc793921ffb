"""Blunder class 2 on a small position: Japan's fleet off the American coast (Sea Zone 5) and
American fighters on New Britain, five steps away. New Britain's air base makes the step to
Sea Zone 27 free, and the United States' the step home from Sea Zone 5 (R-AIRBASE-1), so the
fighters strike the fleet and land, where the hop count of the planner's estimate saw them
out of reach. Against aircraft alone the fleet's submarine lives on (R-SUB-5): the battle
ends in a stalemate (R-NAVAL-4 E) with every other ship sunk, which the priced look
(`Turn.priced`) counts as the fleet lost. The hard Japan's task force, whose destination is
lost by that look, sails out of the fighters' reach (`fleet.priced_zone`)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T
from pacific.rules.units import is_sea

UNITS = {"sz_5": "2 battleship japan, 1 destroyer japan, 1 submarine japan",
         "new_britain": "12 fighter usa",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _position(units: dict[str, str] = UNITS) -> tuple[Game, GameState]:
    return scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)


def test_fighters_on_an_air_base_strike_five_steps_away_in_the_priced_look() -> None:
    game, st = _position()
    priced = Turn(game, st, HARD, Judge()).priced()
    assert sum(1 for u in priced.reach("sz_5") if u.type is T.FIGHTER) == 12
    # No air base of the Allies' on Sea Zone 6's coast: the flight home costs a move.
    assert not any(u.type is T.FIGHTER for u in priced.reach("sz_6"))
    assert not Turn(game, st, HARD, Judge()).reach("sz_5")


def test_a_fleet_sunk_but_for_its_submarine_is_lost_in_the_priced_look() -> None:
    units = {**UNITS, "new_britain": "", "united_states": "6 infantry usa, 12 fighter usa"}
    game, st = _position(units)
    turn = Turn(game, st, HARD, Judge())
    assert turn.priced().danger("sz_5") >= 0.8
    assert turn.danger("sz_5") < 0.1


def test_the_hard_japan_sails_its_fleet_out_of_the_air_base_s_reach() -> None:
    for level, zone in ((HARD, "sz_6"), (NORMAL, "sz_5")):
        game, st = _position()
        player = ComputerPlayer(game, level)
        state = st
        while state.phase is Phase.NONCOMBAT_MOVE and state.power is Power.JAPAN:
            state, _ = game.apply(state, player.choose(state))
        ships = {u.space for u in state.units.values() if u.owner is Nation.JAPAN
                 and is_sea(u.type)}
        assert ships == {zone}, level
