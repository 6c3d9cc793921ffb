"""Where the pieces go on the map: every marker stands inside its own space, clear of the labels.

Pieces keep their size on screen (a few tens of pixels) while the map scales. Each space carries
candidate points computed once from its polygon (`pacific.board.layout.stack_spots`: the point
farthest inside it and grids around its label, each with its distance to the space's edge). At a
zoom, a space's *slots* are the candidates, nearest its label first, where a whole token fits
inside the space, clear of every label and of the other slots. They depend on the zoom and the
labels only, never on the other spaces' stacks: a stack keeps its place when others move.

The spaces too small for one whole token at this zoom, or barely bigger (`CRAMPED`), get
their first slots all together (`small_spaces.small_space_slots`): each as deep in its space
as leaves the others' markers and every other space's centre free, before the labels are laid
out; the labels keep clear of those (a label can move, a small space's stacks cannot). The
shapes, sizes and boxes both work with are `piece_shapes`'. Every other space then gets
its first slot off the labels and the slots taken before it, in a fixed order; more slots are
found as they are asked for, off everything found so far. No marker then stands on another
space's marker, name or centre (China's coast in a small window included).
An island group's markers stand by its name: its encircling outline is mostly water, where a
marker far from the group's name and nearer another space's reads as that space's
(`Layout._astray`); its stacks are drawn smaller or merged by the name instead.

`PieceLayer` (pacific.gui.pieces) gives each stack a slot index that it keeps while it stays in
its space, and shows one marker per nation, or one for the whole space, when its stacks do not
all fit at this zoom. Laid out again at the same zoom (a stack came or went, a battle's marker
appeared), the layout goes on from the slots found so far (`Layout.continued`), each stack takes
the slot nearest where it stood, and a space whose stacks are drawn smaller keeps that size
while they fit; one that must shrink to take one more keeps its stacks where they stood: its
stacks stay where they were.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.piece_shapes import (
    CARD,
    FALLBACK_SPOTS,
    HIT,
    MAX_LAYOUTS,
    TOKEN,
    Box,
    Grid,
    SpaceShape,
    deep_of,
    marker_sizes,
    squares_overlap,
    zoom_key,
)
from pacific.gui.recent import Recent
from pacific.gui.small_spaces import small_space_slots


@dataclass(frozen=True)
class FirstSlots:
    """A layout as it was made (`Layout.first`): each space's slots, the spaces with room for
    no more, and where the search for more goes on in each space's candidates. A layout made
    from it (`piece_cache`, an earlier start's) is the layout made from the same spaces."""

    slots: dict[str, list[tuple[float, float]]]
    full: frozenset[str]
    next: dict[str, int]


class Layout:
    """One zoom's slots. Every space holding units gets its first slot when the layout is
    made, in a fixed order (the small spaces' first, `small_space_slots`, then the spaces by
    depth), each off the labels and the slots taken before it; more slots are found as they
    are asked for (`slots`), off the labels and every slot found so far. No two slots of the
    layout are nearer than a marker, whatever the stacks: a stack keeps its place when others
    move, and no marker stands on another space's marker or name."""

    def __init__(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 obstacles: Sequence[tuple[QPointF, QRectF]] = (),
                 first: FirstSlots | None = None) -> None:
        """``obstacles``: more things to keep clear of, like the labels: (scene point, box
        in pixels around it), e.g. the battle markers. ``first``: the first slots as this
        layout would make them (kept by an earlier start over the same spaces)."""
        self.spaces, self.zoom, self.pixels = spaces, zoom, pixels
        # half a marker's side; two slots stand a token and a little apart (their count
        # badges may touch); a token may reach a little past its space's edge: more stacks
        # show before their space is summarised.
        self.half, self.apart, self.inside = marker_sizes(zoom, pixels)
        self.radius = pixels * TOKEN / zoom  # the token's radius, in scene units
        self.card = pixels * CARD / zoom  # how far below a slot a stack's cargo reaches
        boxes: list[Box] = []
        self.own_label: dict[str, Box] = {}
        marks = [(sid, shape.label, shape.label_box) for sid, shape in spaces.items()
                 if shape.label is not None and not shape.label_box.isEmpty()]
        marked = Grid(self.half * 4)  # the battle markers and the like
        for sid, point, b in [*marks, *(("", p, b) for p, b in obstacles)]:
            x, y = point.x(), point.y()
            boxes.append((x + b.left() / zoom, y + b.top() / zoom,
                          x + b.right() / zoom, y + b.bottom() / zoom))
            if sid:
                self.own_label[sid] = boxes[-1]
            else:
                marked.add(boxes[-1])
        self._names = set(self.own_label.values())
        self._other_names: dict[str, list[Box]] = {}  # (`_names_near`)
        # Buckets about a label's size: a question then looks at a few buckets only.
        widest = max((b[2] - b[0] for b in boxes), default=self.half * 4)
        self.labels = Grid(max(widest, self.half * 4))
        for box in boxes:
            self.labels.add(box)
        # Every slot found, as a point; per space its slots, whether it may get more, and
        # where the search for more goes on in its candidates.
        self.taken = Grid(self.apart * 2)
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
        self._near_labels: dict[str, list[Box]] = {}  # (`_labels_near`)
        # The smaller markers' slots (`squeezed`), by space and size, and those in use.
        self._squeezed: dict[tuple[str, float, float], list[tuple[float, float]]] = {}
        self._squeeze_taken: set[tuple[str, float, float]] = set()
        # ... and those found from stacks standing (`_kept_slots`), by what stood.
        self._stood: dict[tuple[str, float, float, tuple[tuple[float, float], ...]],
                          list[tuple[float, float]]] = {}
        if first is None:
            self._first_slots(marked)
        else:
            for sid, points in first.slots.items():
                for x, y in points:
                    self._take(sid, x, y)
            self._full.update(first.full)
            self._next.update(first.next)
        self.first = FirstSlots({sid: list(points) for sid, points in self._slots.items()},
                                frozenset(self._full), dict(self._next))
        # The slots asked of it ahead of time (`layout_ahead`), until `layout_for` gives it.
        self.ahead: object = None

    def _first_slots(self, marked: Grid) -> None:
        """Every space's first slot (see the class docstring)."""
        spaces, zoom, pixels = self.spaces, self.zoom, self.pixels
        moved = []
        for sid, (x, y) in small_space_slots(spaces, zoom, pixels).items():
            if marked.hits(self._square(x, y)):
                moved.append(sid)  # a battle marker beside its name: found again below
                continue
            self._take(sid, x, y)
            if deep_of(spaces[sid].spots).deepest < self.inside:
                self._full.add(sid)  # no room for a second token
        for sid in moved:
            self._take(sid, *self._best_spot(sid))
            self._full.add(sid)
        rest = [(deep_of(shape.spots).deepest, sid) for sid, shape in spaces.items()
                if shape.holds_units and shape.spots and sid not in self._full]
        for _depth, sid in sorted(rest):
            self._extend(sid, 1)

    def _take(self, space: str, x: float, y: float) -> None:
        self._slots.setdefault(space, []).append((x, y))
        self.taken.add((x, y, x, y))

    def _square(self, x: float, y: float) -> Box:
        h = self.half
        return (x - h, y - h, x + h, y + h)

    def _on_a_centre(self, space: str, x: float, y: float) -> bool:
        # (loops written out, without a generator: asked for every candidate tried)
        r = self.reach
        i, j = int(x // r), int(y // r)
        reach2, get = r * r, self.centres.get
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                for sid, cx, cy in get((i + di, j + dj), ()):
                    if sid != space and (cx - x) ** 2 + (cy - y) ** 2 < reach2:
                        return True
        return False

    def _extend(self, space: str, count: int) -> None:
        """Find slots of ``space`` until it has ``count`` (or no more fit): candidates nearest
        its label first where a whole token fits, off the labels and the slots found."""
        known = self._slots.get(space, [])
        if len(known) >= count or space in self._full:
            return
        spots, r, h, a = self.spaces[space].spots, self.inside, self.half, self.apart
        near = self._labels_near(space)
        taken, i = self.taken, self._next.get(space, 0)
        ringed = self._ringed(space)
        n = len(spots)
        while i < n:
            if spots[i + 2] < r:
                i += 3
                continue
            x, y = spots[i], spots[i + 1]
            # Off the labels (asked of the few near the space's candidates, its own name
            # first: most candidates nearest a label are under it), the slots found and the
            # other spaces' centres.
            left, top, right, bottom = x - h, y - h, x + h, y + h
            for o in near:
                if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
                    break
            else:
                if not taken.hits((x - a, y - a, x + a, y + a)) and \
                        not self._on_a_centre(space, x, y) and \
                        not (ringed and self._astray(space, x, y)):
                    self._take(space, x, y)
                    if len(self._slots[space]) >= count:
                        break
            i += 3
        self._next[space] = i + 3
        if i >= n:
            self._full.add(space)
        if space not in self._slots:  # no room for a whole token clear of the rest
            self._take(space, *self._best_spot(space))

    def _ringed(self, space: str) -> bool:
        """Is ``space`` an island group inside its outline, its name shown (`_astray`)?"""
        return self.spaces[space].ringed and space in self.own_label

    def _astray(self, space: str, x: float, y: float) -> bool:
        """Would a marker of ``space`` at (x, y) read as another space's? Asked of an island
        group inside its encircling outline only (`SpaceShape.ringed`): the outline is
        mostly water, and a marker on it farther than ASTRAY markers from the group's name,
        nearer another space's name (a sea zone's number), reads as that space's; the group's
        stacks are drawn smaller or merged by its name instead. (Asked where `_ringed`.)"""
        own = self.own_label[space]
        mine = _box_distance(own, x, y)
        if mine <= ASTRAY * 2 * self.half:
            return False
        return any(_box_distance(b, x, y) < mine for b in self._names_near(space))

    def _names_near(self, space: str) -> list[Box]:
        """The other spaces' names nearer some candidate of ``space`` than its own name can
        be (found once per space: `_astray` asks of them only)."""
        near = self._other_names.get(space)
        if near is None:
            own = self.own_label[space]
            spots = self.spaces[space].spots
            xs, ys = spots[0::3], spots[1::3]
            # (as far as the corners of the candidates' extent: no nearer name than its own
            # lies farther than a candidate's own name; the names beyond are never nearer)
            reach = max(_box_distance(own, x, y) for x in (min(xs), max(xs))
                        for y in (min(ys), max(ys)))
            near = self._other_names[space] = [
                b for b in self.labels.within((min(xs) - reach, min(ys) - reach,
                                               max(xs) + reach, max(ys) + reach))
                if b in self._names and b != own]
        return near

    def _labels_near(self, space: str) -> list[Box]:
        """The labels a marker at any of ``space``'s candidates may overlap, each once (found
        once per space: `_extend` asks of them only)."""
        near = self._near_labels.get(space)
        if near is None:
            spots, h = self.spaces[space].spots, self.half
            xs, ys = spots[0::3], spots[1::3]
            near = self.labels.within(
                (min(xs) - h, min(ys) - h, max(xs) + h, max(ys) + h)) if xs else []
            # (its own name first: the candidates nearest it, asked first, are mostly under it)
            own = self.own_label.get(space)
            near = self._near_labels[space] = sorted(near, key=lambda b: b != own)
        return near

    def card_clear(self, point: QPointF) -> bool:
        """Does a stack at ``point`` leave the labels whole with its cargo icons, which hang
        below its footprint (CARD)? The slots keep the footprint off the labels; a stack
        with cargo is given one that answers yes (`piece_stay`)."""
        x, y, h = point.x(), point.y(), self.half
        return not self.labels.hits((x - h, y + h, x + h, y + self.card))

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
                        -squares_overlap([mine], self._square(spots[i], spots[i + 1])),
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
            rank = (squares_overlap(labels, square) + squares_overlap(markers, square),
                    own is not None and squares_overlap([own], square) > 0,
                    -min(spots[i + 2], self.radius))
            if best is None or rank < best:
                best, at = rank, (x, y)
        return at

    def squeezed(self, space: str, count: int, least: float, most: float = 1.0,
                 keep: Sequence[QPointF] = (), stood: Sequence[QPointF] = ()
                 ) -> tuple[list[QPointF], float] | None:
        """For a space with too little room for ``count`` whole markers (Japan's thin
        islands): ``count`` slots for markers drawn smaller, and how much smaller (the
        biggest of SQUEEZE's steps that lets them all stand inside the space, off the labels,
        every slot found and the other spaces' centres, no smaller than ``least`` pixels);
        None when even the smallest do not fit. Where no step fits with a whole token's
        clearance, the steps are tried again with the tokens reaching further past the
        space's edge (SQUEEZE_REACH: their centres well inside it). Found once per space and
        size, and kept, so a stack keeps its place when another arrives. No step bigger than
        ``most`` is tried (the size its stacks were drawn at: they stay as they were while
        they fit). ``keep``: where the space's stacks stand now, at its whole slots (one more
        arrived): those slots are its first ones at every size (`_kept_slots`), so they stay
        where they are, smaller. ``stood``: where its stacks drawn smaller stand now (one
        more arrived): where they are not all among the first ``count`` slots of the first
        step that fits, the steps are tried again with the slots found from them, so that
        they stay where they are, as big or smaller (else they take that step's slots). The
        slots found from no stacks standing are the same whatever was asked before: a layout
        made ahead of time gives what the wheel's own would (`layout_ahead`)."""
        steps = [(scale, inside) for inside in (1.0, SQUEEZE_REACH) for scale in SQUEEZE
                 if scale <= most and self.pixels * scale >= least]

        def first(slots: Callable[[float, float], list[tuple[float, float]]]
                  ) -> tuple[list[tuple[float, float]], float] | None:
            return next(((found, scale) for scale, inside in steps
                         if len(found := slots(scale, inside)) >= count), None)

        standing = tuple((p.x(), p.y()) for p in keep or stood)
        if keep:
            fits = first(lambda scale, inside: self._kept_slots(space, scale, inside, standing))
        else:
            fits = first(lambda scale, inside: self._squeezed_at(space, scale, inside))
            if standing and (fits is None or not set(standing) <= set(fits[0][:count])):
                fits = first(lambda scale, inside: self._kept_slots(
                    space, scale, inside, standing)) or fits
        if fits is None:
            return None
        found, scale = fits
        for x, y in found[:count]:
            if (space, x, y) not in self._squeeze_taken:
                self._squeeze_taken.add((space, x, y))
                self.taken.add((x, y, x, y))
        return [QPointF(x, y) for x, y in found[:count]], scale

    def _squeezed_at(self, space: str, scale: float, inside: float
                     ) -> list[tuple[float, float]]:
        """``space``'s slots for markers ``scale`` times the size (`_squeeze`), found from no
        stacks standing, once."""
        found = self._squeezed.get((space, scale, inside))
        if found is None:
            found = self._squeezed[(space, scale, inside)] = self._squeeze(space, scale, inside)
        return found

    def _kept_slots(self, space: str, scale: float, inside: float,
                    stood: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        """``space``'s slots for markers ``scale`` times the size (`_squeeze`), first those
        of ``stood`` that are its slots for markers as big or bigger with as much clearance
        (whole, or smaller: each stands off everything a smaller marker keeps off), then the
        rest found off them. Kept apart from the slots found from no stacks standing, by
        what stood."""
        key = (space, scale, inside, stood)
        found = self._stood.get(key)
        if found is None:
            valid = set(self._slots.get(space, []))
            for (sid, bigger, reach), points in self._squeezed.items():
                if sid == space and bigger >= scale and bigger * reach >= scale * inside:
                    valid.update(points)
            for (sid, bigger, reach, _stood), points in self._stood.items():
                if sid == space and bigger >= scale and bigger * reach >= scale * inside:
                    valid.update(points)
            seeds = [p for p in stood if p in valid]
            found = self._stood[key] = self._squeeze(space, scale, inside, seeds)
        return found

    def _squeeze(self, space: str, scale: float, inside: float,
                 seeds: Sequence[tuple[float, float]] = ()) -> list[tuple[float, float]]:
        """Every slot of ``space`` for markers ``scale`` times the size (see `squeezed`),
        ``inside`` times a whole token's clearance inside it, nearest its label first, after
        ``seeds`` (slots of its stacks standing, clear of all the rest already, with as much
        room)."""
        spots = self.spaces[space].spots
        h, a, r = self.half * scale, self.apart * scale, self.inside * scale * inside
        mixed = (self.apart + a) / 2   # from a whole marker of another space
        # (its own whole markers' slots, replaced by these, and its smaller ones' at other sizes)
        own = {(x, y, x, y) for x, y in self._slots.get(space, [])} | \
            {(x, y, x, y) for sid, x, y in self._squeeze_taken if sid == space}
        ringed = self._ringed(space)
        found = list(seeds)
        # (the cheapest questions first: most candidates lie within a marker of one found;
        # the labels asked of those near the space's candidates, as `_extend` does)
        near = self._labels_near(space)
        for i in range(0, len(spots), 3):
            if spots[i + 2] < r:
                continue
            x, y = spots[i], spots[i + 1]
            # (loops written out, without a generator: asked for every candidate)
            for fx, fy in found:
                if -a < x - fx < a and -a < y - fy < a:
                    break  # within a marker of one found
            else:
                left, top, right, bottom = x - h, y - h, x + h, y + h
                for o in near:
                    if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
                        break  # on a label
                else:
                    if not self._on_a_centre(space, x, y) and \
                            all(o in own for o in self.taken.under_box(
                                (x - mixed, y - mixed, x + mixed, y + mixed))) and \
                            not (ringed and self._astray(space, x, y)):
                        found.append((x, y))
        return found

    def continued(self, obstacles: Sequence[tuple[QPointF, QRectF]]) -> Layout | None:
        """This layout with ``obstacles`` instead of its own (a battle's marker put up or
        taken away): every slot found so far kept as it is, in the same order, and the slots
        found from now on off the new obstacles; None when one of them lies on a slot found
        (`found`: that slot must be found anew). A layout made afresh would find the slots
        in the order asked now, not the order they were asked in: a space asking for one
        more slot than before takes another's candidate, and that stack moves."""
        zoom = self.zoom
        for point, box in obstacles:
            x, y = point.x(), point.y()
            if self.found((x + box.left() / zoom, y + box.top() / zoom,
                           x + box.right() / zoom, y + box.bottom() / zoom)):
                return None
        first = FirstSlots({sid: list(points) for sid, points in self._slots.items()},
                           frozenset(self._full), dict(self._next))
        layout = Layout(self.spaces, zoom, self.pixels, obstacles, first)
        layout._squeezed = {key: list(points) for key, points in self._squeezed.items()}
        layout._stood = {key: list(points) for key, points in self._stood.items()}
        layout._squeeze_taken = set(self._squeeze_taken)
        for _sid, x, y in self._squeeze_taken:
            layout.taken.add((x, y, x, y))
        return layout

    def found(self, near: Box) -> list[Box]:
        """The squares of every slot found so far within ``near`` (scene), whole or smaller
        (`squeezed`), used or not: an obstacle off them all leaves every one of them found
        again where it was, in the same order (each is the first candidate clear of what was
        found before it), so no stack moves for it."""
        h = self.half
        points = [p for points in (*self._slots.values(), *self._squeezed.values(),
                                   *self._stood.values())
                  for p in points]
        return [(x - h, y - h, x + h, y + h) for x, y in points
                if near[0] - h < x < near[2] + h and near[1] - h < y < near[3] + h]

    def slots(self, space: str, count: int) -> list[QPointF]:
        """Up to ``count`` slots of ``space``, nearest its label first (at least one). The
        first ``n`` are the same whatever ``count`` is asked, so a space's stacks keep their
        slots when one more arrives."""
        if space not in self._slots and not self.spaces[space].spots:
            return []
        self._extend(space, count)
        return [QPointF(x, y) for x, y in self._slots[space][:count]]


def _box_distance(box: Box, x: float, y: float) -> float:
    """How far (x, y) lies from ``box`` (0 inside it)."""
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return float((dx * dx + dy * dy) ** 0.5)


# Markers: how far from its name an island group's marker may stand nearer another space's
# name (`Layout._astray`).
ASTRAY = 1.0
# How much smaller a crowded space's markers may be drawn, tried in turn (`Layout.squeezed`).
SQUEEZE = (0.85, 0.7, 0.6, 0.5, 0.4)
# How much of a whole token's clearance a smaller token keeps inside its space where none of
# SQUEEZE's steps fits with all of it: its centre stays well inside, the rest may reach past
# the coast (Honshu is narrower than a token: its stacks stand along its spine).
SQUEEZE_REACH = 0.2

# The layouts made, by what they were made of (`layout_for`).
_layouts: Recent[tuple[object, ...], Layout] = Recent(MAX_LAYOUTS)


def _key(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
         obstacles: Sequence[tuple[QPointF, QRectF]]) -> tuple[object, ...]:
    # (a layout keeps its spaces' candidate arrays, so their ids in the key stay theirs)
    return (zoom_key(zoom), round(pixels, 6),
            tuple((sid, id(shape.spots), shape.holds_units,
                   None if shape.label is None else (shape.label.x(), shape.label.y()),
                   shape.label_box.getCoords()) for sid, shape in spaces.items()),
            tuple((p.x(), p.y(), b.getCoords()) for p, b in obstacles))


def layout_for(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
               obstacles: Sequence[tuple[QPointF, QRectF]] = (),
               first: FirstSlots | None = None, asked: object = None) -> Layout:
    """The `Layout` of these spaces, labels and obstacles at ``zoom``, made once (from
    ``first`` when it is given: `Layout`): zooming back to a zoom seen before (the labels
    laid out as they were then) finds its slots found. ``asked``: the slots the caller will
    ask for (`layout_ahead`): a layout made ahead of time for others is made afresh."""
    key = _key(spaces, zoom, pixels, obstacles)
    layout = _layouts.get(key)
    if layout is None or (layout.ahead is not None and layout.ahead != asked):
        layout = Layout(spaces, zoom, pixels, obstacles, first)
        _layouts.put(key, layout)
    layout.ahead = None
    return layout


def layout_ahead(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 obstacles: Sequence[tuple[QPointF, QRectF]], asked: Callable[[], object],
                 ask: Callable[[Layout], object]) -> Iterator[None]:
    """Make the `Layout` `layout_for` will be asked for ahead of time (in idle time,
    `idle_bands`), and have ``ask`` ask it for the slots ``asked()`` stands for, so that
    `layout_for` asked the same finds them found. A layout kept (made by `layout_for`, or
    ahead for the same slots) is left as it is. The slots a layout finds depend on those
    asked before (`continued`): one made ahead for other slots than the caller's (a move
    came between) is never given to it (`Layout.ahead`). A generator: it stops between the
    layout made and its slots asked (each some 10 ms at a small window's zooms)."""
    key = _key(spaces, zoom, pixels, obstacles)

    def wanted() -> bool:
        kept = _layouts.get(key)
        return kept is None or (kept.ahead is not None and kept.ahead != asked())

    if not wanted():
        return
    layout = Layout(spaces, zoom, pixels, obstacles)
    yield
    if not wanted():  # (made meanwhile, by `layout_for` or ahead)
        return
    slots = asked()  # (the stacks asked for now: a move may have come between)
    ask(layout)
    layout.ahead = slots
    _layouts.put(key, layout)
