"""Land movement on the mini board: counting, stopping, capture on entry, blitz, combat and
non-combat movement rules (R-MOVE, R-COMBATMOVE, R-NONCOMBAT, R-BLITZ)."""

from __future__ import annotations

from movement_helpers import ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import Move
from pacific.rules.movement import reachable
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J, C, IN, US = Nation.JAPAN, Nation.CHINA, Nation.INDIA, Nation.USA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def test_r_move_1_no_movement_outside_phases_3_and_6() -> None:
    """R-MOVE-1: no movement in phase 1."""
    game, state = scenario(phase=Phase.PURCHASE, units={"korea": "1 infantry japan",
                                                         "manchuria": "1 infantry japan"})
    inf = u(state, "korea", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("korea", "manchuria")), "R-TURN-3")
    assert reachable(game.board, state, inf) == {}


def test_r_move_2_infantry_moves_one_armor_two() -> None:
    game, state = scenario(phase=NCM, units={"korea": "1 infantry japan, 1 armor japan"},
                           owners={"anhwe": J})
    inf, arm = u(state, "korea", "infantry"), u(state, "korea", "armor")
    refused(game, state, Move(units=tuple(inf), path=("korea", "manchuria", "anhwe")),
            "R-MOVE-2")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("korea", "manchuria", "anhwe")))
    assert where(after, arm) == {"anhwe"}
    assert after.units[arm[0]].moves_used == 2


def test_r_move_3_steps_must_be_adjacent() -> None:
    game, state = scenario(phase=NCM, units={"korea": "1 armor japan"}, owners={"anhwe": J})
    arm = u(state, "korea", "armor")
    refused(game, state, Move(units=tuple(arm), path=("korea", "anhwe")), "R-MOVE-3")


def test_r_move_5_land_units_stay_on_land() -> None:
    game, state = scenario(phase=NCM, units={"korea": "1 infantry japan"})
    inf = u(state, "korea", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("korea", "sz_6")), "R-MOVE-5")


def test_r_move_7_land_units_stop_in_an_occupied_territory() -> None:
    game, state = scenario(phase=CM, units={"manchuria": "1 armor japan",
                                            "suiyuan": "1 infantry china"})
    arm = u(state, "manchuria", "armor")
    refused(game, state, Move(units=tuple(arm), path=("manchuria", "suiyuan", "szechwan")),
            "R-MOVE-7")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("manchuria", "suiyuan")))
    assert where(after, arm) == {"suiyuan"} and after.territory_owner["suiyuan"] is C


def test_r_move_9_r_blitz_4_no_blitz_through_a_lone_aa_gun() -> None:
    """R-MOVE-9, R-BLITZ-4: EX-19 refusal: an enemy territory holding only an AA gun is occupied."""
    game, state = scenario(phase=CM, units={"manchuria": "1 armor japan",
                                            "anhwe": "1 aa_gun china"})
    arm = u(state, "manchuria", "armor")
    refused(game, state, Move(units=tuple(arm), path=("manchuria", "anhwe", "suiyuan")),
            "R-BLITZ-4")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("manchuria", "anhwe")))
    # It stops there and takes it at combat resolution, not on entry (R-CAPTURE-2).
    assert after.territory_owner["anhwe"] is C


def test_r_capture_2_enemy_industrial_complex_counts_as_occupied() -> None:
    game, state = scenario(phase=CM, units={"anhwe": "1 armor japan"})
    arm = u(state, "anhwe", "armor")
    refused(game, state, Move(units=tuple(arm), path=("anhwe", "szechwan", "yunnan")),
            "R-CAPTURE-2")


def test_r_move_10_impassable_territories() -> None:
    game, state = scenario(phase=NCM, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "soviet_union")),
            "R-MOVE-10")


def test_r_move_11_allies_move_freely_through_china() -> None:
    """R-MOVE-11: Indian armor crosses Chinese Yunnan into Szechwan."""
    game, state = scenario(power=Power.UK, phase=NCM, units={"burma": "1 armor india"})
    arm = u(state, "burma", "armor")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("burma", "yunnan", "szechwan")))
    assert where(after, arm) == {"szechwan"} and after.territory_owner["szechwan"] is C


def test_r_turn_1_only_the_playing_power_moves() -> None:
    game, state = scenario(power=Power.UK, phase=NCM, units={"szechwan": "1 infantry china"})
    inf = u(state, "szechwan", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("szechwan", "yunnan")), "R-TURN-1")


def test_r_unit_5_industrial_complex_never_moves() -> None:
    game, state = scenario(phase=NCM, units={"japan": "1 industrial_complex japan"})
    ic = u(state, "japan", "industrial_complex")
    refused(game, state, Move(units=tuple(ic), path=("japan", "sz_6")), "R-UNIT-5")


def test_r_combatmove_1_oq2_3_no_friendly_walks_in_combat_movement() -> None:
    game, state = scenario(phase=CM, units={"korea": "1 infantry japan"})
    inf = u(state, "korea", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("korea", "manchuria")),
            "R-COMBATMOVE-1")


def test_r_combatmove_5_r_capture_1_empty_enemy_territory_captured_on_entry() -> None:
    """R-COMBATMOVE-5, R-CAPTURE-1: captured on entry, no battle."""
    game, state = scenario(phase=CM, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    after, events = ok(game, state, Move(units=tuple(inf), path=("manchuria", "anhwe")))
    assert after.territory_owner["anhwe"] is J
    assert "anhwe" in after.captured_this_turn
    assert "territory_captured" in [e.kind for e in events]
    assert after.units[inf[0]].combat_moved


def test_r_combatmove_3_one_combat_move_per_unit() -> None:
    game, state = scenario(phase=CM, units={"manchuria": "1 armor japan"})
    arm = u(state, "manchuria", "armor")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("manchuria", "anhwe")))
    refused(game, after, Move(units=tuple(arm), path=("anhwe", "szechwan")), "R-COMBATMOVE-3")


