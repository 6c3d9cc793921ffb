"""Game ▸ Replay, Charts and luck, Export report: the replay steps through a saved game's
actions read-only (slider, keys, jumps), shows a battle with its dice and its luck, and "Play
from here" starts a new game at the moment shown; the charts are painted by one code into a
widget and into SVG."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene
from pytestqt.qtbot import QtBot
from scenario import board
from story_games import self_play
from test_story_luck import _armor_against_infantry, _played

from pacific.gui.chart_paint import ChartView, chart_svg, nice_step, paint_chart
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import PieceLayer
from pacific.gui.replay import ReplayWindow, phase_starts
from pacific.rules.combat.events import BattleEnded
from pacific.rules.engine import Game
from pacific.story import read_story
from pacific.story.charts import game_charts
from pacific.story.words import luck_note
from pacific.text import using_language


def _active(qtbot: QtBot, replay: ReplayWindow) -> None:
    """The replay's keys are window shortcuts: they act in the active window, whichever of
    its widgets has the focus (here the map)."""
    qtbot.addWidget(replay)
    replay.activateWindow()
    qtbot.waitUntil(replay.isActiveWindow)
    replay.view.setFocus()


def _key(qtbot: QtBot, replay: ReplayWindow, key: Qt.Key) -> None:
    qtbot.keyClick(replay.view, key)


def _window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game, state = _armor_against_infantry()
    window = make_window(qtbot, tmp_path, game, state)
    history = _played(typed=False)
    window.show_game(history, None, saved=False)
    return window


def test_the_replay_steps_through_every_action_and_shows_the_battle_with_its_luck(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    replay = window.story_commands.replay_current()
    assert replay is not None
    _active(qtbot, replay)
    records = replay.records
    assert replay.position == len(records) == 1 and replay.slider.maximum() == 1
    # The battle just fought: its dice on the battle board, its luck in the list.
    assert replay.battle_board.isVisible()
    assert replay.battle_board.dice.isVisible()
    lines = [replay.events.item(i).text() for i in range(replay.events.count())]
    assert any(line.startswith("Luck: Burma: Japan won a 50% battle") for line in lines)
    _key(qtbot, replay, Qt.Key.Key_Left)
    assert replay.position == 0 and replay.slider.value() == 0
    assert replay.what.text() == "The start of the game."
    assert not replay.battle_board.isVisible()
    _key(qtbot, replay, Qt.Key.Key_End)
    assert replay.position == 1
    replay.slider.setValue(0)
    assert replay.position == 0
    # Read-only: the game shown in the main window did not move.
    assert window.controller is not None and len(window.controller.history.records) == 1


def test_play_from_here_starts_a_new_game_at_the_moment_shown(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    replay = window.story_commands.replay_current()
    assert replay is not None
    qtbot.addWidget(replay)
    replay.show_position(0)
    window.files.offer_to_save = lambda then, doing: then()  # type: ignore[method-assign]
    replay.play_button.click()
    controller = window.controller
    assert controller is not None and controller.history.records == []
    assert controller.state == replay.initial and controller.path is None
    # The new game goes on from there: the battle can be fought again, another way.
    assert any(a.kind == "select_battle" for a in controller.game.legal_actions(
        controller.state))


def test_jumps_go_to_the_start_of_every_phase(qtbot: QtBot, tmp_path: Path) -> None:
    history = _played(typed=True)
    starts = phase_starts(history.initial, history.records)
    assert starts[0] == 0 and starts == sorted(set(starts))
    replay = ReplayWindow(history, "game")
    replay.show()
    _active(qtbot, replay)
    assert replay.jump.count() == len(starts)
    _key(qtbot, replay, Qt.Key.Key_Home)
    assert replay.position == 0
    _key(qtbot, replay, Qt.Key.Key_PageDown)
    assert replay.position == (starts[1] if len(starts) > 1 else len(history.records))
    _key(qtbot, replay, Qt.Key.Key_Right)
    _key(qtbot, replay, Qt.Key.Key_PageUp)
    assert replay.position in starts
    ended = [i + 1 for i, r in enumerate(history.records)
             if any(isinstance(e, BattleEnded) for e in r.events)]
    replay.show_position(ended[-1])
    lines = [replay.events.item(i).text() for i in range(replay.events.count())]
    assert any("dice typed in" in line for line in lines)


def test_one_chart_code_paints_a_widget_and_svg(qtbot: QtBot) -> None:
    story = read_story(_played(typed=False))
    charts = game_charts(story)
    assert [c.key for c in charts] == ["production", "treasury", "victory_points",
                                       "board_value", "territories", "battles"]
    points = charts[2]
    assert points.goal == 22 and points.goal_label == "22 to win"
    svg = chart_svg(points)
    assert svg.startswith("<svg") and "</svg>" in svg and "victory points" in svg
    view = ChartView(charts[0])
    qtbot.addWidget(view)
    view.resize(640, 300)
    image = view.grab().toImage()
    assert image.width() == 640
    # The powers' lines are painted in their colours.
    colours = {image.pixelColor(x, y).name() for x in range(0, 640, 2) for y in range(0, 300, 2)}
    assert {"#b0602a", "#3f7a48", "#2f5fa8"} <= colours
    picture = QImage(200, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(picture)
    paint_chart(painter, QRectF(0, 0, 200, 100), charts[0])   # too small: title only
    painter.end()


def test_nice_steps_are_round_numbers() -> None:
    assert [nice_step(t) for t in (0, 4, 22, 95, 563, 1000)] == [1, 1, 5, 20, 200, 200]


def test_charts_window_and_export_report(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    charts = window.story_commands.show_charts()
    assert charts is not None
    qtbot.addWidget(charts)
    assert len(charts.views) == 6 and charts.table.rowCount() == 3
    assert charts.table.item(0, 1).text() == "1"     # Japan's hits
    out = window.story_commands.export_report(tmp_path / "game.html")
    assert out is not None and out.read_text(encoding="utf-8").count("<svg") == 6
    assert window.menus.replay.isEnabled() and window.menus.export_report.isEnabled()


def test_the_charts_open_with_the_keyboard_and_escape_closes_them(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a bare X server (no window manager, no title bar) the charts opened with the
    keyboard left in the main window: Escape did nothing and the window could not be closed.
    They ask for the keyboard as they open (the offscreen platform gives it to any new window
    anyway, so the asking itself is checked), and Escape closes them; the replay too."""
    from pacific.gui.story_windows import ChartsWindow

    asked: list[object] = []
    monkeypatch.setattr(ChartsWindow, "activateWindow", lambda self: asked.append(self))
    monkeypatch.setattr(ReplayWindow, "activateWindow", lambda self: asked.append(self))
    window = _window(qtbot, tmp_path)
    window.show()
    charts = window.story_commands.show_charts()
    assert charts is not None and asked == [charts]
    closed: list[bool] = []
    charts.destroyed.connect(lambda _obj=None: closed.append(True))   # (deleted on close)
    qtbot.waitUntil(charts.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget() or charts, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: bool(closed))
    replay = window.story_commands.replay_current()
    assert replay is not None and asked == [charts, replay]
    gone: list[bool] = []
    replay.destroyed.connect(lambda _obj=None: gone.append(True))
    qtbot.waitUntil(replay.isActiveWindow)
    replay.view.setFocus()
    assert replay.battle_board.isVisible()   # the battle of the moment shown
    qtbot.keyClick(replay.view, Qt.Key.Key_Escape)   # the board first
    assert not replay.battle_board.isVisible() and replay.isVisible()
    qtbot.keyClick(replay.view, Qt.Key.Key_Escape)   # then the replay
    qtbot.waitUntil(lambda: bool(gone))


