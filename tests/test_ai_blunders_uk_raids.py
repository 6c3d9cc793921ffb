"""Blunder class 2 on a small position: the United Kingdom's raiders on Japan's empty convoy
routes. A warship that enters such a route in combat movement takes it (R-CONVOY-3) and cannot
sail on in non-combat movement (R-NONCOMBAT-2); Japan's fighters reach Sea Zone 46 (off Malaya)
only priced as the engine prices their flights (R-AIRBASE-1). The hard United Kingdom reads the
raid with the blunder counter's look (`british.uk_route_raid`): its destroyer takes Sea Zone 46
passing through it, and sails back to Sea Zone 47 where it holds. Every British fleet,
not only the main one, checks the zone it sails to with the same look."""

from __future__ import annotations

from scenario import scenario
from test_ai_blunders_uk_attacks import british_turn

from pacific.ai.blunders import LOST, fleets_at_risk, turn_of
from pacific.ai.fleet import priced_zone
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

J = Nation.JAPAN
UNITS = {"sz_47": "1 battleship india, 1 destroyer australia",
         "japan": "2 fighter japan, 1 bomber japan, 6 infantry japan",
         "sz_37": "1 submarine japan", "malaya": "1 infantry japan",
         "borneo": "1 infantry japan", "india": "6 infantry india",
         "new_south_wales": "4 infantry australia", "united_states": "6 infantry usa"}
OWNERS = {"malaya": J, "french_indo_china": J, "borneo": J, "siam": J, "philippines": J}
ROUTES = {"sz_46": J, "sz_44": J, "sz_38": J}


def _turn(level: Level) -> tuple[GameState, GameState]:
    """The British turn from its combat movement to its end, played by ``level``."""
    return british_turn(level, UNITS, round=5, owners=OWNERS, convoy_holder=dict(ROUTES))


def test_the_raiders_zone_is_held_by_the_hop_count_and_lost_priced() -> None:
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE, round=5,
                        units=UNITS, owners=OWNERS, convoy_holder=dict(ROUTES))
    ships = [moved(u, "sz_46") for u in st.units.values() if u.space == "sz_47"]
    assert Turn(game, st, HARD, Judge()).danger("sz_46", defenders=ships) < 0.5
    assert turn_of(game, st, Power.UK, Judge()).danger("sz_46", defenders=ships) >= LOST


def test_the_hard_united_kingdom_raids_where_its_ships_are_not_left_to_be_sunk() -> None:
    before, after = _turn(HARD)
    game = scenario("pacific")[0]
    # At the British turn's end, as the counter reads it (the enemy moves next).
    assert fleets_at_risk(turn_of(game, after.model_copy(update={"power": Power.UK}),
                                  Power.UK, Judge())) == []
    ends = {after.units[u.id].space for u in before.units.values() if u.space == "sz_47"}
    assert "sz_46" not in ends
    # The route still taken, passing through: Japan's income off Malaya denied (R-CONVOY-13).
    assert after.convoy_holder.get("sz_46") is not J


def test_the_normal_united_kingdom_raids_as_before() -> None:
    before, after = _turn(NORMAL)
    assert {after.units[u.id].space for u in before.units.values()
            if u.space == "sz_47"} == {"sz_46"}


def test_a_british_fleet_other_than_the_main_one_keeps_out_of_reach_over_air_bases() -> None:
    """A carrier and a destroyer in Sea Zone 46, the main fleet (a battleship and a destroyer,
    worth more) in Sea Zone 52, eight Japanese fighters on the Bonin Islands: by the hop count
    Sea Zone 45 is held and draws the carrier; priced (R-AIRBASE-1) it is lost at 1.00."""
    units = {"sz_46": "1 carrier india, 1 destroyer australia",
             "sz_52": "1 battleship india, 1 destroyer india",
             "bonin_islands": "8 fighter japan", "japan": "6 infantry japan",
             "india": "6 infantry india", "new_south_wales": "4 infantry australia",
             "united_states": "6 infantry usa"}
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE, units=units)
    player = ComputerPlayer(game, HARD)
    state = st
    while state.phase is Phase.NONCOMBAT_MOVE and state.power is Power.UK:
        state, _ = game.apply(state, player.choose(state))
    assert all(state.units[u.id].space != "sz_45" for u in st.units.values()
               if u.space == "sz_46")
    assert fleets_at_risk(turn_of(game, state, Power.UK, Judge())) == []


def test_a_british_fleets_priced_zone_is_held_by_the_hop_count_too() -> None:
    """The Indian Ocean force in Sea Zone 46 with Japan's twelve fighters and five bombers in
    Japan: lost there priced (0.99), held by the hop count. Drawn to Sea Zone 32, held priced
    (the bombers could not land after) and lost by the hop count (0.88): the force's split
    (`FleetMove._split`) reads the hop count and kept every ship in Sea Zone 46. The zone the
    priced look chooses is one both looks hold."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE, round=8, units={
        "sz_46": "1 battleship india, 1 carrier india, 1 destroyer australia, 2 fighter india",
        "japan": "12 fighter japan, 5 bomber japan, 6 infantry japan",
        "sz_42": "1 destroyer japan, 1 submarine japan", "java": "1 infantry japan",
        "borneo": "1 infantry japan", "india": "6 infantry india",
        "new_south_wales": "4 infantry australia", "united_states": "6 infantry usa"},
        owners={"java": J, "borneo": J})
    carrier = next(u.id for u in st.units.values() if u.type is T.CARRIER)
    for unit in st.units.values():
        if unit.type is T.FIGHTER and unit.space == "sz_46":
            unit.carried_by = carrier
    force = [u for u in st.units.values() if u.space == "sz_46"]
    reach = {s for s, t in game.drop_targets(st, [carrier]).items()
             if t.meaning == "move" and game.board.is_sea(s)}
    turn = Turn(game, st, HARD, Judge())
    zone = priced_zone(turn, "sz_46", "sz_46", reach, force, {"sz_32": 10.0})
    there = [moved(u, zone) for u in force]
    assert turn.danger(zone, defenders=there) < LOST
    assert turn_of(game, st, Power.UK, Judge()).danger(zone, defenders=there) < LOST
