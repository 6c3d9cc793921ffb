"""New units dropped on the map: from the placement tray in phase 7 (R-PLACE-1..7) and from
edit mode's palette. What a drop means is the engine's to say: the tray's becomes a
`Place` action, the palette's an edit action, and the places the engine lists for a unit light
up while it is dragged (`Game.placement_targets`). A refusal is shown beside the drop point
(`pacific.gui.refusals`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF

from pacific.gui.name_drops import may_go_to_sea, sea_zones_beside, went_to_sea, will_go_to_sea
from pacific.gui.palette import drop_legend
from pacific.rules.actions.economy import Place
from pacific.rules.errors import IllegalAction
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, is_sea
from pacific.text import gettext, nation_name, unit_name

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow


class NewUnitDrops:
    """The main window's drops of new units (its `new_units`)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self._tray_status = ""   # the status line a tray drag shows (`tray_drag_started`)
        self._tray_targets: frozenset[str] = frozenset()   # where the engine lets it go
        self._hover_status = ""  # what the status line says of the space hovered

    def connect(self) -> None:
        """Listen to the map view and the tray of the game just shown."""
        window = self.window
        assert window.view is not None
        window.view.tray_dropped.connect(self.drop_from_tray)
        window.view.palette_dropped.connect(self.drop_from_palette)
        window.view.tray_hovered.connect(self.tray_hovered)
        window.tray.drag_started.connect(self.tray_drag_started)
        window.tray.drag_finished.connect(self.tray_drag_finished)

    def drop_from_tray(self, nation: Nation, unit_type: UnitType, pos: QPointF
                       ) -> IllegalAction | None:
        """A line of the placement tray dragged and dropped at ``pos`` (scene coordinates)
        becomes one `Place` action (R-PLACE-1..7) of as many of its units as "Units per drag"
        asks (all of them for "whole stack") and the engine allows there; when it allows
        none, the refusal of one is shown."""
        window = self.window
        controller = window.controller
        targets = controller.game.placement_targets(controller.state, nation, unit_type) \
            if controller is not None else frozenset()
        # (a stack or a name drawn there before the space under it: Japan's name over the
        # sea takes infantry, R-PLACE-2, the sea under it a ship)
        space = window.drop_space_at(pos, targets)
        if space is None:
            text = gettext("Drop new units on a territory or a sea zone.")
            window.status_strip.show_refusal(text)
            window.refusals.show_beside(pos, "", text)
            return None
        window.refusals.drop_point, window.refusals.drop_space = pos, space
        went = ""
        if controller is not None and is_sea(unit_type) and space not in targets:
            # Ships dropped on a coast (R-PLACE-4): to the one sea zone beside it they may go
            # to; with several, the refusal names them.
            zones = sea_zones_beside(controller.board, space, targets)
            if len(zones) == 1:
                went, space = went_to_sea(controller.board, space, zones[0]), zones[0]
            elif zones:
                window.refusals.hint = may_go_to_sea(controller.board, space, zones)
        before = controller.state if controller is not None else None
        try:
            count = self._placeable_count(nation, unit_type, space)
            refused = window.submit(Place(nation=nation, unit_type=unit_type, space=space,
                                          count=max(count, 1)))
        finally:
            window.refusals.drop_point = window.refusals.drop_space = None
            window.refusals.hint = ""
        if refused is None and before is not None:
            if went:
                window.status_strip.show_info(went)
            self._show_where(before, space, pos)
        return refused

    def _show_where(self, before: GameState, space: str, pos: QPointF) -> None:
        """The units just placed in ``space`` joined their kind's stack there, which keeps its
        place: where that stands far from the drop, a fading trail shows the way to it, as a
        stack's drop does (`DragController.done`)."""
        window = self.window
        if window.controller is None or window.drag is None:
            return
        placed = tuple(uid for uid, unit in window.controller.state.units.items()
                       if unit.space == space and (uid not in before.units or
                                                   before.units[uid].space != space))
        if placed:
            window.drag.trail.show(pos, space, placed)

    def _placeable_count(self, nation: Nation, unit_type: UnitType, space: str) -> int:
        """How many of the line to place in ``space``: the engine is asked for one more at a
        time until it refuses (the units waiting, R-PLACE-1, and the room at the complex,
        R-PLACE-3, are its rules to apply), up to the "Units per drag" number. 0: not even
        one may go there."""
        window = self.window
        controller = window.controller
        if controller is None:
            return 0
        wanted = window.move_count.value() or None   # 0 is "whole stack"
        count = 0
        while wanted is None or count < wanted:
            more = Place(nation=nation, unit_type=unit_type, space=space, count=count + 1)
            if controller.why_illegal(more) is not None:
                break
            count += 1
        return count

    def tray_drag_started(self, nation: Nation, unit_type: UnitType) -> None:
        """A new unit picked up from the tray: the places the engine lists for it light up,
        and the status line says what the colour means (R-PLACE-1..7)."""
        window = self.window
        window.refusals.dismiss()   # (the note of the drop before: this one may well succeed)
        controller = window.controller
        if window.board_scene is None or controller is None:
            return
        spaces = controller.game.placement_targets(controller.state, nation, unit_type)
        self._tray_targets = frozenset(spaces)
        window.board_scene.highlight({space: "place" for space in spaces})
        self._tray_status = gettext("Placing a new {unit} ({nation}): {where}").format(
            unit=unit_name(unit_type), nation=nation_name(nation),
            where=drop_legend(["place"]) if spaces else gettext("no place for it now"))
        window.status_strip.show_info(self._tray_status)

    def tray_hovered(self, _nation: Nation, unit_type: UnitType, pos: QPointF) -> None:
        """While a new ship hovers over a coast whose one sea zone beside it takes it, the
        status line says the drop will go there (as `drop_from_tray` does, R-PLACE-4)."""
        window = self.window
        controller = window.controller
        if controller is None or not is_sea(unit_type) or not self._tray_status:
            return
        targets = self._tray_targets
        space = window.drop_space_at(pos, targets)
        zones = sea_zones_beside(controller.board, space, targets) \
            if space is not None and space not in targets else ()
        text = will_go_to_sea(controller.board, space, zones[0]) \
            if space is not None and len(zones) == 1 else self._tray_status
        if window.status_strip.text() != text:
            window.status_strip.show_info(text)
        self._hover_status = text

    def tray_drag_finished(self) -> None:
        """The unit was dropped (placed, or refused with the reason shown) or let go."""
        window = self.window
        if window.board_scene is not None:
            window.board_scene.highlight({})
        if window.status_strip.text() in (self._tray_status, self._hover_status):  # no refusal
            window.status_strip.show_info("")

    def drop_from_palette(self, nation: Nation, unit_type: UnitType, pos: QPointF) -> None:
        """A unit dragged from edit mode's palette: one `edit_add_units` action."""
        window = self.window
        space = window.board_scene.space_at(pos) if window.board_scene is not None else None
        if space is None:
            window.status_strip.show_refusal(gettext("Drop units on a territory or a sea zone."))
            return
        window.refusals.drop_point, window.refusals.drop_space = pos, space
        try:
            window.editing.dropped(nation, unit_type, space)
        finally:
            window.refusals.drop_point = window.refusals.drop_space = None
