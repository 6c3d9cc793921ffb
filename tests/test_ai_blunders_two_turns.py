"""Blunder class 2, a turn earlier: two of Japan's destroyers in Sea Zone 50, far from its main
fleet (Sea Zone 22), hold this turn, but eight Australian fighters in New South Wales (out of
strike this turn, within a move and a strike) catch them the turn after. The careful level's
Japan sees that bound (`lookahead.TwoTurns`); its main fleet's zone is always a way out."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.lookahead import TwoTurns, main_fleet_zone
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.phases import Phase
from pacific.rules.state import Unit

UNITS = {"sz_50": "2 destroyer japan",
         "sz_22": "2 battleship japan, 2 carrier japan",
         "new_south_wales": "8 fighter australia",
         "japan": "6 infantry japan", "united_states": "6 infantry usa"}


def _turn(units: dict[str, str], level: Level = HARD) -> tuple[Turn, list[Unit]]:
    game, st = scenario("pacific", power=Power.JAPAN, phase=Phase.NONCOMBAT_MOVE, units=units)
    turn = Turn(game, st, level, Judge())
    return turn, [u for u in st.units.values() if u.space == "sz_50"]


def test_a_small_force_far_from_the_main_fleet_looks_two_turns_ahead() -> None:
    turn, force = _turn(UNITS)
    assert main_fleet_zone(turn) == "sz_22"
    assert TwoTurns.applies(turn, "sz_50", force)
    assert not TwoTurns.applies(turn, "sz_22", force)
    ahead = TwoTurns(turn, force)
    assert not ahead.holds("sz_50")
    assert not ahead.way_out("sz_50")
    assert ahead.way_out("sz_23")     # the main fleet's zone is in reach next turn


def test_without_the_fighters_the_zone_holds_and_normal_does_not_look() -> None:
    quiet = {k: v for k, v in UNITS.items() if k != "new_south_wales"}
    turn, force = _turn(quiet)
    assert TwoTurns(turn, force).way_out("sz_50")
    turn, force = _turn(UNITS, NORMAL)
    assert not TwoTurns.applies(turn, "sz_50", force)
