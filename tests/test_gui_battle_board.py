"""A battle board that never hides the game: at 1024x700 the phase controls stay in view; it
can be closed and opened again, and Escape always closes it; the odds follow every roll and
every casualty choice, and are never rounded to a certainty; the dice prompt names the side
that rolls."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window, to_battle
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from scenario import aboard, scenario, u

from pacific.gui.main_window import MainWindow
from pacific.gui.odds_panel import percent
from pacific.gui.odds_view import share
from pacific.gui.rule_wrap import as_typed
from pacific.rules.actions.combat import RollDice
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.phases import Phase


def anhwe_window(qtbot: QtBot, tmp_path: Path, typed: bool = False,
                 size: tuple[int, int] = (1400, 900)) -> MainWindow:
    """Japan's 3 infantry from Manchuria attack 2 Chinese infantry in Anhwe (the United States
    player rolls China's dice), in phase 4 with the battle chosen."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "3 infantry japan", "anhwe": "2 infantry china"})
    window = make_window(qtbot, tmp_path, game, state, size=size)
    infantry = tuple(u(state, "manchuria", "infantry"))
    to_battle(window, Move(units=infantry, path=("manchuria", "anhwe")), "anhwe", typed)
    return window


def _global(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def test_at_1024x700_the_board_leaves_next_phase_in_view(qtbot: QtBot, tmp_path: Path) -> None:
    window = anhwe_window(qtbot, tmp_path, typed=True, size=(1024, 700))
    board = window.battle_board
    assert board.isVisible()
    assert not board.frameGeometry().intersects(_global(window.turn_panel.next_button))
    # Its decision row stays on screen: the sides and dice scroll instead.
    assert board.dice_entry.isVisible()
    assert board.frameGeometry().bottom() <= window.frameGeometry().bottom()


def test_the_board_closes_stays_closed_for_the_battle_and_opens_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board = window.battle_board
    qtbot.mouseClick(board.close_button, Qt.MouseButton.LeftButton)
    assert not board.isVisible()
    window.submit(RollDice(values=(6, 6, 6)))   # the battle goes on: the board stays closed
    QApplication.processEvents()
    assert not board.isVisible()
    window.menus.battle_board.trigger()
    assert board.isVisible()


def test_with_the_board_closed_the_side_panel_offers_it_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The question stays in the side panel; a button beside it (and F) opens the board."""
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board, panel = window.battle_board, window.turn_panel
    assert panel.prompt.isVisible()
    assert not panel.board_button.isVisible()
    qtbot.mouseClick(board.close_button, Qt.MouseButton.LeftButton)
    assert panel.board_button.isVisible()
    assert "[F]" in panel.board_button.text()
    qtbot.mouseClick(panel.board_button, Qt.MouseButton.LeftButton)
    assert board.isVisible()
    assert not panel.board_button.isVisible()


def test_escape_closes_the_board_wherever_the_focus_is(qtbot: QtBot, tmp_path: Path) -> None:
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board = window.battle_board
    window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not board.isVisible()
    window.show_battle_board()
    board.dice_entry.field.setFocus()
    qtbot.keyClick(board.dice_entry.field, Qt.Key.Key_Escape)
    assert not board.isVisible()


def test_the_dice_prompt_names_the_side_that_rolls(qtbot: QtBot, tmp_path: Path) -> None:
    """China defends: "China rolls", not the United States player who rolls its dice."""
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board = window.battle_board
    window.submit(RollDice(values=(6, 6, 6)))   # Japan misses
    assert "China defends" in board.title.text()
    assert board.prompt.text().startswith("Defence in Anhwe — China rolls 2 dice")


def test_the_odds_follow_the_rolls_and_the_casualties_chosen(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board = window.battle_board
    before = board.odds.text()
    assert before.startswith("Odds from here:")
    window.submit(RollDice(values=(1, 6, 6)))   # one Chinese infantry hit
    after = board.odds.text()
    assert after.startswith("Odds once this round's casualties are removed:")
    assert after != before


def test_a_share_is_never_rounded_to_a_certainty() -> None:
    assert share(0.9996) == ">99.9%" and share(0.0004) == "<0.1%"
    assert share(0.996) == "99.6%" and share(0.004) == "0.4%"
    assert share(1.0) == "100%" and share(0.0) == "0%" and share(0.71) == "71%"
    assert percent(0.99996) == ">99.9%" and percent(0.00004) == "<0.1%"
    assert percent(1.0) == "100%" and percent(0.625) == "62.5%"


def test_every_column_is_readable_at_1024x700(qtbot: QtBot, tmp_path: Path) -> None:
    """The surprise attack's long "why" notes (R-FIRSTTURN-1) at 1024x700: no label of either
    side is cut off at the board's right edge, and each shows all its wrapped lines."""
    from PySide6.QtWidgets import QLabel

    game, state = scenario(phase=Phase.COMBAT_MOVE, round=1,
                           units={"sz_8": "3 carrier japan",
                                  "sz_9": "2 battleship usa, 1 destroyer usa, 1 transport usa"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    to_battle(window, Move(units=tuple(u(state, "sz_8", "carrier")), path=("sz_8", "sz_9")),
              "sz_9", typed=True)
    # One hit: the United States chooses its casualty, and the odds say what follows.
    assert window.submit(RollDice(values=(5, 2, 1))) is None
    qtbot.wait(100)   # (the board lays itself out)
    board = window.battle_board
    assert board.isVisible() and board.casualty_table.isVisible()
    viewport = board.scroller.viewport()
    assert board.content.width() <= viewport.width()
    labels = [label for label in board.content.findChildren(QLabel) if label.isVisible()]
    assert any("surprise" in label.text() for label in labels)
    for label in labels:
        box = QRect(label.mapTo(viewport, QPoint(0, 0)), label.size())
        assert box.right() <= viewport.width(), label.text()
        if label.wordWrap():
            assert label.height() >= label.heightForWidth(label.width()), label.text()


def test_the_attacker_box_shows_the_fighters_riding_as_cargo_r_naval_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Fighters aboard an attacking carrier neither fight nor can be chosen as casualties
    (R-NAVAL-5), but they are at stake: the attacker's box lists them as cargo, with no hit
    value."""
    from PySide6.QtWidgets import QLabel

    game, state = scenario(phase=Phase.COMBAT_MOVE, round=1,
                           units={"sz_8": "1 carrier japan, 2 fighter japan",
                                  "sz_9": "1 destroyer usa"})
    carrier = aboard(state, "sz_8", "carrier", "fighter")
    window = make_window(qtbot, tmp_path, game, state)
    to_battle(window, Move(units=(carrier,), path=("sz_8", "sz_9")), "sz_9")
    board = window.battle_board
    assert board.isVisible()
    grid = board.attacker_grid
    rows = {}
    for row in range(1, grid.rowCount()):
        cells = [grid.itemAtPosition(row, c) for c in range(5)]
        texts = [c.widget().text() if c is not None and isinstance(c.widget(), QLabel)
                 else "" for c in cells]
        if texts[1]:
            rows[texts[1]] = texts
    assert "Aircraft carrier" in rows
    fighters = rows["↳ Fighter (cargo)"]
    assert fighters[2] == "2" and fighters[3] == "<b>—</b>"
    assert "R-NAVAL-5" in as_typed(fighters[4])


def test_a_choice_button_is_as_wide_as_its_words(qtbot: QtBot, tmp_path: Path) -> None:
    """"Call off the landing in Burma" (R-COMBATMOVE-8) is a button sized to its text, not a bar
    across the whole board."""
    from pacific.rules.actions.movement import Unload

    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_1": "1 transport japan, 1 infantry japan",
                                  "sz_2": "1 destroyer india", "burma": "1 infantry india"})
    transport, infantry = u(state, "sz_1", "transport")[0], u(state, "sz_1", "infantry")[0]
    state.units[infantry].carried_by = transport
    window = make_window(qtbot, tmp_path, game, state, size=(1400, 900))
    assert window.submit(Move(units=(transport,), path=("sz_1", "sz_2"))) is None
    assert window.submit(Unload(transport=transport, units=(infantry,),
                                territory="burma")) is None
    assert window.submit(EndPhase()) is None
    board = window.battle_board
    assert board.isVisible()
    qtbot.wait(50)   # (the board lays itself out)
    [button] = board.other_buttons
    assert button.text() == "Call off the landing in Burma"
    assert button.isVisible()
    assert button.width() <= button.sizeHint().width() + 4 < board.other_box.width() // 2


def test_a_smaller_window_takes_the_board_with_it(qtbot: QtBot, tmp_path: Path) -> None:
    """The window made smaller with the board up: the board shrinks into the map's part
    again, clear of "Next phase" and inside the window."""
    window = anhwe_window(qtbot, tmp_path, typed=True, size=(1024, 700))
    board = window.battle_board
    assert board.isVisible()
    window.resize(860, 560)
    qtbot.waitUntil(lambda: window.width() == 860)
    assert not board.frameGeometry().intersects(_global(window.turn_panel.next_button))
    assert board.frameGeometry().bottom() <= window.frameGeometry().bottom()


def test_the_way_back_to_the_board_is_not_offered_behind_the_hand_over_screen(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Behind the modal hand-over screen the side panel's "Open the battle board" could not be
    pressed, and the board is not to be shown to the player who is not to see it; after Start
    the board comes back, and once closed the way back shows again."""
    window = anhwe_window(qtbot, tmp_path, typed=True)
    board, button = window.battle_board, window.turn_panel.board_button
    qtbot.mouseClick(board.close_button, Qt.MouseButton.LeftButton)
    assert button.isVisible()
    window.show_battle_board()
    window.prefs.handover_screen = True
    window.dialogs.hand_over()
    assert window.dialogs.handing_over()
    assert not board.isVisible()
    assert not button.isVisible()
    window.show_state(window.controller.state)   # a redraw behind the screen
    assert not button.isVisible()
    assert window.dialogs.handover is not None
    window.dialogs.handover.accept()
    assert board.isVisible() and not button.isVisible()
    qtbot.mouseClick(board.close_button, Qt.MouseButton.LeftButton)
    assert button.isVisible()
