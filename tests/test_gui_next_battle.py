"""Before a battle starts, the battle board shows the one "Fight this battle" would start: the
space, both sides' units and the odds, marked as not yet fought; another choice in the list
shows that battle instead (R-COMBAT-2)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.dialogs.battle import BattleBoard
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.phases import Phase

NOT_YET = "Not yet fought"


def _units(board: BattleBoard, attacking: bool) -> str:
    box = board.attacker_box if attacking else board.defender_box
    return " ".join(label.text() for label in box.findChildren(QLabel))


def test_the_board_shows_the_next_battle_before_it_is_fought_r_combat_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE, units={
        "manchuria": "3 infantry japan, 1 armor japan", "anhwe": "2 infantry china",
        "suiyuan": "1 infantry china"})
    window = make_window(qtbot, tmp_path, game, state)
    infantry = tuple(u(state, "manchuria", "infantry"))
    armor = tuple(u(state, "manchuria", "armor"))
    assert window.submit(Move(units=infantry, path=("manchuria", "anhwe"))) is None
    assert window.submit(Move(units=armor, path=("manchuria", "suiyuan"))) is None
    assert window.submit(EndPhase()) is None
    QApplication.processEvents()
    board = window.battle_board
    assert board.isVisible()
    first = board.select_box.currentData()
    title = board.title.text()
    assert NOT_YET in title and "No battle is being fought" not in title
    assert "Japan attacks" in title
    assert board.odds.isVisible() and board.odds.text().startswith("Odds from here:")
    assert "Infantry" in _units(board, True) and "Infantry" in _units(board, False)
    # The other battle in the list: its space and its units.
    other = 1 - board.select_box.currentIndex()
    board.select_box.setCurrentIndex(other)
    assert board.select_box.currentData() != first
    assert NOT_YET in board.title.text() and board.title.text() != title
    assert "Armor" in _units(board, True)
    # Once chosen and fought, the mark goes.
    assert window.submit(SelectBattle(space=str(board.select_box.currentData()))) is None
    QApplication.processEvents()
    assert NOT_YET not in board.title.text()
