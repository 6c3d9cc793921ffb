"""Transports and Japanese destroyers on the mini board: loading, moving with cargo, unloading,
amphibious assaults (R-TRANS-*, R-JDD-*, R-AMPH-1, R-COMBATMOVE-8, OQ2-19, EX-11, EX-20)."""

from __future__ import annotations

from movement_helpers import ok, refused, where
from scenario import scenario, u

from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase

J, IN, A, US, C = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
CM, NCM = Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE


def ex20():
    """EX-20 on the mini board: an Australian transport in zone 7, an infantry on New Britain
    (zone 7), an AA gun in New South Wales (zone 3)."""
    return scenario(power=Power.UK, phase=NCM, units={
        "sz_7": "1 transport australia", "new_britain": "1 infantry australia",
        "new_south_wales": "1 aa_gun australia, 1 armor australia",
        "queensland": "1 infantry australia"})


def test_ex_20_r_trans_3_load_move_load_move_land() -> None:
    game, state = ex20()
    tr = u(state, "sz_7", "transport")[0]
    inf, aa = u(state, "new_britain", "infantry"), u(state, "new_south_wales", "aa_gun")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    state, _ = ok(game, state, Move(units=(tr,), path=("sz_7", "sz_3")))
    assert where(state, inf) == {"sz_3"} and state.units[inf[0]].carried_by == tr
    state, _ = ok(game, state, Load(transport=tr, units=tuple(aa)))
    state, _ = ok(game, state, Move(units=(tr,), path=("sz_3", "sz_7")))
    state, _ = ok(game, state, Unload(transport=tr, units=(*inf, *aa), territory="queensland"))
    assert where(state, inf + aa) == {"queensland"}
    assert state.units[inf[0]].carried_by is None


def test_ex_20_r_trans_5_one_territory_and_no_move_after_landing() -> None:
    game, state = ex20()
    tr = u(state, "sz_7", "transport")[0]
    inf, arm_q = u(state, "new_britain", "infantry"), u(state, "queensland", "infantry")
    state, _ = ok(game, state, Load(transport=tr, units=(*inf, *arm_q)))
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="queensland"))
    refused(game, state, Unload(transport=tr, units=tuple(arm_q), territory="new_britain"),
            "R-TRANS-5")
    refused(game, state, Move(units=(tr,), path=("sz_7", "sz_3")), "R-TRANS-5")


def test_ex_20_r_trans_8_boarding_and_landing_are_the_whole_move() -> None:
    game, state = ex20()
    tr = u(state, "sz_7", "transport")[0]
    q_inf = u(state, "queensland", "infantry")
    moved, _ = ok(game, state, Move(units=tuple(q_inf), path=("queensland", "new_south_wales")))
    refused(game, moved, Load(transport=tr, units=tuple(q_inf)), "R-TRANS-4")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(q_inf)))
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(q_inf), territory="new_britain"))
    refused(game, state, Move(units=tuple(q_inf), path=("new_britain", "sz_7")), "R-TRANS-8")


def test_ex_20_r_trans_1_oq2_8_capacity() -> None:
    game, state = ex20()
    state.units[u(state, "sz_7", "transport")[0]].space = "sz_3"
    tr = u(state, "sz_3", "transport")[0]
    arm, aa = u(state, "new_south_wales", "armor"), u(state, "new_south_wales", "aa_gun")
    q_inf = u(state, "queensland", "infantry")
    refused(game, state, Load(transport=tr, units=(*arm, *q_inf)), "R-TRANS-1")
    state, _ = ok(game, state, Load(transport=tr, units=(*aa, *q_inf)))
    refused(game, state, Load(transport=tr, units=tuple(arm)), "R-TRANS-1")


def test_ex_20_r_trans_10_no_transfer_between_ships() -> None:
    game, state = scenario(power=Power.UK, phase=NCM, units={
        "sz_7": "2 transport australia", "new_britain": "1 infantry australia"})
    t1, t2 = u(state, "sz_7", "transport")
    inf = u(state, "new_britain", "infantry")
    state, _ = ok(game, state, Load(transport=t1, units=tuple(inf)))
    refused(game, state, Load(transport=t2, units=tuple(inf)), "R-TRANS-10")
    refused(game, state, Unload(transport=t1, units=tuple(inf), territory="sz_7"), "R-TRANS-10")


def test_r_trans_2_chinese_infantry_never_boards() -> None:
    game, state = scenario(power=Power.US, phase=NCM, units={
        "sz_6": "1 transport usa", "anhwe": "1 infantry china"})
    tr = u(state, "sz_6", "transport")[0]
    refused(game, state, Load(transport=tr, units=tuple(u(state, "anhwe", "infantry"))),
            "R-TRANS-2")


def test_r_trans_4_load_only_from_a_territory_next_to_the_zone() -> None:
    game, state = ex20()
    tr = u(state, "sz_7", "transport")[0]
    aa = u(state, "new_south_wales", "aa_gun")
    refused(game, state, Load(transport=tr, units=tuple(aa)), "R-TRANS-4")


