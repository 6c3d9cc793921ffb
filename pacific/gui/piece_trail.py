"""Where a dropped stack went, when that is far from the drop: a line from the drop to the
stack it joined and a ring round that stack, fading out in a second and a half.

A moved unit joins its kind's stack in the space it enters (one stack per kind and owner), and
that stack keeps its place: a sea zone that wraps round an island (Sea Zone 36 round Japan) has
its stacks' places far from some of its water. Moving the stack to the drop instead would make
its other units jump, and a player tracks stacks by their places; so the stack stays and the
trail shows the way to it."""

from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QLineF, QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from pacific.gui.piece_items import StackItem, SummaryItem

TRAIL_MS = 1500
# A stack standing farther than this many of its own sizes from the drop (on screen) gets a
# trail; nearer, the player sees it arrive where they let go.
FAR = 1.5
TRAIL_COLOUR = QColor("#ffdd33")


def landed(scene: QGraphicsScene, space: str, units: tuple[int, ...]
           ) -> StackItem | SummaryItem | None:
    """The marker shown that now holds ``units`` in ``space``: their stack (or the ship they
    are aboard), or the merged marker of the space."""
    wanted = set(units)
    summary = None
    for item in scene.items():
        if not item.isVisible():
            continue
        if isinstance(item, StackItem) and item.key.space == space:
            held = set(item.unit_ids).union(*item.cargo_ids.values())
            if held & wanted:
                return item
        elif isinstance(item, SummaryItem) and item.space == space:
            summary = item
    return summary


class DropTrail:
    """At most one trail on a scene at a time (`show` replaces the one showing)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.item: QGraphicsPathItem | None = None
        self._anim: QVariantAnimation | None = None

    def show(self, drop: QPointF, space: str, units: tuple[int, ...]) -> bool:
        """Trail from ``drop`` to where ``units`` now stand in ``space``, if that is far
        (FAR); whether one shows."""
        self.clear()
        marker = landed(self.scene, space, units)
        views = self.scene.views()
        if marker is None or not views:
            return False
        zoom = views[0].transform().m11()
        at = marker.scenePos()
        if QLineF(drop, at).length() * zoom <= FAR * marker.size:
            return False
        radius = marker.size * 0.75 / zoom   # (the marker keeps its size on screen)
        path = QPainterPath(drop)
        line = QLineF(drop, at)
        line.setLength(max(0.0, line.length() - radius))
        path.lineTo(line.p2())
        path.addEllipse(QRectF(at.x() - radius, at.y() - radius, 2 * radius, 2 * radius))
        item = QGraphicsPathItem(path)
        pen = QPen(TRAIL_COLOUR, 3)
        pen.setCosmetic(True)
        item.setPen(pen)
        item.setZValue(49)   # over the stacks, under a drag's own path
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self.item = item
        anim = QVariantAnimation()
        anim.setStartValue(1.0)
        anim.setEndValue(0.0)
        anim.setDuration(TRAIL_MS)
        anim.setEasingCurve(QEasingCurve.Type.InQuad)
        anim.valueChanged.connect(item.setOpacity)
        anim.finished.connect(self.clear)
        anim.start()
        self._anim = anim
        return True

    def clear(self) -> None:
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.stop()
        item, self.item = self.item, None
        if item is not None and item.scene() is not None:
            item.scene().removeItem(item)
