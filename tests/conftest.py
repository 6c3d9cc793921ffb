"""Shared test set-up."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QWidget

    from pacific.gui.geometry_cache import SceneGeometry
    from pacific.gui.main_window import MainWindow
    from pacific.rules.board_map import BoardMap

PACIFIC_MAP = Path(__file__).resolve().parent.parent / "maps" / "pacific"

# Tests never write into the user's home: the GUI's caches go to a folder of this test session
# (made once, so each cache is built once per run and reused by later tests). pytest-xdist's
# workers inherit the folder of the run that started them and share it: a cache file is written
# whole under a hidden name, then renamed (`geometry_cache.write_atomically`).
# The run that made the folder removes it when it ends (`pytest_unconfigure`): a cache is some
# 15 MB, and a developer who runs the suite all day would otherwise fill /tmp with them.
_CACHE_MADE_HERE: str | None = None
if "PACIFIC_CACHE_DIR" not in os.environ:
    _CACHE_MADE_HERE = tempfile.mkdtemp(prefix="pacific-test-cache-")
    os.environ["PACIFIC_CACHE_DIR"] = _CACHE_MADE_HERE


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove this run's cache folder, if this process made it (an xdist worker inherits the
    folder of the run that started it, and leaves it to that run)."""
    if _CACHE_MADE_HERE is not None:
        shutil.rmtree(_CACHE_MADE_HERE, ignore_errors=True)


def _application() -> QApplication | None:
    """The test process's QApplication, or None while no test has made one (a test of the
    rules alone imports no Qt)."""
    if "PySide6.QtWidgets" not in sys.modules:
        return None
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    return app if isinstance(app, QApplication) else None


def close_windows_left_open(kept: Collection[QWidget] = ()) -> None:
    """Put away every window still shown whose outermost window is not in ``kept``.

    QTest moves the pointer through the offscreen platform's cursor, which gives the move to
    the oldest shown window under it: a window an earlier test left up (a module fixture that
    never closed its window, a window whose game has changes and so refused pytest-qt's close
    to ask about saving them) takes every later window's hovers, while presses, sent to the
    widget itself, still arrive. A main window is closed without the offer to save; every
    other window left is hidden, which nothing can refuse."""
    from PySide6.QtWidgets import QApplication

    def outermost(widget: QWidget) -> QWidget:
        while (parent := widget.parentWidget()) is not None:
            widget = parent
        return widget

    kept = set(kept)
    left = [w for w in QApplication.topLevelWidgets()
            if w.isVisible() and outermost(w) not in kept]
    if "pacific.gui.main_window" in sys.modules:
        from gui_helpers import close_quietly

        from pacific.gui.main_window import MainWindow

        for window in left:
            if isinstance(window, MainWindow):
                close_quietly(window)
    for window in left:
        if window.isVisible():
            window.hide()


@pytest.fixture(autouse=True, scope="module")
def _no_window_of_an_earlier_file() -> Iterator[None]:
    """Every test file starts with no window of an earlier file shown (files run one after
    another in one process; see `close_windows_left_open`)."""
    if _application() is not None:
        close_windows_left_open()
    yield


@pytest.fixture(autouse=True)
def _pointer_left_free() -> Iterator[None]:
    """After each test: no mouse button held, no popup open, no mouse grab and no window the
    test showed still up. QTest keeps the buttons it pressed for the whole process: a test
    that pressed and never released (a drag refused, a test stopped midway) would otherwise
    turn a later test's pointer moves into drags, and no hover would reach the map's stacks.
    Released on a widget of its own, which nothing else sees. The windows of the module's
    fixtures (made before the test) stay."""
    app = _application()
    kept = set(app.topLevelWidgets()) if app is not None else set()
    yield
    if _application() is None:
        return
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    # A popup or a mouse grab left by a test would take every later pointer event too.
    while (popup := QApplication.activePopupWidget()) is not None and popup.isVisible():
        popup.close()
    grabber = QWidget.mouseGrabber()
    if grabber is not None:
        grabber.releaseMouse()
    close_windows_left_open(kept)
    if QGuiApplication.mouseButtons() == Qt.MouseButton.NoButton:
        return
    scratch = QWidget()
    scratch.resize(4, 4)
    scratch.show()
    for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton,
                   Qt.MouseButton.MiddleButton):
        if QGuiApplication.mouseButtons() & button:
            QTest.mouseRelease(scratch, button, Qt.KeyboardModifier.NoModifier, QPoint(1, 1))
    scratch.close()
    scratch.deleteLater()


@pytest.fixture(autouse=True)
def _english_text():  # type: ignore[no-untyped-def]
    """Every test starts in English, whatever the machine's locale or an earlier test chose
    (``pacific --lang it``, Preferences): the active language is process-wide."""
    from pacific.text import set_language

    set_language("en")
    yield
    set_language("en")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` run only when asked for (``-m slow``): the default run stays
    within its five minutes, and the long runs repeat the same checks at scale."""
    marks = config.getoption("-m") or ""
    if "slow" in marks and "not slow" not in marks:
        return
    skip = pytest.mark.skip(reason="run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# The real map, for the tests of its scene and labels. Imported in the fixtures: a test of the
# rules alone imports no Qt. Session-scoped: one per xdist worker, shared by the files it runs
# (neither is changed by a test).
@pytest.fixture(scope="session")
def pacific_board() -> BoardMap:
    """The real board (maps/pacific)."""
    from pacific.rules.files.mapfile import load_board

    return load_board(PACIFIC_MAP / "board.json")


@pytest.fixture(scope="session")
def pacific_geometry() -> SceneGeometry:
    """The real map's paths as a start reads them (the geometry cache, in the session's cache
    folder), not converted again from the geometry file."""
    from pacific.gui.geometry_cache import load_scene_geometry

    return load_scene_geometry(PACIFIC_MAP / "geometry.json")


@pytest.fixture(scope="module")
def small_window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory,
                 pacific_board: BoardMap) -> Iterator[MainWindow]:
    """One 1024×700 window on the real board over a new three-player game (seed 4), for the
    module that asks (building one is slow): its tests share it, so each leaves it as it found
    it or does not mind how the others left it."""
    from gui_helpers import build_window, close_quietly

    from pacific.rules.engine import Game

    game = Game(pacific_board)
    window = build_window(tmp_path_factory.mktemp("small"), game,
                          game.new_game(players=3, seed=4), size=(1024, 700))
    yield window
    close_quietly(window)
