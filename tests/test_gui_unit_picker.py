"""The unit picker: a click on a stack (or on a space's merged marker) shows what the space holds
for the power acting, with how many of each kind go; dragging a line's token onto the map moves
that many through the engine's drop (`Game.drop_actions`), a click on it moves nothing; Escape
or a press elsewhere closes it, and it follows every change of the position."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import drag_picker_line, look_at_the_map, make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.gui.scene import has_geometry
from pacific.gui.unit_picker import Token
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

INFANTRY = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)
CARRIERS = StackKey("sz_6", UnitType.CARRIER, Nation.JAPAN)


def _window(qtbot: QtBot, tmp_path: Path, size: tuple[int, int] = (1400, 900)):  # type: ignore[no-untyped-def]
    """Three infantry in Manchuria, one moved already; two carriers with a fighter each and a
    damaged battleship in Sea Zone 6; non-combat movement."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"manchuria": "3 infantry japan",
                                  "sz_6": "2 carrier japan, 2 fighter japan, 1 battleship japan"})
    for carrier, fighter in zip(u(state, "sz_6", "carrier"),
                                u(state, "sz_6", "fighter"), strict=True):
        state.units[fighter].carried_by = carrier
    state.units[u(state, "sz_6", "battleship")[0]].damaged = True
    state.units[u(state, "manchuria", "infantry")[0]].moves_used = 1
    return make_window(qtbot, tmp_path, game, state, size=size)


def _click(qtbot: QtBot, window, key: StackKey) -> None:  # type: ignore[no-untyped-def]
    at = window.view.mapFromScene(window.pieces.items[key].scenePos())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    QApplication.processEvents()


def _texts(window) -> list[str]:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel
    return [label.text() for label in window.picker.grid_holder.findChildren(QLabel)]


def _drag_token(qtbot: QtBot, window, line: int, target: str) -> None:  # type: ignore[no-untyped-def]
    drag_picker_line(qtbot, window, line, target)


