"""The piece items on the map: a stack's token (its icon, chips, count and cargo) and a
nation's summary marker where the zoom is too small for the stacks. Both keep their size on
screen at every zoom; `pacific.gui.pieces.PieceLayer` places and sizes them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsSceneContextMenuEvent,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.icons import paint_unit
from pacific.gui.palette import CHIP_GREY, CHIP_RED, PIECE_COLOURS, token_colour
from pacific.gui.recent import Recent
from pacific.gui.stacks import TYPE_ORDER, Condition, StackKey, chips_for
from pacific.rules.nations import Nation, side_of
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_air
from pacific.text import _

BADGE_PIXELS = 9.0  # the count's font, at least (pixels)
# A cargo icon's size on screen, at least, while the pointer is on its stack: big enough to
# grab at every zoom (drawn at 0.42 of the token, it is 8 pixels wide at a window's fit).
CARGO_PIXELS = 20.0
HOVER_RING = QColor("#fff2a8")
MAX_PICTURES = 600  # markers' pictures kept: 4 kB each at the fit, 30 kB at the largest size

# Every marker's picture, by what it shows (`MarkerItem.look`) and its size: the map shows the
# same few dozen looks over and over (a nation's lone infantry, its fighters), and zooming
# back to a size seen before finds them painted.
_pictures: Recent[tuple[object, ...], QPixmap] = Recent(MAX_PICTURES)

# A marker's tooltip, or what makes it when the marker is first hovered (`MarkerItem.tip`).
Tooltip = str | Callable[[], str]
# A merged marker's picture (`SummaryItem.look_of`).
Look = tuple[int, UnitType, Nation, bool, tuple[Nation, ...], tuple[Nation, int] | None]
_HOVERS = (QEvent.Type.GraphicsSceneHoverEnter, QEvent.Type.GraphicsSceneHoverMove)


# A summary marker stands just under the stacks, above the map and its labels; a stack whose
# cargo icons grew under the pointer stands over its neighbours.
SUMMARY_Z, STACK_Z, HOVER_Z = 19.0, 20.0, 21.0
HINT_BREAK = "\n\n"   # between a stack's tooltip and how its cargo is taken off


def cargo_hint(item: StackItem) -> str:
    """How the cargo of ``item`` is taken off its ships by mouse ("" without cargo): a
    carrier's fighters fly off (R-CARRIER-2), a transport's units unload (R-TRANS-5)."""
    if not item.cargo_types:
        return ""
    if all(is_air(unit_type) for unit_type, _owner in item.cargo_types):
        return _("To fly fighters off: drag a fighter's icon under the carriers (Shift: one), "
                 "or choose how many in the unit picker (a click on the stack).")
    return _("To take units off: drag their icon under the transports (Shift: one), or "
             "choose how many in the unit picker (a click on the stack).")


class MarkerItem(QGraphicsObject):
    """A token on the map that keeps its size on screen at every zoom, like the map's labels;
    its position follows the map (the layout's points)."""

    def __init__(self, size: float, tooltip: Tooltip) -> None:
        super().__init__()
        self.size = size
        self.movable = False
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self._tip_maker: Callable[[], str] | None = None
        if callable(tooltip):  # (a new item's tooltip is empty)
            self._tip_maker = tooltip
        else:
            self.setToolTip(tooltip)
        self.setZValue(STACK_Z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        # (no cache of its own: `paint` blits the picture its look shares with other markers)

    def tip(self, tooltip: Tooltip) -> None:
        """Set the tooltip, or what makes it: a map shows two hundred markers and the player
        hovers few, so their texts are made on the first hover (`sceneEvent`) or the first
        question (`toolTip`), not when the markers are drawn."""
        if callable(tooltip):
            self._tip_maker = tooltip
            self.setToolTip("")
        else:
            self._tip_maker = None
            self.setToolTip(tooltip)

    def toolTip(self) -> str:  # (Qt's name)
        self._make_tip()
        return super().toolTip()

    def _make_tip(self) -> None:
        if self._tip_maker is not None:
            maker, self._tip_maker = self._tip_maker, None
            self.setToolTip(maker())

    def sceneEvent(self, event: QEvent) -> bool:  # (Qt's name)
        # The pointer reaches a marker (a hover) before it can rest on it (the tooltip); a
        # marker refilled under the pointer has its text made when the pointer next moves.
        if self._tip_maker is not None and event.type() in _HOVERS:
            self._make_tip()
        return super().sceneEvent(event)

    def look(self) -> tuple[object, ...]:
        """Everything the marker's picture shows but its size: markers with the same look and
        size share one picture."""
        raise NotImplementedError

    def paint_marker(self, painter: QPainter) -> None:
        """Paint the marker centred on the origin, ``size`` pixels wide."""
        raise NotImplementedError

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        placed = painter.worldTransform()
        device = painter.device()
        if placed.isScaling() or placed.isRotating() or not placed.isAffine() or device is None:
            self.paint_marker(painter)  # (drawn scaled or rotated: painted afresh)
            return
        bounds = self.boundingRect()
        ratio = device.devicePixelRatioF()
        key = (type(self).__name__, self.look(), round(self.size, 3), ratio)
        picture = _pictures.get(key)
        if picture is None:
            picture = QPixmap(int(bounds.width() * ratio) + 2, int(bounds.height() * ratio) + 2)
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            inner = QPainter(picture)
            inner.translate(-bounds.x(), -bounds.y())
            self.paint_marker(inner)
            inner.end()
            _pictures.put(key, picture)
        # At a whole pixel: the picture is not resampled.
        corner = placed.map(bounds.topLeft())
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(round(corner.x()), round(corner.y()), picture)
        painter.restore()

    def set_size(self, size: float) -> None:
        """The size on screen, in pixels (the layer follows the zoom, within limits)."""
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self.update()

    def token_rect(self) -> QRectF:
        """The token and its badges."""
        s = self.size
        return QRectF(-s * 0.62, -s * 0.62, s * 1.24, s * 1.24)

    def badge_count(self) -> int:
        """The count its badge shows (none under 2)."""
        raise NotImplementedError

    def boundingRect(self) -> QRectF:
        # (the badge of a count of two or three digits reaches past the token: the picture
        # painted, and the area Qt repaints, take it whole)
        count = self.badge_count()
        rect = self.token_rect()
        return rect if count < 2 else rect.united(self.badge_rect(self.size, count))

    @staticmethod
    def badge_rect(s: float, count: int) -> QRectF:
        """Where the count goes: a box at the token's top right, as wide as its digits at a
        font that stays readable on the smallest token (BADGE_PIXELS at least)."""
        height = max(BADGE_PIXELS, s * 0.34) + 3
        width = max(height, _digits_width(round(max(BADGE_PIXELS, s * 0.34)), count) + 4)
        return QRectF(s * 0.5 - width * 0.45, -s * 0.62, width, height)

    @classmethod
    def paint_badge(cls, painter: QPainter, s: float, count: int, colour: QColor,
                    badge: QRectF | None = None) -> None:
        """The count in white on a dark rounded box (at ``badge``: the token's top right
        when None), ringed in white so it reads on any map colour."""
        painter.setFont(_badge_font(round(max(BADGE_PIXELS, s * 0.34))))
        if badge is None:
            badge = cls.badge_rect(s, count)
        painter.setPen(QPen(QColor(255, 255, 255, 220), 1.0))
        painter.setBrush(colour)
        painter.drawRoundedRect(badge, badge.height() * 0.3, badge.height() * 0.3)
        painter.setPen(QColor("white"))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))

    @staticmethod
    def paint_token(painter: QPainter, s: float, owner: Nation | None, ring: QColor | None,
                    fill: QColor | None = None) -> None:
        """The round token: light or dark by nation (`palette.token_colour`), ringed in the
        owner's colour over a thin dark edge."""
        painter.setPen(QPen(QColor(20, 20, 20, 200), max(1.0, s * 0.03)))
        painter.setBrush(QBrush(fill if fill is not None else token_colour(owner)))
        painter.drawEllipse(QPointF(0, 0), s * 0.5, s * 0.5)
        if ring is not None:
            painter.setPen(QPen(ring, max(1.5, s * 0.08)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), s * 0.44, s * 0.44)


