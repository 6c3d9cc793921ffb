"""Acceptance: save in the middle of a battle, open the file in another window, and
the battle goes on from the same decision with the same result (the save file replays the
actions with their recorded dice)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import MINI, make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import board, u

from pacific.rules.actions.combat import PressOn, SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver


def test_save_and_reload_in_the_middle_of_a_naval_battle(qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=2))
    controller = window.controller
    # Japan's fleet attacks the US fleet in sea zone 9 (R-NAVAL-1).
    assert window.submit(SplitConvoyIncome(india=4, australia=0)) is None
    for _ in range(2):
        assert window.submit(EndPhase()) is None
    for ship in ("battleship", "destroyer", "carrier", "submarine"):
        ids = tuple(u(controller.state, "sz_6", ship))
        assert window.submit(Move(units=ids, path=("sz_6", "sz_5", "sz_9"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="sz_9")) is None
    # Round 1: Japan's four ships roll 1, 1, 1, 1: the US must choose 4 casualties.
    controller.dice_factory = lambda state: FixedDice([1, 1, 1, 1])
    assert window.submit(PressOn()) is None
    assert controller.state.pending is not None
    assert controller.state.pending.decision == "casualties"
    path = tmp_path / "midbattle.json"
    assert window.files.save_to(path)

    (tmp_path / "other").mkdir()
    other = make_window(qtbot, tmp_path / "other", game, game.new_game(players=3, seed=99))
    assert other.files.open_path_with(path, board_resolver(MINI))
    assert other.controller.state == controller.state
    # The reopened window shows the same decision on the battle board, to the same player.
    assert other.battle_board.isVisible()
    assert other.battle_board.prompt.text() == window.battle_board.prompt.text()
    assert other.battle_board.prompt.text().startswith("United States:")
    assert other.battle_board.chosen_casualties() == window.battle_board.chosen_casualties()

    # Both windows go on with the same dice and reach the same position.
    for w in (window, other):
        w.controller.dice_factory = lambda state: FixedDice([1, 1, 6, 6])
        qtbot.mouseClick(w.battle_board.take_button, Qt.MouseButton.LeftButton)
    assert other.controller.state == controller.state
    assert other.controller.state.pending is not None
    assert other.controller.state.pending.power == "japan"
