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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

# A marker's square, as a fraction of the piece's size in pixels (the token plus its count
# badge and chips; cargo icons hang below it).
FOOTPRINT = 1.2
RINGS = 5  # rings of candidate points tried around a space's first slot ...
FAR_RINGS = 6  # ... and, for a space too small for its markers, next to it


@dataclass(frozen=True)
class SpaceShape:
    """What the layout needs to know of one space, in scene coordinates."""

    slots: tuple[QPointF, ...]  # the map's preferred points, best first
    anchor: QPointF  # where rings of extra points start
    contains: Callable[[QPointF], bool]  # is a point inside the space (its hit area)?
    label: QPointF | None  # where its label is drawn ...
    label_box: QRectF  # ... and the label's ink, in pixels around that point


Box = tuple[float, float, float, float]  # left, top, right, bottom (scene units)


class _Grid:
    """Boxes in buckets, for quick "does this overlap anything?" questions. Plain tuples, not
    QRectF: the layout asks thousands of these questions at every zoom step."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1e-6)
        self.buckets: dict[tuple[int, int], list[Box]] = defaultdict(list)

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        c = self.cell
        i0, i1 = int(box[0] // c), int(box[2] // c)
        j0, j1 = int(box[1] // c), int(box[3] // c)
        return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]

    def add(self, box: Box) -> None:
        for key in self._keys(box):
            self.buckets[key].append(box)

    def remove(self, box: Box) -> None:
        for key in self._keys(box):
            self.buckets[key].remove(box)

    def hits(self, box: Box) -> bool:
        left, top, right, bottom = box
        get = self.buckets.get
        for key in self._keys(box):
            for o in get(key, ()):
                if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
                    return True
        return False


class Layout:
    """One zoom's placement: markers are added space by space; each keeps clear of the labels
    and of every marker placed before it."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 obstacles: Sequence[tuple[QPointF, QRectF]] = ()) -> None:
        """``obstacles``: more things to keep clear of, like the labels: (scene point, box
        in pixels around it), e.g. the battle markers."""
        self.spaces = spaces
        self.half = pixels * FOOTPRINT / 2 / zoom  # half a marker's side, in scene units
        self.markers = _Grid(self.half * 2)
        boxes: list[Box] = []
        marks = [(shape.label, shape.label_box) for shape in spaces.values()
                 if shape.label is not None and not shape.label_box.isEmpty()]
        for point, b in [*marks, *obstacles]:
            x, y = point.x(), point.y()
            boxes.append((x + b.left() / zoom, y + b.top() / zoom,
                          x + b.right() / zoom, y + b.bottom() / zoom))
        # Buckets about a label's size: a question then looks at a few buckets only.
        widest = max((b[2] - b[0] for b in boxes), default=self.half * 4)
        self.labels = _Grid(max(widest, self.half * 4))
        for box in boxes:
            self.labels.add(box)

    def _square(self, point: QPointF) -> Box:
        h, x, y = self.half, point.x(), point.y()
        return (x - h, y - h, x + h, y + h)

    @staticmethod
    def anchor_of(shape: SpaceShape) -> QPointF:
        """Where a space's pieces gather: around its label when the label is shown (the
        player looks for a region's units by its name), else its first slot."""
        if shape.label is not None and not shape.label_box.isEmpty():
            return shape.label
        return shape.slots[0] if shape.slots else shape.anchor

    def _candidates(self, shape: SpaceShape, rings: int = RINGS) -> Iterator[QPointF]:
        """The space's slots nearest its label first, then rings of points around the
        label (or the first slot)."""
        anchor = self.anchor_of(shape)
        ax, ay = anchor.x(), anchor.y()
        yield from sorted(shape.slots, key=lambda p: (p.x() - ax) ** 2 + (p.y() - ay) ** 2)
        step = self.half * 2.05
        yield anchor
        for ring in range(1, rings + 1):
            n = 6 * ring
            for k in range(n):
                angle = 2 * math.pi * k / n + (ring % 2) * math.pi / n
                yield QPointF(ax + ring * step * math.cos(angle),
                              ay + ring * step * math.sin(angle))

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
        then next to it clear of markers and labels, then clear of markers only. One pass
        over the candidates sorts them into those three grades."""
        shape = self.spaces[space]
        grades: tuple[list[QPointF], list[QPointF], list[QPointF]] = ([], [], [])
        for point in self._candidates(shape, FAR_RINGS):
            square = self._square(point)
            if self.markers.hits(square):
                continue
            grade = 2 if self.labels.hits(square) else 0 if shape.contains(point) else 1
            if len(grades[grade]) < count * 4:
                grades[grade].append(point)
            if len(grades[0]) >= count * 4:
                break
        chosen: list[QPointF] = []
        taken = _Grid(self.half * 2)
        for point in (*grades[0], *grades[1], *grades[2]):
            if len(chosen) == count:
                break
            square = self._square(point)
            if not taken.hits(square):
                chosen.append(point)
                taken.add(square)
        anchor = self.anchor_of(shape)
        while len(chosen) < count:  # a crowded corner of the map: overlap rather than vanish
            chosen.append(QPointF(anchor))
        for point in chosen:
            self.markers.add(self._square(point))
        return chosen
