"""The tabletop companion in the window: a small mid-game position entered through
edit mode (palette drops, a stack's menu, a territory clicked, the panel's fields), a battle
played on it with dice typed in on the battle board (a cancel included), saved and opened
again. Every gesture is one edit or roll action through the controller."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gui_helpers import dice_from_the_table, drag_stack, make_window
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.edit_panel import EDIT_MIME_TYPE
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.gui.tray import encode
from pacific.rules.actions.combat import RollDice
from pacific.rules.decisions import DiceRoll
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import using_language

J, IN = Nation.JAPAN, Nation.INDIA


def _trigger(menu: QMenu | None, text: str) -> None:
    assert menu is not None
    found = [a for a in menu.actions() if a.text().startswith(text)]
    for sub in (a.menu() for a in menu.actions() if a.menu() is not None):
        found += [a for a in sub.actions() if a.text().startswith(text)]
    assert found, f"no {text!r} in {[a.text() for a in menu.actions()]}"
    found[0].trigger()
    QApplication.processEvents()


def _drop(window: MainWindow, nation: Nation, unit_type: UnitType, space: str) -> None:
    """A unit dropped from the palette: the drop event the map view receives."""
    assert window.view is not None and window.board_scene is not None
    mime = QMimeData()
    mime.setData(EDIT_MIME_TYPE, encode(nation, unit_type))
    at = window.view.mapFromScene(window.board_scene.centre_of(space))
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    viewport = window.view.viewport()
    enter = QDragEnterEvent(at, Qt.DropAction.CopyAction, mime, buttons, keys)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(at), Qt.DropAction.CopyAction, mime,
                                                buttons, keys))
    QApplication.processEvents()


def _click_space(qtbot: QtBot, window: MainWindow, space: str) -> None:
    """A left click on the map inside ``space``, away from its pieces."""
    assert window.view is not None and window.board_scene is not None
    box = window.board_scene.boxes[space].rect()  # type: ignore[attr-defined]
    at = window.view.mapFromScene(box.topLeft() + QPointF(4, 4))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def _enter_position(qtbot: QtBot, window: MainWindow) -> None:
    """Round 3, Japan's combat movement: Japan in Siam with 3 infantry and an armor, India in
    Burma with an infantry and an artillery; Anhwe (empty) Japanese; Japan holds 30 IPC and
    5 VP. (Yunnan, where Chinese units stand, could not be Japanese in Japan's turn: only the
    power playing attacks, R-MULTI-3.)"""
    editing = window.editing
    editing.menu_action.trigger()                              # Edit ▸ Edit mode
    assert window.controller.state.edit_mode
    assert editing.banner.isVisible() and editing.dock.isVisible()
    panel = editing.panel
    panel.round.setValue(3)
    panel.power.setCurrentIndex(panel.power.findData(Power.JAPAN.value))
    panel.phase.setCurrentIndex(panel.phase.findData(Phase.COMBAT_MOVE.value))
    qtbot.mouseClick(panel.go_button, Qt.MouseButton.LeftButton)
    _trigger(editing.stack_menu(StackKey("burma", UnitType.INFANTRY, IN)), "Remove one")
    _drop(window, IN, UnitType.ARTILLERY, "burma")
    panel.drop_count.setValue(3)
    _drop(window, J, UnitType.INFANTRY, "siam")
    panel.drop_count.setValue(1)
    _drop(window, J, UnitType.ARMOR, "siam")
    _trigger(editing.stack_menu(StackKey("siam", UnitType.INFANTRY, J)), "Remove one")
    _trigger(editing.stack_menu(StackKey("siam", UnitType.INFANTRY, J)), "Add one")
    _click_space(qtbot, window, "anhwe")
    _trigger(editing.menu, "Held by Japan")
    panel.treasury[J].setValue(30)
    panel.victory_points.setValue(5)
    qtbot.mouseClick(editing.banner.done_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert not state.edit_mode and not editing.banner.isVisible()
    assert (state.round, state.power, state.phase) == (3, Power.JAPAN, Phase.COMBAT_MOVE)
    assert sorted((u.owner, u.type) for u in state.units_at("burma")) == [
        (IN, UnitType.ARTILLERY), (IN, UnitType.INFANTRY)]
    assert sorted((u.owner, u.type) for u in state.units_at("siam")) == [
        (J, UnitType.ARMOR), *[(J, UnitType.INFANTRY)] * 4]
    assert state.territory_owner["anhwe"] is J and state.treasury[J] == 30
    assert state.victory_points == 5
    assert "Edit: 3 infantry of Japan added to Siam" in window.log.lines()


def _type_dice(qtbot: QtBot, window: MainWindow, text: str) -> None:
    entry = window.battle_board.dice_entry
    assert entry.isVisible()
    entry.field.clear()
    qtbot.keyClicks(entry.field, text)


def test_a_position_entered_in_edit_mode_a_battle_with_typed_dice_saved_and_opened(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=3))
    dice_from_the_table(window)
    assert window.dialogs.convoy is not None    # the starting British convoy split (R-SETUP-8)
    window.dialogs.convoy.accept()
    _enter_position(qtbot, window)

    # Japan attacks Burma from Siam; the battle board shows who fights before any die.
    drag_stack(qtbot, window, StackKey("siam", UnitType.INFANTRY, J), "burma")
    drag_stack(qtbot, window, StackKey("siam", UnitType.ARMOR, J), "burma")
    window.next_phase()
    board_ = window.battle_board
    qtbot.mouseClick(board_.select_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert isinstance(state.pending, DiceRoll) and state.pending.count == 5
    assert board_.attacker_grid.count() > 4 and board_.defender_grid.count() > 4
    entry = board_.dice_entry
    assert [(count, hit_on) for _text, count, hit_on in entry.rows] == [(4, 1), (1, 3)]

    # Cancel: the game is as it was before the battle was chosen.
    _type_dice(qtbot, window, "6 6")
    qtbot.mouseClick(entry.cancel_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.pending is None and all(b.status == "waiting" for b in state.battles)

    # Again. Edit mode while the dice are awaited: the dice entry waits, then comes back; a
    # cancel now would undo the edit, so the dice stay awaited.
    qtbot.mouseClick(board_.select_button, Qt.MouseButton.LeftButton)
    window.editing.menu_action.trigger()
    assert window.controller.state.edit_mode and not entry.isVisible()
    window.editing.menu_action.trigger()
    assert isinstance(window.controller.state.pending, DiceRoll) and entry.isVisible()
    qtbot.mouseClick(entry.cancel_button, Qt.MouseButton.LeftButton)
    assert isinstance(window.controller.state.pending, DiceRoll)
    assert not window.controller.state.edit_mode
    # Typed in one field, one die corrected by clicking its slot and a face.
    _type_dice(qtbot, window, "1 6 6 6 2")
    assert entry.complete() and entry.confirm_button.isEnabled()
    qtbot.mouseClick(entry.slots[1], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(entry.face_buttons[0], Qt.MouseButton.LeftButton)   # the 6 was a 1
    assert entry.entered() == (1, 1, 6, 6, 2)
    qtbot.mouseClick(entry.confirm_button, Qt.MouseButton.LeftButton)
    # Three hits on two defenders: both are casualties (R-COMBAT-6); they fire back: 6, 6.
    state = window.controller.state
    assert isinstance(state.pending, DiceRoll) and state.pending.count == 2
    _type_dice(qtbot, window, "66")
    qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    state = window.controller.state
    assert state.territory_owner["burma"] is J and state.pending is None
    lines = window.log.lines()
    typed = [line for line in lines if line.endswith("(dice typed in)")]
    assert [re.search(r"rolled ([\d ]+)", line).group(1).strip() for line in typed] == \
        ["1 1 6 6", "2", "6 6"]   # the attack's two groups, then the defence

    # Saved and opened again: the same position, edits and typed dice in its history.
    path = tmp_path / "tabletop.json"
    assert window.files.save_to(path)
    assert window.files.open_path_with(path, lambda _id: game.board)
    opened = window.controller.history
    assert opened.state == state and not opened.notes
    kinds = [r.action.kind for r in opened.records]
    assert kinds.count("edit_mode") == 4 and "edit_turn" in kinds
    assert [r.action.values for r in opened.records if isinstance(r.action, RollDice)] == [
        (1, 1, 6, 6, 2), (6, 6)]
    assert window.controller.state.territory_owner["burma"] is J


def test_edit_mode_refusals_leave_the_panel_showing_the_position(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A correction the invariants refuse is shown with its rule and the space, and the panel
    goes back to the position's value (R-VICTORY-2: 22 VP would end the game)."""
    game = Game(board("mini"))
    state = game.new_game(players=3, seed=3)
    window = make_window(qtbot, tmp_path, game, state)
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    window.editing.menu_action.trigger()
    panel = window.editing.panel
    panel.victory_points.setValue(22)
    assert panel.victory_points.value() == 0
    assert "(R-VICTORY-2)" in window.log.lines()[-1]
    # Outside edit mode the map's clicks and the stacks' edit menu do nothing.
    window.editing.menu_action.trigger()
    assert not window.controller.state.edit_mode
    assert window.editing.stack_menu(StackKey("burma", UnitType.INFANTRY, IN)) is None
    assert window.editing.space_menu("burma") is None


