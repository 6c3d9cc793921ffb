"""Over whose land a name stands: a territory's name standing over a neighbour's land by
more than `SPILL` of its box reads as the neighbour's name (`label_search._astray`); one
whose anchor lies on its own land, by more than `SPILL_ON_LAND`."""

from __future__ import annotations

import math
import operator
import sys
from array import array
from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from pacific.gui import lands_cache
from pacific.gui.geometry_paths import SceneGeometry

# The share of a name's box that may stand over other territories' land: the box holds the
# name's lines, value and symbols with their margins; a tenth of it over a border is a
# letter's edge, more a word across the neighbour. A name on its own land (its anchor there)
# may reach further across a border, to a quarter: a province smaller than its name is
# named where the most of it is its own.
SPILL = 0.1
SPILL_ON_LAND = 0.25
# The picture of the land: scene units a pixel (about one of the window at the zooms where
# the names are laid out); a pixel's shade is its territory's (0: none), that shade and
# NEAR where one other territory's land may cover part of it, EDGE where two or more may
CELL = 3.0
NEAR = 0x80
EDGE = 0xFF
KNOWN_BOXES = 100_000  # names' boxes whose answers are kept (`Lands.astray`)
_NATIVE = QDataStream.ByteOrder.LittleEndian if sys.byteorder == "little" else \
    QDataStream.ByteOrder.BigEndian


def area(path: QPainterPath) -> float:
    """The area ``path`` fills (its polygons', by the shoelace formula)."""
    total = 0.0
    for polygon in path.toFillPolygons():
        # (the points' coordinates read at once, as the polygon's bytes: a point's x() and
        # y() asked one by one cost more than the sum)
        raw = QByteArray()
        stream = QDataStream(raw, QIODevice.OpenModeFlag.WriteOnly)
        stream.setByteOrder(_NATIVE)  # (as `array` reads them)
        stream << polygon  # (its count, then each point's x and y as doubles)
        flat = array("d", raw.data()[4:])
        xs, ys = flat[0::2], flat[1::2]
        total += abs(sum(ax * by - bx * ay for ax, ay, bx, by in zip(
            xs, ys, xs[1:] + xs[:1], ys[1:] + ys[:1], strict=True))) / 2
    return total


def over(ink: QRectF, paths: Sequence[QPainterPath], share: float = SPILL) -> bool:
    """Do ``paths`` (apart from one another) cover more than ``share`` of ``ink``?"""
    box = QPainterPath()
    box.addRect(ink)
    most, covered = share * ink.width() * ink.height(), 0.0
    for path in paths:
        covered += area(path.intersected(box))
        if covered > most:
            return True
    return False


