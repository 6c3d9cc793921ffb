"""Colours, fonts and symbol painters of the map (the board's look, R-SETUP-11)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from pacific.rules.nations import Nation

# R-SETUP-11: China beige, Japan brown, India dark green, Australia light green, the Dutch
# East Indies light violet, the USA blue, impassable territories grey.
NATION_COLOURS: dict[Nation, QColor] = {
    Nation.CHINA: QColor("#dcc79b"),
    Nation.JAPAN: QColor("#a8764a"),
    Nation.INDIA: QColor("#4f7a45"),
    Nation.AUSTRALIA: QColor("#a9cf83"),
    Nation.USA: QColor("#7c9fd3"),
}
DUTCH_EAST_INDIES = QColor("#c7b6e2")
IMPASSABLE = QColor("#9c9c98")
NEUTRAL_LAND = QColor("#e2dccb")
SEA = QColor("#a8cde6")
SEA_KAMIKAZE = QColor("#a3c3e3")
SEA_BORDER = QColor(255, 255, 255, 150)
COAST = QColor("#4a5a66")
LAND_BORDER = QColor(255, 255, 255, 200)
ISLAND_RING = QColor(255, 255, 255, 230)
TEXT = QColor("#1d1d1d")
HALO = QColor(255, 255, 255, 215)
HIGHLIGHTS: dict[str, QColor | None] = {
    "none": None,
    "legal": QColor(255, 235, 60, 120),
    "illegal": QColor(220, 40, 40, 90),
    "hover": QColor(255, 255, 255, 90),
}

# Short emblems drawn in roundels (the board's nation symbols, in text form).
EMBLEMS: dict[Nation, str] = {
    Nation.JAPAN: "J",
    Nation.INDIA: "I",
    Nation.AUSTRALIA: "A",
    Nation.USA: "U",
    Nation.CHINA: "C",
}


def label_font(size: float, bold: bool = False) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    return font


# The halo is the text drawn in white at these offsets (a 1.5 px ring) under the black text:
# it looks like a stroked outline and costs a tenth of stroking the text as a path, which
# matters at start, when every label is painted once.
_HALO_OFFSETS = tuple(QPointF(1.5 * math.cos(2 * math.pi * k / 12),
                              1.5 * math.sin(2 * math.pi * k / 12)) for k in range(12))


def draw_halo_text(painter: QPainter, centre: QPointF, text: str, font: QFont) -> QRectF:
    """Text centred on ``centre`` with a white halo so it reads on any colour."""
    painter.setFont(font)
    metrics = painter.fontMetrics()
    rect = metrics.boundingRect(text)
    box = QRectF(centre.x() - rect.width() / 2 - 2, centre.y() - rect.height() / 2,
                 rect.width() + 4, rect.height())
    baseline = QPointF(box.left() + 2, box.top() + metrics.ascent())
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(HALO)
    for offset in _HALO_OFFSETS:
        painter.drawText(baseline + offset, text)
    painter.setPen(TEXT)
    painter.drawText(baseline, text)
    return box


def draw_roundel(painter: QPainter, centre: QPointF, radius: float, nation: Nation) -> None:
    """A nation's control marker: a disc in its colour with its emblem letter."""
    painter.setPen(QPen(QColor("white"), 1.2))
    painter.setBrush(QBrush(NATION_COLOURS[nation].darker(115)))
    painter.drawEllipse(centre, radius, radius)
    font = label_font(radius * 1.3, bold=True)
    painter.setFont(font)
    painter.setPen(QPen(QColor("white")))
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius),
                     Qt.AlignmentFlag.AlignCenter, EMBLEMS[nation])


def draw_star(painter: QPainter, centre: QPointF, radius: float) -> None:
    """The capital's star."""
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(QPointF(centre.x() + r * math.cos(a), centre.y() + r * math.sin(a)))
    painter.setPen(QPen(QColor("#5a3d00"), 1))
    painter.setBrush(QBrush(QColor("#ffd23f")))
    painter.drawPolygon(QPolygonF(pts))


