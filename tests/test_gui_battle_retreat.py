"""The battle board's side after the attacker retreated says so: its units left the battle
(R-LAND-2, R-NAVAL-4), where "none left" read as if they were all lost."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget
from pytestqt.qtbot import QtBot

from pacific.gui.dialogs.battle_parts import fill_side
from pacific.rules.actions.combat import Retreat, SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.dice import FixedDice


def _texts(grid: QGridLayout) -> list[str]:
    return [w.text() for i in range(grid.count())
            if isinstance(w := grid.itemAt(i).widget(), QLabel)]


def test_a_side_that_retreated_is_not_said_to_have_none_left_r_land_2(qtbot: QtBot) -> None:
    box = QWidget()
    qtbot.addWidget(box)
    grid = QGridLayout(box)
    fill_side(grid, (), False, "#777777", retreated=True)
    assert "retreated: its units left the battle" in _texts(grid)
    assert "none left" not in _texts(grid)
    fill_side(grid, (), False, "#777777")
    assert "none left" in _texts(grid)


def test_the_board_after_japan_retreats_from_burma_says_it_retreated_r_land_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    from test_gui_battle import burma_window

    window = burma_window(qtbot, tmp_path, typed=False)
    assert window.submit(EndPhase()) is None
    window.controller.dice_factory = lambda state: FixedDice([6, 6, 6, 6, 6])  # all miss
    assert window.submit(SelectBattle(space="burma")) is None
    assert window.submit(Retreat(to="siam")) is None
    board = window.battle_board
    assert board.isVisible()
    assert "retreated: its units left the battle" in _texts(board.attacker_grid)
    assert "none left" not in _texts(board.attacker_grid)
