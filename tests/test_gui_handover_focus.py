"""After the hot-seat screen's Start, the keys go to the game: the main window is asked to
be the active one again (a window manager usually does this when the screen closes; X without
one does not, and the window's shortcuts, Ctrl+0 among them, then reach nobody)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.main_window import MainWindow
from pacific.rules.engine import Game


def test_start_on_the_hand_over_screen_activates_the_main_window(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5),
                         handover=True)
    window.dialogs.hand_over()
    dialog = window.dialogs.handover
    assert dialog is not None and dialog.isVisible()
    asked: list[MainWindow] = []
    monkeypatch.setattr(window, "activateWindow", lambda: asked.append(window))
    dialog.accept()
    assert asked == [window]
    assert window.view is not None and window.focusWidget() is window.view
