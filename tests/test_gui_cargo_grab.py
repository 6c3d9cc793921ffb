"""Taking fighters off carriers (and units off transports) by mouse at a window's fit, where a
token is some twenty pixels wide: with the pointer on the stack its cargo icons grow to a size a
hand can grab, a drag from one moves the fighters only (Shift: one, the "Units per drag" box:
that many), a double click opens the unit picker with the cargo on a line of its own, and the
tooltip and the status strip say how (R-CARRIER-2, R-TRANS-5)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import _move, make_window
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.pieces import StackKey
from pacific.gui.unit_picker import UnitPicker
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

J = Nation.JAPAN
CARRIERS = StackKey("sz_6", UnitType.CARRIER, J)
GRAB = 15   # pixels below the token's lowest point a grown icon reaches, at least


def _window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    """Two carriers in Sea Zone 6 with three fighters aboard; non-combat movement."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "2 carrier japan, 3 fighter japan"})
    carriers = u(state, "sz_6", "carrier")
    for n, fighter in enumerate(u(state, "sz_6", "fighter")):
        state.units[fighter].carried_by = carriers[n % 2]
    return make_window(qtbot, tmp_path, game, state, size=(1024, 700))


def _grab_point(window, key: StackKey = CARRIERS) -> QPoint:  # type: ignore[no-untyped-def]
    """A point of the view under the ships' token, on the cargo's icon only once it has
    grown to a size to grab: further below the token than the icon drawn at its size."""
    item = window.pieces.items[key]
    assert item.size * 0.88 < item.size * 0.46 + GRAB, "the token is too big for this test"
    return window.view.mapFromScene(item.scenePos()) + QPoint(0, round(item.size * 0.46) + GRAB)


def _hover(qtbot: QtBot, window, key: StackKey = CARRIERS) -> None:  # type: ignore[no-untyped-def]
    """The pointer comes onto the ships' token (from off it), as a hand's does, until the
    token has taken the hover: in a run of many tests the window's first layout may still
    be settling when the pointer first comes, and the token is then elsewhere."""
    view = window.view

    def on_the_token() -> bool:
        item = window.pieces.items[key]
        at = view.mapFromScene(item.scenePos())
        for point in (at + QPoint(80, 80), at + QPoint(20, 20), at):
            qtbot.mouseMove(view.viewport(), point)
            QApplication.processEvents()
        return bool(window.pieces.items[key].cargo_open)

    qtbot.waitUntil(on_the_token, timeout=5000)


def _drag_from(qtbot: QtBot, window, start: QPoint, target: str,  # type: ignore[no-untyped-def]
               modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    view = window.view
    vp = view.viewport()
    end = view.mapFromScene(window.board_scene.centre_of(target))
    qtbot.mouseMove(vp, start)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, modifier, start)
    for i in range(1, 7):
        _move(vp, start + (end - start) * i / 6, modifier)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, end)
    QApplication.processEvents()


def _double_click(qtbot: QtBot, widget, at: QPoint) -> None:  # type: ignore[no-untyped-def]
    """A hand's double click: press, release, the second press (Qt's double click), release
    (`QTest.mouseDClick` sends the second press alone)."""
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseRelease(widget, Qt.MouseButton.LeftButton, pos=at)
    QApplication.processEvents()


def _picker_of(qtbot: QtBot, window, key: StackKey,  # type: ignore[no-untyped-def]
               aboard: str) -> tuple[UnitPicker, QPoint]:
    """Double-click the stack ``key``: the picker shows its space, the cargo (``aboard``) on
    a line of its own. The picker, and where the stack stands (view pixels)."""
    view = window.view
    at = view.mapFromScene(window.pieces.items[key].scenePos())
    _double_click(qtbot, view.viewport(), at)
    picker = window.picker
    assert picker.isVisible() and picker.space == key.space
    texts = [label.text() for label in picker.grid_holder.findChildren(QLabel)]
    assert any(t.startswith("↳ ") and aboard in t for t in texts), texts
    return picker, at


def japans_combat_movement() -> tuple[Game, GameState]:
    """A new two-player game (seed 3) at Japan's combat movement, its first turn."""
    from pacific.gui.app import new_controller
    from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome

    controller = new_controller(players=2, seed=3)
    game, state = controller.history.game, controller.state
    state = game.apply(state, SplitConvoyIncome(india=6, australia=6))[0]
    while state.phase is not Phase.COMBAT_MOVE:
        state = game.apply(state, EndPhase())[0]
    return game, state


def _where(window) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    state = window.controller.state
    out: dict[str, list[str]] = {}
    for kind in ("carrier", "fighter"):
        out[kind] = sorted(state.units[i].space for i in state.units
                           if state.units[i].type.value == kind)
    return out


