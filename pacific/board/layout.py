"""Where a region's label and its piece stacks go (scene coordinates, see `projection`).

Computed once by tools/build_map.py and stored in the map file; the functions live here so
tests and the build use the same definitions (label inside the region, slots inside the
region, clear of the label and of each other).
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

SLOT_SPACING = 20.0  # scene units between two stack centres (a stack is drawn ~16 wide)
LABEL_CLEARANCE = 14.0  # no stack centre this close to the label point
SLOT_COUNT_LAND = 6
SLOT_COUNT_SEA = 8


def largest_polygon(geom: BaseGeometry) -> Polygon:
    """The biggest polygon of ``geom``.

    Raises:
        ValueError: if ``geom`` holds no polygon.
    """
    if isinstance(geom, Polygon) and not geom.is_empty:
        return geom
    polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon) and not g.is_empty]
    for g in getattr(geom, "geoms", []):
        if isinstance(g, MultiPolygon):
            polys.extend(g.geoms)
    if not polys:
        raise ValueError("geometry has no polygon")
    return max(polys, key=lambda p: p.area)


def label_point(area: BaseGeometry, avoid: BaseGeometry | None = None) -> tuple[float, float]:
    """The point of ``area`` farthest inside its largest part, away from ``avoid`` if possible.

    Raises:
        ValueError: if ``area`` holds no polygon.
    """
    room = area.difference(avoid) if avoid is not None and not avoid.is_empty else area
    if room.is_empty or room.area < 0.05 * area.area:
        room = area
    poly = largest_polygon(room)
    point = polylabel(poly, tolerance=0.5)
    if not poly.contains(point):  # degenerate slivers: fall back to a guaranteed inside point
        point = poly.representative_point()
    return (point.x, point.y)


def placement_slots(
    area: BaseGeometry,
    label: tuple[float, float],
    count: int,
    avoid: BaseGeometry | None = None,
    spacing: float = SLOT_SPACING,
) -> list[tuple[float, float]]:
    """Up to ``count`` stack positions inside ``area``, nearest the label first.

    Candidates lie on a hexagonal grid; none is closer than ``spacing`` to another or closer
    than LABEL_CLEARANCE to the label. Small regions get a finer grid, down to half spacing.
    """
    room = area.difference(avoid) if avoid is not None and not avoid.is_empty else area
    if room.is_empty:
        room = area
    lx, ly = label
    for step in (spacing, spacing * 0.75, spacing * 0.5):
        inner = room.buffer(-step * 0.3)
        if inner.is_empty:
            inner = room
        minx, miny, maxx, maxy = inner.bounds
        row_h = step * math.sqrt(3) / 2
        cands: list[tuple[float, float]] = []
        rows = int((maxy - miny) / row_h) + 2
        cols = int((maxx - minx) / step) + 2
        if rows * cols > 40000:  # huge regions: only look near the label
            minx, maxx = lx - 12 * step, lx + 12 * step
            miny, maxy = ly - 12 * step, ly + 12 * step
            rows = int((maxy - miny) / row_h) + 2
            cols = int((maxx - minx) / step) + 2
        xs: list[float] = []
        ys: list[float] = []
        for r in range(rows):
            off = (step / 2) if r % 2 else 0.0
            for c in range(cols):
                xs.append(minx + c * step + off)
                ys.append(miny + r * row_h)
        pts = shapely.points(xs, ys)
        inside = shapely.contains_xy(inner, xs, ys)
        for x, y, ok in zip(xs, ys, inside, strict=True):
            if ok and math.hypot(x - lx, y - ly) >= LABEL_CLEARANCE:
                cands.append((x, y))
        del pts
        cands.sort(key=lambda p: math.hypot(p[0] - lx, p[1] - ly))
        chosen: list[tuple[float, float]] = []
        for p in cands:
            if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= step - 1e-6 for q in chosen):
                chosen.append(p)
                if len(chosen) == count:
                    break
        if len(chosen) >= min(count, 2):
            return chosen
    return chosen


def point_inside(geom: BaseGeometry, xy: tuple[float, float]) -> bool:
    return bool(geom.covers(Point(xy)))
