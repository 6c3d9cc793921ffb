"""A drag of more units than the place takes (Japan's eight infantry onto Sea Zone 36, whose
three transports and destroyer carry seven, R-TRANS-1, R-JDD-1) moves the most the engine
accepts, not nothing, and the status says how many went and which rule kept the rest; a drop
nothing of the group may make is still refused with its rule."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly, drag_picker_line
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_gui_drop_trail import zoom_on
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.stacks import StackKey
from pacific.rules.engine import Game
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

INFANTRY = StackKey("japan", UnitType.INFANTRY, Nation.JAPAN)


def picker_on_japan(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, int]:
    """Japan's first combat movement at 1920x1080, the unit picker open on Japan: the
    window and the infantry's line."""
    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    window = build_window(tmp_path, game, state, size=(1920, 1080))
    window.dialogs.handover = None
    zoom_on(window, "japan")
    at = window.view.mapFromScene(window.pieces.items[INFANTRY].scenePos())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    QApplication.processEvents()
    picker = window.picker
    assert picker.isVisible() and picker.space == "japan"
    line = next(i for i, row in enumerate(picker.rows) if row.key == INFANTRY)
    spin = picker.spins[line]
    assert spin is not None and spin.value() == 8   # (all of them, as the picker opens)
    return window, line


def test_a_drag_of_more_than_the_ships_carry_boards_the_most_they_take(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, line = picker_on_japan(qtbot, tmp_path)
    try:
        drag_picker_line(qtbot, window, line, "sz_36")
        state = window.controller.state
        aboard = [u for u in state.units_at("sz_36") if u.type is UnitType.INFANTRY]
        assert len(aboard) == 7
        assert sum(u.type is UnitType.INFANTRY for u in state.units_at("japan")) == 1
        text = window.status_strip.text()
        assert "7" in text and "8" in text and "R-JDD-1" in text, text
    finally:
        close_quietly(window)


def test_a_drop_none_may_make_is_refused_with_its_rule(qtbot: QtBot, tmp_path: Path) -> None:
    window, line = picker_on_japan(qtbot, tmp_path)
    try:
        drag_picker_line(qtbot, window, line, "sz_23")   # (open sea: no ship to board)
        state = window.controller.state
        assert sum(u.type is UnitType.INFANTRY for u in state.units_at("japan")) == 8
        assert window.controller.history.records == []
        assert "R-MOVE-5" in window.status_strip.text()
    finally:
        close_quietly(window)


def test_the_reason_the_rest_stayed_is_in_the_players_language(
        qtbot: QtBot, tmp_path: Path) -> None:
    """In Italian the status says why the rest stayed in Italian, with the rule's id (the
    engine's English sentence was shown)."""
    from pacific.text import using_language

    with using_language("it"):
        window, line = picker_on_japan(qtbot, tmp_path)
        try:
            drag_picker_line(qtbot, window, line, "sz_36")
            text = window.status_strip.text()
            assert "R-JDD-1" in text and "Too much cargo" not in text, text
            assert "7" in text and "8" in text, text
        finally:
            close_quietly(window)
