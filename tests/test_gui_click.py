"""A click on a stack selects it and says what is in it; only a drop on a destination moves
anything: a click, a jitter of a pixel or two between press and release, and a double click
never apply an action."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import _move, make_window
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import using_language

CARRIERS = StackKey("sz_6", UnitType.CARRIER, Nation.JAPAN)
ISLANDERS = StackKey("marianas", UnitType.INFANTRY, Nation.JAPAN)


def _window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Two carriers with a fighter each in Sea Zone 6, infantry on the Marianas (drawn on
    the sea around the island) beside an empty transport, in combat movement."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 carrier japan, 2 fighter japan",
                                  "marianas": "2 infantry japan",
                                  "sz_5": "1 transport japan"})
    for carrier, fighter in zip(u(state, "sz_6", "carrier"),
                                u(state, "sz_6", "fighter"), strict=True):
        state.units[fighter].carried_by = carrier
    return make_window(qtbot, tmp_path, game, state)


def _at(window, key: StackKey) -> QPoint:  # type: ignore[no-untyped-def]
    return window.view.mapFromScene(window.pieces.items[key].scenePos())


def _unchanged(window, before: object) -> None:  # type: ignore[no-untyped-def]
    assert snapshot(window.controller.state) == before
    assert window.controller.history.records == []


def test_a_click_on_a_stack_moves_nothing_and_says_what_is_in_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    for key in (CARRIERS, ISLANDERS):
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, key))
        QApplication.processEvents()
        _unchanged(window, before)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=_at(window, CARRIERS))
    text = window.status_strip.text()
    assert text.startswith("Sea Zone 6: Japan: 2 aircraft carriers · 2 not moved · "
                           "aboard: Japan: 2 fighters. ")
    assert "drag a fighter's icon" in text   # (how the fighters come off: the cargo's hint)
    assert window.board_scene.highlighted() == {}


def test_a_jitter_between_press_and_release_moves_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    viewport = window.view.viewport()
    for key in (CARRIERS, ISLANDERS):
        start = _at(window, key)
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
        _move(viewport, start + QPoint(1, 1), Qt.KeyboardModifier.NoModifier)
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=start + QPoint(2, 0))
        QApplication.processEvents()
        _unchanged(window, before)


def test_a_double_click_moves_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    viewport = window.view.viewport()
    for key in (CARRIERS, ISLANDERS):
        # What the window system sends: press, release, double click, release.
        at = _at(window, key)
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
        QApplication.sendEvent(viewport, QMouseEvent(
            QEvent.Type.MouseButtonDblClick, QPointF(at), QPointF(viewport.mapToGlobal(at)),
            Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier))
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
        QApplication.processEvents()
        _unchanged(window, before)
        assert not window.drag.active


def test_a_stack_is_never_a_drop_target_of_its_own_space_r_move_1() -> None:
    """A ship's round trip out and back is never what a drop where it stands means."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 carrier japan"})
    ids = u(state, "sz_6", "carrier")
    assert "sz_6" not in game.drop_targets(state, ids)
    assert game.drop_action(state, ids, "sz_6") is None


def test_a_click_on_ones_own_stack_outside_movement_says_when_it_moves(
        qtbot: QtBot, tmp_path: Path) -> None:
    """In the purchase, a learner's drag of their own infantry only pans the map: the click
    that follows says why nothing moves now, as the engine words it (R-TURN-3); an enemy
    stack's click says only what is in it."""
    game, state = scenario(phase=Phase.PURCHASE,
                           units={"marianas": "2 infantry japan", "sz_6": "1 destroyer usa"})
    state.pending = None   # (no question waits: only the phase forbids a move)
    with using_language("it"):
        window = make_window(qtbot, tmp_path, game, state)
        viewport = window.view.viewport()
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(window, ISLANDERS))
        text = window.status_strip.text()
        assert text.startswith("Marianas: Giappone: 2 unità di fanteria")
        assert "Ora non è possibile: siamo nella fase 1" in text and "R-TURN-3" in text
        enemy = StackKey("sz_6", UnitType.DESTROYER, Nation.USA)
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(window, enemy))
        assert "R-TURN-3" not in window.status_strip.text()
