"""Small dialogs: the hot-seat hand-over screen, the victory screen and the British convoy
income split. (Dice typed in at the table are entered on the battle board.)"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.dialogs.count_box import CountBox
from pacific.gui.palette import LAND_COLOURS
from pacific.rules.actions.economy import SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.nations import POWER_NATIONS, Power, seat_of
from pacific.rules.state import GameState
from pacific.text import _, power_name
from pacific.text.grammar import fill


class HandOverDialog(QDialog):
    """Between nations in hot-seat play: names the player and the power to play next, so the
    previous player can look away (R-TURN-1, R-SETUP-2 seatings)."""

    def __init__(self, state: GameState, names: dict[int, str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The power that must act: a pending decision may belong to another (R-SETUP-8).
        power = Game.current_power(state)
        colour = LAND_COLOURS[POWER_NATIONS[power][0]]
        self.seat = seat = seat_of(power, state.players)
        who = _("Player {seat}").format(seat=seat)
        if names and names.get(seat):
            who += f" ({names[seat]})"
        self.setWindowTitle(_("Next player"))
        layout = QVBoxLayout(self)
        self.message = QLabel(
            "<div style='text-align:center'><p style='font-size:15pt'>"
            + _("Round {round}").format(round=state.round) + "</p>"
            f"<p style='font-size:22pt; color:{colour}'><b>{power_name(power)}</b></p>"
            "<p style='font-size:13pt'>" + _("{player}, it is your turn.").format(player=who)
            + "</p>" + _decision_line(state, power)
            # TRANSLATORS: {player} is "Player 2", a seat (the name typed for it may follow in
            # brackets): in Italian it takes its article ("al Giocatore 2").
            + "<p>" + _("Pass the computer to {player} and press Start.").format(player=who)
            + "</p></div>")
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.message)
        start = QPushButton(_("Start"))
        start.setDefault(True)
        start.clicked.connect(self.accept)
        layout.addWidget(start)
        self.setMinimumWidth(380)


def _decision_line(state: GameState, power: Power) -> str:
    """When the power that acts is not the one whose turn it is (the British convoy split
    before Japan's first turn, R-SETUP-8; casualties in another's battle), say so: the panel
    names the turn's power."""
    if power is state.power:
        return ""
    return "<p>" + fill(_("{power} decides now, in {turn:'s} turn."),
                        {"power": power_name(power), "turn": power_name(state.power)}) + "</p>"


def victory_side(state: GameState) -> str:
    """The headline of the end of the game: which side won (R-VICTORY-1..4)."""
    winner = state.winner.value if state.winner is not None else ""
    return {"axis": _("Axis win."), "allies": _("Allies win.")}.get(winner, _("Nobody wins."))


class VictoryDialog(QDialog):
    """The end of the game: who won, in a headline, and why, in a sentence under it
    (R-VICTORY-1..4). The why already names the winner ("The Allies win: ..."), so it is not
    set in the headline's size, where it would say so twice in a wall of large type."""

    def __init__(self, state: GameState, parent: QWidget | None = None,
                 reason: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Victory"))
        layout = QVBoxLayout(self)
        # ``reason`` is the why in the player's language (`pacific.text.win_text`), else the
        # position's English one.
        why = reason if reason is not None else state.win_reason or ""
        self.message = QLabel(f"<p style='font-size:20pt'><b>{victory_side(state)}</b></p>"
                              f"<p style='font-size:12pt'>{why}</p>"
                              "<p>" + _("Round {round}. Japan's victory points: "
                                        "{points}.").format(round=state.round,
                                                            points=state.victory_points)
                              + "</p>")
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        ok = QPushButton(_("Close"))
        ok.clicked.connect(self.accept)
        layout.addWidget(ok)


class ConvoySplitDialog(QDialog):
    """The British Convoy income, split between India and Australia (R-INCOME-3)."""

    def __init__(self, total: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.total = total
        self.setWindowTitle(_("British convoy income"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("The British convoys bring <b>{ipc}</b> IPC. How many go "
                                  "to India? (R-INCOME-3)").format(ipc=total)))
        self.india = CountBox()
        self.india.setRange(0, total)
        self.india.setValue(total)
        self.rest = QLabel()
        self.india.valueChanged.connect(self._update)
        layout.addWidget(self.india)
        layout.addWidget(self.rest)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self._update()

    # The split must be answered before Japan plays (R-INCOME-3, R-SETUP-8): Escape and the
    # title bar's close button keep the question up; dismissed, nobody could answer it. The
    # game still closes it unanswered (`close`) when it no longer asks it.
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            event.accept()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous():
            event.ignore()
            return
        super().closeEvent(event)

    def _update(self) -> None:
        self.rest.setText(_("Australia gets {ipc} IPC.").format(
            ipc=self.total - self.india.value()))

    def action(self) -> SplitConvoyIncome:
        india = self.india.value()
        return SplitConvoyIncome(india=india, australia=self.total - india)


__all__ = ["ConvoySplitDialog", "HandOverDialog", "Power", "VictoryDialog"]
