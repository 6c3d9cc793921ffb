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

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsScene,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.icons import paint_unit
from pacific.gui.palette import CHIP_GREY, CHIP_RED, PIECE_COLOURS
from pacific.gui.piece_layout import Layout, SpaceShape
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


class MarkerItem(QGraphicsObject):
    """A token on the map that keeps its size on screen at every zoom, like the map's labels;
    its position follows the map (the layout's points)."""

    def __init__(self, size: float, tooltip: str) -> None:
        super().__init__()
        self.size = size
        self.movable = False
        # Set when the layout had to put the marker outside its space (too small at this
        # zoom): the offset, in pixels, of a point inside the space a thin line leads to.
        self.leader: QPointF | None = None
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setToolTip(tooltip)
        self.setZValue(20)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_size(self, size: float) -> None:
        """The size on screen, in pixels (the layer follows the zoom, within limits)."""
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self.update()

    def set_leader(self, leader: QPointF | None) -> None:
        if leader != self.leader:
            self.prepareGeometryChange()
            self.leader = leader
            self.update()

    def token_rect(self) -> QRectF:
        """The token and its badges, without the leader line."""
        s = self.size
        return QRectF(-s * 0.62, -s * 0.62, s * 1.24, s * 1.24)

    def boundingRect(self) -> QRectF:
        rect = self.token_rect()
        if self.leader is not None:
            dot = QRectF(self.leader.x() - 3, self.leader.y() - 3, 6, 6)
            rect = rect.united(dot)
        return rect

    def paint_leader(self, painter: QPainter) -> None:
        """A thin line from the token to its space, when it stands outside it."""
        if self.leader is None:
            return
        # Faint: it says where the marker belongs without competing with the map's borders.
        painter.setPen(QPen(QColor(30, 30, 30, 110), 1.0))
        painter.drawLine(QPointF(0, 0), self.leader)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(30, 30, 30, 170))
        painter.drawEllipse(self.leader, 1.8, 1.8)

    @staticmethod
    def paint_badge(painter: QPainter, s: float, count: int, colour: QColor) -> None:
        """The count in a rounded box at the token's top right."""
        font = QFont()
        font.setPointSizeF(max(1.0, s * 0.3))
        font.setBold(True)
        painter.setFont(font)
        badge = QRectF(s * 0.12, -s * 0.62, s * 0.5, s * 0.38)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(badge, s * 0.1, s * 0.1)
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))


class StackItem(MarkerItem):
    """One stack: an icon on a round token, the chips and the count, and its cargo."""

    pressed = Signal(object, object)  # (StackItem, QGraphicsSceneMouseEvent)
    dragged = Signal(object)          # scene position (QPointF) while the button is held
    released = Signal(object)         # scene position where the button was let go
    context_requested = Signal(object, object)  # (StackKey, screen QPoint): right-click

    def __init__(self, key: StackKey, units: list[Unit], cargo: list[Unit], size: float,
                 tooltip: str) -> None:
        super().__init__(size, tooltip)
        self.key = key
        self.unit_ids: tuple[int, ...] = tuple(u.id for u in units)
        self.cargo_types: tuple[tuple[UnitType, Nation], ...] = tuple(
            sorted({(c.type, c.owner) for c in cargo}, key=lambda tc: TYPE_ORDER[tc[0]]))
        self.cargo_ids: dict[tuple[UnitType, Nation], tuple[int, ...]] = {
            kind: tuple(c.id for c in cargo if (c.type, c.owner) == kind)
            for kind in self.cargo_types}
        self._hover = False

    @property
    def count(self) -> int:
        return len(self.unit_ids)

    def token_rect(self) -> QRectF:
        s = self.size
        # Wide enough for a row of cargo icons with their counts (a carrier's fighters and
        # an allied one, a transport's two kinds of land units).
        return QRectF(-s * 0.75, -s * 0.62, s * 1.5, s * 1.55)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.size * 0.55, self.size * 0.55)
        for rect in self._cargo_rects():
            path.addRect(rect)  # the cargo icons can be grabbed too (unloading by drag)
        return path

    def _cargo_rects(self) -> list[QRectF]:
        small = self.size * 0.42
        x = -small * len(self.cargo_types) / 2
        return [QRectF(x + i * small, self.size * 0.46, small, small)
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
        self.paint_leader(painter)
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
            self.paint_badge(painter, s, self.count, QColor(20, 20, 20, 200))

    def _paint_cargo(self, painter: QPainter, s: float) -> None:
        if not self.cargo_types:
            return
        small = s * 0.42
        font = QFont()
        font.setPointSizeF(max(1.0, small * 0.38))
        font.setBold(True)
        for rect, kind in zip(self._cargo_rects(), self.cargo_types, strict=True):
            unit_type, owner = kind
            painter.setPen(QPen(QColor("#303030"), s * 0.02))
            painter.setBrush(QColor("#fffbe6"))
            painter.drawRoundedRect(rect, small * 0.2, small * 0.2)
            paint_unit(painter, rect.adjusted(1, 1, -1, -1), unit_type, owner)
            aboard = len(self.cargo_ids[kind])
            if aboard > 1:  # two fighters on a carrier: "2" in the icon's corner
                corner = QRectF(rect.right() - small * 0.2, rect.bottom() - small * 0.62,
                                small * 0.62, small * 0.62)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(20, 20, 20, 210))
                painter.drawEllipse(corner)
                painter.setPen(QColor("white"))
                painter.setFont(font)
                painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, str(aboard))

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

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        event.accept()
        self.context_requested.emit(self.key, event.screenPos())


