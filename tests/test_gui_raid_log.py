"""A strategic bombing raid in the window: the log of its move (R-COMBATMOVE-9) and the battle
board's values (R-SBR-4)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QGridLayout, QLabel
from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.rule_wrap import as_typed
from pacific.rules.actions.combat import Intercept, SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from tests.gui_helpers import make_window

BOMBER_PATH = ["french_indo_china", "shan_state", "burma", "india"]


def test_the_log_tells_a_raid_from_an_attack(qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's bomber flown to India on a raid and as an attack: the map shows the same
    move, so the log's line is where the player reads which one the engine was sent."""
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, size=(1024, 700))
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    bomber = next(u.id for u in window.controller.state.units.values()
                  if u.space == "french_indo_china" and u.type.value == "bomber")
    assert window.submit(Move(units=[bomber], path=BOMBER_PATH, raid=True)) is None
    assert [r.target for r in window.controller.state.raids] == ["india"]
    assert window.log.lines()[-1] == ("Japan moved 1 bomber French Indo-China → Shan State → "
                                      "Burma → India (strategic bombing raid)")
    window.controller.undo()
    assert window.submit(Move(units=[bomber], path=BOMBER_PATH)) is None
    assert not window.controller.state.raids
    assert window.log.lines()[-1] == ("Japan moved 1 bomber French Indo-China → Shan State → "
                                      "Burma → India")


def _rows(grid: QGridLayout) -> list[tuple[str, str, str]]:
    """Each row of a side's table: the unit's name, what it hits on, why."""
    def text(row: int, column: int) -> str:
        item = grid.itemAtPosition(row, column)
        widget = item.widget() if item is not None else None
        return as_typed(widget.text()) if isinstance(widget, QLabel) else ""
    return [(text(r, 1), text(r, 3).replace("<b>", "").replace("</b>", ""), text(r, 4))
            for r in range(1, grid.rowCount()) if text(r, 1)]


def test_the_battle_board_shows_what_a_raids_aircraft_hit_on(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """The bomber does not fire in the fighter clash, it rolls the damage; the interceptor
    hits on what the engine rolls it at (R-SBR-4, OQ3-21), not its values in a battle."""
    window, fighter = _raid_on_india(qtbot, tmp_path)
    assert window.submit(SelectBattle(space="india")) is None
    board = window.battle_board
    assert _rows(board.attacker_grid) == [
        ("Bomber", "—", "rolls one die of damage after the fighter clash (R-SBR-4)")]
    assert window.submit(Intercept(fighters=[fighter])) is None
    _name, hits, why = next(r for r in _rows(board.defender_grid) if r[0] == "Fighter")
    assert hits == "1"
    assert "intercepts: hits on 1 in one round (R-SBR-4)" in why


def _raid_on_india(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, int]:
    """Japan's bomber sent on a raid on India (an AA gun and a British fighter there), in
    phase 4 with the raid waiting. Returns the window and India's fighter."""
    history = new_controller(players=2, seed=11).history
    window = make_window(qtbot, tmp_path, history.game, history.state, size=(1024, 700))
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    state = window.controller.state
    bomber = next(u.id for u in state.units.values()
                  if u.space == "french_indo_china" and u.type is UnitType.BOMBER)
    fighter = next(u.id for u in state.units.values()
                   if u.space == "india" and u.type is UnitType.FIGHTER)
    for action in (Move(units=[bomber], path=BOMBER_PATH, raid=True), EndPhase()):
        assert window.submit(action) is None
    return window, fighter


def test_before_the_interception_the_defender_shows_who_may_intercept_r_sbr_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Before the defender names its interceptors, India's fighter and AA gun are there: the
    board shows them (the fighter may intercept, the gun fires first), never "none left"."""
    window, _fighter = _raid_on_india(qtbot, tmp_path)
    board = window.battle_board
    for action in ((), (SelectBattle(space="india"),)):
        for a in action:
            assert window.submit(a) is None
        rows = _rows(board.defender_grid)
        assert [(name, hits) for name, hits, _why in rows] == [("AA gun", "1"),
                                                                ("Fighter", "1")]
        assert "R-AA-5" in rows[0][2]
        assert "may intercept" in rows[1][2] and "R-SBR-3" in rows[1][2]
    assert window.submit(Intercept(fighters=[])) is None
    assert [name for name, _hits, _why in _rows(board.defender_grid)] == ["AA gun"]


def test_after_the_bombing_the_board_says_what_the_defender_paid_r_sbr_4(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Once the raid is over the board's result says what the bombing cost India's owner, the
    IPC the engine took from its treasury, as the log says."""
    window, _fighter = _raid_on_india(qtbot, tmp_path)
    before = window.controller.state.treasury[Nation.INDIA]
    for action in (SelectBattle(space="india"), Intercept(fighters=[])):
        assert window.submit(action) is None
    while window.controller.state.battles[0].status != "over":
        assert window.submit(window.controller.legal_actions()[0]) is None
    paid = before - window.controller.state.treasury[Nation.INDIA]
    assert paid > 0
    result = window.battle_board.result_label.text()
    assert result.startswith("The bombing raid on India is over: India paid "
                             f"{paid} IPC"), result
    assert any(f"India pays {paid} IPC" in line for line in window.log.lines())
