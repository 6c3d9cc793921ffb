"""A small space's marker stands by its own name: a marker nearer another space's name than its
own reads as that space's stacks. The Caroline Islands' deepest island lies far west of the
island its name is on; its merged marker stands beside the name, on an island of its own."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import crowded, misplaced

from pacific.gui.main_window import MainWindow
from pacific.rules.engine import Game


@pytest.fixture(scope="module")
def full_hd(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("by_name"), game,
                       game.new_game(players=2, seed=3), size=(1920, 1080))
    win.fit_map()
    yield win
    close_quietly(win)


def names(window: MainWindow) -> dict[str, QRectF]:
    """Every name shown, in the view's pixels."""
    view, out = window.view, {}
    for rid, label in window.board_scene.map.labels.items():
        if not label.hidden and label.isVisible():
            corner = view.mapFromScene(label.scenePos())
            out[rid] = label.text_box().translated(corner.x(), corner.y())
    return out


def distance(box: QRectF, point: QPointF) -> float:
    return math.hypot(max(box.left() - point.x(), 0.0, point.x() - box.right()),
                      max(box.top() - point.y(), 0.0, point.y() - box.bottom()))


def test_the_caroline_islands_marker_stands_by_its_name(full_hd: MainWindow) -> None:
    pieces = full_hd.pieces
    assert pieces.summarised("caroline_islands")
    [marker] = [m for (space, _owner), m in pieces.summaries.items()
                if space == "caroline_islands" and m.isVisible()]
    at = QPointF(full_hd.view.mapFromScene(marker.scenePos()))
    shown = names(full_hd)
    own = distance(shown["caroline_islands"], at)
    assert own <= marker.size, f"{own:.0f} px from its name"
    nearest = min(shown, key=lambda rid: distance(shown[rid], at))
    assert nearest == "caroline_islands"


def test_the_markers_stand_inside_their_spaces_off_the_rest(full_hd: MainWindow) -> None:
    wrong = misplaced(full_hd) + crowded(full_hd)
    assert not wrong, "\n".join(wrong)


def test_the_hawaiian_islands_marker_stands_by_its_name_at_1024x700(
        qapp: QApplication, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The islands' name covers the main islands: the marker goes on the name (which moves off
    it) rather than onto the north-western islets, where it reads as Sea Zone 9's."""
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("hawaii"), game,
                       game.new_game(players=2, seed=3), size=(1024, 700))
    try:
        win.fit_map()
        win.view.zoom_by(1.5)
        win.view.centerOn(win.board_scene.centre_of("hawaiian_islands"))
        win.pieces.layout()
        [marker] = [m for (space, _owner), m in win.pieces.summaries.items()
                    if space == "hawaiian_islands" and m.isVisible()]
        at = QPointF(win.view.mapFromScene(marker.scenePos()))
        shown = names(win)
        own = distance(shown["hawaiian_islands"], at)
        assert own <= marker.size, f"{own:.0f} px from its name"
        assert min(shown, key=lambda rid: distance(shown[rid], at)) == "hawaiian_islands"
    finally:
        close_quietly(win)
