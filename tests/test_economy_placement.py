"""Phase 7: placement (R-PLACE-1..7, R-CAPTURE-7, OQ-14..16). Mini board ICs: Japan, Szechwan,
India (3 IPC), New South Wales, United States; Hawaii is worth 2."""

from __future__ import annotations

from refusals import refused
from scenario import scenario, snapshot, u

from pacific.rules.actions.economy import EndPhase, Place
from pacific.rules.economy.events import PurchasesForfeited
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J, IN, AU, US, CN = Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA, Nation.CHINA
T = UnitType


def at_place(power: Power = Power.JAPAN, **kw: object):  # type: ignore[no-untyped-def]
    return scenario(power=power, phase=Phase.PLACE, **kw)  # type: ignore[arg-type]


def test_r_place_2_land_units_only_at_a_complex() -> None:
    game, state = at_place(purchased={J: {T.INFANTRY: 2}}, units={})
    after, _ = game.apply(state, Place(nation=J, unit_type=T.INFANTRY, space="japan", count=2))
    assert len(u(after, "japan", "infantry", J)) == 2 and after.purchased == {}
    assert all(x.placed_this_turn for x in after.units.values())
    refused(game, state, Place(nation=J, unit_type=T.INFANTRY, space="korea"), "R-PLACE-2")
    refused(game, state, Place(nation=J, unit_type=T.ARMOR, space="japan"), "R-PLACE-1")


def test_r_place_2_no_fighters_onto_carriers() -> None:
    game, state = at_place(purchased={J: {T.FIGHTER: 1}}, units={"sz_6": "1 carrier japan"})
    refused(game, state, Place(nation=J, unit_type=T.FIGHTER, space="sz_6"), "R-PLACE-2")


def test_r_capture_7_complex_captured_this_turn_is_unusable() -> None:
    game, state = at_place(purchased={J: {T.INFANTRY: 1}})
    state.territory_owner["india"] = J
    state.captured_this_turn = ["india"]
    refused(game, state, Place(nation=J, unit_type=T.INFANTRY, space="india"), "R-PLACE-2")


def test_r_place_3_captured_complex_limited_to_its_value_capital_unlimited() -> None:
    game, state = at_place(owners={"india": J}, purchased={J: {T.INFANTRY: 20}})
    state, _ = game.apply(state, Place(nation=J, unit_type=T.INFANTRY, space="india", count=3))
    refused(game, state, Place(nation=J, unit_type=T.INFANTRY, space="india"), "R-PLACE-3")
    state, _ = game.apply(state, Place(nation=J, unit_type=T.INFANTRY, space="japan", count=17))
    assert state.purchased == {}


def test_r_place_4_ships_next_to_the_home_complex_even_among_enemies() -> None:
    game, state = at_place(purchased={J: {T.BATTLESHIP: 1, T.SUBMARINE: 1}},
                           units={"sz_6": "1 destroyer usa"})
    after, _ = game.apply(state, Place(nation=J, unit_type=T.BATTLESHIP, space="sz_6"))
    assert u(after, "sz_6", "battleship", J)
    refused(game, state, Place(nation=J, unit_type=T.SUBMARINE, space="sz_5"), "R-PLACE-4")
    refused(game, state, Place(nation=J, unit_type=T.SUBMARINE, space="japan"), "R-PLACE-4")


def test_oq_14_ships_at_a_captured_complex_count_against_its_limit() -> None:
    game, state = at_place(owners={"india": J}, purchased={J: {T.SUBMARINE: 3, T.INFANTRY: 1}})
    state, _ = game.apply(state, Place(nation=J, unit_type=T.SUBMARINE, space="sz_1", count=3))
    assert state.placed_at == {"india": 3}
    refused(game, state, Place(nation=J, unit_type=T.INFANTRY, space="india"), "R-PLACE-3")


def test_r_place_5_us_complex_in_a_us_territory_once() -> None:
    game, state = at_place(Power.US, purchased={US: {T.INDUSTRIAL_COMPLEX: 2, T.INFANTRY: 1}})
    state, _ = game.apply(state, Place(nation=US, unit_type=T.INDUSTRIAL_COMPLEX,
                                       space="hawaii"))
    refused(game, state, Place(nation=US, unit_type=T.INDUSTRIAL_COMPLEX, space="hawaii"),
            "R-PLACE-5")
    refused(game, state, Place(nation=US, unit_type=T.INDUSTRIAL_COMPLEX, space="korea"),
            "R-PLACE-5")
    # A new complex works only from the next turn.
    refused(game, state, Place(nation=US, unit_type=T.INFANTRY, space="hawaii"), "R-PLACE-2")


def test_oq_16_us_complex_in_a_chinese_territory() -> None:
    game, state = at_place(Power.US, purchased={US: {T.INDUSTRIAL_COMPLEX: 1}})
    after, _ = game.apply(state, Place(nation=US, unit_type=T.INDUSTRIAL_COMPLEX,
                                       space="yunnan"))
    assert u(after, "yunnan", "industrial_complex", US)


def test_r_place_6_japan_at_szechwan_within_its_value() -> None:
    """R-PLACE-6: Japan places at a captured Szechwan IC, at most its value."""
    game, state = at_place(owners={"szechwan": J}, purchased={J: {T.INFANTRY: 2}})
    state, _ = game.apply(state, Place(nation=J, unit_type=T.INFANTRY, space="szechwan"))
    refused(game, state, Place(nation=J, unit_type=T.INFANTRY, space="szechwan"), "R-PLACE-3")


