"""A warning before anything is lost, with a way back: before a phase ends and at the drop
that causes it, the player reads what the rules will destroy or risk (the engine's
`phase_end_costs` / `action_costs`) and may cancel."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import aboard, scenario, snapshot, u

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.gui.rule_wrap import as_typed
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def _answer(window, proceed: bool) -> str:  # type: ignore[no-untyped-def]
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    text = as_typed(box.text())   # (rule ids shown unbroken: `rule_wrap`)
    if proceed:
        next(b for b in box.buttons()
             if box.buttonRole(b) is QMessageBox.ButtonRole.AcceptRole).click()
    else:
        box.button(QMessageBox.StandardButton.Cancel).click()
    QApplication.processEvents()
    return text


def test_ending_noncombat_movement_warns_of_aircraft_lost_r_air_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 fighter japan", "korea": "1 infantry japan"})
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.confirm_end_phase = True
    before = snapshot(window.controller.state)
    window.next_phase()
    text = _answer(window, proceed=False)
    assert "Japan: 1 fighter in Sea Zone 6 will be lost" in text and "(R-AIR-3)" in text
    assert snapshot(window.controller.state) == before
    window.next_phase()
    _answer(window, proceed=True)
    assert window.controller.state.phase is not Phase.NONCOMBAT_MOVE
    assert u(window.controller.state, "sz_6", "fighter") == []


CARRIER = StackKey("sz_6", UnitType.CARRIER, Nation.JAPAN)


def _carrier_into_battle(qtbot: QtBot, tmp_path: Path
                         ) -> tuple[MainWindow, int, QPointF, object]:
    """A Japanese carrier with two fighters aboard dragged into a battle (R-NAVAL-5): the
    window, the carrier, where its stack stood and the position before."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 carrier japan, 2 fighter japan",
                                  "sz_5": "1 destroyer usa"})
    carrier = aboard(state, "sz_6", "carrier", "fighter")
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.confirm_end_phase = True
    before = snapshot(window.controller.state)
    origin = window.pieces.items[CARRIER].pos()
    drag_stack(qtbot, window, CARRIER, "sz_5")
    return window, carrier, origin, before


def test_a_carrier_dropped_into_a_battle_warns_that_its_fighters_ride_as_cargo_r_naval_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, carrier, origin, before = _carrier_into_battle(qtbot, tmp_path)
    text = _answer(window, proceed=False)
    assert "Japan: 2 fighters ride as cargo into the battle in Sea Zone 5" in text
    assert "(R-NAVAL-5)" in text
    assert snapshot(window.controller.state) == before
    assert window.pieces.items[CARRIER].pos() == origin and not window.drag.active
    drag_stack(qtbot, window, CARRIER, "sz_5")
    _answer(window, proceed=True)
    assert window.controller.state.units[carrier].space == "sz_5"


def test_a_rule_id_in_a_warning_is_never_cut_at_its_hyphens(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """The warning wraps its long lines, but never inside a rule id ("R-" / "AIR-3"): its
    hyphens are joined to what follows (`rule_wrap`)."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 fighter japan", "korea": "1 infantry japan"})
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.confirm_end_phase = True
    window.next_phase()
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox)
    shown = box.text()
    assert "(R-AIR-3)" in as_typed(shown) and "R-AIR-3" not in shown
    box.button(QMessageBox.StandardButton.Cancel).click()


def test_escape_cancels_the_units_at_risk_warning_of_a_drop(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Escape in the warning after a drop is the warning's Cancel (the drag, already let go,
    does not take the key for itself): nothing moves and the stack is back in its place."""
    window, _carrier, origin, before = _carrier_into_battle(qtbot, tmp_path)
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    QTest.keyClick(box, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert not box.isVisible()
    assert snapshot(window.controller.state) == before
    assert window.pieces.items[CARRIER].pos() == origin and not window.drag.active


def test_a_drop_that_takes_a_carrier_s_last_room_warns_of_the_fighters_left_r_air_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Non-combat movement: Japan's fighters dragged onto the carrier that two fighters at sea
    need (their only landing place): the warning names those two, and Cancel keeps the room."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, owners={"marianas": Nation.USA},
                           units={"sz_5": "1 carrier japan", "sz_4": "2 fighter japan",
                                  "japan": "2 fighter japan"})
    for fighter in u(state, "sz_4", "fighter"):
        state.units[fighter].moves_used = 3
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.confirm_end_phase = True
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, StackKey("japan", UnitType.FIGHTER, Nation.JAPAN), "sz_5")
    text = _answer(window, proceed=False)
    assert "Japan: 2 fighters in Sea Zone 4 will have no landing place left after this move" \
        in text and "(R-AIR-3)" in text, text
    assert snapshot(window.controller.state) == before
