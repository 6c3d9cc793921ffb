"""`GeoBoardScene`: the game's questions to the map answered over the geometry helper's
`MapScene` (real coastlines, `maps/<id>/geometry.json`), by composition: the map scene draws
the regions, this class places pieces at their slots, lights up destinations and marks battles.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsItem

from pacific.board.geometry import load_geometry
from pacific.gui.map_scene import HighlightKind, MapScene
from pacific.gui.scene import MarksMixin, grid_slots
from pacific.rules.board import BoardMap
from pacific.rules.nations import Nation
from pacific.rules.state import GameState

# The drag's kinds → the map scene's tints (it has no tint of its own for an attack yet; the
# path label and the battle marker after the move tell an attack apart).
TINTS: dict[str, HighlightKind] = {"legal": "legal", "attack": "legal", "illegal": "illegal"}

PIECE_SIZE = 17.0  # scene units; the map's slots are 20 apart (pacific.board.layout)


class GeoBoardScene(MarksMixin):
    def __init__(self, board: BoardMap, geometry_file: Path) -> None:
        """Raises: GeometryError when the geometry file cannot be read."""
        self.board = board
        self.map = MapScene(board, load_geometry(geometry_file))
        self.scene = self.map
        self.piece_size = PIECE_SIZE
        self._markers: list[QGraphicsItem] = []
        self._lit: dict[str, str] = {}

    def space_at(self, pos: QPointF) -> str | None:
        space = self.map.region_at(pos)
        return space if space in self.map.regions else None

    def centre_of(self, space: str) -> QPointF:
        item = self.map.regions[space]
        if item.slots:
            return QPointF(item.slots[0])
        if not item.label_point.isNull():
            return QPointF(item.label_point)
        return item.boundingRect().center()

    def slots(self, space: str, count: int) -> list[QPointF]:
        """The map's slot points first; more stacks than slots go on a grid next to them."""
        given = list(self.map.slot_points(space))
        if count <= len(given):
            return given[:count]
        extra = count - len(given)
        anchor = given[-1] if given else self.centre_of(space)
        more = grid_slots(anchor + QPointF(0, self.piece_size * 1.3), extra,
                          self.piece_size * 1.1)
        return given + more

    def highlight(self, spaces: Mapping[str, str]) -> None:
        for space in set(self._lit) | set(spaces):
            kind = TINTS.get(spaces.get(space, ""), "none")
            self.map.regions[space].set_highlight(kind)
        self._lit = {s: k for s, k in spaces.items() if k in TINTS}

    def highlighted(self) -> dict[str, str]:
        return dict(self._lit)

    def _set_tooltip(self, space: str, text: str) -> None:
        self.map.regions[space].setToolTip(text)

    def show_state(self, state: GameState) -> None:
        holders: dict[str, Nation | None] = {z.id: state.convoy_holder.get(z.id)
                                             for z in self.board.convoy_zones()}
        self.map.set_control(state.territory_owner, holders)
        self._show_marks(state)
