"""Computer players in the desktop game.

- `ComputerDriver` plays the seats given to the computer: when the power to act is one of
  them, its `ComputerPlayer` thinks in a worker thread (the window stays responsive), and the
  action it chose goes through the normal controller (`GameController.submit`), so the map,
  the log and the battle board show it as they show a person's. Actions follow one another at
  the pace the player chose (instant, fast, or readable: the preference); "skip to the end of
  the turn" plays the rest of the turn at once.
- `ComputerPanel` shows what the computer is doing, with the skip button.
- `ComputerSeats` fits them into the main window: which powers the computer plays, how many
  seats people hold (no hand-over screen for one person alone), the person's gestures turned
  away while the computer plays, the views redrawn less often while it skips.

Nothing here decides anything: the decisions are `pacific.ai`'s, the rules the engine's.
"""

from __future__ import annotations

import contextlib
import time
import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRunnable, Qt, QThreadPool, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.computer_turn import LastTurn
from pacific.gui.controller import GameController, current_power
from pacific.gui.event_log import EventLog
from pacific.gui.qt_dialogs import message_box
from pacific.gui.settings import PACE_MS, ComputerPace
from pacific.rules.actions import Action
from pacific.rules.history import Record
from pacific.rules.nations import SEATINGS, Power, seat_of
from pacific.rules.state import GameState
from pacific.text import _, describe_action, place_name, power_name, refusal_text

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    # The player (and the odds calculator with numpy under it) is loaded when a computer seat
    # first plays, not when the window opens; the levels when a game with one is shown.
    from pacific.ai.explain import Reason, TurnPlan
    from pacific.ai.levels import Level
    from pacific.ai.player import Activity, ComputerPlayer
    from pacific.gui.main_window import MainWindow

# Time between two actions of the computer, so that a player can follow them on the map
# (the preference chooses it, `PACE_MS`); ending a phase, rolling or confirming is quicker.
DEFAULT_PACE_MS = PACE_MS[ComputerPace.FAST]
QUICK_KINDS = frozenset({"end_phase", "roll_dice", "confirm_casualties", "press_on"})
# While the computer plays quickly, the views are redrawn every REDRAW_MS at most, and less
# often when a redraw costs more: at most REDRAW_SHARE of the processor goes to them (a redraw
# of the real board costs more than most of the computer's moves; docs/performance.md).
REDRAW_MS = 400
REDRAW_SHARE = 0.25


def seats_to_powers(players: int, seats: dict[int, Level | None]) -> dict[Power, Level]:
    """The powers the computer plays, from the seats of the New game dialog (R-SETUP-2)."""
    out: dict[Power, Level] = {}
    for seat, level in seats.items():
        if level is None:
            continue
        for power in SEATINGS[players].get(seat, ()):
            out[power] = level
    return out


class _Relay(QObject):
    """Carries a worker's answer back to the main thread (a queued signal)."""

    decided = Signal(int, object)     # request id, (Action, Reason | None, TurnPlan)
    failed = Signal(int, str)         # request id, traceback


class _Think(QRunnable):
    """One question to a computer player, asked in a worker thread of the pool."""

    def __init__(self, relay: _Relay, request: int, player: ComputerPlayer,
                 state: GameState) -> None:
        super().__init__()
        self.relay, self.request, self.player, self.state = relay, request, player, state

    def run(self) -> None:
        # The window may have closed while the computer thought: nobody to tell then.
        with contextlib.suppress(RuntimeError):
            try:
                action = self.player.choose(self.state)
            except Exception:  # a bug of the player: reported, the game stops for it
                self.relay.failed.emit(self.request, traceback.format_exc())
            else:
                self.relay.decided.emit(self.request,
                                        (action, self.player.reason, self.player.plan))


