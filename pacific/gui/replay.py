"""Game ▸ Replay: a saved game, or the one being played, stepped through read-only.

The window has a map of its own (a board scene, a view and a piece layer, as the main
window's) and shows the position after any number of the history's records: a slider and the
keys (←/→ one action, PgUp/PgDn one phase, Home/End) move through them, a list jumps to the
start of any round, power and phase. The events of the action just replayed are listed, in
the active language, with the luck of a battle that ended; a battle is shown on a battle board
of its own with its dice, and no button on it does anything (nothing is legal in a replay).
"Play from here" hands the main window a new history that stops at the moment shown, so the
player can try another choice; the replay itself never changes a game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from importlib import import_module

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSlider,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.battle_state import battle_screen
from pacific.gui.dialogs.battle import BattleBoard
from pacific.gui.map_view import MapView
from pacific.gui.pieces import PieceLayer
from pacific.gui.scene import BattleMarker, make_board_scene
from pacific.gui.story_windows import size_within_screen
from pacific.gui.zooming import MapZoom
from pacific.rules.engine import Game
from pacific.rules.history import History, Record
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.story.words import luck_line
from pacific.text import _, describe_action, describe_event, phase_name, power_name


def phase_starts(initial: GameState, records: Sequence[Record]) -> list[int]:
    """The positions (numbers of records) where a phase begins: 0, then every record after
    which the round, the power or the phase is another."""
    starts = [0]
    before = initial
    for i, record in enumerate(records):
        state = record.state
        if (state.round, state.power, state.phase) != (before.round, before.power,
                                                        before.phase):
            starts.append(i + 1)
        before = state
    return starts


class ReplayWindow(QMainWindow):
    """Steps through ``history`` (read whole first) read-only.

    Signals:
        play_from(History): "Play from here": a new history of the game up to the position
            shown, to be played on.
    """

    play_from = Signal(object)

    def __init__(self, history: History, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Replay: {game}").format(game=title))
        self.game: Game = history.game
        self.initial = history.initial
        self.records: list[Record] = list(history.records)
        self.position = -1
        self._control: tuple[dict[str, Nation], dict[str, Nation]] | None = None
        # Where a label of each look lies in the scene, at the zoom of _extents_scale.
        self._extents: dict[object, QRectF] = {}
        self._extents_scale = 0.0
        self._details_due = False
        self._luck: dict[int, str | None] = {}  # the luck line after each record, once read
        self._phase_battles: dict[int, list[str]] = {}  # by phase (its row in starts)
        board = self.game.board
        self.board_scene = make_board_scene(board)
        self.view = MapView(self.board_scene.scene)
        static = getattr(self.board_scene, "static_items", None)
        if static:
            self.view.set_static_layer(static)
        self.pieces = PieceLayer(self.board_scene.scene, board, self.board_scene.slots,
                                 self.board_scene.piece_size,
                                 getattr(self.board_scene, "layout_shapes", None),
                                 self._battle_room)
        # The labels and the pieces are laid out for each zoom, as in the main window.
        self.zooming = MapZoom(self)
        self.view.zoom_changed.connect(lambda zoom: self.zooming.zoomed(zoom,
                                                                        self.view.gesturing))
        self.pieces.on_summary_click = self.zooming.zoom_to_space
        self.pieces.summary_hint = _("Click to zoom in until its units stand apart.")
        self.battle_board = BattleBoard(self)
        self.battle_board.setWindowTitle(_("Battle board (replay)"))
        # The main window's hint (Turn ▸ Battle board opens it again) has no meaning here:
        # the replay shows the board again at the next step with a battle.
        self.battle_board.close_hint.hide()
        # Stepping goes on from the keyboard while the board shows: it does not take the
        # focus, and the replay's keys act in it too (see _keys).
        self.battle_board.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.starts = phase_starts(self.initial, self.records)
        self._build()
        self._keys()
        self.show_position(len(self.records))
        # The luck of a battle asks the odds, whose first import takes a few tenths of a
        # second: made once the window is up, not at the first step past a battle.
        QTimer.singleShot(0, lambda: import_module("pacific.odds"))

    # ---- layout ----

    def _build(self) -> None:
        self.where = QLabel()
        font = self.where.font()
        font.setBold(True)
        self.where.setFont(font)
        self.where.setWordWrap(True)
        self.what = QLabel()
        self.what.setWordWrap(True)
        self.what.setTextFormat(Qt.TextFormat.PlainText)
        self.events = QListWidget()
        self.events.setWordWrap(True)   # a battle's luck is a long line
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(4, 4, 4, 4)
        side_layout.addWidget(self.where)
        side_layout.addWidget(self.what)
        side_layout.addWidget(QLabel(_("What happened:")))
        side_layout.addWidget(self.events, 1)
        split = QSplitter()
        split.addWidget(self.view)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([820, 360])

        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, len(self.records))
        self.slider.setPageStep(10)
        self.slider.valueChanged.connect(self._slid)
        # While the slider is dragged, the position follows it once per pass of the event
        # loop (the moves that came meanwhile count as one), and the event list and the
        # battle board wait until it is let go.
        self._slide_timer = QTimer(self)
        self._slide_timer.setSingleShot(True)
        self._slide_timer.setInterval(0)
        self._slide_timer.timeout.connect(
            lambda: self.show_position(self.slider.value(), details=False))
        self.slider.sliderReleased.connect(self._released)
        # The style's media icons: not every font has the media symbols.
        icons = (QStyle.StandardPixmap.SP_MediaSkipBackward,
                 QStyle.StandardPixmap.SP_MediaSeekBackward,
                 QStyle.StandardPixmap.SP_ArrowLeft, QStyle.StandardPixmap.SP_ArrowRight,
                 QStyle.StandardPixmap.SP_MediaSeekForward,
                 QStyle.StandardPixmap.SP_MediaSkipForward)
        (self.first_button, self.back_phase_button, self.back_button, self.step_button,
         self.step_phase_button, self.last_button) = (
            QPushButton(self.style().standardIcon(icon), "") for icon in icons)
        tips = (_("Start of the game (Home)"), _("Previous phase (Page Up)"),
                _("Previous action (←)"), _("Next action (→)"), _("Next phase (Page Down)"),
                _("End of the game (End)"))
        buttons = (self.first_button, self.back_phase_button, self.back_button,
                   self.step_button, self.step_phase_button, self.last_button)
        for button, tip in zip(buttons, tips, strict=True):
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.first_button.clicked.connect(lambda: self.show_position(0))
        self.back_phase_button.clicked.connect(self.previous_phase)
        self.back_button.clicked.connect(lambda: self.show_position(self.position - 1))
        self.step_button.clicked.connect(lambda: self.show_position(self.position + 1))
        self.step_phase_button.clicked.connect(self.next_phase)
        self.last_button.clicked.connect(lambda: self.show_position(len(self.records)))
        self.jump = QComboBox()
        self.jump.setMaxVisibleItems(20)
        for start in self.starts:
            self.jump.addItem(self._phase_text(self._state_at(start)), start)
        self.jump.activated.connect(lambda row: self.show_position(self.starts[row]))
        self.play_button = QPushButton(_("Play from here"))
        self.play_button.setToolTip(_("Start a new game from the moment shown, to try "
                                      "another choice"))
        self.play_button.clicked.connect(self._play)

        bar = QHBoxLayout()
        bar.addWidget(self.first_button)
        bar.addWidget(self.back_phase_button)
        bar.addWidget(self.back_button)
        bar.addWidget(self.slider, 1)
        bar.addWidget(self.step_button)
        bar.addWidget(self.step_phase_button)
        bar.addWidget(self.last_button)
        jumps = QHBoxLayout()
        jumps.addWidget(QLabel(_("Jump to:")))
        jumps.addWidget(self.jump, 1)
        jumps.addWidget(self.play_button)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(split, 1)
        layout.addLayout(bar)
        layout.addLayout(jumps)
        self.setCentralWidget(central)
        size_within_screen(self, 1200, 800)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape closes the replay, as it does the charts: under a bare X server (no window
        manager) the window has no title bar to close it by."""
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            self.close()
            return
        super().keyPressEvent(event)

    def _keys(self) -> None:
        keys = ((Qt.Key.Key_Right, lambda: self.show_position(self.position + 1)),
                (Qt.Key.Key_Left, lambda: self.show_position(self.position - 1)),
                (Qt.Key.Key_PageDown, self.next_phase),
                (Qt.Key.Key_PageUp, self.previous_phase),
                (Qt.Key.Key_Home, lambda: self.show_position(0)),
                (Qt.Key.Key_End, lambda: self.show_position(len(self.records))))
        for key, slot in keys:
            action = QAction(self)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _checked=False, slot=slot: slot())
            self.addAction(action)
            self.battle_board.addAction(action)

    # ---- moving ----

    def _state_at(self, position: int) -> GameState:
        return self.records[position - 1].state if position > 0 else self.initial

    def _phase_text(self, state: GameState) -> str:
        return _("Round {round}, {power}: phase {number}, {phase}").format(
            round=state.round, power=power_name(state.power), number=state.phase.number,
            phase=phase_name(state.phase))

    def next_phase(self) -> None:
        later = [s for s in self.starts if s > self.position]
        self.show_position(later[0] if later else len(self.records))

    def previous_phase(self) -> None:
        earlier = [s for s in self.starts if s < self.position]
        self.show_position(earlier[-1] if earlier else 0)

    def _phase_row(self, position: int) -> int:
        return bisect_right(self.starts, position) - 1

    def _battle_room(self) -> list[tuple[QPointF, QRectF]]:
        """Where the battle markers of the phase shown stand, every one of them from its
        first action to its last, as (scene point, pixel box): the pieces keep clear of them
        all through the phase, so a step that makes or ends a battle does not lay the pieces
        out again (the layout is kept by what it keeps clear of)."""
        row = self._phase_row(max(self.position, 0))
        spaces = self._phase_battles.get(row)
        if spaces is None:
            end = self.starts[row + 1] if row + 1 < len(self.starts) else len(self.records) + 1
            fought: set[str] = set()
            for position in range(self.starts[row], end):
                fought |= self.game.battle_spaces(self._state_at(position))
            spaces = self._phase_battles[row] = sorted(fought)
        room = []
        for space in spaces:
            point, offset = self.board_scene.battle_spot(space)
            room.append((point, BattleMarker(space, offset).rect()))
        return room

    def history_at(self, position: int) -> History:
        """A history of the game up to ``position`` records (to show, or to play on)."""
        history = History(self.game, self.initial)
        history.records = self.records[:position]
        return history

    def show_position(self, position: int, details: bool = True) -> None:
        """Show the position after ``position`` records (clamped to the game); without
        ``details`` (while the slider is dragged) the event list and the battle board wait."""
        position = max(0, min(position, len(self.records)))
        if position == self.position:
            return
        self.position = position
        state = self._state_at(position)
        control = (dict(state.territory_owner), dict(state.convoy_holder))
        looks = self._map_looks() if control != self._control else None
        self.board_scene.show_state(state, self.game.battle_spaces(state))
        if looks is not None:
            self._repaint_map(looks)
        self._control = control
        self.pieces.sync(state, lambda _key: False)
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.jump.setCurrentIndex(self._phase_row(position))
        self.where.setText(_("Action {number} of {total}").format(number=position,
                                                                  total=len(self.records))
                           + " · " + self._phase_text(state))
        if details:
            self._show_details()
        else:
            self._details_due = True

    def _show_details(self) -> None:
        self._details_due = False
        self._show_events(self.position)
        self._show_battle(self.position, self._state_at(self.position))

    def _slid(self, value: int) -> None:
        if self.slider.isSliderDown():
            self._slide_timer.start()
        else:
            self.show_position(value)

    def _released(self) -> None:
        self._slide_timer.stop()
        self.show_position(self.slider.value())
        if self._details_due:
            self._show_details()

    def _map_looks(self) -> dict[QGraphicsItem, tuple[object, QRectF]] | None:
        """What each region and label of the map looks like, and where it is, or None when
        the scene has no map of regions (the schematic board: nothing cached to spare)."""
        regions = getattr(self.board_scene, "map", None)
        if regions is None or not self.view.static_items:
            return None
        scale = self.view.scale_factor
        if scale != self._extents_scale:
            self._extents.clear()
            self._extents_scale = scale
        looks: dict[QGraphicsItem, tuple[object, QRectF]] = {}
        for region in regions.regions.values():
            looks[region] = (region.fill().rgba(), region.boundingRect())
        for label in regions.labels.values():
            pos, leader = label.pos(), label.leader
            look = (pos.x(), pos.y(), label.index,
                    None if leader is None else (leader.x(), leader.y()), label.marker,
                    tuple(label.symbols), label.isVisible())
            extent = self._extents.get(look)
            if extent is None:
                extent = self._extents[look] = self.view.map_extent(label)
            looks[label] = (look, extent)
        return looks

    def _repaint_map(self, before: dict[QGraphicsItem, tuple[object, QRectF]] | None) -> None:
        """Paint again only the parts of the map whose regions or labels changed since
        ``before`` (a capture recolours a region and marks its label; the labels around it
        may move): a step that takes a territory repaints it, not the whole map."""
        after = self._map_looks()
        if before is None or after is None:
            self.view.refresh_map()
            return
        areas: list[QRectF] = []
        for item, (look, extent) in after.items():
            old_look, old_extent = before[item]
            if look != old_look or extent != old_extent:
                areas += [old_extent, extent]
        if areas:
            self.view.refresh_map_areas(areas)

    def _show_events(self, position: int) -> None:
        self.events.clear()
        if position == 0:
            self.what.setText(_("The start of the game."))
            return
        board = self.game.board
        record = self.records[position - 1]
        before = self._state_at(position - 1)
        self.what.setText(describe_action(record.action, board, before))
        self.events.addItems([describe_event(e, board, before) for e in record.events])
        if position not in self._luck:
            self._luck[position] = luck_line(board, self.initial, self.records, position - 1)
        luck = self._luck[position]
        if luck is not None:
            self.events.addItem(luck)

    def _show_battle(self, position: int, state: GameState) -> None:
        screen = battle_screen(self.history_at(position), [])
        if screen.wanted:
            self.battle_board.refresh(self.game.board, state, screen)
            if not self.battle_board.isVisible():
                self.battle_board.show()
                self._place_board()
        elif self.battle_board.isVisible():
            self.battle_board.hide()

    def _place_board(self) -> None:
        """Put the battle board beside the replay, where the screen has room, else over the
        replay's map at its left (the list of what happened, with the battle's luck, stays in
        sight; the step buttons too)."""
        frame = self.frameGeometry()
        board = self.battle_board
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        x = frame.right() + 8
        if screen is not None and x + board.width() > screen.right():
            x = max(screen.left(), frame.left())
        board.move(x, frame.top())

    def _play(self) -> None:
        self.play_from.emit(self.history_at(self.position))
