"""Where each region's label goes at one zoom, so that no two labels overlap (issue 4).

Labels keep their size in pixels while the map scales, so at the overview zoom the labels of
small neighbours (Kweichow and Anhwe, New Guinea and New Britain) would cover one another at
their label points. `place` works in the current zoom: every label is a box of pixels turned
into scene units, and is put at the first candidate that overlaps no label placed before it:

1. its label point, then points inside its region nearest to it (for a sea zone, clear of
   land), in its full size, then in the smaller variants (smaller font, two-line name);
2. only when nothing inside fits (a tiny island at a small zoom): the nearest free point
   around its label point, and a leader line to it when that lies outside the region.

Small regions choose first: they have the fewest places to go; a big region always finds
another spot inside itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.piece_layout import Box, _Grid

GAP = 3.0  # pixels kept free between two labels
RINGS = 10  # rings of points tried inside a region, around its label point
OUTSIDE_RINGS = 12  # rings of points tried beside a region too cramped for its label


@dataclass(frozen=True)
class LabelRequest:
    """One region's label, in scene coordinates; boxes in pixels around the anchor."""

    region: str
    point: QPointF  # the geometry's label point (inside the region)
    bounds: QRectF  # the region's extent
    contains: Callable[[QPointF], bool]  # may the label's centre sit here (region, not land)?
    variants: tuple[QRectF, ...]  # the label's box in each variant, best first


@dataclass(frozen=True)
class Placement:
    point: QPointF  # where the label's anchor goes (scene)
    variant: int  # index into LabelRequest.variants
    leader: bool  # outside its region: draw a line to LabelRequest.point


def _box(point: QPointF, box: QRectF, scale: float, gap: float = GAP) -> Box:
    x, y, g = point.x(), point.y(), gap / scale
    return (x + box.left() / scale - g, y + box.top() / scale - g,
            x + box.right() / scale + g, y + box.bottom() / scale + g)


@lru_cache(maxsize=256)
def _ring_cells(rings: int, aspect: float) -> tuple[tuple[int, int], ...]:
    """Grid cells around (0, 0), ring by ring, nearest first within a ring, for cells
    ``aspect`` times as wide as they are high."""
    cells = [(i, j) for i in range(-rings, rings + 1) for j in range(-rings, rings + 1)
             if (i, j) != (0, 0)]
    cells.sort(key=lambda c: (max(abs(c[0]), abs(c[1])), math.hypot(c[0] * aspect, c[1])))
    return tuple(cells)


def _rings(centre: QPointF, step_x: float, step_y: float, rings: int) -> Iterator[QPointF]:
    """Points on a grid around ``centre``, ring by ring (nearest first)."""
    cx, cy = centre.x(), centre.y()
    for i, j in _ring_cells(rings, round(step_x / step_y, 1)):
        yield QPointF(cx + i * step_x, cy + j * step_y)


def _inside(req: LabelRequest, box: QRectF, scale: float) -> Iterator[QPointF]:
    yield req.point
    # Steps of a quarter label across, half a label down: fine enough to slip between
    # neighbours, few enough to be quick.
    step_x = max(box.width() / scale / 4, 1e-6)
    step_y = max(box.height() / scale / 2, 1e-6)
    rings = min(RINGS, int(max(req.bounds.width() / step_x, req.bounds.height() / step_y)) + 1)
    for p in _rings(req.point, step_x, step_y, rings):
        if req.bounds.contains(p) and req.contains(p):
            yield p


def _beside(req: LabelRequest, box: QRectF, scale: float) -> Iterator[QPointF]:
    """Points around the label point, nearest first, whether inside the region or not."""
    step_x = max(box.width() / scale / 4, 1e-6)
    step_y = max(box.height() / scale / 2, 1e-6)
    yield from _rings(req.point, step_x, step_y, OUTSIDE_RINGS)


def _inside_spot(req: LabelRequest, scale: float,
                 free: Callable[[Box], bool]) -> Placement | None:
    """The first free point inside the region, in the best variant that has one."""
    for v, variant in enumerate(req.variants):
        for p in _inside(req, variant, scale):
            if free(_box(p, variant, scale)):
                return Placement(p, v, False)
    return None


def _beside_spot(req: LabelRequest, scale: float,
                 free: Callable[[Box], bool]) -> Placement | None:
    """The nearest free point around the label point, in any variant: a short leader beats
    a big label far away."""
    for p in _beside(req, req.variants[-1], scale):
        fits = next((k for k, variant in enumerate(req.variants)
                     if free(_box(p, variant, scale))), None)
        if fits is not None:
            return Placement(p, fits, not req.contains(p))
    return None


def place(requests: list[LabelRequest], scale: float, frame: QRectF) -> dict[str, Placement]:
    """Every label's place at ``scale`` (pixels per scene unit), inside ``frame`` (the scene).

    A label that fits nowhere (on the Pacific board, only far below the fit-to-window zoom of
    a laptop screen) keeps its label point in its smallest variant rather than vanish."""
    placed = _Grid(max(60.0 / scale, 1e-6))
    fx0, fy0, fx1, fy1 = frame.left(), frame.top(), frame.right(), frame.bottom()

    def free(box: Box) -> bool:
        inside_frame = box[0] >= fx0 and box[1] >= fy0 and box[2] <= fx1 and box[3] <= fy1
        return inside_frame and not placed.hits(box)

    out: dict[str, Placement] = {}
    order = sorted(requests, key=lambda r: (r.bounds.width() * r.bounds.height(), r.region))
    # First every label that fits at its own label point, in its best variant that does: a
    # smaller font where it stands reads better than a label moved away; a label looking for
    # room elsewhere then keeps clear of those.
    moving: list[LabelRequest] = []
    for req in order:
        fits = next((k for k, variant in enumerate(req.variants)
                     if free(_box(req.point, variant, scale))), None)
        if fits is None:
            moving.append(req)
            continue
        out[req.region] = Placement(req.point, fits, False)
        placed.add(_box(req.point, req.variants[fits], scale))
    # The label points of the labels still to move, in their smallest variant: a label that
    # moves first keeps off them when it can, not to push its neighbour further away.
    waiting = {r.region: _box(r.point, r.variants[-1], scale, 0.0) for r in moving}

    def polite(box: Box) -> bool:
        return free(box) and not any(w[0] < box[2] and box[0] < w[2] and w[1] < box[3]
                                     and box[1] < w[3] for w in waiting.values())

    for req in moving:
        del waiting[req.region]
        chosen = (_inside_spot(req, scale, polite) or _inside_spot(req, scale, free)
                  or _beside_spot(req, scale, polite) or _beside_spot(req, scale, free)
                  or Placement(req.point, len(req.variants) - 1, False))
        out[req.region] = chosen
        placed.add(_box(chosen.point, req.variants[chosen.variant], scale))
    return out
