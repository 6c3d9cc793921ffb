"""What the pieces' layout knows of the map, and its plain geometry: each space's shape
(`SpaceShape`: its candidate points, computed once from its polygon by
`pacific.board.layout.stack_spots`, its label, its name and its centre), a marker's size at a
zoom, the bands of zooms laid out alike, and boxes in buckets for quick overlap questions
(`Grid`, the labels' layout asks them too). The layout itself is `piece_layout`'s; the markers
of the spaces too small for a whole token are `small_spaces`'."""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.recent import Recent

# A marker's square, as a fraction of the piece's size in pixels (the token plus its count
# badge and chips; cargo icons hang below it).
FOOTPRINT = 1.2
TOKEN = 0.5  # the round token's radius, as a fraction of the piece's size
# How far below the token's centre its cargo icons reach, as a fraction of the piece's size
# (`StackItem._cargo_rects`: a card 0.42 of it high, from 0.46 down): past the footprint.
CARD = 0.88
SPACING = 1.1  # the least distance between two slots of a space, in pieces
INSIDE = 0.85  # how much of a token's radius must lie inside its space
CRAMPED = 2.0  # a space this many tokens deep or less has its first slot kept off the labels
HEMMED = 4.0  # a space this deep or less may find every place for its stacks under a name
FALLBACK_SPOTS = 40  # the candidates a space too small for a token compares
HIT = 0.55  # a marker's clickable radius, as a fraction of the piece's size


@dataclass(frozen=True)
class SpaceShape:
    """What the layout needs to know of one space, in scene coordinates."""

    spots: array[float]  # x, y, clearance, ... flat, nearest the label first
    label: QPointF | None  # where its label is drawn ...
    label_box: QRectF  # ... and the label's ink, in pixels around that point
    holds_units: bool = True  # False for an impassable territory
    # Its name at its own label point, in its smallest whole variant (pixels around the
    # point): a small space's marker keeps off it when it can, so the name stays there.
    name_at: QPointF | None = None
    name_box: QRectF = field(default_factory=QRectF)
    # Where a player drops a piece on it: no other space's marker covers it.
    centre: QPointF | None = None
    land: bool = False  # a territory (else a sea zone)
    # An island group inside its encircling outline: the outline is mostly water, where a
    # marker far from the group's name reads as the sea zone's (`Layout`).
    ringed: bool = False

    @property
    def deepest(self) -> float:
        """The clearance of the point farthest inside the space."""
        return max(self.spots[2::3], default=0.0)


Box = tuple[float, float, float, float]  # left, top, right, bottom (scene units)
MAX_LAYOUTS = 16  # layouts kept (`layout_for`)


BAND = 2 ** (1 / 6)  # the zooms laid out alike: fit × BAND ** k up to the next


def layout_zoom(zoom: float, fit: float | None) -> float:
    """The zoom the labels and pieces are laid out for while the view shows ``zoom``: the
    bottom of its band of zooms (the whole map's ``fit`` times a power of BAND), so that a
    zoom in a band seen before finds its layouts made. Laid out for a zoom at most the one
    shown, labels and markers, which keep their size in pixels, are smaller in the scene than
    laid out: they overlap nothing they did not."""
    if not fit:
        return zoom
    return fit * BAND ** math.floor(math.log(zoom / fit) / math.log(BAND) + 1e-6)


def zoom_key(scale: float) -> int:
    """``scale`` to a millionth (of its logarithm): a zoom in and out again by the same steps
    comes back to the same key, though not always to the same float. Layouts are kept by it."""
    return round(math.log(scale) * 1e6)


class Grid:
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

    def hits(self, box: Box, but: Box | None = None) -> bool:
        """Does ``box`` overlap a box of the grid (``but`` left out)? Touching is not
        overlapping."""
        # (the commonest question: its loops written out, without a generator)
        left, top, right, bottom = box
        c, get = self.cell, self.buckets.get
        j0, j1 = int(top // c), int(bottom // c) + 1
        for i in range(int(left // c), int(right // c) + 1):
            for j in range(j0, j1):
                for o in get((i, j), ()):
                    if o[0] < right and left < o[2] and o[1] < bottom and top < o[3] and \
                            o != but:
                        return True
        return False


def squares_overlap(boxes: list[Box], box: Box) -> float:
    """The area ``box`` shares with ``boxes``, all of them together (0: none)."""
    left, top, right, bottom = box
    total = 0.0
    for o in boxes:
        w = (right if right < o[2] else o[2]) - (left if left > o[0] else o[0])
        h = (bottom if bottom < o[3] else o[3]) - (top if top > o[1] else o[1])
        if w > 0 and h > 0:
            total += w * h
    return total


class Deep:
    """A space's candidates, deepest first: computed once per candidate array, for every
    zoom (the small spaces' slots are their deepest free point)."""

    def __init__(self, spots: array[float]) -> None:
        self.spots = spots  # (kept: the cache is by its id)
        self.deepest = max(spots[2::3], default=0.0)
        xs, ys = spots[0::3], spots[1::3]
        self.bounds: Box = (min(xs, default=0.0), min(ys, default=0.0), max(xs, default=0.0),
                            max(ys, default=0.0))
        self._order: list[int] | None = None

    @property
    def order(self) -> list[int]:
        """The candidates' offsets in ``spots``, deepest first (asked of small spaces only)."""
        if self._order is None:
            clearances = self.spots[2::3]
            ranked = sorted(range(len(clearances)), key=lambda k: -clearances[k])
            self._order = [3 * k for k in ranked]
        return self._order


_deep: Recent[int, Deep] = Recent(4096)


def deep_of(spots: array[float]) -> Deep:
    found = _deep.get(id(spots))
    if found is None or found.spots is not spots:
        found = Deep(spots)
        _deep.put(id(spots), found)
    return found


def marker_sizes(zoom: float, pixels: float) -> tuple[float, float, float]:
    """Half a marker's side, the least distance between two slots (on either axis) and the
    clearance a whole token needs, in scene units, for pieces ``pixels`` wide at ``zoom``."""
    return (pixels * FOOTPRINT / 2 / zoom, pixels * SPACING / zoom,
            pixels * TOKEN / zoom * INSIDE)