def draw_anchor(painter: QPainter, centre: QPointF, size: float) -> None:
    """Naval base: an anchor in a white disc."""
    painter.setPen(QPen(QColor("#123"), 1))
    painter.setBrush(QBrush(QColor("white")))
    painter.drawEllipse(centre, size, size)
    pen = QPen(QColor("#1b3b6f"), max(1.0, size / 5))
    painter.setPen(pen)
    x, y, s = centre.x(), centre.y(), size * 0.7
    painter.drawLine(QPointF(x, y - s), QPointF(x, y + s))
    painter.drawLine(QPointF(x - s * 0.5, y - s * 0.45), QPointF(x + s * 0.5, y - s * 0.45))
    painter.drawArc(QRectF(x - s, y - s * 0.2, 2 * s, 1.2 * s), 180 * 16, 180 * 16)


def draw_plane(painter: QPainter, centre: QPointF, size: float) -> None:
    """Air base: a plane silhouette in a white disc."""
    painter.setPen(QPen(QColor("#123"), 1))
    painter.setBrush(QBrush(QColor("white")))
    painter.drawEllipse(centre, size, size)
    x, y, s = centre.x(), centre.y(), size * 0.75
    pen = QPen(QColor("#6b1b1b"), max(1.0, size / 4), Qt.PenStyle.SolidLine,
               Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.drawLine(QPointF(x, y - s), QPointF(x, y + s))
    painter.drawLine(QPointF(x - s, y - s * 0.1), QPointF(x + s, y - s * 0.1))
    painter.drawLine(QPointF(x - s * 0.4, y + s * 0.8), QPointF(x + s * 0.4, y + s * 0.8))


def draw_kamikaze(painter: QPainter, centre: QPointF, size: float) -> None:
    """Kamikaze zone: a faded rising sun (R-KAMI-2)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(200, 30, 30, 110)))
    for i in range(8):
        a = i * math.pi / 4
        p1 = QPointF(centre.x() + size * 1.6 * math.cos(a - 0.18),
                     centre.y() + size * 1.6 * math.sin(a - 0.18))
        p2 = QPointF(centre.x() + size * 1.6 * math.cos(a + 0.18),
                     centre.y() + size * 1.6 * math.sin(a + 0.18))
        painter.drawPolygon(QPolygonF([centre, p1, p2]))
    painter.setBrush(QBrush(QColor(200, 30, 30, 170)))
    painter.drawEllipse(centre, size * 0.7, size * 0.7)


def draw_convoy_centre(painter: QPainter, centre: QPointF, size: float, ipc: int,
                       holder: Nation | None) -> None:
    """Convoy centre: a ship's wheel-like ring with its IPC value (R-CONVOY-2)."""
    painter.setPen(QPen(QColor("#17324d"), 2))
    painter.setBrush(QBrush(QColor("#f4e7b5") if holder is None else NATION_COLOURS[holder]))
    painter.drawEllipse(centre, size, size)
    for i in range(8):
        a = i * math.pi / 4
        painter.drawLine(QPointF(centre.x() + size * math.cos(a), centre.y() + size * math.sin(a)),
                         QPointF(centre.x() + size * 1.35 * math.cos(a),
                                 centre.y() + size * 1.35 * math.sin(a)))
    painter.setFont(label_font(size * 1.1, bold=True))
    painter.setPen(QPen(QColor("#17324d")))
    painter.drawText(QRectF(centre.x() - size, centre.y() - size, 2 * size, 2 * size),
                     Qt.AlignmentFlag.AlignCenter, str(ipc))


def draw_convoy_route(painter: QPainter, centre: QPointF, size: float, nation: Nation) -> None:
    """Convoy route: a small freighter in the colour of the nation it feeds (R-CONVOY-1)."""
    painter.setPen(QPen(QColor("#17324d"), 1))
    painter.setBrush(QBrush(NATION_COLOURS[nation]))
    hull = QPolygonF([
        QPointF(centre.x() - size * 1.3, centre.y() - size * 0.1),
        QPointF(centre.x() + size * 1.3, centre.y() - size * 0.1),
        QPointF(centre.x() + size * 0.9, centre.y() + size * 0.6),
        QPointF(centre.x() - size * 0.9, centre.y() + size * 0.6),
    ])
    painter.drawPolygon(hull)
    painter.drawRect(QRectF(centre.x() - size * 0.5, centre.y() - size * 0.7, size, size * 0.6))
