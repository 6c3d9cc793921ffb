"""A capital's star stands on its own land (R-VICTORY-1/3: the game turns on it). Where its
name with the star fits nowhere inside the capital, the star is drawn alone there and the name
beside it, with a leader line to the star, or hidden where it has no room (shown while the
capital is hovered): at 1024x700 Szechwan's "SZECH. 1" stood beside it, its star over Sikang
(whose name was then hidden); at 1920x1080 its star stood on the Himalayas."""

from __future__ import annotations

import math

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_labels import fitted, hover
from test_gui_names_on_their_land import names_over_neighbours
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_view import WHEEL_STEP
from pacific.gui.piece_shapes import Box
from pacific.rules.engine import Game


@pytest.fixture(scope="module")
def window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("stars"), game, game.new_game(players=3, seed=4))
    yield win
    close_quietly(win)


def at_zoom(window: MainWindow, size: tuple[int, int], notches: int) -> float:
    """The map fitted to a ``size`` window, ``notches`` wheel steps in; the pieces laid out."""
    fitted(window, size)
    if notches:
        window.view.zoom_by(WHEEL_STEP ** (120 * notches))
        window.view.centerOn(window.board_scene.map.regions["szechwan"].label_point)
    window.pieces.layout()
    QApplication.processEvents()
    return window.view.scale_factor


def star_point(label: LabelItem, scale: float) -> QPointF | None:
    """Where ``label``'s capital star is drawn (scene), if it is."""
    if label.hidden:
        return None
    if label.variant.apart:  # (alone: at the leader line's end, or where the label stands)
        offset = label.leader if label.leader is not None else QPointF(0.0, 0.0)
    else:
        at = label.star_at(label.variant)
        if at is None:
            return None
        offset = QPointF(*at)
    return label.pos() + offset / scale


def ink(label: LabelItem, scale: float) -> QRectF:
    box, p = label.text_box(), label.pos()
    return QRectF(p.x() + box.left() / scale, p.y() + box.top() / scale,
                  box.width() / scale, box.height() / scale)


@pytest.mark.parametrize("notches", [0, 6])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_a_capitals_star_stands_on_its_own_land(window: MainWindow, size: tuple[int, int],
                                                notches: int) -> None:
    scale = at_zoom(window, size, notches)
    scene = window.board_scene.map
    off = []
    for rid in BOARD.capital_nation:
        star = star_point(scene.labels[rid], scale)
        if star is None or not scene.regions[rid].path().contains(star):
            off.append(rid)
    assert off == []
    # No stack hides a star standing apart from its name.
    view = window.view
    stars = [QPointF(view.mapFromScene(star)) for star in
             (star_point(scene.labels[rid], scale) for rid in BOARD.capital_nation
              if scene.labels[rid].lone_star() is not None) if star is not None]
    covered = []
    for item in window.pieces.items.values():
        if item.isVisible():
            centre, half = QPointF(view.mapFromScene(item.scenePos())), item.size * 0.5
            covered += [star for star in stars if abs(star.x() - centre.x()) < half and
                        abs(star.y() - centre.y()) < half]
    assert covered == []
    # Szechwan's name, where shown, over no other territory's name.
    name = scene.labels["szechwan"]
    if name.variant.lines:
        box = ink(name, scale).adjusted(0.01, 0.01, -0.01, -0.01)
        assert [rid for rid, label in scene.labels.items()
                if rid != "szechwan" and not label.hidden and ink(label, scale).intersects(box)
                ] == []


def test_no_name_stands_over_sikang_at_the_small_fit(window: MainWindow) -> None:
    """Szechwan's name no longer stands beside it over Sikang, nor Sikang's beside it over
    Szechwan and Tsinghai (`label_lands`): Sikang's shows on its land, or while hovered."""
    at_zoom(window, (1024, 700), 0)
    assert names_over_neighbours(window) == []


