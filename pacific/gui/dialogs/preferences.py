"""The Preferences dialog (kept in QSettings through `pacific.gui.settings.Preferences`)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from pacific.gui.settings import DiceMode, Preferences
from pacific.text import LANGUAGES, SYSTEM, _, set_language, system_language


class PreferencesDialog(QDialog):
    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefs = prefs
        self.setWindowTitle("Preferences")
        form = QFormLayout(self)
        self.dice = QComboBox()
        self.dice.addItem("The computer rolls", DiceMode.COMPUTER.value)
        self.dice.addItem("Typed in from the table (tabletop mode)", DiceMode.TABLETOP.value)
        self.dice.setCurrentIndex(0 if prefs.dice_mode is DiceMode.COMPUTER else 1)
        self.animation = QSpinBox()
        self.animation.setRange(0, 2000)
        self.animation.setSingleStep(50)
        self.animation.setSuffix(" ms")
        self.animation.setValue(prefs.animation_ms)
        self.confirm = QCheckBox("Ask before ending a phase")
        self.confirm.setChecked(prefs.confirm_end_phase)
        self.handover = QCheckBox("Show the hand-over screen between nations")
        self.handover.setChecked(prefs.handover_screen)
        # Each language by its own name, so that a player can find theirs whatever is active.
        self.language = QComboBox()
        self.language.addItem(_("Follow the system ({language})").format(
            language=LANGUAGES[system_language()]), SYSTEM)
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(prefs.language)))
        form.addRow("Dice:", self.dice)
        form.addRow("Animation:", self.animation)
        form.addRow(_("Language:"), self.language)
        form.addRow(self.confirm)
        form.addRow(self.handover)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        self.prefs.dice_mode = DiceMode(self.dice.currentData())
        self.prefs.animation_ms = self.animation.value()
        self.prefs.confirm_end_phase = self.confirm.isChecked()
        self.prefs.handover_screen = self.handover.isChecked()
        self.prefs.language = str(self.language.currentData())
        set_language(self.prefs.language)
        super().accept()
