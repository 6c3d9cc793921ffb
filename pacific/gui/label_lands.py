"""Over whose land a name stands: a capital's name apart from its star, mostly over a
neighbour's land, reads as the neighbour's name (`label_search._astray`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

# A name's ink is asked where it lies at this many points across and down, evenly spread
POINTS = (8, 3)


def mostly_over(ink: QRectF, paths: Sequence[QPainterPath]) -> bool:
    """Do more than half of ``ink``'s points (`POINTS`) lie inside ``paths``?"""
    if not paths:
        return False
    across, down = POINTS
    total, over, asked = across * down, 0, 0
    for j in range(down):
        y = ink.top() + (j + 0.5) * ink.height() / down
        for i in range(across):
            asked += 1
            point = QPointF(ink.left() + (i + 0.5) * ink.width() / across, y)
            over += any(path.contains(point) for path in paths)
            if 2 * over > total:
                return True
            if 2 * (over + total - asked) <= total:
                return False
    return False


def astray(regions: Mapping[str, QGraphicsPathItem], rid: str,
           lands: Sequence[str]) -> Callable[[QRectF], bool]:
    """Does a name's ink (scene) stand mostly over the territories ``lands`` other than
    ``rid`` (their land: an island's, not its outline)?"""
    others = [(regions[t].boundingRect(), regions[t].path()) for t in lands if t != rid]

    def test(ink: QRectF) -> bool:
        return mostly_over(ink, [path for rect, path in others if rect.intersects(ink)])

    return test
