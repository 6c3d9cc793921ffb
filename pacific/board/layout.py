"""Where a region's label and its piece stacks go (scene coordinates, see `projection`).

Computed once by tools/build_map.py and stored in the map file; the functions live here so
tests and the build use the same definitions (label inside the region, slots inside the
region, clear of the label and of each other).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

if TYPE_CHECKING:
    from pacific.board.geometry import MapGeometry

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


def label_point(
    area: BaseGeometry,
    avoid: BaseGeometry | None = None,
    preferred: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """Where the label goes: ``preferred`` if it lies well inside ``area`` and clear of
    ``avoid``, else the point farthest inside the largest part of ``area`` minus ``avoid``.

    Raises:
        ValueError: if ``area`` holds no polygon.
    """
    room = area.difference(avoid) if avoid is not None and not avoid.is_empty else area
    if room.is_empty or room.area < 0.05 * area.area:
        room = area
    if preferred is not None and room.buffer(-LABEL_CLEARANCE).covers(Point(preferred)):
        return preferred
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
    than LABEL_CLEARANCE to the label; they keep out of ``avoid`` unless that leaves fewer
    than two. Small regions get a finer grid, down to half spacing (and half the clearance):
    their stacks are drawn smaller.
    """
    if avoid is not None and not avoid.is_empty:
        clear = _grid_slots(area.difference(avoid), label, count, spacing)
        if len(clear) >= min(count, 2):
            return clear
        # Too little room beside ``avoid`` (a tiny island under its own name): ignore it.
    return _grid_slots(area, label, count, spacing)


def _grid_slots(
    room: BaseGeometry, label: tuple[float, float], count: int, spacing: float
) -> list[tuple[float, float]]:
    lx, ly = label
    chosen: list[tuple[float, float]] = []
    if room.is_empty:
        return chosen
    for factor, margin in ((1.0, 0.3), (0.75, 0.3), (0.5, 0.3), (0.5, 0.0)):
        step = spacing * factor
        inner = room.buffer(-step * margin) if margin else room
        if inner.is_empty:
            inner = room
        minx, miny, maxx, maxy = inner.bounds
        row_h = step * math.sqrt(3) / 2
        # The grid is anchored on the label so small regions get symmetric candidates.
        reach = max(lx - minx, maxx - lx, ly - miny, maxy - ly)
        reach = min(reach, 12 * step)  # huge regions: only look near the label
        n_rows = int(reach / row_h) + 1
        n_cols = int(reach / step) + 1
        xs: list[float] = []
        ys: list[float] = []
        for r in range(-n_rows, n_rows + 1):
            off = (step / 2) if r % 2 else 0.0
            for c in range(-n_cols, n_cols + 1):
                xs.append(lx + c * step + off)
                ys.append(ly + r * row_h)
        inside = shapely.contains_xy(inner, xs, ys)
        cands: list[tuple[float, float]] = [
            (x, y)
            for x, y, ok in zip(xs, ys, inside, strict=True)
            if ok and math.hypot(x - lx, y - ly) >= LABEL_CLEARANCE * step / spacing
        ]
        cands.sort(key=lambda p: math.hypot(p[0] - lx, p[1] - ly))
        chosen = []
        for p in cands:
            if all(math.hypot(p[0] - q[0], p[1] - q[1]) >= step - 1e-6 for q in chosen):
                chosen.append(p)
                if len(chosen) == count:
                    break
        if len(chosen) >= min(count, 2):
            return chosen
    return chosen


# ---- where stacks may stand, computed once per space from its polygon ----

Spot = tuple[float, float, float]  # x, y (scene units) and clearance: the distance to the edge
SPOT_LEVELS = 5  # grids of doubling spacing, each over a wider disc around the label
SPOT_POINTS = 90  # about this many grid points per level


def stack_room(area: BaseGeometry, others: BaseGeometry) -> BaseGeometry:
    """Where a space's stacks may stand: its area (an island's encircling outline counts)
    without ``others``, the land of another territory, so that a sea zone's ships stand on
    water and a territory's pieces never on a neighbour (an outline that overlaps another's)."""
    room = area.difference(others)
    if room.is_empty or room.area < 0.05 * area.area:
        return area  # a space all under others (never on this map): keep what it has
    return room


