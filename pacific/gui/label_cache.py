"""The first layout of the map's labels kept on disk, beside the map geometry's cache.

A start lays every label out for the window's first zoom (`label_layout.place`): at a small
window's fit that is most of half a second. The start after it, in a window of the same size
over the same position, would lay them out again to the very same places. So the first layout
a map scene makes is written to the cache folder, under a key made of everything the layout
reads: the geometry the regions' outlines come from (its file's digest), each label's anchor,
extent, rank and boxes (their measured sizes: the fonts, the names, the control markers), the
zoom, the scene's frame, the boxes the labels keep clear of, and the source of the code that
lays labels out (so that a change to it misses the cache). A start that finds its key reads
the places and lays nothing out; any other start lays the labels out as ever and keeps its
layout for the next.

The file is read as untrusted input: one that cannot be read, is not JSON, holds anything of
the wrong kind or a place outside the map, is ignored (and written anew); it never stops a
start nor puts a label anywhere a layout could not have.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF

from pacific.gui import cache_writes
from pacific.gui.geometry_cache import cache_dir, read_regular, write_atomically
from pacific.gui.label_search import HIDDEN, LabelRequest, Placement
from pacific.gui.piece_shapes import Box

FORMAT = 2
MAX_BYTES = 1 << 20  # a few layouts of a few hundred labels take tens of kilobytes
KEPT = 4  # layouts kept: a few window sizes (and languages) used in turn
# The code a layout's places come from: any change to it misses the cache.
CODE = ("pacific.gui.label_cache", "pacific.gui.label_layout", "pacific.gui.label_search",
        "pacific.gui.label_room", "pacific.gui.map_labels", "pacific.gui.piece_shapes",
        "pacific.gui.small_spaces", "pacific.gui.map_scene", "pacific.gui.map_items",
        "pacific.gui.label_refit", "pacific.gui.label_lands")

Plan = dict[str, Placement]

_code_digests: dict[tuple[str, ...], str] = {}  # computed once per process


def code_digest(code: tuple[str, ...] = CODE) -> str | None:
    """SHA-256 of the source of the modules ``code``, or None when a file of it cannot be
    read (then nothing is cached: the code's identity is unknown)."""
    if code not in _code_digests:
        digest = hashlib.sha256()
        for name in code:
            # (imported when not yet: a scene alone has not brought the pieces' modules in)
            try:
                module = sys.modules.get(name) or importlib.import_module(name)
            except ImportError:
                return None
            path = getattr(module, "__file__", None)
            if path is None:
                return None
            try:
                digest.update(Path(path).read_bytes())
            except OSError:
                return None
        _code_digests[code] = digest.hexdigest()
    return _code_digests[code]


def _rect(rect: QRectF) -> list[float]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def layout_key(geometry: str, requests: Sequence[LabelRequest], scale: float, frame: QRectF,
               keep_out: Mapping[str, Box]) -> str | None:
    """The key of the layout of ``requests`` (`label_layout.place`'s arguments) over the map
    of ``geometry`` (`SceneGeometry.digest`), or None when it cannot be told."""
    code = code_digest()
    if code is None or not geometry:
        return None
    what = [FORMAT, code, geometry, scale, _rect(frame),
            sorted((rid, list(box)) for rid, box in keep_out.items()),
            [[r.region, r.point.x(), r.point.y(), _rect(r.bounds),
              [_rect(box) for box in r.variants], r.short, r.rank, r.stars] for r in requests]]
    text = json.dumps(what, separators=(",", ":"), allow_nan=True)
    return hashlib.sha256(text.encode()).hexdigest()


class Kept:
    """Layouts kept in one file of the cache folder (`cache_dir`), the newest first, each as
    plain JSON under its key; what a value holds is checked by its reader."""

    def __init__(self, name: str, path: Path | None = None) -> None:
        self.path = path if path is not None else cache_dir() / name

    def _entries(self) -> list[object]:
        """The file's layouts, unchecked; none when the file is missing or damaged."""
        try:
            raw = read_regular(self.path, MAX_BYTES + 1)
            if raw is None or len(raw) > MAX_BYTES:
                return []
            data = json.loads(raw)
        except (OSError, ValueError, RecursionError):
            # (ValueError: not UTF-8 or not JSON; RecursionError: nested past the parser)
            return []
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return []
        entries = data.get("layouts")
        return entries if isinstance(entries, list) else []

    def get(self, key: str) -> object:
        """The value kept under ``key`` (None when there is none)."""
        for entry in self._entries():
            if isinstance(entry, dict) and entry.get("key") == key:
                return entry.get("value")
        return None

    def put(self, key: str, value: object) -> None:
        """Keep ``value`` under ``key`` first, with the last few others, once the window on its
        way has painted (`cache_writes.later`; ``value`` is not to be changed after). A file
        that cannot be written costs the next start its layout, nothing else."""
        self.put_made(key, lambda: value)

    def put_made(self, key: str, make: Callable[[], object | None]) -> None:
        """`put` the value ``make`` returns when it is written (nothing when it returns None):
        what only the file needs is worked out after the first paint too."""
        cache_writes.later(lambda: self._write(key, make()))

    def _write(self, key: str, value: object | None) -> None:
        if value is None:
            return
        others = [entry for entry in self._entries()
                  if isinstance(entry, dict) and entry.get("key") != key][:KEPT - 1]
        data = {"format": FORMAT, "layouts": [{"key": key, "value": value}, *others]}
        write_atomically(self.path, json.dumps(data, separators=(",", ":")).encode())


class LabelStore:
    """The first label layouts kept (`MapScene.place_labels`)."""

    def __init__(self, geometry: str, path: Path | None = None) -> None:
        self.geometry = geometry  # `SceneGeometry.digest`
        self.kept = Kept("map-labels.json", path)

    def load(self, key: str, requests: Sequence[LabelRequest], frame: QRectF) -> Plan | None:
        """The layout kept under ``key``, or None when there is none that fits ``requests``
        (each region's, no other, with a variant it has, inside ``frame``)."""
        return _plan(self.kept.get(key), requests, frame)

    def save(self, key: str, plan: Mapping[str, Placement]) -> None:
        # (a capital's star apart from its name: its place after the name's)
        places = {rid: [where.point.x(), where.point.y(), where.variant, where.leader,
                        *([] if where.star is None else [where.star.x(), where.star.y()])]
                  for rid, where in plan.items()}
        if all(math.isfinite(v) for row in places.values() for v in row[:2]):
            self.kept.put(key, places)


class FirstLayout:
    """A scene's first label layout (its window's first fit: the one a start waits for), read
    from the disk when an earlier start kept the same one, else kept there once made; told the
    pieces' size, as the names moved off the spaces they hem in leave it
    (`MapScene.keep_labels_off`). Only the first layout asked for is looked for (`read`)."""

    def __init__(self, geometry: str) -> None:
        self._store = LabelStore(geometry) if geometry else None
        self.read_plan: Plan | None = None  # the layout read, its names moved off as kept
        # The first layout looked for and not found: its store, key and pieces' size, and
        # what it is made of (`_made_of`), until it is made (`made`); then the one made, kept
        # once its names are moved off.
        self._missed: tuple[LabelStore, str, float | None, tuple[object, ...]] | None = None
        self._to_keep: tuple[LabelStore, str, float, Plan] | None = None

    def none_kept(self) -> bool:
        """Is no layout kept on disk at all (no file: a first start ever, a cleared cache)?
        Then none is read, and its requests need not be made to look for it."""
        return self._store is not None and not self._store.kept.path.exists()

    def read(self, requests: Sequence[LabelRequest], band: float, frame: QRectF,
             keep_out: Mapping[str, Box], pixels: float | None) -> Plan | None:
        """The layout of ``requests`` (`label_layout.place`'s arguments) kept on disk when this
        is the first asked for and an earlier start kept it, else None (the one to `made`)."""
        store, self._store = self._store, None
        key = None if store is None else \
            layout_key(store.geometry, requests, band, frame, keep_out)
        if store is None or key is None:
            return None
        if pixels is not None:
            key = f"{key}-kept-off-{pixels!r}"
        plan = store.load(key, requests, frame)
        if plan is None:
            self._missed = (store, key, pixels, _made_of(requests, band, keep_out))
        elif pixels is not None:
            self.read_plan = plan
        return plan

    def made(self, plan: Plan, requests: Sequence[LabelRequest], band: float,
             keep_out: Mapping[str, Box]) -> None:
        """``plan`` was made from `read`'s arguments: kept when it is the first layout, not
        found there (`read`): at once, or once its names are moved off (`kept_off`)."""
        missed, self._missed = self._missed, None
        if missed is None or missed[3] != _made_of(requests, band, keep_out):
            return
        store, key, pixels, _of = missed
        if pixels is None:
            store.save(key, plan)
        else:
            self._to_keep = (store, key, pixels, plan)

    def kept_off(self, plan: Plan, pixels: float) -> None:
        """``plan``'s names were moved off for pieces ``pixels`` wide: kept when it is the first
        layout made (`made`)."""
        first, self._to_keep = self._to_keep, None
        if first is not None and first[2] == pixels and first[3] is plan:
            first[0].save(first[1], plan)


def _made_of(requests: Sequence[LabelRequest], band: float, keep_out: Mapping[str, Box]
             ) -> tuple[object, ...]:
    """What a layout is made of, to tell one layout's from another's (a label's request is
    made anew when its look changes)."""
    return (tuple(requests), band, tuple(sorted(keep_out.items())))


def _plan(places: object, requests: Sequence[LabelRequest], frame: QRectF) -> Plan | None:
    if not isinstance(places, dict) or len(places) != len(requests):
        return None
    plan: Plan = {}
    left, top, right, bottom = frame.left(), frame.top(), frame.right(), frame.bottom()
    for req in requests:
        row = places.get(req.region)
        if not isinstance(row, list) or len(row) not in (4, 6):
            return None
        x, y, variant, leader, *star = row
        if not all(isinstance(v, float | int) and not isinstance(v, bool) for v in (x, y, *star)):
            return None
        if not all(left <= px <= right and top <= py <= bottom
                   for px, py in ((x, y), *([(star[0], star[1])] if star else []))):
            return None  # (NaN and infinities fail the comparisons)
        if not isinstance(variant, int) or isinstance(variant, bool) \
                or not HIDDEN <= variant < len(req.variants) or not isinstance(leader, bool):
            return None
        # (a star apart only with a name apart from it, at the end of its leader line)
        if star and (not leader or variant == HIDDEN or not req.apart(variant)
                     or variant == req.alone):
            return None
        plan[req.region] = Placement(QPointF(float(x), float(y)), variant, leader,
                                     QPointF(float(star[0]), float(star[1])) if star else None)
    return plan

