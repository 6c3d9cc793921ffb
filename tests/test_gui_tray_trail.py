"""A unit placed from the "To place" tray joins its kind's stack in the space (R-PLACE-1), which
keeps its place: where that stands far from the drop (Japan's infantry on Honshu, the drop on
Hokkaido), a fading trail shows the way from the drop to it, as a stack's drop does."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QLineF
from pytestqt.qtbot import QtBot
from scenario import scenario
from test_gui_drop_trail import water_of, zoom_on
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.stacks import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN
INFANTRY = StackKey("japan", UnitType.INFANTRY, J)


def place_window(tmp_path: Path) -> MainWindow:
    game, state = scenario("pacific", phase=Phase.PLACE, players=2,
                           purchased={J: {UnitType.INFANTRY: 2}})
    window = build_window(tmp_path, game, state, size=(1920, 1080))
    window.dialogs.handover = None
    zoom_on(window, "japan")
    return window


def test_a_far_tray_drop_shows_the_way_to_the_stack_joined(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    window = place_window(tmp_path)
    try:
        stack = window.pieces.items[INFANTRY]
        assert stack.isVisible()
        stack_at, count = stack.scenePos(), len(stack.unit_ids)
        zoom = window.view.transform().m11()
        drop = max(water_of(window, "japan"), key=lambda p: QLineF(p, stack_at).length())
        assert QLineF(drop, stack_at).length() * zoom > 3 * stack.size
        assert window.new_units.drop_from_tray(J, UnitType.INFANTRY, drop) is None
        assert len(window.pieces.items[INFANTRY].unit_ids) > count
        trail = window.drag.trail.item
        assert trail is not None and trail.isVisible()
        start = trail.path().elementAt(0)
        assert QLineF(start.x, start.y, drop.x(), drop.y()).length() * zoom < 2
        assert trail.path().boundingRect().contains(window.pieces.items[INFANTRY].scenePos())
    finally:
        close_quietly(window)


def test_a_tray_drop_beside_the_stack_shows_no_trail(qtbot: QtBot, tmp_path: Path) -> None:
    window = place_window(tmp_path)
    try:
        stack_at = window.pieces.items[INFANTRY].scenePos()
        drop = min(water_of(window, "japan"), key=lambda p: QLineF(p, stack_at).length())
        assert window.new_units.drop_from_tray(J, UnitType.INFANTRY, drop) is None
        assert window.drag.trail.item is None
    finally:
        close_quietly(window)