def stack_spots(room: BaseGeometry, anchor: tuple[float, float] | None) -> tuple[Spot, ...]:
    """Candidate points for a space's stacks, nearest ``anchor`` (its label point) first, each
    with its clearance, so that the GUI can pick, at any zoom and without shapely, points where
    a token of a given size lies wholly inside the space: the point farthest inside the space
    (polylabel) and hexagonal grids of spacing doubling level by level, each over a disc twice
    as wide, dense near the label and reaching the whole space.

    Raises:
        ValueError: if ``room`` holds no polygon.
    """
    poly = largest_polygon(room)
    centre = polylabel(poly, tolerance=max(0.25, math.sqrt(poly.area) / 200))
    if not poly.contains(centre):
        centre = poly.representative_point()
    ax, ay = anchor if anchor is not None and room.covers(Point(anchor)) else (centre.x, centre.y)
    minx, miny, maxx, maxy = room.bounds
    # Distances are compared squared, in plain arithmetic: `math.hypot` comes from the
    # platform's C library and may differ in the last bit between machines, which would
    # reorder points at equal distance and make a cache built on one machine disagree with
    # the shapes built on another.
    reach_all = math.sqrt(max(_dist2(x, y, ax, ay) for x in (minx, maxx) for y in (miny, maxy)))
    # The first level's spacing gives SPOT_POINTS points over the space, or over a disc of the
    # same count where the space is large.
    step = max(0.5, math.sqrt(room.area / SPOT_POINTS))
    step = min(step, 4.0)
    xs: list[float] = [centre.x]
    ys: list[float] = [centre.y]
    inner = 0.0
    for level in range(SPOT_LEVELS):
        spacing = step * 2 ** level
        reach = spacing * math.sqrt(SPOT_POINTS / math.pi) * 1.1
        if level == SPOT_LEVELS - 1:
            reach = max(reach, reach_all)
        row_h = spacing * math.sqrt(3) / 2
        n_rows, n_cols = int(reach / row_h) + 1, int(reach / spacing) + 1
        for r in range(-n_rows, n_rows + 1):
            off = spacing / 2 if r % 2 else 0.0
            for c in range(-n_cols, n_cols + 1):
                x, y = ax + c * spacing + off, ay + r * row_h
                if inner * inner <= _dist2(x, y, ax, ay) <= reach * reach:
                    xs.append(x)
                    ys.append(y)
        inner = reach
        if reach >= reach_all:
            break
    inside = shapely.contains_xy(room, xs, ys)
    px = [x for x, ok in zip(xs, inside, strict=True) if ok]
    py = [y for y, ok in zip(ys, inside, strict=True) if ok]
    if not px:
        px, py = [centre.x], [centre.y]
    clear = shapely.distance(room.boundary, shapely.points(px, py))
    spots = [(float(x), float(y), float(c)) for x, y, c in zip(px, py, clear, strict=True)]
    spots.sort(key=lambda s: _dist2(s[0], s[1], ax, ay))
    return tuple(spots)


def _dist2(x: float, y: float, ax: float, ay: float) -> float:
    """The squared distance, the same to the bit on every machine (IEEE basic operations)."""
    dx, dy = x - ax, y - ay
    return dx * dx + dy * dy


def map_stack_spots(geometry: MapGeometry) -> dict[str, tuple[Spot, ...]]:
    """`stack_spots` of every territory and sea zone of ``geometry``: a sea zone's on its
    water (its shape runs under its islands), a territory's on its own land or inside its
    island outline, off every other territory."""
    land = {rid: r.hit_area for rid, r in geometry.regions.items() if r.kind != "sea_zone"}
    ids = list(land)
    tree = shapely.STRtree([land[rid] for rid in ids])
    outlined = {rid for rid, r in geometry.regions.items() if r.outline is not None}
    out: dict[str, tuple[Spot, ...]] = {}
    for rid, region in geometry.playable().items():
        area = region.hit_area
        near = [ids[i] for i in tree.query(area, predicate="intersects") if ids[i] != rid]
        if region.kind != "sea_zone":
            # Territories share only borders, but an island's outline may reach over another.
            near = [o for o in near if rid in outlined or o in outlined]
        room = area
        for o in near:  # one by one: far quicker than a union of them first
            room = stack_room(room, land[o])
        out[rid] = stack_spots(room, region.label)
    return out
