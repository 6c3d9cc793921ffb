"""The "To place" list keeps its lines in their places until the phase ends: a kind all placed
stays, greyed and not draggable, where it was (R-PLACE-1), as the unit picker keeps its lines."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_a_kind_all_placed_keeps_its_line_greyed_r_place_1(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.PLACE, purchased={
        Nation.JAPAN: {UnitType.INFANTRY: 1, UnitType.ARMOR: 1, UnitType.FIGHTER: 1}})
    window = make_window(qtbot, tmp_path, game, state)
    tray = window.tray
    before = [tray.item(i).text() for i in range(tray.model().rowCount())]
    first = tray.entries()[0]
    window.new_units.drop_from_tray(*first, window.board_scene.centre_of("japan"))
    rows = [tray.item(i) for i in range(tray.model().rowCount())]
    assert len(rows) == len(before) == 3
    assert [r.text() for r in rows[1:]] == before[1:]   # the other lines did not move up
    assert rows[0].text().startswith("0 ×")
    assert not rows[0].flags() & Qt.ItemFlag.ItemIsEnabled
    assert not rows[0].flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert first not in tray.entries() and tray.count() == 2
