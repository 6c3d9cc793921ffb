"""A space's merged marker wears one nation's colours and one unit type: the type must be one
of that nation's own units, or the marker tells the player a unit is there that is not (an
Australian fighter attacking a Japanese transport showed a green transport)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from pacific.gui.piece_items import SummaryItem
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType


def test_the_whole_space_marker_shows_a_unit_of_the_nation_whose_colours_it_wears() -> None:
    fighter = Unit(id=1, type=UnitType.FIGHTER, owner=Nation.AUSTRALIA, space="sz_44")
    transport = Unit(id=2, type=UnitType.TRANSPORT, owner=Nation.JAPAN, space="sz_44")
    count, lead, owner, whole, others, _foes = SummaryItem.look_of(None, [fighter, transport])
    assert (count, whole) == (1, True)
    assert (lead, owner, others) in {(UnitType.FIGHTER, Nation.AUSTRALIA, (Nation.JAPAN,)),
                                     (UnitType.TRANSPORT, Nation.JAPAN, (Nation.AUSTRALIA,))}


def test_the_marker_stands_for_the_most_numerous_type_of_its_nation() -> None:
    units = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.JAPAN, space="burma")
             for i in (1, 2)] + \
        [Unit(id=i, type=UnitType.ARMOR, owner=Nation.INDIA, space="burma") for i in (3, 4, 5)]
    _count, lead, owner, _whole, others, _foes = SummaryItem.look_of(None, units)
    assert (lead, owner, others) == (UnitType.ARMOR, Nation.INDIA, (Nation.JAPAN,))


def test_a_contested_space_shows_both_sides_counts(qapp: QApplication) -> None:
    """Sea Zone 43's four Allied fighters and Japan's two ships, merged: the marker wears
    Australia's colours with the Allies' 4, and Japan's 2 stand in a badge of Japan's own
    (one marker of 6 in green hid the enemy there)."""
    units = [Unit(id=i, type=UnitType.FIGHTER, owner=Nation.AUSTRALIA, space="sz_43")
             for i in (1, 2, 3)] + \
        [Unit(id=4, type=UnitType.FIGHTER, owner=Nation.INDIA, space="sz_43"),
         Unit(id=5, type=UnitType.BATTLESHIP, owner=Nation.JAPAN, space="sz_43"),
         Unit(id=6, type=UnitType.DESTROYER, owner=Nation.JAPAN, space="sz_43")]
    count, lead, owner, whole, _others, foes = SummaryItem.look_of(None, units)
    assert (count, lead, owner, whole, foes) == \
        (4, UnitType.FIGHTER, Nation.AUSTRALIA, True, (Nation.JAPAN, 2))
    marker = SummaryItem("sz_43", None, units, 30.0, "")
    bounds = marker.boundingRect()
    assert bounds.contains(marker.foe_badge_rect(30.0, 2))
    assert bounds.contains(marker.badge_rect(30.0, 4))


def test_one_sides_marker_has_no_enemies_badge() -> None:
    units = [Unit(id=1, type=UnitType.FIGHTER, owner=Nation.AUSTRALIA, space="sz_43"),
             Unit(id=2, type=UnitType.FIGHTER, owner=Nation.INDIA, space="sz_43")]
    assert SummaryItem.look_of(None, units)[0] == 2
    assert SummaryItem.look_of(None, units)[5] is None
