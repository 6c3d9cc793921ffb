"""Which space a drop on the map means where the pointer stands on something drawn: a space's
stack or marker's token, or its shown name (with its number and star) wherever the layout put
it, over the sea beside its islands or over a neighbour, means that space before the space
under the pointer; ships dropped on a coast mean the sea zone beside it. The drop then goes to the
engine as every drop does; nothing here decides whether it is legal."""

from __future__ import annotations

import math
from collections.abc import Callable, Container
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF

from pacific.rules.phases import Phase
from pacific.rules.units import is_air
from pacific.text import _, ngettext, place_name

# (pixels on screen: a drop just beside a name drawn over a space where nothing ever goes)
NEAR = 10
# (pixels on screen: a drop just off a name's letters, which the dragged token hides, aims at
# the name, not at the strip of a neighbour's coast under it)
REACH = 6
# (pixels on screen: a drop on the dragged units' own space this close to a space they may go
# to, lit, aims at it: a channel of a sea zone between an island's coasts, a coast's last pixels)
BORDER = 4

if TYPE_CHECKING:
    from PySide6.QtWidgets import QGraphicsView

    from pacific.gui.scene import BoardScene
    from pacific.rules.board_map import BoardMap
    from pacific.rules.engine import Game
    from pacific.rules.state import GameState


def drop_space_at(scene: BoardScene, view: QGraphicsView | None, board: BoardMap,
                  pos: QPointF, allowed: Container[str] = (), marked: str | None = None,
                  beside: str | None = None) -> str | None:
    """The space a drop at ``pos`` (scene) means. What is drawn there speaks first: a space's
    stack or marker where the point is on its token (``marked``), then a space's shown name
    with its number and star, wherever the layout put it (Sea Zone 35's number over Sea Zone
    34, Szechwan's over the Himalayas), or off its letters by up to `REACH` pixels where no
    stack is drawn and the point is over land or the name is a sea zone's number (the dragged
    token hides them: Szechwan's name over Yunnan's land, Sea Zone 43's number on its rim by
    Sea Zone 42); a
    name hides the space under it (a drop aimed at a
    name never lands on its neighbour: where the units may not go, or already stand, the
    refusal or "nothing moves" says so), but for a territory's name over a sea zone beside
    it, which takes ships. Off a name: a stack's count or rim (``beside``), then the
    playable space under the point (its own area means it); over one where nothing ever
    goes (the Himalayas), a name within `NEAR` pixels. The first of these the units may go
    to (``allowed``: the engine's targets) wins, else the first: its refusal names it."""
    area = scene.space_at(pos)
    playable = area if area is not None and _playable(board, area) else None
    name = name_space_at(scene, view, board, pos)
    if name is None and beside is None:
        # (over a neighbour's land; over the water only a sea zone's number: a drop on the
        # water just off an island's name means the sea zone, where ships go and from where
        # land units board, and one just off a zone's number drawn on its rim means the zone)
        near = name_space_at(scene, view, board, pos, REACH)
        if playable is None or board.is_land(playable) or \
                (near is not None and board.is_sea(near)):
            name = near
    if name is not None:
        found = [marked, name]
        if playable is not None and board.is_land(name) and board.is_sea(playable) and \
                board.adjacent(name, playable):
            found.append(playable)   # (ships dropped on a coast's name over its sea)
    else:
        found = [marked, beside, playable]
        if area is not None and playable is None:
            found += [name_space_at(scene, view, board, pos, NEAR), area]
    present = [space for space in found if space is not None]
    return next((space for space in present if space in allowed),
                present[0] if present else None)


def lit_beside(space_at: Callable[[QPointF], str | None], view: QGraphicsView | None,
               pos: QPointF, start: str | None, targets: Container[str]) -> str | None:
    """The lit space (``targets``) a drop at ``pos`` (scene) on the units' own space
    ``start`` aims at: the one a drop `BORDER` pixels away or less would mean (``space_at``:
    the drop's own reading of a point, `drop_space_at`), the nearest, then the one most of the
    points around at that distance mean; None where none is that close. A drop on the units'
    own space moves nothing, so reading it as the target beside it loses nothing: the engine
    then judges that move as any other."""
    if view is None or start is None:
        return None
    centre = view.mapFromScene(pos)
    for radius in range(1, BORDER + 1):
        seen: dict[str, int] = {}
        for step in range(8):
            angle = math.tau * step / 8
            point = QPoint(round(centre.x() + radius * math.cos(angle)),
                           round(centre.y() + radius * math.sin(angle)))
            space = space_at(view.mapToScene(point))
            if space is not None and space != start and space in targets:
                seen[space] = seen.get(space, 0) + 1
        if seen:
            return max(seen, key=lambda space: seen[space])
    return None


def name_space_at(scene: BoardScene, view: QGraphicsView | None, board: BoardMap,
                  pos: QPointF, margin: float = 0) -> str | None:
    """The playable space whose name, as shown in ``view``, covers ``pos`` (scene), or comes
    within ``margin`` pixels of it; the nearest name's where two overlap; None over no
    shown name."""
    labels = getattr(getattr(scene, "map", None), "labels", None)
    if view is None or not labels:
        return None
    point = QPointF(view.mapFromScene(pos))
    best: tuple[tuple[float, float], str] | None = None
    for space, label in labels.items():
        if not label.isVisible() or label.hidden or not _playable(board, space):
            continue
        # (a name keeps its size on screen: its box is in pixels around its label point)
        at = QPointF(view.mapFromScene(label.scenePos()))
        box = label.text_box().translated(at).adjusted(-margin, -margin, margin, margin)
        if box.contains(point):
            # (the name the point is nearest to, or deepest in, where boxes overlap)
            name = box.adjusted(margin, margin, -margin, -margin)
            off = max(name.left() - point.x(), 0.0, point.x() - name.right()) + \
                max(name.top() - point.y(), 0.0, point.y() - name.bottom())
            gap = (off, (name.center() - point).manhattanLength())
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


def will_go_to_sea(board: BoardMap, territory: str, zone: str) -> str:
    return _("Ships go to sea: dropped on {territory}, they will go to {zone} beside it").format(
        territory=place_name(board, territory), zone=place_name(board, zone))


def may_go_to_sea(board: BoardMap, territory: str, zones: tuple[str, ...]) -> str:
    return _("Ships go to sea: beside {territory} they may go to {zones}").format(
        territory=place_name(board, territory),
        zones=", ".join(place_name(board, zone) for zone in zones))


def lands_where_it_stands(game: Game, state: GameState, units: tuple[int, ...],
                          space: str) -> str | None:
    """What a drop of aircraft on the sea zone they stand in means in non-combat movement,
    where the end of the phase lands them on their side's carrier there (R-NONCOMBAT-1: the
    engine counts none of them lost); None otherwise ("nothing moves" says the rest)."""
    board = game.board
    if state.phase is not Phase.NONCOMBAT_MOVE or not board.is_sea(space) or not units or \
            not all(i in state.units and is_air(state.units[i].type) for i in units):
        return None
    lost = {i for cost in game.phase_end_costs(state) for i in cost.units}
    if lost & set(units):
        return None
    return ngettext("The fighter already stands in {space}: it lands on the aircraft carrier "
                    "there when the phase ends (R-NONCOMBAT-1)",
                    "The fighters already stand in {space}: they land on the aircraft "
                    "carrier there when the phase ends (R-NONCOMBAT-1)", len(units)).format(
                        space=place_name(board, space))
