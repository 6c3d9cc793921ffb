"""Every stack stands on its own space: at 1024×700 and 1920×1080, at "fit to window" and two
zooms, for the start and a late-game position, the centre of every marker drawn lies inside its
own space (a sea zone's on its water, off the islands; an island's inside its outline), on no
other space and on no other space's name. A stack keeps its place when other stacks move, and
when a battle begins or ends (R-COMBAT-1 marks the space, it moves no piece): its marker
stands off the slots the layout keeps, frames the zone's name, or rings one of its stacks."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_items import StackItem
from pacific.gui.piece_shapes import HIT
from pacific.gui.stacks import StackKey
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

SIZES = [(1024, 700), (1920, 1080)]
POSITIONS = ["start", "late_game.json"]


def position_windows(folder: str) -> Callable[..., Iterator[MainWindow]]:
    """A fixture: the window of each size and position in turn, one for a module (its
    files in a temporary ``folder``)."""

    @pytest.fixture(scope="module", params=[(s, p) for s in SIZES for p in POSITIONS],
                    ids=lambda sp: f"{sp[0][0]}x{sp[0][1]}-{sp[1]}")
    def window(request: pytest.FixtureRequest, qapp: QApplication,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
        win = position_window(*request.param, tmp_path_factory.mktemp(folder))
        yield win
        close_quietly(win)

    return window


window = position_windows("stacks")


def position_window(size: tuple[int, int], position: str, folder: Path) -> MainWindow:
    """A window of ``size`` over ``position``: "start" (three players, seed 4) or a
    scenario file's name."""
    game = Game(BOARD)
    state = game.new_game(players=3, seed=4) if position == "start" else \
        load_scenario(find_map("pacific") / "scenarios" / position, BOARD, seed=3)
    return build_window(folder, game, state, size=size)


def misplaced(window: MainWindow) -> list[str]:
    """What is wrong with the markers shown, one line each (none: all is well)."""
    scene = window.board_scene.map
    regions = scene.regions
    land = [(rid, item) for rid, item in regions.items() if not item.is_sea]
    wrong = []
    shown = 0
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        if not item.isVisible():
            continue
        shown += 1
        space = item.key.space if isinstance(item, StackItem) else item.space
        centre = item.scenePos()
        own = regions[space]
        if not own.shape().contains(centre):
            wrong.append(f"{space}: outside at {centre.x():.0f},{centre.y():.0f}")
        others = [rid for rid, other in land if rid != space and other.shape().contains(centre)]
        if others:
            wrong.append(f"{space}: over {others}")
        for rid, label in scene.labels.items():
            if rid == space or label.hidden:
                continue
            box = label.text_box()
            scale = window.view.scale_factor
            corner = label.pos()
            inside = QPointF((centre.x() - corner.x()) * scale, (centre.y() - corner.y()) * scale)
            if box.contains(inside):
                wrong.append(f"{space}: on {rid}'s name")
    assert shown > 20
    return wrong


def zoom_to(window: MainWindow, zoom: float) -> None:
    """``zoom`` times the fit, centred on Japan, the pieces laid out."""
    window.fit_map()
    if zoom != 1.0:
        window.view.zoom_by(zoom)
        window.view.centerOn(window.board_scene.centre_of("japan"))
    window.pieces.layout()


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_every_stack_stands_inside_its_own_space(window: MainWindow, zoom: float) -> None:
    zoom_to(window, zoom)
    wrong = misplaced(window)
    assert not wrong, "\n".join(wrong)


def crowded(window: MainWindow) -> list[str]:
    """The markers shown whose footprint (the token and its count badge) overlaps another
    space's marker or name, one line each."""
    view = window.view
    markers = []
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        if item.isVisible():
            centre = view.mapFromScene(item.scenePos())
            half = item.size * 0.55 - 1   # (a pixel of anti-aliasing may touch)
            space = item.key.space if isinstance(item, StackItem) else item.space
            markers.append((QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half),
                            space))
    names = []
    for rid, label in window.board_scene.map.labels.items():
        if not label.hidden:
            corner = view.mapFromScene(label.scenePos())
            names.append((label.text_box().translated(corner.x(), corner.y()), rid))
    wrong = [f"{a}'s marker on {b}'s marker" for i, (ra, a) in enumerate(markers)
             for rb, b in markers[i + 1:] if a != b and ra.intersects(rb)]
    wrong += [f"{space}'s marker on {rid}'s name" for rect, space in markers
              for box, rid in names if rid != space and rect.intersects(box)]
    # Where a player drops a piece on a space: no other space's marker (its clickable ring)
    # takes the drop. A marker keeps its size on screen: the distance is measured in pixels,
    # not in the scene's units (smaller than pixels zoomed in, bigger zoomed out).
    scene, to_view = window.board_scene, view.viewportTransform()
    centres = {rid: to_view.map(scene.centre_of(rid)) for rid in scene.map.regions}
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        if item.isVisible():
            space = item.key.space if isinstance(item, StackItem) else item.space
            at = to_view.map(item.scenePos())
            wrong += [f"{space}'s marker on {rid}'s centre" for rid, centre in centres.items()
                      if rid != space and
                      math.hypot(centre.x() - at.x(), centre.y() - at.y()) < item.size * HIT]
    return wrong


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_no_marker_covers_another_space_s_marker_name_or_centre(window: MainWindow,
                                                                zoom: float) -> None:
    """The spaces too small for their stacks have their markers chosen together, each as
    deep inside its space as leaves the others and every space's centre free (China's coast
    in a small window: Kiangsi ringed by Anhwe, Hong Kong, Hunan and Formosa), and the names
    keep clear of them; a bigger space's stacks keep clear of the names and of the markers
    placed before them (a space's slots depend on the zoom and the labels only)."""
    zoom_to(window, zoom)
    wrong = crowded(window)
    assert not wrong, "\n".join(wrong)


