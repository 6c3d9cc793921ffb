"""Gestures a new player tries in a real window: Escape in a question that must be answered,
and the like."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.rules.engine import Game


def test_escape_keeps_the_convoy_question_up_r_income_3(qtbot: QtBot, tmp_path: Path) -> None:
    """Escape in the British convoy split must not leave the game with a question nobody can
    answer any more (Buy units and Next phase greyed until the split, R-INCOME-3)."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=3))
    dialog = window.dialogs.convoy
    assert dialog is not None and dialog.isVisible()
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert dialog.isVisible() and window.dialogs.convoy is dialog
    dialog.accept()
    QApplication.processEvents()
    assert window.controller is not None and not window.controller.state.convoy_split_due
