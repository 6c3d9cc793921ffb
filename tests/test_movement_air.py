"""Aircraft on the mini board: AA fire over flown territory, no suicide flights, risky
missions, air bases, carriers, raids, landing (R-AAFLY, R-AIR, R-AIRBASE, R-CARRIER,
R-NONCOMBAT-1/5, R-COMBATMOVE-8/9)."""

from __future__ import annotations

import pytest
from movement_helpers import kinds, ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import Move, Unload
from pacific.rules.dice import FixedDice
from pacific.rules.errors import DiceExhausted
from pacific.rules.movement import spaces
from pacific.rules.movement.cap import land_or_lose_aircraft
from pacific.rules.movement.landing import escape_places
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.registry import Context
from pacific.rules.units import UnitType

J, C, IN, A, US = Nation.JAPAN, Nation.CHINA, Nation.INDIA, Nation.AUSTRALIA, Nation.USA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def burma_raid():
    """EX-17 on the mini board: two Japanese fighters in Siam fly over Yunnan (Chinese AA gun)
    to Burma (two Indian AA guns)."""
    return scenario(phase=CM, units={"siam": "2 fighter japan",
                                     "yunnan": "1 infantry china, 1 aa_gun china",
                                     "burma": "2 infantry india, 2 aa_gun india"})


def test_r_aafly_1_2_4_one_die_per_aircraft_the_target_does_not_fire() -> None:
    """R-AAFLY-1, R-AAFLY-2: one die per aircraft; a hit removes it at once."""
    game, state = burma_raid()
    ftr = u(state, "siam", "fighter")
    move = Move(units=tuple(ftr), path=("siam", "yunnan", "burma"))
    # Yunnan rolls 2 dice (1 hits, 5 misses); Burma's guns do not fire now (R-AAFLY-4):
    # a third die would exhaust the fixed dice.
    after, events = game.apply(state, move, FixedDice([1, 5]))
    assert ftr[0] not in after.units and after.units[ftr[1]].space == "burma"
    assert kinds(events).count("dice_rolled") == 1
    assert "aircraft_lost" in kinds(events)


def test_r_aafly_2_owner_chooses_the_aircraft_lost() -> None:
    """R-AAFLY-2: the owner chooses which aircraft is lost."""
    game, state = burma_raid()
    ftr = u(state, "siam", "fighter")
    move = Move(units=tuple(ftr), path=("siam", "yunnan", "burma"), casualty_order=(ftr[1],))
    after, _ = game.apply(state, move, FixedDice([5, 1]))
    assert ftr[1] not in after.units and ftr[0] in after.units


def test_r_aafly_3_oq2_4_once_per_territory_even_if_reentered() -> None:
    game, state = scenario(phase=CM, units={"siam": "1 bomber japan",
                                            "yunnan": "1 aa_gun china",
                                            "burma": "1 infantry india"})
    bmb = u(state, "siam", "bomber")
    path = ("siam", "yunnan", "szechwan", "yunnan", "burma")
    after, events = game.apply(state, Move(units=tuple(bmb), path=path), FixedDice([3]))
    assert where(after, bmb) == {"burma"} and kinds(events).count("dice_rolled") == 1


def test_r_aafly_5_no_aa_fire_in_noncombat_movement() -> None:
    game, state = burma_raid()
    state.phase = NCM
    ftr = u(state, "siam", "fighter")
    state.territory_owner["burma"] = J
    after, events = ok(game, state, Move(units=tuple(ftr), path=("siam", "yunnan", "burma")),
                       dice=[])
    assert "dice_rolled" not in kinds(events) and where(after, ftr) == {"burma"}


def test_r_move_7_aircraft_fly_over_enemy_units() -> None:
    game, state = scenario(phase=CM, units={"siam": "1 fighter japan",
                                            "yunnan": "3 infantry china",
                                            "szechwan": "1 infantry china"})
    ftr = u(state, "siam", "fighter")
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("siam", "yunnan", "szechwan")))
    assert where(after, ftr) == {"szechwan"}


def test_r_combatmove_1_aircraft_fly_to_a_battle_in_combat_movement() -> None:
    game, state = scenario(phase=CM, units={"siam": "1 fighter japan"})
    ftr = u(state, "siam", "fighter")
    refused(game, state, Move(units=tuple(ftr), path=("siam", "sz_2")), "R-COMBATMOVE-1")


def us_strike(**owners: Nation):
    """US aircraft against Japanese ships in sz_6, with Guam made Japanese: no US territory
    near zone 6."""
    return scenario(power=Power.US, phase=CM, owners={"guam": J, **owners}, units={
        "united_states": "1 bomber usa", "hawaii": "3 fighter usa",
        "sz_9": "1 carrier usa", "sz_6": "1 battleship japan"})


