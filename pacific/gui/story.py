"""Reading the story of a saved game after it is shown.

A saved game opens at its position at once (`pacific.rules.files.savefile.parse_save`); its story,
the actions replayed under today's rules that give undo, the event log and the battle board's
last dice, is read afterwards by `StoryReader`: on the GUI thread (the rules' caches are not
thread-safe), a chunk of actions at each tick of a timer, so the window answers between two
chunks. Meanwhile the event log says the story is being read and the battle board shows the
position alone. A player's action that needs the story (play, undo, redo, save, cancelling a
roll) reads the rest at once: the `History` does that itself. Once the story is read, the log is
filled, the battle board and Undo follow it, and what the history's notes say (a game whose
actions replay differently today) is shown to the player.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from pacific.gui.battle_state import battle_screen
from pacific.rules.history import History
from pacific.text import _, message_text

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow


class StoryReader(QObject):
    """Reads the story of the game ``window`` shows, `CHUNK` actions a tick.

    Signals:
        read(History): the story of the history shown has been read (or has failed to be:
            the game then goes on from its position alone).
    """

    read = Signal(object)
    # About 40 ms of replay on the real board: the window stays responsive.
    CHUNK = 100

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.history: History | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(0)   # a chunk whenever the window has nothing else to do
        self.timer.timeout.connect(self._step)

    @property
    def reading(self) -> bool:
        return self.history is not None

    def follow(self, history: History) -> None:
        """Read the story of ``history``, the game just shown, if it is still to be read; the
        story of a game shown before is no longer read (it reads itself if ever needed). A
        story read already (a saved position replayed at open because it was inconsistent, a
        tutorial checked against its steps) has its notes shown at once."""
        self.history = history if history.rebuilding else None
        if self.history is not None:
            self.timer.start()
            return
        self.timer.stop()
        self._show_notes(history)

    def _step(self) -> None:
        history = self.history
        if history is None:
            self.timer.stop()
            return
        try:
            done = history.rebuild(self.CHUNK)
        except Exception:   # a defect in the replay: the traceback, and the game goes on
            self._stop()
            self.window.refusals.show_unexpected(traceback.format_exc())
            done = True
        if done:
            self._stop()
            self._told(history)

    def _stop(self) -> None:
        self.timer.stop()
        self.history = None

    def _told(self, history: History) -> None:
        """The views that tell the story follow it; its notes are shown."""
        window = self.window
        controller = window.controller
        if controller is None or controller.history is not history:
            return
        state = controller.state
        window.log.show_history(history)
        computer = window.computer_plays(state)
        window.show_undo(computer)
        board = window.visible_battle_board()
        if board is not None:
            # The earlier battles of the turn and the last dice, now known; redrawn only when
            # they change what the board shows (a choice being made stays as it is).
            screen = battle_screen(history, [] if computer else window.decision_actions())
            if screen != board.shown:
                board.refresh(controller.board, state, screen)
        self._show_notes(history)
        self.read.emit(history)

    def _show_notes(self, history: History) -> None:
        """What the history's notes say, in the player's language: in a message that does not
        stop play, and in the log."""
        board = history.game.board
        notes = [message_text(note, board) for note in history.notes]
        if notes:
            self.window.dialogs.show_notes(notes)
            for note in notes:
                self.window.log.add_line(_("Note: {note}").format(note=note), warning=True)
