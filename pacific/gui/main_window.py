"""The main window: the map in the middle, the side panel and the event log on the right.

It wires gestures to the controller (one action per gesture) and redraws every view from the
controller's signals; it holds no game state of its own. Dialogs are opened
with ``open()`` (not ``exec()``) so that play never blocks and tests can drive them. The menus
live in `pacific.gui.menus`, the file commands in `pacific.gui.game_files`, the side panel in
`pacific.gui.side_panel`, the drops of new units in `pacific.gui.new_units`, the zoom in
`pacific.gui.zooming`, the gestures on the map in `pacific.gui.map_gestures`, the refusals
shown to the player in `pacific.gui.refusals`.
"""

from __future__ import annotations

import traceback
from collections.abc import Container, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRect, Qt, Signal
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from pacific import APP_NAME
from pacific.gui.autosave import Autosave
from pacific.gui.battle_state import battle_screen
from pacific.gui.computer import ComputerSeats
from pacific.gui.controller import GameController, current_power
from pacific.gui.drag import DragController
from pacific.gui.edit_mode import EditingUi
from pacific.gui.event_log import EventLog, StatusStrip
from pacific.gui.first_paint import HoldsCollectorUntilPainted
from pacific.gui.game_dialogs import GameDialogs
from pacific.gui.game_files import GameFiles
from pacific.gui.map_gestures import MapGestures
from pacific.gui.map_view import MapView
from pacific.gui.menus import WindowMenus, help_commands
from pacific.gui.name_drops import drop_space_at
from pacific.gui.new_units import NewUnitDrops
from pacific.gui.phase_end import PhaseEnd
from pacific.gui.pieces import PieceLayer
from pacific.gui.refusals import Refusals
from pacific.gui.scene import BoardScene, make_board_scene
from pacific.gui.settings import DiceMode, Preferences
from pacific.gui.side_panel import SideColumn, SidePanel
from pacific.gui.stacks import movable_stacks
from pacific.gui.story import StoryReader
from pacific.gui.story_windows import StoryCommands
from pacific.gui.unit_picker import UnitPicker
from pacific.gui.zooming import MapZoom
from pacific.rules.actions import Action
from pacific.rules.decisions import DiceRoll
from pacific.rules.errors import IllegalAction, PacificError
from pacific.rules.history import History
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.text import N_, error_text, gettext
from pacific.text.names import place_name

if TYPE_CHECKING:
    from pacific.ai.levels import Level
    from pacific.gui.dialogs.about import AboutDialog
    from pacific.gui.dialogs.battle import BattleBoard
    from pacific.gui.odds_panel import OddsPanel

NATURAL_EARTH_CREDIT = N_("Made with Natural Earth; generalized by the QGIS project.")


def _phase_of(state: GameState) -> tuple[int, Power, Phase]:
    return state.round, state.power, state.phase


