"""A window a test leaves shown does not take the next test's pointer (tests/conftest.py,
`close_windows_left_open`): on the offscreen platform QTest's pointer moves go to the oldest
shown window under them, so a window left up by one test, or by a file run earlier in the same
process, would take every hover from a later window's map (a carrier's fighters' icons would
not grow under the pointer). Each test that leaves a window is followed by one whose new
window must get the hover, sent as the cargo tests send it: moves only, no event loop run
between; the two run in that order by an inner pytest, whatever order this file's own tests
run in."""

from __future__ import annotations

import sys

import pytest
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

pytest_plugins = ["pytester"]


class Token(QGraphicsRectItem):
    hovered = False

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        Token.hovered = True
        super().hoverEnterEvent(event)


def a_window_shown() -> QWidget:
    """A plain 1024x700 window, shown and painted."""
    window = QWidget()
    window.resize(1024, 700)
    window.show()
    QApplication.processEvents()
    return window


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


def _in_order(pytester: pytest.Pytester, **files: str) -> None:
    """Run the tests of ``files`` in one process, in their order, under this suite's
    conftest (its windows put away between tests): every one passes. (Run by an inner
    pytest, so that the order holds whatever order this file's tests run in.)"""
    pytester.makepyfile(**files)
    result = pytester.runpytest_inprocess(
        "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest",
        plugins=[sys.modules["conftest"]])
    result.assert_outcomes(passed=2)


def test_a_window_a_test_leaves_shown_is_put_away(pytester: pytest.Pytester,
                                                  qapp: QApplication) -> None:
    _in_order(pytester, test_a_window_left="""
        from test_gui_windows_left_open import a_window_shown, the_pointer_reaches_a_new_window

        LEFT = []   # (kept from the garbage collector, as a module fixture keeps its window)

        def test_a_test_leaves_a_window_shown(qapp):
            LEFT.append(a_window_shown())

        def test_the_next_test_s_window_has_the_pointer(qtbot):
            assert not LEFT[0].isVisible()
            assert the_pointer_reaches_a_new_window(qtbot)
        """)


def test_a_game_with_changes_a_test_leaves_is_put_away(pytester: pytest.Pytester,
                                                       qapp: QApplication) -> None:
    """pytest-qt's close is refused: the window asks whether to save the changes."""
    _in_order(pytester, test_a_game_left="""
        from gui_helpers import MINI, make_window
        from shiboken6 import isValid
        from test_gui_windows_left_open import the_pointer_reaches_a_new_window

        from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
        from pacific.rules.engine import Game
        from pacific.rules.files.mapfile import load_board

        LEFT = []

        def test_a_test_leaves_a_game_with_changes(qtbot, tmp_path):
            game = Game(load_board(MINI / "board.json"))
            window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
            state = window.controller.state
            assert window.submit(EndPhase() if state.pending is None else SplitConvoyIncome(
                india=state.convoy_split_due, australia=0)) is None
            assert window.controller.modified
            LEFT.append(window)

        def test_after_it_the_next_window_has_the_pointer(qtbot):
            assert not isValid(LEFT[0]) or not LEFT[0].isVisible()
            assert the_pointer_reaches_a_new_window(qtbot)
        """)


def test_a_window_left_by_an_earlier_file_is_put_away(pytester: pytest.Pytester,
                                                      qapp: QApplication) -> None:
    """Two files run one after the other in one process, as a worker of the default run
    keeps them: the first one's module fixture never closes its window (kept alive, as a
    window with signals to itself is until a full garbage collection)."""
    _in_order(pytester, test_a_window_never_closed="""
        import pytest
        from test_gui_windows_left_open import a_window_shown

        KEPT = []

        @pytest.fixture(scope="module")
        def window(qapp):
            KEPT.append(a_window_shown())
            return KEPT[-1]

        def test_it_is_shown(window):
            assert window.isVisible()
        """, test_b_the_next_file="""
        from test_gui_windows_left_open import the_pointer_reaches_a_new_window

        def test_its_window_has_the_pointer(qtbot):
            assert the_pointer_reaches_a_new_window(qtbot)
        """)