def test_a_drop_on_the_lone_star_or_the_name_beside_it_goes_to_szechwan(
        window: MainWindow) -> None:
    """At the 1920x1080 fit the name stands beside the star with a leader line, or the star
    alone where no place for the name is off its neighbours' land; at the 1024x700 fit the
    star stands alone, its name shown while Szechwan is hovered. A drop on either goes to
    Szechwan (R-PLACE-7: China's infantry is placed there)."""
    scene = window.board_scene.map
    scale = at_zoom(window, (1920, 1080), 0)
    label = scene.labels["szechwan"]
    assert label.variant.apart
    star = star_point(label, scale)
    assert star is not None
    assert window.drop_space_at(star) == "szechwan"
    if label.variant.lines:
        assert window.drop_space_at(ink(label, scale).center()) == "szechwan"
    scale = at_zoom(window, (1024, 700), 0)
    assert label.variant.apart and not label.variant.lines and label.name_hidden
    star = star_point(label, scale)
    assert star is not None
    assert window.drop_space_at(star) == "szechwan"
    hover(window, star)
    shown = scene.hover_label
    assert scene._hovered == "szechwan" and shown is not None and shown.isVisible()
    assert "SZECH" in shown.variant.lines[0][0]
    hover(window, QPointF(scene.sceneRect().right() + 100, 0.0))


# Pixels: a capital's name apart from its star stands no farther from it (at the 1024x700
# fit Japan's stood 52 px north of its star, New South Wales' 32, the United States' 27)
NAME_TO_STAR = 40.0


def apart(window: MainWindow) -> dict[str, LabelItem]:
    """The capitals whose names are shown apart from their stars."""
    labels = window.board_scene.map.labels
    return {rid: labels[rid] for rid in BOARD.capital_nation
            if not labels[rid].hidden and labels[rid].variant.apart and
            labels[rid].variant.lines and labels[rid].leader is not None}


@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_a_capitals_name_apart_stands_near_its_star(window: MainWindow,
                                                    size: tuple[int, int]) -> None:
    """A long leader line across the map reads as a stroke of it: the name goes where it
    finds room nearest its label point, then its star to the free land nearest the name."""
    at_zoom(window, size, 0)
    far = {}
    for rid, label in apart(window).items():
        box, end = label.text_box(), label.leader
        assert end is not None
        gap = math.hypot(max(box.left() - end.x(), 0.0, end.x() - box.right()),
                         max(box.top() - end.y(), 0.0, end.y() - box.bottom()))
        if gap > NAME_TO_STAR:
            far[rid] = round(gap)
    assert far == {}


def on_other_land(window: MainWindow, rid: str, box: QRectF) -> float:
    """The share of ``box`` (scene) over territories other than ``rid`` (8 by 3 points)."""
    scene = window.board_scene.map
    others = [scene.regions[t.id].path() for t in BOARD.territories if t.id != rid]
    points = [QPointF(box.left() + (i + 0.5) * box.width() / 8,
                      box.top() + (j + 0.5) * box.height() / 3)
              for i in range(8) for j in range(3)]
    return sum(1 for p in points if any(path.contains(p) for path in others)) / len(points)


@pytest.mark.parametrize("notches", [0, 2])
@pytest.mark.parametrize("size", [(1024, 700), (1920, 1080)])
def test_a_capitals_name_apart_stands_over_no_neighbour(window: MainWindow,
                                                        size: tuple[int, int],
                                                        notches: int) -> None:
    """At the 1920x1080 fit "SZECHWAN 1" stood two thirds over Tsinghai (whose name was
    shown), two wheel steps in at 1024x700 wholly over its neighbours: there it reads as
    theirs. A capital's name apart from its star stands mostly on its own land or the sea,
    over no other space's stack; else it is hidden at that zoom (shown while hovered)."""
    scale = at_zoom(window, size, notches)
    astray, on_stacks = {}, []
    for rid, label in apart(window).items():
        box = ink(label, scale)
        share = on_other_land(window, rid, box)
        if share > 0.5:
            astray[rid] = share
        stacks: dict[str, Box] = window.pieces.boxes_off(rid, scale)
        inside = box.adjusted(0.01, 0.01, -0.01, -0.01)
        on_stacks += [(rid, key) for key, b in stacks.items()
                      if inside.intersects(QRectF(QPointF(b[0], b[1]), QPointF(b[2], b[3])))]
    assert astray == {}
    assert on_stacks == []
