"""Dialog hygiene: no question for a power the computer plays, status messages that expire,
one question at a time at start-up, a hand-over screen naming the power that acts, and a
question that never asks for what the log says is done."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import close_quietly, make_window
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import board, scenario

from pacific.ai import NORMAL
from pacific.gui.autosave import Autosave
from pacific.gui.dialogs.simple import HandOverDialog, _decision_line
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def test_no_convoy_question_for_a_britain_the_computer_plays_r_setup_8(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    assert window.dialogs.convoy is not None     # a person's Britain is asked
    window.show_game(History(game, game.new_game(players=3, seed=6)), None,
                     computer={Power.UK: NORMAL})
    QApplication.processEvents()
    assert window.dialogs.convoy is None         # the computer's Britain answers alone
    # A question left open when the computer takes the seat is closed.
    window.show_game(History(game, game.new_game(players=3, seed=7)), None)
    assert window.dialogs.convoy is not None
    window.computer.levels = {Power.UK: NORMAL}
    window.show_state(window.controller.state)
    assert window.dialogs.convoy is None
    window.computer.driver.shutdown()


def test_status_messages_expire(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state)
    strip = window.status_strip
    strip.INFO_MS = 30
    strip.show_info("Saved to somewhere.json")
    qtbot.waitUntil(lambda: strip.text() == "", timeout=2000)
    strip.show_info("The computer plays Japan")
    window.controller.power_changed.emit(Power.UK)   # another power's turn: a stale line goes
    assert strip.text() == ""


def test_at_start_up_the_restore_question_comes_alone(qtbot: QtBot, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The new game's convoy question waits until the restore question is answered."""
    import pacific.gui.app as app

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    prefs.handover_screen = False
    autosave = Autosave(tmp_path / "autosaves", settings)
    crashed = tmp_path / "crashed.json"
    crashed.write_text("{}")
    monkeypatch.setattr(autosave, "crashed_session", lambda: crashed)
    seen: list[object] = []

    def question(window, *_args):  # type: ignore[no-untyped-def]
        seen.append([d for d in window.dialogs.open if d.isVisible()])
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    window = app.start_window(None, autosave, prefs=prefs)
    try:
        assert seen == [[]]                      # nothing else on screen while it asks
        assert window.dialogs.convoy is not None and window.dialogs.convoy.isVisible()
    finally:
        close_quietly(window)


def _hand_over_screen(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, HandOverDialog]:
    """A new three-player game on the small board with its hot-seat screen up."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5),
                         handover=True)
    window.dialogs.hand_over()
    dialog = window.dialogs.handover
    assert dialog is not None and dialog.isVisible()
    return window, dialog


def test_the_hand_over_screen_names_the_power_that_acts(qtbot: QtBot, tmp_path: Path) -> None:
    """A new game begins with Britain's convoy split in Japan's turn (R-SETUP-8): the screen
    names Great Britain, and says the turn is Japan's, as the panel does."""
    window, dialog = _hand_over_screen(qtbot, tmp_path)
    text = dialog.message.text()
    assert "Great Britain" in text and "Great Britain decides now, in Japan's turn." in text
    assert window.dialogs.convoy is None         # asked once the seat is taken


def test_start_on_the_hand_over_screen_gives_the_map_the_keys(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After Start the keys go to the game: the main window is asked to be the active one
    again (a window manager usually does this when the screen closes; X without one does not,
    and the window's shortcuts, Ctrl+0 among them, then reach nobody), and the map takes them
    as a click on it would."""
    window, dialog = _hand_over_screen(qtbot, tmp_path)
    asked: list[MainWindow] = []
    monkeypatch.setattr(window, "activateWindow", lambda: asked.append(window))
    dialog.accept()
    assert asked == [window]
    assert window.view is not None and window.focusWidget() is window.view


def test_the_hand_over_screen_says_the_united_states_turn_in_good_english() -> None:
    """Japan answering in the United States' turn (its casualties, R-COMBAT-6) read
    "in United States's turn"."""
    _game, state = scenario(power=Power.US, phase=Phase.COMBAT)
    assert _decision_line(state, Power.JAPAN) == \
        "<p>Japan decides now, in United States' turn.</p>"


def test_the_end_of_turn_question_does_not_ask_for_the_income_already_collected_r_income_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.INCOME)
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.confirm_end_phase = True
    window.next_phase()
    box = window.dialogs.confirm
    assert box is not None and box.text() == "The income is collected. End the turn?"
    box.button(QMessageBox.StandardButton.No).click()


def test_the_battle_board_is_hidden_while_the_hand_over_screen_shows(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The hand-over screen hides the game from the player who is not to see it: a battle
    board standing over it (a game opened in phase 4) would show the battle; it comes back
    once the next player has pressed Start."""
    from scenario import u

    from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
    from pacific.rules.actions.movement import Move

    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=2))
    assert window.submit(SplitConvoyIncome(india=4, australia=0)) is None
    for _ in range(2):
        assert window.submit(EndPhase()) is None
    ids = tuple(u(window.controller.state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5", "sz_9"))) is None
    assert window.submit(EndPhase()) is None
    assert window.battle_board.isVisible()
    window.prefs.handover_screen = True
    window.dialogs.hand_over()              # as a game opened in phase 4 shows it
    assert window.dialogs.handing_over()
    assert not window.battle_board.isVisible()
    window.show_state(window.controller.state)   # the story read, a redraw: still hidden
    assert not window.battle_board.isVisible()
    assert window.dialogs.handover is not None
    window.dialogs.handover.accept()
    assert window.battle_board.isVisible()
