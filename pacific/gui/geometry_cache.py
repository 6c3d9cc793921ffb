"""The map's geometry as ready-made Qt paths, cached on disk so that starting needs no shapely.

`load_geometry` (pacific.board.geometry) validates the GeoJSON with pydantic, builds shapely
shapes and projects them: about half a second, and shapely's import on top. The scene only
needs each region's outline as a QPainterPath plus its label point and slots, so the first
start converts the geometry once and writes the paths with QDataStream (Qt's own binary form,
read back in C++ speed) into the user's cache folder, under a name keyed by the SHA-256 of the
geometry file: editing or replacing geometry.json simply misses the cache and rebuilds it.

Each level of detail is kept in the cache as a block of its own, read from the file and made
into paths when first asked for: a start paints the map at one zoom, and so needs one level
(`DetailPaths`). The cache's head lists the levels' blocks (their lengths and Adler-32s), so
that one is found without reading those before it.

A map may ship its cache, zlib-compressed, beside its geometry file (`SHIPPED_NAME`, written by
tools/geometry_cache.py), so that even a user's first start ever needs no shapely: it is read
when the user's cache is missing, checked like any cache (the geometry file's hash and FORMAT
inside it), and copied into the user's cache for the next start. Only its head and regions
are unpacked then, and each level when first painted (`_shipped`); the rest is unpacked, and
the whole stream checked, when it is copied.

The user's cache is written once the window has painted (`cache_writes`), from the bytes kept
in memory until then.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import QByteArray, QDataStream, QFile, QIODevice, QStandardPaths
from PySide6.QtGui import QPainterPath

from pacific.board import MAX_GEOMETRY_BYTES
from pacific.gui import cache_writes
from pacific.gui.geometry_paths import (
    DetailPaths,
    LevelShapes,
    Lines,
    RegionPaths,
    SceneGeometry,
    _encode_level,
    geometry_path,
    line_paths,
    scene_geometry,
)
from pacific.rules.errors import N_
from pacific.rules.files.jsonfile import JsonFileError, read_limited

# (the paths themselves, given by this module as they are read from the cache)
__all__ = ["DetailPaths", "LevelShapes", "Lines", "RegionPaths", "SceneGeometry",
           "cache_dir", "cache_file", "decode", "decode_file", "encode", "geometry_path",
           "line_paths", "load_scene_geometry", "read_regular", "read_shipped", "scene_geometry",
           "shipped_file", "write_atomically"]

MAGIC = "pacific-scene-geometry"
# Bump when the layout below or the way paths are built changes: old caches are then ignored.
FORMAT = 9
ENV_CACHE_DIR = "PACIFIC_CACHE_DIR"
# The cache shipped in a map's folder, beside its geometry.json.
SHIPPED_NAME = "geometry-cache.qds.zlib"
# At most this many bytes come out of a shipped cache (the Pacific map's is 6.7 MB): a small
# file that unpacks into gigabytes is refused, not unpacked.
MAX_CACHE_BYTES = 64 * 1024 * 1024


def cache_dir() -> Path:
    """Where caches go: $PACIFIC_CACHE_DIR, else the platform's cache folder for the app."""
    override = os.environ.get(ENV_CACHE_DIR)
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    return Path(base or tempfile.gettempdir()) / "pacific"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def cache_file(geometry_file: Path, digest: str) -> Path:
    return cache_dir() / f"{geometry_file.parent.name}-geometry-{digest[:24]}-v{FORMAT}.qds"


