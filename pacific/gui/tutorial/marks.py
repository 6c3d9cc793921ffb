"""The tutorial's marks on the map: the destination of a step outlined, the pieces to move
ringed. They are items of their own, apart from the drag's highlights (a drag clears those
when it ends, the tutorial's stay until the step changes), and they take no mouse clicks, so
that play goes on through them.

A ring is a child of the piece's item: it follows the piece when the layout moves it or a drag
carries it, and hides with it where the zoom shows one marker per nation (that marker is
ringed too). The pieces are drawn anew after every action (`PieceLayer.sync`): the tutorial
puts its rings back each time.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)
from shiboken6 import isValid

from pacific.gui.piece_items import MarkerItem

if TYPE_CHECKING:
    from pacific.gui.pieces import PieceLayer

# Magenta reads on every colour of the map (land, sea, kamikaze zones) and on the drag's
# yellow and orange highlights.
MARK = QColor("#e0199a")
Z_OUTLINE = 13.0   # over the drag's highlights (12), under the pieces (20)


class PieceRing(QGraphicsItem):
    """A ring around a piece's token, drawn as its child (the same size on screen at every
    zoom, like the piece)."""

    def __init__(self, piece: MarkerItem) -> None:
        # No Python reference to the piece is kept: the piece owns its ring, and is deleted
        # with it when the layer draws the pieces anew.
        super().__init__(piece)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def piece(self) -> MarkerItem | None:
        parent = self.parentItem()
        return parent if isinstance(parent, MarkerItem) else None

    def _around(self) -> QRectF:
        """The ellipse's box: around the token and its cargo icons, a little wider."""
        piece = self.piece()
        rect = piece.token_rect() if piece is not None else QRectF(-10, -10, 20, 20)
        dx, dy = rect.width() * 0.1 + 3, rect.height() * 0.1 + 3
        return rect.adjusted(-dx, -dy, dx, dy)

    def boundingRect(self) -> QRectF:
        return self._around().adjusted(-4, -4, 4, 4)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        around = self._around()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("white"), 5.0))
        painter.drawEllipse(around)
        painter.setPen(QPen(MARK, 3.0))
        painter.drawEllipse(around)


class MapMarks:
    """The outlines and rings of the current step, on ``scene``."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.outlines: dict[str, QGraphicsPathItem] = {}
        self.rings: list[PieceRing] = []

    def outline(self, spaces: dict[str, QPainterPath]) -> None:
        """Outline each space (its shape, in scene coordinates); the others lose theirs."""
        for space in [s for s in self.outlines if s not in spaces]:
            item = self.outlines.pop(space)
            if isValid(item):
                self.scene.removeItem(item)
        for space, path in spaces.items():
            if space in self.outlines:
                continue
            item = QGraphicsPathItem(path)
            pen = QPen(MARK, 4.0)
            pen.setCosmetic(True)
            pen.setStyle(Qt.PenStyle.DashLine)
            item.setPen(pen)
            fill = QColor(MARK)
            fill.setAlpha(45)
            item.setBrush(QBrush(fill))
            item.setZValue(Z_OUTLINE)
            item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.scene.addItem(item)
            self.outlines[space] = item

    def ring(self, pieces: Iterable[MarkerItem]) -> None:
        """Ring these piece items; every other ring goes."""
        self._drop_rings()
        self.rings = [PieceRing(piece) for piece in pieces if isValid(piece)]

    def ringed(self) -> list[MarkerItem]:
        """The piece items ringed now (for tests)."""
        return [piece for ring in self.rings if isValid(ring)
                if (piece := ring.piece()) is not None]

    def _drop_rings(self) -> None:
        for ring in self.rings:
            # A piece drawn anew took its ring with it: only live rings are removed (removing
            # a child item from the scene detaches it from its piece).
            if isValid(ring):
                ring.hide()
                if ring.scene() is not None:
                    self.scene.removeItem(ring)
        self.rings = []

    def clear(self) -> None:
        self.outline({})
        self._drop_rings()


def piece_items(pieces: PieceLayer, ids: Set[int]) -> list[MarkerItem]:
    """The items that show any of the units ``ids`` on the map (or carry them), the summary
    marker of their nation where the zoom shows one marker per nation, and the space's one
    marker where the zoom merges every nation's (Sea Zone 47's Indian and Australian ships at
    1024x700)."""
    wanted: list[MarkerItem] = []
    for key, item in pieces.items.items():
        # (cargo to unload is drawn on its ship: the ship is ringed)
        aboard = {i for cargo in item.cargo_ids.values() for i in cargo}
        if set(item.unit_ids) & ids or aboard & ids:
            wanted.append(item)
            for owner in (key.owner, None):
                summary = pieces.summaries.get((key.space, owner))
                if summary is not None and summary not in wanted:
                    wanted.append(summary)
    return wanted