class Lands:
    """Which territory's land covers how much of a name's box: a picture of the land drawn
    once per map when first asked (`CELL` scene units a pixel, each territory in its own
    shade, `NEAR` and `EDGE` where an outline may cross a pixel), its pixels counted per
    box; a box whose count is too near the share to tell is measured from the paths
    (`over`). With the ``geometry`` the paths come from, the picture is read from the cache
    folder or its map's folder where one was kept or shipped (`lands_cache`), and kept there
    once drawn."""

    def __init__(self, regions: Mapping[str, QGraphicsPathItem], lands: Sequence[str],
                 geometry: SceneGeometry | None = None) -> None:
        self.regions = regions
        self.lands = tuple(lands)
        self.digest = geometry.digest if geometry is not None else ""
        self.folder = geometry.folder if geometry is not None else None
        self.paths = {t: regions[t].path() for t in lands}
        self.rects = {t: regions[t].boundingRect() for t in lands}
        # (the lands by name, each with its extent: those a box may reach, found in turn)
        self.sorted = [(t, self.rects[t], self.paths[t]) for t in sorted(self.paths)]
        extent = QRectF()
        for rect in self.rects.values():
            extent = extent.united(rect)
        self.extent = extent
        self.shade = {t: n for n, t in enumerate(lands, 1)}
        assert len(self.shade) < NEAR
        self.x0 = self.y0 = 0.0
        self.width = self.height = self.stride = 0
        self.pixels = b""  # (drawn when first asked: a start whose layout is kept draws none)
        # (a territory's name's boxes asked: over other land?)
        self.answers: dict[tuple[str, float, float, float, float, float], bool] = {}

    def key(self) -> bytes | None:
        """What the picture is drawn from, as `lands_cache` keeps it (None: not told)."""
        e = self.extent
        return lands_cache.picture_key(self.digest, self.lands,
                                       (e.x(), e.y(), e.width(), e.height()), CELL)

    def _draw(self) -> None:
        """The picture of the land (`CELL` scene units a pixel, a margin of one): the one
        kept or shipped when there is one, else drawn (`drawn`) and kept."""
        extent = self.extent
        self.x0, self.y0 = extent.left() - CELL, extent.top() - CELL
        key = self.key()
        picture = None if key is None else lands_cache.load(key, self.folder)
        if picture is None or picture[:2] != self._size():
            picture = self.drawn()
            if key is not None:
                lands_cache.keep(key, picture)
        self.width, self.height, self.stride, self.pixels = picture

    def _size(self) -> tuple[int, int]:
        return int(self.extent.width() / CELL) + 3, int(self.extent.height() / CELL) + 3

    def drawn(self) -> lands_cache.Picture:
        """The picture drawn afresh: its width, height, bytes a row and pixels."""
        width, height = self._size()
        picture = QImage(width, height, QImage.Format.Format_Grayscale8)
        picture.fill(0)
        painter = QPainter(picture)
        painter.scale(1 / CELL, 1 / CELL)
        painter.translate(-(self.extent.left() - CELL), -(self.extent.top() - CELL))
        for t, path in self.paths.items():
            painter.fillPath(path, QColor(self.shade[t], self.shade[t], self.shade[t]))
        painter.end()
        stride = picture.bytesPerLine()
        pixels = bytearray(picture.constBits())
        if stride > width:
            # (the bytes that pad each row are not filled by Qt: left as they were, whatever
            # the memory held, they would mark the pixels beside them at random)
            blank = bytes(stride - width)
            for row in range(1, height + 1):
                pixels[row * stride - len(blank):row * stride] = blank
        return width, height, stride, _classified(bytes(pixels), stride)

    def forget(self) -> None:
        """Forget the boxes' answers (as a new start knows none)."""
        self.answers.clear()

    def told(self, own: int, ink: QRectF, most: float) -> bool | None:
        """Do the pixels tell that other land than ``own``'s covers more than ``most`` of
        ``ink`` (scene units squared)? True: the pixels wholly on other land do, by the share
        of each it covers; False: not even the pixels that may be on other land; None: they
        cannot tell."""
        if not self.pixels:
            self._draw()
        x0, y0, cell = self.x0, self.y0, CELL
        most /= cell * cell
        u0, u1 = (ink.left() - x0) / cell, (ink.right() - x0) / cell
        v0, v1 = (ink.top() - y0) / cell, (ink.bottom() - y0) / cell
        pixels, stride, near = self.pixels, self.stride, own | NEAR
        # (the pixels deleted from a row leave those that may be on other land; and those
        # wholly on it)
        mine, theirs = bytes((0, own, near)), bytes((0, own)) + _NEAR
        # (wholly inside: whole pixels; a box mostly over a neighbour is told in a few rows)
        a0, a1 = max(math.ceil(u0), 0), min(math.floor(u1), self.width)
        if a0 < a1:
            sure = 0
            for row in range(max(math.ceil(v0), 0), min(math.floor(v1), self.height)):
                sure += len(pixels[row * stride + a0:row * stride + a1].translate(None, theirs))
                if sure > most:
                    return True
        # (touching: every pixel the box reaches, by the share of it the box covers)
        if a0 > a1:
            return None  # (narrower than a pixel)
        ends = [(c, a0 - u0) for c in (a0 - 1,) if c >= 0 and a0 > u0] + \
            [(c, u1 - a1) for c in (a1,) if c < self.width and u1 > a1]
        rows = range(max(math.floor(v0), 0), min(math.ceil(v1), self.height))
        maybe = 0.0
        for row in rows:
            start = row * stride
            other: float = len(pixels[start + a0:start + a1].translate(None, mine))
            for c, share in ends:
                if pixels[start + c] not in (0, own, near):
                    other += share
            maybe += other * (min(row + 1, v1) - max(row, v0))
            if maybe > most:
                break  # (then not False: the rows left add to it, never take from it)
        if maybe <= most:
            return False
        # (the pixels wholly on other land again, now with those it partly covers)
        least = 0.0
        for row in rows:
            start = row * stride
            whole: float = len(pixels[start + a0:start + a1].translate(None, theirs))
            for c, share in ends:
                if pixels[start + c] not in (0, own) and pixels[start + c] < NEAR:
                    whole += share
            least += whole * (min(row + 1, v1) - max(row, v0))
            if least > most:
                return True
        return None

    def sea(self, ink: QRectF) -> bool:
        """May a pixel of the picture in ``ink`` (scene) be off every territory's land?
        (Beyond the picture: yes.)"""
        if not self.pixels:
            self._draw()
        x0, y0, cell = self.x0, self.y0, CELL
        c0, c1 = math.floor((ink.left() - x0) / cell), math.ceil((ink.right() - x0) / cell)
        d0, d1 = math.floor((ink.top() - y0) / cell), math.ceil((ink.bottom() - y0) / cell)
        if c0 < 0 or d0 < 0 or c1 > self.width or d1 > self.height:
            return True
        pixels, stride = self.pixels, self.stride
        return any(len(line.translate(None, _SEA)) < len(line) for line in (
            pixels[row * stride + c0:row * stride + c1] for row in range(d0, d1)))

    def astray(self, rid: str) -> Callable[[QRectF, float], bool]:
        """Does a name's box (scene) stand over other territories' land than ``rid``'s by
        more than a share of it? Told by the picture's pixels, else measured."""
        own, lands, known = self.shade[rid], self.sorted, self.answers

        def test(ink: QRectF, share: float) -> bool:
            # (the layout asks a box again in its later rounds)
            key = (rid, round(ink.left(), 3), round(ink.top(), 3), round(ink.right(), 3),
                   round(ink.bottom(), 3), share)
            answer = known.get(key)
            if answer is None:
                if len(known) >= KNOWN_BOXES:
                    known.clear()
                answer = known[key] = measured(ink, share)
            return answer

        def measured(ink: QRectF, share: float) -> bool:
            told = self.told(own, ink, share * ink.width() * ink.height())
            if told is not None:
                return told
            return over(ink, [path for t, rect, path in lands if t != rid
                              and rect.intersects(ink) and path.intersects(ink)], share)

        return test


