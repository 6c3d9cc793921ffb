"""A battle marker stands on its own space (R-COMBAT-1: each space's battle is its own): at
1024×700 and 1920×1080, at "fit to window" and two zooms, with a battle in every space, the
centre of every marker lies inside its space (a sea zone's on its water, off the islands), or,
for a space too small for its stacks' marker and a burst beside it, at that marker's corner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import zoom_to

from pacific.gui.main_window import MainWindow
from pacific.rules.engine import Game

SIZES = [(1024, 700), (1920, 1080)]


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request: pytest.FixtureRequest, qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("battles"), game,
                       game.new_game(players=3, seed=4), size=request.param)
    yield win
    close_quietly(win)


def astray(window: MainWindow) -> list[str]:
    """The battle markers whose centre is off their own space, one line each. A space too
    small for its own stacks' marker and a burst beside it has the burst at that marker's
    corner (touching it: it marks that space there)."""
    scene, view = window.board_scene, window.view
    regions = scene.map.regions
    land = [(rid, item) for rid, item in regions.items() if not item.is_sea]
    wrong = []
    for marker in scene._markers:
        corner = view.mapFromScene(marker.scenePos())
        burst = marker.rect().translated(corner.x(), corner.y())
        scale = view.scale_factor
        if marker.frame is not None:
            wrong += framed_wrong(window, marker.space, marker.ring, burst)
            continue
        centre = marker.scenePos() + QPointF(marker.offset.x() / scale,
                                             marker.offset.y() / scale)
        small = scene.map.small_marker(marker.space)
        if small is not None:
            box = view.mapFromScene(QRectF(QPointF(small[0], small[1]),
                                           QPointF(small[2], small[3]))).boundingRect()
            if QRectF(box).intersects(burst):
                continue
        if not regions[marker.space].shape().contains(centre):
            wrong.append(f"{marker.space}: outside at {centre.x():.0f},{centre.y():.0f}")
        others = [rid for rid, item in land if rid != marker.space and
                  item.shape().contains(centre)]
        if others:
            wrong.append(f"{marker.space}: on {others}")
    return wrong


def framed_wrong(window: MainWindow, space: str, ring: bool, frame: QRectF) -> list[str]:
    """What is wrong with ``space``'s marker drawn as a frame (``frame``, view pixels): round
    its own shown name, off the other names, or round one of its own stacks."""
    view = window.view
    if ring:
        centres = [QPointF(view.mapFromScene(point)) for point, _size in
                   window.pieces.shown_at(space)]
        return [] if any((c - frame.center()).manhattanLength() < 1 for c in centres) else \
            [f"{space}: ring round none of its stacks"]
    names = {rid: label.text_box().translated(QPointF(view.mapFromScene(label.scenePos())))
             for rid, label in window.board_scene.map.labels.items() if not label.hidden}
    own = names.get(space)
    if own is None or (own.center() - frame.center()).manhattanLength() > 1:
        return [f"{space}: a frame off its name"]
    return [f"{space}: frame on {rid}'s name" for rid, box in names.items()
            if rid != space and box.intersects(frame.adjusted(1, 1, -1, -1))]


def on_another_territory(window: MainWindow) -> list[str]:
    """The spaces holding units whose battle marker's centre (`battle_spot`) stands on
    another territory's land, one line each; a space too small for a token may have it at its
    own marker, the one place left (R-COMBAT-1: each space's battle is its own)."""
    scene = window.board_scene
    regions, scale = scene.map.regions, window.view.scale_factor
    wrong = []
    for rid in regions:
        terr = BOARD.territory_by_id.get(rid)
        if terr is not None and terr.impassable:
            continue
        point, offset = scene.battle_spot(rid)
        if scene.under_name(rid) is not None:
            continue   # (round its own name or stack: `framed_wrong`)
        centre = QPointF(point.x() + offset.x() / scale, point.y() + offset.y() / scale)
        marker = scene.map.small_marker(rid)
        if marker is not None and marker[0] <= centre.x() <= marker[2] and \
                marker[1] <= centre.y() <= marker[3]:
            continue
        wrong += [f"{rid}: on {other}" for other, land in regions.items()
                  if other != rid and not land.is_sea and land.shape().contains(centre)]
    return wrong


# Each zoom lays out every piece of the map again for each window size (7 to 14 s): the two
# zooms run with the long checks (-m slow), "fit to window" every time.
@pytest.mark.parametrize("zoom", [1.0, pytest.param(1.5, marks=pytest.mark.slow),
                                  pytest.param(3.0, marks=pytest.mark.slow)])
def test_every_battle_marker_stands_on_its_own_space(window: MainWindow, zoom: float) -> None:
    zoom_to(window, zoom)
    scene = window.board_scene
    scene.show_state(window.controller.state, battles=list(scene.map.regions))
    QApplication.processEvents()
    assert len(scene._markers) == len(scene.map.regions)
    wrong = astray(window)
    assert not wrong, "\n".join(wrong)
    # (the spots just found, kept by the scene: tests/test_gui_labels.py asks the same at 2x)
    assert on_another_territory(window) == []
