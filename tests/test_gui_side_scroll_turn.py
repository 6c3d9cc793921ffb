"""A new turn shows the side panel from its top: the phases with the current one, its help."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.side_panel import SideColumn
from pacific.rules.actions.economy import EndPhase
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def test_the_next_powers_turn_opens_the_side_panel_at_its_phases_r_turn_4(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", power=Power.JAPAN, phase=Phase.INCOME, players=2)
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        column = window.side_dock.widget()
        assert isinstance(column, SideColumn)
        bar = column.scroller.verticalScrollBar()
        assert bar.maximum() > 0, "the side panel scrolls at 1024x700"
        bar.setValue(bar.maximum())   # the player had scrolled down to the tray
        assert window.submit(EndPhase()) is None
        QApplication.processEvents()
        assert window.controller.state.power is not Power.JAPAN
        assert bar.value() == 0
    finally:
        close_quietly(window)