class MainWindow(HoldsCollectorUntilPainted):
    # Another game is on the board (new, opened, restored, a scenario): the guided tutorial
    # stops following a game that is no longer shown.
    game_shown = Signal()

    def __init__(self, controller: GameController | None = None,
                 prefs: Preferences | None = None, autosave: Autosave | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)   # (no collector pass until the first paint: `first_paint`)
        self.setWindowTitle(APP_NAME)
        self.prefs = prefs if prefs is not None else Preferences()
        self.autosave = autosave
        self.controller: GameController | None = None
        self.board_scene: BoardScene | None = None
        self.view: MapView | None = None
        self.pieces: PieceLayer | None = None
        self.zooming = MapZoom(self)
        self.drag: DragController | None = None
        self.picker: UnitPicker | None = None
        self.gestures = MapGestures(self)
        self._control: tuple[dict[str, Nation], dict[str, Nation]] | None = None
        # The dialogs of the game shown; another game closes them (see show_game).
        self.dialogs = GameDialogs(self)
        self.phase_end = PhaseEnd(lambda: self.controller, self.dialogs,
                                  lambda: self.prefs.confirm_end_phase, self.submit_all,
                                  lambda: self.drag.snap_back() if self.drag else None)
        self._closing = False
        self._untitled = gettext("new game")  # the title of a game without a file
        self._log_was_shown = True  # the event log's state when the side panel folded
        self.refusals = Refusals(self)
        self.new_units = NewUnitDrops(self)
        self.status_strip = StatusStrip()
        self.side = SidePanel()
        self.turn_panel = self.side.turn_panel
        self.turn_panel.next_phase_requested.connect(self.next_phase)
        self.turn_panel.buy_requested.connect(lambda: self.dialogs.open_purchase())
        self.turn_panel.board_requested.connect(self.show_battle_board)
        self.chart = self.side.chart
        self.convoys = self.side.convoys
        self.tray = self.side.tray
        self.tabs = self.side.tabs
        self.move_count = self.side.move_count
        self.move_count.valueChanged.connect(self.gestures.count_changed)
        self.move_count.release_focus = self.gestures.focus_map
        self.log = EventLog()
        # Seats the computer plays.
        self.computer = ComputerSeats(self)
        # The battle board is built when a battle first needs it (`battle_board`).
        self._battle_board: BattleBoard | None = None
        # The odds panel is built when first shown: it needs pacific.odds (and numpy), which
        # the start of the window need not wait for.
        self._odds_panel: OddsPanel | None = None
        self.files = GameFiles(self)
        self.story = StoryReader(self)
        self.story_commands = StoryCommands(self, self)   # replay, charts, report
        self._build_layout()
        self.menus = WindowMenus(self, help_commands(self))
        self.undo_action = self.menus.undo
        self.redo_action = self.menus.redo
        self.odds_action = self.menus.odds
        if controller is not None:
            self.set_controller(controller)
            self.story.follow(controller.history)
        else:
            placeholder = QLabel(f"<h1>{APP_NAME}</h1><p>Axis &amp; Allies Pacific (2001)</p>"
                                 + "<p>" + gettext("Game ▸ New game to start.") + "</p>")
            placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.map_holder.layout().addWidget(placeholder)  # type: ignore[union-attr]
        geometry = self.prefs.geometry()
        # Qt refuses a geometry saved on a screen much wider or narrower than this one: the
        # window is then placed as a first one (`app.fit_to_screen`), not at Qt's default.
        self.geometry_restored = geometry is not None and self.restoreGeometry(geometry)
        dock_state = self.prefs.window_state()
        if dock_state is not None:
            self.restoreState(dock_state)

    # ---- layout ----

    def _build_layout(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        self.map_holder = QWidget()
        QVBoxLayout(self.map_holder).setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.map_holder, 1)
        layout.addWidget(self.computer.panel)
        layout.addWidget(self.computer.last_turn.widget)
        layout.addWidget(self.status_strip)
        self.setCentralWidget(central)
        closable = (QDockWidget.DockWidgetFeature.DockWidgetMovable
                    | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.side_dock = QDockWidget(gettext("Game"), self)
        self.side_dock.setObjectName("game_dock")
        self.side_column = SideColumn(self.side)
        self.side_dock.setWidget(self.side_column)
        self.side_dock.setFeatures(closable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.side_dock)
        self.editing = EditingUi(self, self.submit)   # its dock is a tab beside the game's
        layout.insertWidget(0, self.editing.banner)
        # Closed by its title bar's button: View ▸ Side panel brings it back.
        self.side_dock.visibilityChanged.connect(self._side_panel_shown)
        self.log_dock = QDockWidget(gettext("Event log"), self)
        self.log_dock.setObjectName("log_dock")
        self.log_dock.setWidget(self.log)
        self.log_dock.setFeatures(closable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.odds_dock = QDockWidget(gettext("Battle odds"), self)
        self.odds_dock.setObjectName("odds_dock")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.odds_dock)
        self.odds_dock.hide()
        self.odds_dock.visibilityChanged.connect(
            lambda shown: self.odds_panel if shown else None)

    @property
    def battle_board(self) -> BattleBoard:
        """The battle board, built on first use: a new game starts with no battle."""
        if self._battle_board is None:
            from pacific.gui.dialogs.battle import BattleBoard

            board = self._battle_board = BattleBoard(self)
            board.action_chosen.connect(self.submit)
            board.roll_cancelled.connect(self.cancel_roll)
            board.visibility_changed.connect(lambda shown: self.turn_panel.offer_board(shown=shown))
            board.area = lambda: QRect(
                self.view.mapToGlobal(QPoint(0, 0)), self.view.size()) if self.view else None
        return self._battle_board

    def visible_battle_board(self) -> BattleBoard | None:
        """The battle board when it is on the screen (None also when it was never built)."""
        board = self._battle_board
        return board if board is not None and board.isVisible() else None

    @property
    def odds_panel(self) -> OddsPanel:
        """The battle odds panel, built (and pacific.odds imported) on first use."""
        if self._odds_panel is None:
            from pacific.gui.odds_panel import OddsPanel

            self._odds_panel = OddsPanel()
            self.odds_dock.setWidget(self._odds_panel)
            if self.controller is not None:
                self._odds_panel.show_state(self.controller.board, self.controller.state)
        return self._odds_panel

    def show_about(self) -> AboutDialog:
        from pacific.gui.dialogs.about import AboutDialog

        dialog = AboutDialog(self.autosave, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def fold_side_panel(self) -> None:
        """View ▸ Side panel (F9): fold the right column (the game panel and the event log)
        so that the map has the whole width of a small window, or bring it back as it was."""
        shown = self.menus.side_panel.isChecked()
        if not shown:
            self._log_was_shown = self.log_dock.isVisible()
            self.side_dock.hide()
            self.log_dock.hide()
            return
        self.side_dock.show()
        if self._log_was_shown:
            self.log_dock.show()

    def _side_panel_shown(self, _shown: bool) -> None:
        """View ▸ Side panel stays checked while the panel is there (its title bar's button
        may close it too)."""
        menus = getattr(self, "menus", None)  # (None while the window is being built)
        if menus is not None:
            menus.side_panel.setChecked(not self.side_dock.isHidden())

    def show_minimap(self) -> None:
        """View ▸ Minimap: show or hide the overview in the map's corner."""
        shown = self.menus.minimap.isChecked()
        self.prefs.minimap = shown
        if self.view is not None:
            self.view.minimap.set_wanted(shown)

    # ---- the game ----

    def set_controller(self, controller: GameController) -> None:
        """Show the game ``controller`` holds, on a scene built for its board."""
        self.controller = controller
        board = controller.board
        holder = self.map_holder.layout()
        assert holder is not None
        while holder.count():
            item = holder.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()  # type: ignore[union-attr]
        self.board_scene = make_board_scene(board)
        self.view = MapView(self.board_scene.scene)
        self.view.minimap.set_wanted(self.prefs.minimap)
        self.new_units.connect()
        holder.addWidget(self.view)
        self.pieces = PieceLayer(self.board_scene.scene, board, self.board_scene.slots,
                                 self.board_scene.piece_size,
                                 getattr(self.board_scene, "layout_shapes", None),
                                 self.board_scene.obstacles)
        self.board_scene.pieces_drawn = self.pieces.drawn
        self.board_scene.stacks_shown = self.pieces.shown_at
        self.pieces.markers_follow = self.board_scene.follow_stacks
        self.drag = DragController(
            self.board_scene.scene, self.drop_space_at, self.board_scene.highlight,
            self.board_scene.centre_of, lambda: controller.game, lambda: controller.state,
            lambda space: place_name(board, space))   # in the player's language, as the log
        self.zooming.connect()
        static = getattr(self.board_scene, "static_items", None)
        if static:
            from pacific.gui.picture_cache import first_picture_store  # (with the map's scene)

            self.view.set_static_layer(static)
            self.view.picture_store = first_picture_store(self.board_scene)
        self.drag.animation_ms = self.prefs.animation_ms
        self.drag.dropped.connect(self.phase_end.drop)
        self.drag.status.connect(self.status_strip.show_info)
        self.drag.stayed.connect(self.refusals.stayed)
        self.gestures.connect()   # (a click selects the stack before the picker opens)
        self.refusals.map_replaced()
        # A click on a stack or on a space's merged marker opens the unit picker there.
        self.picker = picker = UnitPicker(
            self.view, self.drag, lambda: controller.game, lambda: controller.state,
            lambda: controller.board, self.gestures.drag_released, self.zooming.zoom_to_space)
        self.drag.clicked.connect(picker.open_stack)
        picker.on_context_menu = self.gestures.stack_menu   # a line's right-click, a stack's
        picker.on_unmovable = self.gestures.unmovable_pressed   # a greyed token's press
        controller.state_changed.connect(picker.refresh)
        controller.state_changed.connect(self.computer.state_arrived)
        controller.refused.connect(self.refusals.show)
        self.dialogs.sit(controller.state)   # (a screen shows once the acting person changes)
        controller.state_changed.connect(self.dialogs.follow_seat)
        # A line about the last phase or power's turn says nothing about the next one's.
        controller.power_changed.connect(lambda _power: self.status_strip.show_info(""))
        self.status_strip.follow_phase(_phase_of(controller.state), clear=False)
        controller.state_changed.connect(
            lambda state: self.status_strip.follow_phase(_phase_of(state)))
        # The next player's turn opens the side panel at its top: the phases and their help.
        controller.power_changed.connect(lambda _power: self.side_column.show_top())
        controller.game_over.connect(self.dialogs.show_victory)
        controller.applied.connect(self.files.autosave_now)
        controller.stepped.connect(self.files.autosave_now)
        controller.file_changed.connect(self._file_changed)
        self.log.clear()
        self.log.set_board(board)
        self.turn_panel.plain = self.log.plain
        self.show_state(controller.state)
        self._file_changed(controller.path)
        self._install_dice()

    def show_game(self, history: History, path: Path | None, saved: bool = True,
                  untitled: str = N_("new game"), computer: dict[Power, Level] | None = None
                  ) -> None:
        """Show another game: a new one, a file opened, an autosave restored (``saved``
        False: it has changes no file holds; ``untitled`` names it in the title bar while it
        has no file). The dialogs of the game shown before are closed first, so none of them
        can act on this one."""
        self._untitled = gettext(untitled)  # a message id (N_) or a file's name
        self.dialogs.discard()
        if self._battle_board is not None:
            self._battle_board.hide()
        self.log.clear()
        # The powers the computer plays: those of a new game's seats, else those the game's
        # file names (a game saved against the computer opens as one). Known before the
        # hand-over screen, and kept with the history so that saving keeps them.
        if computer is None:
            from pacific.ai.levels import LEVELS  # (imported when a game is first shown)

            computer = {power: LEVELS[name] for power, name in history.computer.items()
                        if name in LEVELS}
        history.computer = {power: level.name for power, level in computer.items()}
        self.computer.levels = dict(computer)
        current = self.controller
        if current is None or current.board.id != history.game.board.id:
            self.set_controller(GameController(history, path, saved=saved))
        else:
            current.replace(history, path, saved)
        self.dialogs.hand_over()   # whoever sits down to another game
        self.show_modified()
        self.story.follow(history)   # a saved game's story is read after it shows
        self.computer.play(self.computer.levels)
        self.game_shown.emit()

    def show_state(self, state: GameState) -> None:
        """Redraw every view from ``state``."""
        controller = self.controller
        if controller is None or self.board_scene is None or self.pieces is None:
            return
        board = controller.board
        # The battles to come are marked from the start: in combat movement, where the moves
        # so far attack (R-COMBATMOVE-1).
        self.board_scene.show_state(state, controller.game.battle_spaces(state))
        control = (dict(state.territory_owner), dict(state.convoy_holder))
        if control != self._control and self.view is not None:
            self.view.refresh_map()  # the map's colours changed: repaint its cached layer
        self._control = control
        computer = self.computer_plays(state)
        # The stacks that may be dragged: the engine's movable units; none while the computer
        # plays; every stack in edit mode (a drop corrects where they stand, `edit_moves`).
        movable = movable_stacks(state, frozenset(state.units) if state.edit_mode else
                                 frozenset() if computer else controller.game.movable_units(state))
        self.pieces.sync(state, movable.__contains__)
        self.editing.show_state(controller.game, state)
        self.log.show_history(controller.history)  # the story so far
        if self._odds_panel is not None:
            self._odds_panel.show_state(board, state)
        self.turn_panel.show_state(board, state)
        report = controller.game.production_report(state)
        self.chart.show_state(board, state, report)
        self.convoys.show_state(board, report)
        self.tray.show_state(state)
        if state.phase is Phase.PLACE and self.tray.count():
            self.tabs.setCurrentWidget(self.tray)
            self.side_column.bring_into_view(self.tray, _phase_of(state))
        elif state.phase is not Phase.PLACE and self.tabs.currentWidget() is self.tray \
                and not self.tray.count():
            self.tabs.setCurrentWidget(self.chart)  # an empty tray says nothing to the next power
        if self.drag is not None:
            self.drag.done()
        # The computer's decisions are its own: the battle board shows them, offers no button.
        legal = [] if computer else self.decision_actions()
        self.show_undo(computer)
        header = self.turn_panel.header   # the buttons' own state, not the screened panel's
        self.menus.buy.setEnabled(self.turn_panel.buy_button.isEnabledTo(header))
        self.menus.next_phase.setEnabled(self.turn_panel.next_button.isEnabledTo(header))
        kinds = {a.kind for a in legal}
        # The battle board shows the current battle, or the one just over, from this
        # position alone; a roll outside a battle has a prompt of its own.
        screen = battle_screen(controller.history, legal)
        outside = isinstance(state.pending, DiceRoll) and state.pending.battle is None \
            and state.phase is not Phase.COMBAT
        self.turn_panel.offer_board(wanted=screen.pending is not None and screen.wanted
                                    and not outside)
        if screen.wanted and not outside:
            self.battle_board.refresh(board, state, screen)
            if not self.battle_board.isVisible() and not self.battle_board.dismissed() \
                    and not self.dialogs.handing_over():   # after Start, not over the screen
                self.battle_board.appear()
        elif (shown := self.visible_battle_board()) is not None:
            shown.hide()
        self.dialogs.show_dice_roll(state if outside else None)
        self.dialogs.follow_convoy(state, "split_convoy_income" in kinds and not computer)
        self.show_modified()

    def current_history(self) -> tuple[History, str] | None:
        """The history of the game shown and its name (its file's, or the untitled one)."""
        controller = self.controller
        if controller is None:
            return None
        name = controller.path.name if controller.path is not None else self._untitled
        return controller.history, name

    def computer_plays(self, state: GameState) -> bool:
        """Whether the computer acts in ``state`` (play waits while edit mode is on)."""
        # The game's computer seats, known before its driver starts: no question for them.
        return current_power(state) in self.computer.levels and not state.edit_mode

    def show_undo(self, computer: bool) -> None:
        """Undo and Redo, offered as the history allows. While the story of a game opened from
        its position is read, Undo is offered (it reads the rest first) and Redo is
        not (nothing has been undone yet)."""
        history = self.controller.history if self.controller is not None else None
        reading = history is not None and history.rebuilding
        self.undo_action.setEnabled(history is not None and not computer
                                    and (reading or history.can_undo()))
        self.redo_action.setEnabled(history is not None and not computer and not reading
                                    and history.can_redo())

    def show_modified(self) -> None:
        """The title's mark of unsaved changes."""
        self.setWindowModified(self.controller is not None and self.controller.modified)

    def decision_actions(self) -> list[Action]:
        """The legal actions the panels and the battle board offer as buttons. Moves are made
        by dragging, never by a button, so outside a pending decision the movement phases list
        nothing here: listing every move would be work no one reads (a movement phase's first
        listing takes some hundredths of a second on the real board, the next ones much less;
        docs/performance.md)."""
        if self.controller is None:
            return []
        state = self.controller.state
        if state.pending is None and state.phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
            return []
        return self.controller.legal_actions()

    def submit(self, action: Action) -> IllegalAction | None:
        return self.submit_all((action,))

    def submit_all(self, actions: Sequence[Action]) -> IllegalAction | None:
        """Send actions in order, each checked first (a drop's move and unloading)."""
        if self.controller is None:
            return None
        if self.computer.turns_away():
            return None
        try:
            return self.controller.submit_all(actions)
        except PacificError as exc:  # a known error: a friendly message
            self.status_strip.show_refusal(error_text(exc, self.controller.board))
            return None
        except Exception:  # an unknown one: the traceback, and the game goes on
            self.refusals.show_unexpected(traceback.format_exc())
            return None

    def drop_space_at(self, pos: QPointF, allowed: Container[str] = ()) -> str | None:
        """The space a drop at ``pos`` (scene) means: a stack, a name, the space under it
        (`name_drops.drop_space_at`; ``allowed``: where the units may go)."""
        if self.board_scene is None or self.controller is None:
            return None
        return drop_space_at(self.board_scene, self.view, self.controller.board, pos, allowed,
                             self.marker_space_at(pos, token=True), self.marker_space_at(pos))

    def marker_space_at(self, pos: QPointF, token: bool = False) -> str | None:
        """The space of the stack drawn at ``pos`` (scene), the one being dragged left out
        (with ``token``: where ``pos`` is on its token itself)."""
        if self.pieces is None or self.view is None:
            return None
        dragged = self.drag.item if self.drag is not None else None
        return self.pieces.marker_space_at(self.view, pos, dragged, token)

    # ---- turn flow ----

    def next_phase(self) -> None:
        """End the phase (R-TURN-4), asking first when the end loses something."""
        self.phase_end.end_phase()

    def show_battle_board(self) -> None:
        controller = self.controller
        if controller is not None:
            self.battle_board.refresh(controller.board, controller.state,
                                      battle_screen(controller.history, self.decision_actions()))
        self.battle_board.reopen()
        self.battle_board.appear()
        self.battle_board.raise_()

    def cancel_roll(self) -> None:
        """The dice being entered were cancelled: the game goes back to before they were asked
        for, when the action that asked can be taken back; else it waits for them, unchanged."""
        if self.controller is None:
            return
        records = self.controller.history.records
        asked = records[-1].action if records else None
        if self.controller.cancel_roll() and asked is not None:
            self.status_strip.show_info(gettext("The dice were cancelled: the game is back as "
                                                "it was before they were asked for."))
        else:
            self.status_strip.show_info(gettext(
                "These dice are still awaited: Cancel takes back only the step that asked for "
                "them, never a roll (dice are never rolled again) nor an edit (Undo takes "
                "back an edit)."), of_position=True)

    def undo(self) -> None:
        # A note or refusal under the map spoke of the move now taken back: it goes with it.
        if self.controller is not None:
            self.status_strip.show_info("" if self.controller.undo() else gettext(
                "Nothing to undo (dice already rolled cannot be taken back)"))

    def redo(self) -> None:
        if self.controller is not None and self.controller.redo():
            self.status_strip.show_info("")

    # ---- the view ----

    def zoom(self, factor: float) -> None:
        self.zooming.zoom(factor)

    def fit_map(self) -> None:
        self.zooming.fit()

    # ---- preferences ----

    def show_preferences(self) -> None:
        from pacific.gui.dialogs.preferences import PreferencesDialog

        dialog = PreferencesDialog(self.prefs, self)

        def applied() -> None:
            if self.drag is not None:
                self.drag.animation_ms = self.prefs.animation_ms
            self.computer.set_pace(self.prefs.computer_pace)
            self._install_dice()

        dialog.accepted.connect(applied)
        dialog.open()

    def _install_dice(self) -> None:
        """Dice from the table (the preference): the game waits for every roll, typed in on
        the battle board."""
        if self.controller is not None:
            self.controller.typed_dice = self.prefs.dice_mode is DiceMode.TABLETOP

    def _file_changed(self, path: object) -> None:
        name = Path(str(path)).name if path else self._untitled
        self.setWindowTitle(f"{APP_NAME} — {name}[*]")

    # ---- closing ----

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit: offer to save a game with changes first."""
        if not self._closing and self.controller is not None and self.controller.modified:
            event.ignore()
            self.files.offer_to_save(self._close_now, N_("quitting"))
            return
        self.computer.driver.shutdown()
        self.prefs.save_geometry(self.saveGeometry(), self.saveState())
        if self.autosave is not None:
            self.autosave.session_ended()
        super().closeEvent(event)

    def _close_now(self) -> None:
        self._closing = True
        self.close()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The board stands over the map: a smaller window takes it along, clear of the side
        # panel's "Next phase" and inside the window (its contents scroll).
        board = self.visible_battle_board()
        area = board.area() if board is not None else None
        if board is not None and area is not None:
            board.fit_into(area)

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        self._install_dice()
