"""Submarines that submerge in a naval battle stay in the zone and leave the battle
(R-SUB-6): the battle board says so on their row, and they no longer hit on anything."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QGridLayout, QLabel
from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.rule_wrap import as_typed
from pacific.rules.actions import parse_action
from pacific.rules.actions.combat import SelectBattle, Submerge
from pacific.rules.units import UnitType
from tests.gui_helpers import make_window

# Sea Zone 9 at the start (seed 11) with an American submarine added; Japan attacks it with a
# submarine from Sea Zone 22 and two fighters from the carriers in Sea Zone 20.
SETUP = [
    {"kind": "split_convoy_income", "india": 6, "australia": 6},
    {"kind": "end_phase"}, {"kind": "end_phase"},
    {"kind": "edit_mode", "on": True},
    {"kind": "edit_add_units", "nation": "usa", "unit_type": "submarine", "space": "sz_9",
     "count": 1},
    {"kind": "edit_mode", "on": False},
]


def _rows(grid: QGridLayout) -> dict[str, tuple[str, str]]:
    """Each row of a side's table by the unit's name: what it hits on, why."""
    def text(row: int, column: int) -> str:
        item = grid.itemAtPosition(row, column)
        widget = item.widget() if item is not None else None
        return as_typed(widget.text()) if isinstance(widget, QLabel) else ""
    return {text(r, 1): (text(r, 3).replace("<b>", "").replace("</b>", ""), text(r, 4))
            for r in range(1, grid.rowCount()) if text(r, 1)}


def _sea_zone_9(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, size=(1024, 700))
    for raw in SETUP:
        assert window.submit(parse_action(raw)) is None
    units = window.controller.state.units.values()
    sub = next(u.id for u in units if u.space == "sz_22" and u.type is UnitType.SUBMARINE)
    fighters = sorted(u.id for u in units if u.space == "sz_20"
                      and u.type is UnitType.FIGHTER)[:2]
    for raw in ({"kind": "move", "units": [sub], "path": ["sz_22", "sz_20", "sz_9"]},
                {"kind": "move", "units": fighters, "path": ["sz_20", "sz_9"]},
                {"kind": "end_phase"}):
        assert window.submit(parse_action(raw)) is None
    assert window.submit(SelectBattle(space="sz_9")) is None
    return window


def test_submerged_submarines_are_shown_out_of_the_battle_r_sub_6(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    window = _sea_zone_9(qtbot, tmp_path)
    board = window.battle_board
    assert _rows(board.attacker_grid)["Submarine"][0] == "2"
    japanese = next(a for a in window.controller.legal_actions() if isinstance(a, Submerge))
    assert window.submit(japanese) is None            # the attacker's, before its fire
    hits, why = _rows(board.attacker_grid)["Submarine"]
    assert hits == "—" and "submerged" in why and "R-SUB-6" in why
    assert _rows(board.attacker_grid)["Fighter"][0] == "3"
    # The American submarines fire or submerge: the button that fires says so.
    assert board.press_on_button.text() == "Fire" and board.press_on_button.isEnabled()
    american = next(a for a in window.controller.legal_actions() if isinstance(a, Submerge))
    assert window.submit(american) is None            # the defender's, instead of firing
    hits, why = _rows(board.defender_grid)["Submarine"]
    assert hits == "—" and "submerged" in why


def test_an_attacking_submarine_says_it_has_no_first_strike_r_sub_3(qtbot: QtBot,
                                                                    tmp_path: Path) -> None:
    """The American destroyer in Sea Zone 9 cancels the Japanese submarine's first strike: its
    row says so before the round is fought."""
    window = _sea_zone_9(qtbot, tmp_path)
    hits, why = _rows(window.battle_board.attacker_grid)["Submarine"]
    assert hits == "2"
    assert "no first strike: an enemy destroyer is here (R-SUB-3)" in why
