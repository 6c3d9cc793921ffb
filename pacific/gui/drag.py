"""Dragging pieces: a press on a stack starts a drag of some of its units; while the mouse moves,
the places it can be dropped are lit in the colour of what a drop there means (the engine's
`Game.drop_targets`: move, attack, load, unload, amphibious assault, combat air patrol) and the
path and cost to the space under the cursor are shown; the release becomes what the engine says
the drop means (`Game.drop_actions`: one action, or a short sequence such as a move and the
unloading), sent to the controller as one command (Orange-canvas habit). A refused drop slides
the ghost back and shows the engine's reason with its rule id. The drag never changes game
state, nor decides what is legal, itself: it asks the engine.

A press let go before the pointer has gone further than the platform's drag distance (a
click, a jitter of a pixel or two, a double click) is a click: it selects the stack and the
status strip says what is in it; nothing moves. Escape while the button is held calls the drag
off: the stack slides back and the release that follows drops nothing.

How many units: a plain drag takes the number in the "move" spin box (the whole stack by
default); Shift takes one piece; Ctrl takes half the stack; which units of the stack go is the
engine's answer too (`Game.pick_units`: those with the most movement left, a loaded ship
before an empty one), shown on a token of their own. Where the place
takes fewer than were dragged (eight infantry on ships with room for seven), it is lit
while they are dragged and the path says how many can go (`Game.part_drops`); the drop moves
the most the engine accepts (`Game.largest_drop`, the same answer) and the status says how
many went, and why not the rest.
Alt held at the drop sends bombers on a strategic bombing raid instead of an attack
(R-COMBATMOVE-9). A cargo icon grabbed on its ship drags the cargo off it on a token of
its own, the ships staying where they are (unloading, R-TRANS-5; fighters taking off a carrier,
R-CARRIER-2): with the pointer on the stack the icons grow to a size to grab
(`StackItem.cargo_open`). New units from the placement tray are dropped through the map view
(`Place`, R-PLACE-1..7). Units chosen in the unit picker (`pacific.gui.unit_picker`) are
dragged from it the same way (`begin_units`).

In edit mode every stack may be dragged and nothing is lit: the drop moves the units where it
lands as a correction (`edit_moves`: one `edit_move_units`), and the engine refuses what the
board cannot hold (a ship on land, R-UNIT-1) with the rule and the space.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Mapping

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPointF,
    QPropertyAnimation,
    QRectF,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QKeyEvent,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.edit_moves import edit_moves
from pacific.gui.name_drops import (
    lands_where_it_stands,
    lit_beside,
    may_go_to_sea,
    sea_zones_beside,
    went_to_sea,
    will_go_to_sea,
)
from pacific.gui.palette import drop_legend
from pacific.gui.picker_place import view_covers
from pacific.gui.piece_items import StackItem, cargo_hint
from pacific.gui.piece_trail import DropTrail
from pacific.gui.stacks import StackKey
from pacific.rules.actions import Action
from pacific.rules.drops import PartDrop
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState
from pacific.rules.units import is_sea
from pacific.text import N_, _, ngettext, short_refusal_text

# The space a drop at a point means, given the spaces the units may go to.
SpaceAt = Callable[[QPointF, Container[str]], str | None]
Highlight = Callable[[Mapping[str, str]], None]  # space → meaning ("move", "attack"...); {} clears
CentreOf = Callable[[str], QPointF]
LABEL_MARGIN = 4   # pixels between a path label and the edges of the view
LABEL_OFFSET = 18   # pixels from the pointer to the path label, clear of the dragged stack

# What the path label adds for a drop that is more than a move.
MEANING_WORDS = {
    "attack": N_("attack"),
    "load": N_("load"),
    "unload": N_("unload"),
    "assault": N_("amphibious assault"),
    "patrol": N_("combat air patrol"),
    "land_patrol": N_("patrol lands"),
}


class PathLabel(QGraphicsSimpleTextItem):
    """The dragged path's label, on a pale card: read over the map's colours and the pieces
    it passes over."""

    PADDING = 3.0
    # Where a label too wide for the view breaks: before what a drop means (" · "), before a
    # path's next step (" → "), after a "; ".
    BREAKS = re.compile(r"(?= · )|(?= → )|(?<=; )")

    def show_fitted(self, text: str, width: float) -> None:
        """Show ``text`` on as few lines as keep the card within ``width`` pixels: the end of
        a long path's label (what the drop means, the hint of a bombing raid) stays in view
        in a small window."""
        metrics = QFontMetricsF(self.font())
        room = width - 2 * self.PADDING
        lines = [""]
        for part in self.BREAKS.split(text):
            if lines[-1] and metrics.horizontalAdvance(lines[-1] + part) > room:
                lines.append(part.removeprefix(" · ").lstrip())
            else:
                lines[-1] += part
        self.setText("\n".join(lines))

    def boundingRect(self) -> QRectF:
        pad = self.PADDING
        return super().boundingRect().adjusted(-pad, -pad, pad, pad)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.text():
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(255, 255, 255, 215))
            painter.drawRoundedRect(self.boundingRect(), 4, 4)
        super().paint(painter, option, widget)  # type: ignore[arg-type]


class DragController(QObject):
    """Runs one drag at a time over the scene. Signals:
    dropped(tuple[Action, ...]): the actions a drop means, in order (the main window submits
    them: one as a rule, a few for a load spread over ships or a move and the unloading);
    status(str): a line for the status strip while dragging; started(): a drag begins, from
    the map or the unit picker."""

    started = Signal()
    dropped = Signal(object)
    status = Signal(str)
    clicked = Signal(object)   # StackItem: pressed and let go without a drag (selects it)
    stayed = Signal(object, str)   # (QPointF, why): a drop that sends nothing, where and why

    def __init__(self, scene: QGraphicsScene, space_at: SpaceAt, highlight: Highlight,
                 centre_of: CentreOf, game: Callable[[], Game],
                 state: Callable[[], GameState], space_name: Callable[[str], str]) -> None:
        super().__init__()
        self.scene = scene
        self.space_at = space_at
        self.highlight = highlight
        self.centre_of = centre_of
        self.game = game
        self.state = state
        self.space_name = space_name
        self.requested_count: int | None = None  # from the spin box; None = whole stack
        self.animation_ms = 250
        self.item: StackItem | None = None
        self.units: tuple[int, ...] = ()
        self.targets: Mapping[str, DropTarget] = {}
        self._parts: Mapping[str, PartDrop] = {}   # the targets a drop reaches in steps
        self.origin = QPointF()
        self._origin_key: StackKey | None = None   # the stack the dragged item showed
        # Where the dragged token stood when the drag began: its place (scene) and its box
        # (pixels: tokens ignore the zoom). Kept after the drag, for the note of its refusal.
        self.start_box: tuple[QPointF, QRectF] | None = None
        # Where the button went down (scene), and whether the pointer has since gone further
        # than the platform's drag distance: until then a release is a click, never a drop
        # (a click, a jitter of a few pixels or a double click must not move anything).
        self._press = QPointF()
        self._dragging = False
        self._start: str | None = None   # where the dragged units stand
        self._legend = ""   # the status while no path is shown
        self._path_item = QGraphicsPathItem()
        self._path_item.setPen(QPen(QColor("#ffdd33"), 0))
        self._path_item.setZValue(50)
        self._label = PathLabel()
        self._label.setZValue(51)
        self._label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self._label.setBrush(QColor("#1a1a1a"))
        self._anim: QVariantAnimation | QPropertyAnimation | None = None
        self._ghost = False   # the dragged item was made for this drag (the cargo's, the picker's)
        self._selects: StackItem | None = None   # the stack a click selects (None: the picker's)
        # Where the last drop went (scene point, space) until the new position is drawn, and
        # the trail to the stack the units joined when that stands far from it.
        self._dropped: tuple[QPointF, str] | None = None
        self.trail = DropTrail(scene)
        self._fewer = ""   # what the status says after a drop of fewer units than dragged
        self.landed: str | None = None   # the space the last drop landed on (its refusal names it)
        self.beside = ""   # the sea zones ships dropped on a coast may go to (their refusal)

    # ---- the three mouse steps ----

    def begin(self, item: StackItem, event: QGraphicsSceneMouseEvent) -> None:
        mods = event.modifiers()
        # Grabbing a cargo icon drags the cargo off its ship (unloading, R-TRANS-5; fighters
        # taking off, R-CARRIER-2).
        cargo = item.cargo_at(event.pos())
        ids = cargo or item.unit_ids
        count = len(ids) if self.requested_count is None else self.requested_count
        if mods & Qt.KeyboardModifier.ShiftModifier:
            count = 1
        elif mods & Qt.KeyboardModifier.ControlModifier:
            count = max(1, len(ids) // 2)
        units = self.game().pick_units(self.state(), ids, count)
        self._selects = item
        if cargo and units:
            # The cargo goes on a token of its own, under the pointer: the ships stay where
            # they are, as they do on the board.
            state = self.state()
            first = state.units[units[0]]
            token = StackItem(StackKey(item.key.space, first.type, first.owner),
                              [state.units[i] for i in units], [], item.size, "")
            self._show_ghost(token, event.scenePos())
        elif units and len(units) < len(ids):
            # Part of the stack goes: on a token of its own, with what those units carry, so
            # that the picture is what moves (one empty transport of two does not show the
            # other's cargo); the rest stays.
            state = self.state()
            token = StackItem(item.key, [state.units[i] for i in units],
                              [c for i in units for c in state.cargo_of(i)], item.size, "")
            self._show_ghost(token, event.scenePos())
        else:
            self._ghost = False
            token = item
        self._start_drag(token, ids, units, event.scenePos())

    def begin_units(self, ghost: StackItem, units: tuple[int, ...], scene_pos: QPointF
                    ) -> None:
        """Start a drag of ``units`` (chosen in the unit picker) from ``scene_pos``, shown by
        ``ghost``, a token made for them alone: it joins the scene for the drag and leaves it
        at the end, whatever the drop."""
        self._selects = None
        self._show_ghost(ghost, scene_pos)
        self._start_drag(ghost, units, units, scene_pos)

    def _show_ghost(self, ghost: StackItem, scene_pos: QPointF) -> None:
        self._ghost = True
        ghost.setPos(scene_pos)
        self.scene.addItem(ghost)

    def _start_drag(self, item: StackItem, ids: tuple[int, ...], units: tuple[int, ...],
                    scene_pos: QPointF) -> None:
        self.started.emit()
        state, game = self.state(), self.game()
        self.item = item
        self.units = units
        self.origin, self._origin_key = item.pos(), item.key
        self.start_box = (item.pos(), item.boundingRect())
        self._press = scene_pos
        self._dragging = False
        if state.edit_mode:
            # A drop in edit mode corrects where the units stand (`edit_move_units`): no
            # movement rule lights a place; the engine checks the position it makes.
            self._parts, self.targets = {}, {}
        else:
            # Where a drop moves the group, or the most of it that may go, by more than one
            # action (a load spread over ships): lit too, and the path says how many go.
            self._parts = game.part_drops(state, self.units)
            self.targets = {**{space: part.target for space, part in self._parts.items()},
                            **game.unload_targets(state, self.units),
                            **game.drop_targets(state, self.units)}
        self._start = state.units[self.units[0]].space if self.units else None
        lit = {space: target.meaning for space, target in self.targets.items()}
        self.highlight(lit)
        item.setZValue(60)
        item.setOpacity(0.85)
        self._ensure_overlay()
        legend = drop_legend(lit.values())
        self._legend = _("Dragging {count} of {total}: {where}").format(
            count=len(self.units), total=len(ids),
            where=_("drop them where they belong (edit mode)") if state.edit_mode
            else legend if legend else _("no place to go from here"))
        if not self._ghost and ids == item.unit_ids and item.movable and cargo_hint(item):
            # The ships are dragged, their cargo with them: say how the cargo comes off.
            self._legend += " · " + cargo_hint(item)
        self.status.emit(self._legend)
        # Escape is heard wherever the keyboard focus is (the side panel's spin box, the
        # picker): while the button is held the map may not have it.
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and \
                event.key() == Qt.Key.Key_Escape and self.item is not None:
            self.cancel()
            return True
        return super().eventFilter(watched, event)

    def cancel(self) -> None:
        """Call the drag off (Escape): the stack slides back, nothing is sent, and the release
        still to come is neither a drop nor a click."""
        if self.item is None:
            return
        self._clear_overlay()
        self.snap_back()
        self.status.emit("")

    def _stop_listening(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def move(self, scene_pos: QPointF) -> None:
        if self.item is None:
            return
        if not self._dragging:
            if not self._beyond_click(scene_pos):
                return
            self._dragging = True
        self.item.setPos(scene_pos)
        space = self.drop_space(scene_pos)
        target = self.targets.get(space) if space is not None else None
        sea = ""
        if target is None and space is not None and self._ships():
            # Over a coast with one sea zone beside it to go to: the drop goes there (`finish`).
            zones = sea_zones_beside(self.game().board, space, self.targets)
            if len(zones) == 1:
                sea, target = will_go_to_sea(self.game().board, space, zones[0]), \
                    self.targets[zones[0]]
        if target is None:
            self._path_item.setPath(QPainterPath())
            self._label.setText("")
            # The status strip must not go on naming the last place the units could go: over
            # one they cannot, a drop is refused (with the rule that forbids it).
            if space is None or space == self._start:
                self.status.emit(self._legend)
            elif self.state().edit_mode:
                self.status.emit(_("Edit: a drop moves them to {space}").format(
                    space=self.space_name(space)))
            else:
                self.status.emit(_("These units cannot go to {space}: drop them there to see "
                                   "which rule forbids it").format(space=self.space_name(space)))
            return
        path = QPainterPath(self.centre_of(target.path[0]))
        for step in target.path[1:]:
            path.lineTo(self.centre_of(step))
        pen = QPen(QColor("#ffdd33"), 4)
        pen.setCosmetic(True)  # the same width on screen at every zoom
        pen.setStyle(Qt.PenStyle.DashLine)
        self._path_item.setPen(pen)
        self._path_item.setPath(path)
        names = " → ".join(self.space_name(s) for s in target.path)
        meaning = MEANING_WORDS.get(target.meaning)
        what = _(meaning) if meaning else None
        if target.raid_action is not None:
            what = _("{meaning}; with Alt: bombing raid").format(meaning=what or _("move"))
        tail = f" · {what}" if what else ""
        part = self._parts.get(target.space)
        if part is not None and part.drop.refusal is not None:
            # (the same answer the drop gets: `largest_drop`)
            went = len(part.drop.units)
            tail += " · " + ngettext("{went} of {count} can go ({rule})",
                                     "{went} of {count} can go ({rule})", went).format(
                went=went, count=len(self.units), rule=part.drop.refusal.rule)
        if target.cost:
            label = _("{path}   (cost {cost})").format(path=names, cost=target.cost) + tail
            status = ngettext("{path}: {count} move", "{path}: {count} moves",
                              target.cost).format(path=names, count=target.cost) + tail
        else:
            # A load or an unload where the ship already is spends no movement: the label
            # says what the drop does, never a cost of 0.
            label = status = names + tail
        self._place_label(scene_pos, label)
        self.status.emit(f"{sea} · {status}" if sea else status)

    def finish(self, scene_pos: QPointF) -> tuple[Action, ...]:
        """End the drag at ``scene_pos``: returns the actions emitted (none for a click or a
        drop where nothing can go)."""
        item = self.item
        if item is None:
            return ()
        # The button is up: Escape is no longer the drag's. A question the drop raises (the
        # units at risk) hears it as its Cancel.
        self._stop_listening()
        if not self._dragging and not self._beyond_click(scene_pos):
            # A click: the stack is selected, nothing moves.
            selects = self._selects
            self._clear_overlay()
            self.done()
            if selects is not None:   # (a click on the picker's token: the picker is open)
                self.clicked.emit(selects)
            return ()
        target = self.drop_space(scene_pos)
        if target is not None and target == self._start and target not in self.targets:
            # (on their own space, a few pixels from a lit one: that one, `lit_beside`)
            views = self.scene.views()
            target = lit_beside(lambda p: self.space_at(p, self.targets),
                                views[0] if views else None, scene_pos, self._start,
                                self.targets) or target
        self.landed = target
        if target is not None and target not in self.targets and self._ships():
            # Ships dropped on a coast: to the one sea zone beside it they may go to; with
            # several, the refusal names them.
            board = self.game().board
            zones = sea_zones_beside(board, target, self.targets)
            if len(zones) == 1:
                self._fewer, target = went_to_sea(board, target, zones[0]), zones[0]
            elif zones:
                self.beside = may_go_to_sea(board, target, zones)
        self._clear_overlay()
        actions: tuple[Action, ...] = ()
        if target is not None and self.state().edit_mode:
            actions = edit_moves(self.state(), self.units, target)
        elif target is not None:
            raid = bool(QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier)
            # More than the place takes (a big stack on ships with room for some of it): the
            # most the engine accepts go, and the status says why the rest stay.
            drop = self.game().largest_drop(self.state(), self.units, target, raid)
            actions = drop.actions
            if drop.units and drop.refusal is not None:
                self._fewer = ngettext(
                    "Only {went} of {count} went: {reason}",
                    "Only {went} of {count} went: {reason}", len(drop.units)).format(
                        went=len(drop.units), count=len(self.units),
                        reason=short_refusal_text(drop.refusal, self.game().board))
                self.units = drop.units
        if not actions:
            # Nothing to send: a drop where the units stand, or on no space. Say so, where
            # the player looks and in the status strip, rather than snap back without a word.
            note = _("No space there: the units stay where they are") if target is None \
                else lands_where_it_stands(self.game(), self.state(), self.units, target) or \
                _("The units already stand in {space}: nothing moves").format(
                    space=self.space_name(target))
            self.snap_back()
            self.status.emit(note)
            self.stayed.emit(QPointF(scene_pos), note)
            return ()
        # The controller answers: the scene redraws from the new state, or `refused` fires
        # and the main window calls `snap_back` with the reason.
        self._dropped = (QPointF(scene_pos), target) if target is not None else None
        self.dropped.emit(actions)
        return actions

    def _ships(self) -> bool:
        state = self.state()
        return all(uid in state.units and is_sea(state.units[uid].type) for uid in self.units)

    def _beyond_click(self, scene_pos: QPointF) -> bool:
        """Has the pointer gone further from the press than a click's jitter (the platform's
        drag distance, in pixels on screen at any zoom)?"""
        views = self.scene.views()
        limit = QApplication.startDragDistance()
        if not views:
            return (scene_pos - self._press).manhattanLength() >= limit
        view = views[0]
        return (view.mapFromScene(scene_pos) - view.mapFromScene(self._press)
                ).manhattanLength() >= limit

    def _place_label(self, scene_pos: QPointF, text: str | None = None) -> None:
        """The path's label (``text``, when it changes) below and right of the pointer, clear
        of the dragged stack, and moved to end inside the view: near the right edge of a small
        window the cost and the meaning at its end would be cut off (wider than the view, it
        goes onto more lines); near the bottom it goes above the pointer. Where the overview
        in the view's corner would cover it (its end: "amphibious assault"), it goes above the
        pointer, or left of it."""
        self._label.setPos(scene_pos)
        views = self.scene.views()
        if not views:
            if text is not None:
                self._label.setText(text)
            return
        view = views[0]
        if text is not None:
            self._label.show_fitted(text, view.viewport().width() - 2 * LABEL_MARGIN)
        at = view.mapFromScene(scene_pos)
        box = self._label.boundingRect()   # pixels: it ignores the zoom
        viewport = view.viewport()
        left = max(0.0, min(at.x() + LABEL_OFFSET,
                            viewport.width() - LABEL_MARGIN - box.width()))
        top = float(at.y() + LABEL_OFFSET)
        if top + box.height() > viewport.height() - LABEL_MARGIN:
            top = max(0.0, at.y() - LABEL_OFFSET - box.height())
        covers = view_covers(viewport)
        places = [(x, y) for y in (top, max(0.0, at.y() - LABEL_OFFSET - box.height()))
                  for x in (left, max(0.0, at.x() - LABEL_OFFSET - box.width()))]
        left, top = next((p for p in places if not any(
            c.intersects(QRectF(p[0], p[1], box.width(), box.height()).toAlignedRect())
            for c in covers)), (left, top))
        # (the card's top left corner: the text is drawn PADDING inside it)
        self._label.setPos(view.mapToScene(QPoint(int(left - box.x()), int(top - box.y()))))

    def drop_space(self, scene_pos: QPointF) -> str | None:
        """The space a drop at ``scene_pos`` means: what is drawn there, a stack (a drop on
        enemy units attacks them; a small island's stacks stand on the sea around it) or a
        name, before the map's space under the point, the first the units may go to first
        (`name_drops.drop_space_at`)."""
        return self.space_at(scene_pos, self.targets)

    def snap_back(self, refusal: IllegalAction | None = None) -> None:
        """Slide the dragged stack back to where it was (an illegal drop)."""
        self._stop_listening()
        item, self.item = self.item, None
        self.units, self.targets, self._dropped, self._fewer = (), {}, None, ""
        self._parts, self.landed, self.beside = {}, None, ""
        self.highlight({})
        if refusal is not None:
            self.status.emit(short_refusal_text(refusal, self.game().board))
        if item is None or item.scene() is None or self._drop_ghost(item):
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
        """The drop was applied: forget the drag. The piece layer has drawn the new position;
        where it kept its items (no unit changed yet: a move waiting for its AA dice), the
        dragged stack goes back to its place. An item that now shows another stack (a whole
        stack moved: the layer drew it in its new space with the item it had, as it looks the
        same) stays where the layer put it."""
        self._stop_listening()
        units, dropped, self._dropped = self.units, self._dropped, None
        item, self.item, self.units, self.targets = self.item, None, (), {}
        self._parts, self.landed, self.beside = {}, None, ""
        fewer, self._fewer = self._fewer, ""
        self.highlight({})
        if item is not None and item.scene() is not None and not self._drop_ghost(item):
            if item.key == self._origin_key:
                item.setPos(self.origin)
            item.setOpacity(1.0)
            item.setZValue(20)
        if dropped is not None and units:
            # (the units joined a stack standing far from the drop: show the way to it; not
            # while the move waits, e.g. for its anti-aircraft dice)
            state = self.state()
            if all(uid in state.units and state.units[uid].space == dropped[1]
                   for uid in units):
                self.trail.show(dropped[0], dropped[1], units)
        if dropped is not None and fewer:
            self.status.emit(fewer)

    def _drop_ghost(self, item: StackItem) -> bool:
        """Take a token made for the drag off the scene; whether ``item`` was one."""
        ghost, self._ghost = self._ghost, False
        if ghost:
            self.scene.removeItem(item)
        return ghost

    @property
    def active(self) -> bool:
        return self.item is not None

    def animating(self) -> bool:
        """Whether a piece is moving on its own (a drop's or a computer move's animation)."""
        return self._anim is not None and \
            self._anim.state() == QAbstractAnimation.State.Running

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
