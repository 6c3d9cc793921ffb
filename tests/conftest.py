"""Shared test set-up."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from pacific.gui.geometry_cache import SceneGeometry
    from pacific.gui.main_window import MainWindow
    from pacific.rules.board_map import BoardMap

PACIFIC_MAP = Path(__file__).resolve().parent.parent / "maps" / "pacific"

# Tests never write into the user's home: the GUI's caches go to a folder of this test session
# (made once, so each cache is built once per run and reused by later tests). pytest-xdist's
# workers inherit the folder of the run that started them and share it: a cache file is written
# whole under a hidden name, then renamed (`geometry_cache.write_atomically`).
if "PACIFIC_CACHE_DIR" not in os.environ:
    os.environ["PACIFIC_CACHE_DIR"] = tempfile.mkdtemp(prefix="pacific-test-cache-")


@pytest.fixture(autouse=True)
def _no_mouse_button_held():  # type: ignore[no-untyped-def]
    """Every test starts with no mouse button held, no popup open and no mouse grab. QTest
    keeps the buttons it pressed for the whole process: a test that pressed and never
    released (a drag refused, a test stopped midway) would otherwise turn a later test's
    pointer moves into drags, and no hover would reach the map's stacks. Released on a
    widget of its own, which nothing else sees."""
    yield
    import sys

    if "PySide6.QtWidgets" not in sys.modules:
        return
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    if QApplication.instance() is None:
        return
    # A popup or a mouse grab left by a test would take every later pointer event too.
    while (popup := QApplication.activePopupWidget()) is not None and popup.isVisible():
        popup.close()
    grabber = QWidget.mouseGrabber()
    if grabber is not None:
        grabber.releaseMouse()
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
