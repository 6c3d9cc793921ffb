"""Where each region's label goes at one zoom, so that no two labels overlap and
every label stands on its region or just beside it.

Labels keep their size in pixels while the map scales, so at the overview zoom the labels of
small neighbours (Kweichow and Anhwe, New Guinea and New Britain) would cover one another at
their label points. `place` works in the current zoom: every label is a box of pixels turned
into scene units, and is put at the first candidate that overlaps no label placed before it:

1. its label point, then points inside its region nearest to it (for a sea zone, clear of
   land), in its full size, then in the smaller variants (smaller font, two-line name);
2. when nothing inside fits (a tiny island at a small zoom): the nearest free point around
   its label point where the label's box comes within `NEAR` pixels of the region, with a
   short leader line when the label's centre lies outside the region;
3. the same again with the shortened name (the abbreviated variants, from ``short`` on);
4. else the label is hidden at this zoom (the map shows it while the pointer is over its
   region): a label far from its place would name the wrong region.

Small regions choose first: they have the fewest places to go; a big region always finds
another spot inside itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_room import Room, blocked_sizes, cell_window, cells_within
from pacific.gui.piece_shapes import Box, Grid

GAP = 3.0  # pixels kept free between two labels
RINGS = 10  # rings of points tried inside a region, around its label point
OUTSIDE_RINGS = 8  # rings of points tried beside a region too cramped for its label
MEMO = 64  # zooms whose points found inside a region are kept with its request
NEAR = 6.0  # pixels: the farthest a label's box may stand from its region
FIRST_POINTS = 8  # points beside a region tried one by one before the rest at once
AGAIN = 2  # layouts after the first, each letting the territories hidden so far choose first
FEW_HIDDEN = 4  # territories hidden at most for a layout after the second
UNNAMED_ROUNDS = 4  # rounds that take names beside their regions off unnamed territories
BESIDE_TRIES = 3  # spots beside its region a name moved off an unnamed territory may try


@dataclass(frozen=True)
class LabelRequest:
    """One region's label, in scene coordinates; boxes in pixels around the anchor."""

    region: str
    point: QPointF  # the geometry's label point (inside the region)
    bounds: QRectF  # the region's extent
    contains: Callable[[QPointF], bool]  # may the label's centre sit here (region, not land)?
    variants: tuple[QRectF, ...]  # the label's box in each variant, best first
    touches: Callable[[QRectF], bool]  # does the region reach into this scene rectangle?
    short: int | None = None  # the first shortened variant (abbreviated name), if any
    rank: int = 0  # labels of a lower rank choose their place first (sea zones: 1)
    land: Callable[[QRectF], bool] | None = None  # its own land in this rectangle? (touches)
    memo: dict[tuple[float, float, float], _Found] = field(
        default_factory=dict, compare=False, repr=False)  # _inside's answers

    @property
    def full(self) -> range:
        """The variants that write the whole name."""
        return range(len(self.variants) if self.short is None else self.short)

    @property
    def shortened(self) -> range:
        return range(len(self.full), len(self.variants))


@dataclass(frozen=True)
class Placement:
    point: QPointF  # where the label's anchor goes (scene)
    variant: int  # index into LabelRequest.variants; HIDDEN: no room at this zoom
    leader: bool  # outside its region: draw a line to LabelRequest.point

    @property
    def hidden(self) -> bool:
        return self.variant == HIDDEN


HIDDEN = -1


def _box(point: QPointF, box: QRectF, scale: float, gap: float = GAP) -> Box:
    x, y, g = point.x(), point.y(), gap / scale
    return (x + box.left() / scale - g, y + box.top() / scale - g,
            x + box.right() / scale + g, y + box.bottom() / scale + g)


def _extent(box: QRectF, scale: float, gap: float) -> Box:
    """A label's box around its anchor in scene units at ``scale``, ``gap`` pixels wider."""
    g = gap / scale
    return (box.left() / scale - g, box.top() / scale - g,
            box.right() / scale + g, box.bottom() / scale + g)


