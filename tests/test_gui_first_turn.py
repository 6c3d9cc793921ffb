"""Acceptance: Japan's complete first turn played through the real GUI on a real
engine: buying in the purchase dialog, combat moves by drag and drop, a land battle and a naval
battle fought from the battle board with fixed dice, non-combat movement by drag, placement
from the tray, income; then the engine state is checked.

Dice (one fixed list for the whole turn, consumed in order):
  Suiyuan land battle, round 1 (R-LAND-1): Japan's 2 infantry hit on 1 → 1, 1 (2 hits); the
    armor hits on 3 → 1 (hit); China's infantry defends on 2 → 6 (miss). China is wiped out.
  Sea zone 9 naval battle (R-NAVAL-1), Japan's first turn: the US defends at 1
  (R-FIRSTTURN-1). Round 1: Japan's carrier (1), submarine (2), destroyer (3) and battleship
    (4) roll 1, 1, 1, 1 → 4 hits; the US takes the suggested casualties (its battleship's free
    hit, R-BB-2, sub, destroyer, carrier); the US submarine rolls 1 (hit), the US battleship,
    carrier and destroyer 1, 6, 6 (1 hit) → Japan takes the suggestion (its battleship's free
    hit, and the submarine).
  Round 2: Japan's carrier, destroyer, battleship roll 1, 1, 6 → 2 hits; the damaged US
    battleship rolls 6 → the US fleet is sunk.
"""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.pieces import Condition, StackKey
from pacific.rules.dice import FixedDice
from pacific.rules.economy.control import production_level
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN
DICE = [1, 1, 1, 6,            # Suiyuan
        1, 1, 1, 1,            # sz 9, round 1, Japan attacks
        1, 1, 6, 6,            # sz 9, round 1, US sub then surface ships defend
        1, 1, 6, 6]            # sz 9, round 2: Japan attacks, the US battleship defends