def test_r_air_2_no_suicide_flights() -> None:
    # Everything within 2 of zone 6 is Japanese, the air bases of Hawaii and New Britain too.
    game, state = us_strike(anhwe=J, suiyuan=J, szechwan=J, hawaii=J, new_britain=J)
    bmb = u(state, "united_states", "bomber")
    err = refused(game, state, Move(units=tuple(bmb),
                                    path=("united_states", "sz_8", "sz_9", "sz_5", "sz_6")),
                  "R-AIR-2")
    assert "This bomber could not reach a friendly territory afterwards" in err.message


def test_r_air_2_landing_in_china_makes_the_strike_legal() -> None:
    game, state = us_strike()
    bmb = u(state, "united_states", "bomber")
    after, _ = ok(game, state, Move(units=tuple(bmb),
                                    path=("united_states", "sz_8", "sz_9", "sz_5", "sz_6")))
    assert where(after, bmb) == {"sz_6"} and after.units[bmb[0]].moves_used == 4


def test_r_air_3_oq2_18_risky_mission_declares_a_carrier_landing() -> None:
    # Hawaii's base in Japanese hands: the fighters spend 3 reaching zone 6 and may end
    # only in zone 5, where the carrier can go in phase 6.
    game, state = us_strike(anhwe=J, hawaii=J)
    ftr = u(state, "hawaii", "fighter")
    path = ("hawaii", "sz_9", "sz_5", "sz_6")
    refused(game, state, Move(units=tuple(ftr[:1]), path=path), "R-AIR-3")
    after, _ = ok(game, state, Move(units=tuple(ftr[:2]), path=path, landing="sz_5"))
    assert [after.units[i].landing for i in ftr[:2]] == ["sz_5", "sz_5"]
    # A third fighter may not count on finding room: 2 per carrier (OQ2-18).
    refused(game, after, Move(units=tuple(ftr[2:]), path=path, landing="sz_5"), "R-AIR-3")


def test_r_air_5_no_landing_where_the_attack_is() -> None:
    game, state = scenario(phase=CM, units={"siam": "1 fighter japan",
                                            "burma": "1 infantry india"})
    ftr = u(state, "siam", "fighter")
    refused(game, state, Move(units=tuple(ftr), path=("siam", "burma"), landing="burma"),
            "R-AIR-5")


def test_r_air_7_bombers_never_land_on_carriers() -> None:
    game, state = us_strike(anhwe=J)
    bmb = u(state, "united_states", "bomber")
    refused(game, state, Move(units=tuple(bmb), path=("united_states", "sz_8", "sz_9", "sz_5",
                                                       "sz_6"), landing="sz_5"), "R-AIR-7")
    state.phase = NCM
    refused(game, state, Move(units=tuple(bmb), path=("united_states", "sz_8", "sz_9")),
            "R-AIR-7")


def test_r_noncombat_1_aircraft_land_with_what_is_left() -> None:
    game, state = us_strike()
    bmb = u(state, "united_states", "bomber")
    state, _ = ok(game, state, Move(units=tuple(bmb),
                                    path=("united_states", "sz_8", "sz_9", "sz_5", "sz_6")))
    state.phase = NCM
    refused(game, state, Move(units=tuple(bmb),
                              path=("sz_6", "sz_5", "sz_9", "sz_8", "united_states")), "R-MOVE-2")
    after, _ = ok(game, state, Move(units=tuple(bmb), path=("sz_6", "anhwe")))
    assert where(after, bmb) == {"anhwe"} and after.units[bmb[0]].moves_used == 5


def test_r_noncombat_5_no_landing_in_a_territory_captured_this_turn() -> None:
    game, state = scenario(phase=NCM, units={"siam": "1 fighter japan"},
                           owners={"burma": J})
    state.captured_this_turn.append("burma")
    ftr = u(state, "siam", "fighter")
    refused(game, state, Move(units=tuple(ftr), path=("siam", "burma")), "R-NONCOMBAT-5")
    refused(game, state, Move(units=tuple(ftr), path=("siam", "yunnan")), "R-NONCOMBAT-5")


def test_r_airbase_1_3_free_step_both_ways_from_a_friendly_base() -> None:
    """R-AIRBASE-1: the base-zone step is free both ways."""
    game, state = scenario(power=Power.UK, phase=CM, units={"new_britain": "1 fighter australia",
                                                            "sz_3": "1 submarine japan"})
    ftr = u(state, "new_britain", "fighter")
    state, _ = ok(game, state, Move(units=tuple(ftr), path=("new_britain", "sz_7", "sz_3")))
    assert state.units[ftr[0]].moves_used == 1
    state.phase = NCM
    after, _ = ok(game, state, Move(units=tuple(ftr), path=("sz_3", "sz_7", "new_britain")))
    assert after.units[ftr[0]].moves_used == 2


