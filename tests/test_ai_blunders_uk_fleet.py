"""Blunder class 2 on a small position: the United Kingdom's Indian Ocean force (an Indian
battleship and carrier, an Australian destroyer) in Sea Zone 46, eight Japanese fighters on the
Bonin Islands. Counted by hops the fighters reach neither Sea Zone 44 nor 45 and land again;
priced as the engine prices their flights, the step between an air base and its sea zone free
(R-AIRBASE-1), they sink the force in either. Sea Zone 45, off Japan's French Indo-China,
draws the task force; the hard United Kingdom checks its main fleet's zone with the priced look
as the blunder counter reads it, and keeps out of the fighters' reach; so does its loaded
transport (blunder class 1), loading off Malaya."""

from __future__ import annotations

import pytest
from scenario import scenario

from pacific.ai.attacks import Attack, Landing, _covering
from pacific.ai.blunders import LOST, fleets_at_risk, transports_at_risk, turn_of
from pacific.ai.judge import Judge, value
from pacific.ai.levels import HARD, NORMAL, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType as T

UNITS = {"sz_46": "1 battleship india, 1 carrier india, 1 destroyer australia",
         "bonin_islands": "8 fighter japan", "japan": "6 infantry japan",
         "india": "6 infantry india", "new_south_wales": "4 infantry australia",
         "united_states": "6 infantry usa"}


def _noncombat(level: Level, units: dict[str, str] = UNITS) -> tuple[GameState, GameState]:
    game, st = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE, units=units)
    player = ComputerPlayer(game, level)
    state = st
    while state.phase is Phase.NONCOMBAT_MOVE and state.power is Power.UK:
        state, _ = game.apply(state, player.choose(state))
    return st, state


def test_the_hard_united_kingdom_keeps_its_fleet_out_of_reach_over_air_bases() -> None:
    before, after = _noncombat(HARD)
    game = scenario("pacific")[0]
    turn = Turn(game, before, HARD, Judge())
    force = [u for u in before.units.values() if u.space == "sz_46"]
    # The hop count holds Sea Zone 45; the priced look does not.
    there = [moved(u, "sz_45") for u in force]
    assert turn.danger("sz_45", defenders=there) < 0.25
    assert turn.priced().danger("sz_45", defenders=there) >= 0.8
    ends = {after.units[u.id].space for u in force}
    assert len(ends) == 1 and ends != {"sz_45"}
    assert fleets_at_risk(turn_of(game, after, Power.UK, Judge())) == []


def test_the_normal_united_kingdom_reads_the_hop_count() -> None:
    before, after = _noncombat(NORMAL)
    assert {after.units[u.id].space for u in before.units.values()
            if u.space == "sz_46"} == {"sz_45"}


def test_the_hard_united_kingdom_keeps_its_loaded_transport_out_of_reach_too() -> None:
    before, after = _noncombat(HARD, {
        "japan": "6 infantry japan", "united_states": "6 infantry usa",
        "india": "6 infantry india", "malaya": "2 infantry india", "sz_47": "1 transport india",
        "bonin_islands": "8 fighter japan"})
    ship = next(u.id for u in before.units.values() if u.type is T.TRANSPORT)
    assert len(after.cargo_of(ship)) == 2      # loaded off Malaya
    assert after.units[ship].space != "sz_45"
    game = scenario("pacific")[0]
    assert transports_at_risk(turn_of(game, after, Power.UK, Judge())) == []


@pytest.mark.xfail(strict=True, reason="a landing's cover fire is priced with the hop count; "
                   "the counter's look there was measured and not kept (docs/ai-journal.md)")
def test_a_british_landing_counts_the_cover_it_leaves_where_the_fighters_reach_it() -> None:
    """A landing on French Indo-China from Sea Zone 45: the Indian battleship and destroyer
    there fire in support (R-AMPH-6) and cannot sail on (R-NONCOMBAT-2), where the Bonin
    Islands' fighters reach them over their air bases: the landing counts them lost."""
    game, st = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE, units={
        **{k: v for k, v in UNITS.items() if k != "sz_46"},
        "sz_45": "1 battleship india, 1 destroyer india, 1 transport india",
        "french_indo_china": "1 infantry japan", "india": "2 infantry india"},
        owners={"french_indo_china": Nation.JAPAN})
    turn = Turn(game, st, HARD, Judge())
    boat = next(u for u in st.units.values() if u.type is T.TRANSPORT)
    riders = [u for u in st.units.values() if u.space == "india"]
    attack = Attack(target="french_indo_china", units=[], landings=[
        Landing(transport=boat, zone="sz_45", move=None, aboard=[], load=riders)])
    cover = [u for u in st.units.values() if u.type in (T.BATTLESHIP, T.DESTROYER)]
    assert turn.danger("sz_45") < LOST
    assert _covering(turn, attack) >= value(cover) * LOST
