"""Phase 7 at 1024x700: the side panel scrolls to the "To place" tray, so the units waiting
to be placed are in view, not one line of them under the phases and their help (R-PLACE-1)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.side_panel import SideColumn
from pacific.rules.actions.economy import EndPhase
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_phase_7_scrolls_the_side_panel_to_the_tray(qtbot: QtBot, tmp_path: Path) -> None:
    bought = {UnitType.INFANTRY: 2, UnitType.MARINE: 2, UnitType.ARTILLERY: 1,
              UnitType.FIGHTER: 2, UnitType.TRANSPORT: 2}
    game, state = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, players=2,
                           purchased={Nation.USA: bought}, china_infantry_due=3)
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        column = window.side_dock.widget()
        assert isinstance(column, SideColumn)
        assert window.submit(EndPhase()) is None
        QApplication.processEvents()
        assert window.controller.state.phase is Phase.PLACE
        scroller = column.scroller
        bar = scroller.verticalScrollBar()
        top = window.tray.mapTo(scroller.widget(), QPoint(0, 0)).y()
        rows = window.tray.count()
        assert rows >= 6
        # The tray's top and three of its lines lie inside the scrolled view.
        line = window.tray.sizeHintForRow(0)
        assert bar.value() <= top
        assert top + 3 * line <= bar.value() + scroller.viewport().height()
    finally:
        close_quietly(window)
