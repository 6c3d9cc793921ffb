"""Edit mode's panel in a 1024x700 or 1920x1080 window, as a tabletop group uses it to put
the books right: the panel fits its dock (nothing cut at its right edge), the mouse wheel
scrolls it and never edits a field it passes over, and Ctrl+Z takes back the last edit with
a field in focus."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QScrollArea, QWidget
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.main_window import MainWindow
from pacific.rules.engine import Game
from pacific.rules.nations import Nation

IN = Nation.INDIA


def _editing(qtbot: QtBot, tmp_path: Path, window: MainWindow | None = None) -> MainWindow:
    if window is None:
        game = Game(board("mini"))
        window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=3),
                             size=(1024, 700))
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    window.editing.menu_action.trigger()
    assert window.controller.state.edit_mode
    qtbot.wait(50)
    return window


def _edits(window: MainWindow) -> list[str]:
    return [r.action.kind for r in window.controller.history.records
            if r.action.kind.startswith("edit_") and r.action.kind != "edit_mode"]


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_the_edit_panel_fits_its_dock(qtbot: QtBot, tmp_path: Path,
                                      size: tuple[int, int]) -> None:
    """The panel was wider than its dock: the hint's words, the production column, Go and
    "Done editing" were cut at the dock's edge (it does not scroll sideways). The game's
    dock, whose width the edit dock shares, is as narrow as a window saved at 1024x700 left
    it."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=3), size=size)
    game_dock = window.findChild(QDockWidget, "game_dock")
    assert game_dock is not None
    window.resizeDocks([game_dock], [280], Qt.Orientation.Horizontal)
    window = _editing(qtbot, tmp_path, window)
    panel = window.editing.panel
    # A production level set by hand shows its correction: "20 (+1)" is wider than "19".
    level = panel.production[Nation.JAPAN]
    level.setValue(level.value() + 1)
    assert level.suffix() == " (+1)"
    qtbot.wait(50)
    scroll = window.editing.dock.widget()
    assert isinstance(scroll, QScrollArea)
    viewport = scroll.viewport()
    assert panel.minimumSizeHint().width() <= viewport.width()
    assert panel.width() <= viewport.width()
    for widget in (panel.production[Nation.USA], panel.go_button, panel.done_button,
                   panel.hits_button):
        right = widget.mapTo(viewport, QPoint(widget.width(), 0)).x()
        assert right <= viewport.width(), (widget, right, viewport.width())


def _wheel(widget: QWidget, steps: int) -> None:
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(),
                        QPoint(0, -120 * steps), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    QApplication.processEvents()


def test_the_wheel_over_the_panel_scrolls_it_and_edits_nothing(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Scrolling down to the books with the pointer passing over India's treasury made an edit
    per wheel step ("Edit: treasury of India 18 IPC (was 19)", then 17, 16...)."""
    window = _editing(qtbot, tmp_path)
    panel = window.editing.panel
    spin = panel.treasury[IN]
    before = window.controller.state.treasury[IN]
    _wheel(spin, 3)
    assert window.controller.state.treasury[IN] == before and spin.value() == before
    assert _edits(window) == []
    # Clicked into first, the field takes the wheel: a correction on purpose.
    spin.setFocus()
    _wheel(spin, 1)
    assert window.controller.state.treasury[IN] == before - 1


def test_the_wheel_over_the_phase_to_go_to_leaves_it(qtbot: QtBot, tmp_path: Path) -> None:
    """Scrolling the panel down to "Correct a roll" with the pointer passing over the phase
    turned it from "1. Purchase units" to a later one, which Go would have applied."""
    window = _editing(qtbot, tmp_path)
    panel = window.editing.panel
    for combo in (panel.phase, panel.power):
        shown = combo.currentIndex()
        _wheel(combo, 3)
        assert combo.currentIndex() == shown


def test_ctrl_z_in_a_panel_field_takes_back_the_last_edit(qtbot: QtBot, tmp_path: Path) -> None:
    """With a panel field in focus, Ctrl+Z went to the field's own text: the game's edit
    stayed (Edit ▸ Undo took it back)."""
    window = _editing(qtbot, tmp_path)
    panel = window.editing.panel
    spin = panel.victory_points
    window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "2")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert window.controller.state.victory_points == 2
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.state.victory_points == 0 and spin.value() == 0
    qtbot.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert window.controller.state.victory_points == 2 and spin.value() == 2