def test_r_trans_6_r_trans_11_no_loading_among_enemy_ships() -> None:
    """R-TRANS-11:
    EX-21 T2 on the mini board: an Australian transport shares zone 3 with a Japanese sub;
    it may not load there, but it may leave in combat movement and load and land elsewhere in
    non-combat movement (landing in phase 3 would be an assault, R-TRANS-7)."""
    game, state = scenario(power=Power.UK, phase=CM, units={
        "sz_3": "1 transport australia, 1 submarine japan",
        "queensland": "2 infantry australia"})
    tr = u(state, "sz_3", "transport")[0]
    inf = u(state, "queensland", "infantry")
    refused(game, state, Load(transport=tr, units=tuple(inf)), "R-TRANS-6")
    state, _ = ok(game, state, Move(units=(tr,), path=("sz_3", "sz_7")))
    state.phase = NCM
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    state, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="new_britain"))
    assert where(state, inf) == {"new_britain"} and not state.amphibious_assaults


def test_r_move_8_loading_beside_a_submerged_submarine() -> None:
    game, state = scenario(power=Power.UK, phase=NCM, units={
        "sz_3": "1 transport australia, 1 submarine japan", "queensland": "1 infantry australia"})
    state.units[u(state, "sz_3", "submarine")[0]].submerged = True
    tr = u(state, "sz_3", "transport")[0]
    inf = tuple(u(state, "queensland", "infantry"))
    # Beginning the turn beside the (then surfaced) submarine bars loading there (R-TRANS-11).
    refused(game, state, Load(transport=tr, units=inf), "R-TRANS-11")
    # A transport that came in this turn loads beside the submerged submarine.
    state.unit(tr).start_space = "sz_7"
    after, _ = ok(game, state, Load(transport=tr, units=inf))
    assert len(after.cargo_of(tr)) == 1


def test_r_trans_7_friendly_landings_in_phase_6_assaults_in_phase_3() -> None:
    game, state = scenario(phase=NCM, units={"sz_2": "1 transport japan, 1 infantry japan",
                                             "burma": "1 infantry india"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "sz_2", "infantry")
    state.units[inf[0]].carried_by = tr
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"), "R-TRANS-7")
    state.phase = CM
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="siam"), "R-TRANS-7")


def test_r_amph_1_oq2_19_landing_in_an_empty_enemy_territory_captures_it() -> None:
    game, state = scenario(phase=CM, units={"sz_2": "1 transport japan, 2 infantry japan"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "sz_2", "infantry")
    for i in inf:
        state.unit(i).carried_by = tr
    after, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"))
    assert after.territory_owner["burma"] is J and not after.amphibious_assaults
    assert where(after, inf) == {"burma"}


def test_r_amph_1_r_combatmove_8_assault_declared_with_its_target() -> None:
    game, state = scenario(phase=CM, units={"sz_2": "1 transport japan, 2 infantry japan",
                                            "burma": "1 infantry india"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "sz_2", "infantry")
    for i in inf:
        state.unit(i).carried_by = tr
    after, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"))
    (assault,) = after.amphibious_assaults
    assert (assault.target, assault.sea_zones, assault.ships, assault.landing_units) == \
        ("burma", ["sz_2"], [tr], inf)
    # R-AMPH-6: the assault's units wait aboard until combat lands them in phase 4.
    assert where(after, inf) == {"sz_2"} and after.territory_owner["burma"] is IN
    assert all(after.units[i].carried_by == tr for i in inf)
    # They are bound for Burma: no second landing, here or anywhere (R-COMBATMOVE-3).
    refused(game, after, Unload(transport=tr, units=tuple(inf), territory="burma"),
            "R-COMBATMOVE-3")


def test_r_amph_6_with_enemy_ships_in_the_zone_the_cargo_waits_aboard() -> None:
    game, state = scenario(phase=CM, units={
        "sz_2": "1 transport japan, 1 infantry japan, 1 destroyer india"})
    tr = u(state, "sz_2", "transport")[0]
    inf = u(state, "sz_2", "infantry")
    state.units[inf[0]].carried_by = tr
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="siam"), "R-TRANS-7")
    state.territory_owner["siam"] = IN
    after, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="siam"))
    assert after.units[inf[0]].carried_by == tr
    assert after.amphibious_assaults[0].landing_units == inf


def test_r_trans_9_r_trans_13_ex_11_allied_troops_land_in_a_later_turn() -> None:
    """R-TRANS-9: US cargo on an Indian transport cannot land this turn."""
    game, state = scenario(power=Power.US, phase=NCM, units={
        "sz_1": "1 transport india", "india": "1 infantry usa"})
    tr = u(state, "sz_1", "transport")[0]
    inf = u(state, "india", "infantry")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    assert state.units[inf[0]].cargo_locked
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"), "R-TRANS-13")
    # Britain's turn: the transport moves; the US unit may not land then either.
    state.power = Power.UK
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"), "R-TRANS-13")