def _drawn(pieces: PieceLayer) -> dict[object, tuple[object, ...]]:
    stacks = {key: (item.key, item.unit_ids, item.cargo_ids, item.toolTip(), item.movable,
                    item.size) for key, item in pieces.items.items()}
    summaries = {key: (item.space, item.shows(), item.toolTip(), item.movable, item.size)
                 for key, item in pieces.summaries.items()}
    return {**stacks, **summaries}


def test_a_step_redraws_only_the_stacks_it_changed_and_draws_what_a_fresh_layer_draws(
        qtbot: QtBot) -> None:
    history = self_play(Game(board("mini")), 120, seed=2)
    replay = ReplayWindow(history, "game")
    qtbot.addWidget(replay)
    replay.show_position(0)
    scene = replay.board_scene
    moved = next(i for i, r in enumerate(history.records) if r.action.kind == "move")
    replay.show_position(moved)
    before = dict(replay.pieces.items)
    replay.show_position(moved + 1)
    after = replay.pieces.items
    kept = [key for key in after if before.get(key) is after[key]]
    # A move changes the stacks where the units went from and to; the others stay.
    assert len(kept) >= len(after) - 2 and kept
    assert all(item.scene() is scene.scene for item in after.values())
    # The kept items, those taken over by a stack that looks the same, and the new ones are
    # what a layer drawn from nothing shows, position by position, stepping and jumping
    # back and forth (the plain rebuild is the reference).
    last = len(history.records)
    for position in [*range(0, last + 1, 7), *range(last, -1, -23), last, 0]:
        replay.show_position(position)
        fresh = PieceLayer(QGraphicsScene(), scene.board, scene.slots, scene.piece_size,
                           getattr(scene, "layout_shapes", None), scene.obstacles)
        fresh.sync(replay._state_at(position), lambda _key: False)
        assert _drawn(fresh).keys() == _drawn(replay.pieces).keys()
        for key, shown in _drawn(replay.pieces).items():
            assert shown[:-1] == _drawn(fresh)[key][:-1], (position, key)


def test_the_event_log_tells_the_luck_of_a_battle_after_it(qtbot: QtBot, tmp_path: Path
                                                           ) -> None:
    window = _window(qtbot, tmp_path)
    lines = window.log.lines()
    ended = next(i for i, line in enumerate(lines) if line.startswith("Battle in Burma over")
                 or "wins the battle in Burma" in line)
    # The capture follows the battle won (R-COMBAT-9), then the luck. India's infantry
    # defended Burma: the line names India, not the power playing it.
    assert lines[ended + 1] == "Japan takes Burma from India"
    assert lines[ended + 2] == ("Luck: Burma: Japan won a 50% battle; hits: 1 (1.0 expected) "
                                "against 0 (0.7 expected); Japan lost 3 IPC less than "
                                "expected; India lost 1 IPC more than expected")


def test_the_luck_table_says_what_its_numbers_mean(qtbot: QtBot, tmp_path: Path) -> None:
    """"Luck (IPC) +18.2" means nothing to a learner without the report's note: the charts
    window shows it under the table, in the player's language."""
    with using_language("it"):
        window = _window(qtbot, tmp_path)
        charts = window.story_commands.show_charts()
        assert charts is not None
        qtbot.addWidget(charts)
        assert charts.luck_note.text() == luck_note()
        assert charts.luck_note.text().startswith("Fortuna nei colpi:")
        assert not charts.luck_note.isHidden() and charts.luck_note.wordWrap()
