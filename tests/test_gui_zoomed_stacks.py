"""Zoomed in, a small window shows the stacks a big one shows at the same scale: its pieces
grow with the map's scale, not from its own (smaller) fit, so the spaces with room for their
stacks show them (each draggable) rather than one merged marker that opens the unit picker."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import GROWTH, fit_pixels


def test_a_small_window_zoomed_in_shows_big_window_sized_pieces(small_window: MainWindow) -> None:
    """Zoomed in four times at 1024x700 the map shows at about twice a full-HD window's fit:
    the pieces are the size a full-HD window shows at that scale, not grown from the small
    window's fit (a third bigger)."""
    small_window.fit_map()
    fit = small_window.view.scale_factor
    width = small_window.view.maximumViewportSize().width()
    small_window.view.zoom_by(4.0)
    QApplication.processEvents()
    scale = small_window.view.scale_factor
    assert scale == pytest.approx(4 * fit)
    big = small_window.pieces.pixels_at(scale, (2.2 * fit, 1500.0))   # a full-HD window's fit
    assert small_window.pieces.pixels() == pytest.approx(big, rel=0.03)
    assert small_window.pieces.pixels() < fit_pixels(width) * 4 ** GROWTH - 5


def test_zoomed_in_a_space_with_room_shows_its_stacks(small_window: MainWindow) -> None:
    """At three times the fit, Manchuria (four stacks) shows every stack, each at its own
    place inside the space, rather than one merged marker."""
    small_window.fit_map()
    small_window.view.zoom_by(3.0)
    small_window.view.centerOn(small_window.board_scene.centre_of("manchuria"))
    QApplication.processEvents()
    small_window.pieces.layout()
    assert not small_window.pieces.summarised("manchuria")
    shown = [item for item in small_window.pieces.at("manchuria") if item.isVisible()]
    assert len(shown) == 4
    assert len({(item.scenePos().x(), item.scenePos().y()) for item in shown}) == 4
