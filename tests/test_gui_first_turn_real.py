"""Acceptance (issue 8), on the real board: Japan's first turn through the GUI, with dice
scripted by purpose so that every outcome is exact: Japan's attacking dice all show 1 (every
die hits), every other die (defence, first strike, AA) shows 6 (every die misses).

Purchase 3 infantry and 1 artillery; drag Manchuria's infantry into Anhwe (2 Chinese
infantry: a land battle) and a battleship and a destroyer into sea zone 38 (a US destroyer,
submarine and transport: a naval battle); fight both from the battle board; drag Korea's
infantry into Manchuria; place the new units on Japan from the tray; collect income.
"""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from pacific.gui.pieces import StackKey
from pacific.rules.economy.control import production_level
from pacific.rules.engine import Game
from pacific.rules.mapfile import load_board
from pacific.rules.maps import find_map
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN


class ScriptedDice:
    """Fixed dice by purpose: Japan's attack rolls 1s, everything else 6s."""

    def __init__(self) -> None:
        self.rolled: list[tuple[str, list[int]]] = []

    def roll(self, count: int, purpose: str) -> list[int]:
        values = [1 if purpose.startswith("Attack") else 6] * count
        self.rolled.append((purpose, values))
        return values


def focus(window, space: str) -> None:  # type: ignore[no-untyped-def]
    window.view.fit_to_window()
    window.view.zoom_by(5.0)
    window.view.centerOn(window.board_scene.centre_of(space))


def fight_out(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    """Answer the battle board until no decision is pending: no kamikaze, the suggested
    casualties, press on."""
    board = window.battle_board
    for _ in range(20):
        if window.controller.state.pending is None:
            return
        if board.kamikaze_button.isEnabled():
            qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
        elif board.take_button.isEnabled():
            qtbot.mouseClick(board.take_button, Qt.MouseButton.LeftButton)
        elif board.press_on_button.isEnabled():
            qtbot.mouseClick(board.press_on_button, Qt.MouseButton.LeftButton)
        else:
            raise AssertionError(f"unexpected decision {window.controller.state.pending}")
    raise AssertionError("the battle did not end")


def test_japans_first_turn_on_the_real_board(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(load_board(find_map("pacific")))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=1))
    controller = window.controller
    dice = ScriptedDice()
    controller.dice_factory = lambda state: dice
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    start = controller.state
    treasury = start.treasury[J]

    qtbot.mouseClick(window.turn_panel.buy_button, Qt.MouseButton.LeftButton)
    purchase = window.dialogs.purchase
    purchase.set_count(UnitType.INFANTRY, 3)
    purchase.set_count(UnitType.ARTILLERY, 1)
    purchase.accept()
    assert controller.state.treasury[J] == treasury - 13
    for _ in range(2):
        qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    assert controller.state.phase is Phase.COMBAT_MOVE

    focus(window, "manchuria")
    infantry = [u.id for u in start.units_at("manchuria") if u.type is UnitType.INFANTRY]
    drag_stack(qtbot, window, StackKey("manchuria", UnitType.INFANTRY, J), "anhwe")
    focus(window, "sz_38")
    drag_stack(qtbot, window, StackKey("sz_45", UnitType.BATTLESHIP, J), "sz_38")
    drag_stack(qtbot, window, StackKey("sz_34", UnitType.DESTROYER, J), "sz_38")
    assert window.status_strip.text() == ""
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)

    state = controller.state
    assert state.phase is Phase.COMBAT
    assert sorted(b.space for b in state.battles) == ["anhwe", "sz_38"]
    board = window.battle_board
    for space in ("anhwe", "sz_38"):
        board.select_box.setCurrentIndex(board.select_box.findData(space))
        qtbot.mouseClick(board.select_button, Qt.MouseButton.LeftButton)
        fight_out(qtbot, window)
    state = controller.state
    assert state.owner_of("anhwe") is J
    assert sorted(u.id for u in state.units_at("anhwe")) == sorted(infantry)
    assert sorted((u.type.value, u.owner.value) for u in state.units_at("sz_38")) == [
        ("battleship", "japan"), ("destroyer", "japan")]
    fought = {purpose.split(":")[0] for purpose, _ in dice.rolled}
    assert {"Attack in anhwe", "Defence in anhwe", "Attack in sz_38"} <= fought
    for _ in range(2):
        qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    assert controller.state.phase is Phase.NONCOMBAT_MOVE

    focus(window, "korea")
    korea = [u.id for u in start.units_at("korea") if u.type is UnitType.INFANTRY]
    drag_stack(qtbot, window, StackKey("korea", UnitType.INFANTRY, J), "manchuria")
    assert all(controller.state.units[i].space == "manchuria" for i in korea)
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)

    assert controller.state.phase is Phase.PLACE
    for nation, unit_type in window.tray.entries():
        count = controller.state.purchased[nation][unit_type]
        for _ in range(count):
            assert window.drop_from_tray(nation, unit_type,
                                         window.board_scene.centre_of("japan")) is None
    assert window.tray.count() == 0
    for _ in range(2):
        qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    state = controller.state
    assert state.phase is Phase.INCOME
    income = production_level(game.board, state, J)
    assert income == production_level(game.board, start, J) + \
        game.board.territory_by_id["anhwe"].ipc  # R-INCOME-1: Anhwe now counts for Japan
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    state = controller.state
    assert state.power is Power.UK
    assert state.treasury[J] == treasury - 13 + income
    placed = [u.type for u in state.units_at("japan")]
    before = [u.type for u in start.units_at("japan")]
    assert placed.count(UnitType.INFANTRY) == before.count(UnitType.INFANTRY) + 3
    assert placed.count(UnitType.ARTILLERY) == before.count(UnitType.ARTILLERY) + 1
