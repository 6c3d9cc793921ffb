"""A label whose control marker came or went, fitted among the others where they stand.

A capture (R-CONTROL-3) puts a control marker beside a territory's name, a liberation takes
it away: the label grows by the marker's width on its left, or shrinks. Laying every label
out again (`pacific.gui.label_layout.place`) takes a few tenths of a second and may move
labels far from the captured territory. Instead every other label stays, and the changed
one keeps its place in its variant, or the first smaller one that fits there, or else looks
for a place as the layout's labels that must move do (inside its region, then beside it,
then shortened), on the terms the layout keeps: in the map's frame, `GAP` pixels off every
other label, off what the labels keep clear of. Only when it finds none is a whole layout
needed.

A label hidden at this zoom (no room) shows whole while the pointer is over its region
(`Refit.hover`): on the same terms, where it covers no other name, nearest its label point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_room import Room, ring_offsets
from pacific.gui.label_search import (
    GAP,
    LabelRequest,
    Placement,
    _extent,
    _fine_spot,
    _leader,
    find,
)
from pacific.gui.map_labels import LabelItem, Variant
from pacific.gui.piece_shapes import Box, Grid

ASIDE = 2  # the labels moved out of the way of one that has no room (`refit`)
HOVER_STEP = 6.0  # pixels between the points tried for a hovered hidden name (`Refit.hover`)
HOVER_NEAR = 6  # ... ring by ring around its label point: off the small spaces' markers
HOVER_RINGS = 20  # this near, else off the names alone this far
HOVER_OFF_PIECES = 9  # rings: how far a hovered name may go to keep off the other stacks


class ShownLabel(Protocol):
    """What a fit reads of a label: a `LabelItem` where it stands, or one as a layout not
    shown yet places it (`planned_labels.PlannedLabel`)."""

    @property
    def hidden(self) -> bool: ...
    @property
    def index(self) -> int: ...
    @property
    def leader(self) -> QPointF | None: ...
    @property
    def marker(self) -> object: ...
    @property
    def variants(self) -> list[Variant]: ...
    @property
    def short(self) -> int | None: ...
    @property
    def variant(self) -> Variant: ...
    def pos(self) -> QPointF: ...
    def text_box(self) -> QRectF: ...
    def box_of(self, variant: Variant, marker: bool) -> QRectF: ...


def _box(point: QPointF, box: QRectF, scale: float) -> Box:
    """A label's ink around ``point`` in scene units, `GAP` pixels wider."""
    x, y, g = point.x(), point.y(), GAP / scale
    return (x + box.left() / scale - g, y + box.top() / scale - g,
            x + box.right() / scale + g, y + box.bottom() / scale + g)


def _star(label: ShownLabel, scale: float) -> QPointF | None:
    """Where a capital's star apart from its name stands (scene): its leader line's end."""
    if label.leader is None or not label.variant.apart:
        return None
    return label.pos() + label.leader / scale


def refit(labels: Mapping[str, LabelItem], request: Callable[[str], LabelRequest],
          changed: Iterable[str], scale: float, frame: QRectF,
          keep_out: Mapping[str, Box]) -> dict[str, Placement] | None:
    """Where each label of ``changed`` (its marker came or went) goes at ``scale`` (pixels
    per scene unit) with every other label where it stands, or None when one has no room
    (lay them all out again). ``request``: a label's layout request, with its marker as it
    is now; ``keep_out``: the scene boxes the labels keep clear of, by region (a label may
    cover its own). A hidden label stays hidden."""
    return Refit(labels, request, scale, frame).fit(changed, keep_out)


