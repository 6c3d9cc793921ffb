"""Fighters aboard carriers in the window: drawn as the carrier's cargo, not as a
stack of their own, and dragged off the carrier by their cargo icon: before the carrier moves
they take off (R-CARRIER-2, R-CARRIER-3); once it has moved they are cargo for the turn."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.app import new_controller
from pacific.gui.pieces import StackKey, group_stacks
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN
CARRIER = StackKey("sz_6", UnitType.CARRIER, J)


def carrier_window(qtbot: QtBot, tmp_path: Path, phase: Phase):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=phase, units={"sz_6": "1 carrier japan, 2 fighter japan"})
    ship = u(state, "sz_6", "carrier")[0]
    fighters = u(state, "sz_6", "fighter")
    for fid in fighters:
        state.unit(fid).carried_by = ship
    return make_window(qtbot, tmp_path, game, state), ship, fighters


def drag_cargo(qtbot: QtBot, window, key: StackKey, cargo: UnitType, target: str) -> None:  # type: ignore[no-untyped-def]
    item = window.pieces.items[key]
    icon = item._cargo_rects()[item.cargo_types.index((cargo, key.owner))]
    view = window.view
    start = view.mapFromScene(item.mapToScene(icon.center()))
    end = view.mapFromScene(window.board_scene.centre_of(target))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    window.drag.move(window.board_scene.centre_of(target))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)


def test_fighters_aboard_are_drawn_on_their_carrier_r_carrier_1(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    window, _ship, fighters = carrier_window(qtbot, tmp_path, Phase.NONCOMBAT_MOVE)
    assert StackKey("sz_6", UnitType.FIGHTER, J) not in window.pieces.items
    item = window.pieces.items[CARRIER]
    assert item.cargo_ids == {(UnitType.FIGHTER, J): tuple(fighters)}


def test_the_starting_setup_shows_carrier_fighters_as_cargo(qtbot: QtBot) -> None:
    """The real board's setup puts fighters at sea on their carriers (carried_by), so no
    fighter stack stands in a sea zone at the start."""
    controller = new_controller(players=3, seed=1)
    state = controller.state
    board = controller.board
    at_sea = [k for k in group_stacks(state)
              if k.unit_type is UnitType.FIGHTER and board.is_sea(k.space)]
    assert at_sea == []
    aboard = [f for f in state.units.values() if f.type is UnitType.FIGHTER and f.carried_by]
    assert aboard and all(state.units[f.carried_by].type is UnitType.CARRIER for f in aboard)


def test_a_fighter_dragged_off_before_the_carrier_moves_takes_off_r_carrier_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, _ship, fighters = carrier_window(qtbot, tmp_path, Phase.NONCOMBAT_MOVE)
    drag_cargo(qtbot, window, CARRIER, UnitType.FIGHTER, "japan")
    state = window.controller.state
    landed = [f for f in fighters if state.units[f].space == "japan"]
    assert len(landed) == 2 and all(state.units[f].carried_by is None for f in landed)
    assert window.pieces.items[StackKey("japan", UnitType.FIGHTER, J)].count == 2
    assert window.pieces.items[CARRIER].cargo_types == ()


def test_fighters_aboard_a_carrier_that_moved_stay_cargo_r_carrier_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, ship, fighters = carrier_window(qtbot, tmp_path, Phase.NONCOMBAT_MOVE)
    drag_stack(qtbot, window, CARRIER, "sz_10")
    state = window.controller.state
    assert state.units[ship].space == "sz_10"
    assert all(state.units[f].carried_by == ship and state.units[f].space == "sz_10"
               for f in fighters)
    moved = StackKey("sz_10", UnitType.CARRIER, J)
    before = snapshot(state)
    drag_cargo(qtbot, window, moved, UnitType.FIGHTER, "sz_6")
    assert snapshot(window.controller.state) == before
    assert "R-CARRIER-2" in window.status_strip.text()


def test_a_fighter_dropped_on_a_carrier_in_its_own_zone_is_told_it_lands_there(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Non-combat movement: a fighter that fought in a sea zone where its side's carrier has
    room, dragged onto that carrier: nothing moves, and the note says it lands on the carrier
    when the phase ends (R-NONCOMBAT-1), not only "nothing moves", which left a player
    wondering whether it would be lost."""
    from gui_helpers import drag_stack_to

    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 1 fighter japan"})
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    carrier = window.pieces.items[CARRIER]
    drag_stack_to(qtbot, window, StackKey("sz_6", UnitType.FIGHTER, J), carrier.scenePos())
    assert snapshot(window.controller.state) == before
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible()
    assert "lands on the aircraft carrier there when the phase ends" in popup.message.text()
    assert "lands on the aircraft carrier" in window.status_strip.text()
