"""The battle board's side after the attacker retreated says so: its units left the battle
(R-LAND-2, R-NAVAL-4), where "none left" read as if they were all lost."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QLabel, QWidget
from pytestqt.qtbot import QtBot

from pacific.gui.dialogs.battle_parts import fill_side


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
