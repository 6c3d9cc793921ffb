"""A tabletop group types the dice rolled at the table on the battle board of a 1024x700
window: the dice field takes the keys as soon as a roll is asked (a space typed between dice
never presses another button), the entry is in view down to its Confirm button, and a die
typed that no die of the roll can take is said, never dropped in silence (R-COMBAT-5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import dice_from_the_table, in_view, make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.dice_entry import DiceEntry
from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import RollDice, SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.edit import EditAddUnits, EditMode, EditTurn
from pacific.rules.actions.movement import Move
from pacific.rules.decisions import DiceRoll
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN


def _attack_asks_for_dice(qtbot: QtBot, tmp_path: Path, handover: bool = False) -> MainWindow:
    """At 1024x700, Japan's infantry, artillery and armor attack Burma's two infantry with
    the dice typed in: the players press "Fight this battle" and the board asks for 8 dice
    in three rows (hit on 1, on 2 and on 3)."""
    game, state = scenario(phase=Phase.COMBAT_MOVE, round=2, units={
        "siam": "6 infantry japan, 1 artillery japan, 1 armor japan",
        "burma": "2 infantry india"})
    window = make_window(qtbot, tmp_path, game, state, handover, size=(1024, 700))
    dice_from_the_table(window)
    units = tuple(i for t in ("infantry", "artillery", "armor") for i in u(state, "siam", t))
    assert window.submit(Move(units=units, path=("siam", "burma"))) is None
    assert window.submit(EndPhase()) is None
    board = window.battle_board
    qtbot.waitUntil(board.isVisible)
    qtbot.mouseClick(board.select_button, Qt.MouseButton.LeftButton)
    pending = window.controller.state.pending
    assert isinstance(pending, DiceRoll) and pending.count == 8
    qtbot.wait(50)   # (the board lays itself out and scrolls)
    return window


def test_the_dice_field_takes_the_keys_when_the_roll_is_asked(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The keys typed after "Fight this battle" go to the dice: the button just pressed is
    disabled, and a space typed between two dice pressed Close (the typed dice were lost)."""
    window = _attack_asks_for_dice(qtbot, tmp_path)
    board, entry = window.battle_board, window.battle_board.dice_entry
    assert board.focusWidget() is entry.field
    qtbot.keyClicks(entry.field, "1 3 1")
    assert board.isVisible() and entry.entered() == (1, 3, 1)
    # Closed (Escape) and opened again (F): the dice typed are kept, and the keys go to them.
    board.reject()
    window.show_battle_board()
    assert board.focusWidget() is entry.field and entry.entered() == (1, 3, 1)


def test_at_1024x700_the_dice_entry_is_in_view_down_to_its_confirm_button(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _attack_asks_for_dice(qtbot, tmp_path)
    board, entry = window.battle_board, window.battle_board.dice_entry
    assert in_view(board.title, board)
    for widget in (*entry.slots, entry.field, entry.confirm_button, entry.cancel_button):
        assert in_view(widget, board), widget


@pytest.mark.parametrize(("typed", "said"), [
    ("1 3 1 5 2 2 4 3 6", "8 dice are asked for, not 9"),
    ("1 3 1 five", "A die shows 1 to 6, not f, i, v, e."),
    ("1 3 1 8", "A die shows 1 to 6, not 8."),
])
def test_r_combat_5_a_die_no_die_of_the_roll_can_take_is_said_and_nothing_is_sent(
        qtbot: QtBot, typed: str, said: str) -> None:
    """Nine dice typed for eight: the last was dropped and the eight sent, each die after a
    die typed twice going to the wrong group. Letters were dropped without a word."""
    entry = DiceEntry()
    qtbot.addWidget(entry)
    entry.ask([("5 infantry hit on 1", 5, 1), ("1 infantry, 1 artillery hit on 2", 2, 2),
               ("1 armor hit on 3", 1, 3)])
    sent: list[object] = []
    entry.rolled.connect(sent.append)
    qtbot.keyClicks(entry.field, typed)
    assert said in entry.problem.text() and not entry.problem.isHidden()
    assert not entry.confirm_button.isEnabled()
    qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    assert sent == []
    # Put right: the warning goes and the dice are sent.
    entry.field.clear()
    qtbot.keyClicks(entry.field, "1 3 1 5 2 2 4 3")
    assert entry.problem.isHidden() and entry.confirm_button.isEnabled()
    qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    assert sent == [(1, 3, 1, 5, 2, 2, 4, 3)]


def _start(window: MainWindow) -> None:
    """The next player sits down: Start on the hand-over screen."""
    handover = window.dialogs.handover
    assert handover is not None and handover.isVisible()
    handover.accept()


def test_a_board_closed_in_one_turn_opens_for_the_next_turns_battle(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Battles are numbered from 1 in every turn: the board closed (Escape) on Japan's first
    battle stayed closed on Great Britain's first battle after the hand-over screen, and the
    defence dice typed after Start went nowhere."""
    window = _attack_asks_for_dice(qtbot, tmp_path, handover=True)
    board = window.battle_board
    assert window.submit(RollDice(values=(1, 1, 6, 6, 6, 6, 6, 6))) is None
    _start(window)                                 # Great Britain rolls India's defence
    assert window.submit(RollDice(values=(6, 6))) is None     # Burma taken
    _start(window)
    assert window.controller.state.pending is None
    board.reject()                                 # Escape on the battle over
    for action in (EditMode(on=True), EditTurn(round=2, power=Power.UK,
                                               phase=Phase.COMBAT_MOVE),
                   EditAddUnits(nation=Nation.INDIA, unit_type=UnitType.INFANTRY,
                                space="india", count=2), EditMode(on=False)):
        assert window.submit(action) is None
    if window.dialogs.handing_over():
        _start(window)
    infantry = tuple(u(window.controller.state, "india", "infantry", Nation.INDIA))[-2:]
    assert window.submit(Move(units=infantry, path=("india", "burma"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="burma")) is None
    assert window.controller.state.battles[0].id == 1
    assert window.submit(RollDice(values=(6, 6))) is None
    _start(window)                                 # Japan rolls its defence
    assert board.isVisible() and board.dice_entry.isVisible()


def test_the_dice_still_awaited_line_goes_once_they_are_rolled(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Cancel on the defence's dice (the attack's were rolled: nothing to take back) says the
    dice are still awaited; "Roll for me" rolled them and the line stayed, saying so still."""
    window = _attack_asks_for_dice(qtbot, tmp_path)
    assert window.submit(RollDice(values=(1, 1, 6, 6, 6, 6, 6, 6))) is None
    entry = window.battle_board.dice_entry
    assert isinstance(window.controller.state.pending, DiceRoll)
    qtbot.mouseClick(entry.cancel_button, Qt.MouseButton.LeftButton)
    assert "still awaited" in window.status_strip.text()
    qtbot.mouseClick(entry.roll_button, Qt.MouseButton.LeftButton)
    assert not isinstance(window.controller.state.pending, DiceRoll)
    assert "still awaited" not in window.status_strip.text()
