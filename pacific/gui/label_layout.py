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

A capital's star stands on its own land (R-VICTORY-1/3): a variant with the star is kept
inside only where the star lies inside too, and never beside. After 2, and again after 3 with
the shortened name, the name alone inside then beside, not mostly over a neighbour's land,
and its star at the free point of its land nearest it, with a leader line to the star
(`label_search._star_apart`); else the star alone, its name hidden (shown while hovered).

An island group too small for a token, inside its outline, is named by its marker: centred
under or over it where there is room (`label_search._caption`), else beside it, and its
sea zone's number nearby gives way (`_yielding`).

Small regions choose first: they have the fewest places to go; a big region always finds
another spot inside itself.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, replace
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_room import Room, line_crosses
from pacific.gui.label_search import (
    HIDDEN,
    OUTSIDE_RINGS,
    LabelRequest,
    Placement,
    _add,
    _at_point,
    _beside_spot,
    _box,
    _fine_spot,
    _grown,
    _inside_spot,
    _leader,
    _rect,
    _smallest_first,
    find,
)
from pacific.gui.piece_shapes import Box, Grid

AGAIN = 2  # layouts after the first, each letting the territories hidden so far choose first
FEW_HIDDEN = 4  # territories hidden at most for a layout after the second
CROWDED = 24  # territories hidden by the first layout past which no second one is made
UNNAMED_ROUNDS = 4  # rounds that take names beside their regions off unnamed territories
BESIDE_TRIES = 3  # spots beside its region a name moved off an unnamed territory may try


# A layout made a little at a time (`placing`): it stops after each label it places.
Placing = Generator[None, None, dict[str, Placement]]
T = TypeVar("T")


def place(requests: list[LabelRequest], scale: float, frame: QRectF,
          keep_out: Mapping[str, Box] | None = None) -> dict[str, Placement]:
    """`placing`'s layout, made at once."""
    return finish(placing(requests, scale, frame, keep_out))


