"""New game: two or three players (R-SETUP-1), who sits in which seat (R-SETUP-2), and for each
seat a person or the computer at its level."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QWidget,
)

from pacific.ai.levels import LEVELS, Level
from pacific.rules.nations import SEATINGS
from pacific.text import _, power_name

# The choices of a seat: a person, or the computer at each level (the combo's item data).
PERSON = ""


def seat_powers(players: int, seat: int) -> str:
    return ", ".join(power_name(p) for p in SEATINGS[players][seat])


def _level_label(name: str) -> str:
    return {"easy": _("Computer (easy)"), "normal": _("Computer (normal)"),
            "hard": _("Computer (hard)")}.get(name, name)


class NewGameDialog(QDialog):
    def __init__(self, names: dict[int, str], parent: QWidget | None = None,
                 players: dict[int, str] | None = None) -> None:
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
        self.kinds: dict[int, QComboBox] = {}
        self.rows: dict[int, QWidget] = {}
        chosen = players or {}
        for seat in (1, 2, 3):
            edit = QLineEdit(names.get(seat, ""))
            edit.setPlaceholderText(_("Player {seat}").format(seat=seat))
            edit.setMinimumWidth(160)
            kind = QComboBox()
            kind.addItem(_("Person"), PERSON)
            for name in LEVELS:
                kind.addItem(_level_label(name), name)
            index = kind.findData(chosen.get(seat, PERSON))
            kind.setCurrentIndex(max(index, 0))
            kind.currentIndexChanged.connect(self._update)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(kind)
            line.addWidget(edit, 1)
            self.names[seat], self.kinds[seat], self.rows[seat] = edit, kind, row
            self.roles[seat] = QLabel()
            form.addRow(self.roles[seat], row)
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
                if seat in SEATINGS[self.players] and edit.text().strip()
                and self.seat_levels().get(seat) is None}

    def seat_levels(self) -> dict[int, Level | None]:
        """Each seat in play: None for a person, else the computer's level."""
        out: dict[int, Level | None] = {}
        for seat, kind in self.kinds.items():
            if seat in SEATINGS[self.players]:
                name = str(kind.currentData() or PERSON)
                out[seat] = LEVELS.get(name)
        return out

    def seat_choices(self) -> dict[int, str]:
        """Each seat in play: "" for a person, else the level's name (for the preferences)."""
        return {seat: level.name if level is not None else PERSON
                for seat, level in self.seat_levels().items()}

    def _update(self) -> None:
        for seat in (1, 2, 3):
            used = seat in SEATINGS[self.players]
            self.rows[seat].setVisible(used)
            self.roles[seat].setVisible(used)
            computer = self.kinds[seat].currentData() not in (None, PERSON)
            self.names[seat].setEnabled(not computer)
            if used:
                self.roles[seat].setText(_("Seat {seat} ({powers}):").format(
                    seat=seat, powers=seat_powers(self.players, seat)))