def encode(geometry: SceneGeometry, digest: str) -> bytes:
    """The cache's bytes: a head (what the cache is, the levels' table, the regions' block's
    length), the regions' block, then each level's block, coarsest first. A start reads the
    head and the regions, and a level's block only when a zoom first paints it: the table
    tells where each lies without reading the ones before it, and the blocks the first paint
    needs come first in the shipped copy's stream (`Unpacking`)."""
    regions = _encode_regions(geometry)
    levels = [bytes(_encode_level(level).data()) for level in geometry.detail]
    data = QByteArray()
    out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    out.writeQString(MAGIC)
    out.writeInt32(FORMAT)
    out.writeQString(digest)
    out.writeQString(geometry.credit)
    for value in geometry.scene_rect:
        out.writeDouble(value)
    out.writeInt32(len(levels))
    for level, block in zip(geometry.detail, levels, strict=True):
        out.writeDouble(level.tolerance)
        out.writeUInt32(len(block))
        out.writeUInt32(zlib.adler32(block))
    out.writeUInt32(len(regions))
    for block in (regions, *levels):
        out.writeRawData(block)
    return bytes(data.data())


def _encode_regions(geometry: SceneGeometry) -> bytes:
    data = QByteArray()
    out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    out.writeInt32(len(geometry.regions))
    for region in geometry.regions.values():
        out.writeQString(region.id)
        out.writeQString(region.kind)
        out << region.shape
        out.writeBool(region.outline is not None)
        if region.outline is not None:
            out << region.outline
            out << region.hit_area
        out.writeBool(region.label is not None)
        if region.label is not None:
            out.writeDouble(region.label[0])
            out.writeDouble(region.label[1])
        out.writeInt32(len(region.slots))
        for x, y in region.slots:
            out.writeDouble(x)
            out.writeDouble(y)
        out << QByteArray(region.spots.tobytes())
    return bytes(data.data())


@dataclass(frozen=True)
class _Head:
    """What the head of a cache says (`encode`)."""

    credit: str
    scene_rect: tuple[float, float, float, float]
    levels: tuple[tuple[float, int, int], ...]  # each level's tolerance, length and Adler-32
    regions: int  # the regions' block's length
    size: int  # the head's own length

    @property
    def end(self) -> int:
        """The whole cache's length."""
        return self.size + self.regions + sum(length for _, length, _ in self.levels)

    def level_blocks(self, read: Callable[[int, int], bytes | None]) -> tuple[DetailPaths, ...]:
        """The levels, each read (``read(start, end)``) when first painted."""
        out, start = [], self.size + self.regions
        for tolerance, length, check in self.levels:
            out.append(DetailPaths(tolerance, payload=partial(read, start, start + length),
                                   check=check))
            start += length
        return tuple(out)


def _read_head(stream: QDataStream, digest: str) -> _Head | None:
    """The head of a cache of ``digest`` read from ``stream``, or None when it is not one."""
    if stream.readQString() != MAGIC or stream.readInt32() != FORMAT \
            or stream.readQString() != digest:
        return None
    credit = stream.readQString()
    x, y, w, h = (stream.readDouble() for _ in range(4))
    count = stream.readInt32()
    if not 0 <= count <= 64:
        return None
    levels = tuple((stream.readDouble(), stream.readUInt32(), stream.readUInt32())
                   for _ in range(count))
    regions = stream.readUInt32()
    device = stream.device()
    if stream.status() != QDataStream.Status.Ok or device is None:
        return None
    head = _Head(credit, (x, y, w, h), levels, regions, device.pos())
    return head if head.end <= MAX_CACHE_BYTES else None


