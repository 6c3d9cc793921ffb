"""The items a map is drawn with: a territory's or sea zone's fill, border, island outline
and highlight (`RegionItem`), the lines drawn once each at the zoom's level of detail
(`LinesItem`), the coastline (`CoastItem`). `MapScene` assembles them; the picture cache
(`picture_cache`) paints them into its tiles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyleOptionGraphicsItem, QWidget

from pacific.gui import map_style as style
from pacific.gui.geometry_cache import RegionPaths

HighlightKind = Literal["none", "legal", "illegal", "hover"]

Z_SEA, Z_LAND = 0.0, 1.0
DETAIL_PIXELS = 0.8  # the largest simplification, in pixels, a level of detail may show


def detail_index(tolerances: tuple[float, ...], painter: QPainter) -> int:
    """The level of detail to paint with through ``painter`` (`pacific.board.detail`): the
    coarsest whose simplification stays under DETAIL_PIXELS; len(tolerances): the full one."""
    scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
    for i, tolerance in enumerate(tolerances):
        if tolerance * scale <= DETAIL_PIXELS:
            return i
    return len(tolerances)


class LinesItem(QGraphicsItem):
    """Lines of the map drawn once each (the coast, the borders), at the level of detail of
    the zoom: ``levels`` coarsest first, the full lines last, each in short pieces of which
    only those in sight are stroked. A level's pieces are fetched when a zoom first paints it
    (the geometry cache reads a level when first asked); ``bounds`` holds them all."""

    def __init__(self, levels: Sequence[Callable[[], tuple[QPainterPath, ...]]],
                 tolerances: tuple[float, ...], pen: QPen, bounds: QRectF) -> None:
        super().__init__()
        self._levels = levels
        self._pieces: dict[int, list[tuple[QRectF, QPainterPath]]] = {}
        self.tolerances = tolerances
        self.pen = pen
        self._bounds = bounds.adjusted(-2, -2, 2, 2)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def pieces(self, level: int) -> list[tuple[QRectF, QPainterPath]]:
        """The pieces of ``level``'s lines with their extents."""
        pieces = self._pieces.get(level)
        if pieces is None:
            pieces = self._pieces[level] = [(path.boundingRect(), path)
                                            for path in self._levels[level]()]
        return pieces

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(self.pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        device = painter.device()
        sight = option.exposedRect
        if painter.hasClipping():  # a part of the map painted again: stroke only that part
            sight = painter.clipBoundingRect()
        elif device is not None:
            inverse, ok = painter.worldTransform().inverted()
            if ok:
                sight = inverse.mapRect(QRectF(0, 0, device.width(), device.height()))
        sight = sight.adjusted(-1, -1, 1, 1)
        for rect, path in self.pieces(detail_index(self.tolerances, painter)):
            if rect.intersects(sight):
                painter.drawPath(path)


class RegionItem(QGraphicsPathItem):
    """One territory or sea zone: its fill, border, island outline and highlight. With
    ``detail`` (its shape at each level of detail, the full one last) it paints the level of
    the zoom and leaves its border to the map's `LinesItem`s."""

    def __init__(self, region: RegionPaths, fill: QColor, is_sea: bool,
                 detail: Sequence[QPainterPath] | None = None,
                 tolerances: tuple[float, ...] = ()) -> None:
        super().__init__(region.shape)
        self._detail = detail
        self._tolerances = tolerances
        self.region_id = region.id
        self.is_sea = is_sea
        self.slots: tuple[QPointF, ...] = tuple(QPointF(x, y) for x, y in region.slots)
        self.spots = region.spots  # where its stacks may stand (`piece_layout`)
        self.label_point = QPointF(*region.label) if region.label else QPointF()
        self._outline_path = region.outline
        self._hit_path = region.hit_area
        self.highlight: HighlightKind = "none"
        self.setZValue(Z_SEA if is_sea else Z_LAND)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptHoverEvents(False)
        self.set_fill(fill)
        # The rulebook's white borders, for sea zones and land territories alike; the dark
        # coastline is drawn underneath by MapScene (see _draw_coast).
        border = style.SEA_BORDER if is_sea else style.LAND_BORDER
        pen = QPen(border, 1.2 if is_sea else 0.9)
        pen.setCosmetic(True)
        if is_sea:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)

    def set_fill(self, colour: QColor) -> None:
        self._fill = QColor(colour)
        self.setBrush(QBrush(self._fill))
        self.update()

    def fill(self) -> QColor:
        return QColor(self._fill)

    def set_highlight(self, kind: HighlightKind) -> None:
        """Tint the region: "legal", "illegal", "hover" or "none".

        Raises:
            ValueError: for an unknown kind.
        """
        if kind not in style.HIGHLIGHTS:
            raise ValueError(f"unknown highlight {kind!r}")
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    @property
    def ringed(self) -> bool:
        """Is it an island group inside its encircling outline (mostly water)?"""
        return self._outline_path is not None

    def shape(self) -> QPainterPath:  # hit-testing: the island outline counts
        return self._hit_path

    def boundingRect(self) -> QRectF:
        return self._hit_path.boundingRect().adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self._outline_path is not None:
            # The encircling outline of an island group: clickable and visible at any zoom.
            # R-SETUP-10: an island territory is ringed by a white line.
            ring = QPen(style.ISLAND_RING, 1.0)
            ring.setCosmetic(True)
            painter.setPen(ring)
            # A wash of the owner's colour: reads as the owner's at a glance (brown for the
            # Japanese mandates, blue for Wake) while the real islands stay visible on it.
            tint = QColor(self._fill)
            tint.setAlpha(170)
            painter.setBrush(QBrush(tint))
            painter.drawPath(self._outline_path)
        if self._detail is None:
            painter.setPen(self.pen())
            painter.setBrush(self.brush())
            painter.drawPath(self.path())
        elif not self.is_sea or self._fill != style.SEA:
            # (open sea is the picture's own colour: MapScene's background)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.brush())
            # Filled without antialiasing (a third of the cost): the edge's pixel lies under
            # the antialiased coast, border or island ring the map strokes over it.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.drawPath(self._detail[detail_index(self._tolerances, painter)])
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colour = style.HIGHLIGHTS[self.highlight]
        if colour is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(colour))
            painter.drawPath(self._hit_path)


class CoastItem(QGraphicsItem):
    """The coastline: every territory's outline stroked in the dark coast colour.

    Each path is stroked on its own: stroking all of them merged into one path took Qt's
    rasterizer half a second at fit-to-window zoom, one by one it takes a few tens of ms.
    """

    def __init__(self, paths: list[QPainterPath]) -> None:
        super().__init__()
        self.paths = paths
        self._bounds = QRectF()
        for path in paths:
            self._bounds = self._bounds.united(path.boundingRect())
        self._bounds.adjust(-2, -2, 2, 2)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(style.COAST, 2.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for path in self.paths:
            painter.drawPath(path)
