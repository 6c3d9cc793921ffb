"""The board as the game window sees it: a QGraphicsScene plus the few questions the window asks
of it (which space is under this point, where do a space's stacks go, light up these spaces),
and the marks the game adds to the map (pending battles, hover text).

Two kinds of scene answer them:
- `GeoBoardScene`, over the geometry helper's `MapScene` (real coastlines, `maps/<id>/
  geometry.json`), for the real board;
- `SchematicBoardScene`, a plain grid of labelled boxes, for a board that has no geometry file
  (the small test board): the rules do not need polygons, so neither does play.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.palette import DUTCH_EAST_INDIES, drop_tint, land_colour
from pacific.gui.piece_items import SUMMARY_Z
from pacific.gui.piece_shapes import Box
from pacific.gui.stacks import describe_space
from pacific.rules.board_map import BoardMap
from pacific.rules.state import GameState, Unit
from pacific.text import place_name

# The squares the layout keeps for the pieces shown in a scene rect, and its zoom.
PiecesDrawn = Callable[[QRectF], tuple[list[Box], float]]


class BoardScene(Protocol):
    scene: QGraphicsScene
    piece_size: float
    # The squares the pieces shown in a scene rect keep and the zoom the layout is made for
    # (the window's `PieceLayer.drawn`): a battle marker placed off them leaves them where
    # they stand. Where a space's stacks stand and their size (`PieceLayer.shown_at`).
    pieces_drawn: PiecesDrawn
    stacks_shown: Callable[[str], list[tuple[QPointF, float]]]

    def space_at(self, pos: QPointF) -> str | None: ...
    def centre_of(self, space: str) -> QPointF: ...
    def slots(self, space: str, count: int) -> list[QPointF]: ...
    def highlight(self, spaces: Mapping[str, str]) -> None: ...
    def outline(self, space: str) -> QPainterPath: ...
    def show_state(self, state: GameState, battles: Iterable[str] | None = None) -> None: ...
    def obstacles(self) -> list[tuple[QPointF, QRectF]]: ...
    def battle_spot(self, space: str) -> tuple[QPointF, QPointF]: ...
    def follow_stacks(self) -> None: ...


def grid_slots(centre: QPointF, count: int, spacing: float) -> list[QPointF]:
    """``count`` points in rows of up to four around ``centre``."""
    per_row = min(4, max(1, count))
    rows = math.ceil(count / per_row)
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        in_row = min(per_row, count - r * per_row)
        out.append(QPointF(centre.x() + (c - (in_row - 1) / 2) * spacing,
                           centre.y() + (r - (rows - 1) / 2) * spacing))
    return out


BURST_Z = 25.0   # a battle's burst or framed name: over the pieces


class BattleMarker(QGraphicsItem):
    """A red burst where a battle is pending, of a fixed size on screen, drawn beside the
    space's name: ``offset`` (pixels) from its position. The piece layout keeps the units
    clear of it (`rect`), so it never covers them."""

    RADIUS = 9.0

    def __init__(self, space: str, offset: QPointF) -> None:
        super().__init__()
        self.space = space
        self.offset = offset
        # A red frame round the space's name instead, where every place beside the name is
        # on a stack (`MarksMixin.under_name`), or a ring round its stack (``ring``): pixels
        # about the position.
        self.frame: QRectF | None = None
        self._ring = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(BURST_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def ring(self) -> bool:
        return self._ring

    @ring.setter
    def ring(self, ring: bool) -> None:
        # A ring passes through its stack's count badge, which stands past the token's edge:
        # drawn under the pieces, it leaves the count readable.
        self._ring = ring
        self.setZValue(SUMMARY_Z - 0.5 if ring else BURST_Z)

    def rect(self) -> QRectF:
        """The burst, in pixels around the item's position."""
        if self.frame is not None:
            return QRectF(self.frame)
        r = self.RADIUS
        return QRectF(self.offset.x() - r, self.offset.y() - r, 2 * r, 2 * r)

    def boundingRect(self) -> QRectF:
        return self.rect().adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.frame is not None and self.ring:   # (round the token, which shows inside)
            painter.setPen(QPen(QColor("#b3140c"), 3.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.frame.adjusted(1.5, 1.5, -1.5, -1.5))
            return
        if self.frame is not None:   # (round the name, which shows through it)
            painter.setPen(QPen(QColor("#b3140c"), 2.2))
            painter.setBrush(QBrush(QColor(225, 40, 30, 45)))
            painter.drawRoundedRect(self.frame.adjusted(-1, -1, 1, 1), 4, 4)
            return
        centre, r = self.offset, self.RADIUS
        points = []
        for i in range(16):
            angle = math.pi * 2 * i / 16
            reach = r if i % 2 == 0 else r * 0.55
            points.append(QPointF(centre.x() + reach * math.cos(angle),
                                  centre.y() + reach * math.sin(angle)))
        painter.setPen(QPen(QColor("#7a0a0a"), 1.2))
        painter.setBrush(QBrush(QColor(225, 40, 30, 235)))
        painter.drawPolygon(QPolygonF(points))
        painter.setPen(QPen(QColor("white"), 1.6))
        d = r * 0.32  # crossed swords, in short
        painter.drawLine(QPointF(centre.x() - d, centre.y() - d),
                         QPointF(centre.x() + d, centre.y() + d))
        painter.drawLine(QPointF(centre.x() - d, centre.y() + d),
                         QPointF(centre.x() + d, centre.y() - d))


class MarksMixin:
    """Battle markers and hover text, shared by both scenes."""

    scene: QGraphicsScene
    board: BoardMap
    piece_size: float
    _markers: list[BattleMarker]
    pieces_drawn: PiecesDrawn
    stacks_shown: Callable[[str], list[tuple[QPointF, float]]]

    def centre_of(self, space: str) -> QPointF:
        raise NotImplementedError

    def battle_spot(self, space: str) -> tuple[QPointF, QPointF]:
        """Where a space's battle marker goes: a scene point and an offset in pixels."""
        raise NotImplementedError

    def _set_tooltip(self, space: str, text: str) -> None:
        raise NotImplementedError

    def _show_marks(self, state: GameState, battles: Iterable[str] | None = None) -> None:
        """A marker on each space of ``battles`` (the engine's `Game.battle_spaces`: in combat
        movement the battles the moves so far have made), by default the state's battles not
        yet over."""
        for item in self._markers:
            self.scene.removeItem(item)
        self._markers.clear()
        fights = set(battles) if battles is not None else \
            {b.space for b in state.battles if b.status != "over"}
        for space in sorted(fights):
            marker = BattleMarker(space, QPointF())
            self.scene.addItem(marker)
            self._markers.append(marker)
        self.move_marks()
        # Each space's units, found in one pass (not one pass over the units per space).
        units: dict[str, list[Unit]] = {space: [] for space in self.board.space_ids}
        for unit in state.units.values():
            units.setdefault(unit.space, []).append(unit)
        for space in self.board.space_ids:
            self._set_tooltip(space, describe_space(self.board, state, space, units[space]))

    def move_marks(self) -> None:
        """Put the battle markers beside their spaces' names (again, after the names moved
        for another zoom)."""
        for marker in self._markers:
            point, offset = self.battle_spot(marker.space)
            marker.prepareGeometryChange()
            marker.offset = offset
            marker.setPos(point)
            marker.frame = self.under_name(marker.space)
            marker.ring = self.ringed(marker.space)

    def ringed(self, space: str) -> bool:
        """Whether ``space``'s battle marker is a ring round one of its stacks."""
        return False

    def under_name(self, space: str) -> QRectF | None:
        """The name's box (pixels) when ``space``'s battle marker frames its name, else None."""
        return None

    def follow_stacks(self) -> None:
        """The pieces were laid out: a battle marker drawn round a stack follows it."""

    def obstacles(self) -> list[tuple[QPointF, QRectF]]:
        """The battle markers, as (scene point, pixel box): the pieces keep clear of them. A
        marker framing its space's name is none: the pieces keep clear of the name already,
        and a stack the name stands near stays where it is."""
        return [(marker.pos(), marker.rect()) for marker in self._markers
                if marker.frame is None]


class SchematicBoardScene(MarksMixin):
    """Spaces as labelled boxes on a grid: land in the upper rows, sea zones below."""

    BOX_W = 140.0
    BOX_H = 100.0
    COLUMNS = 7

    def __init__(self, board: BoardMap) -> None:
        self.board = board
        self.scene = QGraphicsScene()
        self.piece_size = 26.0
        self._markers = []
        self.pieces_drawn = lambda _near: ([], 1.0)
        self.stacks_shown = lambda _space: []
        self.boxes: dict[str, QGraphicsRectItem] = {}
        font = QFont()
        font.setPointSizeF(9)
        spaces = [t.id for t in board.territories] + [z.id for z in board.sea_zones]
        for i, space in enumerate(spaces):
            row, col = divmod(i, self.COLUMNS)
            rect = QRectF(col * self.BOX_W, row * self.BOX_H, self.BOX_W - 6, self.BOX_H - 6)
            box = QGraphicsRectItem(rect)
            box.setData(0, space)
            box.setPen(QPen(QColor("#2b2b2b"), 1.2))
            self.scene.addItem(box)
            label = QGraphicsSimpleTextItem(place_name(board, space), box)
            label.setFont(font)
            label.setPos(rect.x() + 4, rect.y() + 2)
            self.boxes[space] = box
        # A fixed extent: otherwise the scene grows with a dragged piece or a path and the
        # view, centring it, shifts the map under the pointer.
        self.scene.setSceneRect(self.scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        self._paint_owners({})

    def _paint_owners(self, owners: Mapping[str, object]) -> None:
        for space, box in self.boxes.items():
            territory = self.board.territory_by_id.get(space)
            if territory is None:
                box.setBrush(QColor("#8fb9d8"))
            elif territory.impassable:
                box.setBrush(QColor("#9a9a9a"))
            elif territory.dutch_east_indies and owners.get(space) in (None, territory.owner):
                box.setBrush(QColor(DUTCH_EAST_INDIES))
            else:
                owner = owners.get(space, territory.owner)
                box.setBrush(land_colour(owner))  # type: ignore[arg-type]
            box.setData(1, box.brush())

    def space_at(self, pos: QPointF) -> str | None:
        for item in self.scene.items(pos):
            space = item.data(0)
            if isinstance(space, str) and isinstance(item, QGraphicsRectItem):
                return space
        return None

    def centre_of(self, space: str) -> QPointF:
        return self.boxes[space].rect().center() + QPointF(0, 8)

    def battle_spot(self, space: str) -> tuple[QPointF, QPointF]:
        """The box's top right corner, clear of its name and of the stacks in its middle."""
        rect = self.boxes[space].rect()
        r = BattleMarker.RADIUS
        return rect.topRight(), QPointF(-r - 3, r + 3)

    def slots(self, space: str, count: int) -> list[QPointF]:
        return grid_slots(self.centre_of(space), count, self.piece_size * 1.15)

    def highlight(self, spaces: Mapping[str, str]) -> None:
        """Light ``spaces`` in the colour of what a drop there means ({} clears)."""
        for space, box in self.boxes.items():
            kind = spaces.get(space)
            tint = drop_tint(kind) if kind is not None else None
            base = box.data(1)
            box.setData(2, kind if tint is not None else None)
            if tint is not None:
                box.setPen(QPen(tint.darker(150), 4))
                box.setBrush(tint)
            else:
                box.setPen(QPen(QColor("#2b2b2b"), 1.2))
                if base is not None:
                    box.setBrush(base)

    def outline(self, space: str) -> QPainterPath:
        """The space's box, in scene coordinates (the tutorial outlines destinations)."""
        path = QPainterPath()
        path.addRect(self.boxes[space].rect())
        return path

    def highlighted(self) -> dict[str, str]:
        """Which spaces are lit now (for tests)."""
        out = {}
        for space, box in self.boxes.items():
            kind = box.data(2)
            if kind:
                out[space] = str(kind)
        return out

    def _set_tooltip(self, space: str, text: str) -> None:
        self.boxes[space].setToolTip(text)

    def show_state(self, state: GameState, battles: Iterable[str] | None = None) -> None:
        self._paint_owners(state.territory_owner)
        self._show_marks(state, battles)


def has_geometry(board: BoardMap) -> Path | None:
    """The geometry file of a board, when its map folder has one."""
    from pacific.rules.files.maps import map_roots

    for root in map_roots():
        candidate = root / board.id / "geometry.json"
        if candidate.is_file():
            return candidate
    return None


def make_board_scene(board: BoardMap) -> BoardScene:
    """The best scene for ``board``: real geography when it has a geometry file."""
    path = has_geometry(board)
    if path is not None:
        from pacific.gui.geo_scene import GeoBoardScene

        scene: BoardScene = GeoBoardScene(board, path)
        return scene
    return SchematicBoardScene(board)
