"""A phase end with aircraft short of a landing, played in the window at 1024x700 by mouse
gestures only: Japan's first turn on the real board, Manchuria's infantry and its fighter
dragged from the unit picker (the stacks merge into one marker at this size) into Suiyuan, the
battle fought on the battle board with dice typed in (Japan's all 1: every die hits; China's
all 6), Suiyuan captured. Non-combat movement then ends with the fighter still in Suiyuan,
a territory captured this turn, where it may not stay (R-COMBAT-10): the warning names the rule
and the fighter; Cancel leaves the engine's state exactly as it was, and the log, the panels
and the pieces still agree with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import drag_picker_line, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import snapshot
from test_gui_play_through import SIZE, japan_at_combat_movement
from test_gui_real_board import BOARD

from pacific.gui.rule_wrap import as_typed
from pacific.gui.scene import has_geometry
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(has_geometry(BOARD) is None,
                                 reason="the real map's geometry is not installed")]


def _open_picker(qtbot: QtBot, window, space: str) -> None:  # type: ignore[no-untyped-def]
    """Click the space's merged marker (or its stack): the unit picker opens on it."""
    pieces, view = window.pieces, window.view
    at = pieces.summary_pos(space)
    if at is None:
        at = next(item.scenePos() for key, item in pieces.items.items()
                  if key.space == space and item.isVisible() and item.movable)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(at))
    QApplication.processEvents()
    assert window.picker.isVisible() and window.picker.space == space


def _line(window, unit_type: UnitType) -> int:  # type: ignore[no-untyped-def]
    return next(i for i, row in enumerate(window.picker.rows)
                if row.key.unit_type is unit_type and row.aboard is None)


def test_ending_noncombat_movement_warns_of_a_fighter_left_in_a_captured_territory(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(BOARD)
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=4), size=SIZE)
    walk = japan_at_combat_movement(qtbot, window)

    _open_picker(qtbot, window, "manchuria")
    drag_picker_line(qtbot, window, _line(window, UnitType.INFANTRY), "suiyuan")
    walk.check()
    drag_picker_line(qtbot, window, _line(window, UnitType.FIGHTER), "suiyuan")
    walk.check()
    state = walk.state
    assert sorted(u.type.value for u in state.units_at("suiyuan") if u.owner is Nation.JAPAN) \
        == ["fighter"] + ["infantry"] * 6
    walk.next_phase()   # → combat
    assert "Suiyuan" in walk.fight("suiyuan")
    assert walk.state.owner_of("suiyuan") is Nation.JAPAN
    walk.next_phase()   # → production chart
    walk.next_phase()   # → non-combat movement
    assert walk.state.phase is Phase.NONCOMBAT_MOVE

    # The fighter stays in Suiyuan: ending the phase would lose it (R-COMBAT-10).
    window.prefs.confirm_end_phase = True
    before = snapshot(walk.state)
    records = len(window.controller.history.records)
    lines = window.log.lines()
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    text = as_typed(box.text())   # (rule ids shown unbroken: `rule_wrap`)
    assert "(R-COMBAT-10)" in text and "1 fighter" in text and "Suiyuan" in text, text
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not box.isVisible()
    assert snapshot(walk.state) == before
    assert len(window.controller.history.records) == records
    assert window.log.lines() == lines
    walk.check()
    fighters = [u for u in walk.state.units_at("suiyuan") if u.type is UnitType.FIGHTER]
    assert len(fighters) == 1
