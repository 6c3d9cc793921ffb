"""Dragging pieces: a press on a stack starts a drag of some of its units; while the mouse moves,
the legal destinations are highlighted (the engine's reachability answer) and the path and cost
to the space under the cursor are shown; the release becomes ONE action sent to the controller
(Orange-canvas habit). A refused drop slides the ghost back and shows the engine's reason with
its rule id. The drag never changes game state itself.

How many units: a plain drag takes the number in the "move" spin box (the whole stack by
default); Shift takes one piece; Ctrl takes half the stack. Alt held at the drop sends bombers
on a strategic bombing raid instead of an attack (R-COMBATMOVE-9).

Gestures and the actions they become:
- a stack dropped on a space it can reach → `Move` along the engine's path;
- land units dropped on a sea zone holding a friendly transport → `Load` (R-TRANS-3);
- a loaded transport dropped on an adjacent territory → `Unload` of its cargo (R-TRANS-5);
  a cargo icon dragged off its ship onto a territory → `Unload` of that cargo;
- in phase 2, patrolling fighters dropped on a landing place → `LandCap` (R-CAP-7);
- in phase 6, fighters dropped on a sea zone next to their territory where they cannot land
  → `StartCap`, a combat air patrol (R-CAP-1);
- a new unit from the placement tray dropped on the map → `Place` (R-PLACE-1..7).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QPointF,
    QPropertyAnimation,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
)

from pacific.gui.piece_items import StackItem
from pacific.rules.actions import Action
from pacific.rules.actions.movement import LandCap, Load, Move, StartCap, Unload
from pacific.rules.errors import IllegalAction
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, is_land


@dataclass(frozen=True)
class Route:
    """Where a group can go: the spaces crossed (start included), the movement spent, the
    engine's action that takes it there, and whether a battle will be fought there."""

    path: tuple[str, ...]
    cost: int
    action: Action | None = None
    attack: bool = False
    raid_action: Action | None = None  # bombers: the same flight as a bombing raid


ReachFunction = Callable[[GameState, tuple[int, ...]], Mapping[str, Route]]
SpaceAt = Callable[[QPointF], str | None]
Highlight = Callable[[Mapping[str, str]], None]  # space → "legal" | "attack"; {} clears
CentreOf = Callable[[str], QPointF]


def pick_units(state: GameState, ids: tuple[int, ...], count: int) -> tuple[int, ...]:
    """The ``count`` units of a stack that move: those with the most movement left first
    (R-NONCOMBAT-1 counts aircraft moves over both phases), then by id."""
    units = sorted((state.units[i] for i in ids), key=lambda u: (u.moves_used, u.id))
    return tuple(u.id for u in units[:max(1, min(count, len(units)))])


def drop_action(state: GameState, unit_ids: tuple[int, ...], target: str,
                routes: Mapping[str, Route], is_sea: Callable[[str], bool],
                adjacent: Callable[[str, str], bool], raid: bool = False) -> Action | None:
    """The action a drop of ``unit_ids`` on ``target`` means, or None (nothing to do).
    ``raid``: the player held Alt: bombers fly a strategic bombing raid (R-COMBATMOVE-9)."""
    first = state.units[unit_ids[0]]
    start = first.space
    route = routes.get(target)
    if route is not None and raid and route.raid_action is not None:
        return route.raid_action
    if route is not None and route.action is not None:
        return route.action  # the engine's own answer (movement's reachable)
    if target == start:
        return None
    if state.phase is Phase.CAP_LANDING:
        return LandCap(units=unit_ids, space=target)  # R-CAP-7
    if state.phase is Phase.NONCOMBAT_MOVE and first.type is UnitType.FIGHTER and \
            not is_sea(start) and is_sea(target) and adjacent(start, target):
        # A fighter that flies from land to a sea zone with no carrier starts a patrol
        # (R-CAP-1); from a carrier it is a plain move, which the engine judges (R-CARRIER-2).
        return StartCap(units=unit_ids, sea_zone=target)
    if is_land(first.type) and is_sea(target) and first.carried_by is None:
        ships = [u for u in state.units_at(target)
                 if u.type.value in ("transport", "destroyer") and u.owner is first.owner]
        if ships and adjacent(start, target):
            # Prefer the ship that already carries the most, so transports fill up in turn.
            ships.sort(key=lambda s: (-len(state.cargo_of(s.id)), s.id))
            return Load(transport=ships[0].id, units=unit_ids)
    cargo = [c.id for uid in unit_ids for c in state.cargo_of(uid)]
    if cargo and not is_sea(target) and adjacent(start, target) and len(unit_ids) == 1:
        return Unload(transport=unit_ids[0], units=tuple(cargo), territory=target)
    # Not a legal destination: send the plain move anyway, so the engine says why not.
    path = route.path if route is not None else (start, target)
    return Move(units=unit_ids, path=path)


