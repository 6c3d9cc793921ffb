"""A hidden name shown while the pointer is over its space goes when the pointer leaves the
map (for the side panel, the menus or another window): it stood over a neighbour's name until
the pointer came back to the map."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from test_gui_labels import hover
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow


def test_a_hovered_hidden_name_goes_when_the_pointer_leaves_the_map(
        small_window: MainWindow) -> None:
    small_window.fit_map()
    QApplication.processEvents()
    scene = small_window.board_scene.map
    hidden = [rid for rid, label in scene.labels.items() if label.hidden]
    assert hidden, "at the 1024x700 fit some name has no room"
    shown = None
    for rid in hidden:
        hover(small_window, scene.regions[rid].label_point)
        if scene.hover_label is not None and scene.hover_label.isVisible():
            shown = rid
            break
    assert shown is not None, "a hidden name shows while its space is hovered"
    QApplication.sendEvent(small_window.view.viewport(), QEvent(QEvent.Type.Leave))
    QApplication.processEvents()
    assert scene.hover_label is not None and not scene.hover_label.isVisible()
    # (back over the same space, it shows again)
    hover(small_window, scene.regions[shown].label_point)
    assert scene.hover_label.isVisible()
