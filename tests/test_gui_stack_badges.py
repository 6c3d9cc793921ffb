"""A stack's count is read whole at every size a piece is drawn at: its badge's box, wider
than the token for two and three digits, is painted whole, with every digit inside it
(Szechwan's "19" at 1024×700 showed its "1" and half its "9")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from pacific.gui.palette import contrast
from pacific.gui.piece_items import MarkerItem, StackItem, SummaryItem
from pacific.gui.pieces import MAX_PIXELS, MIN_PIXELS, SQUEEZED_PIXELS
from pacific.gui.stacks import StackKey
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType

SIDE = 160
SEA = QColor("#a8cde6")


def render(item: MarkerItem) -> QImage:
    """``item`` drawn as the map draws it (its picture, at one pixel a pixel), centred."""
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(SIDE, SIDE, QImage.Format.Format_ARGB32)
    image.fill(SEA)
    painter = QPainter(image)
    half = SIDE / 2
    scene.render(painter, QRectF(0, 0, SIDE, SIDE), QRectF(-half, -half, SIDE, SIDE))
    painter.end()
    scene.removeItem(item)
    return image


def items(count: int, size: float) -> list[MarkerItem]:
    units = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.CHINA, space="szechwan")
             for i in range(1, count + 1)]
    return [StackItem(StackKey("szechwan", UnitType.INFANTRY, Nation.CHINA), units, [], size,
                      ""),
            SummaryItem("szechwan", Nation.CHINA, units, size, "")]


@pytest.mark.parametrize("size", [SQUEEZED_PIXELS, MIN_PIXELS, 22.0, 31.0, MAX_PIXELS])
@pytest.mark.parametrize("count", [19, 88, 100, 188])
def test_a_badge_shows_its_whole_number(qtbot: QtBot, size: float, count: int) -> None:
    for item in items(count, size):
        badge = item.badge_rect(size, count)
        assert item.boundingRect().adjusted(-0.01, -0.01, 0.01, 0.01).contains(badge), \
            type(item).__name__
        font = QFontMetricsF(_font_of(item, size, count))
        assert font.horizontalAdvance(str(count)) <= badge.width() - 2
        image = render(item)
        box = badge.translated(SIDE / 2, SIDE / 2)
        # the box's right end is painted, not cut off (the sea showed through)
        edge = image.pixelColor(int(box.right() - 2), int(box.center().y()))
        assert contrast(edge, SEA) >= 1.5, (type(item).__name__, edge.name())
        # and the last digit's white ink is there, right of the box's middle
        row = int(box.center().y())
        lit = [x for x in range(int(box.center().x()), int(box.right()))
               if image.pixelColor(x, row).lightness() > 200]
        assert lit, type(item).__name__


def _font_of(item: MarkerItem, size: float, count: int):  # type: ignore[no-untyped-def]
    """The font the badge is painted in (read back from a painter)."""
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    item.paint_badge(painter, size, count, QColor("black"))
    font = painter.font()
    painter.end()
    return font
