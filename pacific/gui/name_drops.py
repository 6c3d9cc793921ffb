"""Which space a drop on the map means when the pointer stands on a space's shown name: a name
drawn partly over a neighbour that holds no units (Szechwan's over the Himalayas) is that name's
space, while over another playable space the space under the pointer keeps the drop. The drop
then goes to the engine as every drop does; nothing here decides whether it is legal."""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from pacific.text import _, place_name

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsView

    from pacific.gui.scene import BoardScene
    from pacific.rules.board_map import BoardMap


def drop_space_at(scene: BoardScene, view: QGraphicsView | None, board: BoardMap,
                  pos: QPointF) -> str | None:
    """The space a drop at ``pos`` (scene) lands on: the playable space under the point, else
    the space whose shown name covers the point, else the space under the point (or None)."""
    space = scene.space_at(pos)
    if space is not None and _playable(board, space):
        return space
    named = name_space_at(scene, view, board, pos)
    return named if named is not None else space


def name_space_at(scene: BoardScene, view: QGraphicsView | None, board: BoardMap,
                  pos: QPointF) -> str | None:
    """The playable space whose name, as shown in ``view``, covers ``pos`` (scene); the
    nearest name's where two overlap; None over no shown name."""
    labels = getattr(getattr(scene, "map", None), "labels", None)
    if view is None or not labels:
        return None
    point = QPointF(view.mapFromScene(pos))
    best: tuple[float, str] | None = None
    for space, label in labels.items():
        if not label.isVisible() or label.hidden or not _playable(board, space):
            continue
        # (a name keeps its size on screen: its box is in pixels around its label point)
        at = QPointF(view.mapFromScene(label.scenePos()))
        box = label.text_box().translated(at)
        if box.contains(point):
            gap = (box.center() - point).manhattanLength()
            if best is None or gap < best[0]:
                best = (gap, space)
    return best[1] if best is not None else None


def _playable(board: BoardMap, space: str) -> bool:
    territory = board.territory_by_id.get(space)
    return territory is None or not territory.impassable


def sea_zones_beside(board: BoardMap, space: str, allowed: Container[str]) -> tuple[str, ...]:
    """The sea zones next to the territory ``space`` that ships may go to (``allowed``: the
    engine's drop or placement targets), for ships dropped on a coast: a drop there with one
    such zone goes to it, with several the refusal names them."""
    if not board.is_land(space):
        return ()
    return tuple(zone for zone in board.space_ids if board.is_sea(zone) and zone in allowed
                 and board.adjacent(space, zone))


def went_to_sea(board: BoardMap, territory: str, zone: str) -> str:
    return _("Ships go to sea: dropped on {territory}, they went to {zone} beside it").format(
        territory=place_name(board, territory), zone=place_name(board, zone))


def may_go_to_sea(board: BoardMap, territory: str, zones: tuple[str, ...]) -> str:
    return _("Ships go to sea: beside {territory} they may go to {zones}").format(
        territory=place_name(board, territory),
        zones=", ".join(place_name(board, zone) for zone in zones))
