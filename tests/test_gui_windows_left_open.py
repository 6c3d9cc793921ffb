"""A window a test leaves shown does not take the next test's pointer (tests/conftest.py,
`close_windows_left_open`): on the offscreen platform QTest's pointer moves go to the oldest
shown window under them, so a window left up by one test, or by a file run earlier in the same
process, would take every hover from a later window's map (a carrier's fighters' icons would
not grow under the pointer). Each test that leaves a window is followed by one whose new
window must get the hover, sent as the cargo tests send it: moves only, no event loop run
between."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gui_helpers import MINI, make_window
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSceneHoverEvent,
    QGraphicsView,
    QWidget,
)
from pytestqt.qtbot import QtBot
from shiboken6 import isValid

from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board

pytest_plugins = ["pytester"]

# What the leaving tests leave, kept from the garbage collector as a module fixture keeps its
# window until its file ends.
LEFT: list[QWidget] = []


class Token(QGraphicsRectItem):
    hovered = False

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        Token.hovered = True
        super().hoverEnterEvent(event)


def the_pointer_reaches_a_new_window(qtbot: QtBot) -> bool:
    """A new 1024x700 view with a token in its middle: does the pointer brought onto the
    token hover it?"""
    scene = QGraphicsScene(0, 0, 1000, 680)
    token = Token(QRectF(480, 320, 40, 40))
    token.setAcceptHoverEvents(True)
    scene.addItem(token)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(1024, 700)
    view.show()
    QApplication.processEvents()
    Token.hovered = False
    at = view.mapFromScene(token.sceneBoundingRect().center())
    for point in (at + QPoint(80, 80), at + QPoint(10, 10), at):
        qtbot.mouseMove(view.viewport(), point)
        QApplication.processEvents()
    return Token.hovered


def test_a_test_leaves_a_window_shown(qapp: QApplication) -> None:
    window = QWidget()
    window.resize(1024, 700)
    window.show()
    QApplication.processEvents()
    LEFT.append(window)


def test_the_next_test_s_window_has_the_pointer(qtbot: QtBot) -> None:
    assert not LEFT[0].isVisible()
    assert the_pointer_reaches_a_new_window(qtbot)


def test_a_test_leaves_a_game_with_changes(qtbot: QtBot, tmp_path: Path) -> None:
    """pytest-qt's close is refused: the window asks whether to save the changes."""
    game = Game(load_board(MINI / "board.json"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    state = window.controller.state
    assert window.submit(EndPhase() if state.pending is None else SplitConvoyIncome(
        india=state.convoy_split_due, australia=0)) is None
    assert window.controller.modified
    LEFT.append(window)


def test_after_it_the_next_window_has_the_pointer(qtbot: QtBot) -> None:
    assert not isValid(LEFT[1]) or not LEFT[1].isVisible()
    assert the_pointer_reaches_a_new_window(qtbot)


def test_a_window_left_by_an_earlier_file_is_put_away(pytester: pytest.Pytester,
                                                      qapp: QApplication) -> None:
    """Two files run one after the other in one process, as a worker of the default run
    keeps them: the first one's module fixture never closes its window (kept alive, as a
    window with signals to itself is until a full garbage collection)."""
    pytester.makepyfile(test_a_window_never_closed="""
        import pytest
        from PySide6.QtWidgets import QApplication, QWidget

        KEPT = []

        @pytest.fixture(scope="module")
        def window(qapp):
            window = QWidget()
            window.resize(1024, 700)
            window.show()
            QApplication.processEvents()
            KEPT.append(window)
            return window

        def test_it_is_shown(window):
            assert window.isVisible()
        """, test_b_the_next_file="""
        from test_gui_windows_left_open import the_pointer_reaches_a_new_window

        def test_its_window_has_the_pointer(qtbot):
            assert the_pointer_reaches_a_new_window(qtbot)
        """)
    result = pytester.runpytest_inprocess(
        "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest",
        plugins=[sys.modules["conftest"]])
    result.assert_outcomes(passed=2)
