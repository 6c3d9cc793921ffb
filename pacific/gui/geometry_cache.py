"""The map's geometry as ready-made Qt paths, cached on disk so that starting needs no shapely.

`load_geometry` (pacific.board.geometry) validates the GeoJSON with pydantic, builds shapely
shapes and projects them: about half a second, and shapely's import on top. The scene only
needs each region's outline as a QPainterPath plus its label point and slots, so the first
start converts the geometry once and writes the paths with QDataStream (Qt's own binary form,
read back in C++ speed) into the user's cache folder, under a name keyed by the SHA-256 of the
geometry file: editing or replacing geometry.json simply misses the cache and rebuilds it.

Each level of detail is kept in the cache as a block of its own, read into paths when first
asked for: a start paints the map at one zoom, and so needs one level (`DetailPaths`).

A map may ship its cache, zlib-compressed, beside its geometry file (`SHIPPED_NAME`, written by
tools/geometry_cache.py), so that even a user's first start ever needs no shapely: it is read
when the user's cache is missing, checked like any cache (the geometry file's hash and FORMAT
inside it), and copied into the user's cache for the next start.

The user's cache is written once the window has painted (`cache_writes`), from the bytes kept
in memory until then.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QByteArray, QDataStream, QFile, QIODevice, QStandardPaths, Qt
from PySide6.QtGui import QPainterPath

from pacific.board import MAX_GEOMETRY_BYTES
from pacific.gui import cache_writes
from pacific.rules.errors import N_
from pacific.rules.files.jsonfile import JsonFileError, read_limited

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from pacific.board.geometry import MapGeometry

MAGIC = "pacific-scene-geometry"
# Bump when the layout below or the way paths are built changes: old caches are then ignored.
FORMAT = 8
ENV_CACHE_DIR = "PACIFIC_CACHE_DIR"
# The cache shipped in a map's folder, beside its geometry.json.
SHIPPED_NAME = "geometry-cache.qds.zlib"
# At most this many bytes come out of a shipped cache (the Pacific map's is 6.7 MB): a small
# file that unpacks into gigabytes is refused, not unpacked.
MAX_CACHE_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class RegionPaths:
    """One territory, sea zone or the neutral land, in scene coordinates, as Qt paths."""

    id: str
    kind: str  # "territory", "sea_zone" or "neutral"
    shape: QPainterPath  # the real land or water
    outline: QPainterPath | None  # islands: the encircling outline
    hit_area: QPainterPath  # what a click or a drop must fall in
    label: tuple[float, float] | None
    slots: tuple[tuple[float, float], ...]
    # Where stacks may stand (`pacific.board.layout.stack_spots`): x, y, clearance, ... flat,
    # nearest the label first.
    spots: array[float] = field(default_factory=lambda: array("f"))


Lines = tuple[QPainterPath, ...]


class DetailPaths:
    """One level of detail (`pacific.board.detail`): the simplified shapes (none for the full
    level: the regions' own) and the map's lines, each drawn once.

    The lines come in short pieces: Qt strokes many short paths far faster than one long one,
    and skips the pieces out of sight. A level read from the cache (``payload``, its block of
    the cache file) becomes paths when its shapes or lines are first asked for."""

    def __init__(self, tolerance: float, shapes: dict[str, QPainterPath] | None = None,
                 coast: Lines = (), land_borders: Lines = (), sea_borders: Lines = (),
                 payload: bytes | None = None) -> None:
        self.tolerance = tolerance  # scene units; 0 for the full shapes
        self._paths = (shapes or {}, coast, land_borders, sea_borders)
        self._payload = payload

    @property
    def read(self) -> bool:
        """Are the level's paths made (always, for a level not from the cache)?"""
        return self._payload is None

    def _read(self) -> tuple[dict[str, QPainterPath], Lines, Lines, Lines]:
        if self._payload is not None:
            self._paths = _decode_level(self._payload)
            self._payload = None
        return self._paths

    @property
    def shapes(self) -> dict[str, QPainterPath]:
        return self._read()[0]

    @property
    def coast(self) -> Lines:
        return self._read()[1]

    @property
    def land_borders(self) -> Lines:
        return self._read()[2]

    @property
    def sea_borders(self) -> Lines:
        return self._read()[3]


@dataclass(frozen=True)
class SceneGeometry:
    regions: dict[str, RegionPaths]
    scene_rect: tuple[float, float, float, float]
    credit: str
    detail: tuple[DetailPaths, ...] = ()  # coarsest first, the full level last
    # What the paths were made from: the geometry file's SHA-256 and this cache's format
    # ("" for paths made here from shapes); what is laid out over the map is kept under it
    # (`label_cache`).
    digest: str = ""

    def tolerances(self) -> tuple[float, ...]:
        """The simplified levels' tolerances (`pacific.board.detail.level_for`)."""
        return tuple(level.tolerance for level in self.detail[:-1])

    def level_shapes(self, rid: str) -> LevelShapes:
        """``rid``'s shape at each level of detail, coarsest first, its own shape last."""
        return LevelShapes(self.detail, rid, self.regions[rid].shape)


class LevelShapes(Sequence[QPainterPath]):
    """A region's shape at each level of detail (the full one last), each level read from the
    cache only when a zoom first paints it."""

    def __init__(self, detail: tuple[DetailPaths, ...], rid: str, full: QPainterPath) -> None:
        self._detail = detail
        self._rid = rid
        self._full = full

    def __len__(self) -> int:
        return len(self._detail)

    @overload
    def __getitem__(self, index: int) -> QPainterPath: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[QPainterPath]: ...

    def __getitem__(self, index: int | slice) -> QPainterPath | Sequence[QPainterPath]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        i = range(len(self))[index]  # (raises IndexError out of range)
        if i == len(self) - 1:
            return self._full
        return self._detail[i].shapes.get(self._rid, self._full)


def geometry_path(geom: BaseGeometry) -> QPainterPath:
    """A QPainterPath of a (multi)polygon with holes (odd-even fill)."""
    from shapely.geometry import MultiPolygon, Polygon

    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    if isinstance(geom, Polygon):
        polys = [geom]
    elif isinstance(geom, MultiPolygon):
        polys = list(geom.geoms)
    else:
        polys = [g for g in getattr(geom, "geoms", []) if isinstance(g, Polygon)]
    for poly in polys:
        for ring in (poly.exterior, *poly.interiors):
            coords = list(ring.coords)
            if len(coords) < 3:
                continue
            path.moveTo(coords[0][0], coords[0][1])
            for x, y in coords[1:]:
                path.lineTo(x, y)
            path.closeSubpath()
    return path


LINE_PIECE = 64  # points in a piece of line (`line_paths`)


def line_paths(geom: BaseGeometry) -> tuple[QPainterPath, ...]:
    """A (multi)line string as QPainterPaths of at most LINE_PIECE points each."""
    out = []
    lines = getattr(geom, "geoms", None)
    for line in (lines if lines is not None else [geom]):
        coords = list(getattr(line, "coords", []))
        for start in range(0, len(coords) - 1, LINE_PIECE - 1):
            piece = coords[start:start + LINE_PIECE]
            if len(piece) < 2:
                continue
            path = QPainterPath()
            path.moveTo(piece[0][0], piece[0][1])
            for x, y in piece[1:]:
                path.lineTo(x, y)
            if path.elementCount() > 1:  # (a tiny island's ring simplified to one point)
                out.append(path)
    return tuple(out)


def scene_geometry(geometry: MapGeometry) -> SceneGeometry:
    """Convert shapely regions (pacific.board.geometry) into Qt paths."""
    from pacific.board.detail import detail_levels
    from pacific.board.layout import map_stack_spots

    spots = map_stack_spots(geometry)
    regions = {}
    for rid, region in geometry.regions.items():
        flat = array("f", [v for spot in spots.get(rid, ()) for v in spot])
        shape = geometry_path(region.shape)
        outline = geometry_path(region.outline) if region.outline is not None else None
        hit = shape if region.outline is None else geometry_path(region.hit_area)
        regions[rid] = RegionPaths(rid, region.kind, shape, outline, hit, region.label,
                                   region.slots, flat)
    detail = tuple(
        DetailPaths(level.tolerance,
                    {rid: geometry_path(shape) for rid, shape in level.shapes.items()}
                    if level.tolerance else {},
                    line_paths(level.coast), line_paths(level.land_borders),
                    line_paths(level.sea_borders))
        for level in detail_levels(geometry))
    return SceneGeometry(regions, geometry.scene_rect, geometry.credit, detail)


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
    data = QByteArray()
    out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    out.writeQString(MAGIC)
    out.writeInt32(FORMAT)
    out.writeQString(digest)
    out.writeQString(geometry.credit)
    for value in geometry.scene_rect:
        out.writeDouble(value)
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
    out.writeInt32(len(geometry.detail))
    for level in geometry.detail:
        out.writeDouble(level.tolerance)
        out << _encode_level(level)
    return bytes(data.data())


def _encode_level(level: DetailPaths) -> QByteArray:
    """A level's block: read on its own, when the level is first painted."""
    data = QByteArray()
    out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    out.writeInt32(len(level.shapes))
    for rid, path in level.shapes.items():
        out.writeQString(rid)
        out << path
    for lines in (level.coast, level.land_borders, level.sea_borders):
        out.writeInt32(len(lines))
        for path in lines:
            out << path
    return data


def _decode_level(payload: bytes) -> tuple[dict[str, QPainterPath], Lines, Lines, Lines]:
    """The paths of a level's block (`_encode_level`); a damaged block gives what it holds
    up to the damage (its length was checked with the cache)."""
    buffer = QByteArray(payload)  # kept alive while the stream reads it
    stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
    shapes: dict[str, QPainterPath] = {}
    for _ in range(max(0, min(stream.readInt32(), 1 << 20))):
        if stream.status() != QDataStream.Status.Ok:
            break
        rid = stream.readQString()
        shapes[rid] = QPainterPath()
        stream >> shapes[rid]
    kinds: list[Lines] = []
    for _kind in range(3):
        pieces = [QPainterPath() for _ in range(max(0, min(stream.readInt32(), 1 << 20)))]
        for piece in pieces:
            stream >> piece
        kinds.append(tuple(pieces))
    return shapes, kinds[0], kinds[1], kinds[2]


def decode(blob: bytes, digest: str) -> SceneGeometry | None:
    """The cached geometry, or None when the blob is not a complete cache of ``digest``."""
    buffer = QByteArray(blob)  # kept alive while the stream reads it
    return _decode_stream(QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly), digest)


