"""The markers of the spaces too small for a whole token at a zoom (or barely bigger:
`CRAMPED`), chosen all together before the labels are laid out: each as deep in its space as
leaves the others' markers and every other space's centre free. The labels keep clear of them
(a label can move, a small space's stacks cannot), and so do the other spaces' slots
(`piece_layout.Layout`)."""

from __future__ import annotations

import math
from array import array
from collections import defaultdict
from collections.abc import Generator, Iterator, Mapping
from operator import itemgetter

from pacific.gui.piece_shapes import (
    CRAMPED,
    HEMMED,
    HIT,
    MAX_LAYOUTS,
    Box,
    Deep,
    Grid,
    SpaceShape,
    deep_of,
    marker_sizes,
    squares_overlap,
    zoom_key,
)
from pacific.gui.recent import Recent

NAME_REACH = 8.0  # markers wide: the other names a small space's marker is compared with
BY_NAME = 2.0  # half markers: a marker this near its name reads as its space's
FAR_FROM_NAME = 4.0  # half markers: a marker farther from its name, nearer another, is astray
# ... for an island group inside its encircling outline (`SpaceShape.ringed`): the outline
# is mostly water, and the islets away from the name are too small to read as the group's
FAR_FROM_GROUP_NAME = 3.0
DEEP_ENOUGH = 0.15  # of the deepest candidate's clearance: a marker by its name goes this deep
SMALL_SPOTS = 160  # the deepest candidates a small space's marker chooses from
SEARCH_STEPS = 4000  # the tries the small spaces' markers are looked for in (_SmallSpaces)
TRIES_PER_PART = 100  # the tries of a group's search between two of its stops (`_solve`)
HEMMED_TRIES = 6  # the places a hemmed space's name is tried off (`hemmed_boxes`)
TOUCHING = 1.0  # pixels: how much nearer than SPACING the small spaces' markers may stand


Slots = dict[str, tuple[float, float]]  # a slot per space, in scene units
_second = itemgetter(1)


def small_space_slots(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                      kept: Slots | None = None) -> Slots:
    """The one slot of each space too small for a whole token at ``zoom``, all chosen
    together (`_SmallSpaces`): each marker off the other small spaces' markers and off every
    other space's centre (where a player drops a piece on it), as deep inside its own space
    as that leaves room for. They depend on the spaces' shapes only, not on the labels: the
    labels keep clear of them (`small_space_boxes`), the other spaces' slots too. Made once
    per zoom and piece size, or taken from ``kept`` (what an earlier start chose for the very
    same spaces, `piece_cache`)."""
    key = _slots_key(spaces, zoom, pixels)
    known = _small.get(key)
    if known is None:
        known = kept if kept is not None else _SmallSpaces(spaces, zoom, pixels).slots()
        _small.put(key, known)
    return known


def _slots_key(spaces: dict[str, SpaceShape], zoom: float, pixels: float) -> tuple[object, ...]:
    return (zoom_key(zoom), round(pixels, 6),
            tuple((sid, id(shape.spots), shape.holds_units,
                   None if shape.name_at is None else
                   (shape.name_at.x(), shape.name_at.y(), shape.name_box.getCoords()),
                   None if shape.centre is None else (shape.centre.x(), shape.centre.y()))
                  for sid, shape in spaces.items()))


def slots_ahead(spaces: dict[str, SpaceShape], zoom: float, pixels: float) -> Iterator[None]:
    """`small_space_slots` at ``zoom`` made ahead a part at a time (`idle_bands`), kept where
    it looks: each small space's `_CentreRows` (the first band of a session, or one whose
    markers reach farther than any before, makes them all: tens of ms), then the markers
    chosen a group of neighbours at a time (`_SmallSpaces.solving`)."""
    key = _slots_key(spaces, zoom, pixels)
    if _small.get(key) is not None:
        return
    reach = pixels * HIT / zoom
    centres = _centres(spaces)
    for sid in cramped(spaces, zoom, pixels):
        yield
        _by_centres(sid, deep_of(spaces[sid].spots), centres, reach).free(SMALL_SPOTS,
                                                                          reach * reach)
    yield
    puzzle = _SmallSpaces(spaces, zoom, pixels)
    yield from puzzle.solving()
    _small.put(key, puzzle.found)


