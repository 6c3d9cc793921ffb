"""Where the pieces go on the map: every marker stands inside its own space, clear of the labels.

Pieces keep their size on screen (a few tens of pixels) while the map scales. Each space carries
candidate points computed once from its polygon (`pacific.board.layout.stack_spots`: the point
farthest inside it and grids around its label, each with its distance to the space's edge). At a
zoom, a space's *slots* are the candidates, nearest its label first, where a whole token fits
inside the space, clear of every label and of the other slots. They depend on the zoom and the
labels only, never on the other spaces' stacks: a stack keeps its place when others move.

The spaces too small for one whole token at this zoom, or barely bigger (`CRAMPED`), get their
first slots all together (`small_space_slots`): each as deep in its space as leaves the others'
markers and every other space's centre free, before the labels are laid out; the labels keep
clear of those (a label can move, a small space's stacks cannot). Every other space then gets
its first slot off the labels and the slots taken before it, in a fixed order; more slots are
found as they are asked for, off everything found so far. No marker then stands on another
space's marker, name or centre (China's coast in a small window included).

`PieceLayer` (pacific.gui.pieces) gives each stack a slot index that it keeps while it stays in
its space, and shows one marker per nation, or one for the whole space, when its stacks do not
all fit at this zoom.
"""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Iterator, Sequence
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
SMALL_SPOTS = 160  # the deepest candidates a small space's marker chooses from
SEARCH_STEPS = 4000  # the tries the small spaces' markers are looked for in (_SmallSpaces)
TOUCHING = 1.0  # pixels: how much nearer than SPACING the small spaces' markers may stand
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
    """The one slot of each space too small for a whole token at ``zoom``, all chosen
    together (`_SmallSpaces`): each marker off the other small spaces' markers and off every
    other space's centre (where a player drops a piece on it), as deep inside its own space
    as that leaves room for. They depend on the spaces' shapes only, not on the labels: the
    labels keep clear of them (`small_space_boxes`), the other spaces' slots too. Made once
    per zoom and piece size."""
    key = (zoom_key(zoom), round(pixels, 6),
           tuple((sid, id(shape.spots), None if shape.name_at is None else
                  (shape.name_at.x(), shape.name_at.y(), shape.name_box.getCoords()),
                  None if shape.centre is None else (shape.centre.x(), shape.centre.y()))
                 for sid, shape in spaces.items() if shape.holds_units))
    known = _small.get(key)
    if known is None:
        known = _SmallSpaces(spaces, zoom, pixels).slots()
        _small.put(key, known)
    return known


_small: Recent[tuple[object, ...], dict[str, tuple[float, float]]] = Recent(MAX_LAYOUTS)