def decode_file(path: Path, digest: str) -> SceneGeometry | None:
    """The geometry cached in the file at ``path`` (as `decode`), or None when it cannot be
    read. Qt reads the file itself: the 7 MB of the Pacific map's cache are not copied into
    Python bytes and then into a Qt buffer before being read, two copies that cost about
    0.01 s of a start (docs/performance.md)."""
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        return None
    try:
        return _decode_stream(QDataStream(file), digest)
    finally:
        file.close()


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


def _decode_stream(stream: QDataStream, digest: str) -> SceneGeometry | None:
    if stream.readQString() != MAGIC or stream.readInt32() != FORMAT \
            or stream.readQString() != digest:
        return None
    credit = stream.readQString()
    x, y, w, h = (stream.readDouble() for _ in range(4))
    count = stream.readInt32()
    regions: dict[str, RegionPaths] = {}
    for _ in range(max(0, count)):
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
    detail = []
    for _ in range(max(0, stream.readInt32())):
        if stream.status() != QDataStream.Status.Ok:
            return None
        tolerance = stream.readDouble()
        block = _read_block(stream)
        if block is None:
            return None
        detail.append(DetailPaths(tolerance, payload=block))
    if stream.status() != QDataStream.Status.Ok or not stream.atEnd():
        return None
    return SceneGeometry(regions, (x, y, w, h), credit, tuple(detail), f"{digest}-v{FORMAT}")


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
    target = cache_file(Path(geometry_file), digest)
    cached = decode_file(target, digest)
    if cached is not None:
        return cached
    blob = read_shipped(shipped_file(Path(geometry_file)))
    shipped = decode(blob, digest) if blob is not None else None
    if blob is not None and shipped is not None:
        # (checked by `decode`: the next start reads it plainly)
        cache_writes.later(lambda: write_atomically(target, blob))
        return shipped
    from pacific.board.geometry import load_geometry

    built = scene_geometry(load_geometry(geometry_file))
    cache_writes.later(lambda: write_atomically(target, encode(built, digest)))
    return replace(built, digest=f"{digest}-v{FORMAT}")


def shipped_file(geometry_file: Path) -> Path:
    """Where the map of ``geometry_file`` ships its cache."""
    return geometry_file.parent / SHIPPED_NAME


def read_shipped(path: Path) -> bytes | None:
    """The cache shipped at ``path``, unpacked; None when there is none, or it is not one
    whole zlib stream of at most MAX_CACHE_BYTES (cut, padded, damaged or a bomb). What it holds
    is still to be checked (`decode`)."""
    try:
        packed = read_limited(path, what=N_("map geometry file"), max_bytes=MAX_GEOMETRY_BYTES)
    except JsonFileError:
        return None
    import zlib  # (only a first start unpacks)

    unpacker = zlib.decompressobj()
    try:
        blob = unpacker.decompress(packed, MAX_CACHE_BYTES + 1)
    except zlib.error:
        return None
    if not unpacker.eof or unpacker.unused_data or len(blob) > MAX_CACHE_BYTES:
        return None
    return blob


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
