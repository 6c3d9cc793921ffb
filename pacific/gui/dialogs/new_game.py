"""New game: two or three players (R-SETUP-1), and who sits in which seat (R-SETUP-2)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QWidget,
)

from pacific.rules.nations import SEATINGS
from pacific.text import _, power_name


def seat_powers(players: int, seat: int) -> str:
    return ", ".join(power_name(p) for p in SEATINGS[players][seat])


class NewGameDialog(QDialog):
    def __init__(self, names: dict[int, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game"))
        form = QFormLayout(self)
        self.three = QRadioButton(_("3 players"))
        self.two = QRadioButton(_("2 players"))
        self.three.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.three)
        group.addButton(self.two)
        form.addRow(self.three, self.two)
        self.names: dict[int, QLineEdit] = {}
        self.roles: dict[int, QLabel] = {}
        for seat in (1, 2, 3):
            edit = QLineEdit(names.get(seat, ""))
            edit.setPlaceholderText(_("Player {seat}").format(seat=seat))
            self.names[seat] = edit
            self.roles[seat] = QLabel()
            form.addRow(self.roles[seat], edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.two.toggled.connect(self._update)
        self._update()

    @property
    def players(self) -> int:
        return 2 if self.two.isChecked() else 3

    def seat_names(self) -> dict[int, str]:
        return {seat: edit.text().strip() for seat, edit in self.names.items()
                if seat in SEATINGS[self.players] and edit.text().strip()}

    def _update(self) -> None:
        for seat in (1, 2, 3):
            used = seat in SEATINGS[self.players]
            self.names[seat].setVisible(used)
            self.roles[seat].setVisible(used)
            if used:
                self.roles[seat].setText(_("Seat {seat} ({powers}):").format(
                    seat=seat, powers=seat_powers(self.players, seat)))