def cramped(spaces: dict[str, SpaceShape], zoom: float, pixels: float) -> list[str]:
    """The spaces holding units too small for a whole token at ``zoom`` (or barely bigger):
    the ones `small_space_slots` gives a slot."""
    inside = marker_sizes(zoom, pixels)[2]
    return [sid for sid, shape in spaces.items() if shape.holds_units and shape.spots and
            deep_of(shape.spots).deepest < inside * CRAMPED]


_small: Recent[tuple[object, ...], Slots] = Recent(MAX_LAYOUTS)


def _name_box(shape: SpaceShape, zoom: float) -> Box:
    """A space's name at its own label point (`SpaceShape.name_at`), in scene units."""
    assert shape.name_at is not None
    p, b = shape.name_at, shape.name_box
    return (p.x() + b.left() / zoom, p.y() + b.top() / zoom,
            p.x() + b.right() / zoom, p.y() + b.bottom() / zoom)


def _distance(box: Box, point: tuple[float, float]) -> float:
    """How far ``point`` is from ``box`` (0 inside it)."""
    x, y = point
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return float((dx * dx + dy * dy) ** 0.5)


Centres = tuple[tuple[str, float, float], ...]
Row = tuple[float, float, float, float]  # a candidate, its nearest centre (squared), its depth
# The spaces' centres of a map, as `_centres` last made them (the same object while they do
# not change: `_CentreRows` knows its own by identity).
_centres_made: dict[Centres, Centres] = {}
CENTRE_REACH = 1.0  # times a marker's reach: how far a centre is looked for


def _centres(spaces: dict[str, SpaceShape]) -> Centres:
    """Every space's centre (where a player drops a piece on it), by space."""
    made = tuple((sid, shape.centre.x(), shape.centre.y()) for sid, shape in spaces.items()
                 if shape.centre is not None)
    if len(_centres_made) > MAX_LAYOUTS:
        _centres_made.clear()
    return _centres_made.setdefault(made, made)


class _CentreRows:
    """A space's candidates, deepest first, each with the squared distance to the nearest
    other space's centre (inf where none is within ``far`` of its candidates) and its
    clearance inside the space: whether a marker there covers a centre is then one
    comparison at any zoom whose markers reach no farther than ``far``
    (`_SmallSpaces._choose`). Made from the map alone, as far down the candidates as asked,
    they outlast the zoom's layouts (and `deep_of`'s): `_centre_rows`."""

    def __init__(self, sid: str, deep: Deep, centres: Centres, far: float) -> None:
        self.spots, self.centres, self.far, self.order = deep.spots, centres, far, deep.order
        left, top, right, bottom = deep.bounds
        self.near = [(cx, cy) for other, cx, cy in centres if other != sid and
                     left - far < cx < right + far and top - far < cy < bottom + far]
        self.rows: list[Row] = []

    def upto(self, count: int) -> list[Row]:
        """The rows made so far, at least the first ``count`` (or all)."""
        rows, spots, near = self.rows, self.spots, self.near
        for i in self.order[len(rows):count]:
            x, y = spots[i], spots[i + 1]
            nearest = math.inf
            for cx, cy in near:
                # (as the marker's reach is compared: the same sum, the same float)
                d = (cx - x) * (cx - x) + (cy - y) * (cy - y)
                if d < nearest:
                    nearest = d
            rows.append((x, y, nearest, spots[i + 2]))
        return rows

    def free(self, count: int, r2: float) -> tuple[list[Row], list[tuple[float, float]]]:
        """The rows made, and the first ``count`` candidates off every centre (``r2``: the
        markers' reach, squared), the rows made as far as they are found."""
        want = count
        while True:
            rows = self.upto(want)
            # (a comprehension, not a loop: asked of every candidate of every small space)
            free = [(x, y) for x, y, nearest, _depth in rows if not nearest < r2][:count]
            if len(free) >= count or len(rows) >= len(self.order):
                return rows, free
            want = len(rows) + count - len(free)