def finish(steps: Generator[None, None, T]) -> T:
    """What ``steps`` (a layout made a little at a time) makes, made to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            made: T = done.value
            return made


def placing(requests: list[LabelRequest], scale: float, frame: QRectF,
            keep_out: Mapping[str, Box] | None = None) -> Placing:
    """Every label's place at ``scale`` (pixels per scene unit), inside ``frame`` (the scene),
    off ``keep_out`` (scene boxes by region: the markers of the spaces too small for a token,
    `small_spaces.small_space_boxes`, its own region's too).
    A label with no room on or beside its region is hidden (`Placement.hidden`).

    Territories hidden in a first layout choose first in a second one: a big neighbour that
    took their room can move or shorten its name, a small territory cannot. Only the labels
    within their reach choose again; the others keep their places. A territory the second
    layout hides in turn chooses first too in a third (`AGAIN` at most, while none hides
    more than the best, and only where at most `FEW_HIDDEN` are hidden; no second one where
    the first hides more than `CROWDED`: at the fit of a small window); the layout that
    hides the fewest territories is kept, and no name beside its region stands on a
    territory whose name is hidden (`_off_the_unnamed`).

    A generator: it stops after each label it places (and after each later pass), so that
    the layout of a band the wheel reached can be made over several turns of the event loop,
    none of them long (`idle_bands`); its return value is the layout, the same however it is
    run (`finish`: at once)."""
    keep_out = keep_out or {}
    requests = [_beside_marker(req, keep_out[req.region]) if req.region in keep_out else req
                for req in requests]
    def lost(p: dict[str, Placement]) -> tuple[int, int]:  # territories first
        return (sum(1 for r in requests if p[r.region].hidden and r.rank <= 0),
                sum(1 for where in p.values() if where.hidden))

    plan = best = yield from _place(requests, scale, frame, set(), keep_out)
    shown = dict(plan)  # (each label's place in the first layout that showed it)
    first: set[str] = set()
    for again in range(AGAIN):
        hidden = {r.region for r in requests if plan[r.region].hidden and r.rank <= 0}
        # (past the second layout, only where few names are hidden: a crowded zoom's many
        # hidden names did not find room in a third, at a tenth of a second each; nor a
        # second past `CROWDED`: the whole map chose again, as dear as the first, for one
        # name, which the names moved off the unnamed then hid again)
        if hidden <= first or len(hidden) > (FEW_HIDDEN if again else CROWDED):
            break
        # (a territory hidden in any layout before keeps its turn: two small neighbours
        # that took each other's room both choose before the others)
        first |= hidden
        near = _within_reach(requests, scale, plan, first)
        fixed = {rid: where for rid, where in plan.items() if rid not in near}
        try:
            plan = yield from _place(requests, scale, frame, first, keep_out, fixed,
                                     _Enough(lost(best), again == AGAIN - 1))
        except _NoBetter:
            break  # (it would not be kept, and no layout would follow it)
        for rid, where in plan.items():
            if shown[rid].hidden:
                shown[rid] = where
        if lost(plan) > lost(best):
            break  # (hiding more: the next round starts from a worse layout)
        if lost(plan) < lost(best):
            best = plan
    for _round in range(UNNAMED_ROUNDS):  # (a name moved off may leave its own unnamed)
        yield
        best, was = _off_the_unnamed(requests, scale, frame, keep_out, best), best
        if best is was:
            break
    yield
    return (yield from _last_looks(requests, scale, frame, keep_out, best, shown))


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

    def unnamed(req: LabelRequest) -> bool:  # (a capital's star alone: its name hidden)
        where = plan[req.region]
        return (where.hidden or where.variant == req.alone) and req.rank <= 0

    def ink(rid: str, where: Placement) -> QRectF:
        return _rect(where.point, by_region[rid].variants[where.variant], scale, 0.0)

    # (a capital's name with its star keeps its place: capitals choose first, R-VICTORY-1/3;
    # one apart from its star may move, the star stays)
    leaders = [(rid, ink(rid, where)) for rid, where in plan.items()
               if where.leader and not where.hidden and
               (by_region[rid].rank >= 0 or where.star is not None)]
    astray = {req.region: [rid for rid, box in leaders if rid != req.region and over(box, req)]
              for req in requests if leaders and unnamed(req)}
    moved = sorted({rid for names in astray.values() for rid in names})
    if not moved:
        return plan
    plan = dict(plan)
    room = _room_of(by_region, scale, frame, keep_out, plan, set(moved))
    # (a capital's star apart, or alone, stays where it stands: its name looks for room
    # around it)
    stars: dict[str, QPointF] = {}
    for rid, names in astray.items():
        if names and plan[rid].variant == by_region[rid].alone:
            stars[rid] = plan[rid].point
    for rid in moved:
        star, alone = plan[rid].star, by_region[rid].alone
        if star is not None and alone is not None:
            stars[rid] = star
            room.grid.add(_box(star, by_region[rid].variants[alone], scale))
    by_region.update((rid, replace(by_region[rid], point=star))
                     for rid, star in stars.items())
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
        star = stars.get(rid)
        chosen: Placement | None = None  # (as in `_place`: inside, beside, then shortened)
        for kinds in (_smallest_first(req, req.full, star is not None),
                      _smallest_first(req, req.shortened, star is not None)):
            inside = _at_point(req, scale, room, kinds) or _inside_spot(req, scale, room, kinds)
            chosen = _grown(req, inside, scale, room) if inside else beside(req, kinds)
            if chosen is not None:
                break
        if chosen is None and star is None:
            chosen = _fine_spot(req, scale, room)
        if star is not None and req.alone is not None:  # (its name by its star, or none)
            chosen = Placement(star, req.alone, False) if chosen is None else \
                Placement(chosen.point, chosen.variant, True, star)
        if chosen is None:
            continue
        plan[rid] = chosen
        _shown(room, req, chosen, scale)
    return plan


def _room_of(by_region: Mapping[str, LabelRequest], scale: float, frame: QRectF,
             keep_out: Mapping[str, Box], plan: Mapping[str, Placement],
             left_out: set[str]) -> Room:
    """The room the labels of ``plan`` shown but ``left_out``'s leave, off ``keep_out``."""
    room = Room(Grid(max(60.0 / scale, 1e-6)), (frame.left(), frame.top(), frame.right(),
                                                 frame.bottom()))
    for box in keep_out.values():
        room.grid.add(box)
    for rid, where in plan.items():
        if not where.hidden and rid not in left_out:
            _shown(room, by_region[rid], where, scale)
    return room


def _last_looks(requests: list[LabelRequest], scale: float, frame: QRectF,
                keep_out: Mapping[str, Box], plan: dict[str, Placement],
                shown: Mapping[str, Placement]) -> Generator[None, None, dict[str, Placement]]:
    """``plan`` with each territory's name it hides placed where the labels of ``plan``
    leave room on the fine grid (`label_search._fine_spot`): the names it searched among
    first may have moved since (a later layout, `_off_the_unnamed`). Else, where an earlier
    layout showed it (``shown``), when the names standing there now find other places
    (`_make_way`): a name that chose first in a later layout took the room of one that
    chose before it in the first (Kwangsi's beside it, over the sea, Formosa's). A
    generator (as `placing`): it stops before each name it places (a crowded zoom hides
    tens of names), its return value the plan."""
    hidden = [req for req in requests if plan[req.region].hidden and req.astray is not None]
    if not hidden:
        return plan
    by_region = {req.region: req for req in requests}
    room = _room_of(by_region, scale, frame, keep_out, plan, set())
    plan = dict(plan)
    for req in hidden:
        yield
        where = _fine_spot(req, scale, room)
        if where is not None:
            plan[req.region] = where
            _add(room, req, where, scale)
        elif not shown[req.region].hidden:
            _make_way(by_region, scale, room, plan, req, shown[req.region])
    return plan


def _make_way(by_region: Mapping[str, LabelRequest], scale: float, room: Room,
              plan: dict[str, Placement], req: LabelRequest, spot: Placement) -> None:
    """``req``'s name at ``spot`` in ``plan`` and ``room``, where the names in its way (its
    box, its leader line) find other places (`label_search.find`, inside, beside, then
    shortened), smallest first; else nothing changes. A capital's star, which stays on its
    land, does not make way."""
    box = _box(spot.point, req.variants[spot.variant], scale)
    line = _leader(req, spot, scale) if spot.leader else None
    boxes = {rid: _box(where.point, by_region[rid].variants[where.variant], scale)
             for rid, where in plan.items() if not where.hidden}
    in_way = sorted((rid for rid, b in boxes.items() if _meet(b, box) or (
        line is not None and line_crosses(line, b)) or (
        rid in room.leaders and line_crosses(room.leaders[rid], box))),
        key=lambda rid: (by_region[rid].rank, by_region[rid].bounds.width() *
                         by_region[rid].bounds.height(), rid))
    if not in_way or any(plan[rid].star is not None or plan[rid].variant == by_region[rid].alone
                         for rid in in_way):
        return
    lines = {rid: room.leaders.pop(rid) for rid in in_way if rid in room.leaders}
    for rid in in_way:
        room.remove(boxes[rid])
    moved: dict[str, Placement] = {}
    free = room(box) and (line is None or not room.crosses(line))
    if free:
        room.add(box)
        if line is not None:
            room.leaders[req.region] = line
        for rid in in_way:
            other = by_region[rid]
            where = find(other, scale, room) or _fine_spot(other, scale, room)
            if where is None:
                break
            moved[rid] = where
            _shown(room, other, where, scale)
    if len(moved) == len(in_way):
        plan[req.region] = spot
        plan.update(moved)
        return
    for rid, where in moved.items():  # (undone: the names stay where they stood)
        room.remove(_box(where.point, by_region[rid].variants[where.variant], scale))
        room.leaders.pop(rid, None)
    if free:
        room.remove(box)
        room.leaders.pop(req.region, None)
    for rid in in_way:
        room.add(boxes[rid])
    room.leaders.update(lines)


def _shown(room: Room, req: LabelRequest, where: Placement, scale: float) -> None:
    """``req``'s label placed at ``where`` in ``room``, with its leader line if it has one."""
    _add(room, req, where, scale)
    if where.leader:
        room.leaders[req.region] = _leader(req, where, scale)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _beside_marker(req: LabelRequest, marker: Box) -> LabelRequest:
    """``req`` for a region whose only marker stands at ``marker`` (scene): the label keeps
    off it, and may stand beside it as beside the region (with a leader line to its point).
    An island group's name (inside its outline, `LabelRequest.zone`) stands by the marker,
    first as its caption (`label_search._caption`): the islands are too small to see and
    the outline is mostly water; a name far from the marker leaves the marker nearer other
    names, read as theirs."""
    rect = QRectF(marker[0], marker[1], marker[2] - marker[0], marker[3] - marker[1])
    touches = req.touches
    island = req.zone is not None

    def near(box: QRectF) -> bool:
        return box.intersects(rect) or (not island and touches(box))

    return replace(req, bounds=req.bounds.united(rect), touches=near, memo=req.memo,
                   marker=marker)


def _yielding(requests: list[LabelRequest], scale: float,
              keep_out: Mapping[str, Box]) -> set[str]:
    """The sea zones whose numbers, at their label points, stand where the name of an
    island group in the zone may go beside its marker (`keep_out`: within the name's size
    of it). Such a number gives way: it looks for its place after the group's name, which
    has no other place than around its marker, while the number has its whole zone."""
    reach: dict[str, list[Box]] = {}
    for req in requests:
        marker = keep_out.get(req.region)
        if marker is None or req.zone is None:
            continue
        w = max(v.width() for v in req.variants) / scale
        h = max(v.height() for v in req.variants) / scale
        reach.setdefault(req.zone, []).append(
            (marker[0] - w, marker[1] - h, marker[2] + w, marker[3] + h))
    out = set()
    for req in requests:
        for a in reach.get(req.region, ()):
            b = _box(req.point, req.variants[-1], scale, 0.0)
            if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                out.add(req.region)
    return out


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
           enough: _Enough | None = None) -> Placing:
    """Every label's place at ``scale`` (pixels per scene unit), inside ``frame`` (the scene).
    A label with no room on or beside its region is hidden (`Placement.hidden`).

    Every label first takes its place in its most compact form, so that as many as possible
    find room on their regions; then each grows, best variant first, where the room around
    it allows. The labels of ``fixed`` keep their places. With ``enough``, raises
    `_NoBetter` as soon as the labels hidden reach it. Stops after each label it places or
    grows (`placing`)."""
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
                _shown(room, req, kept, scale)
    order = sorted((r for r in requests if r.region not in fixed),
                   key=lambda r: (r.region not in first, r.rank,
                                  r.bounds.width() * r.bounds.height(), r.region))
    # First every label that fits at its own label point: a label where it stands reads
    # better than a label moved away; a label looking for room elsewhere keeps clear of it.
    moving: list[LabelRequest] = []
    yielding = _yielding(requests, scale, keep_out)
    for req in order:
        yield
        if req.region in yielding:
            moving.append(req)
            continue
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
        if r.region not in yielding:
            waiting.add(_box(r.point, r.variants[-1], scale, 0.0))

    for req in moving:
        yield
        if req.region not in yielding:
            waiting.remove(_box(req.point, req.variants[-1], scale, 0.0))
        # Off the waiting labels if it can, else where it is free. (A capital's name beside
        # it stands apart from its star, which stays on its land: R-VICTORY-1/3.)
        chosen = find(req, scale, room, waiting.hits)
        if chosen is None:
            out[req.region] = Placement(req.point, HIDDEN, False)
            lost[0] += req.rank <= 0
            lost[1] += 1
            if enough is not None and enough.reached((lost[0], lost[1])):
                raise _NoBetter
            continue
        out[req.region] = chosen
        _shown(room, req, chosen, scale)
    # Then each label grows where it stands, to the best variant the room around it allows.
    for req in order:
        yield
        where = out[req.region]
        if where.hidden or where.variant == req.alone:
            continue
        current = _box(where.point, req.variants[where.variant], scale)
        room.remove(current)
        own_line = room.leaders.pop(req.region, None)  # (its own leader starts at its edge)
        where = out[req.region] = _grown(req, where, scale, mine(req))
        room.add(_box(where.point, req.variants[where.variant], scale))
        if own_line is not None:
            room.leaders[req.region] = _leader(req, where, scale)
    return out
