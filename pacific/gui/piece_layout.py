"""Where the pieces go on the map: every marker stands inside its own space, clear of the labels.

Pieces keep their size on screen (a few tens of pixels) while the map scales. Each space carries
candidate points computed once from its polygon (`pacific.board.layout.stack_spots`: the point
farthest inside it and grids around its label, each with its distance to the space's edge). At a
zoom, a space's *slots* are the candidates, nearest its label first, where a whole token fits
inside the space, clear of every label and of the other slots. They depend on the zoom and the
labels only, never on the other spaces' stacks: a stack keeps its place when others move.

A space too small for one whole token at this zoom, or barely bigger (`CRAMPED`), gets its first
slot at its deepest point off the other such slots (`small_space_slots`), before the labels are
laid out: the labels keep clear of those (a label can move, a small space's stacks cannot). Every
other space then gets its first slot off the labels and the slots taken before it, in a fixed
order; more slots are found as they are asked for, off everything found so far. No marker then
stands on another space's marker or name, except where even that has no room (China's coast in
a small window), where a marker takes the place that covers the least.

`PieceLayer` (pacific.gui.pieces) gives each stack a slot index that it keeps while it stays in
its space, and shows one marker per nation, or one for the whole space, when its stacks do not
all fit at this zoom.
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.recent import Recent

# A marker's square, as a fraction of the piece's size in pixels (the token plus its count
# badge and chips; cargo icons hang below it).
FOOTPRINT = 1.2
TOKEN = 0.5  # the round token's radius, as a fraction of the piece's size
SPACING = 1.1  # the least distance between two slots of a space, in pieces
INSIDE = 0.85  # how much of a token's radius must lie inside its space
CRAMPED = 2.0  # a space this many tokens deep or less has its first slot kept off the labels
FALLBACK_SPOTS = 40  # the candidates a space too small for a token compares
MAKE_ROOM_SPOTS = 12  # the deepest candidates of a hemmed-in small space tried (_make_room)


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


def _squares_overlap(boxes: list[Box], box: Box) -> float:
    """The area ``box`` shares with ``boxes``, all of them together (0: none)."""
    left, top, right, bottom = box
    total = 0.0
    for o in boxes:
        w = (right if right < o[2] else o[2]) - (left if left > o[0] else o[0])
        h = (bottom if bottom < o[3] else o[3]) - (top if top > o[1] else o[1])
        if w > 0 and h > 0:
            total += w * h
    return total


class _Deep:
    """A space's candidates, deepest first: computed once per candidate array, for every
    zoom (the small spaces' slots are their deepest free point)."""

    def __init__(self, spots: array[float]) -> None:
        self.spots = spots  # (kept: the cache is by its id)
        self.deepest = max(spots[2::3], default=0.0)
        self._order: list[int] | None = None

    @property
    def order(self) -> list[int]:
        """The candidates' offsets in ``spots``, deepest first (asked of small spaces only)."""
        if self._order is None:
            clearances = self.spots[2::3]
            ranked = sorted(range(len(clearances)), key=lambda k: -clearances[k])
            self._order = [3 * k for k in ranked]
        return self._order


_deep: Recent[int, _Deep] = Recent(4096)


def _deep_of(spots: array[float]) -> _Deep:
    found = _deep.get(id(spots))
    if found is None or found.spots is not spots:
        found = _Deep(spots)
        _deep.put(id(spots), found)
    return found


def marker_sizes(zoom: float, pixels: float) -> tuple[float, float, float]:
    """Half a marker's side, the least distance between two slots (on either axis) and the
    clearance a whole token needs, in scene units, for pieces ``pixels`` wide at ``zoom``."""
    return (pixels * FOOTPRINT / 2 / zoom, pixels * SPACING / zoom,
            pixels * TOKEN / zoom * INSIDE)


def small_space_slots(spaces: dict[str, SpaceShape], zoom: float, pixels: float
                      ) -> dict[str, tuple[float, float]]:
    """The one slot of each space too small for a whole token at ``zoom``: its deepest point
    off the other small spaces' slots (smallest spaces first: they have the fewest choices),
    else the one whose marker covers the least of theirs. They depend on the spaces' shapes
    only, not on the labels: the labels keep clear of them (`small_space_boxes`), the other
    spaces' slots too. Made once per zoom and piece size."""
    key = (zoom_key(zoom), round(pixels, 6),
           tuple((sid, id(shape.spots), None if shape.name_at is None else
                  (shape.name_at.x(), shape.name_at.y(), shape.name_box.getCoords()))
                 for sid, shape in spaces.items() if shape.holds_units))
    known = _small.get(key)
    if known is not None:
        return known
    half, apart, inside = marker_sizes(zoom, pixels)
    small = []
    names: dict[int, Box] = {}  # by the candidates' id: each small space's own name
    for sid, shape in spaces.items():
        if shape.holds_units and shape.spots:
            deep = _deep_of(shape.spots)
            if deep.deepest < inside * CRAMPED:
                small.append((deep.deepest, sid, deep))
                if shape.name_at is not None and not shape.name_box.isEmpty():
                    p, b = shape.name_at, shape.name_box
                    names[id(deep)] = (p.x() + b.left() / zoom, p.y() + b.top() / zoom,
                                       p.x() + b.right() / zoom, p.y() + b.bottom() / zoom)
    taken = _Grid(apart * 2)
    out: dict[str, tuple[float, float]] = {}
    deeps: dict[str, _Deep] = {}

    def free_spot(deep: _Deep) -> tuple[float, float] | None:
        """The deepest point off the slots taken, and off the space's own name if one is."""
        spots, name = deep.spots, names.get(id(deep))
        at = None
        for i in deep.order:
            x, y = spots[i], spots[i + 1]
            if not taken.hits((x - apart, y - apart, x + apart, y + apart)):
                if name is None or not (x - half < name[2] and name[0] < x + half and
                                        y - half < name[3] and name[1] < y + half):
                    return (x, y)
                at = at or (x, y)
        return at

    for _depth, sid, deep in sorted(small, key=lambda t: (t[0], t[1])):
        deeps[sid] = deep
        at = free_spot(deep) or _make_room(deep, out, deeps, taken, apart, free_spot)
        if at is None:  # hemmed in: the least covered of the deepest
            spots, least = deep.spots, math.inf
            for i in deep.order[:FALLBACK_SPOTS]:
                x, y = spots[i], spots[i + 1]
                box = (x - half, y - half, x + half, y + half)
                near = [(o[0] - half, o[1] - half, o[2] + half, o[3] + half)
                        for o in taken.under_box(box)]
                covered = _squares_overlap(near, box)
                if covered < least:
                    least, at = covered, (x, y)
            assert at is not None
        out[sid] = at
        taken.add((at[0], at[1], at[0], at[1]))
    _small.put(key, out)
    return out


_small: Recent[tuple[object, ...], dict[str, tuple[float, float]]] = Recent(MAX_LAYOUTS)


def _make_room(deep: _Deep, out: dict[str, tuple[float, float]], deeps: dict[str, _Deep],
               taken: _Grid, apart: float,
               free_spot: Callable[[_Deep], tuple[float, float] | None]
               ) -> tuple[float, float] | None:
    """A point of ``deep``'s space hemmed in by one neighbour's slot that the neighbour can
    leave for another point of its own (the neighbour moved there); None when there is none.
    A small space's slot that takes a neighbour's only room would leave it on top of another
    marker."""
    where = {v: k for k, v in out.items()}
    spots = deep.spots
    for i in deep.order[:MAKE_ROOM_SPOTS]:
        x, y = spots[i], spots[i + 1]
        blocking = [o for o in taken.under_box((x - apart, y - apart, x + apart, y + apart))
                    if abs(o[0] - x) < apart and abs(o[1] - y) < apart]
        if len(blocking) != 1 or (blocking[0][0], blocking[0][1]) not in where:
            continue
        old = blocking[0]
        other = where[(old[0], old[1])]
        taken.remove(old)
        taken.add((x, y, x, y))
        moved = free_spot(deeps[other])
        taken.remove((x, y, x, y))
        if moved is not None:
            out[other] = moved
            taken.add((moved[0], moved[1], moved[0], moved[1]))
            return (x, y)
        taken.add(old)
    return None


def small_space_boxes(spaces: dict[str, SpaceShape], zoom: float, pixels: float
                      ) -> dict[str, Box]:
    """The marker of each space too small for a whole token (`small_space_slots`), in scene
    units: what the labels keep clear of, as no other place is left for it."""
    half = marker_sizes(zoom, pixels)[0]
    return {sid: (x - half, y - half, x + half, y + half)
            for sid, (x, y) in small_space_slots(spaces, zoom, pixels).items()}


class Layout:
    """One zoom's slots. Every space holding units gets its first slot when the layout is
    made, in a fixed order (the small spaces' first, `small_space_slots`, then the spaces by
    depth), each off the labels and the slots taken before it; more slots are found as they
    are asked for (`slots`), off the labels and every slot found so far. No two slots of the
    layout are nearer than a marker, whatever the stacks: a stack keeps its place when others
    move, and no marker stands on another space's marker or name."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 obstacles: Sequence[tuple[QPointF, QRectF]] = ()) -> None:
        """``obstacles``: more things to keep clear of, like the labels: (scene point, box
        in pixels around it), e.g. the battle markers."""
        self.spaces = spaces
        # half a marker's side; two slots stand a token and a little apart (their count
        # badges may touch); a token may reach a little past its space's edge: more stacks
        # show before their space is summarised.
        self.half, self.apart, self.inside = marker_sizes(zoom, pixels)
        self.radius = pixels * TOKEN / zoom  # the token's radius, in scene units
        boxes: list[Box] = []
        self.own_label: dict[str, Box] = {}
        marks = [(sid, shape.label, shape.label_box) for sid, shape in spaces.items()
                 if shape.label is not None and not shape.label_box.isEmpty()]
        marked = _Grid(self.half * 4)  # the battle markers and the like
        for sid, point, b in [*marks, *(("", p, b) for p, b in obstacles)]:
            x, y = point.x(), point.y()
            boxes.append((x + b.left() / zoom, y + b.top() / zoom,
                          x + b.right() / zoom, y + b.bottom() / zoom))
            if sid:
                self.own_label[sid] = boxes[-1]
            else:
                marked.add(boxes[-1])
        # Buckets about a label's size: a question then looks at a few buckets only.
        widest = max((b[2] - b[0] for b in boxes), default=self.half * 4)
        self.labels = _Grid(max(widest, self.half * 4))
        for box in boxes:
            self.labels.add(box)
        # Every slot found, as a point; per space its slots, whether it may get more, and
        # where the search for more goes on in its candidates.
        self.taken = _Grid(self.apart * 2)
        self._slots: dict[str, list[tuple[float, float]]] = {}
        self._full: set[str] = set()  # no more slots to find there
        self._next: dict[str, int] = {}
        moved = []
        for sid, (x, y) in small_space_slots(spaces, zoom, pixels).items():
            if marked.hits(self._square(x, y)):
                moved.append(sid)  # a battle marker beside its name: found again below
                continue
            self._take(sid, x, y)
            if _deep_of(spaces[sid].spots).deepest < self.inside:
                self._full.add(sid)  # no room for a second token
        for sid in moved:
            self._take(sid, *self._best_spot(sid))
            self._full.add(sid)
        rest = [(_deep_of(shape.spots).deepest, sid) for sid, shape in spaces.items()
                if shape.holds_units and shape.spots and sid not in self._full]
        for _depth, sid in sorted(rest):
            self._extend(sid, 1)

    def _take(self, space: str, x: float, y: float) -> None:
        self._slots.setdefault(space, []).append((x, y))
        self.taken.add((x, y, x, y))

    def _square(self, x: float, y: float) -> Box:
        h = self.half
        return (x - h, y - h, x + h, y + h)

    def _free(self, x: float, y: float) -> bool:
        """Is a marker at (x, y) off the labels and the slots found?"""
        a = self.apart
        return not self.labels.hits(self._square(x, y)) and \
            not self.taken.hits((x - a, y - a, x + a, y + a))

    def _extend(self, space: str, count: int) -> None:
        """Find slots of ``space`` until it has ``count`` (or no more fit): candidates nearest
        its label first where a whole token fits, off the labels and the slots found."""
        known = self._slots.get(space, [])
        if len(known) >= count or space in self._full:
            return
        spots, r = self.spaces[space].spots, self.inside
        i = self._next.get(space, 0)
        while i < len(spots):
            x, y = spots[i], spots[i + 1]
            if spots[i + 2] >= r and self._free(x, y):
                self._take(space, x, y)
                if len(self._slots[space]) >= count:
                    break
            i += 3
        self._next[space] = i + 3
        if i >= len(spots):
            self._full.add(space)
        if space not in self._slots:  # no room for a whole token clear of the rest
            self._take(space, *self._best_spot(space))

    def _clear(self, x: float, y: float, own: Box | None) -> bool:
        """Is a marker at (x, y) off the slots found and the labels but ``own``?"""
        a, square = self.apart, self._square(x, y)
        if self.taken.hits((x - a, y - a, x + a, y + a)):
            return False
        return not self.labels.hits(square) or \
            all(b == own for b in self.labels.under_box(square))

    def _best_spot(self, space: str) -> tuple[float, float]:
        """For a space with no room for a whole token clear of the rest: the deepest candidate
        off the labels and the slots found (its token reaching past the space's edge), else
        the deepest off them but its own name (a space too small for its stacks may hide its
        own name, not another's), else the one whose marker covers the least of the other
        spaces' names and markers. FALLBACK_SPOTS candidates, spread evenly, are compared
        first, then all of them."""
        spots = self.spaces[space].spots
        own = self.own_label.get(space)
        count = len(spots) // 3
        stride = max(1, count // FALLBACK_SPOTS)
        for every in (range(0, 3 * count, 3 * stride), range(0, 3 * count, 3)):
            for mine in (None, own):
                free = [i for i in every if self._clear(spots[i], spots[i + 1], mine)]
                if free:
                    # (the least of its own name covered, then the deepest)
                    i = max(free, key=lambda i: (
                        0.0 if mine is None else
                        -_squares_overlap([mine], self._square(spots[i], spots[i + 1])),
                        min(spots[i + 2], self.radius)))
                    return (spots[i], spots[i + 1])
            if stride == 1:
                break
        h, a = self.half, self.apart
        best: tuple[float, bool, float] | None = None
        at = (spots[0], spots[1])
        for i in range(0, 3 * count, 3 * stride):
            x, y = spots[i], spots[i + 1]
            square = self._square(x, y)
            labels = [b for b in self.labels.under_box(square) if b != own]
            markers = [(o[0] - h, o[1] - h, o[2] + h, o[3] + h) for o in
                       self.taken.under_box((x - a, y - a, x + a, y + a))]
            rank = (_squares_overlap(labels, square) + _squares_overlap(markers, square),
                    own is not None and _squares_overlap([own], square) > 0,
                    -min(spots[i + 2], self.radius))
            if best is None or rank < best:
                best, at = rank, (x, y)
        return at

    def slots(self, space: str, count: int) -> list[QPointF]:
        """Up to ``count`` slots of ``space``, nearest its label first (at least one). The
        first ``n`` are the same whatever ``count`` is asked, so a space's stacks keep their
        slots when one more arrives."""
        if space not in self._slots and not self.spaces[space].spots:
            return []
        self._extend(space, count)
        return [QPointF(x, y) for x, y in self._slots[space][:count]]


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
