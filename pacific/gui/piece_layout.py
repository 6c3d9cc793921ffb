"""Where the pieces go on the map: markers laid out without overlap, clear of the labels.

Pieces keep their size on screen (a few tens of pixels) while the map scales, so the map's slot
points (a fixed distance apart in scene units) are too close together when the whole Pacific is
shown. `place` works in the current zoom: every marker is a square of the piece's size in
pixels, converted to scene units, and is put at the first candidate point that overlaps neither
a marker already placed nor a region's label (name, IPC value, symbols): the region's slots
first, then rings around its first slot, inside the region when possible.

`PieceLayer` asks for the full stacks of a space first; when they do not all fit inside the
space at this zoom it shows one marker per nation there instead (and the full stacks once the
player zooms in).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

# A marker's square, as a fraction of the piece's size in pixels (the token plus its count
# badge and chips; cargo icons hang below it).
FOOTPRINT = 1.2
RINGS = 5  # rings of candidate points tried around a space's first slot ...
FAR_RINGS = 10  # ... and, for a space too small for its markers, next to it


@dataclass(frozen=True)
class SpaceShape:
    """What the layout needs to know of one space, in scene coordinates."""

    slots: tuple[QPointF, ...]  # the map's preferred points, best first
    anchor: QPointF  # where rings of extra points start
    contains: Callable[[QPointF], bool]  # is a point inside the space (its hit area)?
    label: QPointF | None  # where its label is drawn ...
    label_box: QRectF  # ... and the label's ink, in pixels around that point


class _Grid:
    """Rectangles in buckets, for quick "does this overlap anything?" questions."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1e-6)
        self.buckets: dict[tuple[int, int], list[QRectF]] = defaultdict(list)

    def _keys(self, rect: QRectF) -> list[tuple[int, int]]:
        c = self.cell
        return [(i, j)
                for i in range(math.floor(rect.left() / c), math.floor(rect.right() / c) + 1)
                for j in range(math.floor(rect.top() / c), math.floor(rect.bottom() / c) + 1)]

    def add(self, rect: QRectF) -> None:
        for key in self._keys(rect):
            self.buckets[key].append(rect)

    def hits(self, rect: QRectF) -> bool:
        for key in self._keys(rect):
            for other in self.buckets.get(key, ()):
                if other.intersects(rect):
                    return True
        return False


class Layout:
    """One zoom's placement: markers are added space by space; each keeps clear of the labels
    and of every marker placed before it."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float) -> None:
        self.spaces = spaces
        self.half = pixels * FOOTPRINT / 2 / zoom  # half a marker's side, in scene units
        self.markers = _Grid(self.half * 2)
        self.labels = _Grid(self.half * 4)
        for shape in spaces.values():
            if shape.label is not None and not shape.label_box.isEmpty():
                box = shape.label_box
                self.labels.add(QRectF(shape.label.x() + box.x() / zoom,
                                       shape.label.y() + box.y() / zoom,
                                       box.width() / zoom, box.height() / zoom))

    def _square(self, point: QPointF) -> QRectF:
        h = self.half
        return QRectF(point.x() - h, point.y() - h, 2 * h, 2 * h)

    def _candidates(self, shape: SpaceShape, rings: int = RINGS) -> list[QPointF]:
        out = list(shape.slots)
        anchor = shape.slots[0] if shape.slots else shape.anchor
        step = self.half * 2.05
        out.append(anchor)
        for ring in range(1, rings + 1):
            n = 6 * ring
            for k in range(n):
                angle = 2 * math.pi * k / n + (ring % 2) * math.pi / n
                out.append(QPointF(anchor.x() + ring * step * math.cos(angle),
                                   anchor.y() + ring * step * math.sin(angle)))
        return out

    def try_place(self, space: str, count: int) -> list[QPointF] | None:
        """``count`` free points inside ``space``, reserved; or None (nothing reserved) when
        they do not all fit inside it."""
        shape = self.spaces[space]
        chosen: list[QPointF] = []
        taken = _Grid(self.half * 2)
        for point in self._candidates(shape):
            if len(chosen) == count:
                break
            square = self._square(point)
            if self.markers.hits(square) or taken.hits(square) or self.labels.hits(square):
                continue
            if not shape.contains(point):
                continue
            chosen.append(point)
            taken.add(square)
        if len(chosen) < count:
            return None
        for point in chosen:
            self.markers.add(self._square(point))
        return chosen

    def place_anyway(self, space: str, count: int) -> list[QPointF]:
        """``count`` points for ``space`` even when it is too small: inside it where possible,
        then next to it clear of markers and labels, then clear of markers only."""
        shape = self.spaces[space]
        candidates = self._candidates(shape, FAR_RINGS)
        chosen: list[QPointF] = []
        for strict in (2, 1, 0):
            for point in candidates:
                if len(chosen) == count:
                    return chosen
                square = self._square(point)
                if self.markers.hits(square):
                    continue
                if strict >= 1 and self.labels.hits(square):
                    continue
                if strict == 2 and not shape.contains(point):
                    continue
                chosen.append(point)
                self.markers.add(square)
        while len(chosen) < count:  # a crowded corner of the map: overlap rather than vanish
            point = candidates[len(chosen) % len(candidates)]
            chosen.append(point)
            self.markers.add(self._square(point))
        return chosen