class ComputerDriver(QObject):
    """Plays the computer's powers of the game a `GameController` holds.

    Signals:
        activity(str): what the computer is doing now, in words ("" when it waits).
        reasoning(str): why it plays as it does: its turn's attacks, each with the odds it
            expected, what it wanted and the answer it feared ("" when it has none).
        failed(str): the computer player failed (a traceback); it stops playing.
    """

    activity = Signal(str)
    reasoning = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller: GameController | None = None
        self.players: dict[Power, ComputerPlayer] = {}
        self.levels: dict[Power, Level] = {}
        self.pace_ms = DEFAULT_PACE_MS
        # While the computer submits its own action (the window lets only that one through).
        self.submitting = False
        self._request = 0
        self._asked_at = 0.0
        self._thinking: ComputerPlayer | None = None
        self._mover: Power | None = None
        self._skip_turn: tuple[int, Power] | None = None
        self._last_state: GameState | None = None
        self._stopped = False
        # One worker thread, from a pool of the driver's own: the pool waits for a question
        # being thought about when it goes (a running thread is never destroyed).
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.decided.connect(self._decided)
        self._relay.failed.connect(self._failed)
        self._watch = QTimer(self)
        self._watch.setInterval(250)
        self._watch.timeout.connect(self._show_activity)
        self._next = QTimer(self)
        self._next.setSingleShot(True)
        self._pending_action: tuple[int, Action] | None = None
        self._pending_reason: Reason | None = None
        self._plan: TurnPlan | None = None
        # Why each of the computer's moves was made, by the history position of its record
        # (with the record, so that an undone and replaced record is not explained).
        self.reasons: dict[int, tuple[Record, Reason]] = {}
        self._next.timeout.connect(self._play_decided)

    # ---- set-up ----

    def attach(self, controller: GameController, levels: dict[Power, Level]) -> None:
        """Play ``levels``' powers in ``controller``'s game (none: every seat is a person)."""
        if self.controller is not None and self.controller is not controller:
            self.controller.state_changed.disconnect(self.state_changed)
        if self.controller is not controller:
            controller.state_changed.connect(self.state_changed)
        self.controller = controller
        self.levels = dict(levels)
        self.players = {}
        if levels:
            from pacific.ai.player import ComputerPlayer

            # One player per level: the Allies' two powers at one level share an odds cache.
            made: dict[str, ComputerPlayer] = {}
            for power, level in levels.items():
                if level.name not in made:
                    made[level.name] = ComputerPlayer(controller.game, level)
                self.players[power] = made[level.name]
        self._stopped = False
        self._request += 1
        self._last_state = None
        self.reasons = {}
        self._plan = None
        self.reasoning.emit("")
        self.state_changed(controller.state)

    def controls(self, power: Power) -> bool:
        return power in self.players and not self._stopped

    def acting(self) -> bool:
        """Whether the computer is to act now (the person waits)."""
        controller = self.controller
        return controller is not None and controller.state.winner is None and \
            self.controls(current_power(controller.state))

    def skipping(self) -> bool:
        """Whether the rest of the computer's current turn is being played at once."""
        controller = self.controller
        return controller is not None and self.acting() and \
            self._skip_turn == (controller.state.round, controller.state.power)

    def skip_turn(self) -> None:
        """Play the rest of the computer's turn at once (no pause between actions)."""
        if self.controller is None:
            return
        state = self.controller.state
        self._skip_turn = (state.round, state.power)
        if self._next.isActive():
            self._next.stop()
            self._play_decided()

    def shutdown(self) -> None:
        """Stop playing (the window is closing). A move being thought about is waited for,
        then dropped."""
        self._stopped = True
        self._request += 1
        self._next.stop()
        self._watch.stop()
        self._pool.waitForDone()

    # ---- playing ----

    def state_changed(self, state: GameState) -> None:
        """A new position: if the computer is to act, ask it (in the worker thread)."""
        if self.controller is None or self._stopped:
            return
        if self._last_state is not None and state is not self._last_state and \
                not self.submitting:
            # Not the computer's own action (an undo, a person's move): plans start over.
            for player in self.players.values():
                player.forget()
        if state.winner is not None or not self.controls(current_power(state)):
            self._idle()
            return
        if self._thinking is not None or self._next.isActive():
            return
        self._request += 1
        self._mover = current_power(state)
        player = self.players[self._mover]
        self._thinking = player
        self._asked_at = time.monotonic()
        self._watch.start()
        self._show_activity()
        self._pool.start(_Think(self._relay, self._request, player, state))

    def _decided(self, request: int, answer: tuple[Action, Reason | None,
                                                    TurnPlan | None]) -> None:
        self._thinking = None
        if request != self._request or self.controller is None or self._stopped:
            self._ask_again()   # the game changed while it thought (undo, new game)
            return
        action, reason, plan = answer
        if plan is not None and plan is not self._plan:
            # (the computer's reasoning in words: imported when it first plays)
            from pacific.text.computer import turn_plan_text

            self._plan = plan
            self.reasoning.emit(turn_plan_text(plan, self.controller.board))
        self._pending_action = (request, action)
        self._pending_reason = reason
        pace = self.pace_ms // 4 if action.kind in QUICK_KINDS else self.pace_ms
        waited = (time.monotonic() - self._asked_at) * 1000
        self._next.start(0 if self.skipping() else max(0, int(pace - waited)))

    def _play_decided(self) -> None:
        pending, self._pending_action = self._pending_action, None
        controller = self.controller
        if pending is None or controller is None or pending[0] != self._request:
            return
        before = controller.state
        move = describe_action(pending[1], controller.board, before)
        self.submitting = True
        try:
            refusal = controller.submit(pending[1])
        finally:
            self.submitting = False
        self._last_state = controller.state
        records = controller.history.records
        if refusal is None and self._pending_reason is not None and records:
            self.reasons[len(records)] = (records[-1], self._pending_reason)
        if refusal is None and self._mover is not None:
            self.activity.emit(_("{who} (computer): {move}").format(
                who=power_name(self._mover), move=move))
        if refusal is not None:
            self._failed(pending[0], _("The engine refused the computer's move ({move}): "
                                       "{refusal}").format(
                move=move, refusal=refusal_text(refusal, controller.board)))
            return
        self.state_changed(controller.state)

    def why(self, position: int) -> str | None:
        """Why the computer made the move of the history's record at ``position`` (counted
        from 1, as the event log's lines count them), in words: an attack's, another move's or a
        purchase's reasoning; None when it is not an action the computer planned."""
        controller = self.controller
        known = self.reasons.get(position)
        if controller is None or known is None:
            return None
        records = controller.history.records
        if len(records) < position or records[position - 1] is not known[0]:
            return None
        from pacific.text.computer import reason_text

        return reason_text(known[1], controller.board)

    def _failed(self, request: int, message: str) -> None:
        self._thinking = None
        if request != self._request:
            self._ask_again()
            return
        self._stopped = True
        self._idle()
        self.failed.emit(message)

    def _ask_again(self) -> None:
        """An answer to a question no longer asked was dropped: the position shown now is
        asked about, if the computer is to act in it. (A position that came while the
        computer thought was not asked about then: one question at a time.)"""
        if self.controller is not None and not self._stopped:
            self.state_changed(self.controller.state)

    def _idle(self) -> None:
        self._watch.stop()
        self.activity.emit("")

    def _show_activity(self) -> None:
        player = self._thinking
        if player is not None:
            self.activity.emit(describe(player.activity, self.controller))