def test_the_fighters_icon_grows_under_the_pointer_and_a_drag_from_it_moves_one_fighter(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _hover(qtbot, window)
    # Shift: just one of the three fighters flies off; the carriers and two fighters stay.
    _drag_from(qtbot, window, _grab_point(window), "japan", Qt.KeyboardModifier.ShiftModifier)
    assert _where(window) == {"carrier": ["sz_6", "sz_6"],
                              "fighter": ["japan", "sz_6", "sz_6"]}


def test_the_carriers_stay_in_place_while_their_fighter_is_dragged(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    carriers = window.pieces.items[CARRIERS]
    home = carriers.scenePos()
    _hover(qtbot, window)
    vp = window.view.viewport()
    start = _grab_point(window)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, start)
    _move(vp, start + QPoint(40, 40), Qt.KeyboardModifier.ShiftModifier)
    QApplication.processEvents()
    dragged = window.drag.item
    assert dragged is not carriers and carriers.scenePos() == home
    assert dragged.key.unit_type is UnitType.FIGHTER and dragged.count == 1
    window.drag.cancel()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(40, 40))
    assert dragged.scene() is None and carriers.scenePos() == home
    # A click on the fighters' icon selects the carriers' stack: the picker opens there.
    _hover(qtbot, window)
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=_grab_point(window))
    assert window.picker.isVisible() and window.picker.space == "sz_6"


def test_the_units_per_drag_box_takes_that_many_fighters_off(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.side.move_count.setValue(2)
    _hover(qtbot, window)
    _drag_from(qtbot, window, _grab_point(window), "japan")
    assert _where(window) == {"carrier": ["sz_6", "sz_6"],
                              "fighter": ["japan", "japan", "sz_6"]}


def test_a_double_click_on_the_carriers_opens_the_picker_with_the_fighters_on_a_line(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    picker, at = _picker_of(qtbot, window, CARRIERS, "3 fighters")
    # Beside the stack, not in a far corner of the map: the eye is on the stack.
    centre = picker.geometry().center()
    assert (QPointF(centre) - QPointF(at)).manhattanLength() < 400, (centre, at)
    assert _where(window)["fighter"] == ["sz_6", "sz_6", "sz_6"]


def test_the_tooltip_and_the_status_say_how_the_fighters_come_off(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    _hover(qtbot, window)
    item = window.pieces.items[CARRIERS]
    assert "drag a fighter's icon" in item.toolTip()
    # A click on the carriers (it opens the picker): the status says it too.
    view = window.view
    at = view.mapFromScene(item.scenePos())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    QApplication.processEvents()
    assert "drag a fighter's icon" in window.status_strip.text()
    window.picker.close_picker()
    # Dragging the carriers themselves: the status says how to take the fighters instead.
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=at)
    _move(vp, at + QPoint(30, 30), Qt.KeyboardModifier.NoModifier)
    QApplication.processEvents()
    assert "drag a fighter's icon" in window.status_strip.text()
    window.drag.cancel()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=at + QPoint(30, 30))


def test_at_a_full_hd_fit_a_double_click_opens_the_picker_beside_japans_carriers(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's first turn, a 1920x1080 window fitted: Sea Zone 20's carriers have Midway's and
    Sea Zone 9's stacks to their right and below; the picker opens beside them all the same."""
    from gui_helpers import build_window

    game, state = japans_combat_movement()
    window = build_window(tmp_path, game, state, size=(1920, 1080))
    qtbot.addWidget(window)
    picker, at = _picker_of(qtbot, window, StackKey("sz_20", UnitType.CARRIER, J),
                            "6 fighters")
    box = picker.geometry()
    gap = max(box.left() - at.x(), at.x() - box.right(), box.top() - at.y(),
              at.y() - box.bottom(), 0)
    assert gap < 60, (box, at)


def test_one_infantry_is_unloaded_from_the_transports_grown_icon_r_trans_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 transport japan, 2 infantry japan",
                                  "korea": "1 infantry japan"})
    ship = u(state, "sz_6", "transport")[0]
    for infantry in u(state, "sz_6", "infantry"):
        state.units[infantry].carried_by = ship
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    transport = StackKey("sz_6", UnitType.TRANSPORT, J)
    _hover(qtbot, window, transport)
    assert "To take units off" in window.pieces.items[transport].toolTip()
    _drag_from(qtbot, window, _grab_point(window, transport), "korea",
               Qt.KeyboardModifier.ShiftModifier)
    after = window.controller.state
    assert len(after.cargo_of(ship)) == 1 and after.units[ship].space == "sz_6"
    assert len(u(after, "korea", "infantry")) == 2