def on_own_name(window: MainWindow) -> list[str]:
    """The markers shown whose footprint covers their own space's name, one line each."""
    view = window.view
    wrong = []
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        space = item.key.space if isinstance(item, StackItem) else item.space
        label = window.board_scene.map.labels.get(space)
        if not item.isVisible() or label is None or label.hidden:
            continue
        centre = view.mapFromScene(item.scenePos())
        half = item.size * 0.55 - 1   # (a pixel of anti-aliasing may touch)
        corner = view.mapFromScene(label.scenePos())
        if QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half).intersects(
                label.text_box().translated(corner.x(), corner.y())):
            wrong.append(f"{space}'s marker on its own name")
    return wrong


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_no_marker_covers_its_own_space_s_name(window: MainWindow, zoom: float) -> None:
    """A space's name stays readable beside its stacks: the names keep clear of the small
    spaces' markers, a bigger space's stacks keep clear of the names, and a space whose every
    place for its stacks is under a name has its own name moved off the first of them
    (South Australia's name over Western Australia's places, the Hawaiian Islands' and
    Johnston's over sea zone 9's, in a small window)."""
    zoom_to(window, zoom)
    wrong = on_own_name(window)
    assert not wrong, "\n".join(wrong)


def _japan_first_turn_three_times_in(qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                     centre: str | None = None) -> MainWindow:
    """Japan's first turn at 1024x700, zoomed three times in (on ``centre``), laid out."""
    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    win = build_window(tmp_path, game, state, size=(1024, 700))
    qtbot.addWidget(win)
    win.view.zoom_by(3.0)
    if centre is not None:
        win.view.centerOn(win.board_scene.centre_of(centre))
    win.pieces.layout()
    return win


def test_a_stack_keeps_its_place_when_other_stacks_move(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    win = _japan_first_turn_three_times_in(qtbot, tmp_path, "manchuria")
    before = {key: QPointF(item.scenePos()) for key, item in win.pieces.items.items()
              if item.isVisible()}
    state = win.controller.state
    infantry = next(u.id for u in state.units_at("manchuria") if u.type is UnitType.INFANTRY)
    assert win.submit(Move(units=(infantry,), path=("manchuria", "suiyuan"))) is None
    QApplication.processEvents()
    assert StackKey("suiyuan", UnitType.INFANTRY, Nation.JAPAN) in win.pieces.items
    for key, item in win.pieces.items.items():
        if key in before and key.space != "suiyuan":  # (the attacked space gets its marker)
            assert item.isVisible() and item.scenePos() == before[key], key


def test_a_sea_zone_s_stacks_keep_their_places_when_its_battle_begins(  # type: ignore[no-untyped-def]
        qtbot, tmp_path: Path) -> None:
    """The battle's marker, against the zone's name, takes a place off the stacks drawn there
    where one is: the pieces keep clear of the marker, so one on a stack would move it."""
    win = _japan_first_turn_three_times_in(qtbot, tmp_path)
    state = win.controller.state
    before = {key: QPointF(item.scenePos()) for key, item in win.pieces.items.items()
              if item.isVisible() and key.space == "sz_9"}
    assert len(before) == 3   # the United States' fleet at Pearl Harbor
    submarine = next(u.id for u in state.units_at("sz_18") if u.type is UnitType.SUBMARINE)
    assert win.submit(Move(units=(submarine,), path=("sz_18", "sz_17", "sz_9"))) is None
    QApplication.processEvents()
    assert [m.space for m in win.board_scene._markers] == ["sz_9"]
    for key, was in before.items():
        item = win.pieces.items[key]
        assert item.isVisible() and item.scenePos() == was, key


@pytest.mark.parametrize(("zoom", "zones"), [(1.0, ("sz_5", "sz_11")), (2.0, ("sz_5",)),
                                             (3.0, ("sz_5",))])
def test_a_zone_whose_every_place_beside_its_name_is_on_a_stack_keeps_them_in_place(  # type: ignore[no-untyped-def]
        qtbot, tmp_path: Path, zoom: float, zones: tuple[str, ...]) -> None:
    """Sea Zone 5's four stacks (and Sea Zone 11's two at the fit) stand on every place beside
    its name: the battle's marker frames the name itself, which the stacks keep clear of, and
    covers none of them."""
    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    win = build_window(tmp_path, game, state, size=(1024, 700))
    qtbot.addWidget(win)
    if zoom != 1.0:
        win.view.zoom_by(zoom)
    for zone in zones:
        win.view.centerOn(win.board_scene.centre_of(zone))
        win.pieces.layout()
        QApplication.processEvents()
        before = {key: QPointF(item.scenePos()) for key, item in win.pieces.items.items()
                  if item.isVisible() and key.space == zone}
        assert before, zone
        win.board_scene.show_state(win.controller.state, [zone])
        win.pieces.sync(win.controller.state, lambda _key: False)
        QApplication.processEvents()
        for key, was in before.items():
            assert win.pieces.items[key].scenePos() == was, (zone, key)
        marker = win.board_scene._markers[0]
        corner = win.view.mapFromScene(marker.scenePos())
        burst = marker.rect().translated(corner.x(), corner.y())
        for key in before:
            item = win.pieces.items[key]
            centre, half = win.view.mapFromScene(item.scenePos()), item.size * 0.5 - 1
            token = QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half)
            assert not token.intersects(burst), (zone, key)