class Refit:
    """`refit` asked again and again over the same labels (a name tried off each of its
    region's places in turn): every label's box and leader line is worked out once, and
    kept as each fit moves labels (the caller puts them where a fit says, before the next)."""

    def __init__(self, labels: Mapping[str, ShownLabel],
                 request: Callable[[str], LabelRequest], scale: float, frame: QRectF) -> None:
        self.labels, self.request, self.scale = labels, request, scale
        self.shown = {rid: _box(label.pos(), label.text_box(), scale)
                      for rid, label in labels.items() if not label.hidden}
        # The other labels' leader lines: a label moved keeps off them, and its own leader
        # keeps off the other names (it would point at the wrong region).
        self.leaders = {rid: _leader(request(rid), Placement(label.pos(), label.index, True,
                                                             _star(label, scale)), scale)
                        for rid, label in labels.items()
                        if not label.hidden and label.leader is not None}
        self.bounds = (frame.left(), frame.top(), frame.right(), frame.bottom())

    def fit(self, changed: Iterable[str], keep_out: Mapping[str, Box]
            ) -> dict[str, Placement] | None:
        """`refit`'s answer for ``changed`` and ``keep_out``, the labels standing as the
        fits before left them."""
        shown, leaders = self.shown, self.leaders
        before = dict(shown), dict(leaders)
        placed = self._fit(changed, keep_out)
        if placed is None:
            shown.clear()
            shown.update(before[0])
            leaders.clear()
            leaders.update(before[1])
            return None
        # (in the labels' order, as a fresh look at them has them: the labels in a new
        # one's way are moved in that order)
        order = [rid for rid in self.labels if rid in shown]
        if list(shown) != order:
            self.shown = {rid: shown[rid] for rid in order}
        self.leaders = {rid: leaders[rid] for rid in self.labels if rid in leaders}
        return placed

    def unhide(self, rids: Iterable[str], keep_out: Mapping[str, Box]
               ) -> dict[str, Placement]:
        """Places for the hidden names of ``rids`` (territories) on their land where the
        labels shown leave room, on the fine grid (`label_search._fine_spot`: the names
        moved off the stacks' places may have left some), off their own small space's
        marker too, each off those placed before it; the ones that find none stay hidden."""
        placed: dict[str, Placement] = {}
        room: Room | None = None  # (one for all: a hidden name has no box nor leader line)
        for rid in rids:
            req, label = self.request(rid), self.labels[rid]
            if not label.hidden or req.astray is None or rid in self.shown:
                continue
            if room is None:
                room = self.room(rid, keep_out)
                if rid in keep_out:
                    room.grid.add(keep_out[rid])
            where = _fine_spot(req, self.scale, room)
            if where is None:
                continue
            placed[rid] = where
            self.shown[rid] = _box(where.point, req.variants[where.variant], self.scale)
            room.add(self.shown[rid])
        return placed

    def room(self, rid: str, keep_out: Mapping[str, Box]) -> Room:
        """Where ``rid``'s label may go: off every other label shown where it stands, off
        their leader lines and off ``keep_out`` (its own region's box aside), in the frame."""
        shown, leaders = self.shown, self.leaders
        # (cells as wide as the widest box held, the keep-out boxes too: with every name
        # hidden, a tiny window, a cell of one unit put a marker's box in a million buckets)
        widest = max((b[2] - b[0] for b in (*shown.values(), *keep_out.values())), default=1.0)
        room = Room(Grid(max(widest, 1e-6)), self.bounds)
        room.add_all(box for other, box in shown.items() if other != rid)
        for other, box in keep_out.items():
            if other != rid:
                room.grid.add(box)
        room.leaders.update((other, line) for other, line in leaders.items() if other != rid)
        return room

    def hover(self, rid: str, keep_out: Mapping[str, Box], pointer: QPointF | None = None,
              pieces: Mapping[str, Box] | None = None) -> Placement:
        """Where ``rid``'s hidden label shows, its name whole, while the pointer is over its
        region: at its label point when that covers no name shown and no leader line, else
        at the nearest point around it (`HOVER_STEP` pixels apart) that covers none, in its
        first variant that finds one (the smaller ones write the name whole too, until the
        abbreviated ones). A name over another reads as one word with it ("GUA25"). Off
        ``keep_out`` too when a point that near (`HOVER_NEAR` rings) is; else over a small
        space's marker (the name shows over the pieces, for as long as the pointer stays).
        No leader line: the pointer is on the region named (and its label point may be under
        another name). Only when no point is free does it cover the others, at its label
        point, whole.

        With ``pieces`` (scene boxes of the other spaces' stacks shown), it keeps off them
        and near: around its label point, then around the ``pointer``, `HOVER_NEAR` rings
        at most, off the names, then over them (a name over a neighbour's stack hides the
        stack and reads as that space's; one far from the pointer is not seen as its)."""
        if pieces is not None:
            return self._hover_near(rid, keep_out, pointer, pieces)
        req, scale = self.request(rid), self.scale
        px, py = req.point.x(), req.point.y()
        step = HOVER_STEP / scale
        whole = range(req.short if req.short is not None else len(req.variants))
        for keep, rings in ((keep_out, HOVER_NEAR), ({}, HOVER_RINGS)):
            room = self.room(rid, keep)
            offsets = ((0.0, 0.0), *ring_offsets(step, step, rings))
            for v in whole:
                e0, e1, e2, e3 = _extent(req.variants[v], scale, GAP)
                for dx, dy in offsets:
                    x, y = px + dx, py + dy
                    if room((x + e0, y + e1, x + e2, y + e3)):
                        return Placement(QPointF(x, y), v, False)
        return Placement(req.point, 0, False)

    def _hover_near(self, rid: str, keep_out: Mapping[str, Box], pointer: QPointF | None,
                    pieces: Mapping[str, Box]) -> Placement:
        req, scale = self.request(rid), self.scale
        step = HOVER_STEP / scale
        full = req.short if req.short is not None else len(req.variants)
        # (the name whole first; shortened only where a whole one finds no place off the
        # stacks: "RYUKYU IS." beside the pointer reads better than a name over a neighbour's
        # stack)
        kinds = (range(full), [k for k in range(full, len(req.variants)) if k != req.alone])
        centres = [req.point] if pointer is None else [req.point, pointer]
        offsets = ((0.0, 0.0), *ring_offsets(step, step, HOVER_NEAR))
        boxes = [box for other, box in pieces.items() if other != rid]
        named = self.room(rid, {**keep_out, **{f"{n} piece": b for n, b in
                                               enumerate(boxes)}})
        farther = ((0.0, 0.0), *ring_offsets(step, step, HOVER_OFF_PIECES))
        # (off the names and stacks, the name whole, then shortened, as near, then a little
        # farther; then off the stacks alone, covering a name: over a stack the name would be
        # taken for that space's, and the stack hidden)
        cell = max(max((b[2] - b[0] for b in boxes), default=1.0), 1e-6)
        bare = Room(Grid(cell), self.bounds)
        for box in boxes:
            bare.grid.add(box)
        steps = [(v, room, a) for room in (named, bare) for a in (offsets, farther)
                 for v in kinds]
        for variants, room, around in steps:
            for centre in centres:
                for v in variants:
                    e0, e1, e2, e3 = _extent(req.variants[v], scale, GAP)
                    for dx, dy in around:
                        x, y = centre.x() + dx, centre.y() + dy
                        if room((x + e0, y + e1, x + e2, y + e3)):
                            return Placement(QPointF(x, y), v, False)
        return Placement(req.point, 0, False)

    def _fit(self, changed: Iterable[str], keep_out: Mapping[str, Box]
             ) -> dict[str, Placement] | None:
        labels, request, scale = self.labels, self.request, self.scale
        shown, leaders = self.shown, self.leaders

        def room_for(rid: str) -> Room:
            return self.room(rid, keep_out)

        def aside(rid: str, fixed: set[str]) -> dict[str, Placement] | None:
            """``rid``'s label where it stands, in one of its variants, with the labels in its
            way (`ASIDE` at most, none of ``fixed``) moved where they find room, or None."""
            label = labels[rid]
            if label.leader is not None:
                return None
            here, marker = label.pos(), label.marker is not None
            for k in range(len(label.variants)):
                box = _box(here, label.box_of(label.variants[k], marker), scale)
                over = [o for o, b in shown.items() if o != rid and
                        b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]]
                if not over or len(over) > ASIDE or fixed & set(over):
                    continue
                before = dict(shown), dict(leaders)
                for other in over:
                    del shown[other]
                    leaders.pop(other, None)
                del shown[rid]
                found: dict[str, Placement] = {}
                if room_for(rid)(box):
                    shown[rid] = box
                    for other in over:
                        req = request(other)
                        where = find(req, scale, room_for(other))
                        if where is None:
                            break
                        found[other] = where
                        shown[other] = _box(where.point, req.variants[where.variant], scale)
                        if where.leader:
                            leaders[other] = _leader(req, where, scale)
                    else:
                        return {rid: Placement(here, k, False), **found}
                shown.clear()
                shown.update(before[0])
                leaders.clear()
                leaders.update(before[1])
            return None

        placed: dict[str, Placement] = {}
        for rid in changed:
            label = labels[rid]
            if label.hidden:
                continue
            free = room_for(rid)
            marker = label.marker is not None
            here = label.pos()
            req = request(rid)
            where = next((Placement(here, k, label.leader is not None, _star(label, scale))
                          for k in _same_kind(label)
                          if free(_box(here, label.box_of(label.variants[k], marker), scale)) and
                          (label.leader is None or not free.crosses(
                              _leader(req, Placement(here, k, True), scale)))),
                         None)
            if where is None:
                where = find(req, scale, free)
            if where is None:
                # Where it stands, with the few labels in its way moved (a sea zone's number
                # beside a captured territory's name): still no whole layout.
                moved = aside(rid, set(changed) | set(placed))
                if moved is None:
                    return None
                placed.update(moved)
                continue
            placed[rid] = where
            shown[rid] = _box(where.point, label.box_of(label.variants[where.variant], marker),
                              scale)
            leaders.pop(rid, None)
            if where.leader:
                leaders[rid] = _leader(req, where, scale)
        return placed


def _same_kind(label: ShownLabel) -> range:
    """The variants a label may take where it stands: the one it shows and the smaller ones
    after it that write the name as it does (whole, or shortened); only the one it shows
    when a leader line joins it to its region (a smaller one might not reach it)."""
    if label.leader is not None:
        return range(label.index, label.index + 1)
    short = label.short if label.short is not None else len(label.variants)
    end = short if label.index < short else len(label.variants)
    return range(label.index, end)
