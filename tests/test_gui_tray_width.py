"""The "To place" list in a small window: a line longer than the list is wide ("1 × Industrial
complex (United States)" beside the vertical scroll bar at 1024x700) wraps, with no horizontal
scroll bar for the few pixels past the edge (R-PLACE-1)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.tray import PlacementTray
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_a_long_line_wraps_rather_than_scrolling_sideways(qtbot: QtBot) -> None:
    _, state = scenario("pacific", power=Power.US, phase=Phase.PLACE)
    state.purchased = {Nation.USA: {UnitType.INFANTRY: 5, UnitType.MARINE: 2,
                                    UnitType.FIGHTER: 2, UnitType.CARRIER: 1,
                                    UnitType.TRANSPORT: 1, UnitType.INDUSTRIAL_COMPLEX: 1}}
    tray = PlacementTray()
    qtbot.addWidget(tray)
    tray.show_state(state)
    tray.resize(230, 120)   # shorter than its lines: the vertical scroll bar takes its room
    tray.show()
    qtbot.waitExposed(tray)
    assert tray.horizontalScrollBar().maximum() == 0
    width = tray.viewport().width()
    lines = [tray.item(i) for i in range(tray.model().rowCount())]
    assert all(tray.visualItemRect(item).right() < width for item in lines)
