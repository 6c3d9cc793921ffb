"""Readable pieces on the real board: legible at fit-to-window and
growing with the zoom, Japan's and China's told apart at a glance, counts readable, a hover
that names the stack under the pointer, units gathered by their region's name, and battle
markers that never cover the units."""

from __future__ import annotations

import math
import statistics
from pathlib import Path

import pytest
from gui_helpers import build_window, close_quietly, make_window
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene
from pytestqt.qtbot import QtBot
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.palette import PIECE_COLOURS, contrast, token_colour
from pacific.gui.piece_items import BADGE_PIXELS, StackItem
from pacific.gui.pieces import MIN_PIXELS, SQUEEZED_PIXELS, StackKey
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game = Game(BOARD)
    return make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=4),
                       size=(1920, 1080))


@pytest.fixture(scope="module")
def looked_at(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """A full-HD window on the real board that the tests only look at (and zoom)."""
    game = Game(BOARD)
    win = build_window(tmp_path_factory.mktemp("pieces"), game,
                       game.new_game(players=3, seed=4), size=(1920, 1080))
    yield win
    close_quietly(win)


def shown_markers(window: MainWindow) -> list[tuple[str, QRectF, float]]:
    """(space, token rectangle in view pixels, size) of every marker shown."""
    out = []
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        if item.isVisible():
            centre = window.view.mapFromScene(item.scenePos())
            half = item.size * 0.5
            space = item.key.space if isinstance(item, StackItem) else item.space
            out.append((space, QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half),
                        item.size))
    return out


def test_pieces_are_legible_at_fit_and_grow_with_the_zoom(looked_at: MainWindow) -> None:
    window = looked_at
    window.fit_map()
    window.pieces.layout()
    at_fit = window.pieces.pixels()
    assert at_fit >= MIN_PIXELS
    sizes = [at_fit]
    for _ in range(3):
        window.view.zoom_by(1.6)
        sizes.append(window.pieces.pixels())
    assert sizes == sorted(sizes) and sizes[-1] > at_fit * 1.8, sizes
    for item in window.pieces.items.values():   # (a crowded space's a little smaller)
        scale = window.pieces.squeezed(item.key.space)
        assert item.size == pytest.approx(sizes[-1] * scale) and item.size >= SQUEEZED_PIXELS


def render(item: StackItem) -> QImage:
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(QColor("#a8cde6"))  # the sea
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 80, 80), QRectF(-40, -40, 80, 80))
    painter.end()
    scene.removeItem(item)
    return image


def token_pixel(image: QImage) -> QColor:
    """The token's colour left of the (narrow) infantry figure, inside the owner's ring, on a
    token 40 pixels wide."""
    return image.pixelColor(40 - 12, 40)


@pytest.mark.parametrize(("one", "other"), [(Nation.JAPAN, Nation.CHINA),
                                            (Nation.INDIA, Nation.AUSTRALIA)])
def test_neighbours_in_colour_are_told_apart_by_their_tokens(qtbot: QtBot, one: Nation,
                                                             other: Nation) -> None:
    """The rulebook's owner colours stay (R-SETUP-11: Japan brown, China beige, India dark
    green, Australia light green); the tokens under them, light for one and dark for the
    other, tell them apart, and every icon stands out from its own token."""
    for nation in Nation:
        assert contrast(QColor(PIECE_COLOURS[nation]), token_colour(nation)) >= 3.0, nation
    images = {}
    for nation in (one, other):
        item = StackItem(StackKey("japan", UnitType.INFANTRY, nation), [], [], 40.0, "")
        images[nation] = render(item)
    assert contrast(token_pixel(images[one]), token_pixel(images[other])) >= 4.0


def test_counts_are_readable(qtbot: QtBot) -> None:
    from pacific.rules.state import Unit

    units = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.JAPAN, space="japan")
             for i in range(1, 13)]
    item = StackItem(StackKey("japan", UnitType.INFANTRY, Nation.JAPAN), units, [],
                     MIN_PIXELS, "")
    badge = item.badge_rect(MIN_PIXELS, 12)
    assert badge.height() >= BADGE_PIXELS + 2 and badge.width() >= badge.height()
    image = render(item)  # the digits are white on a dark box: sample inside the box
    box = badge.translated(40, 40)
    dark = image.pixelColor(int(box.left() + 2), int(box.center().y()))
    assert contrast(dark, QColor("white")) >= 4.5


def test_hovering_a_stack_names_that_stack_not_the_whole_space(looked_at: MainWindow) -> None:
    window = looked_at
    key = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)
    item = window.pieces.items[key]
    lines = item.toolTip().splitlines()
    assert lines[0] == f"{item.count} × Infantry (Japan) in Manchuria"
    assert not any("Artillery" in line for line in lines)  # another stack of the space
    window.fit_map()
    window.pieces.layout()
    summaries = [s for s in window.pieces.summaries.values() if s.isVisible()]
    assert summaries
    summary = summaries[0]
    head = summary.toolTip().splitlines()[0]
    from pacific.rules.nations import display_name

    assert head == f"{display_name(summary.owner)} in {BOARD.name(summary.space)}: " \
        f"{summary.count} units"


