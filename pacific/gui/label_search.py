"""One label's search for its place at one zoom (`label_layout.place` lays every label out
with it, `label_refit` moves a few): the points tried inside its region, nearest its label
point first, then beside it within `NEAR` pixels, each asked of the room the labels placed
before it leave (`label_room.Room`), in the label's variants (its whole name, then shortened).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_lands import SPILL, SPILL_ON_LAND
from pacific.gui.label_room import Room, blocked_sizes, in_ring_order
from pacific.gui.piece_shapes import Box

GAP = 3.0  # pixels kept free between two labels
RINGS = 10  # rings of points tried inside a region, around its label point
OUTSIDE_RINGS = 8  # rings of points tried beside a region too cramped for its label
MEMO = 64  # zooms whose points found inside a region are kept with its request
NEAR = 6.0  # pixels: the farthest a label's box may stand from its region
# A capital's star alone is a small mark: its points are tried this many pixels apart, in as
# many rings as reach across a small territory's corner of land free of markers
STAR_STEP = 3.0
STAR_RINGS = 24
# A capital's name apart from its star: a leader line up to this many pixels is short; past
# it, up to this many places of the name are tried
SHORT_LEADER = 12.0
NAME_TRIES = 4
# A territory's name that found no place on the grids above, before it is hidden: its
# points tried this many pixels apart, in as many rings as reach across its land (a
# province's name over no neighbour's land fits in a small corner of it, between the grid's
# points)
FINE_STEP = 2.0
FINE_RINGS = 60


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
    # A capital's star in each variant, in pixels from the anchor (`LabelItem.star_at`; None:
    # the star apart from the name); none for a label without one ...
    stars: tuple[tuple[float, float] | None, ...] = ()
    alone: int | None = None  # ... and the variant of its star alone
    # Does its name's box here (scene) stand over other territories' land by more than the
    # share, where it reads as that one's name (`label_lands`)? None: never asked (a zone).
    astray: Callable[[QRectF, float], bool] | None = None
    # Is any of this rectangle (scene) off every territory's land? (None: never asked.) A
    # name beside land with none around it stands over a neighbour's (`_beside_spot`).
    sea: Callable[[QRectF], bool] | None = None
    marker: Box | None = None  # the one marker of a space too small for a token (scene)
    # An island group inside its outline: its sea zone, whose number gives way to the
    # group's name by its marker (`label_layout._yielding`, `_caption`)
    zone: str | None = None
    # Does its name's ink here (scene) cover another space's first place for its stacks,
    # where a player drops on that space? (Asked of an island group's name beside it.)
    on_slot: Callable[[QRectF], bool] | None = None
    memo: dict[tuple[object, ...], _Found] = field(
        default_factory=dict, compare=False, repr=False)  # _inside's answers

    @property
    def full(self) -> range:
        """The variants that write the whole name."""
        return range(len(self.variants) if self.short is None else self.short)

    @property
    def shortened(self) -> range:
        return range(len(self.full), len(self.variants))

    def apart(self, k: int) -> bool:
        """Does variant ``k`` leave a capital's star apart (or show it alone)?"""
        return self.alone is not None and self.stars[k] is None

    def star_on(self, point: QPointF, k: int, scale: float) -> bool:
        """Does variant ``k`` at ``point`` have its star (if any) on its own region? (A
        capital's mark must stand on its own land, R-VICTORY-1/3.)"""
        star = self.stars[k] if self.stars else None
        return star is None or self.contains(
            QPointF(point.x() + star[0] / scale, point.y() + star[1] / scale))


