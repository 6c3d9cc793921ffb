"""A saved game shows its position as soon as it is opened; the window reads its story (the
replay of its actions) afterwards, a chunk at each tick of a timer, then fills the event log and
shows what the story's notes say."""

from __future__ import annotations

import json
from pathlib import Path

from gui_helpers import MINI, make_window
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.main_window import MainWindow
from pacific.rules.actions.economy import EndPhase, Purchase, SplitConvoyIncome
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

RESOLVE = board_resolver(MINI)


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game = Game(board("mini"))
    return make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))


def _saved(qtbot: QtBot, tmp_path: Path) -> tuple[Path, list[str]]:
    """A game of a few actions saved by a window, and the lines of its log."""
    window = _window(qtbot, tmp_path / "first")
    if window.dialogs.convoy is not None:
        window.dialogs.convoy.reject()
    for action in (SplitConvoyIncome(india=2, australia=2),
                   Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 2}), EndPhase()):
        assert window.submit(action) is None
    path = tmp_path / "game.json"
    assert window.files.save_to(path)
    return path, window.log.lines()


def test_an_opened_game_shows_at_once_and_its_log_fills_once_the_story_is_read(
        qtbot: QtBot, tmp_path: Path) -> None:
    path, story = _saved(qtbot, tmp_path)
    saved = json.loads(path.read_text())["snapshot"]
    window = _window(qtbot, tmp_path / "second")
    window.story.CHUNK = 1   # a tick per action: the reading is seen under way
    assert window.files.open_path_with(path, RESOLVE)
    controller = window.controller
    assert controller is not None and controller.history.rebuilding
    # The position at once: the map and panels show it, the log says the story is being read.
    assert controller.state.model_dump(mode="json") == saved
    assert window.turn_panel.phase_labels[controller.state.phase].text().startswith("▶ 2. ")
    assert window.log.lines() == ["Reading the story of this game: its actions are replayed "
                                  "for undo and this log…"]
    assert window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    qtbot.waitUntil(lambda: not window.story.reading)
    assert window.log.lines() == story
    assert not controller.history.rebuilding and len(controller.history.records) == 3
    assert not controller.modified and window.dialogs.notes is None
    assert window.undo_action.isEnabled()


def test_playing_at_once_reads_the_rest_of_the_story_first(qtbot: QtBot, tmp_path: Path
                                                           ) -> None:
    path, story = _saved(qtbot, tmp_path)
    window = _window(qtbot, tmp_path / "second")
    assert window.files.open_path_with(path, RESOLVE)
    assert window.controller is not None and window.controller.history.rebuilding
    window.undo()   # Japan's end of phase 1 is taken back: the story is read first
    assert not window.controller.history.rebuilding
    assert len(window.controller.history.records) == 2
    assert window.log.lines() == story[:-1]
    qtbot.waitUntil(lambda: not window.story.reading)
    assert window.log.lines() == story[:-1]


def test_a_game_whose_actions_replay_differently_tells_the_player_once_read(
        qtbot: QtBot, tmp_path: Path) -> None:
    path, _story = _saved(qtbot, tmp_path)
    data = json.loads(path.read_text())
    # Saved by another version, whose position says otherwise than its actions: across
    # versions the position is the truth (within one version the log would be).
    data["version"] = "0.0.9"
    data["snapshot"]["treasury"]["japan"] = 99
    path.write_text(json.dumps(data))
    window = _window(qtbot, tmp_path / "second")
    assert window.files.open_path_with(path, RESOLVE)
    assert window.chart.treasuries[Nation.JAPAN].text() == "99"   # the saved position at once
    assert window.dialogs.notes is None
    qtbot.waitUntil(lambda: window.dialogs.notes is not None)
    notice = window.dialogs.notes
    assert notice is not None and notice.isVisible() and not notice.isModal()
    assert "replaying its actions under today's rules differs at the end" in notice.text()
    assert window.log.lines()[-1].startswith("Note: ") and "game.json" in notice.text()
    assert window.controller is not None
    assert window.controller.state.treasury[Nation.JAPAN] == 99
    assert not window.undo_action.isEnabled()   # undo starts from the saved position


def test_an_inconsistent_saved_position_replayed_at_open_tells_the_player_at_once(
        qtbot: QtBot, tmp_path: Path) -> None:
    path, story = _saved(qtbot, tmp_path)
    data = json.loads(path.read_text())
    data["snapshot"]["treasury"]["japan"] = -5    # a position nobody can play on
    path.write_text(json.dumps(data))
    window = _window(qtbot, tmp_path / "second")
    assert window.files.open_path_with(path, RESOLVE)
    assert window.controller is not None and not window.controller.history.rebuilding
    notice = window.dialogs.notes
    assert notice is not None and "Japan has a negative treasury" in notice.text()
    assert window.log.lines()[:-1] == story and window.log.lines()[-1].startswith("Note: ")
