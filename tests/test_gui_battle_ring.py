"""A battle marker drawn as a ring round a space's stack (no room beside the name) leaves the
stack's count readable: the ring passes through the count's badge, which must stay on top."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from pacific.gui.piece_items import SummaryItem
from pacific.gui.scene import BattleMarker
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType

SIZE = 28.0


def test_the_ring_round_a_contested_marker_leaves_its_count_on_top(qtbot: QtBot) -> None:
    """Kwangsi at 1024x700 four steps in: Japan's seven units and China's infantry as one
    marker, ringed in red for the battle; the ring crossed the badge and hid its 7."""
    units = [Unit(id=i, type=UnitType.ARTILLERY, owner=Nation.JAPAN, space="kwangsi")
             for i in range(6)] + [Unit(id=9, type=UnitType.INFANTRY, owner=Nation.CHINA,
                                        space="kwangsi")]
    scene = QGraphicsScene()
    marker = SummaryItem("kwangsi", None, units, SIZE, "")
    scene.addItem(marker)
    ring = BattleMarker("kwangsi", QPointF(0, 0))
    half = SIZE * 0.62 + 3   # (as the scene rings a stack: round the token and its count)
    ring.frame = QRectF(-half, -half, 2 * half, 2 * half)
    ring.ring = True
    scene.addItem(ring)
    scene.setSceneRect(QRectF(-40, -40, 80, 80))
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    badge = SummaryItem.badge_rect(SIZE, 7).translated(40, 40)
    # The ring's red across the badge's box, left of its digit: the badge's dark fill there.
    reds = [(x, y) for x in range(int(badge.left()) + 2, int(badge.right()) - 1)
            for y in range(int(badge.top()) + 2, int(badge.bottom()) - 1)
            if (c := image.pixelColor(x, y)).red() > 140 and c.green() < 90]
    assert reds == []
