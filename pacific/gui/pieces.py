"""Pieces on the map: one stack item per (space, type, owner, condition), with its count shown
the way the board does it, with grey chips worth 1 and red chips worth 5 (EX-1).

Damaged battleships (R-BB-1) and submerged submarines (R-SUB-6) form their own stacks and are
drawn differently; units aboard a transport, carrier or Japanese destroyer are not stacks of
their own but small icons on the ship that carries them. The items are a mirror of the state
(STYLE habit 8): `PieceLayer.sync(state)` rebuilds them; they hold no game data of their own
beyond the ids they show.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.icons import paint_unit
from pacific.gui.palette import CHIP_GREY, CHIP_RED
from pacific.rules.board import BoardMap
from pacific.rules.nations import Nation, display_name
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType


class Condition(StrEnum):
    READY = "ready"
    DAMAGED = "damaged"      # a battleship hit once (R-BB-1)
    SUBMERGED = "submerged"  # R-SUB-6


@dataclass(frozen=True, order=True)
class StackKey:
    space: str
    unit_type: UnitType
    owner: Nation
    condition: Condition = Condition.READY


# Stacks inside a space are drawn in this order: land, air, sea, then the factory.
TYPE_ORDER: dict[UnitType, int] = {t: i for i, t in enumerate(UnitType)}


def condition_of(unit: Unit) -> Condition:
    if unit.damaged:
        return Condition.DAMAGED
    if unit.submerged:
        return Condition.SUBMERGED
    return Condition.READY


def group_stacks(state: GameState) -> dict[StackKey, list[Unit]]:
    """Units that stand on the map (not aboard a ship), by stack, ids in ascending order."""
    out: dict[StackKey, list[Unit]] = defaultdict(list)
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.carried_by is None:
            key = StackKey(unit.space, unit.type, unit.owner, condition_of(unit))
            out[key].append(unit)
    return dict(out)


def chips_for(count: int) -> tuple[int, int]:
    """(red, grey) chips for a count: red counts 5, grey counts 1 (EX-1)."""
    return count // 5, count % 5


def describe_space(board: BoardMap, state: GameState, space: str) -> str:
    """Plain text listing everything in a space, for the hover tooltip."""
    lines = [board.name(space)]
    owner = state.owner_of(space)
    if owner is not None:
        lines[0] += f" ({display_name(owner)})"
    units = [u for u in state.units.values() if u.space == space]
    if not units:
        lines.append("no units")
        return "\n".join(lines)
    counts: dict[tuple[Nation, str], int] = defaultdict(int)
    for unit in units:
        label = UNIT_SPECS[unit.type].name
        if unit.damaged:
            label += " (damaged)"
        if unit.submerged:
            label += " (submerged)"
        if unit.carried_by is not None:
            carrier = state.units.get(unit.carried_by)
            ship = UNIT_SPECS[carrier.type].name.lower() if carrier else "ship"
            label += f" aboard a {ship}"
        counts[(unit.owner, label)] += 1
    for (owner_, label), n in sorted(counts.items()):
        lines.append(f"  {display_name(owner_)}: {n} × {label}")
    return "\n".join(lines)


SlotFunction = Callable[[str, int], list[QPointF]]


class StackItem(QGraphicsObject):
    """One stack: an icon on a round token, the chips and the count, and its cargo."""

    pressed = Signal(object, object)  # (StackItem, QGraphicsSceneMouseEvent)
    dragged = Signal(object)          # scene position (QPointF) while the button is held
    released = Signal(object)         # scene position where the button was let go

    def __init__(self, key: StackKey, units: list[Unit], cargo: list[Unit], size: float,
                 tooltip: str) -> None:
        super().__init__()
        self.key = key
        self.unit_ids: tuple[int, ...] = tuple(u.id for u in units)
        self.cargo_types: tuple[tuple[UnitType, Nation], ...] = tuple(
            sorted({(c.type, c.owner) for c in cargo}, key=lambda tc: TYPE_ORDER[tc[0]]))
        self.cargo_ids: dict[tuple[UnitType, Nation], tuple[int, ...]] = {
            kind: tuple(c.id for c in cargo if (c.type, c.owner) == kind)
            for kind in self.cargo_types}
        self.size = size
        self.movable = False
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setToolTip(tooltip)
        self.setZValue(20)
        # Pieces keep their size on screen at every zoom, like the labels of the map; their
        # positions follow the map (the regions' slot points).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._hover = False

    @property
    def count(self) -> int:
        return len(self.unit_ids)

    def set_size(self, size: float) -> None:
        """The size on screen, in pixels (the layer follows the zoom, within limits)."""
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self.update()

    def boundingRect(self) -> QRectF:
        s = self.size
        return QRectF(-s * 0.62, -s * 0.62, s * 1.24, s * 1.5)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.size * 0.55, self.size * 0.55)
        for rect in self._cargo_rects():
            path.addRect(rect)  # the cargo icons can be grabbed too (unloading by drag)
        return path

    def _cargo_rects(self) -> list[QRectF]:
        small = self.size * 0.34
        x = -small * len(self.cargo_types) / 2
        return [QRectF(x + i * small, self.size * 0.5, small, small)
                for i in range(len(self.cargo_types))]

    def cargo_at(self, pos: QPointF) -> tuple[int, ...]:
        """The ids of the cargo drawn at ``pos`` (item coordinates), or () when ``pos`` is not
        on a cargo icon."""
        for rect, kind in zip(self._cargo_rects(), self.cargo_types, strict=True):
            if rect.contains(pos):
                return self.cargo_ids[kind]
        return ()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # Token: a light disc so that the icon reads on any territory colour.
        submerged = self.key.condition is Condition.SUBMERGED
        token = QColor("#f4f1e8") if not submerged else QColor("#7aa6c8")
        ring = QColor("#fff2a8") if self._hover and self.movable else QColor("#303030")
        painter.setPen(QPen(ring, s * (0.09 if self._hover and self.movable else 0.04)))
        painter.setBrush(QBrush(token))
        painter.drawEllipse(QPointF(0, 0), s * 0.5, s * 0.5)
        icon_rect = QRectF(-s * 0.42, -s * 0.42, s * 0.84, s * 0.84)
        if submerged:
            painter.setOpacity(0.55)  # under water: faded (R-SUB-6)
        owner = None if self.key.unit_type is UnitType.INDUSTRIAL_COMPLEX else self.key.owner
        paint_unit(painter, icon_rect, self.key.unit_type, owner)
        painter.setOpacity(1.0)
        if self.key.condition is Condition.DAMAGED:
            # A damaged battleship lies on its side on the board (R-BB-1): a red slash and flame.
            painter.setPen(QPen(QColor("#d21f1f"), s * 0.08))
            painter.drawLine(QPointF(-s * 0.35, s * 0.3), QPointF(s * 0.35, -s * 0.3))
        self._paint_count(painter, s)
        self._paint_cargo(painter, s)

    def _paint_count(self, painter: QPainter, s: float) -> None:
        red, grey = chips_for(self.count)
        chip_r = s * 0.1
        x = s * 0.38
        y = s * 0.42
        for colour, n in ((CHIP_RED, red), (CHIP_GREY, grey)):
            for _ in range(min(n, 4)):
                painter.setPen(QPen(QColor("#222222"), s * 0.02))
                painter.setBrush(QColor(colour))
                painter.drawEllipse(QPointF(x, y), chip_r * 1.3, chip_r * 0.75)
                y -= chip_r * 0.6
        if self.count > 1:
            font = QFont()
            font.setPointSizeF(max(1.0, s * 0.3))
            font.setBold(True)
            painter.setFont(font)
            badge = QRectF(s * 0.12, -s * 0.62, s * 0.5, s * 0.38)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(20, 20, 20, 200))
            painter.drawRoundedRect(badge, s * 0.1, s * 0.1)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(self.count))

    def _paint_cargo(self, painter: QPainter, s: float) -> None:
        if not self.cargo_types:
            return
        small = s * 0.34
        for rect, (unit_type, owner) in zip(self._cargo_rects(), self.cargo_types, strict=True):
            painter.setPen(QPen(QColor("#303030"), s * 0.02))
            painter.setBrush(QColor("#fffbe6"))
            painter.drawRoundedRect(rect, small * 0.2, small * 0.2)
            paint_unit(painter, rect.adjusted(1, 1, -1, -1), unit_type, owner)

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = True
        if self.movable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hover = False
        self.unsetCursor()
        self.update()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if not self.movable:
            event.ignore()  # let the view pan
            return
        event.accept()
        self.pressed.emit(self, event)

    # After an accepted press the scene sends this item every move and the release (an
    # implicit mouse grab), so a drag is three signals: pressed, dragged..., released.
    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.dragged.emit(event.scenePos())

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.released.emit(event.scenePos())


MIN_PIXELS = 14.0
MAX_PIXELS = 44.0


class PieceLayer:
    """All stack items of a scene, rebuilt from the state.

    ``size`` is a piece's size in scene units; on screen it follows the zoom but stays between
    MIN_PIXELS (still recognisable when the whole Pacific is shown) and MAX_PIXELS."""

    def __init__(self, scene: QGraphicsScene, board: BoardMap, slots: SlotFunction,
                 size: float) -> None:
        self.scene = scene
        self.board = board
        self.slots = slots
        self.size = size
        self.items: dict[StackKey, StackItem] = {}
        self.zoom = 1.0
        self.on_press: Callable[[StackItem, QGraphicsSceneMouseEvent], None] | None = None
        self.on_drag: Callable[[QPointF], None] | None = None
        self.on_release: Callable[[QPointF], None] | None = None

    def sync(self, state: GameState, movable: Callable[[StackKey], bool]) -> None:
        """Make the items mirror ``state``: remove them all, draw the stacks again."""
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items.clear()
        stacks = group_stacks(state)
        by_space: dict[str, list[StackKey]] = defaultdict(list)
        for key in stacks:
            by_space[key.space].append(key)
        tooltips: dict[str, str] = {}
        for space, keys in by_space.items():
            keys.sort(key=lambda k: (TYPE_ORDER[k.unit_type], k.owner.value, k.condition))
            points = self.slots(space, len(keys))
            if space not in tooltips:
                tooltips[space] = describe_space(self.board, state, space)
            for key, point in zip(keys, points, strict=False):
                units = stacks[key]
                cargo = [c for u in units for c in state.cargo_of(u.id)]
                item = StackItem(key, units, cargo, self.pixels(), tooltips[space])
                item.movable = movable(key)
                item.setPos(point)
                if self.on_press is not None:
                    item.pressed.connect(self.on_press)
                if self.on_drag is not None:
                    item.dragged.connect(self.on_drag)
                if self.on_release is not None:
                    item.released.connect(self.on_release)
                self.scene.addItem(item)
                self.items[key] = item

    def pixels(self) -> float:
        return min(MAX_PIXELS, max(MIN_PIXELS, self.size * self.zoom))

    def scale_to(self, zoom: float) -> None:
        """The view's zoom changed: resize every piece."""
        self.zoom = zoom
        px = self.pixels()
        for item in self.items.values():
            item.set_size(px)

    def at(self, space: str) -> Iterable[StackItem]:
        return (item for key, item in self.items.items() if key.space == space)