class _Found:
    """The points tried inside a region for a label of one size, in the order they are tried
    (its label point, then a grid around it, nearest first, within the region's extent), and
    which of them lie inside the region, learnt as they are asked for: the region's outline
    (`LabelRequest.contains`) is the dearest question, so it is asked of a point only once,
    and only when the label's box there is free (kept for the request's next searches: the
    layout asks twice, politely then not)."""

    def __init__(self, req: LabelRequest, box: QRectF, scale: float) -> None:
        self.contains = req.contains
        cx, cy = req.point.x(), req.point.y()
        self.xs: list[float] = [cx]
        self.ys: list[float] = [cy]
        self.inside: list[bool | None] = [True]  # (the label point is the region's own)
        # The grid's columns and rows within the extent (ascending), and each point's
        # column and row: where a box is not free is worked out on them (`Room.blocked`).
        self.ax: list[float] = [cx]
        self.ay: list[float] = [cy]
        self.at: list[int] = [0]  # row * len(ax) + column
        # Steps of a quarter label across, half a label down: fine enough to slip between
        # neighbours, few enough to be quick.
        step_x = max(box.width() / scale / 4, 1e-6)
        step_y = max(box.height() / scale / 2, 1e-6)
        b = req.bounds
        rings = min(RINGS, int(max(b.width() / step_x, b.height() / step_y)) + 1)
        # The region's extent as numbers (QRectF.contains: edges included, an empty extent
        # holds nothing): most points fall outside it, and are never tried.
        left, right = sorted((b.left(), b.right()))
        top, bottom = sorted((b.top(), b.bottom()))
        if left == right or top == bottom:
            return
        cols = [i for i in range(-rings, rings + 1) if left <= cx + i * step_x <= right]
        rows = [j for j in range(-rings, rings + 1) if top <= cy + j * step_y <= bottom]
        if not cols or not rows:
            return
        self.ax = [cx + i * step_x for i in cols]
        self.ay = [cy + j * step_y for j in rows]
        c0, r0, width = cols[0], rows[0], len(cols)
        c1, r1 = cols[-1], rows[-1]
        self.at = [(0 - r0) * width + 0 - c0] if c0 <= 0 <= c1 and r0 <= 0 <= r1 else [-1]
        # (the columns and rows within the extent are runs of whole steps: a cell is in it
        # when its column and row are, and its point is their point)
        columns, rows_of, at = cell_window(rings, round(step_x / step_y, 1), c0, c1, r0, r1)
        self.xs += map(self.ax.__getitem__, columns)
        self.ys += map(self.ay.__getitem__, rows_of)
        self.at += at
        self.inside += [None] * len(at)

    def holds(self, k: int) -> bool:
        """Is the ``k``-th point inside the region?"""
        known = self.inside[k]
        if known is None:
            known = self.inside[k] = self.contains(QPointF(self.xs[k], self.ys[k]))
        return known


def _inside(req: LabelRequest, box: QRectF, scale: float) -> _Found:
    """The points inside the region tried for a label of ``box``'s size at ``scale``."""
    key = (box.width(), box.height(), scale)
    found = req.memo.get(key)
    if found is None:
        if len(req.memo) >= MEMO:
            req.memo.clear()
        found = req.memo[key] = _Found(req, box, scale)
    return found


def _rect(point: QPointF, box: QRectF, scale: float, margin: float) -> QRectF:
    m = margin / scale
    return QRectF(point.x() + box.left() / scale - m, point.y() + box.top() / scale - m,
                  box.width() / scale + 2 * m, box.height() / scale + 2 * m)


