"""The labels' search for a place inside or beside a region (`label_search._inside_spot`,
`_beside_spot`) answers the same with the room asked point by point as with its grid of
points worked out at once (`Room.blocked`), where the search stops early when no point of
the grid is left for any size: the layout and the refits trust the quick way."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_room import Room, in_ring_order, ring_cells
from pacific.gui.label_search import LabelRequest, _beside_spot, _inside_spot
from pacific.gui.piece_shapes import Box, Grid


def random_case(rnd: random.Random) -> tuple[LabelRequest, Room, Grid, float]:
    """A rectangular region with a label of a few sizes, a room of markers and leader lines
    (no names: a leader of the label's own is then never across one, whichever way the room
    is asked), the labels still waiting, and a scale."""
    scale = rnd.choice([0.5, 1.0, 2.0, rnd.uniform(0.3, 3)])
    w, h = rnd.uniform(2, 30), rnd.uniform(2, 30)
    region = QRectF(20 - w / 2, 20 - h / 2, w, h)
    sizes = sorted(((rnd.uniform(4, 40), rnd.uniform(4, 20)) for _ in range(rnd.randrange(1, 5))),
                   key=lambda s: -s[0] * s[1])
    variants = tuple(QRectF(-bw / 2, -bh / 2, bw, bh) for bw, bh in sizes)
    req = LabelRequest("r", region.center(), region, region.contains, variants,
                       region.intersects)
    room = Room(Grid(rnd.uniform(2, 8)), (0.0, 0.0, 40.0, 40.0) if rnd.random() < 0.5
                 else None)
    for _ in range(rnd.randrange(0, 40)):
        x, y = rnd.uniform(-5, 45), rnd.uniform(-5, 45)
        room.grid.add((x, y, x + rnd.uniform(0.5, 12), y + rnd.uniform(0.5, 8)))
    for k in range(rnd.randrange(0, 6)):
        room.leaders[f"line {k}"] = (rnd.uniform(-5, 45), rnd.uniform(-5, 45),
                                     rnd.uniform(-5, 45), rnd.uniform(-5, 45))
    waiting = Grid(5.0)
    for _ in range(rnd.randrange(0, 30)):
        x, y = rnd.uniform(0, 40), rnd.uniform(0, 40)
        waiting.add((x, y, x + rnd.uniform(1, 8), y + rnd.uniform(1, 5)))
    return req, room, waiting, scale


def point_by_point(room: Room) -> object:
    def free(box: Box) -> bool:
        return room(box)
    return free


def answer(where: object) -> object:
    if where is None:
        return None
    point: QPointF = where.point  # type: ignore[attr-defined]
    star: QPointF | None = where.star  # type: ignore[attr-defined]
    return (point.x(), point.y(), where.variant, where.leader,  # type: ignore[attr-defined]
            None if star is None else (star.x(), star.y()))


def assert_same_places(search: object, slow: Callable[..., object]) -> None:
    """``search`` (with the room as it is) finds the place ``slow`` finds (given the room, the
    label's variants and the waiting labels' test or None) in 400 random cases, where more
    than 50 find one."""
    wrong, found = [], 0
    for seed in range(400):
        req, room, waiting, scale = random_case(random.Random(seed))
        variants = range(len(req.variants))
        for ask in (None, waiting.hits):
            quick = search(req, scale, room, variants, ask)  # type: ignore[operator]
            other = slow(req, scale, room, variants, ask)
            found += quick is not None
            if answer(quick) != answer(other):
                wrong.append((seed, ask is not None, answer(quick), answer(other)))
    assert not wrong
    assert found > 50  # (the cases do find places, not only none)


@pytest.mark.parametrize("search", [_inside_spot, _beside_spot])
def test_the_grid_s_search_finds_the_points_search_s_place(search: object) -> None:
    def slow(req: LabelRequest, scale: float, room: Room, variants: range,
             ask: object) -> object:
        return search(req, scale, point_by_point(room), variants, ask)  # type: ignore[operator]

    assert_same_places(search, slow)


def test_the_ring_order_and_a_grid_s_free_points_in_it_are_the_plain_definitions() -> None:
    """`ring_cells`: the cells around a point in rows of columns, sorted (stably) by ring
    and then by distance at the cells' aspect; `in_ring_order`: the free points of a grid
    (a window of columns and rows), but those skipped, in that order. (Both are worked out
    the quick way.)"""
    import math

    rnd = random.Random(7)
    for rings in (0, 1, 3, 10, 12):
        for aspect in (0.5, 1.0, 1.3, 2.0, *(rnd.uniform(0.05, 6) for _ in range(30))):
            aspect = round(aspect, 1)
            grid = [(i, j) for i in range(-rings, rings + 1) for j in range(-rings, rings + 1)
                    if i or j]
            plain = sorted(grid, key=lambda c, a=aspect: (max(abs(c[0]), abs(c[1])),
                                                          math.hypot(c[0] * a, c[1])))
            assert list(ring_cells(rings, aspect)) == plain
            for _ in range(20):
                c0, c1 = sorted(rnd.randrange(-rings, rings + 1) for _ in range(2))
                r0, r1 = sorted(rnd.randrange(-rings, rings + 1) for _ in range(2))
                width, height = c1 - c0 + 1, r1 - r0 + 1
                blocked = bytes(rnd.random() < rnd.choice([0.0, 0.5, 0.9])
                                for _ in range(width * height))
                skip = {rnd.randrange(-1, width * height) for _ in range(3)}
                if c0 <= 0 <= c1 and r0 <= 0 <= r1:
                    skip.add(-r0 * width - c0)  # (the centre is not in the order: its own)
                cells = [(c0 + p % width, r0 + p // width)
                         for p in in_ring_order(blocked, skip, width, c0, r0, aspect)]
                assert cells == [c for c in plain if c0 <= c[0] <= c1 and r0 <= c[1] <= r1
                                 and not blocked[(c[1] - r0) * width + c[0] - c0]
                                 and (c[1] - r0) * width + c[0] - c0 not in skip]
