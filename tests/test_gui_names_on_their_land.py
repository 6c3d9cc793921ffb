"""Every territory's name stands on its own land: at 1024x700 and 1920x1080, at "fit to
window" and two and four wheel notches in, for the start and a late-game position, no name
shown beside its land (a leader line, or a capital's apart from its star) stands over other
territories' land by more than `SPILL` of its box, none on its land by more than `ON_LAND`
(there it reads as the neighbour's name), and no name is hidden where one of its variants
had room on its own land. A name's box holds its lines, value and symbols with their
margins: a tenth of it over a border is a letter's edge, more is a word across the
neighbour; a province smaller than its name is named where most of the name is on it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QPolygonF
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import position_windows

from pacific.gui.label_search import GAP
from pacific.gui.main_window import MainWindow
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_view import WHEEL_STEP

NOTCHES = [0, 2, 4]
SPILL = 0.1  # of a name's box: the most beside its land that may stand over other land
ON_LAND = 0.25  # ... and of a name whose anchor is on its own land
STEP = 2.0  # pixels between the points tried for a hidden name's room, and its slack


window = position_windows("names")

def zoomed(window: MainWindow, notches: int) -> float:
    """The map fitted, then ``notches`` wheel notches in over China; the labels' scale."""
    window.fit_map()
    QApplication.processEvents()
    if notches:
        window.view.zoom_by(WHEEL_STEP ** (120 * notches))
        window.view.centerOn(window.board_scene.centre_of("szechwan"))
        QApplication.processEvents()
    window.pieces.layout()
    QApplication.processEvents()
    scene = window.board_scene.map
    assert scene.label_scale == window.view.scale_factor
    return scene.label_scale


def _area(path: QPainterPath) -> float:
    """The area ``path`` fills (its polygons', by the shoelace formula)."""
    total = 0.0
    for polygon in path.toFillPolygons():
        points = [QPolygonF(polygon).at(i) for i in range(polygon.size())]
        total += abs(sum(a.x() * b.y() - b.x() * a.y()
                         for a, b in zip(points, points[1:] + points[:1], strict=True))) / 2
    return total


def _box(label: LabelItem, at: QPointF, scale: float, k: int | None = None) -> QRectF:
    box = label.text_box() if k is None else label.box_of(label.variants[k],
                                                          label.marker is not None)
    return QRectF(at.x() + box.left() / scale, at.y() + box.top() / scale,
                  box.width() / scale, box.height() / scale)


def _spill(window: MainWindow, rid: str, ink: QRectF) -> float:
    """The share of ``ink`` (scene) over other territories' land."""
    regions = window.board_scene.map.regions
    rect = QPainterPath()
    rect.addRect(ink)
    over = QPainterPath()
    for t in BOARD.territories:
        if t.id != rid and regions[t.id].boundingRect().intersects(ink):
            over = over.united(regions[t.id].path().intersected(rect))
    return _area(over) / (ink.width() * ink.height())


def names_over_neighbours(window: MainWindow) -> list[str]:
    scene = window.board_scene.map
    scale = scene.label_scale
    found = []
    for rid, label in scene.labels.items():
        if BOARD.is_sea(rid) or label.name_hidden:
            continue
        spill = _spill(window, rid, _box(label, label.pos(), scale))
        beside = label.leader is not None or label.variant.apart
        if spill > (SPILL if beside else ON_LAND):
            found.append(f"{rid} {spill:.0%}{' beside' if beside else ''}")
    return found


def hidden_with_room(window: MainWindow) -> list[str]:
    """The territories whose names are hidden though a variant of the name fits at a point
    of their land (every `STEP` pixels): the box within the map, not over `ON_LAND` of other
    land, `GAP` pixels off every name, leader line and lone star shown (but its own star),
    every small space's marker and every stack, and `STEP` more (room that a search on any
    grid of that step lands in). At the scale the labels were laid out for (a band of
    zooms', at most the view's: the names a little bigger on the map)."""
    scene = window.board_scene.map
    scale = scene._label_band
    assert scale is not None
    frame = scene.sceneRect()
    g = (GAP + STEP) / scale  # (room a search stepping `STEP` pixels lands in)
    names = {rid: _box(label, label.pos(), scale) for rid, label in scene.labels.items()
             if not label.hidden and label.variant.lines}
    stars = {rid: _box(label, label.pos() + star / scale, scale, label.alone)
             for rid, label in scene.labels.items()
             if label.alone is not None and (star := label.lone_star()) is not None}
    # (the small spaces' markers, and every stack where it stands: a label can move, a
    # stack keeps its place)
    markers = [QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])) for b in [
        *scene._keep_out.values(), *window.pieces.boxes_off("", scene.label_scale).values()]]
    # (a leader line, as points a pixel apart: a name across it seems to be its end)
    lines = []
    for rid, label in scene.labels.items():
        if rid in names and label.leader is not None:
            end = label.pos() + label.leader / scale
            ink = names[rid]
            start = QPointF(min(max(end.x(), ink.left()), ink.right()),
                            min(max(end.y(), ink.top()), ink.bottom()))
            n = int((end - start).manhattanLength() * scale) + 1
            lines += [start + (end - start) * (i / n) for i in range(n + 1)]
    found = []
    for rid, label in scene.labels.items():
        if BOARD.is_sea(rid) or not label.name_hidden:
            continue
        taken = [box for other, box in [*names.items(), *stars.items()] if other != rid]
        taken += markers
        item = scene.regions[rid]
        shape, bounds = item.path(), item.path().boundingRect()
        step = STEP / scale
        points = [QPointF(bounds.left() + i * step, bounds.top() + j * step)
                  for i in range(int(bounds.width() / step) + 1)
                  for j in range(int(bounds.height() / step) + 1)]
        for k, variant in enumerate(label.variants):
            if not variant.lines or variant.apart:
                continue
            star = label.star_at(variant)
            fits = [p for p in points if shape.contains(p) and (star is None or shape.contains(
                QPointF(p.x() + star[0] / scale, p.y() + star[1] / scale)))]
            for p in fits:
                box = _box(label, p, scale, k)
                kept = box.adjusted(-g, -g, g, g)
                if frame.contains(box) and not any(kept.intersects(t) for t in taken) and \
                        not any(kept.contains(p) for p in lines) and \
                        _spill(window, rid, box) <= ON_LAND:
                    found.append(f"{rid} (variant {k} at {p.x():.0f},{p.y():.0f})")
                    break
            else:
                continue
            break
    return found


@pytest.mark.parametrize("notches", NOTCHES)
def test_no_name_stands_over_its_neighbours_land(window: MainWindow, notches: int) -> None:
    """Sikang's name at the 1024x700 fit stood wholly over Szechwan and Tsinghai, Yunnan's,
    Kwangsi's and Hunan's at the 1920x1080 fit over their neighbours."""
    zoomed(window, notches)
    assert names_over_neighbours(window) == []


@pytest.mark.parametrize("notches", NOTCHES)
def test_no_name_is_hidden_where_it_has_room_on_its_land(window: MainWindow,
                                                         notches: int) -> None:
    zoomed(window, notches)
    assert hidden_with_room(window) == []