class _SmallSpaces:
    """The small spaces' markers of one zoom as one puzzle: every marker at one of its space's
    deepest candidates (`SMALL_SPOTS` of them, the ones off the space's own name first), no
    two nearer on both axes than their tokens' clickable rings touching (`TOUCHING`: a
    marker's slots elsewhere keep a little more), none covering another space's centre.
    Neighbours whose choices constrain one another are solved together, the most constrained
    space first, each trying its candidates deepest first and striking out the neighbours'
    candidates it covers (at most `SEARCH_STEPS` tries). Where no such choice is found, each
    takes the candidate that covers the least of the markers placed before it."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float) -> None:
        self.half, self.apart, inside = marker_sizes(zoom, pixels)
        # (their tokens' clickable rings touch, their anti-aliased edges overlap)
        self.touching = self.apart - TOUCHING / zoom
        reach = pixels * HIT / zoom  # a marker's clickable radius
        centres = [(sid, shape.centre.x(), shape.centre.y()) for sid, shape in spaces.items()
                   if shape.centre is not None]
        self.spots: dict[str, list[tuple[float, float]]] = {}
        self.depth: dict[str, float] = {}
        # Per small space: its candidates, the centres and names near them.
        self._near: dict[str, tuple[_Deep, list[tuple[float, float]], list[Box]]] = {}
        self.reach2 = reach * reach
        for sid, shape in spaces.items():
            if not (shape.holds_units and shape.spots):
                continue
            deep = _deep_of(shape.spots)
            if deep.deepest >= inside * CRAMPED:
                continue
            left, top, right, bottom = deep.bounds
            near = [(cx, cy) for other, cx, cy in centres if other != sid and
                    left - reach < cx < right + reach and top - reach < cy < bottom + reach]
            # (its own name at its label point, a marker's half wider: a marker off it leaves
            # the name where it reads best)
            named = []
            if shape.name_at is not None and not shape.name_box.isEmpty():
                p, b = shape.name_at, shape.name_box
                named.append((p.x() + b.left() / zoom - self.half,
                              p.y() + b.top() / zoom - self.half,
                              p.x() + b.right() / zoom + self.half,
                              p.y() + b.bottom() / zoom + self.half))
            self._near[sid] = (deep, near, named)
            self.depth[sid] = deep.deepest

    def _choose(self, count: int) -> None:
        """Each small space's ``count`` deepest candidates off the other spaces' centres, the
        ones off its own name first (the ones covering a centre where no other is left)."""
        r2 = self.reach2
        for sid, (deep, near, named) in self._near.items():
            off: list[tuple[float, float]] = []
            on: list[tuple[float, float]] = []
            covering: list[tuple[float, float]] = []
            spots = deep.spots
            for i in deep.order:
                x, y = spots[i], spots[i + 1]
                for cx, cy in near:
                    if (cx - x) * (cx - x) + (cy - y) * (cy - y) < r2:
                        if len(covering) < count:
                            covering.append((x, y))
                        break
                else:
                    if any(n[0] < x < n[2] and n[1] < y < n[3] for n in named):
                        on.append((x, y))
                    else:
                        off.append((x, y))
                    if len(off) + len(on) >= count:
                        break
            self.spots[sid] = off + on or covering

    def slots(self) -> dict[str, tuple[float, float]]:
        self._choose(SMALL_SPOTS)
        out: dict[str, tuple[float, float]] = {}
        for group in self._groups():
            found = self._solve(group, self.touching, SEARCH_STEPS)
            out.update(found if found is not None else self._least_covered(group, out))
        return out

    def _groups(self) -> list[list[str]]:
        """The small spaces in groups whose candidates come within a marker of one another's
        (each group solved alone), and every space's neighbours."""
        # Each space's candidates by squares a marker wide: two spaces' candidates within a
        # marker of each other stand in the same square or in neighbouring ones.
        a = self.apart
        squares: dict[str, set[tuple[int, int]]] = {}
        by_square: dict[tuple[int, int], set[str]] = defaultdict(set)
        self.extent: dict[str, Box] = {}  # each space's candidates' extent
        for sid, spots in self.spots.items():
            mine = squares[sid] = {(int(x // a), int(y // a)) for x, y in spots}
            for square in mine:
                by_square[square].add(sid)
            xs, ys = [p[0] for p in spots], [p[1] for p in spots]
            self.extent[sid] = (min(xs), min(ys), max(xs), max(ys))
        self.near: dict[str, list[str]] = {}  # (in order: the same work every time)
        for sid, mine in squares.items():
            around = {(i + di, j + dj) for i, j in mine for di in (-1, 0, 1) for dj in (-1, 0, 1)}
            self.near[sid] = sorted(set().union(*(by_square.get(q, ())
                                                  for q in around)) - {sid})
        groups, seen = [], set()
        for sid in sorted(self.spots, key=lambda s: (self.depth[s], s)):
            if sid in seen:
                continue
            group, todo = [], [sid]
            seen.add(sid)
            while todo:
                s = todo.pop()
                group.append(s)
                for o in self.near[s]:
                    if o in seen:
                        continue
                    seen.add(o)
                    todo.append(o)
            groups.append(group)
        return groups

    def _solve(self, group: list[str], apart: float, most: int
               ) -> dict[str, tuple[float, float]] | None:
        """A marker for every space of ``group``, no two nearer than ``apart`` on both axes,
        or None when none was found within ``most`` tries. Once a space has chosen,
        the spaces left fall apart in groups that no longer touch one another: each is
        solved alone (a dead end in one is not blamed on the choices of another)."""
        choices = {sid: self.spots[sid] for sid in group}
        chosen: dict[str, tuple[float, float]] = {}
        extent, steps = self.extent, 0

        def search(left: list[str]) -> bool:
            nonlocal steps
            if not left:
                return True
            sid = min(left, key=lambda s: (len(choices[s]), self.depth[s], s))
            rest = [s for s in left if s != sid]
            for x, y in choices[sid]:
                steps += 1
                if steps > most:
                    return False
                struck: dict[str, list[tuple[float, float]]] = {}
                x0, x1, y0, y1 = x - apart, x + apart, y - apart, y + apart
                for other in self.near[sid]:
                    if other in chosen or other not in choices:
                        continue
                    e = extent[other]
                    if x0 >= e[2] or e[0] >= x1 or y0 >= e[3] or e[1] >= y1:
                        continue  # none of its candidates within a marker of this one
                    struck[other] = choices[other]
                    choices[other] = [p for p in choices[other]
                                      if not (x0 < p[0] < x1 and y0 < p[1] < y1)]
                    if not choices[other]:
                        break
                else:
                    chosen[sid] = (x, y)
                    before = {s: choices[s] for s in rest}
                    if all(search(part) for part in self._apart(rest)):
                        return True
                    for s in rest:
                        chosen.pop(s, None)
                    choices.update(before)
                    del chosen[sid]
                choices.update(struck)
            return False

        return chosen if search(group) else None

    def _apart(self, spaces: list[str]) -> list[list[str]]:
        """``spaces`` in groups that do not touch one another (`near`)."""
        left, parts = set(spaces), []
        for sid in spaces:
            if sid not in left:
                continue
            left.discard(sid)
            part, todo = [sid], [sid]
            while todo:
                for other in self.near[todo.pop()]:
                    if other in left:
                        left.discard(other)
                        part.append(other)
                        todo.append(other)
            parts.append(part)
        return parts

    def _least_covered(self, group: list[str], out: dict[str, tuple[float, float]]
                       ) -> dict[str, tuple[float, float]]:
        """Each space of ``group``, smallest first, at the candidate whose marker covers the
        least of the markers placed before it."""
        h, found = self.half, dict[str, tuple[float, float]]()
        for sid in group:
            placed = [(x - h, y - h, x + h, y + h)
                      for x, y in [*out.values(), *found.values()]]
            found[sid] = min(self.spots[sid], key=lambda p: _squares_overlap(
                placed, (p[0] - h, p[1] - h, p[0] + h, p[1] + h)))
        return found


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
        # Every space's centre (where a player drops a piece on it), by space: no other
        # space's marker covers it.
        self.reach = pixels * HIT / zoom
        self.centres: dict[tuple[int, int], list[tuple[str, float, float]]] = defaultdict(list)
        for sid, shape in spaces.items():
            if shape.centre is not None:
                cx, cy = shape.centre.x(), shape.centre.y()
                self.centres[(int(cx // self.reach), int(cy // self.reach))].append((sid, cx, cy))
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

    def _free(self, space: str, x: float, y: float) -> bool:
        """Is a marker of ``space`` at (x, y) off the labels, the slots found and the other
        spaces' centres?"""
        a = self.apart
        return not self.labels.hits(self._square(x, y)) and \
            not self.taken.hits((x - a, y - a, x + a, y + a)) and \
            not self._on_a_centre(space, x, y)

    def _on_a_centre(self, space: str, x: float, y: float) -> bool:
        r = self.reach
        i, j = int(x // r), int(y // r)
        return any((cx - x) ** 2 + (cy - y) ** 2 < r * r
                   for di in (-1, 0, 1) for dj in (-1, 0, 1)
                   for sid, cx, cy in self.centres.get((i + di, j + dj), ()) if sid != space)

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
            if spots[i + 2] >= r and self._free(space, x, y):
                self._take(space, x, y)
                if len(self._slots[space]) >= count:
                    break
            i += 3
        self._next[space] = i + 3
        if i >= len(spots):
            self._full.add(space)
        if space not in self._slots:  # no room for a whole token clear of the rest
            self._take(space, *self._best_spot(space))

    def _clear(self, space: str, x: float, y: float, own: Box | None) -> bool:
        """Is a marker of ``space`` at (x, y) off the slots found, the other spaces' centres
        and the labels but ``own``?"""
        a, square = self.apart, self._square(x, y)
        if self.taken.hits((x - a, y - a, x + a, y + a)) or self._on_a_centre(space, x, y):
            return False
        return not self.labels.hits(square) or \
            all(b == own for b in self.labels.under_box(square))

    def _best_spot(self, space: str) -> tuple[float, float]:
        """For a space with no room for a whole token clear of the rest: the deepest candidate
        off the labels, the slots found and the other spaces' centres (its token reaching past
        the space's edge), else
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
                free = [i for i in every if self._clear(space, spots[i], spots[i + 1], mine)]
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
