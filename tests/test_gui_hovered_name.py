"""A name hidden at this zoom shows while the pointer is over its space: near the pointer or
at the space's own label spot, over no other space's pieces (a name over a neighbour's
stack hides it and reads as that space's)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_labels import _crowded, _ink, hover
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.piece_items import StackItem

NEAR = 60.0  # pixels: the farthest a hovered name's ink may stand from the pointer


def _markers(window: MainWindow) -> list[tuple[str, QRectF]]:
    """Every marker shown: its space and its token's square, in view pixels."""
    out = []
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        if item.isVisible():
            space = item.key.space if isinstance(item, StackItem) else item.space
            centre = window.view.mapFromScene(item.scenePos())
            half = item.size * 0.5
            out.append((space, QRectF(centre.x() - half, centre.y() - half, 2 * half,
                                      2 * half)))
    return out


def _gap(box: QRectF, point: QPointF) -> float:
    """Pixels from ``point`` to ``box`` (0 inside it)."""
    x = min(max(point.x(), box.left()), box.right())
    y = min(max(point.y(), box.top()), box.bottom())
    return QLineF(point, QPointF(x, y)).length()


@pytest.mark.parametrize("zoom", [1.0, 1.5])
def test_a_hovered_name_stands_near_the_pointer_off_other_spaces_pieces(
        small_window: MainWindow, zoom: float) -> None:
    small_window.fit_map()
    if zoom != 1.0:
        small_window.view.zoom_by(zoom)
    small_window.pieces.layout()
    QApplication.processEvents()
    scene, view = small_window.board_scene.map, small_window.view
    scale = view.scale_factor
    markers = _markers(small_window)
    hidden = [rid for rid, label in scene.labels.items() if label.hidden]
    wrong = []
    tried = 0
    for rid in hidden:
        at = scene.regions[rid].label_point
        pointer = QPointF(view.mapFromScene(at))
        if not view.viewport().rect().contains(pointer.toPoint()):
            continue
        hover(small_window, at)
        if scene._hovered != rid:
            continue  # (its label point under a neighbour's stack or island)
        name = scene.hover_label
        assert name is not None and name.isVisible()
        tried += 1
        ink = _ink(name, scale)
        box = QRectF(view.mapFromScene(ink.topLeft()), view.mapFromScene(ink.bottomRight()))
        box = box.adjusted(1, 1, -1, -1)
        if _gap(box, pointer) > NEAR:
            wrong.append(f"{rid}: {_gap(box, pointer):.0f} px from the pointer")
        # (over them only where no place near is off the names and stacks, `Refit.hover`:
        # Korea's, between the Sea of Japan's stacks)
        if not _crowded(small_window, name, rid, scale):
            wrong += [f"{rid} over {space}'s pieces" for space, square in markers
                      if space != rid and box.intersects(square)]
    hover(small_window, QPointF(scene.sceneRect().right() + 100, 0.0))
    assert tried > 3
    assert not wrong, "\n".join(wrong)
