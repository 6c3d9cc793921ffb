"""The labels' searches (`label_search._inside_spot`, `_beside_spot`) work a grid of points out
at once and put only its free points in order; here they are held to their plain definitions,
kept in this file: every point of the grid, in the ring order sorted anew, asked of the room
box by box. The same places for random rooms, and the same layout of the whole map
(`label_layout.place`) at the fit of two window sizes."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache

import pytest
from PySide6.QtCore import QPointF
from test_gui_label_search import answer, assert_same_places

from pacific.gui import label_layout
from pacific.gui.geometry_cache import SceneGeometry
from pacific.gui.label_room import Room
from pacific.gui.label_search import (
    GAP,
    NEAR,
    OUTSIDE_RINGS,
    RINGS,
    STAR_RINGS,
    LabelRequest,
    Placement,
    _astray,
    _beside,
    _beside_spot,
    _extent,
    _Found,
    _inside_spot,
    _leader,
    _rect,
)
from pacific.gui.map_scene import MapScene
from pacific.gui.piece_shapes import Box
from pacific.rules.board_map import BoardMap


@cache
def plain_order(rings: int, aspect: float) -> list[tuple[int, int]]:
    """The cells around (0, 0), ring by ring, nearest first at ``aspect``, in rows of
    columns where as near."""
    cells = [(i, j) for i in range(-rings, rings + 1) for j in range(-rings, rings + 1)
             if i or j]
    return sorted(cells, key=lambda c: (max(abs(c[0]), abs(c[1])),
                                        math.hypot(c[0] * aspect, c[1])))


def plain_inside_spot(req: LabelRequest, scale: float, room: Room, variants: Sequence[int],
                      waiting: Callable[[Box], bool] | None = None,
                      gap: float = GAP, astray: bool = False) -> Placement | None:
    first: Placement | None = None
    for v in variants:
        variant = req.variants[v]
        e0, e1, e2, e3 = _extent(variant, scale, gap)
        # (the grid's columns and rows within the region's extent, as the search has them; a
        # capital's star alone on a finer one)
        alone = v == req.alone
        found = _Found(req, variant, scale, None, alone)
        c0, r0, aspect = found.window
        points = [(found.cx, found.cy)] + [
            (found.ax[i - c0], found.ay[j - r0])
            for i, j in plain_order(STAR_RINGS if alone else RINGS, aspect)
            if 0 <= i - c0 < len(found.ax) and 0 <= j - r0 < len(found.ay)]
        for x, y in points:
            box = (x + e0, y + e1, x + e2, y + e3)
            if first is not None and waiting is not None and waiting(box):
                continue
            if not room(box) or not req.contains(QPointF(x, y)) or \
                    not req.star_on(QPointF(x, y), v, scale):
                continue
            where = Placement(QPointF(x, y), v, False)
            if astray and _astray(req, where, scale):
                continue
            if waiting is None or first is not None or not waiting(box):
                return where
            first = where
    return first


def plain_beside_spot(req: LabelRequest, scale: float, room: Room, variants: Sequence[int],
                      waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    # (a capital's star stands on its land: a variant with it is never beside it)
    variants = [k for k in variants if not req.stars or req.stars[k] is None]
    if not variants:
        return None
    (left, top, right, bottom), reach_x, reach_y, step_x, step_y = _beside(req, scale, variants)
    cx, cy = req.point.x(), req.point.y()
    r = OUTSIDE_RINGS
    first: Placement | None = None
    for i, j in plain_order(r, round(step_x / step_y, 1)):
        x, y = cx + i * step_x, cy + j * step_y
        # (only the points whose boxes may reach the region's extent)
        if x + reach_x < left or x - reach_x > right or y + reach_y < top or \
                y - reach_y > bottom:
            continue
        for k in variants:
            ink = _extent(req.variants[k], scale, 0.0)
            kept = _extent(req.variants[k], scale, GAP)
            if x + ink[2] < left or x + ink[0] > right or y + ink[3] < top or \
                    y + ink[1] > bottom:
                continue
            box = (x + kept[0], y + kept[1], x + kept[2], y + kept[3])
            polite = waiting is not None and not waiting(box) if first is not None else None
            if polite is False or not room(box):
                continue
            p = QPointF(x, y)
            if not req.touches(_rect(p, req.variants[k], scale, NEAR)):
                continue
            where = Placement(p, k, not req.contains(p))
            if (where.leader and room.crosses(_leader(req, where, scale))) or \
                    _astray(req, where, scale):
                continue
            if waiting is None or polite or not waiting(box):
                return where
            first = where
    return first


@pytest.mark.parametrize(("search", "plain"), [(_inside_spot, plain_inside_spot),
                                               (_beside_spot, plain_beside_spot)])
def test_the_searches_find_the_plain_definitions_places(search: object, plain: object) -> None:
    def slow(req: LabelRequest, scale: float, room: Room, variants: Sequence[int],
             ask: Callable[[Box], bool] | None) -> Placement | None:
        return plain(req, scale, room, variants, ask)  # type: ignore[operator, no-any-return]

    assert_same_places(search, slow)


def test_the_map_s_layout_is_the_plain_definitions_layout(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the fit of a 1024×700 and a 1920×1080 window: every label's place, variant, leader
    and whether it is hidden, through the two layouts and the names kept off unnamed
    territories."""
    scene = MapScene(pacific_board, pacific_geometry)
    frame = scene.sceneRect()
    requests = [scene._label_request(rid) for rid in scene.labels]
    hidden = []
    for scale in (712 / frame.width(), 1013 / frame.height()):
        quick = label_layout.place(requests, scale, frame)
        with monkeypatch.context() as patch:
            patch.setattr(label_layout, "_inside_spot", plain_inside_spot)
            patch.setattr(label_layout, "_beside_spot", plain_beside_spot)
            slow = label_layout.place(requests, scale, frame)
        assert {rid: answer(where) for rid, where in quick.items()} == \
            {rid: answer(where) for rid, where in slow.items()}
        hidden.append(sum(where.hidden for where in quick.values()))
    assert hidden[0] > 5  # (a crowded zoom: two layouts, names kept off unnamed territories)