def _read_regions(stream: QDataStream, head: _Head) -> dict[str, RegionPaths] | None:
    """The regions' block that follows the head in ``stream``, or None when it is damaged
    (or not exactly as long as the head says)."""
    regions: dict[str, RegionPaths] = {}
    for _ in range(max(0, stream.readInt32())):
        if stream.status() != QDataStream.Status.Ok:
            return None  # truncated: stop before a damaged count runs on for ever
        rid = stream.readQString()
        kind = stream.readQString()
        shape = QPainterPath()
        stream >> shape
        outline: QPainterPath | None = None
        hit = shape
        if stream.readBool():
            outline = QPainterPath()
            stream >> outline
            hit = QPainterPath()
            stream >> hit
        label = (stream.readDouble(), stream.readDouble()) if stream.readBool() else None
        slots = tuple((stream.readDouble(), stream.readDouble())
                      for _ in range(max(0, stream.readInt32())))
        raw = _read_block(stream)
        if raw is None:
            return None
        spots = array("f")
        spots.frombytes(raw[: len(raw) // 12 * 12])
        regions[rid] = RegionPaths(rid, kind, shape, outline, hit, label, slots, spots)
    device = stream.device()
    if stream.status() != QDataStream.Status.Ok or device is None \
            or device.pos() != head.size + head.regions:
        return None
    return regions


def _read_block(stream: QDataStream) -> bytes | None:
    """A QByteArray written to ``stream`` (its length, then its bytes), as bytes; None when
    the stream holds fewer bytes than the length says (a damaged cache). Read as raw data, not
    with ``>>``: PySide6 chooses among QDataStream's twenty ``>>`` by making every QtCore type
    they name ready, and their seventeen enum classes with them (about 0.005 s)."""
    size = stream.readUInt32()
    if size == 0xFFFFFFFF:  # (a null QByteArray)
        return b""
    device = stream.device()
    if stream.status() != QDataStream.Status.Ok or device is None \
            or size > device.bytesAvailable():
        return None
    return bytes(stream.readRawData(size)) if size else b""


PACKED_PIECE = 1 << 16  # packed bytes unpacked at a time (`Unpacking`)
HEAD_BYTES = 4096  # the bytes first unpacked to read a shipped cache's head (more if it is longer)


def _decode_prefix(prefix: Callable[[int], bytes | None], digest: str
                   ) -> tuple[_Head, dict[str, RegionPaths], bytes] | None:
    """The head and regions of the cache of ``digest`` whose first bytes ``prefix(n)`` gives
    (at most n: fewer where it ends; None when it cannot be read), with the bytes they were
    read from."""
    want = HEAD_BYTES
    while True:
        first = prefix(want)
        if first is None:
            return None
        buffer = QByteArray(first)  # kept alive while the stream reads it
        head = _read_head(_reading(buffer), digest)
        if head is not None or len(first) < want or want >= MAX_CACHE_BYTES:
            break
        want *= 16  # (a head longer than the bytes read, maybe: read more)
    if head is None:
        return None
    data = prefix(head.size + head.regions)
    if data is None or len(data) < head.size + head.regions:
        return None
    buffer = QByteArray(data)  # kept alive while the stream reads it
    stream = _reading(buffer)
    stream.device().seek(head.size)
    regions = _read_regions(stream, head)
    return None if regions is None else (head, regions, data)


def _reading(buffer: QByteArray) -> QDataStream:
    return QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)


def decode(blob: bytes, digest: str) -> SceneGeometry | None:
    """The cached geometry, or None when the blob is not a complete cache of ``digest``."""

    found = _decode_prefix(lambda n: blob[:n], digest)
    if found is None or found[0].end != len(blob):
        return None
    head, regions, _ = found
    return _geometry(head, regions, lambda start, end: blob[start:end], digest)


def _geometry(head: _Head, regions: dict[str, RegionPaths],
              read: Callable[[int, int], bytes | None], digest: str) -> SceneGeometry:
    return SceneGeometry(regions, head.scene_rect, head.credit, head.level_blocks(read),
                         f"{digest}-v{FORMAT}")


def decode_file(path: Path, digest: str) -> SceneGeometry | None:
    """The geometry cached in the file at ``path`` (as `decode`), or None when it cannot be
    read. Qt reads the head and the regions from the file itself, and a level's block is read
    from the file when the level is first painted: the 7 MB of the Pacific map's cache are not
    copied into Python bytes and then into a Qt buffer, and the levels a start does not paint
    are not read at all (docs/performance.md)."""
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        return None
    try:
        stream = QDataStream(file)
        head = _read_head(stream, digest)
        if head is None or head.end != file.size():
            return None
        regions = _read_regions(stream, head)
        if regions is None:
            return None
    finally:
        file.close()
    return _geometry(head, regions, partial(_read_range, path), digest)


def _read_range(path: Path, start: int, end: int) -> bytes | None:
    """Bytes ``start`` to ``end`` of the regular file at ``path`` (None when it cannot be
    read, or is no longer a regular file: a FIFO opened to read would wait for a writer for
    ever). The level's block is then checked, found wrong, and the level left empty."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.lseek(fd, start, os.SEEK_SET)
        chunks: list[bytes] = []
        size = 0
        while size < end - start:
            chunk = os.read(fd, end - start - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def load_scene_geometry(geometry_file: Path) -> SceneGeometry:
    """The map's paths: from the user's cache when it matches the file's hash, else from the
    cache shipped with the map when it matches, else built from the geometry file (with
    shapely); cached for the next start either way, once the window on its way has painted
    (`cache_writes.later`). A cache that cannot be written only costs speed.

    Raises:
        GeometryError: the geometry file is missing or malformed.
    """
    try:
        # A regular file within the size limit: a FIFO or a device must not freeze the start.
        raw = read_limited(Path(geometry_file), what=N_("map geometry file"),
                           max_bytes=MAX_GEOMETRY_BYTES)
    except JsonFileError as exc:
        # Imported here: pacific.board.geometry brings shapely and numpy, which the cached
        # path avoids.
        from pacific.board.geometry import GeometryError

        raise GeometryError(str(exc)) from exc
    digest = _digest(raw)
    folder = Path(geometry_file).parent
    target = cache_file(Path(geometry_file), digest)
    cached = decode_file(target, digest)
    if cached is not None:
        return replace(cached, folder=folder)
    shipped = _shipped(shipped_file(Path(geometry_file)), digest)
    if shipped is not None:
        geometry, unpacking = shipped

        def copy() -> None:
            # (the rest unpacked and the whole stream checked: a copy found damaged past
            # what the start read is not copied, and the next start reads it again)
            blob = unpacking.whole()
            if blob is not None:
                write_atomically(target, blob)

        cache_writes.later(copy)
        return replace(geometry, folder=folder)
    from pacific.board.geometry import load_geometry

    built = scene_geometry(load_geometry(geometry_file))
    cache_writes.later(lambda: write_atomically(target, encode(built, digest)))
    return replace(built, digest=f"{digest}-v{FORMAT}", folder=folder)


def shipped_file(geometry_file: Path) -> Path:
    """Where the map of ``geometry_file`` ships its cache."""
    return geometry_file.parent / SHIPPED_NAME


def _read_packed(path: Path) -> bytes | None:
    try:
        return read_limited(path, what=N_("map geometry file"), max_bytes=MAX_GEOMETRY_BYTES)
    except JsonFileError:
        return None


def read_shipped(path: Path) -> bytes | None:
    """The cache shipped at ``path``, unpacked; None when there is none, or it is not one
    whole zlib stream of at most MAX_CACHE_BYTES (cut, padded, damaged or a bomb). What it holds
    is still to be checked (`decode`)."""
    packed = _read_packed(path)
    return None if packed is None else Unpacking(packed).whole()


def _shipped(path: Path, digest: str) -> tuple[SceneGeometry, Unpacking] | None:
    """The geometry of the cache shipped at ``path`` when it is a cache of ``digest``, with
    what unpacks the rest: only its head and regions are unpacked now, each level when first
    painted. The whole stream is told sound before any of it is used: the zlib stream ends
    with the Adler-32 of all it holds, which must be that of the head and regions unpacked
    combined with the levels' own (in the head), so that a copy cut, padded, or changed
    where the start reads it is refused as it was when the whole was unpacked at once; a
    level changed later is found by its own Adler-32 when it is read (and left empty), and
    the copy is then not copied into the user's cache."""
    packed = _read_packed(path)
    if packed is None or len(packed) < 4:
        return None
    unpacking = Unpacking(packed)
    found = _decode_prefix(unpacking.prefix, digest)
    if found is None:
        return None
    head, regions, data = found
    check = zlib.adler32(data)
    for _, length, level in head.levels:
        check = adler32_combine(check, level, length)
    if check != int.from_bytes(packed[-4:], "big"):
        return None
    return _geometry(head, regions, unpacking.part, digest), unpacking


class Unpacking:
    """A zlib stream unpacked only as far as it is asked for (at most MAX_CACHE_BYTES out).
    The packed bytes are fed a piece at a time (`PACKED_PIECE`), each a view of them: what
    zlib leaves of a piece it was given whole is not copied at every call."""

    def __init__(self, packed: bytes) -> None:
        self._unpacker = zlib.decompressobj()
        self._packed = memoryview(packed)
        self._fed = 0  # the packed bytes given to zlib so far
        self._out = bytearray()
        self._failed = False

    def _unpack(self, upto: int) -> None:
        unpacker = self._unpacker
        while len(self._out) < upto and not self._failed and not unpacker.eof \
                and self._fed < len(self._packed):
            piece = self._packed[self._fed:self._fed + PACKED_PIECE]
            self._fed += len(piece)
            try:
                self._out += unpacker.decompress(piece, MAX_CACHE_BYTES + 1 - len(self._out))
            except zlib.error:
                self._failed = True
                return
            if unpacker.unconsumed_tail:  # (more than MAX_CACHE_BYTES: a bomb)
                self._failed = True

    def prefix(self, n: int) -> bytes | None:
        """The first ``n`` bytes unpacked (fewer where the stream ends); None when it is
        damaged before them."""
        self._unpack(min(n, MAX_CACHE_BYTES))
        return None if self._failed and len(self._out) < n else self._copy(0, n)

    def part(self, start: int, end: int) -> bytes | None:
        """Bytes ``start`` to ``end`` unpacked; None when the stream ends or is damaged
        before ``end``."""
        self._unpack(min(end, MAX_CACHE_BYTES))
        return self._copy(start, end) if len(self._out) >= end else None

    def _copy(self, start: int, end: int) -> bytes:
        """Bytes ``start`` to ``end`` of what is unpacked, copied once (a slice of the
        bytearray would be copied twice)."""
        with memoryview(self._out) as view, view[start:end] as part:
            return bytes(part)

    def whole(self) -> bytes | None:
        """Everything, when the stream is one whole zlib stream of at most MAX_CACHE_BYTES
        with nothing after it; else None."""
        self._unpack(MAX_CACHE_BYTES + 1)
        if self._failed or not self._unpacker.eof or self._unpacker.unused_data \
                or self._fed < len(self._packed) or len(self._out) > MAX_CACHE_BYTES:
            return None
        return bytes(self._out)


_BASE = 65521  # Adler-32's modulus


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's Adler-32 and the
    second's length (zlib's adler32_combine)."""
    rem = length % _BASE
    low = first & 0xFFFF
    high = rem * low % _BASE
    low = (low + (second & 0xFFFF) + _BASE - 1) % _BASE
    high = (high + (first >> 16) + (second >> 16) + _BASE - rem) % _BASE
    return low | high << 16


def write_atomically(target: Path, blob: bytes) -> None:
    """``blob`` as ``target``'s whole content, or nothing: a reader never sees half a file."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}-")
        with os.fdopen(fd, "wb") as handle:
            handle.write(blob)
        os.replace(tmp, target)
    except OSError:
        pass  # a read-only or full cache folder: the next start rebuilds, nothing breaks


def read_regular(path: Path, limit: int) -> bytes | None:
    """Up to ``limit`` bytes of the regular file at ``path``; None for anything else (a FIFO
    opened to read would wait for a writer for ever, a device would read on)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks: list[bytes] = []
        size = 0
        while size < limit:
            chunk = os.read(fd, limit - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
