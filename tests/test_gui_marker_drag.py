"""A merged marker dragged: the unit picker opens as soon as the drag begins, where the
marker stands, for the player to drag the units from it; before, nothing showed until the
button was let go (Midway's marker at 1024x700, three wheel steps in)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import _move, look_at_the_map, make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import snapshot

from pacific.gui.scene import has_geometry
from pacific.rules.engine import Game


def test_dragging_a_merged_marker_opens_the_picker_at_once(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    from test_gui_real_board import BOARD
    if has_geometry(BOARD) is None:
        pytest.skip("the real map's geometry is not installed")
    game = Game(BOARD)
    start = game.new_game(players=3, seed=4)
    window = look_at_the_map(make_window(qtbot, tmp_path, game, start, size=(1024, 700)))
    window.fit_map()
    window.pieces.layout()
    summary = next(s for (space, owner), s in sorted(
        window.pieces.summaries.items(), key=lambda kv: kv[0][0]) if s.isVisible())
    viewport = window.view.viewport()
    at = window.view.mapFromScene(summary.scenePos())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
    for step in range(1, 7):
        _move(viewport, at + QPoint(12 * step, 8 * step), Qt.KeyboardModifier.NoModifier)
    QApplication.processEvents()
    assert window.picker.isVisible() and window.picker.space == summary.space
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at + QPoint(72, 48))
    QApplication.processEvents()
    assert window.picker.isVisible() and window.picker.space == summary.space
    assert snapshot(window.controller.state) == snapshot(start)
