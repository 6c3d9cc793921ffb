"""The map's geometry as Qt paths: each region's shapes, and the levels of detail, each a
block of the cache (`geometry_cache`) made into paths when a zoom first paints it."""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, overload

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, Qt
from PySide6.QtGui import QPainterPath

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from pacific.board.geometry import MapGeometry


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
    and skips the pieces out of sight. A level read from the cache (``payload``: a function
    giving its block of the cache, read or unpacked only then) becomes paths when its shapes
    or lines are first asked for; a block that is not the one written (its Adler-32, ``check``)
    gives an empty level (the regions' own shapes, no lines)."""

    def __init__(self, tolerance: float, shapes: dict[str, QPainterPath] | None = None,
                 coast: Lines = (), land_borders: Lines = (), sea_borders: Lines = (),
                 payload: Callable[[], bytes | None] | None = None, check: int = 0) -> None:
        self.tolerance = tolerance  # scene units; 0 for the full shapes
        self._paths = (shapes or {}, coast, land_borders, sea_borders)
        self._payload = payload
        self._check = check

    @property
    def read(self) -> bool:
        """Are the level's paths made (always, for a level not from the cache)?"""
        return self._payload is None

    def _read(self) -> tuple[dict[str, QPainterPath], Lines, Lines, Lines]:
        if self._payload is not None:
            block = self._payload()
            self._payload = None
            if block is not None and zlib.adler32(block) == self._check:
                self._paths = _decode_level(block)
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
    # The folder of the geometry file they were made from, where the map ships what is drawn
    # from them (`lands_cache`); None when not read from a file.
    folder: Path | None = None

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
    up to the damage."""
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