def test_units_gather_by_their_region_name(looked_at: MainWindow) -> None:
    window = looked_at
    """Half the markers within one and a half markers of their region's name, nine in ten within
    three, none farther than eight (measured at fit and zoomed in twice)."""
    for zoom in (1.0, 2.0):
        window.fit_map()
        if zoom != 1.0:
            window.view.zoom_by(zoom)
        window.pieces.layout()
        labels = window.board_scene.map.labels
        far = []
        for space, rect, size in shown_markers(window):
            label = labels[space]
            if label.hidden:
                continue
            corner = window.view.mapFromScene(label.scenePos())
            box = label.text_box().translated(corner.x(), corner.y())
            c = rect.center()
            dx = max(box.left() - c.x(), 0.0, c.x() - box.right())
            dy = max(box.top() - c.y(), 0.0, c.y() - box.bottom())
            far.append(math.hypot(dx, dy) / size)
        far.sort()
        assert statistics.median(far) <= 1.5, zoom
        assert far[int(len(far) * 0.9)] <= 3.0, zoom
        assert far[-1] <= 8.0, zoom


def test_battle_markers_never_cover_the_units(window: MainWindow) -> None:
    assert window.submit(SplitConvoyIncome(india=6, australia=6)) is None
    for _ in range(2):
        assert window.submit(EndPhase()) is None
    state = window.controller.state
    assert state.phase is Phase.COMBAT_MOVE
    attacks = [("manchuria", "suiyuan"), ("shantung", "anhwe"), ("french_indo_china", "yunnan")]
    for start, target in attacks:
        land = tuple(u.id for u in state.units_at(start) if u.owner is Nation.JAPAN
                     and u.type in (UnitType.INFANTRY, UnitType.ARMOR, UnitType.ARTILLERY))
        assert window.submit(Move(units=land, path=(start, target))) is None, start
        state = window.controller.state
    assert window.submit(EndPhase()) is None
    markers = window.board_scene._markers
    assert {m.space for m in markers} >= {"suiyuan", "anhwe", "yunnan"}
    for zoom in (1.0, 3.0):
        window.fit_map()
        if zoom != 1.0:
            window.view.zoom_by(zoom)
            window.view.centerOn(window.board_scene.centre_of("anhwe"))
        window.pieces.layout()
        QApplication.processEvents()
        tokens = [rect for _, rect, _ in shown_markers(window)]
        for marker in markers:
            corner = window.view.mapFromScene(marker.scenePos())
            burst = marker.rect().translated(corner.x(), corner.y())
            # (a space whose name is hidden, with no room off its stacks, has the marker as a
            # ring round its stack nearest its name's point: `GeoScene._ring`; Anhwe's at the
            # 1920x1080 fit, its name off its neighbours' land)
            covered = [t for t in tokens if t.adjusted(1, 1, -1, -1).intersects(burst)]
            assert covered == [] or marker.space in window.board_scene._rings, \
                (marker.space, zoom)
            label = window.board_scene.map.labels[marker.space]
            near = []  # beside the space's name, or on its own space at its stacks' marker
            if not label.hidden:
                lc = window.view.mapFromScene(label.scenePos())
                near.append(label.text_box().translated(lc.x(), lc.y()).adjusted(-4, -4, 4, 4))
            small = window.board_scene.map.small_marker(marker.space)
            if small is not None:  # (no room on the space beside its name: R-COMBAT-1)
                near.append(QRectF(window.view.mapFromScene(QRectF(
                    QPointF(small[0], small[1]), QPointF(small[2], small[3]))).boundingRect()))
            assert not near or any(burst.intersects(box) for box in near), marker.space


def test_a_battle_marker_stands_clear_of_other_spaces_names(window: MainWindow) -> None:
    """A marker beside a zone's number never lies on a neighbour's name, where it would seem
    to mark that space's battle: left of the number of zone 38 it lay against "Philippines"
    (R-COMBAT-1: each space's battle is its own). At full HD every zone's number has a clear
    side; in crowded corners of the smallest window none may have."""
    scene = window.board_scene
    labels = scene.map.labels
    shown = [space for space, label in labels.items() if not label.hidden]
    zones = [space for space in shown if space.startswith("sz_")]
    scene.show_state(window.controller.state, battles=zones)
    QApplication.processEvents()
    view = window.view

    def box_of(space: str) -> QRectF:
        corner = view.mapFromScene(labels[space].pos())
        return labels[space].text_box().translated(corner.x(), corner.y())

    for marker in scene._markers:
        corner = view.mapFromScene(marker.scenePos())
        burst = marker.rect().translated(corner.x(), corner.y())
        crowded = [space for space in shown if space != marker.space and
                   box_of(space).intersects(burst)]
        assert crowded == [], marker.space
    # Zone 38's battle alone from here: a zoom finds the spots of the battles shown again.
    scene.show_state(window.controller.state, battles=["sz_38"])
    for zoom in (1.0, 2.0):   # fitted, and zoomed in on the Philippines (the name moves)
        if zoom != 1.0:
            view.zoom_by(zoom)
            view.centerOn(scene.centre_of("sz_38"))
            QApplication.processEvents()
        sz38 = next(m for m in scene._markers if m.space == "sz_38")
        corner = view.mapFromScene(sz38.scenePos())
        burst = sz38.rect().translated(corner.x(), corner.y())
        gap = box_of("philippines").adjusted(-4, -4, 4, 4)
        assert not gap.intersects(burst), zoom
        # on the zone's own sea, not on the island
        centre = view.mapToScene(burst.center().toPoint())
        assert scene.map.regions["sz_38"].shape().contains(centre), zoom
        assert not scene.map.regions["philippines"].shape().contains(centre), zoom