def test_r_combatmove_7_aa_gun_never_attacks() -> None:
    game, state = scenario(phase=CM, units={"manchuria": "1 aa_gun japan"})
    aa = u(state, "manchuria", "aa_gun")
    refused(game, state, Move(units=tuple(aa), path=("manchuria", "anhwe")), "R-COMBATMOVE-7")


def test_r_blitz_1_2_5_ex_19_blitz_through_anhwe_into_suiyuan() -> None:
    """R-BLITZ-1, R-BLITZ-2:
    EX-19 (also on the real board in test_movement_examples): infantry and artillery go
    Manchuria → Suiyuan; the armor blitzes through empty Anhwe, which is captured at once."""
    game, state = scenario(phase=CM, units={
        "manchuria": "1 infantry japan, 1 artillery japan, 1 armor japan",
        "suiyuan": "1 infantry china"})
    foot = u(state, "manchuria", "infantry") + u(state, "manchuria", "artillery")
    arm = u(state, "manchuria", "armor")
    state, _ = ok(game, state, Move(units=tuple(foot), path=("manchuria", "suiyuan")))
    state, events = ok(game, state, Move(units=tuple(arm),
                                          path=("manchuria", "anhwe", "suiyuan")))
    assert state.territory_owner["anhwe"] is J
    assert where(state, foot + arm) == {"suiyuan"}
    assert [e.kind for e in events].count("territory_captured") == 1


def test_r_blitz_1_armor_crosses_a_friendly_territory_then_attacks() -> None:
    """R-BLITZ-1: the first territory may be friendly."""
    game, state = scenario(phase=CM, units={"korea": "1 armor japan"})
    arm = u(state, "korea", "armor")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("korea", "manchuria", "anhwe")))
    assert after.territory_owner["anhwe"] is J and after.territory_owner["manchuria"] is J


def test_r_blitz_3_armor_may_blitz_back_to_its_start() -> None:
    """R-BLITZ-3: the blitzing armor may return where it came from."""
    game, state = scenario(phase=CM, units={"manchuria": "1 armor japan"})
    arm = u(state, "manchuria", "armor")
    after, _ = ok(game, state, Move(units=tuple(arm), path=("manchuria", "anhwe", "manchuria")))
    assert where(after, arm) == {"manchuria"} and after.territory_owner["anhwe"] is J


def test_r_noncombat_2_oq2_1_units_that_combat_moved_do_not_move_again() -> None:
    game, state = scenario(phase=CM, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    state, _ = ok(game, state, Move(units=tuple(inf), path=("manchuria", "anhwe")))
    state.phase = NCM
    refused(game, state, Move(units=tuple(inf), path=("anhwe", "manchuria")), "R-NONCOMBAT-2")


def test_r_noncombat_2_units_that_fought_do_not_move() -> None:
    game, state = scenario(phase=NCM, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    state.units[inf[0]].fought = True
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "korea")), "R-NONCOMBAT-2")


def test_r_noncombat_3_land_units_enter_only_friendly_territory() -> None:
    game, state = scenario(phase=NCM, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "anhwe")), "R-NONCOMBAT-3")
    after, _ = ok(game, state, Move(units=tuple(inf), path=("manchuria", "korea")))
    assert where(after, inf) == {"korea"} and after.units[inf[0]].noncombat_moved


def test_r_noncombat_4_r_capture_6_captured_aa_gun_cannot_move() -> None:
    """R-CAPTURE-6: a captured AA gun cannot move that turn."""
    game, state = scenario(phase=NCM, units={"manchuria": "1 aa_gun japan"})
    aa = u(state, "manchuria", "aa_gun")
    state.units[aa[0]].captured_this_turn = True
    refused(game, state, Move(units=tuple(aa), path=("manchuria", "korea")), "R-NONCOMBAT-4")


def test_r_combatmove_2_no_movement_once_combat_has_begun() -> None:
    """R-COMBATMOVE-2: no combat move once phase 4 has begun."""
    game, state = scenario(phase=Phase.COMBAT, units={"manchuria": "1 infantry japan"})
    inf = u(state, "manchuria", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("manchuria", "anhwe")), "R-TURN-3")


def test_r_combatmove_4_r_turn_5_allies_never_attack_each_other() -> None:
    """R-COMBATMOVE-4, R-TURN-5: the USA may not attack Indian Burma."""
    game, state = scenario(power=Power.US, phase=CM, units={"yunnan": "1 infantry usa",
                                                            "burma": "1 infantry india"})
    inf = u(state, "yunnan", "infantry")
    refused(game, state, Move(units=tuple(inf), path=("yunnan", "burma")), "R-COMBATMOVE-1")


def test_r_unit_6_r_air_1_aircraft_alone_never_capture() -> None:
    """R-UNIT-6, R-AIR-1: a fighter alone may not take Anhwe."""
    game, state = scenario(phase=CM, units={"manchuria": "1 fighter japan"})
    ftr = u(state, "manchuria", "fighter")
    refused(game, state, Move(units=tuple(ftr), path=("manchuria", "anhwe")), "R-COMBATMOVE-1")
    assert state.territory_owner["anhwe"] is C