class DragController(QObject):
    """Runs one drag at a time over the scene. Signals:
    dropped(Action): the action a drop means (the main window submits it);
    status(str): a line for the status strip while dragging."""

    dropped = Signal(object)
    status = Signal(str)

    def __init__(self, scene: QGraphicsScene, space_at: SpaceAt, highlight: Highlight,
                 centre_of: CentreOf, reach: ReachFunction,
                 state: Callable[[], GameState], is_sea: Callable[[str], bool],
                 adjacent: Callable[[str, str], bool], space_name: Callable[[str], str]) -> None:
        super().__init__()
        self.scene = scene
        self.space_at = space_at
        self.highlight = highlight
        self.centre_of = centre_of
        self.reach = reach
        self.state = state
        self.is_sea = is_sea
        self.adjacent = adjacent
        self.space_name = space_name
        self.requested_count: int | None = None  # from the spin box; None = whole stack
        self.animation_ms = 250
        self.item: StackItem | None = None
        self.units: tuple[int, ...] = ()
        self.routes: Mapping[str, Route] = {}
        self.origin = QPointF()
        self._path_item = QGraphicsPathItem()
        self._path_item.setPen(QPen(QColor("#ffdd33"), 0))
        self._path_item.setZValue(50)
        self._label = QGraphicsSimpleTextItem()
        self._label.setZValue(51)
        self._label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self._label.setBrush(QColor("#1a1a1a"))
        self._anim: QVariantAnimation | QPropertyAnimation | None = None

    # ---- the three mouse steps ----

    def begin(self, item: StackItem, event: QGraphicsSceneMouseEvent) -> None:
        mods = event.modifiers()
        # Grabbing a cargo icon drags the cargo off its ship (unloading, R-TRANS-5).
        ids = item.cargo_at(event.pos()) or item.unit_ids
        count = len(ids) if self.requested_count is None else self.requested_count
        if mods & Qt.KeyboardModifier.ShiftModifier:
            count = 1
        elif mods & Qt.KeyboardModifier.ControlModifier:
            count = max(1, len(ids) // 2)
        state = self.state()
        self.item = item
        self.units = pick_units(state, ids, count)
        self.origin = item.pos()
        self.routes = self.reach(state, self.units)
        self.highlight({space: "attack" if route.attack else "legal"
                        for space, route in self.routes.items()})
        item.setZValue(60)
        item.setOpacity(0.85)
        self._ensure_overlay()
        self.status.emit(f"Dragging {len(self.units)} of {len(ids)}: legal destinations are "
                         "highlighted")

    def move(self, scene_pos: QPointF) -> None:
        if self.item is None:
            return
        self.item.setPos(scene_pos)
        space = self.space_at(scene_pos)
        route = self.routes.get(space) if space is not None else None
        if route is None:
            self._path_item.setPath(QPainterPath())
            self._label.setText("")
            return
        path = QPainterPath(self.centre_of(route.path[0]))
        for step in route.path[1:]:
            path.lineTo(self.centre_of(step))
        pen = QPen(QColor("#ffdd33"), 4)
        pen.setCosmetic(True)  # the same width on screen at every zoom
        pen.setStyle(Qt.PenStyle.DashLine)
        self._path_item.setPen(pen)
        self._path_item.setPath(path)
        names = " → ".join(self.space_name(s) for s in route.path)
        self._label.setText(f"{names}   (cost {route.cost})")
        self._label.setPos(scene_pos)
        self.status.emit(f"{names}: {route.cost} move(s)")

    def finish(self, scene_pos: QPointF) -> Action | None:
        """End the drag at ``scene_pos``: returns the action emitted, if any."""
        item = self.item
        if item is None:
            return None
        target = self.space_at(scene_pos)
        self._clear_overlay()
        action = None
        if target is not None:
            raid = bool(QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier)
            action = drop_action(self.state(), self.units, target, self.routes, self.is_sea,
                                 self.adjacent, raid)
        if action is None:
            self.snap_back()
            return None
        # The controller answers: the scene redraws from the new state, or `refused` fires
        # and the main window calls `snap_back` with the reason.
        self.dropped.emit(action)
        return action

    def snap_back(self, refusal: IllegalAction | None = None) -> None:
        """Slide the dragged stack back to where it was (an illegal drop)."""
        item, self.item = self.item, None
        self.units, self.routes = (), {}
        self.highlight({})
        if refusal is not None:
            self.status.emit(refusal.message)
        if item is None or item.scene() is None:
            return
        item.setOpacity(1.0)
        item.setZValue(20)
        if self.animation_ms <= 0:
            item.setPos(self.origin)
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(item.pos())
        anim.setEndValue(self.origin)
        anim.setDuration(self.animation_ms)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.valueChanged.connect(lambda p: item.setPos(p) if item.scene() else None)
        anim.start()
        self._anim = anim

    def done(self) -> None:
        """The drop was applied: forget the drag (the piece layer is rebuilt from state)."""
        self.item, self.units, self.routes = None, (), {}
        self.highlight({})

    @property
    def active(self) -> bool:
        return self.item is not None

    # ---- overlay ----

    def _ensure_overlay(self) -> None:
        if self._path_item.scene() is None:
            self.scene.addItem(self._path_item)
        if self._label.scene() is None:
            font = QFont()
            font.setPointSizeF(11)
            font.setBold(True)
            self._label.setFont(font)
            self.scene.addItem(self._label)

    def _clear_overlay(self) -> None:
        self._path_item.setPath(QPainterPath())
        self._label.setText("")