def _inside_spot(req: LabelRequest, scale: float, free: Callable[[Box], bool],
                 variants: Sequence[int],
                 waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    """The first free point inside the region, in the best variant that has one; with
    ``waiting``, the first such that is also off the boxes ``waiting`` hits, if any (the
    free one else: one pass for both questions)."""
    first: Placement | None = None
    room = free if isinstance(free, Room) else None
    for v in variants:
        variant = req.variants[v]
        e0, e1, e2, e3 = _extent(variant, scale, GAP)
        found = _inside(req, variant, scale)
        # Where the box is not free, worked out at once from the boxes near once the first
        # points found no room (a function given by a caller is asked point by point).
        blocked: bytearray | None = None
        for k, (x, y) in enumerate(zip(found.xs, found.ys, strict=True)):
            if k == FIRST_POINTS and room is not None:
                blocked = room.blocked(found.ax, found.ay, (e0, e1, e2, e3))
                if 0 not in blocked:
                    break  # (every point left is on the grid, and none of them is free)
            if blocked is not None and found.at[k] >= 0 and blocked[found.at[k]]:
                continue
            box = (x + e0, y + e1, x + e2, y + e3)
            # Once a free spot is known, only one off the waiting labels is worth more.
            if first is not None and waiting is not None and waiting(box):
                continue
            if ((blocked is None or found.at[k] < 0) and not free(box)) or not found.holds(k):
                continue
            where = Placement(QPointF(x, y), v, False)
            if waiting is None or first is not None or not waiting(box):
                return where
            first = where
    return first


def _leader(req: LabelRequest, where: Placement, scale: float) -> Box:
    """The leader line of a label placed outside its region: from the edge of its ink to the
    region's label point (as `map_labels.LabelItem` draws it)."""
    ink = _extent(req.variants[where.variant], scale, 0.0)
    x, y = where.point.x(), where.point.y()
    ex, ey = req.point.x(), req.point.y()
    return (min(max(ex, x + ink[0]), x + ink[2]), min(max(ey, y + ink[1]), y + ink[3]), ex, ey)


def _beside_spot(req: LabelRequest, scale: float, free: Callable[[Box], bool],
                 variants: Sequence[int],
                 waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    """The nearest free point around the label point where the label, in any of
    ``variants``, comes within NEAR pixels of its region: a short leader beats a big label
    far away. With ``waiting``, the first such also off the boxes ``waiting`` hits, if any
    (the free one else)."""
    if not variants:
        return None
    near = NEAR / scale
    b = req.bounds
    left, top, right, bottom = b.left() - near, b.top() - near, b.right() + near, \
        b.bottom() + near
    # No box reaches the region's extent from farther than its largest half-size.
    reach_x = max(max(-req.variants[k].left(), req.variants[k].right()) for k in variants) / scale
    reach_y = max(max(-req.variants[k].top(), req.variants[k].bottom()) for k in variants) / scale
    # Each variant's ink, and its ink with the gap kept free around it, in scene units.
    extents = [(k, _extent(req.variants[k], scale, 0.0), _extent(req.variants[k], scale, GAP))
               for k in variants]
    last = req.variants[variants[-1]]
    step_x = max(last.width() / scale / 4, 1e-6)
    step_y = max(last.height() / scale / 2, 1e-6)
    cx, cy = req.point.x(), req.point.y()
    r = OUTSIDE_RINGS
    xs = [cx + i * step_x for i in range(-r, r + 1)]
    ys = [cy + j * step_y for j in range(-r, r + 1)]
    # Where each variant is not free, worked out at once from the boxes near, once the
    # first rings found no room (a function given by a caller is asked point by point).
    room = free if isinstance(free, Room) else None
    blocked: list[bytearray] | None = None
    # (only the points whose boxes may reach the region: one span of columns, one of rows)
    i0 = next((i for i, x in enumerate(xs) if x + reach_x >= left), len(xs))
    i1 = next((i for i in range(len(xs) - 1, -1, -1) if xs[i] - reach_x <= right), -1) + 1
    j0 = next((j for j, y in enumerate(ys) if y + reach_y >= top), len(ys))
    j1 = next((j for j in range(len(ys) - 1, -1, -1) if ys[j] - reach_y <= bottom), -1) + 1
    if i0 >= i1 or j0 >= j1:
        return None
    side = i1 - i0
    first: Placement | None = None
    # (the points in reach: the span's; the points are ascending, so a point's box may reach
    # the region exactly when its column and row lie in the span)
    cells = cells_within(r, round(step_x / step_y, 1), i0 - r, i1 - 1 - r, j0 - r, j1 - 1 - r)
    for tried, (i, j) in enumerate(cells):
        if tried == FIRST_POINTS and room is not None:
            cols, rows = xs[i0:i1], ys[j0:j1]
            # (the boxes near any size's, found once for all sizes)
            boxes = room.near((cols[0] + min(e[2][0] for e in extents),
                               rows[0] + min(e[2][1] for e in extents),
                               cols[-1] + max(e[2][2] for e in extents),
                               rows[-1] + max(e[2][3] for e in extents)))
            blocked = blocked_sizes(room, cols, rows, [kept for _k, _ink, kept in extents],
                                     boxes)
            # (the points whose box of a size does not come near the region are marked too:
            # then one look per point and size; when no point is left for any size, none
            # of the points still to try can be taken)
            for n, (_k, ink, _kept) in enumerate(extents):
                marks = blocked[n]
                for c, x in enumerate(cols):
                    if x + ink[2] < left or x + ink[0] > right:
                        marks[c::side] = b"\x01" * len(rows)
                for c, y in enumerate(rows):
                    if y + ink[3] < top or y + ink[1] > bottom:
                        marks[c * side:(c + 1) * side] = b"\x01" * side
            if all(0 not in marks for marks in blocked):
                return first
        x, y = xs[i + r], ys[j + r]
        at = (j + r - j0) * side + i + r - i0
        for n, (k, ink, kept) in enumerate(extents):
            if blocked is not None:
                if blocked[n][at]:
                    continue
            elif x + ink[2] < left or x + ink[0] > right or y + ink[3] < top or \
                    y + ink[1] > bottom:
                continue
            box = (x + kept[0], y + kept[1], x + kept[2], y + kept[3])
            # Once a free spot is known, only one off the waiting labels is worth more.
            polite = waiting is not None and not waiting(box) if first is not None else None
            if polite is False:
                continue
            if blocked is None and not free(box):
                continue
            p = QPointF(x, y)
            if not req.touches(_rect(p, req.variants[k], scale, NEAR)):
                continue
            where = Placement(p, k, not req.contains(p))
            # (a leader line across another name would point at the wrong region)
            if where.leader and room is not None and room.crosses(_leader(req, where, scale)):
                continue
            if waiting is None or polite or not waiting(box):
                return where
            first = where
    return first


def _at_point(req: LabelRequest, scale: float, free: Callable[[Box], bool],
              variants: Sequence[int]) -> Placement | None:
    fits = next((k for k in variants if free(_box(req.point, req.variants[k], scale))), None)
    return Placement(req.point, fits, False) if fits is not None else None


def _smallest_first(req: LabelRequest, variants: range) -> list[int]:
    return sorted(variants, key=lambda k: (req.variants[k].width() * req.variants[k].height(),
                                           k))


def place(requests: list[LabelRequest], scale: float, frame: QRectF,
          keep_out: Mapping[str, Box] | None = None) -> dict[str, Placement]:
    """Every label's place at ``scale`` (pixels per scene unit), inside ``frame`` (the scene),
    off ``keep_out`` (scene boxes by region: the markers of the spaces too small for a token,
    `small_spaces.small_space_boxes`, its own region's too).
    A label with no room on or beside its region is hidden (`Placement.hidden`).

    Territories hidden in a first layout choose first in a second one: a big neighbour that
    took their room can move or shorten its name, a small territory cannot. Only the labels
    within their reach choose again; the others keep their places. A territory the second
    layout hides in turn chooses first too in a third (`AGAIN` at most, while none hides
    more than the best, and only where at most `FEW_HIDDEN` are hidden); the layout that
    hides the fewest territories is kept, and no name beside its region stands on a
    territory whose name is hidden (`_off_the_unnamed`)."""
    keep_out = keep_out or {}
    requests = [_beside_marker(req, keep_out[req.region]) if req.region in keep_out else req
                for req in requests]
    def lost(p: dict[str, Placement]) -> tuple[int, int]:  # territories first
        return (sum(1 for r in requests if p[r.region].hidden and r.rank <= 0),
                sum(1 for where in p.values() if where.hidden))

    plan = best = _place(requests, scale, frame, set(), keep_out)
    first: set[str] = set()
    for again in range(AGAIN):
        hidden = {r.region for r in requests if plan[r.region].hidden and r.rank <= 0}
        # (past the second layout, only where few names are hidden: a crowded zoom's many
        # hidden names did not find room in a third, at a tenth of a second each)
        if hidden <= first or (again and len(hidden) > FEW_HIDDEN):
            break
        # (a territory hidden in any layout before keeps its turn: two small neighbours
        # that took each other's room both choose before the others)
        first |= hidden
        near = _within_reach(requests, scale, plan, first)
        fixed = {rid: where for rid, where in plan.items() if rid not in near}
        try:
            plan = _place(requests, scale, frame, first, keep_out, fixed,
                          _Enough(lost(best), again == AGAIN - 1))
        except _NoBetter:
            break  # (it would not be kept, and no layout would follow it)
        if lost(plan) > lost(best):
            break  # (hiding more: the next round starts from a worse layout)
        if lost(plan) < lost(best):
            best = plan
    for _round in range(UNNAMED_ROUNDS):  # (a name moved off may leave its own unnamed)
        best, was = _off_the_unnamed(requests, scale, frame, keep_out, best), best
        if best is was:
            break
    return best


def _off_the_unnamed(requests: list[LabelRequest], scale: float, frame: QRectF,
                     keep_out: Mapping[str, Box], plan: dict[str, Placement]
                     ) -> dict[str, Placement]:
    """``plan`` with no name beside its region (a leader line) over a territory whose name
    is hidden but a capital's: there it names the wrong space (Shansi's over Szechwan's).
    That one takes its place first with those names off the map, then each: inside its
    region, else beside it over no territory left unnamed, else hidden (hovered, shown)."""
    by_region = {req.region: req for req in requests}

    def over(ink: QRectF, req: LabelRequest) -> bool:  # (on req's land?)
        return req.bounds.intersects(ink) and (req.land or req.touches)(ink)

    def unnamed(req: LabelRequest) -> bool:
        return plan[req.region].hidden and req.rank <= 0

    def ink(rid: str, where: Placement) -> QRectF:
        return _rect(where.point, by_region[rid].variants[where.variant], scale, 0.0)

    # (a capital's name keeps its place: capitals choose first, R-VICTORY-1/3)
    leaders = [(rid, ink(rid, where)) for rid, where in plan.items()
               if where.leader and not where.hidden and by_region[rid].rank >= 0]
    astray = {req.region: [rid for rid, box in leaders if rid != req.region and over(box, req)]
              for req in requests if leaders and unnamed(req)}
    moved = sorted({rid for names in astray.values() for rid in names})
    if not moved:
        return plan
    plan = dict(plan)
    room = Room(Grid(max(60.0 / scale, 1e-6)), (frame.left(), frame.top(), frame.right(),
                                                 frame.bottom()))
    for box in keep_out.values():
        room.grid.add(box)
    for rid, where in plan.items():
        if not where.hidden and rid not in moved:
            room.add(_box(where.point, by_region[rid].variants[where.variant], scale))
            if where.leader:
                room.leaders[rid] = _leader(by_region[rid], where, scale)
    plan.update((rid, Placement(by_region[rid].point, HIDDEN, False)) for rid in moved)

    def beside(req: LabelRequest, variants: list[int]) -> Placement | None:  # (off unnamed)
        tried: list[Box] = []  # (spots refused: kept free for the next try)
        while len(tried) < BESIDE_TRIES and (
                spot := _beside_spot(req, scale, room, variants)) is not None:
            spot = _grown(req, spot, scale, room)
            if not any(unnamed(other) and other.region != req.region and
                       over(ink(req.region, spot), other) for other in requests):
                break
            tried.append(_box(spot.point, req.variants[spot.variant], scale, 0.0))
            room.grid.add(tried[-1])
        for box in tried:
            room.grid.remove(box)
        return spot if len(tried) < BESIDE_TRIES and spot is not None else None

    for rid in [r for r, names in astray.items() if names] + moved:
        req = by_region[rid]
        chosen: Placement | None = None  # (as in `_place`: inside, beside, then shortened)
        for kinds in (_smallest_first(req, req.full), _smallest_first(req, req.shortened)):
            inside = _at_point(req, scale, room, kinds) or _inside_spot(req, scale, room, kinds)
            chosen = _grown(req, inside, scale, room) if inside else beside(req, kinds)
            if chosen is not None:
                break
        if chosen is None:
            continue
        plan[rid] = chosen
        room.add(_box(chosen.point, req.variants[chosen.variant], scale))
        if chosen.leader:
            room.leaders[rid] = _leader(req, chosen, scale)
    return plan


def _grown(req: LabelRequest, where: Placement, scale: float,
           free: Callable[[Box], bool]) -> Placement:
    """``where`` in the best variant the room around it allows (beside: within NEAR)."""
    for k in range(where.variant):
        variant = req.variants[k]
        if free(_box(where.point, variant, scale)) and (
                not where.leader or req.touches(_rect(where.point, variant, scale, NEAR))):
            return Placement(where.point, k, where.leader)
    return where


def _beside_marker(req: LabelRequest, marker: Box) -> LabelRequest:
    """``req`` for a region whose only marker stands at ``marker`` (scene): the label keeps
    off it, and may stand beside it as beside the region (with a leader line to its point)."""
    rect = QRectF(marker[0], marker[1], marker[2] - marker[0], marker[3] - marker[1])
    touches = req.touches

    def near(box: QRectF) -> bool:
        return box.intersects(rect) or touches(box)

    return replace(req, bounds=req.bounds.united(rect), touches=near, memo=req.memo)


def _within_reach(requests: list[LabelRequest], scale: float, plan: dict[str, Placement],
                  hidden: set[str]) -> set[str]:
    """The labels of ``plan`` that stand where a label of ``hidden`` searches for room (its
    region's extent, and the rings around its point beside it, `OUTSIDE_RINGS`), and
    ``hidden``'s own."""
    areas = []
    for req in requests:
        if req.region in hidden:
            w = max(v.width() for v in req.variants) / scale
            h = max(v.height() for v in req.variants) / scale
            x, y, b = req.point.x(), req.point.y(), req.bounds
            # (the searches step a quarter label across and half a label down)
            reach_x, reach_y = w * OUTSIDE_RINGS / 4, h * OUTSIDE_RINGS / 2
            areas.append((min(b.left(), x - reach_x) - w, min(b.top(), y - reach_y) - h,
                          max(b.right(), x + reach_x) + w, max(b.bottom(), y + reach_y) + h))
    near = set(hidden)
    for req in requests:
        where = plan[req.region]
        box = (req.point.x(), req.point.y(), req.point.x(), req.point.y()) if where.hidden \
            else _box(where.point, req.variants[where.variant], scale)
        if any(a[0] <= box[2] and box[0] <= a[2] and a[1] <= box[3] and box[1] <= a[3]
               for a in areas):
            near.add(req.region)
    return near


class _NoBetter(Exception):
    """A later layout cannot hide fewer labels than the best one, and no layout follows it."""


@dataclass(frozen=True)
class _Enough:
    """When a later layout stops (`_NoBetter`): once it hides ``best`` (the territories,
    then the labels hidden by the best layout so far) or more and cannot be followed by
    another (it is the ``last``, or it hides more territories than `FEW_HIDDEN`), or once it
    hides more than ``best``. A label hidden stays hidden, so the count only grows."""

    best: tuple[int, int]
    last: bool

    def reached(self, hidden: tuple[int, int]) -> bool:
        return hidden > self.best or (hidden == self.best and
                                      (self.last or hidden[0] > FEW_HIDDEN))


def _place(requests: list[LabelRequest], scale: float, frame: QRectF,
           first: set[str], keep_out: Mapping[str, Box],
           fixed: Mapping[str, Placement] | None = None,
           enough: _Enough | None = None) -> dict[str, Placement]:
    """Every label's place at ``scale`` (pixels per scene unit), inside ``frame`` (the scene).
    A label with no room on or beside its region is hidden (`Placement.hidden`).

    Every label first takes its place in its most compact form, so that as many as possible
    find room on their regions; then each grows, best variant first, where the room around
    it allows. The labels of ``fixed`` keep their places. With ``enough``, raises
    `_NoBetter` as soon as the labels hidden reach it."""
    placed = Grid(max(60.0 / scale, 1e-6))
    fx0, fy0, fx1, fy1 = frame.left(), frame.top(), frame.right(), frame.bottom()

    # A label keeps off the markers of the spaces too small for a whole token, its own
    # region's too (a region smaller than a piece has no other place for its pieces, and a
    # name under a marker cannot be read).
    for box in keep_out.values():
        placed.add(box)

    # Is a box free for a label: in the frame, off the labels placed and off the small
    # spaces' markers?
    room = Room(placed, (fx0, fy0, fx1, fy1))

    def mine(req: LabelRequest) -> Callable[[Box], bool]:
        return room

    out: dict[str, Placement] = {}
    fixed = fixed or {}
    lost = [0, 0]  # the territories hidden, and all the labels hidden
    for req in requests:
        kept = fixed.get(req.region)
        if kept is not None:
            out[req.region] = kept
            if kept.hidden:
                lost[0] += req.rank <= 0
                lost[1] += 1
            else:
                room.add(_box(kept.point, req.variants[kept.variant], scale))
                if kept.leader:
                    room.leaders[req.region] = _leader(req, kept, scale)
    order = sorted((r for r in requests if r.region not in fixed),
                   key=lambda r: (r.region not in first, r.rank,
                                  r.bounds.width() * r.bounds.height(), r.region))
    # First every label that fits at its own label point: a label where it stands reads
    # better than a label moved away; a label looking for room elsewhere keeps clear of it.
    moving: list[LabelRequest] = []
    for req in order:
        where = _at_point(req, scale, mine(req), _smallest_first(req, req.full))
        if where is None:
            moving.append(req)
            continue
        out[req.region] = where
        room.add(_box(req.point, req.variants[where.variant], scale))
    # The label points of the labels still to move, in their smallest variant: a label that
    # moves first keeps off them when it can, not to push its neighbour further away.
    waiting = Grid(max(60.0 / scale, 1e-6))
    for r in moving:
        waiting.add(_box(r.point, r.variants[-1], scale, 0.0))

    for req in moving:
        waiting.remove(_box(req.point, req.variants[-1], scale, 0.0))
        full = _smallest_first(req, req.full)
        short = _smallest_first(req, req.shortened)
        free = mine(req)

        # Off the waiting labels if it can, else where it is free.
        chosen = (_inside_spot(req, scale, free, full, waiting.hits)
                  or _beside_spot(req, scale, free, full, waiting.hits)
                  or _at_point(req, scale, free, short) or _inside_spot(req, scale, free, short)
                  or _beside_spot(req, scale, free, short))
        if chosen is None:
            out[req.region] = Placement(req.point, HIDDEN, False)
            lost[0] += req.rank <= 0
            lost[1] += 1
            if enough is not None and enough.reached((lost[0], lost[1])):
                raise _NoBetter
            continue
        out[req.region] = chosen
        room.add(_box(chosen.point, req.variants[chosen.variant], scale))
        if chosen.leader:
            room.leaders[req.region] = _leader(req, chosen, scale)
    # Then each label grows where it stands, to the best variant the room around it allows.
    for req in order:
        where = out[req.region]
        if where.hidden:
            continue
        current = _box(where.point, req.variants[where.variant], scale)
        room.remove(current)
        own_line = room.leaders.pop(req.region, None)  # (its own leader starts at its edge)
        where = out[req.region] = _grown(req, where, scale, mine(req))
        room.add(_box(where.point, req.variants[where.variant], scale))
        if own_line is not None:
            room.leaders[req.region] = _leader(req, where, scale)
    return out
