"""Turn ▸ Hint: the coach in the window.

During a person's turn the coach (`pacific.coach`) is asked, in a worker thread, what the
computer player at its strongest level would do next in this phase and why; the answer shows in
a dock (the reasons, with the odds of each attack and the enemy's likely answer, every rule id a
link to the rules reference) and the pieces it would use are ringed on the map, the places
they go to outlined (the marks stay when the dock is closed, for a look at the map). The coach
never plays: nothing it says is submitted, the person makes the moves. A new position makes the
answer stale: the marks go and the dock says so.

The hint is off during games that count: a preference (Game ▸ Preferences, "Allow hints").
"""

from __future__ import annotations

import contextlib
import html
import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.controller import GameController, current_power
from pacific.gui.dialogs.rules import open_rules
from pacific.gui.rule_wrap import as_typed
from pacific.gui.tutorial.marks import MapMarks, piece_items
from pacific.gui.tutorial.panel import rule_link
from pacific.rules.state import GameState
from pacific.text import _, message_text, phase_name, power_name
from pacific.text.computer import reason_text
from pacific.text.rulebook import RULE_ID_IN_TEXT

if TYPE_CHECKING:
    from pacific.coach import Advice, Coach
    from pacific.gui.main_window import MainWindow

OBJECT_NAME = "coach"


class _Relay(QObject):
    """Carries the worker's answer back to the main thread (a queued signal)."""

    answered = Signal(int, object)   # request id, Advice
    failed = Signal(int, str)        # request id, traceback


class _Ask(QRunnable):
    def __init__(self, relay: _Relay, request: int, coach: Coach, state: GameState) -> None:
        super().__init__()
        self.relay, self.request, self.coach, self.state = relay, request, coach, state

    def run(self) -> None:
        with contextlib.suppress(RuntimeError):   # the window closed meanwhile
            try:
                advice = self.coach.advise(self.state)
            except Exception:  # a bug of the coach: shown, the game goes on
                self.relay.failed.emit(self.request, traceback.format_exc())
            else:
                self.relay.answered.emit(self.request, advice)


class CoachPanel(QWidget):
    """The dock's contents: a heading, the reasons, and the buttons (Ask again, Show me).
    A pure view: the runner fills it; rule links emit ``rule_clicked``."""

    ask = Signal()
    show_me = Signal()
    rule_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.rule_clicked.emit(url.toString()))
        buttons = QHBoxLayout()
        self.ask_button = QPushButton(_("Ask again"))
        self.ask_button.clicked.connect(self.ask.emit)
        self.show_button = QPushButton(_("Show me"))
        self.show_button.clicked.connect(self.show_me.emit)
        buttons.addWidget(self.ask_button)
        buttons.addWidget(self.show_button)
        buttons.addStretch(1)
        layout.addWidget(self.heading)
        layout.addWidget(self.text, 1)
        layout.addLayout(buttons)
        note = QLabel(_("The coach never plays for you: make the moves yourself."))
        note.setWordWrap(True)
        note.setStyleSheet("color:#555")
        layout.addWidget(note)

    def show_lines(self, heading: str, lines: list[str]) -> None:
        self.heading.setText(f"<b>{html.escape(heading, quote=False)}</b>")
        # A reason of several lines (a purchase's, a line per part) keeps them: HTML would
        # run them together into one paragraph.
        items = "".join(
            "<li>" + RULE_ID_IN_TEXT.sub(lambda m: rule_link(m.group(0)),
                                          html.escape(line, quote=False)).replace("\n", "<br>")
            + "</li>" for line in lines)
        self.text.setHtml(f"<ul style='margin-left:0'>{items}</ul>")

    def lines(self) -> list[str]:
        """The reasons shown, as plain text (for tests)."""
        return [as_typed(line) for line in self.text.toPlainText().splitlines()
                if line.strip()]


