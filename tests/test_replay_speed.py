"""The replay's fast paths against the plain ones: after a capture the replay paints again only
the parts of the map that changed (`MapView.refresh_map_areas`), and the picture is the one a
whole repaint makes; the luck of a battle is read once per position."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter, QTransform
from pytestqt.qtbot import QtBot
from story_games import self_play

from pacific.gui.map_view import MapView
from pacific.gui.replay import ReplayWindow
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map


@pytest.fixture(scope="module")
def long_game() -> object:
    return self_play(Game(load_board(find_map("pacific"))), 260, seed=7)


def _shown(qtbot: QtBot, history: object) -> ReplayWindow:
    """The replay of ``history``, shown at 1024 x 700."""
    window = ReplayWindow(history, "game")  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    return window


def _captures(window: ReplayWindow) -> list[int]:
    """Positions whose record changed who holds a territory or a convoy zone."""
    out = []
    for i, record in enumerate(window.records):
        before = window._state_at(i)
        if (before.territory_owner, before.convoy_holder) != (record.state.territory_owner,
                                                              record.state.convoy_holder):
            out.append(i + 1)
    return out


def _whole(view: MapView) -> QImage:
    """The map's picture painted whole, from nothing (the labels too), for the area and the
    zoom of the cached one."""
    assert view._map_picture is not None
    image = QImage(view._map_picture.size(), QImage.Format.Format_RGB32)
    scene = view.scene()
    assert scene is not None
    image.fill(scene.backgroundBrush().color())
    view._label_pictures.clear()
    area, scale = view._picture_area, view._picture_scale
    painter = QPainter(image)
    view.paint_static(painter, QTransform().scale(scale, scale).translate(-area.x(), -area.y()),
                      area)
    painter.end()
    return image


def test_a_capture_repaints_part_of_the_map_the_same_as_a_whole_repaint(
        qtbot: QtBot, long_game: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window = _shown(qtbot, long_game)
    captures = _captures(window)
    assert len(captures) >= 3
    view = window.view
    window.show_position(captures[0] - 1)
    qtbot.wait(1)
    whole: list[int] = []
    monkeypatch.setattr(view, "refresh_map", lambda: whole.append(1))
    # A step onto a capture, and jumps across the game, back and forth.
    for position in [captures[0], captures[-1], captures[1] - 1, captures[1], 0]:
        window.show_position(position)
        qtbot.wait(1)
        assert view._map_picture is not None
        painted = view._map_picture.toImage().convertToFormat(QImage.Format.Format_RGB32)
        assert not whole, position   # only the changed parts were painted again ...
        assert painted == _whole(view), position   # ... and it shows what a whole repaint does


def test_the_luck_of_a_battle_is_read_once_per_position(qtbot: QtBot, long_game: object,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    import pacific.gui.replay as replay

    window = ReplayWindow(long_game, "game")  # type: ignore[arg-type]
    qtbot.addWidget(window)
    calls: list[int] = []
    real = replay.luck_line
    monkeypatch.setattr(replay, "luck_line", lambda *a: calls.append(a[-1]) or real(*a))
    ended = next(i + 1 for i, r in enumerate(window.records)
                 if any(type(e).__name__ == "BattleEnded" for e in r.events))
    for position in (ended, ended - 1, ended, ended + 1, ended):
        window.show_position(position)
    assert sorted(calls) == sorted({ended - 1, ended - 2, ended})
    assert any(window.events.item(i).text().startswith("Luck: ")
               for i in range(window.events.count()))


def test_the_replay_lays_out_its_labels_and_pieces_for_its_zoom(
        qtbot: QtBot, long_game: object) -> None:
    window = _shown(qtbot, long_game)
    view, scene = window.view, window.board_scene
    qtbot.waitUntil(lambda: scene.map.label_scale is not None)  # type: ignore[attr-defined]
    assert scene.map.label_scale == pytest.approx(view.scale_factor)  # type: ignore[attr-defined]
    # Every stack stands in its own space (or its space shows a summary marker instead).
    shown = [item for item in window.pieces.items.values() if item.isVisible()]
    assert shown
    for item in shown:
        region = scene.map.regions[item.key.space]  # type: ignore[attr-defined]
        assert region.boundingRect().contains(item.pos()), item.key
    view.zoom_by(2.0)
    qtbot.waitUntil(lambda: scene.map.label_scale == pytest.approx(  # type: ignore[attr-defined]
        view.scale_factor))


def test_while_the_slider_is_dragged_the_events_wait_until_it_is_let_go(qtbot: QtBot
                                                                          ) -> None:
    from scenario import board

    window = ReplayWindow(self_play(Game(board("mini")), 60, seed=2), "game")
    qtbot.addWidget(window)
    shown: list[int] = []
    real = window._show_events
    window._show_events = lambda position: (shown.append(position), real(position))  # type: ignore[method-assign]
    window.slider.setSliderDown(True)
    for value in (10, 30, 20):
        window.slider.setValue(value)
        qtbot.waitUntil(lambda v=value: window.position == v)   # type: ignore[misc]
    assert not shown and window.what.text() == "End the phase"   # still the last action's
    window.slider.setSliderDown(False)
    assert shown == [20] and window.position == 20
    # A key or a button after the drag shows everything at once.
    window.show_position(21)
    assert shown == [20, 21]


def _phase_with_battles(window: ReplayWindow) -> tuple[int, int]:
    """The first and last position of the first phase where battles come or go."""
    game = window.game
    for row, start in enumerate(window.starts[:-1]):
        end = window.starts[row + 1]
        fought = {game.battle_spaces(window._state_at(p)) for p in range(start, end)}
        if len(fought) > 1:
            return start, end - 1
    raise AssertionError("no phase where battles come or go")


def test_a_step_that_makes_or_ends_a_battle_keeps_the_pieces_layout(
        qtbot: QtBot, long_game: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pieces keep clear of every battle marker of the phase shown from its first action
    to its last: stepping through it lays them out once, and the markers shown are among
    those they keep clear of."""
    import pacific.gui.pieces as pieces

    window = _shown(qtbot, long_game)
    first, last = _phase_with_battles(window)
    window.show_position(first)
    labels = window.board_scene.map.labels_version  # type: ignore[attr-defined]
    made: list[object] = []
    real = pieces.layout_for
    monkeypatch.setattr(pieces, "layout_for", lambda *a: made.append(real(*a)) or made[-1])
    for position in range(first + 1, last + 1):
        window.show_position(position)
        room = {(p.x(), p.y()) for p, _box in window._battle_room()}
        for marker in window.board_scene._markers:  # type: ignore[attr-defined]
            assert (marker.pos().x(), marker.pos().y()) in room, (position, marker.space)
    if window.board_scene.map.labels_version == labels:  # type: ignore[attr-defined]
        assert len({id(layout) for layout in made}) <= 1


