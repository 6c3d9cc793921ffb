"""The picture of the land (`label_lands.Lands`) kept on disk, and shipped with the map.

The names' layout asks over whose land a name's box stands from a picture of the territories
(each in its own shade, the pixels an outline may cross marked). It depends on the map alone:
its paths, its territories in their order, the picture's cell and the code that draws it
(`FORMAT`) with Qt's rasterizer; never on the window's size or the fonts. Drawing and marking
it costs more than a tenth of a start that lays its names out afresh, a start in a window
size new to the cache as much as a first start ever (docs/performance.md). So it is kept in
the cache folder (written once the window has painted, `cache_writes`), and shipped beside
the map's geometry (`SHIPPED_NAME`, written by tools/geometry_cache.py), where a first start
ever finds it.

A file holds the key of what it was drawn from (`picture_key`), so a file of another map,
format, extent or Qt is never used: it is read as untrusted input, and one that cannot be
read, is not one whole zlib stream of at most `MAX_PIXELS`, or whose key or sizes do not fit,
is ignored (the picture is drawn, and kept anew).
"""

from __future__ import annotations

import hashlib
import json
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import qVersion

from pacific.gui import cache_writes
from pacific.gui.geometry_cache import cache_dir, read_regular, write_atomically

MAGIC = b"pacific-land-picture\n"
# Bump when the picture's drawing or marking changes: the files kept and shipped are then
# ignored (tests/test_gui_lands_cache.py also compares the shipped one with a fresh picture).
FORMAT = 1
SHIPPED_NAME = "land-picture.zlib"  # in a map's folder, beside its geometry.json
MAX_PIXELS = 16 * 1024 * 1024  # bytes unpacked at most (the Pacific map's: 0.65 MB)
MAX_PACKED = 4 * 1024 * 1024  # bytes of a file read at most (the Pacific map's: 14 kB)
LEVEL = 9  # (the same pixels give the same file: a regenerated copy changes only with them)
_HEAD = struct.Struct("<32sIII")  # the key, the picture's width, height and bytes a row


Picture = tuple[int, int, int, bytes]  # width, height, bytes a row, the pixels


def picture_key(digest: str, lands: Sequence[str],
                extent: tuple[float, float, float, float], cell: float) -> bytes | None:
    """The key of the picture of ``lands`` (in their order: their shades) over ``extent``
    (x, y, width, height), ``cell`` scene units a pixel, drawn from the paths of the geometry
    of ``digest`` (`SceneGeometry.digest`); None when the paths' origin is unknown."""
    if not digest:
        return None
    what = [FORMAT, digest, list(lands), list(extent), cell, qVersion()]
    return hashlib.sha256(json.dumps(what, separators=(",", ":")).encode()).digest()


def _kept_path(key: bytes) -> Path:
    return cache_dir() / f"land-picture-{key.hex()[:24]}.zlib"


def pack(key: bytes, picture: Picture) -> bytes:
    """A file's bytes for ``picture`` drawn under ``key``."""
    width, height, stride, pixels = picture
    return zlib.compress(MAGIC + _HEAD.pack(key, width, height, stride) + pixels, LEVEL)


def unpack(packed: bytes, key: bytes) -> Picture | None:
    """The picture ``packed`` holds when it was drawn under ``key``; else None."""
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, len(MAGIC) + _HEAD.size + MAX_PIXELS + 1)
    except zlib.error:
        return None
    if not unpacker.eof or unpacker.unused_data or unpacker.unconsumed_tail \
            or not raw.startswith(MAGIC) or len(raw) < len(MAGIC) + _HEAD.size:
        return None
    kept, width, height, stride = _HEAD.unpack_from(raw, len(MAGIC))
    pixels = raw[len(MAGIC) + _HEAD.size:]
    if kept != key or not 0 < width <= stride or len(pixels) != stride * height:
        return None
    return width, height, stride, pixels


def _read(path: Path, key: bytes) -> Picture | None:
    try:
        packed = read_regular(path, MAX_PACKED + 1)
    except OSError:
        return None
    if packed is None or len(packed) > MAX_PACKED:
        return None
    return unpack(packed, key)


def load(key: bytes, folder: Path | None) -> Picture | None:
    """The picture drawn under ``key``: the one kept in the cache folder, else the one the
    map ships in ``folder``; None when neither is."""
    found = _read(_kept_path(key), key)
    if found is None and folder is not None:
        found = _read(folder / SHIPPED_NAME, key)
    return found


def keep(key: bytes, picture: Picture) -> None:
    """Keep ``picture`` drawn under ``key`` in the cache folder, once the window on its way
    has painted (a folder that cannot be written only costs the next start the drawing)."""
    path = _kept_path(key)
    cache_writes.later(lambda: write_atomically(path, pack(key, picture)))