def describe(activity: Activity, controller: GameController | None) -> str:
    """The computer's activity in the player's language."""
    who = power_name(activity.power) if activity.power is not None else _("The computer")
    board = controller.board if controller is not None else None
    where = place_name(board, activity.space) if board is not None and activity.space else ""
    texts = {
        "deciding": _("{who} (computer) is deciding…"),
        "buying": _("{who} (computer) is choosing its purchases…"),
        "attacking": _("{who} (computer) is planning its attacks…"),
        "moving": _("{who} (computer) is moving to defend and advance…"),
        "placing": _("{who} (computer) is placing new units…"),
        "fighting": _("{who} (computer) is fighting in {where}…"),
    }
    return texts.get(activity.what, _("{who} (computer) is thinking…")).format(
        who=who, where=where)


class ComputerPanel(QWidget):
    """What the computer is doing, and a button to play the rest of its turn at once."""

    def __init__(self, driver: ComputerDriver, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.driver = driver
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setStyleSheet("color:#1d3d6d; font-style:italic")
        row = QHBoxLayout()
        row.addWidget(self.label, 1)
        self.skip = QPushButton(_("Skip to end of turn"))
        self.skip.setToolTip(_("Play the rest of the computer's turn without pausing between "
                               "its moves"))
        self.skip.clicked.connect(driver.skip_turn)
        row.addWidget(self.skip)
        layout.addLayout(row)
        # Its turn's reasoning: the attacks, the odds, what it wanted and feared.
        self.reasoning = QLabel()
        self.reasoning.setWordWrap(True)
        self.reasoning.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A few lines high, scrolled: the map keeps its room on a small screen.
        scroll = QScrollArea()
        scroll.setWidget(self.reasoning)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMaximumHeight(self.fontMetrics().lineSpacing() * 5 + 6)
        layout.addWidget(scroll)
        driver.activity.connect(self.show_activity)
        driver.reasoning.connect(self.reasoning.setText)
        self.setVisible(False)

    def show_activity(self, text: str) -> None:
        # While a person answers a question in the computer's turn (casualties), the panel
        # stays with the plan's odds: the turn goes on after the answer.
        acting = self.driver.acting()
        controller = self.driver.controller
        turn = controller.state if controller is not None else None
        in_turn = turn is not None and turn.winner is None and self.driver.controls(turn.power)
        self.setVisible(acting or in_turn)
        self.skip.setEnabled(acting)
        if text:
            self.label.setText(text)
        elif acting:
            self.label.setText(_("The computer is playing…"))
        elif turn is not None and in_turn:
            self.label.setText(_("{who} (computer) waits for your answer; its turn goes on "
                                 "after it.").format(who=power_name(turn.power)))
        else:
            self.label.setText("")


class ComputerSeats:
    """The computer's seats in the main window: its driver and panel, the powers it plays."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.driver = ComputerDriver(window)
        self.driver.failed.connect(self._failed)
        self.panel = ComputerPanel(self.driver)
        # What it did in its last turn, until the person's first action.
        self.last_turn = LastTurn(window, self.driver)
        # "Why?" on a computer move in the event log.
        log = window.log
        log.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        log.customContextMenuRequested.connect(self._log_menu)
        self.levels: dict[Power, Level] = {}
        self.set_pace(window.prefs.computer_pace)
        # While the computer plays quickly, the views are redrawn at most this often (see
        # REDRAW_SHARE).
        self._redraw = QTimer(window)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self._redraw_now)

    def set_pace(self, pace: ComputerPace) -> None:
        """The time between two of the computer's actions (the preference)."""
        self.driver.pace_ms = PACE_MS[pace]

    def play(self, levels: dict[Power, Level]) -> None:
        """Let the computer play ``levels``' powers of the game shown (none: only people)."""
        self.levels = dict(levels)
        self.last_turn.forget()
        if self.window.controller is not None:
            self.driver.attach(self.window.controller, self.levels)

    def people(self) -> int:
        """How many seats people sit in (R-SETUP-2): the others are the computer's."""
        controller = self.window.controller
        if controller is None:
            return 0
        players = controller.state.players
        return len(SEATINGS[players]) - len({seat_of(p, players) for p in self.levels})

    def turns_away(self) -> bool:
        """True (and the status line says why) when a person's gesture comes while the
        computer is to act: only the computer's own actions go to the engine then."""
        controller = self.window.controller
        if controller is None or not self.driver.acting() or self.driver.submitting:
            return False
        who = power_name(current_power(controller.state))
        self.window.status_strip.show_info(_(
            "{who} is played by the computer: wait for its move, or skip to the end of its "
            "turn.").format(who=who))
        return True

    def state_arrived(self, state: GameState) -> None:
        self.last_turn.state_arrived(state)
        # Skipping, or at a pace quicker than readable, the views follow a few times a second:
        # a redraw of the real board costs more than most of the computer's moves.
        # A position a person must answer is drawn at once.
        quick = self.driver.pace_ms < PACE_MS[ComputerPace.READABLE]
        if self.driver.skipping() or (quick and state.winner is None
                                      and current_power(state) in self.levels):
            if not self._redraw.isActive():
                self._redraw.start()
            return
        self._redraw.stop()
        self.window.show_state(state)

    def _redraw_now(self) -> None:
        if self.window.controller is not None:
            began = time.process_time()
            self.window.show_state(self.window.controller.state)
            cost = time.process_time() - began
            self._redraw.setInterval(max(REDRAW_MS, round(
                1000 * cost * (1 - REDRAW_SHARE) / REDRAW_SHARE)))

    def why_at(self, row: int) -> str | None:
        """The reasoning behind the event log's line ``row``, if a computer move made it."""
        item = self.window.log.item(row)
        if item is None:
            return None
        position = item.data(EventLog.RECORDS)
        return self.driver.why(position) if isinstance(position, int) else None

    def _log_menu(self, point: QPoint) -> None:
        log = self.window.log
        row = log.indexAt(point).row()
        text = self.why_at(row)
        if text is None:
            return
        menu = QMenu(log)
        menu.addAction(_("Why?"), lambda: self.show_why(text))
        menu.exec(log.viewport().mapToGlobal(point))

    def show_why(self, text: str) -> QMessageBox:
        box_class = message_box()
        box = box_class(box_class.Icon.Information, _("Why the computer moved"), text,
                        parent=self.window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _failed(self, message: str) -> None:
        message_box().critical(self.window, _("The computer player stopped"), message)
