"""A new hot-seat game's hand-over screen and its convoy question (R-SETUP-8) leave Game ▸
Open and Ctrl+O working: a person who wanted their saved game can open it. The map, the side
panel and the menus that play the game (Next phase's N) wait behind the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui import game_files
from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from tests.gui_helpers import make_window


class _Chooser:
    """The file dialog, answered with ``path``; counts the times it was asked."""

    def __init__(self, path: Path) -> None:
        self.path, self.asked = path, 0

    def getOpenFileName(self, *_args: object) -> tuple[str, str]:
        self.asked += 1
        return str(self.path), ""


def _screened_window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                     convoy: bool) -> tuple[MainWindow, _Chooser]:
    saved = new_controller(players=2, seed=5)
    saved.save(tmp_path / "mine.json")
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, handover=True,
                         size=(1024, 700))
    window.dialogs.hand_over()   # as a new game starts: Britain's player, for the convoy
    if convoy:
        handover = window.dialogs.handover
        assert handover is not None
        handover.accept()
        assert window.dialogs.convoy is not None and window.dialogs.convoy.isVisible()
    else:
        assert window.dialogs.handing_over()
    chooser = _Chooser(tmp_path / "mine.json")
    monkeypatch.setattr(game_files, "file_dialog", lambda: chooser)
    return window, chooser


@pytest.mark.parametrize("convoy", [False, True], ids=["hand-over screen", "convoy question"])
def test_ctrl_o_opens_a_saved_game_behind_the_screen(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, convoy: bool) -> None:
    window, chooser = _screened_window(qtbot, tmp_path, monkeypatch, convoy)
    assert QApplication.activeModalWidget() is None
    # The game waits behind the screen: its side panel, Edit and Turn menus.
    panel = window.side_dock.widget()
    assert panel is not None and not panel.isEnabled()
    assert not window.menus.turn_menu.isEnabled() and not window.menus.edit_menu.isEnabled()
    window.activateWindow()
    assert window.controller is not None
    before = window.controller.state
    QTest.keyClick(window, Qt.Key.Key_N)   # Turn ▸ Next phase: not behind the screen
    assert window.controller.state is before
    # Ctrl+O where the keyboard is: on the screen itself (its Start button, its spin box).
    screen = window.dialogs.convoy if convoy else window.dialogs.handover
    assert screen is not None
    screen.activateWindow()
    QTest.keyClick(screen.focusWidget() or screen, Qt.Key.Key_O,
                   Qt.KeyboardModifier.ControlModifier)
    assert chooser.asked == 1
    assert "mine" in window.windowTitle()
    # The game opened asks its own questions: its convoy split, then Japan's player sits
    # down; after Start the window plays.
    for screen in ("handover", "convoy", "handover"):
        dialog = getattr(window.dialogs, screen)
        assert dialog is not None and dialog.isVisible() and not panel.isEnabled()
        dialog.accept()
    assert window.controller is not None and not window.controller.state.convoy_split_due
    assert panel.isEnabled() and window.menus.turn_menu.isEnabled()

