"""Part of a stack dragged (Shift: one, Ctrl: half, the count box): the units that go are the
engine's pick, and the token under the pointer shows them alone with what they carry. In a real
window a Shift-drag of Sea Zone 47's two Indian transports, one loaded, showed the cargo on the
dragged stack and moved the empty one."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

TRANSPORTS = StackKey("sz_47", UnitType.TRANSPORT, Nation.INDIA)


def _scenario():  # type: ignore[no-untyped-def]
    """Two Indian transports in Sea Zone 47, the second (by id) carrying an infantry and an
    artillery; non-combat movement."""
    game, state = scenario("pacific", power=Power.UK, phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_47": "2 transport india, 1 infantry india, "
                                           "1 artillery india"})
    empty, loaded = u(state, "sz_47", "transport")
    for unit in (*u(state, "sz_47", "infantry"), *u(state, "sz_47", "artillery")):
        state.units[unit].carried_by = loaded
    return game, state, empty, loaded


def test_the_loaded_ship_of_a_stack_goes_first_r_trans_5() -> None:
    game, state, empty, loaded = _scenario()
    assert game.pick_units(state, (empty, loaded), 1) == (loaded,)
    assert set(game.pick_units(state, (empty, loaded), 2)) == {empty, loaded}


def test_a_shift_drag_shows_and_moves_the_loaded_transport_alone(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state, empty, loaded = _scenario()
    window = make_window(qtbot, tmp_path, game, state, size=(1400, 900))
    stack = window.pieces.items[TRANSPORTS]
    view = window.view
    start = view.mapFromScene(stack.scenePos())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, start)
    QApplication.processEvents()
    drag = window.drag
    assert drag.units == (loaded,)
    assert drag.item is not stack   # a token of its own: the stack stays with the other ship
    assert drag.item.count == 1 and drag.item.cargo_types
    drag.snap_back()
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QApplication.processEvents()
    drag_stack(qtbot, window, TRANSPORTS, "sz_44", Qt.KeyboardModifier.ShiftModifier)
    state = window.controller.state
    assert state.units[loaded].space == "sz_44" and state.units[empty].space == "sz_47"
