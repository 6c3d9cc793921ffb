"""Blunder class 2 in the hard Japan's middle game: a task force that is not the main fleet (a
destroyer and a submarine in Sea Zone 23, the main fleet in Sea Zone 6) chose its zone by the
plain look, which reads the battle in Sea Zone 25 against Guam's two fighters as held: the
submarine is left (the fighters cannot hit it, R-SUB-5; the battle ends, R-NAVAL-4 E), the
destroyer sunk. It now checks its destination with the blunder counter's look
(`us_fleet.task_force_look`), from round 3: Japan's opening plays as before."""

from __future__ import annotations

from test_ai_blunders_us_task_forces import sail

from pacific.ai.blunders import LOST
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.rules.nations import Power

FORCE = "sz_23"


def _sail(level: Level, round: int = 6) -> tuple[str, float, bool]:
    """A destroyer and a submarine in Sea Zone 23, the main fleet (three battleships, four
    carriers, five destroyers) in Sea Zone 6, two Australian fighters on Guam."""
    return sail(Power.JAPAN, FORCE,
                {FORCE: "1 destroyer japan, 1 submarine japan",
                 "sz_6": "3 battleship japan, 4 carrier japan, 5 destroyer japan",
                 "guam": "2 fighter australia",
                 "japan": "8 infantry japan", "united_states": "8 infantry usa"},
                {"guam": 10.0}, level, round)


def test_a_japanese_task_force_behind_the_main_fleet_sails_where_the_counter_holds_it() -> None:
    zone, lost, main = _sail(HARD)
    assert not main
    assert lost < LOST, zone


def test_the_normal_level_and_japans_opening_keep_the_plain_look() -> None:
    for level, round in ((NORMAL, 6), (HARD, 2)):
        zone, lost, _ = _sail(level, round)
        assert lost >= LOST, (level, round, zone)