class SummaryItem(MarkerItem):
    """One nation's units in a space, as one marker, when the zoom is too small for its stacks
    (see `pacific.gui.piece_layout`): the unit type it has most of on a token ringed in the
    nation's colour, and the total count. Clicking it zooms in there."""

    clicked = Signal(str)  # the space

    def __init__(self, space: str, owner: Nation, units: list[Unit], size: float,
                 tooltip: str) -> None:
        super().__init__(size, tooltip)
        self.space = space
        self.owner = owner
        self.count = len(units)
        counts: dict[UnitType, int] = defaultdict(int)
        for unit in units:
            counts[unit.type] += 1
        # The most numerous type stands for the group; ties go to the later (stronger) type.
        self.lead = max(counts, key=lambda t: (counts[t], TYPE_ORDER[t]))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        s = self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_leader(painter)
        ring = QColor(PIECE_COLOURS[self.owner])
        painter.setPen(QPen(QColor("#fff2a8") if self.movable else ring, s * 0.12))
        painter.setBrush(QBrush(QColor("#f4f1e8")))
        painter.drawEllipse(QPointF(0, 0), s * 0.48, s * 0.48)
        owner = None if self.lead is UnitType.INDUSTRIAL_COMPLEX else self.owner
        paint_unit(painter, QRectF(-s * 0.36, -s * 0.36, s * 0.72, s * 0.72), self.lead, owner)
        if self.count > 1:
            self.paint_badge(painter, s, self.count, ring.darker(130))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.unsetCursor()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.clicked.emit(self.space)


LAYOUT_DELAY_MS = 100
MIN_PIXELS = 14.0
MAX_PIXELS = 44.0


