"""The cyclic collector is paused while the main window is built and until its first paint,
whatever builds it (`pacific.gui.first_paint`), and runs again after; holds nest
(`pacific.startup.hold_collector`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.history import History
from pacific.startup import collector_paused, hold_collector

MINI = Path(__file__).parent / "maps" / "mini"


@pytest.fixture(autouse=True)
def collecting() -> Iterator[None]:
    assert gc.isenabled()
    yield
    gc.enable()   # (a failed test leaves the rest of the run as it found it)


def new_window(tmp_path: Path) -> MainWindow:
    game = Game(load_board(MINI))
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    return MainWindow(GameController(History(game, game.new_game(players=3, seed=1))),
                      prefs=prefs)


def test_holds_nest_and_end_once() -> None:
    outer = hold_collector()
    inner = hold_collector()
    assert not gc.isenabled()
    outer()
    outer()   # (a second call does nothing)
    assert not gc.isenabled()
    inner()
    assert gc.isenabled()
    # A hold that outlasts the program's pause keeps the collector paused after it.
    with collector_paused():
        window_hold = hold_collector()
    assert not gc.isenabled()
    window_hold()
    assert gc.isenabled()


def test_a_paused_collector_stays_paused_when_a_hold_ends() -> None:
    gc.disable()
    hold_collector()()
    assert not gc.isenabled()


def test_the_window_is_built_and_first_painted_without_the_collector(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(tmp_path)
    qtbot.addWidget(window)
    assert not gc.isenabled()
    window.resize(900, 600)
    window.show()
    QApplication.processEvents()   # (the event loop's first turn: the window is shown)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.collector_hold.ended, timeout=2000)
    assert gc.isenabled()


def test_a_window_not_shown_by_the_first_turn_leaves_the_collector_running(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(tmp_path)
    qtbot.addWidget(window)
    assert not gc.isenabled()
    QApplication.processEvents()
    assert gc.isenabled()


def test_a_window_deleted_before_it_paints_leaves_the_collector_running(
        qapp: QApplication, tmp_path: Path) -> None:
    window = new_window(tmp_path)
    window.show()
    assert not gc.isenabled()
    window.deleteLater()
    del window
    from PySide6.QtCore import QEvent

    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    assert gc.isenabled()