def test_japan_plays_its_whole_first_turn_through_the_gui(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=11), handover=True)
    controller = window.controller
    dice = FixedDice(DICE)
    controller.dice_factory = lambda state: dice

    # Before turn 1 the British player splits the convoy income (R-SETUP-8).
    window.dialogs.handover = None
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.india.setValue(2)
    window.dialogs.convoy.accept()
    # Japan's player takes the seat again (the screen hides the battle board while it shows).
    assert window.dialogs.handing_over()
    assert window.dialogs.handover is not None
    window.dialogs.handover.accept()

    # Phase 1: buy 2 infantry and 2 artillery with Japan's 14 IPC (R-PURCH-1..3).
    dialog = window.dialogs.open_purchase()
    assert dialog is not None and dialog.nation is J
    dialog.set_count(UnitType.INFANTRY, 2)
    dialog.set_count(UnitType.ARTILLERY, 2)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert controller.state.treasury[J] == 0
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 2
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 3
    assert controller.state.phase is Phase.COMBAT_MOVE

    # Phase 3: combat moves by drag and drop.
    assert window.board_scene._markers == []
    drag_stack(qtbot, window, StackKey("manchuria", UnitType.INFANTRY, J), "suiyuan")
    # The battle to come is marked at once, not only when phase 4 begins (R-COMBATMOVE-1).
    assert [m.space for m in window.board_scene._markers] == ["suiyuan"]
    drag_stack(qtbot, window, StackKey("manchuria", UnitType.ARMOR, J), "suiyuan")
    for ship in (UnitType.BATTLESHIP, UnitType.DESTROYER, UnitType.CARRIER, UnitType.SUBMARINE):
        drag_stack(qtbot, window, StackKey("sz_6", ship, J), "sz_9")
    assert [x.type for x in controller.state.units_at("sz_6")] == [UnitType.TRANSPORT]
    assert window.status_strip.text() == ""  # nothing was refused
    assert [m.space for m in window.board_scene._markers] == ["suiyuan", "sz_9"]
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 4

    # Phase 4: the map marks both battles; the battle board picks and fights them.
    state = controller.state
    assert state.phase is Phase.COMBAT
    assert window.battle_board.isVisible()
    assert len(window.board_scene._markers) == 2
    board_ = window.battle_board
    assert [board_.select_box.itemData(i) for i in range(board_.select_box.count())] == \
        ["suiyuan", "sz_9"]
    board_.select_box.setCurrentIndex(0)
    qtbot.mouseClick(board_.select_button, Qt.MouseButton.LeftButton)
    assert controller.state.owner_of("suiyuan") is J  # R-COMBAT-9
    board_.select_box.setCurrentIndex(0)
    qtbot.mouseClick(board_.select_button, Qt.MouseButton.LeftButton)
    # Submarines may submerge before the round (R-SUB-6): Japan presses on.
    assert board_.press_on_button.isEnabled() and board_.submerge_button.isEnabled()
    qtbot.mouseClick(board_.press_on_button, Qt.MouseButton.LeftButton)
    # The US chooses its casualties; the default suggestion comes checked (R-COMBAT-6).
    assert board_.prompt.text().startswith("United States:")
    assert board_.take_button.isEnabled()
    assert len(board_.chosen_casualties()) == 4
    assert [d for d in board_.dice.rolls[-1][1]] == [1]  # dice drawn as dice on the board
    qtbot.mouseClick(board_.take_button, Qt.MouseButton.LeftButton)
    assert board_.prompt.text().startswith("Japan:")
    qtbot.mouseClick(board_.take_button, Qt.MouseButton.LeftButton)
    # After the round the attacker may retreat (R-NAVAL-3) or press on.
    assert board_.retreat_button.isEnabled()
    qtbot.mouseClick(board_.press_on_button, Qt.MouseButton.LeftButton)
    state = controller.state
    assert all(b.status == "over" for b in state.battles)
    assert dice.remaining == 0
    assert sorted((x.type.value, x.owner.value, x.damaged) for x in state.units_at("sz_9")) == [
        ("battleship", "japan", True), ("carrier", "japan", False),
        ("destroyer", "japan", False)]
    # A damaged battleship is drawn as its own, different stack (R-BB-1).
    assert StackKey("sz_9", UnitType.BATTLESHIP, J, Condition.DAMAGED) in window.pieces.items
    # The screen that hands the computer back to Japan's player after the United States
    # chose its casualties (R-SETUP-2) holds the side panel until Start.
    assert window.dialogs.handing_over() and not window.turn_panel.next_button.isEnabled()
    handover = window.dialogs.handover
    assert handover is not None and "Player 1" in handover.message.text()
    handover.accept()
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 5
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 6
    assert controller.state.phase is Phase.NONCOMBAT_MOVE
    assert not window.battle_board.isVisible()

    # Phase 6: non-combat movement by drag.
    drag_stack(qtbot, window, StackKey("korea", UnitType.INFANTRY, J), "manchuria")
    assert len([x for x in controller.state.units_at("manchuria")]) == 2
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 7

    # Phase 7: place the new units from the tray on Japan's industrial complex (R-PLACE-1).
    assert controller.state.phase is Phase.PLACE
    assert window.tabs.currentWidget() is window.tray
    # One drop places a whole line ("Units per drag" at "whole stack"): no limit at the
    # capital (R-PLACE-3).
    for nation, unit_type in window.tray.entries():
        assert window.new_units.drop_from_tray(nation, unit_type,
                                               window.board_scene.centre_of("japan")) is None
    assert window.tray.count() == 0
    japan = [x.type for x in controller.state.units_at("japan")]
    assert japan.count(UnitType.INFANTRY) == 4 + 2 and japan.count(UnitType.ARTILLERY) == 1 + 2
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 8
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)  # → phase 9

    # Phase 9: income (R-INCOME-1), then the UK's turn with a hand-over screen.
    state = controller.state
    assert state.phase is Phase.INCOME
    earned = production_level(game.board, state, J)
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    state = controller.state
    assert state.power is Power.UK and state.round == 1
    assert state.treasury[J] == earned == 8 + 2 + 2 + 2 + 1  # Japan, Korea, Manchuria,
    assert window.chart.treasuries[J].text() == str(earned)  # Siam, Suiyuan
    assert window.tabs.currentWidget() is window.chart  # the empty tray left behind
    assert window.dialogs.handover is not None and "Great Britain" in \
        window.dialogs.handover.message.text()
    # Names, not ids, in the log.
    assert "Japan takes Suiyuan from China" in window.log.lines()
