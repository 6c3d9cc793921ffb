"""Pieces laid out on the real map: at "fit to window" and zoomed in, no marker
overlaps another or covers a label; a space whose stacks do not fit at this zoom shows one
marker per nation, with its stacks again once zoomed in (a click on the marker zooms in)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import label_layout, piece_layout
from pacific.gui.piece_items import StackItem
from pacific.rules.engine import Game


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    game = Game(BOARD)
    return make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=4))


def visible_markers(window, with_space: bool = False):  # type: ignore[no-untyped-def]
    """Each shown marker's token (its disc and count badge), in view pixels (and its space)."""
    view = window.view
    out = []
    pieces = window.pieces
    for item in [*pieces.items.values(), *pieces.summaries.values()]:
        if item.isVisible():
            centre = view.mapFromScene(item.scenePos())
            half = item.size * 0.55
            rect = QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)
            space = item.key.space if isinstance(item, StackItem) else item.space
            out.append((rect, space) if with_space else rect)
    return out


def label_boxes(window) -> list[tuple[QRectF, str]]:  # type: ignore[no-untyped-def]
    view = window.view
    out = []
    for rid, label in window.board_scene.map.labels.items():
        if label.hidden:  # no room at this zoom (shown while hovered): none to cover
            continue
        box = label.text_box()
        corner = view.mapFromScene(label.scenePos())
        out.append((box.translated(corner.x(), corner.y()), rid))
    return out


def overlaps(rects: list[QRectF]) -> int:
    return sum(1 for i, a in enumerate(rects) for b in rects[i + 1:]
               if a.adjusted(1, 1, -1, -1).intersects(b.adjusted(1, 1, -1, -1)))


@pytest.mark.parametrize("zoom", [1.0, 3.0])
def test_markers_overlap_neither_each_other_nor_labels(window, zoom: float) -> None:  # type: ignore[no-untyped-def]
    """No marker overlaps another or another space's name, at "fit to window" and zoomed
    in: a space smaller than a token has its marker at its deepest point and the names keep
    clear of it (test_gui_stacks_on_spaces checks more sizes and a late game)."""
    window.fit_map()
    window.view.zoom_by(zoom)
    window.pieces.layout()  # what the timer does once the zooming pauses
    markers = visible_markers(window, with_space=True)
    assert len(markers) > 50
    assert overlaps([rect for rect, _ in markers]) == 0
    labels = label_boxes(window)
    # (a crowded space with no candidate clear of the names takes the one covering the least,
    # `piece_layout.Layout._best_spot`: at the fit, Sea Zone 45's marker beside F.I.C.'s name
    # by 1.3 pixels; its token's edge, not more)
    covered = sum(1 for m, space in markers for lab, rid in labels
                  if rid != space and m.adjusted(2, 2, -2, -2).intersects(lab))
    assert covered == 0


def test_crowded_spaces_are_summarised_until_zoomed_in(window) -> None:  # type: ignore[no-untyped-def]
    window.fit_map()
    window.pieces.layout()
    pieces = window.pieces
    summarised = sorted({space for (space, _), s in pieces.summaries.items() if s.isVisible()})
    assert summarised, "at fit zoom some space is too crowded for its stacks"
    space = summarised[0]
    shown = [k for k, item in pieces.items.items() if k.space == space and item.isVisible()]
    assert shown == []
    window.zooming.zoom_to_space(space)  # what a click on the marker does
    assert not pieces.summarised(space)
    assert all(item.isVisible() for k, item in pieces.items.items() if k.space == space)


def test_a_nation_marker_counts_all_its_units_there(window) -> None:  # type: ignore[no-untyped-def]
    window.fit_map()
    window.pieces.layout()
    state = window.controller.state
    for (space, owner), summary in window.pieces.summaries.items():
        assert summary.count == sum(1 for unit in state.units_at(space) if unit.owner is owner)


def test_a_wheel_zoom_lays_the_pieces_out_when_it_pauses(qtbot: QtBot, window) -> None:  # type: ignore[no-untyped-def]
    window.fit_map()
    pieces = window.pieces
    window.view.gesture_zoom(3.0)  # a wheel step: pieces resized at once, laid out later
    zooming = window.zooming
    assert zooming._label_timer.isActive()  # (with the labels, `MapZoom.paused`)
    assert pieces._laid_out_at != window.view.scale_factor
    qtbot.waitUntil(lambda: not zooming._label_timer.isActive() and not zooming.idle.hurrying,
                    timeout=4000)
    assert pieces._laid_out_at == window.view.scale_factor
    assert overlaps(visible_markers(window)) == 0


def placed(window) -> tuple[list[tuple[str, float, float]], list[tuple[str, float, float]]]:  # type: ignore[no-untyped-def]
    """Where every shown label and marker stands (scene coordinates)."""
    labels = [(rid, label.pos().x(), label.pos().y())
              for rid, label in window.board_scene.map.labels.items() if not label.hidden]
    pieces = window.pieces
    markers = [(str(key), item.pos().x(), item.pos().y()) for key, item in
               [*pieces.items.items(), *pieces.summaries.items()] if item.isVisible()]
    return labels, markers


def test_a_zoom_seen_before_is_not_laid_out_again(window, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """Zooming back to a zoom seen before finds its labels' and pieces' layouts made, and
    everything where it stood then."""
    window.fit_map()
    fitted = placed(window)
    window.view.zoom_by(1.5)
    window.view.zoom_by(1.5)
    made: list[str] = []
    place = label_layout.place

    def counting_place(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append("labels")
        return place(*args, **kwargs)

    class CountingLayout(piece_layout.Layout):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            made.append("pieces")
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(label_layout, "place", counting_place)
    monkeypatch.setattr(piece_layout, "Layout", CountingLayout)
    window.view.zoom_by(1 / 1.5)   # back, by the same step
    window.fit_map()
    assert made == []
    assert placed(window) == fitted
    window.view.zoom_by(1.713)   # a zoom not seen yet (in any test) is laid out
    assert made == ["labels", "pieces"]


def test_stacks_that_look_alike_share_one_picture(window, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    window.fit_map()
    window.view.zoom_by(1.37)   # a size no marker was painted at yet
    painted: list[object] = []
    paint = StackItem.paint_marker

    def counting(self, painter) -> None:  # type: ignore[no-untyped-def]
        painted.append((self.look(), self.size))   # (a crowded space's drawn smaller)
        paint(self, painter)

    monkeypatch.setattr(StackItem, "paint_marker", counting)
    window.view.viewport().repaint()
    shown = [item for item in window.pieces.items.values() if item.isVisible()]
    assert len(shown) > 30
    assert len(painted) == len(set(painted)) < len(shown)
    painted.clear()
    window.view.viewport().repaint()   # painted: blitted
    assert painted == []


def test_the_overview_is_not_painted_again_when_the_labels_move(window) -> None:  # type: ignore[no-untyped-def]
    window.fit_map()
    view = window.view
    view.zoom_by(2.0)
    assert view.minimap.isVisible()
    picture = view.minimap._render()
    view.zoom_by(1.3)   # the labels laid out anew
    assert view.minimap._render() is picture