# Each space's `_CentreRows`, by its candidates' id.
_centre_rows: Recent[int, _CentreRows] = Recent(4096)


def _by_centres(sid: str, deep: Deep, centres: Centres, reach: float) -> _CentreRows:
    """``sid``'s `_CentreRows` for markers reaching ``reach``: those made before, where they
    were made for a reach as far."""
    known = _centre_rows.get(id(deep.spots))
    if known is None or known.spots is not deep.spots or known.centres is not centres or \
            known.far < reach:
        known = _CentreRows(sid, deep, centres, reach * CENTRE_REACH)
        _centre_rows.put(id(deep.spots), known)
    return known


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
        self.half, self.apart, _ = marker_sizes(zoom, pixels)
        # (their tokens' clickable rings touch, their anti-aliased edges overlap)
        self.touching = self.apart - TOUCHING / zoom
        reach = pixels * HIT / zoom  # a marker's clickable radius
        centres = _centres(spaces)
        self.spots: dict[str, list[tuple[float, float]]] = {}
        self.land = {sid: shape.land for sid, shape in spaces.items()}
        self.ringed = {sid: shape.ringed for sid, shape in spaces.items()}
        self.depth: dict[str, float] = {}
        # Per small space: its candidates (deepest first, each with how near the nearest
        # other space's centre is: `_by_centres`) and its own name.
        self._near: dict[str, tuple[_CentreRows, list[Box]]] = {}
        # Per small space: its own name and the other spaces' names near it (scene boxes).
        self._names: dict[str, tuple[Box, list[Box]]] = {}
        names = {sid: _name_box(shape, zoom) for sid, shape in spaces.items()
                 if shape.name_at is not None and not shape.name_box.isEmpty()}
        self.reach2 = reach * reach
        for sid in cramped(spaces, zoom, pixels):
            shape = spaces[sid]
            deep = deep_of(shape.spots)
            left, top, right, bottom = deep.bounds
            # (its own name at its label point, a marker's half wider: a marker off it leaves
            # the name where it reads best)
            named = []
            if shape.name_at is not None and not shape.name_box.isEmpty():
                p, b = shape.name_at, shape.name_box
                named.append((p.x() + b.left() / zoom - self.half,
                              p.y() + b.top() / zoom - self.half,
                              p.x() + b.right() / zoom + self.half,
                              p.y() + b.bottom() / zoom + self.half))
            self._near[sid] = (_by_centres(sid, deep, centres, reach), named)
            self.depth[sid] = deep.deepest
            if sid in names:
                far = NAME_REACH * self.half
                self._names[sid] = (names[sid], [
                    box for other, box in names.items() if other != sid and
                    box[0] < right + far and left - far < box[2] and
                    box[1] < bottom + far and top - far < box[3]])

    def _choose(self, count: int) -> Iterator[None]:
        """Each small space's ``count`` deepest candidates off the other spaces' centres, the
        ones off its own name first (the ones covering a centre where no other is left),
        stopping before each space."""
        r2 = self.reach2
        for sid, (by_centres, named) in self._near.items():
            yield
            rows, free = by_centres.free(count, r2)
            if named:
                n0, n1, n2, n3 = named[0]  # (its own name is one box or none)
                on = [p for p in free if n0 < p[0] < n2 and n1 < p[1] < n3]
                off = [p for p in free if not (n0 < p[0] < n2 and n1 < p[1] < n3)]
            else:
                on, off = [], free
            # (where every one covers a centre: the first of them)
            covering = [] if free else \
                [(x, y) for x, y, nearest, _depth in rows if nearest < r2][:count]
            if sid in self._names and len(off) > 1:
                off = self._by_name(sid, off, rows)
            self.spots[sid] = self._own_first(sid, off, on) or covering

    def _own_first(self, sid: str, off: list[tuple[float, float]],
                   on: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """The candidates off its own name first, then those on it (the name moves off the
        marker); for a territory, those on it first where every one off it is astray, farther
        than `FAR_FROM_NAME` from it (`FAR_FROM_GROUP_NAME` for an island group inside its
        outline) and nearer another space's name: such a marker on an outlying islet stands in
        a sea zone's water and reads as another space's (the Hawaiian Islands' name covers the
        main islands; a marker on the north-western islets, by Midway's name, reads as Sea
        Zone 9's)."""
        if sid not in self._names or not on or not self.land[sid]:
            return off + on  # (a sea zone's marker stands in its own water wherever it is)
        own, others = self._names[sid]
        far = (FAR_FROM_GROUP_NAME if self.ringed[sid] else FAR_FROM_NAME) * self.half

        def astray(p: tuple[float, float]) -> bool:
            mine = _distance(own, p)
            return mine > far and any(_distance(box, p) < mine for box in others)

        return on + off if off and all(astray(p) for p in off) else off + on

    def _by_name(self, sid: str, off: list[tuple[float, float]], rows: list[Row]
                 ) -> list[tuple[float, float]]:
        """The candidates ``off`` (deepest first) in the order a marker reads best at: a
        marker reads as the stacks of the space whose name is nearest it, so the ones nearer
        their own name than any other space's come first, nearest it first, among those at
        least DEEP_ENOUGH as deep as the deepest (an archipelago's deepest island may lie far
        from the island its name is on); then the rest, deepest first. Where the deepest is
        within a marker (BY_NAME) of the name, it stays first."""
        own, others = self._names[sid]
        if _distance(own, off[0]) <= BY_NAME * self.half:
            return off  # the deepest is by its name already
        offered = set(off)
        clearance = {(x, y): depth for x, y, _nearest, depth in rows if (x, y) in offered}
        enough = DEEP_ENOUGH * max(clearance.values())

        def reads(point: tuple[float, float]) -> tuple[bool, float]:
            mine = _distance(own, point)
            ours = clearance[point] >= enough and \
                all(_distance(box, point) > mine for box in others)
            return (not ours, mine if ours else 0.0)

        return sorted(off, key=reads)  # (stable: the rest keep their order, deepest first)

    def slots(self) -> dict[str, tuple[float, float]]:
        for _step in self.solving():
            pass
        return self.found

    def solving(self) -> Iterator[None]:
        """Choose every marker (into ``found``), stopping before each space's candidates
        (`_choose`), before each group of neighbours, every `TRIES_PER_PART` tries within
        one (`_solve`) and, where none is found, before each of its markers
        (`_least_covered`)."""
        yield from self._choose(SMALL_SPOTS)
        self.found: dict[str, tuple[float, float]] = {}
        for group in self._groups():
            yield
            found = yield from self._solve(group, self.touching, SEARCH_STEPS)
            if found is None:
                found = yield from self._least_covered(group, self.found)
            self.found.update(found)

    def _groups(self) -> list[list[str]]:
        """The small spaces in groups whose candidates come within a marker of one another's
        (each group solved alone), and every space's neighbours."""
        # Each space's candidates by squares a marker wide: two spaces' candidates within a
        # marker of each other stand in the same square or in neighbouring ones.
        a = self.apart
        squares: dict[str, set[tuple[float, float]]] = {}
        by_square: dict[tuple[float, float], set[str]] = defaultdict(set)
        self.extent: dict[str, Box] = {}  # each space's candidates' extent
        for sid, spots in self.spots.items():
            # (floor quotients kept as floats: equal to the integers, and hashed alike)
            mine = squares[sid] = {(x // a, y // a) for x, y in spots}
            for square in mine:
                by_square[square].add(sid)
            self.extent[sid] = (min(spots)[0], min(spots, key=_second)[1],
                                max(spots)[0], max(spots, key=_second)[1])
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
               ) -> Generator[None, None, dict[str, tuple[float, float]] | None]:
        """A marker for every space of ``group``, no two nearer than ``apart`` on both axes,
        or None when none was found within ``most`` tries. Once a space has chosen,
        the spaces left fall apart in groups that no longer touch one another: each is
        solved alone (a dead end in one is not blamed on the choices of another). A
        generator: it stops every `TRIES_PER_PART` tries (all `SEARCH_STEPS` of them would
        take tens of ms), its return value the answer."""
        choices = {sid: self.spots[sid] for sid in group}
        chosen: dict[str, tuple[float, float]] = {}
        extent, steps = self.extent, 0
        strikes: dict[tuple[int, float, float], tuple[list[tuple[float, float]],
                                                      list[tuple[float, float]]]] = {}

        def search(left: list[str]) -> Generator[None, None, bool]:
            nonlocal steps
            if not left:
                return True
            sid = min(left, key=lambda s: (len(choices[s]), self.depth[s], s))
            rest = [s for s in left if s != sid]
            for x, y in choices[sid]:
                steps += 1
                if steps > most:
                    return False
                if steps % TRIES_PER_PART == 0:
                    yield
                struck: dict[str, list[tuple[float, float]]] = {}
                x0, x1, y0, y1 = x - apart, x + apart, y - apart, y + apart
                for other in self.near[sid]:
                    if other in chosen or other not in choices:
                        continue
                    e = extent[other]
                    if x0 >= e[2] or e[0] >= x1 or y0 >= e[3] or e[1] >= y1:
                        continue  # none of its candidates within a marker of this one
                    if x0 < e[0] and e[2] < x1 and y0 < e[1] and e[3] < y1:
                        break  # every one of them within it: none left
                    struck[other] = had = choices[other]
                    # (the same try strikes the same list again after a dead end elsewhere:
                    # the answer kept with the list it was given, which keeps its id taken)
                    known = strikes.get((id(had), x, y))
                    if known is None:
                        known = strikes[id(had), x, y] = (had, [
                            p for p in had if not (x0 < p[0] < x1 and y0 < p[1] < y1)])
                    choices[other] = known[1]
                    if not known[1]:
                        break
                else:
                    chosen[sid] = (x, y)
                    before = {s: choices[s] for s in rest}
                    for part in self._apart(rest):
                        if not (yield from search(part)):
                            break
                    else:
                        return True
                    for s in rest:
                        chosen.pop(s, None)
                    choices.update(before)
                    del chosen[sid]
                choices.update(struck)
            return False

        return chosen if (yield from search(group)) else None

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
                       ) -> Generator[None, None, dict[str, tuple[float, float]]]:
        """Each space of ``group``, smallest first, at the candidate whose marker covers the
        least of the markers placed before it. A generator: it stops before each space (a
        crowded group of some 70 spaces takes tens of ms), its return value the answer."""
        h, found = self.half, dict[str, tuple[float, float]]()
        for sid in group:
            yield
            placed = [(x - h, y - h, x + h, y + h)
                      for x, y in [*out.values(), *found.values()]]
            found[sid] = min(self.spots[sid], key=lambda p: squares_overlap(
                placed, (p[0] - h, p[1] - h, p[0] + h, p[1] + h)))
        return found


def small_space_boxes(spaces: dict[str, SpaceShape], zoom: float, pixels: float
                      ) -> dict[str, Box]:
    """The marker of each space too small for a whole token (`small_space_slots`), in scene
    units: what the labels keep clear of, as no other place is left for it."""
    half = marker_sizes(zoom, pixels)[0]
    return {sid: (x - half, y - half, x + half, y + half)
            for sid, (x, y) in small_space_slots(spaces, zoom, pixels).items()}



def hemmed_boxes(spaces: dict[str, SpaceShape], zoom: float, pixels: float,
                 keep_out: Mapping[str, Box]) -> dict[str, list[Box]]:
    """The spaces holding units, at most `HEMMED` tokens deep and not among the small ones
    (``keep_out``: their markers), whose every point deep enough for a whole token has its
    marker on a name shown (a neighbour's over most of it, its own over the rest: Western
    Australia under South Australia's name in a small window), on a small space's marker or
    on another space's centre; for each, the markers (scene boxes) at its points clear of
    everything but its own name, the nearest its label point and the least on its name in
    turn (at most `HEMMED_TRIES`). Its name is moved off one of them
    (`MapScene.keep_labels_off`): a name can move, the stacks have no other place. The
    labels are read from ``spaces`` as laid out at ``zoom``."""
    half, _, inside = marker_sizes(zoom, pixels)
    candidates = [sid for sid, shape in spaces.items()
                  if sid not in keep_out and shape.holds_units and shape.spots and
                  deep_of(shape.spots).deepest < inside * HEMMED]
    if not candidates:
        return {}
    names = Grid(half * 4)
    own: dict[str, Box] = {}
    for sid, shape in spaces.items():
        if shape.label is not None and not shape.label_box.isEmpty():
            p, b = shape.label, shape.label_box
            own[sid] = (p.x() + b.left() / zoom, p.y() + b.top() / zoom,
                        p.x() + b.right() / zoom, p.y() + b.bottom() / zoom)
            names.add(own[sid])
    for box in keep_out.values():
        names.add(box)
    reach = pixels * HIT / zoom  # a marker's clickable radius
    reach2 = reach * reach
    centres = [(sid, shape.centre.x(), shape.centre.y()) for sid, shape in spaces.items()
               if shape.centre is not None]
    out: dict[str, list[Box]] = {}
    for sid in candidates:
        spots, mine = spaces[sid].spots, own.get(sid)
        left, top, right, bottom = deep_of(spots).bounds
        near = [(cx, cy) for other, cx, cy in centres if other != sid and
                left - reach < cx < right + reach and top - reach < cy < bottom + reach]

        def square(i: int, spots: array[float] = spots) -> Box:
            return (spots[i] - half, spots[i + 1] - half, spots[i] + half, spots[i + 1] + half)

        def off_centres(i: int, spots: array[float] = spots,
                        near: list[tuple[float, float]] = near) -> bool:
            x, y = spots[i], spots[i + 1]
            return not any((cx - x) ** 2 + (cy - y) ** 2 < reach2 for cx, cy in near)

        # (the names and markers a marker at any of its points may touch, found once: each
        # point is asked of these few, not of the whole grid)
        named = names.within((left - half, top - half, right + half, bottom + half))
        # (the farthest from the label point first: a free one is found soonest there)
        deep = [i for i in range(len(spots) - 3, -1, -3) if spots[i + 2] >= inside]
        if any(not _overlaps(named, square(i)) and off_centres(i) for i in deep):
            continue  # room off every name
        if mine is None:
            continue  # (no name of its own to move off them)
        found = [square(i) for i in reversed(deep)
                 if _only_under(named, square(i), mine) and off_centres(i)]
        if found:
            # The nearest its label point (the first the pieces' layout asks for) and the
            # least on its own name (its name has the least way to go), in turn.
            name = [mine]
            least = sorted(found, key=lambda box: squares_overlap(name, box))
            turns = [box for pair in zip(found, least, strict=True) for box in pair]
            out[sid] = list(dict.fromkeys(turns))[:HEMMED_TRIES]
    return out


def _overlaps(boxes: list[Box], box: Box) -> bool:
    """Does ``box`` overlap one of ``boxes`` (`Grid.hits`: touching is not overlapping)?"""
    left, top, right, bottom = box
    # (a loop, not a generator: asked of every point of every space that may be hemmed in)
    for o in boxes:
        if o[0] < right and left < o[2] and o[1] < bottom and top < o[3]:
            break
    else:
        return False
    return True


def _only_under(boxes: list[Box], box: Box, mine: Box) -> bool:
    """Is ``mine`` the only one of ``boxes`` that overlaps ``box`` or touches it (or none)?
    It stops at the first other."""
    left, top, right, bottom = box
    for o in boxes:
        if o[0] <= right and left <= o[2] and o[1] <= bottom and top <= o[3] and o != mine:
            return False
    return True
