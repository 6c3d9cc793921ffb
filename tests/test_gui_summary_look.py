"""A space's merged marker wears one nation's colours and one unit type: the type must be one
of that nation's own units, or the marker tells the player a unit is there that is not (an
Australian fighter attacking a Japanese transport showed a green transport)."""

from __future__ import annotations

from pacific.gui.piece_items import SummaryItem
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType


def test_the_whole_space_marker_shows_a_unit_of_the_nation_whose_colours_it_wears() -> None:
    fighter = Unit(id=1, type=UnitType.FIGHTER, owner=Nation.AUSTRALIA, space="sz_44")
    transport = Unit(id=2, type=UnitType.TRANSPORT, owner=Nation.JAPAN, space="sz_44")
    count, lead, owner, whole, others = SummaryItem.look_of(None, [fighter, transport])
    assert (count, whole) == (2, True)
    assert (lead, owner, others) in {(UnitType.FIGHTER, Nation.AUSTRALIA, (Nation.JAPAN,)),
                                     (UnitType.TRANSPORT, Nation.JAPAN, (Nation.AUSTRALIA,))}


def test_the_marker_stands_for_the_most_numerous_type_of_its_nation() -> None:
    units = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.JAPAN, space="burma")
             for i in (1, 2)] + \
        [Unit(id=i, type=UnitType.ARMOR, owner=Nation.INDIA, space="burma") for i in (3, 4, 5)]
    _count, lead, owner, _whole, others = SummaryItem.look_of(None, units)
    assert (lead, owner, others) == (UnitType.ARMOR, Nation.INDIA, (Nation.JAPAN,))