def test_r_airbase_2_enemy_aircraft_get_no_bonus() -> None:
    """R-AIRBASE-2: a Japanese aircraft pays for the step to New Britain."""
    game, state = scenario(units={})
    path = ("sz_3", "sz_7", "new_britain")
    assert spaces.air_path_cost(game.board, state, path, A) == 1
    assert spaces.air_path_cost(game.board, state, path, J) == 2


def carrier_group(power: Power = Power.US, phase: Phase = NCM):
    game, state = scenario(power=power, phase=phase, units={
        "sz_9": "1 carrier usa, 2 fighter usa", "hawaii": "1 fighter usa",
        "sz_6": "1 destroyer japan"}, owners={"guam": J})
    cv = u(state, "sz_9", "carrier")[0]
    for f in u(state, "sz_9", "fighter"):
        state.unit(f).carried_by = cv
    return game, state, cv


def test_r_carrier_2_3_fighters_take_off_before_the_carrier_moves() -> None:
    """R-CARRIER-2, R-CARRIER-3: a fighter takes off for free before its carrier moves; the
    one left aboard is cargo once it has."""
    game, state, cv = carrier_group(phase=CM)
    aboard = u(state, "sz_9", "fighter")
    # Taking off costs nothing: the first move leaves the carrier's zone (R-CARRIER-3). The
    # fighter can reach a US territory afterwards: no landing is declared (R-AIR-3).
    state, _ = ok(game, state, Move(units=(aboard[0],), path=("sz_9", "sz_5", "sz_6")))
    assert state.units[aboard[0]].carried_by is None
    assert state.units[aboard[0]].moves_used == 2
    state, _ = ok(game, state, Move(units=(cv,), path=("sz_9", "sz_5")))
    assert state.units[aboard[1]].space == "sz_5" and state.units[aboard[1]].cargo_locked
    refused(game, state, Move(units=(aboard[1],), path=("sz_5", "sz_6")), "R-CARRIER-2")


def test_r_carrier_4_allied_fighters_move_only_in_their_own_turn() -> None:
    """R-CARRIER-4: a US fighter on a carrier cannot move in the British turn."""
    game, state, _ = carrier_group()
    state.power = Power.UK
    aboard = u(state, "sz_9", "fighter")
    refused(game, state, Move(units=(aboard[0],), path=("sz_9", "hawaii")), "R-TURN-1")


def test_r_carrier_1_5_6_two_fighters_and_a_landing_freezes_the_carrier() -> None:
    """R-CARRIER-1, R-CARRIER-5, R-CARRIER-6: two fighters fill a carrier; it may move in
    phase 6 to pick a fighter up, and not after one has landed."""
    game, state, cv = carrier_group()
    aboard = u(state, "sz_9", "fighter")
    lone = u(state, "hawaii", "fighter")
    # A full carrier takes no third fighter (R-CARRIER-1).
    refused(game, state, Move(units=tuple(lone), path=("hawaii", "sz_9")), "R-CARRIER-1")
    state, _ = ok(game, state, Move(units=(aboard[0],), path=("sz_9", "hawaii")))
    # The carrier may move in phase 6 before fighters land on it (R-CARRIER-6) ...
    state, _ = ok(game, state, Move(units=(cv,), path=("sz_9", "sz_5")))
    state, _ = ok(game, state, Move(units=tuple(lone), path=("hawaii", "sz_9", "sz_5")))
    assert state.units[lone[0]].carried_by == cv
    # ... but not after (R-CARRIER-5).
    assert cv in state.frozen_carriers


def test_r_carrier_5_a_carrier_that_took_a_fighter_may_not_move() -> None:
    game, state, cv = carrier_group()
    aboard = u(state, "sz_9", "fighter")
    state, _ = ok(game, state, Move(units=(aboard[0],), path=("sz_9", "hawaii")))
    state, _ = ok(game, state, Move(units=(aboard[0],), path=("hawaii", "sz_9"), carrier=cv))
    refused(game, state, Move(units=(cv,), path=("sz_9", "sz_5")), "R-CARRIER-5")


def test_r_carrier_8_fighters_of_a_sunk_carrier_land_within_one_space() -> None:
    game, state, _ = carrier_group()
    aboard = u(state, "sz_9", "fighter")
    assert escape_places(game.board, state, state.units[aboard[0]]) == ["hawaii"]
    state.territory_owner["hawaii"] = J
    state.owner_at_turn_start["hawaii"] = J
    assert escape_places(game.board, state, state.units[aboard[0]]) == []


