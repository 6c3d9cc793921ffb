"""Unit icons: one SVG per unit type under the top-level ``resources/icons``
(found by `pacific.gui.resource_files`), tinted in a nation's colour.

The SVG files paint their body with the placeholder colour ``#C0FFEE``; `unit_pixmap` swaps it
for the nation's piece colour and renders once per (type, nation, size), then serves the cache.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QByteArray, QPoint, QRectF, Qt
from PySide6.QtGui import QDrag, QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from pacific.gui.palette import PIECE_COLOURS
from pacific.gui.resource_files import resource_path
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

PLACEHOLDER = "#C0FFEE"


@cache
def svg_text(unit_type: UnitType) -> str:
    """The SVG source of a unit type's icon.

    Raises:
        FileNotFoundError: the program was installed without its resources.
    """
    return resource_path("icons", f"{unit_type.value}.svg").read_text(encoding="utf-8")


@cache
def _renderer(unit_type: UnitType, nation: Nation | None) -> QSvgRenderer:
    colour = PIECE_COLOURS[nation] if nation is not None else "#7a7a7a"
    data = svg_text(unit_type).replace(PLACEHOLDER, colour)
    return QSvgRenderer(QByteArray(data.encode("utf-8")))


def paint_unit(painter: QPainter, rect: QRectF, unit_type: UnitType,
               nation: Nation | None) -> None:
    """Draw a unit's icon into ``rect`` (vector: sharp at every zoom)."""
    _renderer(unit_type, nation).render(painter, rect)


@cache
def unit_pixmap(unit_type: UnitType, nation: Nation | None, size: int = 32) -> QPixmap:
    """The icon as a pixmap, for dialogs, trays and buttons."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_unit(painter, QRectF(0, 0, size, size), unit_type, nation)
    painter.end()
    return pixmap


def set_drag_unit(drag: QDrag, unit_type: UnitType, nation: Nation | None,
                  size: int = 40) -> None:
    """Show the unit on ``drag``, held by its centre: the drop lands under the pointer, so the
    picture the player aims with must stand there (held by its corner, a ship aimed at a sea
    zone's edge fell on the land beside it)."""
    drag.setPixmap(unit_pixmap(unit_type, nation, size))
    drag.setHotSpot(QPoint(size // 2, size // 2))


def unit_icon(unit_type: UnitType, nation: Nation | None) -> QIcon:
    return QIcon(unit_pixmap(unit_type, nation, 48))


def clear_caches() -> None:
    """Drop the cached renderers and pixmaps. Call it before the QApplication goes: Qt objects
    that outlive it crash the interpreter's finalization."""
    _renderer.cache_clear()
    unit_pixmap.cache_clear()
