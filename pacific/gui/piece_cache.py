"""The first fit's piece layout kept on disk, beside the labels' (`label_cache`).

At every start the window's first fit chooses the small spaces' markers (`small_spaces`:
a search among each small space's deepest points, asked before the labels are laid out) and
then every space's first slot (`piece_layout.Layout`): together a tenth of a second at a
small window. A start over the same map in a window of the same size makes the very same
choices. So a scene's first choice of each is written to the cache folder under a key made of
everything it reads: each space's candidate points (their bytes), whether it holds units,
its name, label and centre, the zoom, the pieces' size, the obstacles, and the source of the
code that chooses (a change to it misses the cache). A start that finds its key takes the
slots from the file; any other start chooses them as ever and keeps them for the next.

The file is read as untrusted input (`label_cache.Kept`: a size cap, a damaged or forged
file ignored and written anew). A slot is kept as the number of one of its own space's
candidate points, so a file can only put a marker where a layout could have: on its own
space. A value of the wrong kind, a number out of range, a space missing or one too many
makes the start choose as ever.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.label_cache import Kept, code_digest
from pacific.gui.piece_layout import FirstSlots, Layout, layout_for
from pacific.gui.piece_shapes import SpaceShape
from pacific.gui.small_spaces import Slots, cramped, small_space_slots

# The code the slots come from: any change to it misses the cache.
CODE = ("pacific.gui.piece_cache", "pacific.gui.piece_shapes", "pacific.gui.small_spaces",
        "pacific.gui.piece_layout")
MAX_SLOTS = 256  # a space's slots kept: far more than a space's stacks


def _point(point: QPointF | None) -> list[float] | None:
    return None if point is None else [point.x(), point.y()]


def _box(rect: QRectF) -> list[float]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def slots_key(kind: str, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
              obstacles: Sequence[tuple[QPointF, QRectF]] = ()) -> str | None:
    """The key of the ``kind`` of slots ("small" or "layout") chosen for ``spaces`` at
    ``zoom``, or None when the code's identity cannot be told."""
    code = code_digest(CODE)
    if code is None:
        return None
    digest = hashlib.sha256()
    rows = []
    for sid, shape in spaces.items():
        digest.update(shape.spots.tobytes())
        row = [sid, len(shape.spots), shape.holds_units, shape.ringed, _point(shape.name_at),
               _box(shape.name_box), _point(shape.centre)]
        if kind != "small":  # (the small spaces' slots are chosen before the labels)
            row += [_point(shape.label), _box(shape.label_box)]
        rows.append(row)
    what = [kind, code, zoom, pixels, [[_point(p), _box(b)] for p, b in obstacles], rows]
    digest.update(json.dumps(what, separators=(",", ":"), allow_nan=True).encode())
    return digest.hexdigest()


def _index(shape: SpaceShape, x: float, y: float) -> int:
    """The number of the candidate of ``shape`` at (x, y) (-1: none is)."""
    spots = shape.spots
    for i in range(0, len(spots), 3):
        if spots[i] == x and spots[i + 1] == y:
            return i // 3
    return -1


def _candidate(shape: SpaceShape, number: object) -> tuple[float, float] | None:
    """The candidate point of ``shape`` numbered ``number``, or None when there is none."""
    if not isinstance(number, int) or isinstance(number, bool) or \
            not 0 <= number < len(shape.spots) // 3:
        return None
    return (shape.spots[3 * number], shape.spots[3 * number + 1])


def _numbered(spaces: dict[str, SpaceShape], slots: dict[str, list[tuple[float, float]]]
              ) -> dict[str, list[int]] | None:
    out = {sid: [_index(spaces[sid], x, y) for x, y in points]
           for sid, points in slots.items()}
    return None if any(n < 0 for numbers in out.values() for n in numbers) else out