def test_r_combatmove_9_r_sbr_1_raid_declared_with_escorts() -> None:
    """R-COMBATMOVE-9: a raid is declared by bombers moving to an IC."""
    game, state = scenario(power=Power.US, phase=CM, units={
        "burma": "1 bomber usa, 1 fighter usa", "korea": "1 infantry japan"})
    bmb, ftr = u(state, "burma", "bomber"), u(state, "burma", "fighter")
    path = ("burma", "sz_2", "sz_10", "sz_6", "japan")
    refused(game, state, Move(units=tuple(ftr), path=path, raid=True), "R-SBR-2")
    refused(game, state, Move(units=tuple(bmb), path=("burma", "sz_2", "siam"), raid=True),
            "R-SBR-1")
    state, _ = ok(game, state, Move(units=tuple(bmb), path=path, raid=True))
    # The fighter would have nowhere to land after Japan: it may not escort.
    refused(game, state, Move(units=tuple(ftr), path=path, raid=True), "R-AIR-2")
    assert len(state.raids) == 1
    assert state.raids[0].target == "japan" and state.raids[0].bombers == bmb


def test_r_combatmove_8_aircraft_for_the_land_attack_of_an_assault() -> None:
    game, state = scenario(power=Power.UK, phase=CM, units={
        "sz_2": "1 transport india, 1 infantry india", "siam": "1 infantry japan",
        "india": "1 fighter india"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "sz_2", "infantry")
    state.units[inf[0]].carried_by = tr
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="siam"))
    ftr = u(state, "india", "fighter")
    state, _ = ok(game, state, Move(units=tuple(ftr), path=("india", "burma", "siam")))
    assert state.amphibious_assaults[0].land_aircraft == ftr


def test_r_air_3_aircraft_without_a_landing_place_are_lost_after_phase_6() -> None:
    game, state, cv = carrier_group()
    aboard = u(state, "sz_9", "fighter")
    state.units[aboard[0]].carried_by = None   # e.g. back from a battle in the zone
    state.units[aboard[1]].carried_by = None
    state.add_unit(UnitType.BOMBER, US, "sz_9")
    ctx = Context(board=game.board, state=state, dice=FixedDice([]))
    land_or_lose_aircraft(ctx)
    assert {state.units[i].carried_by for i in aboard} == {cv}
    assert not [x for x in state.units.values() if x.type is UnitType.BOMBER]
    assert "aircraft_lost" in kinds(ctx.events)


def test_fixed_dice_guard() -> None:
    with pytest.raises(DiceExhausted):
        FixedDice([]).roll(1, "nothing left")


def test_r_aafly_7_aa_guns_aboard_a_transport_never_fire() -> None:
    """R-AAFLY-7: no AA die from a gun aboard a transport."""
    game, state = scenario(phase=CM, units={
        "siam": "1 fighter japan", "sz_2": "1 transport india, 1 aa_gun india",
        "sz_1": "1 destroyer india"})
    tr = u(state, "sz_2", "transport")[0]
    state.units[u(state, "sz_2", "aa_gun")[0]].carried_by = tr
    ftr = u(state, "siam", "fighter")
    after, events = ok(game, state, Move(units=tuple(ftr), path=("siam", "sz_2", "sz_1")))
    assert "dice_rolled" not in kinds(events) and where(after, ftr) == {"sz_1"}


def test_r_move_6_fighters_land_on_friendly_carriers_only() -> None:
    game, state, cv = carrier_group()
    lone = u(state, "hawaii", "fighter")
    aboard = u(state, "sz_9", "fighter")
    state, _ = ok(game, state, Move(units=(aboard[0],), path=("sz_9", "hawaii")))
    refused(game, state, Move(units=tuple(lone), path=("hawaii", "sz_9", "sz_5")),
            "R-MOVE-6")
    after, _ = ok(game, state, Move(units=tuple(lone), path=("hawaii", "sz_9"), carrier=cv))
    assert after.units[lone[0]].carried_by == cv


def test_r_move_6_a_chinese_fighter_lands_on_an_american_carrier() -> None:
    """R-MOVE-6: an allied fighter lands on a friendly carrier; R-TRANS-2 keeps Chinese
    infantry off ships, not China's fighter, so the position is consistent (the stress run
    found the invariant check refusing it)."""
    from pacific.rules.invariants import position_problems

    game, state = scenario(power=Power.US, phase=NCM,
                           units={"yunnan": "1 fighter china", "sz_2": "1 carrier usa"})
    fighter = tuple(u(state, "yunnan", "fighter"))
    after, _ = ok(game, state, Move(units=fighter, path=("yunnan", "burma", "sz_2")))
    assert after.units[fighter[0]].carried_by is not None
    assert position_problems(game.board, after) == []