def test_r_trans_9_oq2_7_australians_on_an_indian_transport_land_at_once() -> None:
    """R-TRANS-9, OQ2-7: British cargo loads and lands in one turn."""
    game, state = scenario(power=Power.UK, phase=NCM, units={
        "sz_1": "1 transport india", "india": "1 infantry australia"})
    tr = u(state, "sz_1", "transport")[0]
    inf = u(state, "india", "infantry")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    after, _ = ok(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"))
    assert where(after, inf) == {"burma"}


def test_r_trans_12_after_a_battle_load_or_unload_not_both() -> None:
    """EX-21 T3: a transport that fought loads an infantry, which lands in a later turn."""
    game, state = scenario(power=Power.UK, phase=NCM, units={
        "sz_1": "1 transport india", "india": "1 infantry india"})
    tr = u(state, "sz_1", "transport")[0]
    state.unit(tr).fought = True
    inf = u(state, "india", "infantry")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    refused(game, state, Unload(transport=tr, units=tuple(inf), territory="burma"), "R-TRANS-12")


def test_r_jdd_1_japanese_destroyer_carries_one_japanese_infantry() -> None:
    game, state = scenario(phase=NCM, units={
        "sz_6": "1 destroyer japan", "korea": "2 infantry japan, 1 artillery japan",
        "sz_1": "1 destroyer india", "india": "1 infantry india"})
    dd = u(state, "sz_6", "destroyer")[0]
    inf, art = u(state, "korea", "infantry"), u(state, "korea", "artillery")
    refused(game, state, Load(transport=dd, units=tuple(art)), "R-JDD-1")
    refused(game, state, Load(transport=dd, units=tuple(inf)), "R-JDD-1")
    state, _ = ok(game, state, Load(transport=dd, units=tuple(inf[:1])))
    assert state.units[inf[0]].carried_by == dd
    state.power = Power.UK
    allied = u(state, "sz_1", "destroyer")[0]
    refused(game, state, Load(transport=allied, units=tuple(u(state, "india", "infantry"))),
            "R-JDD-1")


def test_r_jdd_2_3_destroyer_loads_and_lands_in_one_turn() -> None:
    game, state = scenario(phase=CM, units={
        "sz_6": "1 destroyer japan", "korea": "1 infantry japan"})
    dd = u(state, "sz_6", "destroyer")[0]
    inf = u(state, "korea", "infantry")
    state, _ = ok(game, state, Load(transport=dd, units=tuple(inf)))
    state, _ = ok(game, state, Unload(transport=dd, units=tuple(inf), territory="anhwe"))
    assert state.territory_owner["anhwe"] is J and where(state, inf) == {"anhwe"}


def test_r_trans_3_a_unit_not_aboard_is_named_by_its_type_and_the_ships_zone() -> None:
    """A landing of a unit that is not aboard the ship (`pacific apply` can ask for one): the
    refusal names the unit's type and where the ship is, never a unit's number, in English
    and Italian; so does a landing from a unit that carries no land units (R-JDD-1)."""
    from refusals import in_italian, named_not_numbered

    from pacific.text import refusal_text

    game, state = ex20()
    tr = u(state, "sz_7", "transport")[0]
    inf, armor = u(state, "new_britain", "infantry"), u(state, "new_south_wales", "armor")
    state, _ = ok(game, state, Load(transport=tr, units=tuple(inf)))
    error = refused(game, state, Unload(transport=tr, units=(*inf, *armor),
                                        territory="queensland"), "R-TRANS-3")
    named_not_numbered(error, game, "The armor in New South Wales is not aboard the transport "
                       "in Sea Zone 7", armor[0], "Nuovo Galles del Sud")
    error = refused(game, state, Unload(transport=armor[0], units=tuple(inf),
                                        territory="queensland"), "R-JDD-1")
    text = refusal_text(error, game.board)
    assert text.startswith("The armor in New South Wales is not a transport"), text
    in_italian(error, game)


def test_r_turn_1_r_move_3_a_move_names_units_by_their_type_and_place() -> None:
    """A move or a combat air patrol of another nation's units, or of units that do not stand
    at the start of the path (`pacific apply` can ask for them): the refusal names the units
    by their type and place, never by their number."""
    from pacific.rules.actions.movement import StartCap
    from pacific.text import refusal_text

    units = {"new_britain": "1 infantry australia", "korea": "1 fighter japan"}
    game, state = scenario(power=Power.UK, phase=NCM, units=units)
    inf, fighter = u(state, "new_britain", "infantry"), u(state, "korea", "fighter")
    texts = [refusal_text(refused(game, state, action, rule), game.board) for action, rule in (
        (Move(units=tuple(fighter), path=("korea", "sz_5")), "R-TURN-1"),
        (StartCap(units=tuple(fighter), sea_zone="sz_5"), "R-TURN-1"),
        (Move(units=tuple(inf), path=("queensland", "new_south_wales")), "R-MOVE-3"))]
    assert texts[0].startswith("The fighter in Korea belongs to Japan"), texts[0]
    assert texts[1].startswith("The fighter in Korea belongs to Japan"), texts[1]
    assert texts[2].startswith("The infantry is in New Britain, not at the start of the path"), \
        texts[2]
    assert not any(str(i) in text.split("[")[0] for i in (*inf, *fighter) for text in texts)