def test_game_new_game_from_scenario_opens_its_position(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game ▸ New game from scenario: the window shows the file's position; a bad file is
    refused with a message naming the space, and the game shown stays."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=3))
    good = tmp_path / "burma.json"
    good.write_text(json.dumps({
        "format": "pacific-scenario", "schema_version": 1, "map_id": "mini", "round": 4,
        "power": "us", "phase": "purchase", "treasury": {"usa": 33},
        "units": {"burma": [{"nation": "japan", "type": "infantry", "count": 2}]},
        "control": {"burma": "japan"}}))
    assert window.files.new_game_from_scenario(good, lambda _id: game.board)
    state = window.controller.state
    assert (state.round, state.power, state.treasury[Nation.USA]) == (4, Power.US, 33)
    assert [u.owner for u in state.units.values()] == [J, J]
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text().replace('"burma": [', '"sz_6": ['))
    boxes: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, _title, text: boxes.append(text))
    assert not window.files.new_game_from_scenario(bad, lambda _id: game.board)
    assert "a land unit at sea but not aboard a ship (R-TRANS-1)" in boxes[0]
    assert boxes[0].startswith(f"{bad}: ")  # the file named once, then what is wrong
    assert window.controller.state == state
    # Under Italian the same refusal is Italian, still naming the file and space.
    wrong_zone = tmp_path / "wrong_zone.json"
    wrong_zone.write_text(good.read_text().replace('"control": {"burma"', '"control": {"sz_6"'))
    with using_language("it"):
        assert not window.files.new_game_from_scenario(wrong_zone, lambda _id: game.board)
    assert boxes[1] == f"{wrong_zone}: control: la Zona marina 6 non è un territorio"
    assert window.controller.state == state