def test_a_click_on_a_stack_opens_the_picker_with_what_is_there(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    _click(qtbot, window, CARRIERS)
    picker = window.picker
    assert picker.isVisible() and picker.space == "sz_6"
    texts = _texts(window)
    # Counts, moved and not moved, cargo and damage, line by line: the ships, then their cargo.
    assert any("2 aircraft carriers" in t and "2 not moved" in t and "2 fighters" in t
               for t in texts), texts
    assert any(t.startswith("↳ ") and "2 fighters" in t for t in texts), texts
    assert any("1 battleship" in t and "1 damaged" in t for t in texts), texts
    assert snapshot(window.controller.state) == before
    assert window.controller.history.records == []
    # How many go: at most those the engine lets move now.
    spins = [s for s in picker.spins if s is not None]
    assert [s.maximum() for s in spins] == [len(r.movable) for r in picker.rows if r.movable]


def test_moved_and_not_moved_units_are_told_apart(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _click(qtbot, window, INFANTRY)
    assert any("1 moved this turn" in t and "2 not moved" in t for t in _texts(window))


def test_dragging_the_chosen_number_moves_that_many_through_the_engine(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _click(qtbot, window, INFANTRY)
    picker = window.picker
    spin = picker.spins[0]
    assert isinstance(spin, QSpinBox)
    spin.setValue(2)
    _drag_token(qtbot, window, 0, "korea")
    state = window.controller.state
    assert len(u(state, "korea", "infantry")) == 2
    assert len(u(state, "manchuria", "infantry")) == 1
    assert len(window.controller.history.records) == 1
    # The picker shows the space as it is now; the ghost token left the map.
    assert picker.isVisible()
    assert picker.rows[0].ids == tuple(u(state, "manchuria", "infantry"))
    assert not window.drag.active
    ghosts = [i for i in window.board_scene.scene.items()
              if getattr(i, "key", None) == INFANTRY and i is not window.pieces.items[INFANTRY]]
    assert ghosts == []


def test_a_click_on_a_token_or_a_drop_where_it_stands_moves_nothing(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    before = snapshot(window.controller.state)
    _click(qtbot, window, INFANTRY)
    token = window.picker.grid_holder.findChildren(Token)[0]
    qtbot.mouseClick(token, Qt.MouseButton.LeftButton, pos=QPoint(10, 10))
    QApplication.processEvents()
    _drag_token(qtbot, window, 0, "manchuria")
    assert snapshot(window.controller.state) == before
    assert window.controller.history.records == []
    assert not window.drag.active


def test_escape_and_a_press_elsewhere_close_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _click(qtbot, window, INFANTRY)
    assert window.picker.isVisible()
    qtbot.keyClick(QApplication.focusWidget() or window.picker, Qt.Key.Key_Escape)
    assert not window.picker.isVisible()
    _click(qtbot, window, INFANTRY)
    assert window.picker.isVisible()
    qtbot.mouseClick(window.turn_panel, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert not window.picker.isVisible()


def test_it_closes_when_the_phase_ends_and_follows_undo(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _click(qtbot, window, INFANTRY)
    window.picker.spins[0].setValue(1)
    _drag_token(qtbot, window, 0, "korea")
    assert len(window.picker.rows[0].ids) == 2
    window.undo()
    QApplication.processEvents()
    assert window.picker.isVisible() and len(window.picker.rows[0].ids) == 3
    window.next_phase()
    QApplication.processEvents()
    assert not window.picker.isVisible()


def test_it_stays_inside_the_map_at_1024_by_700(qtbot: QtBot, tmp_path: Path) -> None:
    """Beside the stack, inside the map's viewport: never over the phase controls."""
    window = _window(qtbot, tmp_path, size=(1024, 700))
    for key in (INFANTRY, CARRIERS):
        _click(qtbot, window, key)
        picker = window.picker
        viewport = window.view.viewport()
        assert picker.parentWidget() is viewport
        assert viewport.rect().contains(picker.geometry())
        controls = window.turn_panel.next_button
        top_left = controls.mapTo(window, QPoint(0, 0))
        picker_box = picker.geometry().translated(viewport.mapTo(window, QPoint(0, 0)))
        assert not picker_box.intersects(controls.rect().translated(top_left))


def test_a_merged_marker_opens_the_picker(qtbot: QtBot, tmp_path: Path) -> None:
    """On the real map at 1024×700, fitted, a crowded space's merged marker opens the picker
    on that space's units (it used to zoom in)."""
    from test_gui_real_board import BOARD
    if has_geometry(BOARD) is None:
        pytest.skip("the real map's geometry is not installed")
    game = Game(BOARD)
    window = look_at_the_map(make_window(qtbot, tmp_path, game,
                                         game.new_game(players=3, seed=4), size=(1024, 700)))
    window.fit_map()
    window.pieces.layout()
    summary = next(s for (space, owner), s in sorted(
        window.pieces.summaries.items(), key=lambda kv: kv[0][0]) if s.isVisible())
    zoom = window.view.transform().m11()
    at = window.view.mapFromScene(summary.scenePos())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    QApplication.processEvents()
    assert window.picker.isVisible() and window.picker.space == summary.space
    assert window.view.transform().m11() == zoom
    assert snapshot(window.controller.state) == snapshot(game.new_game(players=3, seed=4))


def test_a_resize_or_a_zoom_closes_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _click(qtbot, window, INFANTRY)
    window.resize(1100, 760)
    QApplication.processEvents()
    assert not window.picker.isVisible()
    qtbot.wait(300)   # the map fits the new size and lays its pieces out again
    _click(qtbot, window, INFANTRY)
    assert window.picker.isVisible()
    qtbot.keyClick(window.view.viewport(), Qt.Key.Key_Escape)
    assert not window.picker.isVisible()


def test_in_the_purchase_phase_it_shows_what_is_there_without_how_many(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Nothing moves in the purchase phase (R-MOVE-1): the picker a space's merged marker opens
    lists the units, with no spin box and no "Choose how many" hint; in movement the hint is
    back."""
    game, state = scenario(phase=Phase.PURCHASE, units={"manchuria": "3 infantry japan"})
    window = make_window(qtbot, tmp_path, game, state)
    picker = window.picker
    picker.open_at("manchuria", QPoint(200, 200))   # (what a click on a merged marker does)
    assert picker.isVisible() and any("3 infantry" in t for t in _texts(window))
    assert picker.spins == [None] and not picker.hint.isVisible()
    picker.close_picker()
    while window.controller.state.phase is not Phase.COMBAT_MOVE:
        assert window.submit(EndPhase()) is None
    picker.open_at("manchuria", QPoint(200, 200))
    assert picker.isVisible() and picker.hint.isVisible()
    assert picker.hint.text().startswith("Choose how many")