def test_r_place_7_chinese_infantry_in_szechwan() -> None:
    game, state = at_place(Power.US, china_infantry_due=4)
    refused(game, state, Place(nation=CN, unit_type=T.INFANTRY, space="yunnan"), "R-PLACE-7")
    refused(game, state, Place(nation=CN, unit_type=T.INFANTRY, space="szechwan", count=5),
            "R-CHINA-2")
    after, _ = game.apply(state, Place(nation=CN, unit_type=T.INFANTRY, space="szechwan",
                                       count=4))
    assert after.china_infantry_due == 0
    lost = at_place(Power.US, china_infantry_due=2, owners={"szechwan": J})
    refused(*lost, Place(nation=CN, unit_type=T.INFANTRY, space="szechwan"), "R-CHINA-4")


def test_r_place_1_only_the_active_players_nations_place() -> None:
    game, state = at_place(purchased={IN: {T.INFANTRY: 1}})
    refused(game, state, Place(nation=IN, unit_type=T.INFANTRY, space="india"), "R-PLACE-1")


def test_r_place_1_phase_7_ends_only_when_the_units_are_placed() -> None:
    game, state = at_place(purchased={J: {T.INFANTRY: 1}})
    refused(game, state, EndPhase(), "R-PLACE-1")
    assert EndPhase() not in list(game.legal_actions(state))
    # Units with nowhere to go are lost: Japan without its capital's complex.
    game, state = at_place(purchased={J: {T.INFANTRY: 1}}, owners={"japan": US})
    before = snapshot(state)
    after, events = game.apply(state, EndPhase())
    assert after.purchased == {}
    assert PurchasesForfeited(nation=J, count=1, reason=events[0].reason) == events[0]
    assert snapshot(state) == before


def test_r_place_1_the_refusal_to_end_the_phase_counts_every_unit_waiting() -> None:
    """Four infantry wait: the refusal says four, not the one a single placement takes."""
    game, state = at_place(purchased={J: {T.INFANTRY: 4}})
    error = refused(game, state, EndPhase(), "R-PLACE-1")
    assert "Japan can still place 4 infantry in Japan" in error.message


def test_placement_lister_gives_every_site() -> None:
    game, state = at_place(owners={"india": J}, purchased={J: {T.SUBMARINE: 1, T.ARMOR: 1}})
    listed = {(a.unit_type, a.space) for a in game.legal_actions(state) if isinstance(a, Place)}
    assert listed == {(T.ARMOR, "japan"), (T.ARMOR, "india"), (T.SUBMARINE, "sz_6"),
                      (T.SUBMARINE, "sz_1")}


def test_r_place_5_a_complex_built_last_turn_takes_units_and_ships() -> None:
    """R-PLACE-5: a US complex placed in an earlier turn works like the board's own: land units
    in its territory and ships next to it, within its value (R-PLACE-3, OQ-14); the same
    complex placed this turn takes nothing."""
    stacks = {"hawaii": "1 industrial_complex usa"}
    bought = {US: {T.INFANTRY: 1, T.TRANSPORT: 2}}
    game, state = at_place(Power.US, units=stacks, purchased=bought)
    state, _ = game.apply(state, Place(nation=US, unit_type=T.INFANTRY, space="hawaii"))
    state, _ = game.apply(state, Place(nation=US, unit_type=T.TRANSPORT, space="sz_9"))
    assert state.placed_at == {"hawaii": 2}
    refused(game, state, Place(nation=US, unit_type=T.TRANSPORT, space="sz_9"), "R-PLACE-3")
    game, state = at_place(Power.US, units=stacks, purchased=bought)
    state.units[1].placed_this_turn = True
    refused(game, state, Place(nation=US, unit_type=T.INFANTRY, space="hawaii"), "R-PLACE-2")
    refused(game, state, Place(nation=US, unit_type=T.TRANSPORT, space="sz_9"), "R-PLACE-4")


def test_placement_targets_are_the_listed_placements_r_place_1() -> None:
    """`Game.placement_targets`, which the GUI lights while a new unit is dragged from the
    tray: the spaces of the listed placements of that nation and type, and none outside
    phase 7. Japan's complex on the mini board is on Japan: infantry go there only
    (R-PLACE-2), a submarine to a sea zone next to it (R-PLACE-3)."""
    game, state = at_place(purchased={J: {T.INFANTRY: 1, T.SUBMARINE: 1}})
    listed = [a for a in game.legal_actions(state) if isinstance(a, Place)]
    assert game.placement_targets(state, J, T.INFANTRY) == {"japan"}
    zones = game.placement_targets(state, J, T.SUBMARINE)
    assert zones == {a.space for a in listed if a.unit_type is T.SUBMARINE}
    assert zones and all(game.board.is_sea(z) and "japan" in game.board.neighbours[z]
                         for z in zones)
    assert game.placement_targets(state, J, T.FIGHTER) == frozenset()   # none bought
    state.phase = Phase.NONCOMBAT_MOVE
    assert game.placement_targets(state, J, T.INFANTRY) == frozenset()