def _aboard_rect(icon: QRectF) -> QRectF:
    """Where a cargo icon's count goes: a disc over its bottom right corner."""
    small = icon.width()
    return QRectF(icon.right() - small * 0.2, icon.bottom() - small * 0.62,
                  small * 0.62, small * 0.62)


@lru_cache(maxsize=64)
def _badge_font(pixels: int) -> QFont:
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(True)
    return font


@lru_cache(maxsize=1024)
def _digits_width(pixels: int, count: int) -> float:
    """How wide ``count`` is written in the badge's font of ``pixels``."""
    return QFontMetricsF(_badge_font(pixels)).horizontalAdvance(str(count))


class StackItem(MarkerItem):
    """One stack: an icon on a round token, the chips and the count, and its cargo."""

    pressed = Signal(object, object)  # (StackItem, QGraphicsSceneMouseEvent)
    dragged = Signal(object)          # scene position (QPointF) while the button is held
    released = Signal(object)         # scene position where the button was let go
    context_requested = Signal(object, object)  # (StackKey, screen QPoint): right-click

    def __init__(self, key: StackKey, units: list[Unit], cargo: list[Unit], size: float,
                 tooltip: Tooltip) -> None:
        super().__init__(size, tooltip)
        self.key = key
        self._hover = False
        self._hinted = ""
        self._fill(units, cargo)

    def _fill(self, units: list[Unit], cargo: list[Unit]) -> None:
        self.unit_ids: tuple[int, ...] = tuple(u.id for u in units)
        self.cargo_types: tuple[tuple[UnitType, Nation], ...] = tuple(
            sorted({(c.type, c.owner) for c in cargo}, key=lambda tc: TYPE_ORDER[tc[0]]))
        self.cargo_ids: dict[tuple[UnitType, Nation], tuple[int, ...]] = {
            kind: tuple(c.id for c in cargo if (c.type, c.owner) == kind)
            for kind in self.cargo_types}

    @staticmethod
    def look_of(key: StackKey, units: list[Unit], cargo: list[Unit]) -> tuple[object, ...]:
        """What a stack of ``units`` carrying ``cargo`` looks like (the space aside): two
        stacks that look the same paint the same picture."""
        aboard: dict[tuple[UnitType, Nation], int] = defaultdict(int)
        for unit in cargo:
            aboard[(unit.type, unit.owner)] += 1
        return (key.unit_type, key.owner, key.condition, len(units),
                tuple(sorted(aboard.items(), key=lambda kind: TYPE_ORDER[kind[0][0]])))

    def shows(self) -> tuple[object, ...]:
        """What this item shows (see `look_of`)."""
        return (self.key.unit_type, self.key.owner, self.key.condition, self.count,
                tuple((kind, len(self.cargo_ids[kind])) for kind in self.cargo_types))

    def refill(self, key: StackKey, units: list[Unit], cargo: list[Unit],
               tooltip: Tooltip) -> None:
        """Show another stack that looks the same (`look_of`): its key, ids and tooltip
        change; the painted picture is kept."""
        self.prepareGeometryChange()   # (the cargo's icons may be others)
        if key != self.key:
            self.key = key
            self._hover = False
            if self.zValue() == HOVER_Z:
                self.setZValue(STACK_Z)
        self._fill(units, cargo)
        self.tip(tooltip)

    @property
    def count(self) -> int:
        return len(self.unit_ids)

    def badge_count(self) -> int:
        return self.count

    def token_rect(self) -> QRectF:
        s = self.size
        # Wide enough for a row of cargo icons with their counts (a carrier's fighters and
        # an allied one, a transport's two kinds of land units), grown under the pointer.
        box = QRectF(-s * 0.75, -s * 0.62, s * 1.5, s * 1.55)
        for rect, kind in zip(self._cargo_rects(), self.cargo_types, strict=True):
            box = box.united(rect)
            if len(self.cargo_ids[kind]) > 1:   # (its count reaches past the icon's edge)
                box = box.united(_aboard_rect(rect))
        return box

    @property
    def movable(self) -> bool:
        return self._movable

    @movable.setter
    def movable(self, movable: bool) -> None:
        # (the cargo icons, grown under the pointer while the cargo may be dragged off, shrink
        # when the stack no longer may be moved: the bounds change with them)
        if getattr(self, "_hover", False) and getattr(self, "cargo_types", ()) and \
                movable != getattr(self, "_movable", False):
            self.prepareGeometryChange()
        self._movable = movable

    @property
    def cargo_open(self) -> bool:
        """Whether the cargo icons are drawn at their grabbing size: the pointer is on a stack
        whose cargo may be dragged off."""
        return self._hover and self.movable and bool(self.cargo_types)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QPointF(0, 0), self.size * 0.55, self.size * 0.55)
        for rect in self._cargo_rects():
            path.addRect(rect)  # the cargo icons can be grabbed too (unloading by drag)
        return path

    def _cargo_rects(self) -> list[QRectF]:
        small = self.size * 0.42
        if self.cargo_open:
            small = max(small, CARGO_PIXELS)
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

    def look(self) -> tuple[object, ...]:
        return (self.key.unit_type, self.key.owner, self.key.condition,
                self._hover and self.movable, self.count,
                tuple((kind, len(self.cargo_ids[kind])) for kind in self.cargo_types))

    def paint_marker(self, painter: QPainter) -> None:
        s = self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        # The token: light or dark by nation, so the icon reads on any territory colour and
        # the nations tell apart; ringed in the owner's colour (yellow under a movable
        # stack the pointer is on).
        submerged = self.key.condition is Condition.SUBMERGED
        owner = None if self.key.unit_type is UnitType.INDUSTRIAL_COMPLEX else self.key.owner
        ring = HOVER_RING if self._hover and self.movable else \
            QColor(PIECE_COLOURS[owner]) if owner is not None else None
        self.paint_token(painter, s, owner, ring,
                         QColor("#7aa6c8") if submerged else None)
        icon_rect = QRectF(-s * 0.36, -s * 0.36, s * 0.72, s * 0.72)
        if submerged:
            painter.setOpacity(0.55)  # under water: faded (R-SUB-6)
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
            for _chip in range(min(n, 4)):
                painter.setPen(QPen(QColor("#222222"), s * 0.02))
                painter.setBrush(QColor(colour))
                painter.drawEllipse(QPointF(x, y), chip_r * 1.3, chip_r * 0.75)
                y -= chip_r * 0.6
        if self.count > 1:
            self.paint_badge(painter, s, self.count, QColor(20, 20, 20, 220))

    def _paint_cargo(self, painter: QPainter, s: float) -> None:
        if not self.cargo_types:
            return
        small = self._cargo_rects()[0].width()
        font = QFont()
        font.setPixelSize(round(max(8.0, small * 0.5)))
        font.setBold(True)
        for rect, kind in zip(self._cargo_rects(), self.cargo_types, strict=True):
            unit_type, owner = kind
            painter.setPen(QPen(QColor("#303030"), s * 0.02))
            painter.setBrush(QColor("#fffbe6"))
            painter.drawRoundedRect(rect, small * 0.2, small * 0.2)
            paint_unit(painter, rect.adjusted(1, 1, -1, -1), unit_type, owner)
            aboard = len(self.cargo_ids[kind])
            if aboard > 1:  # two fighters on a carrier: "2" in the icon's corner
                corner = _aboard_rect(rect)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(20, 20, 20, 210))
                painter.drawEllipse(corner)
                painter.setPen(QColor("white"))
                painter.setFont(font)
                painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, str(aboard))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._set_hover(True)
        if self.movable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._set_hover(False)
        self.unsetCursor()

    def _set_hover(self, hover: bool) -> None:
        """The pointer came onto the stack or left it. On a stack with cargo that may be dragged
        off, the cargo icons grow to a size to grab, over the neighbouring stacks (and back)."""
        if self.cargo_open != (hover and self.movable and bool(self.cargo_types)):
            self.prepareGeometryChange()   # (the cargo icons change size: so do the bounds)
        self._hover = hover
        if self.zValue() in (STACK_Z, HOVER_Z):   # (not while the stack is dragged)
            self.setZValue(HOVER_Z if self.cargo_open else STACK_Z)
        self.update()

    def sceneEvent(self, event: QEvent) -> bool:  # (Qt's name)
        handled = super().sceneEvent(event)
        if event.type() in _HOVERS:
            # (after the tooltip is made: it says how the cargo comes off while it can)
            tip, hint = super().toolTip(), cargo_hint(self) if self.movable else ""
            base = tip.removesuffix(self._hinted) if self._hinted else tip
            self._hinted = f"{HINT_BREAK}{hint}" if hint and base else ""
            if base + self._hinted != tip:
                self.setToolTip(base + self._hinted)
        return handled

    def tip(self, tooltip: Tooltip) -> None:
        self._hinted = ""   # (what the hint added, to take off again: a new text has none)
        super().tip(tooltip)

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
    """A nation's units in a space as one marker, or all the units of a space (``owner``
    None), when the zoom is too small for its stacks (see `pacific.gui.piece_layout`): the
    unit type it has most of on a token ringed in the colour of the nation with most units (and
    a second ring for the others there), and the total count. Clicking it zooms in there."""

    clicked = Signal(str)  # the space

    def __init__(self, space: str, owner: Nation | None, units: list[Unit], size: float,
                 tooltip: Tooltip) -> None:
        super().__init__(size, tooltip)
        # Under the stacks drawn on their own: where a small space's marker spills onto a
        # neighbour's stack, a press on that stack grabs the stack, as the player sees it.
        self.setZValue(SUMMARY_Z)
        self.space = space
        self.count, self.lead, self.owner, self.whole_space, others, self.foes = \
            self.look_of(owner, units)
        self.others = list(others)
        self._opened = False   # the press under way became a drag and opened the picker

    @staticmethod
    def look_of(owner: Nation | None, units: list[Unit]) -> Look:
        """What the marker of ``owner``'s ``units`` (all the space's with None) shows: the
        count, the type that stands for them, the nation whose colours it wears, whether it
        is the whole space, the other nations there, and the enemies of that nation there
        (their leading nation and their count; None when there are none). With enemies, the
        count is that of the marker's own side: the other side's stands in a badge of its
        own, so a contested space does not read as one side's (a sea zone's Allied fighters
        and Japanese ships)."""
        by_owner: dict[Nation, int] = defaultdict(int)
        for unit in units:
            by_owner[unit.owner] += 1
        ranked = sorted(by_owner, key=lambda n: (-by_owner[n], n.value))
        main = owner if owner is not None else ranked[0]
        # The most numerous type of the nation whose colours the marker wears stands for the
        # group (another nation's type in its colours would show a unit that is not there);
        # ties go to the later (stronger) type.
        counts: dict[UnitType, int] = defaultdict(int)
        for unit in units:
            if unit.owner is main or owner is not None:
                counts[unit.type] += 1
        lead = max(counts, key=lambda t: (counts[t], TYPE_ORDER[t]))
        others = tuple(n for n in ranked if n is not main) if owner is None else ()
        enemies = [n for n in others if side_of(n) is not side_of(main)]
        if not enemies:
            return len(units), lead, main, owner is None, others, None
        foes = sum(by_owner[n] for n in enemies)
        return len(units) - foes, lead, main, owner is None, others, (enemies[0], foes)

    def badge_count(self) -> int:
        return self.count

    def boundingRect(self) -> QRectF:
        rect = super().boundingRect()
        if self.foes is None:
            return rect
        # (both counts shown, a count of one too)
        return rect.united(self.badge_rect(self.size, self.count)).united(
            self.foe_badge_rect(self.size, self.foes[1]))

    @classmethod
    def foe_badge_rect(cls, s: float, count: int) -> QRectF:
        """Where the enemies' count goes: the count badge's mirror, at the token's bottom
        left."""
        badge = cls.badge_rect(s, count)
        return QRectF(-badge.right(), -badge.bottom(), badge.width(), badge.height())

    def shows(self) -> Look:
        """What this marker shows (see `look_of`)."""
        return (self.count, self.lead, self.owner, self.whole_space, tuple(self.others),
                self.foes)

    def refill(self, space: str, tooltip: Tooltip) -> None:
        """Stand for units of ``space`` that look the same (`look_of`): the painted picture
        is kept."""
        self.space = space
        self.tip(tooltip)

    def look(self) -> tuple[object, ...]:
        return (self.lead, self.owner, tuple(self.others[:1]), self.movable, self.count,
                self.foes)

    def paint_marker(self, painter: QPainter) -> None:
        s = self.size
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        ring = QColor(PIECE_COLOURS[self.owner])
        if self.others:  # more nations here: an outer ring in the next one's colour
            painter.setPen(QPen(QColor(PIECE_COLOURS[self.others[0]]), max(2.0, s * 0.1)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), s * 0.56, s * 0.56)
        self.paint_token(painter, s, self.owner, HOVER_RING if self.movable else ring)
        owner = None if self.lead is UnitType.INDUSTRIAL_COMPLEX else self.owner
        paint_unit(painter, QRectF(-s * 0.36, -s * 0.36, s * 0.72, s * 0.72), self.lead, owner)
        if self.count > 1 or self.foes is not None:
            self.paint_badge(painter, s, self.count, QColor(20, 20, 20, 220))
        if self.foes is not None:  # the other side's count, in its leading nation's colour
            foe, count = self.foes
            self.paint_badge(painter, s, count, QColor(PIECE_COLOURS[foe]),
                             self.foe_badge_rect(s, count))

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.unsetCursor()

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self._opened = False
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        # A drag from the marker opens the picker as soon as it is a drag, not at the end of
        # it: the player sees at once where to take the units from.
        moved = (event.screenPos() - event.buttonDownScreenPos(Qt.MouseButton.LeftButton))
        if not self._opened and \
                moved.manhattanLength() >= QApplication.startDragDistance():
            self._opened = True
            self.clicked.emit(self.space)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() is Qt.MouseButton.LeftButton and not self._opened:
            self.clicked.emit(self.space)
        self._opened = False

    def contextMenuEvent(self, event: QGraphicsSceneContextMenuEvent) -> None:
        # A right-click opens the unit picker too: its lines have the stacks' menus (edit
        # mode's corrections), which the marker, standing for several stacks, cannot.
        event.accept()
        self.clicked.emit(self.space)
