"""Where the pieces go on the map: every marker stands inside its own space, clear of the labels.

Pieces keep their size on screen (a few tens of pixels) while the map scales. Each space carries
candidate points computed once from its polygon (`pacific.board.layout.stack_spots`: the point
farthest inside it and grids around its label, each with its distance to the space's edge). At a
zoom, a space's *slots* are the candidates, nearest its label first, where a whole token fits
inside the space, clear of every label and of the other slots. They depend on the zoom and the
labels only, never on the other spaces' stacks: a stack keeps its place when others move.

A space too small for one whole token at this zoom gets one slot at its deepest point clear of
the labels (its token overflows onto the neighbours, but its centre stays on its own space);
those slots are reserved first, so the neighbours' slots keep clear of them.

`PieceLayer` (pacific.gui.pieces) gives each stack a slot index that it keeps while it stays in
its space, and shows one marker per nation, or one for the whole space, when its stacks do not
all fit at this zoom.
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.recent import Recent

# A marker's square, as a fraction of the piece's size in pixels (the token plus its count
# badge and chips; cargo icons hang below it).
FOOTPRINT = 1.2
TOKEN = 0.5  # the round token's radius, as a fraction of the piece's size
SPACING = 1.1  # the least distance between two slots of a space, in pieces
INSIDE = 0.85  # how much of a token's radius must lie inside its space
FALLBACK_SPOTS = 40  # the candidates a space too small for a token compares


@dataclass(frozen=True)
class SpaceShape:
    """What the layout needs to know of one space, in scene coordinates."""

    spots: array[float]  # x, y, clearance, ... flat, nearest the label first
    label: QPointF | None  # where its label is drawn ...
    label_box: QRectF  # ... and the label's ink, in pixels around that point
    holds_units: bool = True  # False for an impassable territory

    @property
    def deepest(self) -> float:
        """The clearance of the point farthest inside the space."""
        return max(self.spots[2::3], default=0.0)


Box = tuple[float, float, float, float]  # left, top, right, bottom (scene units)
MAX_LAYOUTS = 16  # layouts kept (`layout_for`)


def zoom_key(scale: float) -> int:
    """``scale`` to a millionth (of its logarithm): a zoom in and out again by the same steps
    comes back to the same key, though not always to the same float. Layouts are kept by it."""
    return round(math.log(scale) * 1e6)


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

    def _near(self, box: Box) -> Iterator[Box]:
        """The boxes in the buckets ``box`` touches (a box in two of them comes twice)."""
        c, get = self.cell, self.buckets.get
        j0, j1 = int(box[1] // c), int(box[3] // c) + 1
        for i in range(int(box[0] // c), int(box[2] // c) + 1):
            for j in range(j0, j1):
                yield from get((i, j), ())

    def under_box(self, box: Box) -> list[Box]:
        """The boxes of the grid that overlap ``box`` (or touch it)."""
        left, top, right, bottom = box
        return [o for o in self._near(box)
                if o[0] <= right and left <= o[2] and o[1] <= bottom and top <= o[3]]

    def within(self, box: Box) -> list[Box]:
        """The boxes of the grid that overlap ``box`` or touch it, each once: a space's
        questions then look at a short list, not at the buckets again and again."""
        return list(dict.fromkeys(self.under_box(box)))

    def hits(self, box: Box) -> bool:
        # (the commonest question: its loops written out, without a generator)
        left, top, right, bottom = box
        c, get = self.cell, self.buckets.get
        j0, j1 = int(top // c), int(bottom // c) + 1
        for i in range(int(left // c), int(right // c) + 1):
            for j in range(j0, j1):
                for o in get((i, j), ()):
                    if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
                        return True
        return False


def _hits(boxes: list[Box], box: Box) -> bool:
    """Does ``box`` overlap one of ``boxes`` (touching is not overlapping)?"""
    left, top, right, bottom = box
    for o in boxes:  # noqa: SIM110 (a loop: any() with a generator is slower here)
        if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
            return True
    return False


def _overlap(boxes: list[Box], box: Box) -> float:
    """The largest area ``box`` shares with one of ``boxes`` (0: none)."""
    left, top, right, bottom = box
    most = 0.0
    for o in boxes:  # (min and max written out: the commonest arithmetic of a layout)
        w = (right if right < o[2] else o[2]) - (left if left > o[0] else o[0])
        if w <= 0:
            continue
        h = (bottom if bottom < o[3] else o[3]) - (top if top > o[1] else o[1])
        if h > 0 and w * h > most:
            most = w * h
    return most


class Layout:
    """One zoom's slots: asked space by space (`slots`), each answer kept."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 obstacles: Sequence[tuple[QPointF, QRectF]] = ()) -> None:
        """``obstacles``: more things to keep clear of, like the labels: (scene point, box
        in pixels around it), e.g. the battle markers."""
        self.spaces = spaces
        self.half = pixels * FOOTPRINT / 2 / zoom  # half a marker's side, in scene units
        self.radius = pixels * TOKEN / zoom  # the token's radius, in scene units
        # Two stacks of a space stand a token and a little apart (their count badges may
        # touch), and a token may reach a little past its space's edge: more stacks show
        # before their space is summarised.
        self.apart = pixels * SPACING / zoom
        self.inside = self.radius * INSIDE
        boxes: list[Box] = []
        self.own_label: dict[str, Box] = {}
        marks = [(sid, shape.label, shape.label_box) for sid, shape in spaces.items()
                 if shape.label is not None and not shape.label_box.isEmpty()]
        for sid, point, b in [*marks, *(("", p, b) for p, b in obstacles)]:
            x, y = point.x(), point.y()
            boxes.append((x + b.left() / zoom, y + b.top() / zoom,
                          x + b.right() / zoom, y + b.bottom() / zoom))
            if sid:
                self.own_label[sid] = boxes[-1]
        # Buckets about a label's size: a question then looks at a few buckets only.
        widest = max((b[2] - b[0] for b in boxes), default=self.half * 4)
        self.labels = _Grid(max(widest, self.half * 4))
        for box in boxes:
            self.labels.add(box)
        # Per space: the most slots asked for so far, and the slots found.
        self._slots: dict[str, tuple[int, list[tuple[float, float]]]] = {}
        self.reserved = _Grid(self.half * 2)
        self._reserve_small_spaces()

    def _square(self, x: float, y: float) -> Box:
        h = self.half
        return (x - h, y - h, x + h, y + h)

    def _around(self, spots: array[float]) -> Box:
        """The extent of every token centred on one of ``spots``."""
        h, xs, ys = self.half, spots[0::3], spots[1::3]
        return (min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h)

    def _fits(self, shape: SpaceShape) -> bool:
        """Does a whole token fit somewhere in the space, clear of the labels?"""
        spots, r = shape.spots, self.inside
        if shape.deepest < r:
            return False
        near = self.labels.within(self._around(spots))
        for i in range(0, len(spots), 3):
            if spots[i + 2] >= r and not _hits(near, self._square(spots[i], spots[i + 1])):
                return True
        return False

    def _reserve_small_spaces(self) -> None:
        """The one slot of each space too small for a whole token, reserved before any other
        slot (smallest spaces first: they have the fewest choices)."""
        small = [(shape.deepest, sid) for sid, shape in self.spaces.items()
                 if shape.holds_units and shape.spots and not self._fits(shape)]
        for _clearance, sid in sorted(small):
            x, y = self._best_spot(sid)
            self._slots[sid] = (1 << 30, [(x, y)])  # its only slot
            self.reserved.add(self._square(x, y))

    def _best_spot(self, space: str) -> tuple[float, float]:
        """Of the candidates whose centre is off every other space's label (all of them if
        none is), the one whose token covers the least of the labels and of the reserved
        tokens, the deepest inside among equals (FALLBACK_SPOTS of them, spread evenly, are
        compared). A space too small for its stacks may hide its own name, not another's."""
        spots = self.spaces[space].spots
        own = self.own_label.get(space)
        # Evenly spread over the candidates (nearest the label first): a small space's are a
        # fraction of a pixel apart at the zooms that need this.
        count = len(spots) // 3
        stride = max(1, count // FALLBACK_SPOTS)
        every = range(0, 3 * count, 3 * stride)
        around = self._around(spots)
        labels, reserved = self.labels.within(around), self.reserved.within(around)
        clear = [i for i in every
                 if all(box == own for box in labels if box[0] <= spots[i] <= box[2]
                        and box[1] <= spots[i + 1] <= box[3])]
        candidates = clear or list(every)
        # A token touching neither a label nor a reserved token, the deepest (the nearest the
        # label among equals); the areas covered are compared only when there is none.
        free = [i for i in candidates
                if not _hits(labels, self._square(spots[i], spots[i + 1]))
                and not _hits(reserved, self._square(spots[i], spots[i + 1]))]
        if free:
            i = max(free, key=lambda i: min(spots[i + 2], self.radius))
            return (spots[i], spots[i + 1])
        best: tuple[float, float, float] | None = None
        at = (spots[0], spots[1])
        for i in candidates:
            x, y = spots[i], spots[i + 1]
            square = self._square(x, y)
            rank = (-_overlap(labels, square), -_overlap(reserved, square),
                    min(spots[i + 2], self.radius))
            if best is None or rank > best:
                best, at = rank, (x, y)
        return at

    def slots(self, space: str, count: int) -> list[QPointF]:
        """Up to ``count`` slots of ``space``, nearest its label first (at least one). The
        first ``n`` are the same whatever ``count`` is asked, so a space's stacks keep their
        slots when one more arrives."""
        asked, known = self._slots.get(space, (0, []))
        if asked < count:
            asked, known = count, self._find(space, count)
            self._slots[space] = (asked, known)
        return [QPointF(x, y) for x, y in known[:count]]

    def _find(self, space: str, count: int) -> list[tuple[float, float]]:
        shape = self.spaces[space]
        spots, r, step = shape.spots, self.inside, self.apart
        chosen: list[tuple[float, float]] = []
        for i in range(0, len(spots), 3):
            if spots[i + 2] < r:
                continue
            x, y = spots[i], spots[i + 1]
            if any(abs(x - cx) < step and abs(y - cy) < step for cx, cy in chosen):
                continue
            square = self._square(x, y)
            if self.labels.hits(square) or self.reserved.hits(square):
                continue
            chosen.append((x, y))
            if len(chosen) == count:
                break
        if not chosen:  # no room clear of the labels and the small spaces' tokens
            chosen.append(self._best_spot(space))
        return chosen


# The layouts made, by what they were made of (`layout_for`).
_layouts: Recent[tuple[object, ...], Layout] = Recent(MAX_LAYOUTS)


def layout_for(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
               obstacles: Sequence[tuple[QPointF, QRectF]] = ()) -> Layout:
    """The `Layout` of these spaces, labels and obstacles at ``zoom``, made once: zooming back
    to a zoom seen before (the labels laid out as they were then) finds its slots found. A
    layout keeps its spaces' candidate arrays, so their ids in the key stay theirs."""
    key = (zoom_key(zoom), round(pixels, 6),
           tuple((sid, id(shape.spots), shape.holds_units,
                  None if shape.label is None else (shape.label.x(), shape.label.y()),
                  shape.label_box.getCoords()) for sid, shape in spaces.items()),
           tuple((p.x(), p.y(), b.getCoords()) for p, b in obstacles))
    layout = _layouts.get(key)
    if layout is None:
        layout = Layout(spaces, zoom, pixels, obstacles)
        _layouts.put(key, layout)
    return layout
