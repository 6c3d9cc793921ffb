"""The player's gestures on the main window's map: a stack pressed, dragged, released or
clicked, a space's merged marker clicked, a right-click on a stack, a click on a space in edit
mode. Each becomes a question to the drag controller, the unit picker or edit mode; none
decides a rule (the engine judges every drop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from pacific.gui.battle_text import with_rule
from pacific.gui.piece_items import StackItem, cargo_hint
from pacific.gui.pieces import StackKey
from pacific.rules.engine import Game
from pacific.rules.nations import POWER_NATIONS
from pacific.text import _, error_text
from pacific.text.stacks import stack_contents

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow


class MapGestures:
    """What the map's gestures do in ``window``; `connect` wires them to the map shown."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def connect(self) -> None:
        """Wire the gestures to the window's map, pieces and drag controller (after each new
        board is shown)."""
        window = self.window
        view, pieces, drag = window.view, window.pieces, window.drag
        assert view is not None and pieces is not None and drag is not None
        view.space_clicked.connect(self.space_clicked)
        drag.clicked.connect(self.stack_clicked)
        # (the note of a refused drop goes when another drag starts, the picker's too)
        drag.started.connect(window.refusals.dismiss)
        pieces.on_press = self.drag_started
        pieces.on_drag = drag.move
        pieces.on_release = self.drag_released
        pieces.on_summary_click = self.summary_clicked
        pieces.on_context_menu = self.stack_menu

    def drag_started(self, item: StackItem, event: QGraphicsSceneMouseEvent) -> None:
        window = self.window
        if window.drag is not None:
            window.drag.begin(item, event)

    def stack_clicked(self, item: StackItem) -> None:
        """A click on a stack selects it: what is in it, in the status strip; on a stack of
        the power to play that cannot move now, why not (the engine's words)."""
        hint = cargo_hint(item) if item.movable else self.not_now(item.key, item.unit_ids)
        self.say_what_is_in(item.unit_ids, hint)

    def unmovable_pressed(self, key: StackKey, unit_ids: tuple[int, ...]) -> None:
        """A press on a unit picker's line whose units cannot move now (its greyed token):
        what they are and why they stay, as a click on their stack says."""
        self.say_what_is_in(unit_ids, self.not_now(key, unit_ids))

    def say_what_is_in(self, unit_ids: tuple[int, ...], hint: str) -> None:
        controller = self.window.controller
        if controller is not None:
            text = stack_contents(controller.board, controller.state, unit_ids)
            self.window.status_strip.show_info(f"{text}. {hint}" if hint and text else text)

    def not_now(self, key: StackKey, unit_ids: tuple[int, ...]) -> str:
        """Why the player's own units cannot move now (their press pans the map, with no
        refusal to say so), asked of the engine (`Game.why_unmovable`): the phase's refusal
        (R-TURN-3), or the refusal of a move to a neighbouring space (a land unit's combat
        move into a friendly territory, R-COMBATMOVE-1); "" for another's units."""
        controller = self.window.controller
        if controller is None or not unit_ids:
            return ""
        state = controller.state
        if key.owner not in POWER_NATIONS[Game.current_power(state)]:
            return ""
        refusal = controller.game.why_unmovable(state, unit_ids)
        if refusal is None:
            return ""
        # (the strip keeps the id whole itself)
        reason = with_rule(error_text(refusal, controller.board), refusal.rule, nowrap=False)
        return reason if refusal.rule == "R-TURN-3" else _("No move open now: {reason}").format(
            reason=reason)

    def summary_clicked(self, space: str) -> None:
        window = self.window
        at = window.pieces.summary_pos(space) if window.pieces is not None else None
        if window.picker is not None and window.view is not None and at is not None:
            window.status_strip.show_info("")   # (it may still describe another stack)
            window.picker.open_at(space, window.view.mapFromScene(at))

    def drag_released(self, pos: QPointF) -> None:
        window = self.window
        if window.drag is not None:
            window.status_strip.show_info("")
            window.refusals.drop_point = pos  # a refusal of this drop is shown here
            try:
                window.drag.finish(pos)
            finally:
                window.refusals.drop_point = None

    def count_changed(self, value: int) -> None:
        """The side panel's count of units to move: the next drag takes that many."""
        if self.window.drag is not None:
            self.window.drag.requested_count = value or None

    def focus_map(self) -> None:
        if self.window.view is not None:
            self.window.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def space_clicked(self, pos: QPointF, where: object) -> None:
        """A click on a space in edit mode: its controller's menu. Outside edit mode, a click
        on a stack that cannot move now (another power's, or outside the movement phases,
        whose press pans the map) says what is in it, as a movable stack's click does."""
        window = self.window
        if window.board_scene is None:
            return
        if not window.editing.editing:
            item = self._stack_at(pos)
            if item is not None:
                self.stack_clicked(item)
            return
        space = window.board_scene.space_at(pos)
        if space is not None:
            window.editing.popup(window.editing.space_menu(space), where)  # type: ignore[arg-type]

    def _stack_at(self, pos: QPointF) -> StackItem | None:
        """The stack drawn at ``pos`` (scene), if any (asked of the view: the tokens keep
        their size on screen at every zoom)."""
        view = self.window.view
        if view is None:
            return None
        for item in view.items(view.mapFromScene(pos)):
            top = item.topLevelItem()
            if isinstance(top, StackItem) and top.isVisible():
                return top
        return None

    def stack_menu(self, key: StackKey, where: object) -> None:
        """Right-click on a stack: edit mode's menu while editing, else the odds menu."""
        window = self.window
        if window.editing.editing:
            window.editing.popup(window.editing.stack_menu(key), where)  # type: ignore[arg-type]
        else:
            window.odds_panel.show_stack_menu(key, where)  # type: ignore[arg-type]


__all__ = ["MapGestures"]
