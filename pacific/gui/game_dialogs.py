"""The dialogs of the game shown: the purchase table, the British convoy income split, the
hand-over screen, the victory screen and the end-of-phase question. (Dice typed in at the
table are entered on the battle board, `pacific.gui.dice_entry`, issue 14.)

Each one belongs to the game it was opened for: `GameDialogs` keeps it until it closes, and
`discard` closes them all, signals blocked, when another game is shown, so that an "OK" left
pending in one can never act on another game (issue 16, point 2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox

from pacific.gui.dialogs.purchase import PurchaseDialog
from pacific.gui.dialogs.simple import (
    ConvoySplitDialog,
    HandOverDialog,
    VictoryDialog,
)
from pacific.rules.nations import POWER_NATIONS, Nation
from pacific.rules.state import GameState
from pacific.text import win_text

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow


class GameDialogs:
    """Opens the game's dialogs over ``window`` and turns their answers into actions."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.open: list[QDialog] = []
        self.purchase: PurchaseDialog | None = None
        self.handover: HandOverDialog | None = None
        self.convoy: ConvoySplitDialog | None = None
        self.victory: VictoryDialog | None = None
        self.confirm: QMessageBox | None = None

    def _keep(self, dialog: QDialog) -> None:
        self.open.append(dialog)
        dialog.finished.connect(
            lambda _r: self.open.remove(dialog) if dialog in self.open else None)
        dialog.open()

    def discard(self) -> None:
        """Close every dialog of the game shown without letting it act: its signals are
        blocked, so its accepted and finished handlers never run."""
        for dialog in self.open:
            dialog.blockSignals(True)
            dialog.close()
            dialog.deleteLater()
        self.open.clear()
        self.purchase = self.handover = self.convoy = self.victory = None
        self.confirm = None

    def open_purchase(self, nation: Nation | None = None) -> PurchaseDialog | None:
        """Open the purchase dialog for ``nation`` (default: the first of the power that has
        not bought yet). India and Australia buy separately (R-PURCH-1)."""
        controller = self.window.controller
        if controller is None:
            return None
        state = controller.state
        nations = [n for n in POWER_NATIONS[state.power] if n is not Nation.CHINA]
        if nation is None:
            nation = next((n for n in nations if not state.purchased.get(n)), nations[0])
        dialog = PurchaseDialog(nation, state.treasury.get(nation, 0), self.window,
                                china_infantry_due=state.china_infantry_due)

        def bought() -> None:
            action = dialog.action()
            if action is not None:
                self.window.submit(action)

        dialog.accepted.connect(bought)
        self.purchase = dialog
        self._keep(dialog)
        return dialog

    def open_convoy_split(self, total: int) -> ConvoySplitDialog:
        """The British convoy income to split between India and Australia (R-INCOME-3)."""
        dialog = ConvoySplitDialog(total, self.window)
        self.convoy = dialog

        def done() -> None:
            self.convoy = None
            self.window.submit(dialog.action())

        dialog.accepted.connect(done)
        self._keep(dialog)
        return dialog

    def ask(self, title: str, question: str, then: Callable[[], object]) -> QMessageBox:
        """A yes/no question; ``then`` runs on Yes."""
        box = QMessageBox(QMessageBox.Icon.Question, title, question,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self.window)
        self.confirm = box

        def answered(result: int) -> None:
            if result == QMessageBox.StandardButton.Yes.value:
                then()

        box.finished.connect(answered)
        self._keep(box)
        return box

    def hand_over(self, _power: object = None) -> None:
        """The hot-seat screen naming the next player (when the preference is on)."""
        window = self.window
        # None while a tabletop group moves the turn in edit mode (issue 14).
        if window.controller is None or not window.prefs.handover_screen or \
                window.controller.state.edit_mode:
            return
        # Nobody to hand over to: the computer's turn, or one person playing the computer.
        if window.controller.state.power in window.computer.levels or \
                window.computer.people() <= 1:
            return
        if self.handover is not None and self.handover.isVisible():
            self.handover.close()  # one hand-over screen at a time, the latest
        dialog = HandOverDialog(window.controller.state, window.prefs.seat_names(), window)
        self.handover = dialog
        self._keep(dialog)

    def show_victory(self, state: GameState) -> None:
        history = self.window.controller.history if self.window.controller else None
        dialog = VictoryDialog(state, self.window,
                               win_text(history) if history is not None else None)
        self.victory = dialog
        self._keep(dialog)
