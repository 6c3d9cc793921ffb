"""A kamikaze attack outside any battle (R-KAMI-4, R-KAMI-6) on the battle board: while Japan
declares, and once it is over, the board names the ships attacked, their owner and the tokens
fired at them; neither side reads "none left"."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import dice_from_the_table, make_window
from PySide6.QtWidgets import QGridLayout, QLabel
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import Kamikaze, RollDice
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def _texts(grid: QGridLayout) -> list[str]:
    return [w.text() for i in range(grid.count())
            if isinstance(w := grid.itemAt(i).widget(), QLabel)]


def _declaring(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """Two American destroyers and a battleship moved into kamikaze zone sz_5, phase 3
    ended: Japan declares (R-KAMI-4)."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 destroyer usa, 1 battleship usa"})
    window = make_window(qtbot, tmp_path, game, state)
    for kind in ("destroyer", "battleship"):
        ids = tuple(u(window.controller.state, "sz_6", kind))
        assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    return window


def test_a_kamikaze_attack_alone_names_the_ships_attacked_r_kami_6(qtbot: QtBot,
                                                                    tmp_path: Path) -> None:
    window = _declaring(qtbot, tmp_path)
    board = window.battle_board
    assert window.controller.state.pending.decision == "kamikaze"
    assert "Kamikaze attacks in" in board.title.text()
    assert "No battle is being fought" not in board.title.text()
    assert not board.attacker_box.isVisible() and not board.defender_box.isVisible()
    destroyers = u(window.controller.state, "sz_5", "destroyer")
    battleship = u(window.controller.state, "sz_5", "battleship")
    window.controller.dice_factory = lambda state: FixedDice([6, 6, 6])   # all miss
    assert window.submit(Kamikaze(targets=(destroyers[0], destroyers[0], battleship[0]))) \
        is None
    assert board.attacker_box.isVisible() and board.defender_box.isVisible()
    assert board.defender_box.title() == "Defender: United States"
    attack = _texts(board.attacker_grid)
    assert "none left" not in attack
    assert any("kamikaze: 3 tokens" in text and "R-KAMI-6" in text for text in attack)
    defence = _texts(board.defender_grid)
    assert "none left" not in defence
    assert "Destroyer" in defence and "Battleship" in defence
    assert any("kamikaze tokens aimed at them: 2" in text for text in defence)
    assert any("kamikaze tokens aimed at them: 1" in text for text in defence)


def test_a_naval_battle_says_its_kamikazes_before_round_1_r_kami_8(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    """Tokens declared at the start of the Allied phase 4 against ships that will fight a naval
    battle there strike in its first round: the battle board says so before it starts."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "2 destroyer usa", "sz_5": "1 destroyer japan"})
    window = make_window(qtbot, tmp_path, game, state)
    ids = tuple(u(window.controller.state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    assert window.controller.state.pending.decision == "kamikaze"
    assert window.submit(Kamikaze(targets=(ids[0], ids[1]))) is None
    title = window.battle_board.title.text()
    assert "Not yet fought" in title
    assert "Japan's kamikaze: 2 tokens strike at the start of round 1" in title, title


def test_the_board_shows_each_kamikaze_die_at_its_ship_r_kami_6(qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    """The dice of a stand-alone kamikaze attack are drawn by ship, each row naming its ship
    and what its dice did; typed in from the table, each die to enter names its ship."""
    window = _declaring(qtbot, tmp_path)
    first, second = u(window.controller.state, "sz_5", "destroyer")
    [battleship] = u(window.controller.state, "sz_5", "battleship")
    dice_from_the_table(window)
    assert window.submit(Kamikaze(targets=(first, battleship, second, first))) is None
    board = window.battle_board
    assert board.dice_entry.isVisible()
    assert [text for text, _count, _hit in board.dice_entry.rows] == [
        "at destroyer 1 (United States), hit on 2", "at battleship (United States), hit on 2",
        "at destroyer 2 (United States), hit on 2", "at destroyer 1 (United States), hit on 2"]
    assert window.submit(RollDice(values=(2, 5, 6, 1))) is None
    assert board.dice.rolls == [
        ("Kamikaze in Sea Zone 5 — at destroyer 1 (United States), hit on 2: hit, hit",
         (2, 1), 2, None),
        ("Kamikaze in Sea Zone 5 — at battleship (United States), hit on 2: miss", (5,), 2,
         None),
        ("Kamikaze in Sea Zone 5 — at destroyer 2 (United States), hit on 2: miss", (6,), 2,
         None)]


def test_with_the_board_closed_the_declaration_offers_the_board_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's kamikaze declaration outside any battle, the board closed: the side panel
    asks for it and shows the way back to the board (its button, F)."""
    game, state = scenario(power=Power.US, phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 destroyer usa"})
    window = make_window(qtbot, tmp_path, game, state)
    ids = tuple(u(window.controller.state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    board, panel = window.battle_board, window.turn_panel
    board.close_button.click()
    assert panel.prompt.isVisible() and "kamikaze" in panel.prompt.text().lower()
    assert panel.board_button.isVisible() and "[F]" in panel.board_button.text()