def test_a_battle_marker_is_placed_again_only_when_the_labels_change(
        qtbot: QtBot, long_game: object) -> None:
    window = _shown(qtbot, long_game)
    scene = window.board_scene
    first, last = _phase_with_battles(window)
    window.show_position(last)
    found: list[str] = []
    real = scene._battle_spot  # type: ignore[attr-defined]
    scene._battle_spot = lambda space: found.append(space) or real(space)  # type: ignore[attr-defined]
    spots = {m.space: (m.pos(), m.offset) for m in scene._markers}  # type: ignore[attr-defined]
    assert spots
    window.show_position(first)
    window.show_position(last)
    assert found == []
    assert {m.space: (m.pos(), m.offset)
            for m in scene._markers} == spots  # type: ignore[attr-defined]
    scene.map.labels_version += 1  # type: ignore[attr-defined]
    scene.move_marks()
    assert sorted(found) == sorted(spots)


def test_the_replay_board_and_merged_markers_tell_what_works_in_a_replay(
        qtbot: QtBot, long_game: object) -> None:
    """The battle board's hint of the main window's menu (Turn ▸ Battle board) is not shown;
    a space's merged marker says that a click zooms in (no unit picker in a replay)."""
    window = _shown(qtbot, long_game)
    assert window.battle_board.close_hint.isHidden()
    merged = [s for (space, owner), s in window.pieces.summaries.items() if owner is None]
    assert merged
    for summary in merged:
        assert summary.toolTip().endswith("Click to zoom in until its units stand apart.")
        assert "unit picker" not in summary.toolTip()
