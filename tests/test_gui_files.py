"""No lost games: a restored game asks for a name on its first save, every
game autosaves into a file of its own, Quit / New / Open offer to save changes, a dialog of a
game that is gone never acts on another, the file dialogs open in the folder used last, and
`pacific SAVE.json` opens a saved game."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import MINI, make_window
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.main_window import MainWindow
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

RESOLVE = board_resolver(MINI)
Button = QMessageBox.StandardButton


def mini_window(qtbot: QtBot, tmp_path: Path, seed: int = 5) -> MainWindow:
    game = Game(board("mini"))
    return make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=seed))


class FileDialogs:
    """Stands in for QFileDialog's static questions: records the folder each starts in and
    answers with the next path given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.answers: list[Path] = []
        self.asked: list[tuple[str, str]] = []  # (which, the folder or file it started at)
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._ask("save"))
        monkeypatch.setattr(QFileDialog, "getOpenFileName", self._ask("open"))

    def _ask(self, which: str):  # type: ignore[no-untyped-def]
        def ask(_parent, _title, start, _filter=""):  # type: ignore[no-untyped-def]
            self.asked.append((which, start))
            return (str(self.answers.pop(0)) if self.answers else "", "")
        return ask


def play_a_move(window: MainWindow) -> None:
    state = window.controller.state
    if state.pending is not None:
        assert window.submit(SplitConvoyIncome(india=state.convoy_split_due, australia=0)) \
            is None
    else:
        assert window.submit(EndPhase()) is None


