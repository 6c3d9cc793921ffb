"""A cargo icon's count stands whole in the stack's picture: Sea Zone 29's two transports, each
with an infantry aboard, showed their cargo's "2" cut at its right edge (the picture painted is
the stack's bounds, which left the count's disc out)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from pacific.gui.piece_items import StackItem, _aboard_rect
from pacific.gui.stacks import StackKey
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType


@pytest.mark.parametrize("size", [14.0, 24.0, 40.0])
@pytest.mark.parametrize("grown", [False, True])
def test_the_cargo_count_lies_within_the_stack_bounds(qapp: QApplication, size: float,
                                                      grown: bool) -> None:
    transports = [Unit(id=i, type=UnitType.TRANSPORT, owner=Nation.AUSTRALIA, space="sz_29")
                  for i in (1, 2)]
    cargo = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.AUSTRALIA, space="sz_29",
                  carried_by=i - 2) for i in (3, 4)]
    item = StackItem(StackKey("sz_29", UnitType.TRANSPORT, Nation.AUSTRALIA), transports, cargo,
                     size, "")
    item.movable = True
    item._set_hover(grown)   # under the pointer the cargo icons grow to a size to grab
    bounds = item.boundingRect()
    [icon] = item._cargo_rects()
    assert bounds.contains(_aboard_rect(icon))
