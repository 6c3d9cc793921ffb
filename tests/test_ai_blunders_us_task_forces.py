"""Blunder class 2 in the hard United States' play: a task force that is not the main fleet
(the ships left forward when the capital's screen took the carriers and destroyers home, or
ships that followed the main fleet) chose its zone by the plain look, which reads a battle
that leaves only the submarines (Japan's aircraft cannot hit them without a Japanese
destroyer, R-SUB-5) as held (R-NAVAL-4 E), while every carrier and destroyer beside them is
sunk. It now checks its destination with the blunder counter's look
(`us_fleet.task_force_look`)."""

from __future__ import annotations

from scenario import scenario

from pacific.ai.blunders import LOST, counter_look
from pacific.ai.fleet import FleetMove, main_fleet
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Power
from pacific.rules.phases import Phase

FORWARD = "sz_17"


def sail(power: Power, zone: str, units: dict[str, str], goals: dict[str, float],
         level: Level, round: int) -> tuple[str, float, bool]:
    """Where the task force in ``zone`` goes (`fleet.FleetMove`), the counter's look's odds
    there, and whether it was the main fleet."""
    game, st = scenario("pacific", power=power, phase=Phase.NONCOMBAT_MOVE, round=round,
                        units=units)
    turn = Turn(game, st, level, Judge())
    force = [u for u in st.units.values() if u.space == zone]
    plan = FleetMove(turn, zone, goals).plan(game, turn)
    places = {place for _, place in plan} or {zone}
    assert len(places) == 1
    place = places.pop()
    lost = counter_look(turn).danger(place, defenders=[moved(u, place) for u in force])
    return place, lost, main_fleet(turn, zone, force)


def _sail(level: Level) -> tuple[str, float, bool]:
    """Two carriers, two destroyers and four submarines in Sea Zone 17, the main fleet (four
    carriers, two battleships, six destroyers) home in Sea Zone 5, eight Japanese fighters on
    the Marshall Islands."""
    return sail(Power.US, FORWARD,
                {FORWARD: "2 carrier usa, 2 destroyer usa, 4 submarine usa",
                 "sz_5": "4 carrier usa, 2 battleship usa, 6 destroyer usa",
                 "marshall_islands": "8 fighter japan",
                 "japan": "2 infantry japan", "united_states": "2 infantry usa"},
                {"japan": 100.0}, level, 9)


def test_a_task_force_behind_the_main_fleet_sails_where_the_counter_holds_it() -> None:
    """Main: toward Japan (Sea Zone 24), held by the plain look, sunk but for the submarines
    by the counter's (1.00)."""
    zone, lost, main = _sail(HARD)
    assert not main
    assert lost < LOST, zone


def test_the_normal_level_keeps_its_plain_look() -> None:
    zone, lost, _ = _sail(NORMAL)
    assert lost >= LOST, zone