class PieceLayer:
    """All stack items of a scene, rebuilt from the state.

    ``size`` is a piece's size in scene units; on screen it follows the zoom but stays between
    MIN_PIXELS (still recognisable when the whole Pacific is shown) and MAX_PIXELS.

    With ``shapes`` (the spaces' slots, extents and labels: `BoardScene.layout_shapes`), the
    pieces are laid out at every zoom without overlapping each other or the labels, and a space
    whose stacks do not fit at this zoom shows one marker per nation (`SummaryItem`) instead;
    without it the stacks go at ``slots`` as given. ``items`` always holds every stack (hidden
    while its space is summarised)."""

    def __init__(self, scene: QGraphicsScene, board: BoardMap, slots: SlotFunction,
                 size: float,
                 shapes: Callable[[], dict[str, SpaceShape]] | None = None) -> None:
        self.scene = scene
        self.board = board
        self.slots = slots
        self.size = size
        self._shapes_source = shapes
        self._shapes: dict[str, SpaceShape] | None = None
        self.items: dict[StackKey, StackItem] = {}
        self.summaries: dict[tuple[str, Nation], SummaryItem] = {}
        self._owners: dict[str, list[Nation]] = {}
        self.zoom = 1.0
        self._laid_out_at: float | None = None
        # While the wheel zooms, laying out at every step would cost tens of ms a frame: the
        # pieces are resized at once and laid out when the gesture pauses (see scale_to).
        self._layout_timer = QTimer()
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(LAYOUT_DELAY_MS)
        self._layout_timer.timeout.connect(self.layout)
        self._scaled = False
        self.on_press: Callable[[StackItem, QGraphicsSceneMouseEvent], None] | None = None
        self.on_drag: Callable[[QPointF], None] | None = None
        self.on_release: Callable[[QPointF], None] | None = None
        self.on_summary_click: Callable[[str], None] | None = None
        self.on_context_menu: Callable[[StackKey, QPoint], None] | None = None

    def sync(self, state: GameState, movable: Callable[[StackKey], bool]) -> None:
        """Make the items mirror ``state``: remove them all, draw the stacks again."""
        for old in (*self.items.values(), *self.summaries.values()):
            self.scene.removeItem(old)
        self.items.clear()
        self.summaries.clear()
        self._owners.clear()
        stacks = group_stacks(state)
        by_space: dict[str, list[StackKey]] = defaultdict(list)
        for key in stacks:
            by_space[key.space].append(key)
        px = self.pixels()
        for space, keys in by_space.items():
            keys.sort(key=lambda k: (TYPE_ORDER[k.unit_type], k.owner.value, k.condition))
            tooltip = describe_space(self.board, state, space)
            by_owner: dict[Nation, list[Unit]] = defaultdict(list)
            for key in keys:
                units = stacks[key]
                cargo = [c for u in units for c in state.cargo_of(u.id)]
                item = StackItem(key, units, cargo, px, tooltip)
                item.movable = movable(key)
                self._connect(item)
                self.scene.addItem(item)
                self.items[key] = item
                by_owner[key.owner].extend(units)
                for unit in cargo:  # cargo counts for its own nation (allied fighters aboard)
                    by_owner[unit.owner].append(unit)
            if self._shapes_source is None:
                continue
            self._owners[space] = sorted(by_owner, key=lambda n: n.value)
            for owner in self._owners[space]:
                units = by_owner[owner]
                summary = SummaryItem(space, owner, units, px, tooltip)
                summary.movable = any(self.items[k].movable for k in keys if k.owner is owner)
                if self.on_summary_click is not None:
                    summary.clicked.connect(self.on_summary_click)
                summary.setVisible(False)
                self.scene.addItem(summary)
                self.summaries[(space, owner)] = summary
        self._laid_out_at = None
        if self._shapes_source is None or self._scaled:
            self.layout()
        # else: the view has not told its zoom yet (the window is being built); the layout
        # waits for the first scale_to rather than placing everything twice.

    def _connect(self, item: StackItem) -> None:
        if self.on_press is not None:
            item.pressed.connect(self.on_press)
        if self.on_drag is not None:
            item.dragged.connect(self.on_drag)
        if self.on_release is not None:
            item.released.connect(self.on_release)
        if self.on_context_menu is not None:
            item.context_requested.connect(self.on_context_menu)

    def layout(self) -> None:
        """Put every marker where it goes at the current zoom (see the class docstring)."""
        self._layout_timer.stop()
        if self._laid_out_at is not None and abs(self._laid_out_at / self.zoom - 1) < 1e-6:
            return  # the same zoom (a second fit to the same window lands within rounding)
        self._laid_out_at = self.zoom
        by_space: dict[str, list[StackKey]] = defaultdict(list)
        for key in self.items:
            by_space[key.space].append(key)
        if self._shapes_source is None:
            for space, keys in by_space.items():
                for key, point in zip(keys, self.slots(space, len(keys)), strict=False):
                    self.items[key].setPos(point)
            return
        if self._shapes is None:
            self._shapes = self._shapes_source()
        shapes = self._shapes
        plan = Layout(shapes, self.zoom, self.pixels())
        # Spaces with most stacks first: they need the room; small groups fit in the gaps.
        for space, keys in sorted(by_space.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            owners = self._owners.get(space, [])
            if space not in shapes:
                points = self.slots(space, len(keys))
                self._show(space, keys, owners, points, full=True)
                continue
            fitted = plan.try_place(space, len(keys))
            if fitted is not None:
                self._show(space, keys, owners, fitted, full=True)
                continue
            if len(keys) == len(owners):  # one stack a nation: a marker would show no less
                self._show(space, keys, owners, plan.place_anyway(space, len(keys)), full=True)
                continue
            points = plan.try_place(space, len(owners)) or plan.place_anyway(space, len(owners))
            self._show(space, keys, owners, points, full=False)

    def _show(self, space: str, keys: list[StackKey], owners: list[Nation],
              points: list[QPointF], full: bool) -> None:
        shape = self._shapes.get(space) if self._shapes is not None else None
        shown: list[MarkerItem] = ([self.items[k] for k in keys] if full else
                                   [self.summaries[(space, o)] for o in owners
                                    if (space, o) in self.summaries])
        for item, point in zip(shown, points, strict=False):
            item.setPos(point)
            leader = None
            if shape is not None and not shape.contains(point):
                anchor = shape.slots[0] if shape.slots else shape.anchor
                leader = (anchor - point) * self.zoom
            item.set_leader(leader)
        for key in keys:
            self.items[key].setVisible(full)
        for owner in owners:
            summary = self.summaries.get((space, owner))
            if summary is not None:
                summary.setVisible(not full)

    def summarised(self, space: str) -> bool:
        """Does ``space`` show one marker per nation (zoomed out) rather than its stacks?"""
        return any(s.isVisible() for (sp, _), s in self.summaries.items() if sp == space)

    def pixels(self) -> float:
        return min(MAX_PIXELS, max(MIN_PIXELS, self.size * self.zoom))

    def labels_moved(self) -> None:
        """The map's labels were laid out again: read them afresh at the next layout."""
        self._shapes = None
        self._laid_out_at = None

    def scale_to(self, zoom: float, gesture: bool = False) -> None:
        """The view's zoom changed: resize every piece and lay them out again; during a wheel
        or pinch ``gesture`` the layout waits until the zooming pauses."""
        self.zoom = zoom
        self._scaled = True
        px = self.pixels()
        for item in self.items.values():
            item.set_size(px)
        for summary in self.summaries.values():
            summary.set_size(px)
        if gesture:
            self._layout_timer.start()  # restarted by every step: lays out when they pause
        else:
            self.layout()

    def at(self, space: str) -> Iterable[StackItem]:
        return (item for key, item in self.items.items() if key.space == space)
