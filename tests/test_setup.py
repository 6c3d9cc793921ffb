"""The position before turn 1 (R-SETUP-14, R-CARRIER-1)."""

from __future__ import annotations

from scenario import board

from pacific.rules.setup import new_game
from pacific.rules.units import CARRIER_CAPACITY, UnitType


def test_starting_fighters_at_sea_stand_on_carriers() -> None:
    """R-CARRIER-1: every fighter that starts in a sea zone is aboard a carrier there, at
    most two per carrier, on its own nation's carrier when it has one."""
    state = new_game(board("pacific"))
    at_sea = [u for u in state.units.values()
              if u.type is UnitType.FIGHTER and board("pacific").is_sea(u.space)]
    assert at_sea, "the Pacific setup has fighters on carriers"
    for fighter in at_sea:
        assert fighter.carried_by is not None, fighter
        carrier = state.units[fighter.carried_by]
        assert carrier.type is UnitType.CARRIER and carrier.space == fighter.space
        assert carrier.owner is fighter.owner
    for carrier in (u for u in state.units.values() if u.type is UnitType.CARRIER):
        assert len(state.cargo_of(carrier.id)) <= CARRIER_CAPACITY


def test_mini_board_carrier_without_fighters_carries_nothing() -> None:
    state = new_game(board("mini"))
    for carrier in (u for u in state.units.values() if u.type is UnitType.CARRIER):
        assert state.cargo_of(carrier.id) == []


def test_units_are_named_in_plain_words_for_the_log() -> None:
    """Events and dice say "2 destroyers", never internal unit ids."""
    from pacific.rules.units import UnitType as T
    from pacific.rules.units import count_phrase

    assert count_phrase([T.DESTROYER, T.INFANTRY, T.DESTROYER]) == "1 infantry, 2 destroyers"
    assert count_phrase([T.AA_GUN, T.AA_GUN]) == "2 AA guns"
    assert count_phrase([T.INDUSTRIAL_COMPLEX] * 2) == "2 industrial complexes"
    assert count_phrase([T.FIGHTER]) == "1 fighter"