def _slots(spaces: dict[str, SpaceShape], value: object, wanted: set[str]
           ) -> dict[str, list[tuple[float, float]]] | None:
    """The slots numbered in ``value``: one list of candidates for each space of ``wanted``,
    none for another; None when anything is off."""
    if not isinstance(value, dict) or set(value) != wanted:
        return None
    out: dict[str, list[tuple[float, float]]] = {}
    for sid, numbers in value.items():
        if not isinstance(numbers, list) or not 0 < len(numbers) <= MAX_SLOTS:
            return None
        points = [_candidate(spaces[sid], n) for n in numbers]
        if any(p is None for p in points):
            return None
        out[sid] = [p for p in points if p is not None]
    return out


def _first(spaces: dict[str, SpaceShape], value: object) -> FirstSlots | None:
    """The first slots kept in ``value``, or None when they cannot be a layout's: every
    space holding units has its slots, each at one of its own candidates."""
    if not isinstance(value, dict):
        return None
    holding = {sid for sid, shape in spaces.items() if shape.holds_units and shape.spots}
    slots = _slots(spaces, value.get("slots"), holding)
    full, after = value.get("full"), value.get("next")
    if slots is None or not isinstance(full, list) or not isinstance(after, dict):
        return None
    if not all(isinstance(sid, str) and sid in holding for sid in full) or \
            not set(after) <= holding:
        return None
    for sid, i in after.items():
        if not isinstance(i, int) or isinstance(i, bool) or \
                not 0 <= i <= len(spaces[sid].spots) + 3 or i % 3:
            return None
    return FirstSlots(slots, frozenset(full), dict(after))


class PieceStore:
    """The first small spaces' slots and the first layout of one map scene, kept on disk:
    only the first of each is read and written (the window's first fit, the one a start
    waits for)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.small = Kept("map-small-spaces.json",
                          None if folder is None else folder / "map-small-spaces.json")
        self.layouts = Kept("map-pieces.json",
                            None if folder is None else folder / "map-pieces.json")
        self._small_asked = self._layout_asked = False

    def small_space_slots(self, spaces: dict[str, SpaceShape], zoom: float,
                          pixels: float) -> Slots:
        """`small_spaces.small_space_slots`, the first time from the disk when an earlier
        start kept the same."""
        if self._small_asked:
            return small_space_slots(spaces, zoom, pixels)
        self._small_asked = True
        key = slots_key("small", spaces, zoom, pixels)
        if key is None:
            return small_space_slots(spaces, zoom, pixels)
        value = self.small.get(key)
        wanted = set(cramped(spaces, zoom, pixels))
        kept = _slots(spaces, value, wanted) if isinstance(value, dict) else None
        if kept is not None and all(len(points) == 1 for points in kept.values()):
            return small_space_slots(spaces, zoom, pixels,
                                     {sid: points[0] for sid, points in kept.items()})
        made = small_space_slots(spaces, zoom, pixels)
        chosen, shapes = {sid: [p] for sid, p in made.items()}, dict(spaces)
        self.small.put_made(key, lambda: _numbered(shapes, chosen))
        return made

    def layout(self, spaces: dict[str, SpaceShape], zoom: float, pixels: float,
               obstacles: Sequence[tuple[QPointF, QRectF]] = (), asked: object = None
               ) -> Layout:
        """`piece_layout.layout_for`, the first time made from the disk's first slots when an
        earlier start kept the same."""
        def made(first: FirstSlots | None) -> Layout:
            return layout_for(spaces, zoom, pixels, obstacles, first, asked)

        if self._layout_asked:
            return made(None)
        self._layout_asked = True
        key = slots_key("layout", spaces, zoom, pixels, obstacles)
        if key is None:
            return made(None)
        first = _first(spaces, self.layouts.get(key))
        if first is not None:
            return made(first)
        layout = made(None)
        # (the slots numbered when written: the layout's first slots are a copy of its own)
        taken, shapes = layout.first, dict(spaces)

        def kept() -> dict[str, object] | None:
            numbered = _numbered(shapes, taken.slots)
            return None if numbered is None else \
                {"slots": numbered, "full": sorted(taken.full), "next": taken.next}

        self.layouts.put_made(key, kept)
        return layout