Drawn = dict[tuple[str, object], tuple[float, float, float]]


def drawn(window: MainWindow) -> Drawn:
    """Every stack and merged marker shown: where (scene) and how big (pixels)."""
    pieces = window.pieces
    items = [*((("stack", key), item) for key, item in pieces.items.items()),
             *((("merged", key), item) for key, item in pieces.summaries.items())]
    return {key: (item.scenePos().x(), item.scenePos().y(), item.size)
            for key, item in items if item.isVisible()}


def put_up(window: MainWindow, battles: list[str]) -> Drawn:
    state = window.controller.state
    window.board_scene.show_state(state, battles)
    window.pieces.sync(state, lambda _key: False)
    QApplication.processEvents()
    return drawn(window)


@pytest.mark.parametrize("zoom", [1.0, 2.0, 3.0])
def test_no_stack_moves_when_a_battle_begins_in_a_sea_zone(window: MainWindow,
                                                           zoom: float) -> None:
    """A battle put up in each sea zone with stacks, one at a time, moves no stack or merged
    marker anywhere on the map, nor does its end."""
    zoom_to(window, zoom)
    state = window.controller.state
    zones = sorted({unit.space for unit in state.units.values() if BOARD.is_sea(unit.space)})
    assert len(zones) >= 5
    moved = []
    before = put_up(window, [])
    for zone in zones:
        after = put_up(window, [zone])
        assert [marker.space for marker in window.board_scene._markers] == [zone]
        shifted = sorted({str(key[1]) for key in before.keys() | after.keys()
                          if before.get(key) != after.get(key)})
        if shifted:
            moved.append(f"{zone}: {', '.join(shifted)}")
        if put_up(window, []) != before:   # (nor when it ends)
            moved.append(f"{zone}: ended")
    assert not moved, f"{len(moved)} of {len(zones)} zones:\n" + "\n".join(moved)


def test_the_stacks_keep_their_places_when_an_attacker_fills_a_zone(
        qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """At 1920×1080, fit to window, Sea Zone 38's three American stacks fill its whole
    slots; Japan's destroyer from Sea Zone 34 attacks there (a battle begins): the zone's
    stacks are drawn smaller to make room and stay where they stood, and no other stack on
    the map moves (Sea Zone 45's transport did)."""
    history = new_controller(players=2, seed=3).history
    window = build_window(tmp_path, history.game, history.state, size=(1920, 1080))
    qtbot.addWidget(window)
    window.dialogs.handover = None
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    window.fit_map()
    window.pieces.layout()
    state = window.controller.state
    [destroyer] = [u.id for u in state.units_at("sz_34") if u.type is UnitType.DESTROYER]
    leaving = ("stack", next(key for key in window.pieces.items
                             if key.space == "sz_34" and key.unit_type is UnitType.DESTROYER))
    before = {key: (x, y) for key, (x, y, _size) in drawn(window).items() if key != leaving}
    assert sum(1 for key in window.pieces.items if key.space == "sz_38") == 3
    assert window.submit(Move(units=(destroyer,), path=("sz_34", "sz_38"))) is None
    QApplication.processEvents()
    assert [marker.space for marker in window.board_scene._markers] == ["sz_38"]
    after = {key: (x, y) for key, (x, y, _size) in drawn(window).items()}
    assert [key for key, was in before.items() if after.get(key) != was] == []