def _classified(pixels: bytes, stride: int) -> bytes:
    """``pixels`` (a picture's, ``stride`` bytes a row, a territory's shade each) where a
    pixel with another shade among the eight around it may be partly the other's (an
    outline crossing a pixel leaves a piece of it to the other side, which holds the centre
    of a pixel around it, unless the piece is less than a pixel across): there, ``NEAR``
    with the one territory's shade among them, or `EDGE` with two or more. (On the picture
    as one number, a byte a pixel: a few passes over it, not one a pixel.)"""
    size, row = len(pixels), 8 * stride
    mask = (1 << 8 * size) - 1

    def around(whole: int, join: Callable[[int, int], int]) -> int:
        # (the nine pixels around each: the row's three, then the column's three of those)
        across = join(join(whole, whole >> 8), (whole << 8) & mask)
        return join(join(across, across >> row), (across << row) & mask)

    def marks(whole: int, table: bytes) -> int:
        return int.from_bytes(whole.to_bytes(size, "little").translate(table), "little")

    whole = int.from_bytes(pixels, "little")
    most, least = around(whole, operator.or_), around(whole, operator.and_)
    # (the lands' shades alone joined: the sea's pixels as 255)
    least_land = around(int.from_bytes(pixels.translate(_SEA_UP), "little"), operator.and_)
    # (with land around, ``least_land``'s bits are among ``most``'s, and so are those of
    # ``most ^ least_land``; with none, ``least_land`` is 255 and ``most`` 0: ``& most``
    # leaves no edge there, in one pass)
    return (most | marks(most ^ least, _NEAR_MARK)
            | marks((most ^ least_land) & most, _ALL)).to_bytes(size, "little")


# (shades as bytes: a pixel near another's land, any byte; near two or more, all of them;
# the sea, raised above every shade; bytes deleted from a row before counting)
_NEAR_MARK = bytes([0] + [NEAR] * 255)
_ALL = bytes([0] + [EDGE] * 255)
_SEA_UP = bytes([EDGE]) + bytes(range(1, 256))
_NEAR = bytes(range(NEAR, 256))
_SEA = bytes([0]) + bytes(range(NEAR, EDGE))


def lands_of(regions: Mapping[str, QGraphicsPathItem], lands: Sequence[str],
             geometry: SceneGeometry | None = None) -> Lands:
    """The `Lands` of ``regions`` (the last scene's, kept while its regions are the same),
    whose paths come from ``geometry``."""
    global _last
    if _last is None or _last.regions is not regions:
        _last = Lands(regions, lands, geometry)
    return _last


_last: Lands | None = None


def astray(regions: Mapping[str, QGraphicsPathItem], rid: str,
           lands: Sequence[str]) -> Callable[[QRectF, float], bool]:
    """Does a name's box (scene) stand over the territories ``lands`` other than ``rid``
    (their land: an island's, not its outline) by more than a share of it?"""
    return lands_of(regions, lands).astray(rid)