class CoachDock(QDockWidget):
    """The Hint dock. Escape closes it: floating, it is a window of its own, and without a
    window manager (a bare X server, a kiosk) it has no title bar to close it by."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            event.accept()
            return
        super().keyPressEvent(event)


class CoachRunner(QObject):
    """The coach of one main window (see the module)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setObjectName(OBJECT_NAME)
        self.window = window
        self.panel = CoachPanel()
        self.panel.ask.connect(self.ask)
        self.panel.show_me.connect(self.focus)
        self.panel.rule_clicked.connect(lambda rule: open_rules(self.window, rule))
        self.dock = CoachDock(_("Hint"), window)
        self.dock.setObjectName("coach_dock")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        # Floating over the map at first: a dock beside it would narrow the map, whose repaint
        # takes seconds at the first show; the player may dock it (its place is then kept).
        self.dock.setFloating(True)
        self.dock.hide()
        self._placed = False
        self.dock.visibilityChanged.connect(self._dock_shown)
        self.advice: Advice | None = None
        self._last: object = None   # the action applied last (`controller.applied`)
        self._answer: tuple[str, list[str]] = ("", [])   # the answer's heading and lines
        self.marks: MapMarks | None = None
        self._coach: Coach | None = None
        self._asked: GameState | None = None
        self._controller: GameController | None = None
        self._request = 0
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.answered.connect(self._answered)
        self._relay.failed.connect(self._failed)

    # ---- asking ----

    def refusal(self) -> str | None:
        """Why no hint can be given now (None: it can)."""
        window = self.window
        controller = window.controller
        if not window.prefs.coach:
            return _("Hints are off (Game ▸ Preferences): this game counts.")
        if controller is None:
            return _("No game is shown.")
        state = controller.state
        if state.winner is not None:
            return _("The game is over.")
        if state.edit_mode:
            # The computer player plans moves of play; in edit mode the position is being
            # corrected, and none of its moves is what comes next.
            return _("Edit mode is on: the position is being corrected. Leave edit mode for "
                     "a hint.")
        if window.computer.driver.controls(current_power(state)):
            return _("The computer is playing: a hint is for a person's turn.")
        return None

    def ask(self) -> None:
        """Turn ▸ Hint: ask the coach about the position shown."""
        refused = self.refusal()
        if refused is not None:
            self.window.status_strip.show_info(refused)
            return
        controller = self.window.controller
        assert controller is not None
        self._follow(controller)
        if self._coach is None or self._coach.game is not controller.game:
            from pacific.coach import Coach  # the computer player and the odds, on first use

            self._coach = Coach(controller.game)
        self._request += 1
        self._asked = controller.state
        self.advice = None
        self._clear_marks()
        self._show_dock()
        self.panel.show_lines(_("Thinking…"), [])
        self._pool.start(_Ask(self._relay, self._request, self._coach, controller.state))

    def _show_dock(self) -> None:
        if not self._placed and self.dock.isFloating():
            # Over the map's lower right corner, where it hides least of the marks the view
            # frames in its middle; the player may move or dock it.
            self._placed = True
            view = self.window.view
            size = self.window.size()
            width, height = min(380, size.width() // 3), min(420, size.height() // 2)
            area = view.geometry() if view is not None else self.window.rect()
            corner = (view.parentWidget() or self.window).mapToGlobal(
                QPoint(area.right() - width - 24, area.bottom() - height - 24)) \
                if view is not None else self.window.mapToGlobal(QPoint(12, 60))
            self.dock.setGeometry(corner.x(), corner.y(), width, height)
        self.dock.show()
        self.dock.raise_()
        # The keyboard goes to the answer, so that Escape closes it at once.
        self.dock.activateWindow()
        self.panel.text.setFocus()

    def _follow(self, controller: GameController) -> None:
        if self._controller is controller:
            return
        if self._controller is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self._controller.state_changed.disconnect(self._state_changed)
                self._controller.applied.disconnect(self._applied)
        controller.applied.connect(self._applied)
        controller.state_changed.connect(self._state_changed)
        self._controller = controller

    def _applied(self, action: object) -> None:
        # (the position it leads to follows at once, `_state_changed`)
        self._last = action

    def wait(self) -> None:
        """Wait for the question being thought about (the window closes, tests)."""
        self._pool.waitForDone()

    # ---- answers ----

    def _answered(self, request: int, advice: Advice) -> None:
        controller = self.window.controller
        if request != self._request or controller is None or controller.state is not \
                self._asked:
            return   # a stale answer: the position changed meanwhile
        self.advice = advice
        board = controller.board
        heading = _("{power}, {phase}: what the computer player at its strongest level "
                    "would do").format(power=power_name(current_power(controller.state)),
                                       phase=phase_name(advice.phase))
        lines = [message_text(reason, board) for reason in advice.reasons]
        # Why, in the computer player's own words (as "Why?" in the event log).
        lines += [_("Why: {reason}").format(reason=reason_text(why, board))
                  for why in advice.why]
        if not advice.complete:
            lines.append(_("Its first {count} moves: the time for a hint ran out before the "
                           "end of its plan.").format(count=len(advice.actions)))
        self.panel.show_lines(heading, lines)
        self._answer = (heading, lines)
        self._mark()
        self.focus()

    def _failed(self, request: int, trace: str) -> None:
        if request == self._request:
            self.panel.show_lines(_("The coach could not answer."), [trace.splitlines()[-1]])

    def _state_changed(self, state: object = None) -> None:
        made, self._last = self._last, None
        if self._asked is None or state is self._asked:
            return
        self._request += 1   # an answer on its way is for a position that is gone
        # One of the hint's own moves made: the rest stay marked, where their pieces stand now
        # (a five-move hint is followed move by move, the dock closed to see the map).
        if self.advice is not None and isinstance(state, GameState) and \
                (left := self.advice.followed(made, state)) is not None:
            self.advice, self._asked = left, state
            heading, lines = self._answer
            self.panel.show_lines(heading, [_(
                "One of its moves made: {count} left, ringed on the map.").format(
                    count=len(left.actions)), *lines])
            self._mark()
            return
        self._asked = None
        self._clear_marks()
        if self.advice is not None or self.dock.isVisible():
            self.advice = None
            self.panel.show_lines(_("The position changed: ask again for a hint."), [])

    def _dock_shown(self, shown: bool) -> None:
        # Closed, the dock leaves its marks: at 1024x700 it covers the middle of the map, and a
        # learner closes it to see the pieces it ringed. They go with the position (a move, an
        # undo) or the next question.
        if shown and self.advice is not None:
            self._mark()

    # ---- the map ----

    def _mark(self) -> None:
        window, advice = self.window, self.advice
        scene, pieces = window.board_scene, window.pieces
        if advice is None or scene is None or pieces is None:
            return
        if self.marks is None or self.marks.scene is not scene.scene:
            self.marks = MapMarks(scene.scene)
        self.marks.outline({space: scene.outline(space) for space in advice.spaces})
        self.marks.ring(piece_items(pieces, advice.units))

    def _clear_marks(self) -> None:
        if self.marks is not None:
            self.marks.clear()

    def focus(self) -> None:
        """Bring the places of the answer into view (Show me)."""
        advice, view, scene = self.advice, self.window.view, self.window.board_scene
        if advice is None or view is None or scene is None or not advice.spaces:
            return
        rect = scene.outline(advice.spaces[0]).boundingRect()
        for space in advice.spaces[1:]:
            rect = rect.united(scene.outline(space).boundingRect())
        if view.mapToScene(view.viewport().rect()).boundingRect().contains(rect):
            return   # already in sight: the view stays as the player left it
        view.center_on_scene_point(rect.center())


def coach_of(window: MainWindow) -> CoachRunner:
    """The coach of ``window``, made at first use."""
    runner = window.findChild(CoachRunner, OBJECT_NAME)
    if runner is None:
        runner = CoachRunner(window)
    return runner