def test_a_restored_game_asks_for_a_name_and_leaves_its_autosave_alone(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a crash the autosave is offered back; Save must not write into it."""
    crashed = mini_window(qtbot, tmp_path / "crashed")
    crashed.autosave.session_started()
    play_a_move(crashed)
    auto = crashed.autosave.path
    assert auto is not None and crashed.autosave.crashed_session() == auto
    before = auto.read_bytes()

    window = mini_window(qtbot, tmp_path)
    dialogs = FileDialogs(monkeypatch)
    assert window.files.restore(auto, RESOLVE)
    assert window.controller.path is None and window.controller.modified
    assert "restored game" in window.windowTitle()
    dialogs.answers.append(tmp_path / "mine")
    assert window.files.save()  # no file yet: Save asks for a name
    assert dialogs.asked[0][0] == "save"
    mine = tmp_path / "mine.json"
    assert window.controller.path == mine and not window.controller.modified
    assert load_game(mine, RESOLVE).state == window.controller.state
    # The game goes on in an autosave of its own; the restored one is as it was.
    play_a_move(window)
    assert window.autosave.path not in (None, auto)
    assert auto.read_bytes() == before


def test_every_game_autosaves_into_a_file_of_its_own(qtbot: QtBot, tmp_path: Path) -> None:
    window = mini_window(qtbot, tmp_path)
    play_a_move(window)
    first = window.autosave.path
    assert first is not None
    first_bytes = first.read_bytes()
    saved = tmp_path / "saved.json"
    assert window.files.save_to(saved)
    # Another game opened: its autosave goes into another file.
    other = mini_window(qtbot, tmp_path / "other", seed=9)
    other_file = tmp_path / "other.json"
    assert other.files.save_to(other_file)
    assert window.files.open_path_with(other_file, RESOLVE)
    play_a_move(window)
    second = window.autosave.path
    assert second is not None and second != first
    assert first.read_bytes() == first_bytes
    assert sorted(window.autosave.files()) == sorted([first, second])


def test_the_autosave_folder_keeps_the_newest_games(tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from pacific.gui import autosave as autosave_module
    from pacific.rules.history import History

    game = Game(board("mini"))
    history = History(game, game.new_game(players=3, seed=1))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    keeper = autosave_module.Autosave(tmp_path / "autosaves", settings)
    written = []
    for n in range(autosave_module.KEEP + 3):
        keeper.new_game(f"game {n}")
        assert keeper.save(history)
        written.append(keeper.path)
    assert len(set(written)) == len(written)  # never one file for two games
    assert len(keeper.files()) == autosave_module.KEEP
    assert keeper.path in keeper.files()


def test_save_refuses_the_autosave_folder(qtbot: QtBot, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window = mini_window(qtbot, tmp_path)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    play_a_move(window)
    assert not window.files.save_to(window.autosave.directory / "mine.json")
    assert warned and "autosave folder" in warned[0]
    assert window.controller.path is None


@pytest.mark.parametrize("command", ["new_game", "open"])
def test_new_and_open_offer_to_save_changes(qtbot: QtBot, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            command: str) -> None:
    window = mini_window(qtbot, tmp_path)
    dialogs = FileDialogs(monkeypatch)
    action = getattr(window.menus, command)
    assert not window.controller.modified
    action.trigger()  # nothing to lose: no question
    assert window.files.save_box is None
    if command == "new_game":
        assert window.files.new_game_dialog is not None
        window.files.new_game_dialog.reject()
        window.files.new_game_dialog = None
    else:
        assert [a for a, _ in dialogs.asked] == ["open"]
        dialogs.asked.clear()
    play_a_move(window)
    assert window.controller.modified and window.isWindowModified()
    action.trigger()
    box = window.files.save_box
    assert box is not None and box.isVisible()
    box.button(Button.Cancel).click()  # Cancel: nothing happens
    assert window.files.new_game_dialog is None and dialogs.asked == []
    action.trigger()
    dialogs.answers.append(tmp_path / "kept.json")
    window.files.save_box.button(Button.Save).click()  # Save asks for a name, then goes on
    assert (tmp_path / "kept.json").exists() and not window.controller.modified
    if command == "new_game":
        assert window.files.new_game_dialog is not None
    else:
        assert [a for a, _ in dialogs.asked] == ["save", "open"]


def test_quit_offers_to_save_and_saves_into_the_game_file(qtbot: QtBot,
                                                         tmp_path: Path) -> None:
    window = mini_window(qtbot, tmp_path)
    path = tmp_path / "game.json"
    assert window.files.save_to(path)
    play_a_move(window)
    window.close()
    assert window.isVisible()
    window.files.save_box.button(Button.Save).click()
    assert not window.isVisible()
    assert load_game(path, RESOLVE).state == window.controller.state


def test_a_dialog_of_a_discarded_game_never_acts_on_another(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    """The convoy split of the first game and its purchase dialog are closed when another
    game is opened; pressing OK in them afterwards changes nothing."""
    window = mini_window(qtbot, tmp_path)
    convoy = window.dialogs.convoy  # R-SETUP-8: the split is asked at once
    assert convoy is not None and convoy.isVisible()
    purchase = window.dialogs.open_purchase(Nation.JAPAN)
    assert purchase is not None
    purchase.set_count(UnitType.INFANTRY, 1)
    other = mini_window(qtbot, tmp_path / "other", seed=8)
    play_a_move(other)  # its convoy income is split
    assert other.submit(EndPhase()) is None
    path = tmp_path / "other.json"
    assert other.files.save_to(path)
    assert window.files.open_path_with(path, RESOLVE)
    state = window.controller.state
    assert state.phase is not Phase.PURCHASE
    assert not convoy.isVisible() and not purchase.isVisible()
    assert window.dialogs.convoy is None and window.dialogs.purchase is None
    convoy.accept()
    purchase.accept()
    assert window.controller.state is state
    assert window.log.lines() == [] or all("Refused" not in line for line in window.log.lines())


def test_file_dialogs_open_in_the_folder_used_last(qtbot: QtBot, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    window = mini_window(qtbot, tmp_path)
    dialogs = FileDialogs(monkeypatch)
    folder = tmp_path / "games"
    folder.mkdir()
    assert window.files.save_to(folder / "one.json")
    window.menus.open.trigger()
    assert dialogs.asked[-1] == ("open", str(folder))
    window.menus.save_as.trigger()
    assert Path(dialogs.asked[-1][1]) == folder / "one.json"
    # Kept in the settings: a window opened later starts there too.
    later = mini_window(qtbot, tmp_path)
    assert later.prefs.last_folder == folder


def test_pacific_save_json_opens_the_saved_game(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`pacific SAVE.json` starts the GUI on that game, as the help says; the subcommands
    still work (they used to swallow the file name: "invalid choice")."""
    from pacific.cli.main import main
    from pacific.gui import app

    path = tmp_path / "game.json"
    assert main(["new", "--players", "2", "--seed", "3", "-o", str(path), "--map",
                 str(MINI)]) == 0
    opened: list[str | None] = []
    monkeypatch.setattr(app, "run_gui", lambda game_path=None, screenshot=None, language=None:
                        opened.append(game_path) or 0)
    monkeypatch.setenv("PACIFIC_OFFSCREEN", "1")
    assert main([str(path)]) == 0
    assert main(["--offscreen", str(path)]) == 0
    assert opened == [str(path), str(path)]
    assert main(["show", str(path), "--map", str(MINI)]) == 0
    assert main([str(tmp_path / "missing.json")]) == 2


def test_start_window_opens_the_game_given(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from pacific.cli.main import main
    from pacific.gui.app import start_window
    from pacific.gui.settings import Preferences

    path = tmp_path / "real.json"
    assert main(["new", "--players", "2", "--seed", "3", "-o", str(path)]) == 0
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    prefs.handover_screen = False
    window = start_window(str(path), prefs=prefs)
    qtbot.addWidget(window)
    assert window.controller.path == path
    assert window.controller.state.players == 2 and window.controller.state.seed == 3
    assert "real.json" in window.windowTitle()


def test_a_first_window_fits_the_screen_and_a_saved_one_keeps_its_size(
        qtbot: QtBot, tmp_path: Path) -> None:
    """On a small screen (the offscreen screen is 800x800) the first window
    is no larger than the free screen, so the side panel is on it; the size a player left
    the window at comes back at the next start."""
    from PySide6.QtCore import QSettings

    from pacific.cli.main import main
    from pacific.gui.app import start_window
    from pacific.gui.settings import Preferences

    path = tmp_path / "real.json"
    assert main(["new", "--players", "2", "-o", str(path)]) == 0
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    prefs.handover_screen = False
    window = start_window(str(path), prefs=prefs)
    qtbot.addWidget(window)
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()
    assert window.width() >= 700
    # Nothing in the window asks for more height than a 1024x700 screen has: the side
    # panel scrolls instead.
    assert window.minimumSizeHint().height() <= 640
    window.resize(720, 760)
    left = (window.width(), window.height())
    window.close()
    again = start_window(str(path), prefs=Preferences(settings))
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == left != (free.width(), free.height())


def _hot_seat_window_at_the_start(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """A new 2-player game on the real board, opened with the hand-over screen on, the screen
    up for the first player to act."""
    from PySide6.QtCore import QSettings

    from pacific.cli.main import main
    from pacific.gui.app import start_window
    from pacific.gui.settings import Preferences

    path = tmp_path / "real.json"
    assert main(["new", "--players", "2", "-o", str(path)]) == 0
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    prefs.handover_screen = True
    window = start_window(str(path), prefs=prefs)
    qtbot.addWidget(window)
    window.dialogs.hand_over()
    return window


def test_the_convoy_question_waits_behind_the_hand_over_screen(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The British convoy split (R-INCOME-3) is Britain's question: at the start of a hot-seat
    game it is asked once Britain's player has taken the seat, not under the hand-over screen,
    where it would also show the board to the wrong player."""
    window = _hot_seat_window_at_the_start(qtbot, tmp_path)
    assert window.dialogs.handing_over()
    assert window.dialogs.convoy is None
    assert window.dialogs.handover is not None
    window.dialogs.handover.accept()
    qtbot.waitUntil(lambda: window.dialogs.convoy is not None)
    assert window.dialogs.convoy.isVisible() and not window.dialogs.handing_over()


def test_after_the_convoy_split_the_seat_goes_back_to_japans_player(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The split is Britain's question in Japan's turn (R-SETUP-8, R-INCOME-3): once Britain's
    player has answered it, Japan's player is asked to take the seat again, so the next
    purchase is not made by the player who just answered for Britain."""
    window = _hot_seat_window_at_the_start(qtbot, tmp_path)
    assert window.dialogs.handover is not None
    assert "Player 2" in window.dialogs.handover.message.text()
    window.dialogs.handover.accept()
    qtbot.waitUntil(lambda: window.dialogs.convoy is not None)
    window.dialogs.convoy.accept()
    qtbot.waitUntil(lambda: window.dialogs.handing_over())
    assert window.dialogs.handover is not None
    assert "Player 1" in window.dialogs.handover.message.text()


def test_the_autosave_follows_undo_and_redo(qtbot: QtBot, tmp_path: Path) -> None:
    """A crash right after Undo restores the position the player saw, not the undone move."""
    window = mini_window(qtbot, tmp_path)
    play_a_move(window)                       # the convoy split
    play_a_move(window)                       # end of Japan's purchase
    path = window.autosave.path
    assert path is not None

    def autosaved() -> object:
        return load_game(path, RESOLVE).state

    assert autosaved() == window.controller.state
    assert window.controller.undo()
    assert window.controller.state.phase is Phase.PURCHASE
    assert autosaved() == window.controller.state
    assert window.controller.redo()
    assert autosaved() == window.controller.state != window.controller.history.records[0].state


@pytest.mark.parametrize("answer", [Button.Yes, Button.No])
def test_a_save_changed_outside_the_game_offers_its_changed_position(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: object) -> None:
    """It opens where its actions lead, the record; the player may take the changed position."""
    import json

    window = mini_window(qtbot, tmp_path)
    play_a_move(window)
    path = tmp_path / "game.json"
    assert window.files.save_to(path)
    data = json.loads(path.read_text())
    data["snapshot"]["treasury"]["japan"] = 77
    path.write_text(json.dumps(data))
    asked: list[str] = []

    def question(_parent, title, _text, *_args):  # type: ignore[no-untyped-def]
        asked.append(title)
        return answer

    monkeypatch.setattr(QMessageBox, "question", question)
    monkeypatch.setattr(window.dialogs, "show_notes", lambda notes: None)
    assert window.files.open_path_with(path, RESOLVE)
    assert asked == ["Open the changed position?"]
    held = window.controller.state.treasury[Nation.JAPAN]
    assert (held == 77) is (answer == Button.Yes)


def test_a_saved_game_chosen_in_the_autosave_dialog_opens_as_itself(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game ▸ Open an autosave, and a saved game chosen outside the autosave folder: it opens
    under its own name (Save writes it), not as a restored autosave that asks for a name."""
    import pacific.gui.game_files as game_files

    monkeypatch.setattr(game_files, "board_resolver", lambda *_args: RESOLVE)
    window = mini_window(qtbot, tmp_path)
    dialogs = FileDialogs(monkeypatch)
    dialogs.answers.append(tmp_path / "mine")
    assert window.files.save()
    mine = tmp_path / "mine.json"
    dialogs.answers.append(mine)
    window.files.open_autosave()
    assert window.controller.path == mine and not window.controller.modified
    assert "Restored" not in window.status_strip.text()
    # One in the autosave folder still opens as a restored game.
    play_a_move(window)
    auto = window.autosave.path
    assert auto is not None and auto.exists() and window.files.save()
    dialogs.answers.append(auto)
    window.files.open_autosave()
    assert window.controller.path is None
    assert "Restored" in window.status_strip.text()
