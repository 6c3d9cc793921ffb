"""The main window: the map in the middle, the panels on the right, menus and keys.

It wires gestures to the controller (one action per gesture) and redraws every view from the
controller's signals; it holds no game state of its own (STYLE habit 8). Dialogs are opened
with ``open()`` (not ``exec()``) so that play never blocks and tests can drive them.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pacific import APP_NAME, __version__
from pacific.ai.levels import Level
from pacific.gui.autosave import Autosave
from pacific.gui.computer import ComputerDriver, ComputerPanel, seats_to_powers
from pacific.gui.controller import GameController, current_power
from pacific.gui.dialogs.battle import OTHER_KINDS, BattleBoard
from pacific.gui.dialogs.new_game import NewGameDialog
from pacific.gui.dialogs.preferences import PreferencesDialog
from pacific.gui.dialogs.purchase import PurchaseDialog
from pacific.gui.dialogs.rules import open_rules
from pacific.gui.dialogs.simple import (
    ConvoySplitDialog,
    DiceEntryDialog,
    HandOverDialog,
    VictoryDialog,
)
from pacific.gui.drag import DragController
from pacific.gui.map_view import MapView
from pacific.gui.odds_panel import OddsPanel
from pacific.gui.panels import ConvoyPanel, EventLog, ProductionChart, StatusStrip, TurnPanel
from pacific.gui.pieces import PieceLayer, StackKey
from pacific.gui.scene import BoardScene, make_board_scene, reach_routes
from pacific.gui.settings import DiceMode, Preferences
from pacific.gui.tray import PlacementTray
from pacific.rules.actions import Action
from pacific.rules.actions.economy import EndPhase, Place
from pacific.rules.dice import DiceSource, ManualDice
from pacific.rules.errors import IllegalAction, PacificError
from pacific.rules.events import DiceRolled, Event
from pacific.rules.maps import board_resolver
from pacific.rules.nations import (
    POWER_NATIONS,
    SEATINGS,
    Nation,
    Power,
    power_of,
    seat_of,
)
from pacific.rules.phases import Phase
from pacific.rules.savefile import BoardResolver
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import _, power_name

NATURAL_EARTH_CREDIT = "Made with Natural Earth; generalized by the QGIS project."
SAVE_FILTER = "Pacific saved games (*.json);;All files (*)"


class MainWindow(QMainWindow):
    def __init__(self, controller: GameController | None = None,
                 prefs: Preferences | None = None, autosave: Autosave | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.prefs = prefs if prefs is not None else Preferences()
        self.autosave = autosave
        self.controller: GameController | None = None
        self.board_scene: BoardScene | None = None
        self.view: MapView | None = None
        self.pieces: PieceLayer | None = None
        # Laying the labels out takes up to a tenth of a second: during a wheel or pinch
        # gesture it waits until the zooming pauses.
        self._label_timer = QTimer(self)
        self._label_timer.setSingleShot(True)
        self._label_timer.setInterval(150)
        self._label_timer.timeout.connect(self._zoom_paused)
        self.drag: DragController | None = None
        self.rolls: list[DiceRolled] = []
        self._control: tuple[dict[str, Nation], dict[str, Nation]] | None = None
        self.purchase_dialog: PurchaseDialog | None = None
        self.handover_dialog: HandOverDialog | None = None
        self.convoy_dialog: ConvoySplitDialog | None = None
        self.victory_dialog: VictoryDialog | None = None
        self.confirm_box: QMessageBox | None = None
        self.status_strip = StatusStrip()
        self.turn_panel = TurnPanel()
        self.turn_panel.next_phase_requested.connect(self.next_phase)
        self.turn_panel.buy_requested.connect(lambda: self.open_purchase())
        self.chart = ProductionChart()
        self.convoys = ConvoyPanel()
        self.log = EventLog()
        self.tray = PlacementTray()
        self.move_count = QSpinBox()
        self.move_count.setRange(0, 99)
        self.move_count.setSpecialValueText("whole stack")
        self.move_count.setToolTip("How many units of a stack a drag moves (Shift: one, "
                                   "Ctrl: half)")
        self.move_count.valueChanged.connect(self._count_changed)
        # Seats the computer plays (issue 15): it thinks in a worker thread and plays through
        # the controller like a person.
        self.computer = ComputerDriver(self)
        self.computer.failed.connect(self._computer_failed)
        self.computer_panel = ComputerPanel(self.computer)
        self._computer_levels: dict[Power, Level] = {}
        # While the computer plays the rest of its turn at once, the views are redrawn at most
        # this often (a redraw of the real board costs more than most of its moves).
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(400)
        self._redraw.timeout.connect(lambda: self.controller and self.show_state(
            self.controller.state))
        self.battle_board = BattleBoard(self)
        self.battle_board.action_chosen.connect(self.submit)
        self.odds_panel = OddsPanel()
        self._build_layout()
        self._build_menus()
        if controller is not None:
            self.set_controller(controller)
        else:
            placeholder = QLabel(f"<h1>{APP_NAME}</h1><p>Axis &amp; Allies Pacific (2001)</p>"
                                 "<p>Game ▸ New game to start.</p>")
            placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.map_holder.layout().addWidget(placeholder)  # type: ignore[union-attr]
        geometry = self.prefs.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        dock_state = self.prefs.window_state()
        if dock_state is not None:
            self.restoreState(dock_state)

    # ---- layout and menus ----

    def _build_layout(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        self.map_holder = QWidget()
        QVBoxLayout(self.map_holder).setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.map_holder, 1)
        layout.addWidget(self.status_strip)
        self.setCentralWidget(central)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.turn_panel)
        side_layout.addWidget(self.computer_panel)
        count_row = QWidget()
        count_layout = QVBoxLayout(count_row)
        count_layout.setContentsMargins(0, 0, 0, 0)
        count_layout.addWidget(QLabel("Units per drag:"))
        count_layout.addWidget(self.move_count)
        side_layout.addWidget(count_row)
        tabs = QTabWidget()
        tabs.addTab(self.chart, "Production")
        tabs.addTab(self.tray, "To place")
        tabs.addTab(self.convoys, "Convoys")
        self.tabs = tabs
        side_layout.addWidget(tabs)
        dock = QDockWidget("Game", self)
        dock.setObjectName("game_dock")
        dock.setWidget(side)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        log_dock = QDockWidget("Event log", self)
        log_dock.setObjectName("log_dock")
        log_dock.setWidget(self.log)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, log_dock)
        self.odds_dock = QDockWidget("Battle odds", self)
        self.odds_dock.setObjectName("odds_dock")
        self.odds_dock.setWidget(self.odds_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.odds_dock)
        self.odds_dock.hide()

    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:  # type: ignore[no-untyped-def]
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self._action(game, "&New game…", self.open_new_game, QKeySequence.StandardKey.New)
        self._action(game, "&Open…", self.open_file, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu("Open &recent")
        self._fill_recent()
        self._action(game, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(game, "Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        game.addSeparator()
        self._action(game, "&Preferences…", self.show_preferences,
                     QKeySequence.StandardKey.Preferences)
        game.addSeparator()
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = self._action(edit, "&Undo", self.undo, QKeySequence("Ctrl+Z"))
        self.redo_action = self._action(edit, "&Redo", self.redo, QKeySequence("Ctrl+Shift+Z"))
        turn = self.menuBar().addMenu("&Turn")
        self._action(turn, "&Buy units…", lambda: self.open_purchase(), QKeySequence("B"))
        self._action(turn, "&Next phase", self.next_phase, QKeySequence("N"))
        self._action(turn, "Battle &board", self.show_battle_board, QKeySequence("F"))
        view = self.menuBar().addMenu("&View")
        self._action(view, "&Fit map to window", self.fit_map, QKeySequence("Ctrl+0"))
        self._action(view, "Zoom &in", lambda: self.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(view, "Zoom &out", lambda: self.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        self.odds_action = self.odds_dock.toggleViewAction()
        self.odds_action.setText("Battle &odds")
        self.odds_action.setShortcut(QKeySequence("Ctrl+D"))
        view.addAction(self.odds_action)
        help_menu = self.menuBar().addMenu("&Help")
        self.rules_action = self._action(help_menu, "&Rules…", lambda: open_rules(self),
                                         QKeySequence("F1"))
        self._action(help_menu, f"&About {APP_NAME}", self.show_about)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.prefs.recent_files():
            self._action(self.recent_menu, path, lambda _=False, p=path: self.open_path(Path(p)))
        self.recent_menu.setEnabled(bool(self.prefs.recent_files()))

    def about_text(self) -> str:
        return (
            f"<h2>{APP_NAME} {__version__}</h2>"
            "<p>The board game Axis &amp; Allies Pacific (2001), every rule enforced, "
            "on a map of the real Pacific theatre.</p>"
            f"<p>{NATURAL_EARTH_CREDIT}</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}", self.about_text())

    # ---- the game ----

    def set_controller(self, controller: GameController) -> None:
        """Show the game ``controller`` holds (a new game or one opened)."""
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
        self.view.tray_dropped.connect(self.drop_from_tray)
        holder.addWidget(self.view)
        self.pieces = PieceLayer(self.board_scene.scene, board, self.board_scene.slots,
                                 self.board_scene.piece_size,
                                 getattr(self.board_scene, "layout_shapes", None))
        self.drag = DragController(
            self.board_scene.scene, self.board_scene.space_at, self.board_scene.highlight,
            self.board_scene.centre_of, lambda s, ids: reach_routes(board, s, ids),
            lambda: controller.state, board.is_sea, board.adjacent, board.name)
        view = self.view
        view.zoom_changed.connect(lambda zoom: self._zoomed(zoom, view.gesturing))
        static = getattr(self.board_scene, "static_items", None)
        if static:
            self.view.set_static_layer(static)
        self.drag.animation_ms = self.prefs.animation_ms
        self.drag.dropped.connect(self.submit)
        self.drag.status.connect(self.status_strip.show_info)
        self.pieces.on_press = self.drag.begin
        self.pieces.on_drag = self.drag.move
        self.pieces.on_release = self._drag_released
        self.pieces.on_summary_click = self.zoom_to_space
        self.pieces.on_context_menu = self.odds_panel.show_stack_menu
        controller.state_changed.connect(self._state_arrived)
        controller.events_happened.connect(self.show_events)
        controller.refused.connect(self.show_refusal)
        controller.power_changed.connect(self.hand_over)
        controller.game_over.connect(self.show_victory)
        controller.applied.connect(self._autosave)
        controller.file_changed.connect(self._file_changed)
        self.log.clear()
        self.log.set_board(board)
        self.battle_board.plain = self.log.plain
        self.turn_panel.plain = self.log.plain
        self.show_state(controller.state)
        self._file_changed(controller.path)
        self.computer.attach(controller, self._computer_levels)

    def _state_arrived(self, state: GameState) -> None:
        if self.computer.skipping():
            if not self._redraw.isActive():
                self._redraw.start()
            return
        self._redraw.stop()
        self.show_state(state)

    def play_computer(self, levels: dict[Power, Level]) -> None:
        """Let the computer play ``levels``' powers of the game shown (none: only people)."""
        self._computer_levels = dict(levels)
        if self.controller is not None:
            self.computer.attach(self.controller, self._computer_levels)

    def show_state(self, state: GameState) -> None:
        """Redraw every view from ``state``."""
        controller = self.controller
        if controller is None or self.board_scene is None or self.pieces is None:
            return
        board = controller.board
        self.board_scene.show_state(state)
        control = (dict(state.territory_owner), dict(state.convoy_holder))
        if control != self._control and self.view is not None:
            self.view.refresh_map()  # the map's colours changed: repaint its cached layer
        self._control = control
        acting = current_power(state)
        movable_phases = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE, Phase.CAP_LANDING)

        computer = self.computer.controls(acting)

        def movable(key: StackKey) -> bool:
            return (state.pending is None and state.phase in movable_phases
                    and power_of(key.owner) is acting and not computer
                    and key.unit_type not in (UnitType.INDUSTRIAL_COMPLEX,))

        self.pieces.sync(state, movable)
        self.odds_panel.show_state(board, state)
        self.turn_panel.show_state(board, state)
        self.chart.show_state(board, state)
        self.convoys.show_state(board, state)
        self.tray.show_state(state)
        if state.phase is Phase.PLACE and self.tray.count():
            self.tabs.setCurrentWidget(self.tray)
        if self.drag is not None:
            self.drag.done()
        # The computer's decisions are its own: the battle board shows them, offers no button.
        legal = [] if computer else self.decision_actions()
        self.undo_action.setEnabled(controller.history.can_undo() and not computer)
        self.redo_action.setEnabled(controller.history.can_redo() and not computer)
        kinds = {a.kind for a in legal}
        decisions = OTHER_KINDS | {"kamikaze"}
        if (state.phase is Phase.COMBAT and (state.battles or state.pending)) or \
                (state.pending is not None and kinds & decisions):
            self.battle_board.refresh(board, state, legal, self.rolls)
            if not self.battle_board.isVisible():
                self.battle_board.show()
        elif self.battle_board.isVisible():
            self.battle_board.hide()
        if "split_convoy_income" in kinds and state.convoy_split_due and \
                self.convoy_dialog is None and not computer:
            self.open_convoy_split(state.convoy_split_due)

    def decision_actions(self) -> list[Action]:
        """The legal actions the panels and the battle board offer as buttons. Listing every
        move of a movement phase costs seconds on the real board and moves are made by
        dragging, so outside a pending decision the movement phases list nothing."""
        if self.controller is None:
            return []
        state = self.controller.state
        if state.pending is None and state.phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
            return []
        return self.controller.legal_actions()

    def show_events(self, events: list[Event]) -> None:
        self.log.add_events(events)
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if rolls:
            self.rolls = rolls

    def show_refusal(self, refusal: IllegalAction) -> None:
        if self.drag is not None and self.drag.active:
            self.drag.snap_back(refusal)
        self.status_strip.show_refusal(refusal.message)
        self.log.add_line(f"Refused: {refusal.message}", "#a01010")

    def submit(self, action: Action) -> IllegalAction | None:
        if self.controller is None:
            return None
        if self.computer.acting() and not self.computer.submitting:
            who = power_name(current_power(self.controller.state))
            self.status_strip.show_info(_("{who} is played by the computer: wait for its move, "
                                          "or skip to the end of its turn.").format(who=who))
            return None
        try:
            return self.controller.submit(action)
        except PacificError as exc:  # a known error: a friendly message
            self.status_strip.show_refusal(str(exc))
            return None
        except Exception:  # an unknown one: the traceback, and the game goes on
            QMessageBox.critical(self, "Unexpected error", traceback.format_exc())
            return None

    def _drag_released(self, pos: QPointF) -> None:
        if self.drag is not None:
            self.status_strip.show_info("")
            self.drag.finish(pos)

    def _count_changed(self, value: int) -> None:
        if self.drag is not None:
            self.drag.requested_count = value or None

    def drop_from_tray(self, nation: Nation, unit_type: UnitType, pos: QPointF
                       ) -> IllegalAction | None:
        """A unit dragged from the placement tray and dropped at ``pos`` (scene coordinates)
        becomes a `Place` action (R-PLACE-1..7)."""
        space = self.board_scene.space_at(pos) if self.board_scene is not None else None
        if space is None:
            self.status_strip.show_refusal("Drop new units on a territory or a sea zone.")
            return None
        return self.submit(Place(nation=nation, unit_type=unit_type, space=space))

    # ---- turn flow ----

    def next_phase(self) -> None:
        """End the phase (R-TURN-4). With confirmations on, ask first when the end loses
        something: a purchase phase with nothing bought, or the end of the turn."""
        if self.controller is None:
            return
        state = self.controller.state
        question = None
        if state.phase is Phase.PURCHASE and \
                not any(state.purchased.get(n) for n in POWER_NATIONS[state.power]):
            question = "Nothing was bought. End the purchase phase anyway?"
        elif state.phase is Phase.INCOME:
            question = "Collect income and end the turn?"
        if question is None or not self.prefs.confirm_end_phase:
            self.submit(EndPhase())
            return
        box = QMessageBox(QMessageBox.Icon.Question, "End the phase", question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        self.confirm_box = box

        def answered(result: int) -> None:
            if result == QMessageBox.StandardButton.Yes.value:
                self.submit(EndPhase())

        box.finished.connect(answered)
        box.open()

    def open_purchase(self, nation: Nation | None = None) -> PurchaseDialog | None:
        """Open the purchase dialog for ``nation`` (default: the first of the power that has
        not bought yet). India and Australia buy separately (R-PURCH-1)."""
        if self.controller is None:
            return None
        state = self.controller.state
        nations = [n for n in POWER_NATIONS[state.power] if n is not Nation.CHINA]
        if nation is None:
            nation = next((n for n in nations if not state.purchased.get(n)), nations[0])
        dialog = PurchaseDialog(nation, state.treasury.get(nation, 0), self,
                                china_infantry_due=state.china_infantry_due)
        dialog.accepted.connect(lambda: self._purchase_done(dialog))
        self.purchase_dialog = dialog
        dialog.open()
        return dialog

    def _purchase_done(self, dialog: PurchaseDialog) -> None:
        action = dialog.action()
        if action is not None:
            self.submit(action)

    def open_convoy_split(self, total: int) -> ConvoySplitDialog:
        dialog = ConvoySplitDialog(total, self)
        self.convoy_dialog = dialog

        def done() -> None:
            self.convoy_dialog = None
            self.submit(dialog.action())

        dialog.accepted.connect(done)
        dialog.open()
        return dialog

    def show_battle_board(self) -> None:
        if self.controller is not None:
            self.battle_board.refresh(self.controller.board, self.controller.state,
                                      self.decision_actions(), self.rolls)
        self.battle_board.show()
        self.battle_board.raise_()

    def hand_over(self, _power: object = None) -> None:
        if self.controller is None or not self.prefs.handover_screen:
            return
        people = len(SEATINGS[self.controller.state.players]) - len(
            {seat_of(p, self.controller.state.players) for p in self._computer_levels})
        if self.computer.controls(self.controller.state.power) or people <= 1:
            return   # no one to hand the computer over to, or one person playing alone
        dialog = HandOverDialog(self.controller.state, self.prefs.seat_names(), self)
        self.handover_dialog = dialog
        dialog.open()

    def show_victory(self, state: GameState) -> None:
        dialog = VictoryDialog(state, self)
        self.victory_dialog = dialog
        dialog.open()

    def undo(self) -> None:
        if self.controller is not None and not self.controller.undo():
            self.status_strip.show_info("Nothing to undo (dice already rolled cannot be "
                                        "taken back)")

    def redo(self) -> None:
        if self.controller is not None:
            self.controller.redo()

    def zoom(self, factor: float) -> None:
        if self.view is not None:
            self.view.zoom_by(factor)

    def zoom_to_space(self, space: str) -> None:
        """Zoom in on ``space`` until its stacks show (a click on a nation's marker)."""
        if self.view is None or self.board_scene is None or self.pieces is None:
            return
        for _attempt in range(8):
            self.view.zoom_by(1.5)
            self.view.centerOn(self.board_scene.centre_of(space))
            self.pieces.layout()
            if not self.pieces.summarised(space):
                break

    def _zoomed(self, zoom: float, gesturing: bool) -> None:
        """Labels are laid out anew for the zoom (issue 4: none overlaps another), then the
        pieces, which keep clear of the labels."""
        place = getattr(self.board_scene, "place_labels", None)
        if place is not None and gesturing:
            self._label_timer.start()  # restarted by every step: lays out when they pause
            place = None
        if place is not None and place(zoom):
            if self.pieces is not None:
                self.pieces.labels_moved()
            if self.view is not None:
                self.view.refresh_map()
        if self.pieces is not None:
            self.pieces.scale_to(zoom, gesturing)

    def _zoom_paused(self) -> None:
        if self.view is not None:
            self._zoomed(self.view.scale_factor, False)

    def fit_map(self) -> None:
        if self.view is not None:
            self.view.fit_to_window()

    # ---- dice ----

    def dice_source(self, state: GameState) -> DiceSource | None:
        """Tabletop mode asks the players for the dice rolled at the table."""
        if self.prefs.dice_mode is not DiceMode.TABLETOP:
            return None

        def ask(count: int, purpose: str) -> list[int]:
            dialog = DiceEntryDialog(count, purpose, self)
            dialog.exec()
            return dialog.values()

        return ManualDice(ask)

    # ---- files ----

    def open_new_game(self) -> NewGameDialog:
        dialog = NewGameDialog(self.prefs.seat_names(), self, self.prefs.seat_players())

        def start() -> None:
            self.prefs.set_seat_names(dialog.seat_names())
            self.prefs.set_seat_players(dialog.seat_choices())
            self.new_game(dialog.players, seats_to_powers(dialog.players,
                                                          dialog.seat_levels()))

        dialog.accepted.connect(start)
        dialog.open()
        return dialog

    def new_game(self, players: int = 3, computer: dict[Power, Level] | None = None,
                 seed: int | None = None) -> None:
        """Start a new game; ``computer`` gives the powers the computer plays, at a level."""
        from pacific.gui.app import new_controller

        self._computer_levels = dict(computer or {})
        if self.convoy_dialog is not None:   # it belongs to the game being left
            self.convoy_dialog.reject()
            self.convoy_dialog = None
        self.set_controller(new_controller(players=3 if players == 3 else 2, seed=seed))
        self.hand_over()

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a saved game", "", SAVE_FILTER)
        if path:
            self.open_path(Path(path))

    def open_path(self, path: Path) -> bool:
        return self.open_path_with(path, board_resolver())

    def open_path_with(self, path: Path, resolve: BoardResolver) -> bool:
        """Open the saved game at ``path``, finding its board with ``resolve``."""
        try:
            history = GameController.open_history(path, resolve)
        except (PacificError, OSError) as exc:
            QMessageBox.warning(self, "Cannot open the game", f"{path}:\n{exc}")
            return False
        # A saved game is played by people (the save file does not say who sat where).
        self._computer_levels = {}
        if self.controller is None:
            self.set_controller(GameController(history, path))
        else:
            self.controller.replace(history, path)
            self.log.clear()
            self.play_computer({})
        self.prefs.add_recent(str(path))
        self._fill_recent()
        return True

    def save(self) -> bool:
        if self.controller is None:
            return False
        if self.controller.path is None:
            return self.save_as()
        return self.save_to(self.controller.path)

    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", "game.json", SAVE_FILTER)
        return self.save_to(Path(path)) if path else False

    def save_to(self, path: Path) -> bool:
        if self.controller is None:
            return False
        try:
            self.controller.save(path)
        except PacificError as exc:
            QMessageBox.warning(self, "Cannot save", f"{path}:\n{exc}")
            return False
        self.prefs.add_recent(str(path))
        self._fill_recent()
        self.status_strip.show_info(f"Saved to {path}")
        return True

    def _autosave(self, _action: object) -> None:
        if self.autosave is not None and self.controller is not None and \
                not self.autosave.save(self.controller.history) and self.autosave.last_error:
            self.status_strip.show_refusal(self.autosave.last_error)

    def _file_changed(self, path: object) -> None:
        name = Path(str(path)).name if path else "new game"
        self.setWindowTitle(f"{APP_NAME} — {name}")

    def show_preferences(self) -> None:
        dialog = PreferencesDialog(self.prefs, self)

        def applied() -> None:
            if self.drag is not None:
                self.drag.animation_ms = self.prefs.animation_ms
            self._install_dice()

        dialog.accepted.connect(applied)
        dialog.open()

    def _install_dice(self) -> None:
        if self.controller is not None:
            self.controller.dice_factory = self.dice_source

    def _computer_failed(self, message: str) -> None:
        QMessageBox.critical(self, _("The computer player stopped"), message)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.computer.shutdown()
        self.prefs.save_geometry(self.saveGeometry(), self.saveState())
        if self.autosave is not None:
            self.autosave.session_ended()
        super().closeEvent(event)

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        self._install_dice()
        QTimer.singleShot(0, self.fit_map)