@dataclass(frozen=True)
class Placement:
    point: QPointF  # where the label's anchor goes (scene)
    variant: int  # index into LabelRequest.variants; HIDDEN: no room at this zoom
    leader: bool  # outside its region: draw a line to LabelRequest.point (or ``star``)
    star: QPointF | None = None  # a capital's star drawn apart from its name, alone (scene)

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
    """The points tried inside a region for a label of one size (its label point, then a grid
    around it within the region's extent, nearest first: `label_room.ring_cells`), and which
    of them lie inside the region, learnt as they are asked for: the region's outline
    (`LabelRequest.contains`) is the dearest question, so it is asked of a point only once,
    and only when the label's box there is free (kept for the request's next searches: the
    layout asks twice, politely then not). A point is its place on the grid, row by row (the
    label point: -1)."""

    def __init__(self, req: LabelRequest, box: QRectF, scale: float,
                 star: tuple[float, float] | None = None, alone: bool = False,
                 fine: bool = False) -> None:
        self.contains = req.contains
        if star is not None:
            sx, sy, inside = star[0] / scale, star[1] / scale, req.contains

            def with_star(p: QPointF) -> bool:  # (its star on its land too)
                return inside(p) and inside(QPointF(p.x() + sx, p.y() + sy))

            self.contains = with_star
        cx, cy = req.point.x(), req.point.y()
        self.cx, self.cy = cx, cy
        self.inside: dict[int, bool] = {-1: True}  # (the label point is the region's own)
        # The grid's columns and rows within the extent (ascending): where a box is not free
        # is worked out on them (`Room.blocked`).
        self.ax: list[float] = []
        self.ay: list[float] = []
        self.window = (0, 0, 1.0)  # the grid's first column and row, the cells' aspect
        self.origin = -1  # the label point's own place on the grid (not tried again), if any
        # Steps of a quarter label across, half a label down: fine enough to slip between
        # neighbours, few enough to be quick.
        # (A star alone: a fine grid, to find a corner of land off the marker in its middle;
        # a name with no place on the coarse grid: a finer one still.)
        step_x = STAR_STEP / scale if alone else FINE_STEP / scale if fine else \
            max(box.width() / scale / 4, 1e-6)
        step_y = STAR_STEP / scale if alone else FINE_STEP / scale if fine else \
            max(box.height() / scale / 2, 1e-6)
        b = req.bounds
        rings = min(STAR_RINGS if alone else FINE_RINGS if fine else RINGS,
                    int(max(b.width() / step_x, b.height() / step_y)) + 1)
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
        # (the columns and rows within the extent are runs of whole steps: a cell is in it
        # when its column and row are, and its point is their point)
        self.ax = [cx + i * step_x for i in cols]
        self.ay = [cy + j * step_y for j in rows]
        c0, c1, r0, r1 = cols[0], cols[-1], rows[0], rows[-1]
        self.window = (c0, r0, round(step_x / step_y, 1))
        self.origin = -r0 * len(cols) - c0 if c0 <= 0 <= c1 and r0 <= 0 <= r1 else -1

    def rest(self, blocked: bytes | bytearray) -> list[int]:
        """The grid's points that ``blocked`` (`Room.blocked` on the grid; all zeros: every
        one) leaves free, in the order they are tried."""
        c0, r0, aspect = self.window
        return in_ring_order(blocked, (self.origin,), len(self.ax), c0, r0, aspect)

    def holds(self, p: int) -> bool:
        """Is the point ``p`` inside the region?"""
        known = self.inside.get(p)
        if known is None:
            width = len(self.ax)
            point = QPointF(self.cx, self.cy) if p < 0 else \
                QPointF(self.ax[p % width], self.ay[p // width])
            known = self.inside[p] = self.contains(point)
        return known


def _inside(req: LabelRequest, k: int, scale: float, fine: bool = False) -> _Found:
    """The points inside the region tried for variant ``k`` at ``scale`` (a capital's: only
    where its star stands inside too; ``fine``: `FINE_STEP` pixels apart)."""
    box = req.variants[k]
    star = req.stars[k] if req.stars else None
    alone = k == req.alone
    # (a capital's name searched around its star apart shares its memo: the point is in it)
    key = (box.width(), box.height(), scale, star, alone, req.point.x(), req.point.y(), fine)
    found = req.memo.get(key)
    if found is None:
        if len(req.memo) >= MEMO:
            req.memo.clear()
        found = req.memo[key] = _Found(req, box, scale, star, alone, fine)
    return found


def _rect(point: QPointF, box: QRectF, scale: float, margin: float) -> QRectF:
    m = margin / scale
    return QRectF(point.x() + box.left() / scale - m, point.y() + box.top() / scale - m,
                  box.width() / scale + 2 * m, box.height() / scale + 2 * m)


def _inside_spot(req: LabelRequest, scale: float, free: Callable[[Box], bool],
                 variants: Sequence[int],
                 waiting: Callable[[Box], bool] | None = None,
                 gap: float = GAP, fine: bool = False) -> Placement | None:
    """The first free point inside the region, in the best variant that has one; with
    ``waiting``, the first such that is also off the boxes ``waiting`` hits, if any (the
    free one else: one pass for both questions). ``gap``: pixels kept free around it. None
    where the name stands over another territory's land (`_astray`: inside its region by
    its anchor only, a name's box may reach across the border). ``fine``: on the grid of
    points `FINE_STEP` pixels apart."""
    first: Placement | None = None
    room = free if isinstance(free, Room) else None
    for v in variants:
        variant = req.variants[v]
        e0, e1, e2, e3 = _extent(variant, scale, gap)
        found = _inside(req, v, scale, fine)
        ax, ay, width = found.ax, found.ay, len(found.ax)
        # The label point is asked alone; then where the box is not free on the grid is
        # worked out at once from the boxes near (`Room.blocked`), and only its free points
        # are tried. (A function given by a caller is asked point by point.)
        points = [-1] if room is not None or not ax else [-1, *found.rest(bytes(width * len(ay)))]
        for stage in range(2):
            if stage:
                if room is None or not ax:
                    break
                points = found.rest(room.blocked(ax, ay, (e0, e1, e2, e3)))
            for k in points:
                x, y = (found.cx, found.cy) if k < 0 else (ax[k % width], ay[k // width])
                box = (x + e0, y + e1, x + e2, y + e3)
                # Once a free spot is known, only one off the waiting labels is worth more.
                if first is not None and waiting is not None and waiting(box):
                    continue
                if (not stage and not free(box)) or not found.holds(k):
                    continue
                where = Placement(QPointF(x, y), v, False)
                if _astray(req, where, scale):
                    continue
                if waiting is None or first is not None or not waiting(box):
                    return where
                first = where
    return first


def _leader(req: LabelRequest, where: Placement, scale: float) -> Box:
    """The leader line of a label placed outside its region: from the edge of its ink to the
    region's label point (as `map_labels.LabelItem` draws it)."""
    ink = _extent(req.variants[where.variant], scale, 0.0)
    x, y = where.point.x(), where.point.y()
    end = where.star if where.star is not None else req.point
    ex, ey = end.x(), end.y()
    return (min(max(ex, x + ink[0]), x + ink[2]), min(max(ey, y + ink[1]), y + ink[3]), ex, ey)


def _beside(req: LabelRequest, scale: float, variants: Sequence[int]
            ) -> tuple[Box, float, float, float, float]:
    """Where a search beside the region looks (`_beside_spot`): the region's extent `NEAR`
    pixels wider (a label's ink must come within it), how far a box of ``variants`` reaches
    from its point across and down (no box reaches the extent from farther than its largest
    half-size), and the steps between the points tried (a quarter of the last variant across,
    half of it down)."""
    near = NEAR / scale
    b = req.bounds
    reach_x = max(max(-req.variants[k].left(), req.variants[k].right()) for k in variants) / scale
    reach_y = max(max(-req.variants[k].top(), req.variants[k].bottom()) for k in variants) / scale
    last = req.variants[variants[-1]]
    return ((b.left() - near, b.top() - near, b.right() + near, b.bottom() + near), reach_x,
            reach_y, max(last.width() / scale / 4, 1e-6), max(last.height() / scale / 2, 1e-6))


def _beside_spot(req: LabelRequest, scale: float, free: Callable[[Box], bool],
                 variants: Sequence[int],
                 waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    """The nearest free point around the label point where the label, in any of
    ``variants``, comes within NEAR pixels of its region: a short leader beats a big label
    far away. With ``waiting``, the first such also off the boxes ``waiting`` hits, if any
    (the free one else)."""
    # (a capital's star stands on its land: a variant with it is never beside it)
    variants = [k for k in variants if not req.stars or req.stars[k] is None]
    if not variants:
        return None
    if req.marker is not None and req.zone is not None and (
            caption := _caption(req, scale, free, variants, waiting)):
        return caption
    (left, top, right, bottom), reach_x, reach_y, step_x, step_y = _beside(req, scale, variants)
    if req.sea is not None and not req.sea(QRectF(QPointF(left - reach_x, top - reach_y),
                                                  QPointF(right + reach_x, bottom + reach_y))):
        return None  # (land all around: every box beside it stands over a neighbour's)
    # Each variant's ink, and its ink with the gap kept free around it, in scene units.
    extents = [(k, _extent(req.variants[k], scale, 0.0), _extent(req.variants[k], scale, GAP))
               for k in variants]
    cx, cy = req.point.x(), req.point.y()
    r = OUTSIDE_RINGS
    xs = [cx + i * step_x for i in range(-r, r + 1)]
    ys = [cy + j * step_y for j in range(-r, r + 1)]
    # Where each variant is not free, worked out at once from the boxes near (a function
    # given by a caller is asked point by point).
    room = free if isinstance(free, Room) else None
    blocked: list[bytearray] = []
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
    # the region exactly when its column and row lie in the span; a point is its place in
    # the span, row by row, and the label point's own is not tried)
    c0, r0, aspect = i0 - r, j0 - r, round(step_x / step_y, 1)
    skip = (-r0 * side - c0 if c0 <= 0 < i1 - r and r0 <= 0 < j1 - r else -1,)
    cols, rows = xs[i0:i1], ys[j0:j1]
    if room is None:
        tried = in_ring_order(bytes(side * len(rows)), skip, side, c0, r0, aspect)
    else:
        # (the boxes near any size's, found once for all sizes)
        boxes = room.near((cols[0] + min(e[2][0] for e in extents),
                           rows[0] + min(e[2][1] for e in extents),
                           cols[-1] + max(e[2][2] for e in extents),
                           rows[-1] + max(e[2][3] for e in extents)))
        blocked = blocked_sizes(room, cols, rows, [kept for _k, _ink, kept in extents], boxes)
        # (the points whose box of a size does not come near the region are marked too:
        # then one look per point and size; when no point is left for any size, none is
        # tried)
        for n, (_k, ink, _kept) in enumerate(extents):
            marks = blocked[n]
            for c, x in enumerate(cols):
                if x + ink[2] < left or x + ink[0] > right:
                    marks[c::side] = b"\x01" * len(rows)
            for c, y in enumerate(rows):
                if y + ink[3] < top or y + ink[1] > bottom:
                    marks[c * side:(c + 1) * side] = b"\x01" * side
        # (the points free for some size: those left after every size's marks)
        every = int.from_bytes(blocked[0], "little")
        for marks in blocked[1:]:
            every &= int.from_bytes(marks, "little")
        if every == (1 << 8 * len(blocked[0])) // 255:
            return None  # (every byte 1: no point left)
        tried = in_ring_order(every.to_bytes(len(blocked[0]), "little"), skip, side, c0, r0,
                              aspect)
    for at in tried:
        x, y = cols[at % side], rows[at // side]
        for n, (k, ink, kept) in enumerate(extents):
            if room is not None:
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
            if room is None and not free(box):
                continue
            p = QPointF(x, y)
            where = Placement(p, k, not req.contains(p))
            # (over a neighbour's land first: beside its region, most names are, and the
            # picture of the land tells it sooner than the region's outline its reach)
            if _astray(req, where, scale) or not req.touches(_rect(p, req.variants[k], scale,
                                                                   NEAR)):
                continue
            # (a leader line across another name would point at the wrong region)
            if where.leader and room is not None and room.crosses(_leader(req, where, scale)):
                continue
            if req.on_slot is not None and req.on_slot(_rect(p, req.variants[k], scale, 0.0)):
                continue
            if waiting is None or polite or not waiting(box):
                return where
            first = where
    return first


def _caption(req: LabelRequest, scale: float, free: Callable[[Box], bool],
             variants: Sequence[int], waiting: Callable[[Box], bool] | None) -> Placement | None:
    """An island group's name beside its marker as the marker's caption: centred below it,
    else above it, `GAP` pixels off, in the first of ``variants`` free there (and off
    ``waiting``'s boxes). The islands are too small to see at this zoom and the group's
    outline is mostly water: a name centred on the marker reads as theirs, where the grid's
    points nearest the marker fall in the thin gaps between the neighbours' names and a name
    found farther off stands across a zone's border, as if naming something there."""
    assert req.marker is not None
    m0, m1, m2, m3 = req.marker
    mx = (m0 + m2) / 2
    for below in (True, False):
        for k in variants:
            e0, e1, e2, e3 = _extent(req.variants[k], scale, GAP)
            x, y = mx - (e0 + e2) / 2, m3 - e1 if below else m1 - e3
            box = (x + e0, y + e1, x + e2, y + e3)
            if not free(box) or (waiting is not None and waiting(box)):
                continue
            if req.on_slot is not None and req.on_slot(_rect(QPointF(x, y), req.variants[k],
                                                             scale, 0.0)):
                continue
            where = Placement(QPointF(x, y), k, not req.contains(QPointF(x, y)))
            if not (where.leader and isinstance(free, Room) and free.crosses(
                    _leader(req, where, scale))):
                return where
    return None


def _at_point(req: LabelRequest, scale: float, free: Callable[[Box], bool],
              variants: Sequence[int]) -> Placement | None:
    """``req`` at its label point in the first of ``variants`` that is free there and not
    over another territory's land (`_astray`)."""
    fits = next((k for k in variants if free(_box(req.point, req.variants[k], scale))
                 and req.star_on(req.point, k, scale)
                 and not _astray(req, Placement(req.point, k, False), scale)), None)
    return Placement(req.point, fits, False) if fits is not None else None


def _smallest_first(req: LabelRequest, variants: range, apart: bool = False) -> list[int]:
    """``variants`` smallest first: a capital's with its star (``apart``: apart from it, but
    the star alone)."""
    boxes = req.variants
    if req.alone is None:  # (no star apart: every variant, as for most labels)
        return [] if apart else sorted(variants, key=lambda k: (
            boxes[k].width() * boxes[k].height(), k))
    stars = req.stars
    return sorted((k for k in variants if (stars[k] is None) == apart and k != req.alone),
                  key=lambda k: (boxes[k].width() * boxes[k].height(), k))


def _add(room: Room, req: LabelRequest, where: Placement, scale: float) -> None:
    """A label placed at ``where`` in ``room``: its box, and its star apart's (which only
    its own leader line may reach)."""
    box = _box(where.point, req.variants[where.variant], scale)
    if where.variant == req.alone:
        room.grid.add(box)
    else:
        room.add(box)
    if where.star is not None and req.alone is not None:
        room.grid.add(_box(where.star, req.variants[req.alone], scale))


def _grown(req: LabelRequest, where: Placement, scale: float,
           free: Callable[[Box], bool]) -> Placement:
    """``where`` in the best variant the room around it allows (beside: within NEAR)."""
    if where.variant == req.alone:
        return where
    for k in range(where.variant):
        variant = req.variants[k]
        if req.apart(k) != req.apart(where.variant) or k == req.alone:
            continue  # (a capital's star stays where it stands: with its name, or apart)
        if free(_box(where.point, variant, scale)) and req.star_on(where.point, k, scale) and (
                not where.leader or req.touches(_rect(where.point, variant, scale, NEAR))) \
                and not _astray(req, replace(where, variant=k), scale):
            return replace(where, variant=k)
    return where


def _astray(req: LabelRequest, where: Placement, scale: float) -> bool:
    """Does the name at ``where`` stand over another territory's land (`LabelRequest.astray`:
    by more than `label_lands.SPILL` of its box beside its land or apart from its star,
    `SPILL_ON_LAND` on it)? There it reads as that one's name. (A capital's star alone is
    asked of its own land only.)"""
    share = SPILL if where.leader or req.apart(where.variant) else SPILL_ON_LAND
    return req.astray is not None and where.variant != req.alone and req.astray(
        _rect(where.point, req.variants[where.variant], scale, 0.0), share)



def _star_apart(req: LabelRequest, scale: float, room: Room, variants: Sequence[int],
                waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    """A capital whose name with its star fits nowhere inside its land: its name in one of
    ``variants`` (those with the star apart) nearest its label point inside its region (not
    mostly over a neighbour's land, `_astray`), else beside it as a name beside its region;
    then its star alone at the free point of its land nearest the name (`_star_near`), a
    leader line from the name to the star. Where the line is longer than `SHORT_LEADER`,
    the name's next places are tried (`NAME_TRIES` in all) and the shortest line kept: a
    long line across the map reads as a stroke of it. None when no name and star find
    room."""
    if not variants or req.alone is None:
        return None
    best: Placement | None = None
    shortest = math.inf
    tried: list[Box] = []  # (the names' anchors tried: the next name covers none)
    while len(tried) < NAME_TRIES:
        chosen = (_inside_spot(req, scale, room, variants, waiting)
                  or _beside_spot(req, scale, room, variants, waiting))
        if chosen is None:
            break
        x, y = chosen.point.x(), chosen.point.y()
        name = _box(chosen.point, req.variants[chosen.variant], scale)
        room.grid.add(name)  # (the star keeps off its name)
        ink = _extent(req.variants[chosen.variant], scale, 0.0)
        star = _star_near(req, scale, room, ink, chosen.point)
        room.grid.remove(name)
        tried.append((x, y, x, y))
        room.grid.add(tried[-1])
        if star is None:
            continue
        length = math.hypot(max(x + ink[0] - star.x(), 0.0, star.x() - x - ink[2]),
                            max(y + ink[1] - star.y(), 0.0, star.y() - y - ink[3])) * scale
        if length < shortest:
            best, shortest = Placement(chosen.point, chosen.variant, True, star), length
        if length <= SHORT_LEADER:
            break
    for box in tried:
        room.grid.remove(box)
    return best


def _star_near(req: LabelRequest, scale: float, room: Room, ink: Box,
               at: QPointF) -> QPointF | None:
    """The free point of a capital's land for its star alone nearest a name's ``ink`` (around
    its anchor ``at``): on the grid of `_star_alone` around the anchor where the name
    stands on its region, else around its label point."""
    alone = req.alone
    assert alone is not None
    if req.contains(at):
        req = replace(req, point=at)
    found = _inside(req, alone, scale)
    e0, e1, e2, e3 = _extent(req.variants[alone], scale, 0.0)
    x0, y0, x1, y1 = at.x() + ink[0], at.y() + ink[1], at.x() + ink[2], at.y() + ink[3]

    def away(x: float, y: float) -> float:  # (from the name's ink)
        return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))

    ax, ay, width = found.ax, found.ay, len(found.ax)
    free = found.rest(room.blocked(ax, ay, (e0, e1, e2, e3))) if ax else []
    points = [(away(ax[k % width], ay[k // width]), k) for k in free]
    if room((found.cx + e0, found.cy + e1, found.cx + e2, found.cy + e3)):
        points.append((away(found.cx, found.cy), -1))
    for _d, k in sorted(points):
        if found.holds(k):
            return QPointF(found.cx, found.cy) if k < 0 else QPointF(ax[k % width],
                                                                    ay[k // width])
    return None


def _star_alone(req: LabelRequest, scale: float, room: Room) -> Placement | None:
    """A capital's star alone at the first free point inside its land (`STAR_STEP` pixels
    apart, nearest its label point first, the markers' boxes reached but not covered); its
    name is shown while the capital is hovered."""
    if req.alone is None:
        return None
    return _inside_spot(req, scale, room, [req.alone], gap=0.0)


def find(req: LabelRequest, scale: float, room: Room,
         waiting: Callable[[Box], bool] | None = None) -> Placement | None:
    """A label's place where the labels in ``room`` leave it (none: hidden at this zoom):
    inside its region, then beside it, a capital's name apart from its star; then the same
    shortened; a capital's name then inside on the fine grid (`FINE_STEP`), smallest whole
    and shortened, and its star alone last (its name shown while hovered). With ``waiting``,
    the whole name keeps off the boxes it hits where it can. (Another territory's name
    hidden is looked for on the fine grid once the layout is done, `label_layout`: where
    the names shown leave room.)"""
    full, short = _smallest_first(req, req.full), _smallest_first(req, req.shortened)
    return (_inside_spot(req, scale, room, full, waiting)
            or _beside_spot(req, scale, room, full, waiting)
            or _star_apart(req, scale, room, _smallest_first(req, req.full, True), waiting)
            or _at_point(req, scale, room, short) or _inside_spot(req, scale, room, short)
            or _beside_spot(req, scale, room, short)
            or _star_apart(req, scale, room, _smallest_first(req, req.shortened, True))
            or (req.alone is not None and _fine_spot(req, scale, room))
            or _star_alone(req, scale, room))


def _fine_spot(req: LabelRequest, scale: float, room: Room) -> Placement | None:
    """A territory's name, its smallest whole and shortened, inside its land on the fine
    grid (`FINE_STEP`): where the coarse grids found no place off its neighbours' land.
    (None for an island group inside its outline: named by its marker, `_caption`, not
    anywhere in the mostly empty water of its outline.)"""
    if req.astray is None or req.zone is not None:
        return None
    variants = _smallest_first(req, req.full)[:1] + _smallest_first(req, req.shortened)[:1]
    return _inside_spot(req, scale, room, variants, fine=True)
