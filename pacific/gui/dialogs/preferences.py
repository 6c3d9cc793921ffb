"""The Preferences dialog (kept in QSettings through `pacific.gui.settings.Preferences`)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from pacific.gui.qt_language import install_qt_translations
from pacific.gui.settings import ComputerPace, DiceMode, Preferences
from pacific.text import LANGUAGES, SYSTEM, _, set_language, system_language


class PreferencesDialog(QDialog):
    def __init__(self, prefs: Preferences, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prefs = prefs
        self.setWindowTitle(_("Preferences"))
        form = QFormLayout(self)
        self.dice = QComboBox()
        self.dice.addItem(_("The computer rolls"), DiceMode.COMPUTER.value)
        self.dice.addItem(_("Typed in from the table (tabletop mode)"), DiceMode.TABLETOP.value)
        self.dice.setCurrentIndex(0 if prefs.dice_mode is DiceMode.COMPUTER else 1)
        self.animation = QSpinBox()
        self.animation.setRange(0, 2000)
        self.animation.setSingleStep(50)
        self.animation.setSuffix(_(" ms"))
        self.animation.setValue(prefs.animation_ms)
        self.pace = QComboBox()
        for pace, label in ((ComputerPace.INSTANT, _("Instant")),
                            (ComputerPace.FAST, _("Fast")),
                            (ComputerPace.READABLE, _("Readable (every move followed)"))):
            self.pace.addItem(label, pace.value)
        self.pace.setCurrentIndex(max(0, self.pace.findData(prefs.computer_pace.value)))
        self.confirm = QCheckBox(_("Ask before ending a phase"))
        self.confirm.setChecked(prefs.confirm_end_phase)
        self.handover = QCheckBox(_("Show the hand-over screen between nations"))
        self.handover.setChecked(prefs.handover_screen)
        self.coach = QCheckBox(_("Allow hints from the coach (turn them off for a game that "
                                 "counts)"))
        self.coach.setChecked(prefs.coach)
        # Each language by its own name, so that a player can find theirs whatever is active.
        self.language = QComboBox()
        self.language.addItem(_("Follow the system ({language})").format(
            language=LANGUAGES[system_language()]), SYSTEM)
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(prefs.language)))
        form.addRow(_("Dice:"), self.dice)
        form.addRow(_("Animation:"), self.animation)
        form.addRow(_("Computer's pace:"), self.pace)
        form.addRow(_("Language:"), self.language)
        # Menus, panels and dialogs take their words when they are built: a new language
        # reaches new text at once and the whole window at the next start.
        self.language_note = QLabel(_("The whole window changes language when Pacific "
                                      "starts again."))
        self.language_note.setWordWrap(True)
        self.language_note.setStyleSheet("color:#555")
        form.addRow("", self.language_note)
        form.addRow(self.confirm)
        form.addRow(self.handover)
        form.addRow(self.coach)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        self.prefs.dice_mode = DiceMode(self.dice.currentData())
        self.prefs.animation_ms = self.animation.value()
        self.prefs.computer_pace = ComputerPace(self.pace.currentData())
        self.prefs.confirm_end_phase = self.confirm.isChecked()
        self.prefs.handover_screen = self.handover.isChecked()
        self.prefs.coach = self.coach.isChecked()
        self.prefs.language = str(self.language.currentData())
        set_language(self.prefs.language)
        app = QApplication.instance()
        if app is not None:
            install_qt_translations(app)
        super().accept()
