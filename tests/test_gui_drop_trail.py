"""A stack dropped in a sea zone joins its kind's stack there, which keeps its place: where that
stands far from the drop (Sea Zone 36 wraps round Japan: a transport dropped on the Sea of
Japan joins the transports north-east of Hokkaido), a fading trail shows the way from the drop
to the stack it joined (R-MOVE-1: the move itself is the engine's)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly, drag_stack_to
from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.stacks import StackKey
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN


def combat_move_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game = Game(BOARD)
    window = build_window(tmp_path, game, game.new_game(players=2, seed=3), size=(1920, 1080))
    window.dialogs.handover = None
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    for _ in range(2):
        qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    assert window.controller.state.phase is Phase.COMBAT_MOVE
    zoom_on(window, "japan")
    return window


def zoom_on(window: MainWindow, space: str, zoom: float = 4.0) -> None:
    """``zoom`` times the fit, centred on ``space``, the pieces laid out."""
    window.fit_map()
    window.view.zoom_by(zoom)
    window.view.centerOn(window.board_scene.centre_of(space))
    QApplication.processEvents()
    window.pieces.layout()


def water_of(window: MainWindow, space: str) -> list[QPointF]:
    """Points of ``space`` in sight where a drop lands on it (no marker there)."""
    scene, view = window.board_scene, window.view
    box = scene.outline(space).boundingRect()
    pixels = view.viewport().rect()
    points = [QPointF(box.left() + box.width() * i / 30, box.top() + box.height() * j / 30)
              for i in range(31) for j in range(31)]
    return [p for p in points if scene.space_at(p) == space
            and pixels.contains(view.mapFromScene(p)) and window.marker_space_at(p) is None]


def test_a_far_drop_shows_the_way_to_the_stack_joined(qtbot: QtBot, tmp_path: Path) -> None:
    window = combat_move_window(qtbot, tmp_path)
    try:
        joined = window.pieces.items[StackKey("sz_36", UnitType.TRANSPORT, J)]
        stack_at = joined.scenePos()
        drop = max(water_of(window, "sz_36"), key=lambda p: QLineF(p, stack_at).length())
        zoom = window.view.transform().m11()
        assert QLineF(drop, stack_at).length() * zoom > 100   # the far side of Japan
        drag_stack_to(qtbot, window, StackKey("sz_37", UnitType.TRANSPORT, J), drop)
        state = window.controller.state
        assert sum(u.type is UnitType.TRANSPORT for u in state.units_at("sz_36")) == 4
        trail = window.drag.trail.item
        assert trail is not None and trail.isVisible()
        ring = trail.path().boundingRect()
        # (the line starts at the drop; the ring round the stack joined, where it stood)
        start, end = trail.path().elementAt(0), trail.path().elementAt(1)
        assert QLineF(QPointF(start.x, start.y), drop).length() * zoom < 2
        assert QLineF(QPointF(end.x, end.y), stack_at).length() * zoom < joined.size
        joined = window.pieces.items[StackKey("sz_36", UnitType.TRANSPORT, J)]
        assert joined.scenePos() == stack_at
        assert ring.contains(stack_at)
    finally:
        close_quietly(window)


def test_a_drop_beside_the_stack_joined_shows_no_trail(qtbot: QtBot, tmp_path: Path) -> None:
    window = combat_move_window(qtbot, tmp_path)
    try:
        stack_at = window.pieces.items[StackKey("sz_36", UnitType.TRANSPORT, J)].scenePos()
        drop = min(water_of(window, "sz_36"), key=lambda p: QLineF(p, stack_at).length())
        drag_stack_to(qtbot, window, StackKey("sz_37", UnitType.TRANSPORT, J), drop)
        assert sum(u.type is UnitType.TRANSPORT
                   for u in window.controller.state.units_at("sz_36")) == 4
        assert window.drag.trail.item is None
    finally:
        close_quietly(window)
