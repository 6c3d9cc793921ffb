"""A retreat into a zone with carriers: the list of retreats says that the fighters end
aboard its carriers (R-AIR-6, R-CARRIER-1), as the engine would move them, whether they go
with the ships or alone."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.phases import Phase


def _after_round_1(qtbot: QtBot, tmp_path: Path, with_ships: bool) -> MainWindow:
    """Japan's two fighters from the Marianas (and its destroyer from Sea Zone 4, beside the
    carrier left there) attack an American battleship in Sea Zone 9; round 1 misses."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_4": "1 carrier japan, 1 destroyer japan",
                                  "marianas": "2 fighter japan", "sz_9": "1 battleship usa"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    fighters = tuple(u(state, "marianas", "fighter"))
    moves = [Move(units=fighters, path=("marianas", "sz_5", "sz_9"))]
    if with_ships:
        moves.append(Move(units=tuple(u(state, "sz_4", "destroyer")), path=("sz_4", "sz_9")))
    for action in (*moves, EndPhase()):
        assert window.submit(action) is None, action
    window.controller.dice_factory = lambda state: FixedDice([6] * (len(moves) + 2))
    assert window.submit(SelectBattle(space="sz_9")) is None
    assert window.controller.state.pending.decision == "round"
    return window


def _offered(window: MainWindow) -> list[str]:
    box = window.battle_board.retreat_to
    return [box.itemText(i) for i in range(box.count())]


def test_fighters_retreating_with_the_ships_land_on_the_carrier_r_air_6(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _after_round_1(qtbot, tmp_path, with_ships=True)
    assert _offered(window) == ["Sea Zone 4 — 2 fighters onto its carrier"]
    box = window.battle_board.retreat_to
    tip = box.itemData(0, 3)   # (Qt's tooltip role)
    assert "R-AIR-6" in tip
    # The list is wide enough to show it whole, not cut at "2 fighters".
    qtbot.waitUntil(lambda: window.battle_board.isVisible())
    qtbot.wait(50)
    assert box.width() > box.fontMetrics().horizontalAdvance(box.currentText()) + 20


def test_fighters_retreating_alone_say_which_place_is_a_carrier_r_air_6(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _after_round_1(qtbot, tmp_path, with_ships=False)
    offered = _offered(window)
    assert "Sea Zone 4 — 2 fighters onto its carrier" in offered, offered
    assert "Marianas" in offered, offered


def test_with_the_board_closed_retreat_or_press_on_offers_the_board_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The side panel asks "retreat or press on?" with the board closed, and shows the way
    back to it (its button, F)."""
    window = _after_round_1(qtbot, tmp_path, with_ships=True)
    board, panel = window.battle_board, window.turn_panel
    board.close_button.click()
    assert not board.isVisible()
    assert panel.prompt.isVisible() and "retreat" in panel.prompt.text().lower()
    assert panel.board_button.isVisible() and "[F]" in panel.board_button.text()
    panel.board_button.click()
    assert board.isVisible() and not panel.board_button.isVisible()


def test_the_retreat_chosen_stays_chosen_when_the_board_is_opened_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A retreat chosen in the list, the board closed and opened again (F): the same retreat
    is still the one the Retreat button sends, not the first of the list."""
    window = _after_round_1(qtbot, tmp_path, with_ships=False)
    board = window.battle_board
    box = board.retreat_to
    last = box.count() - 1
    assert last > 0
    box.setCurrentIndex(last)
    chosen = box.currentData()
    board.close_button.click()
    window.show_battle_board()
    assert box.currentData() == chosen
