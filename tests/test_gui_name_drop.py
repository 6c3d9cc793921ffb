"""A drop on a space's shown name (its number, its star) means that space wherever the layout
drew it: Szechwan's name drawn partly over Tsinghai takes China's infantry (R-PLACE-7), Sea
Zone 35's number drawn over Sea Zone 34 means Sea Zone 35."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot
from scenario import scenario
from test_gui_drop_trail import zoom_on
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.name_drops import name_space_at
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def name_points(window: MainWindow, space: str) -> list[QPointF]:
    """Scene points inside ``space``'s shown name (a grid over its box in pixels)."""
    view = window.view
    label = window.board_scene.map.labels[space]   # type: ignore[attr-defined]
    box = label.text_box().translated(QPointF(view.mapFromScene(label.scenePos())))
    return [view.mapToScene(int(box.left() + box.width() * i / 20),
                            int(box.top() + box.height() * j / 20))
            for i in range(1, 20) for j in range(1, 20)]


def test_a_tray_drop_on_szechwans_name_over_tsinghai_places_in_szechwan(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, players=2,
                           china_infantry_due=2)
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        zoom_on(window, "szechwan", 2.5)
        scene = window.board_scene
        # (its points over a neighbour first, where there are any: a name on its own land
        # reaches a little over a neighbour's at most, `label_lands`)
        points = [p for p in name_points(window, "szechwan") if window.marker_space_at(p) is None]
        over = sorted(points, key=lambda p: scene.space_at(p) in (None, "szechwan"))
        assert over, "Szechwan's name is drawn"
        assert window.drop_space_at(over[0]) == "szechwan"
        assert name_space_at(scene, window.view, game.board, over[0]) == "szechwan"
        assert window.new_units.drop_from_tray(Nation.CHINA, UnitType.INFANTRY,
                                               over[0]) is None
        assert window.controller.state.china_infantry_due < 2
    finally:
        close_quietly(window)


def test_new_infantry_dropped_on_japans_name_over_the_sea_is_placed_in_japan_r_place_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's name stands over the sea beside its islands at 1024x700: the sea zone refuses
    new infantry (R-PLACE-2), the named space takes it where the engine lists it among the
    places for it; a ship dropped there still goes to the sea zone."""
    game, state = scenario("pacific", phase=Phase.PLACE, players=2, purchased={
        Nation.JAPAN: {UnitType.INFANTRY: 2, UnitType.TRANSPORT: 1}})
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        scene = window.board_scene
        # (over a zone beside Japan: a ship goes there from its name, R-PLACE-2)
        over = [p for p in name_points(window, "japan")
                if (scene.space_at(p) or "").startswith("sz_")
                and game.board.adjacent("japan", scene.space_at(p) or "")
                and window.marker_space_at(p) is None]
        assert over, "Japan's name is drawn over the sea"
        sea = scene.space_at(over[0])
        assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY,
                                               over[0]) is None
        after = window.controller.state
        assert after.purchased[Nation.JAPAN].get(UnitType.INFANTRY, 0) == 0
        assert sum(1 for u in after.units.values() if u.space == "japan"
                   and u.type is UnitType.INFANTRY) > sum(
            1 for u in state.units.values() if u.space == "japan"
            and u.type is UnitType.INFANTRY)
        assert window.new_units.drop_from_tray(Nation.JAPAN, UnitType.TRANSPORT,
                                               over[0]) is None
        assert any(u.space == sea and u.type is UnitType.TRANSPORT
                   and uid not in state.units for uid, u in window.controller.state.units.items())
    finally:
        close_quietly(window)


def test_a_refused_tray_drop_names_the_space_it_landed_on_r_place_7(
        qtbot: QtBot, tmp_path: Path) -> None:
    """China's infantry dropped on Sikang's stack: the note beside the drop says where it
    landed, as a stack's refused drop does, beside the rule (R-PLACE-7)."""
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, players=2,
                           china_infantry_due=2)
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        point = window.board_scene.centre_of("sikang")
        refused = window.new_units.drop_from_tray(Nation.CHINA, UnitType.INFANTRY, point)
        assert refused is not None and refused.rule == "R-PLACE-7"
        popup = window.refusals.popup
        assert popup is not None
        assert popup.message.text().startswith("Dropped on Sikang: "), popup.message.text()
    finally:
        close_quietly(window)


def points_off_names(window: MainWindow, kind: Callable[[str], bool]
                     ) -> Iterator[tuple[str, QPointF]]:
    """Scene points 3 and 5 pixels above and under the shown names of the spaces of a
    ``kind`` (land, sea), each with its space."""
    view = window.view
    for space, label in window.board_scene.map.labels.items():   # type: ignore[attr-defined]
        if not label.isVisible() or label.hidden or not kind(space):
            continue
        box = label.text_box().translated(QPointF(view.mapFromScene(label.scenePos())))
        for i in range(1, 10):
            for dy in (3, 5):
                for y in (int(box.bottom()) + dy, int(box.top()) - dy):
                    yield space, view.mapToScene(int(box.left() + box.width() * i / 10), y)


def _round_one_window(tmp_path: Path, space: str) -> MainWindow:
    """Japan's combat movement in round 1 of a two-player game at 1024x700, three wheel steps
    in (about 1.72 times the fit) over ``space``."""
    history = new_controller(players=2, seed=3).history
    window = build_window(tmp_path, history.game, history.state, size=(1024, 700))
    for action in (SplitConvoyIncome(india=6, australia=6), EndPhase(), EndPhase()):
        assert window.submit(action) is None
    zoom_on(window, space, 1.0015 ** 360)
    return window


def test_a_drop_on_sea_zone_35s_number_means_sea_zone_35(qtbot: QtBot, tmp_path: Path) -> None:
    """Sea Zone 35's number stands over Sea Zone 34 and Sea Zone 25, near Sea Zone 34's
    stacks: a drop there means Sea Zone 35, even where the space under it would take the
    units too."""
    space = "sz_35"
    window = _round_one_window(tmp_path, space)
    try:
        scene = window.board_scene
        points = [p for p in name_points(window, space) if window.marker_space_at(p) is None]
        over = [p for p in points if scene.space_at(p) not in (None, space)]
        assert over, f"{space}'s name is drawn over a neighbour"
        for point in points:
            assert window.drop_space_at(point) == space
            assert window.drop_space_at(point, {space, scene.space_at(point) or ""}) == space
    finally:
        close_quietly(window)


def test_sea_zone_35s_own_ships_dropped_on_its_number_stay_there(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    """Japan's transport in Sea Zone 35 dragged onto the zone's number, drawn over Sea Zone 34
    and Sea Zone 25 (both of which it may go to): the drop means Sea Zone 35, where it
    already stands (nothing moves), not the zone under the number; only a point on a
    stack's token itself speaks before the name."""
    space = "sz_35"
    window = _round_one_window(tmp_path, space)
    try:
        state, game = window.controller.state, window.controller.game
        [transport] = [u.id for u in state.units_at(space) if u.type is UnitType.TRANSPORT]
        allowed = game.drop_targets(state, (transport,))
        scene = window.board_scene
        under = {scene.space_at(p) for p in name_points(window, space)} - {space, None}
        assert under & set(allowed), "the number stands over a zone the transport may go to"
        points = [p for p in name_points(window, space)
                  if window.marker_space_at(p, token=True) is None]
        assert points
        assert {window.drop_space_at(p, allowed) for p in points} == {space}
    finally:
        close_quietly(window)


def test_a_drop_just_under_szechwans_name_means_szechwan_not_yunnans_land(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Four wheel steps in over China at 1024x700, Yunnan's land runs just under SZECHWAN's
    name: a drop a few pixels under the name's letters (the dragged token hides them) means
    Szechwan, as the lit target does while the units hover there, even for French
    Indo-China's infantry, which may go to Yunnan and not to Szechwan (R-MOVE-2): the
    refusal says so instead of moving them where the player did not aim."""
    window = _round_one_window(tmp_path, "szechwan")
    try:
        zoom_on(window, "szechwan", 1.0015 ** 480)
        scene, view = window.board_scene, window.view
        state, game = window.controller.state, window.controller.game
        label = scene.map.labels["szechwan"]   # type: ignore[attr-defined]
        box = label.text_box().translated(QPointF(view.mapFromScene(label.scenePos())))
        under = [view.mapToScene(int(box.left() + box.width() * i / 10), int(box.bottom()) + dy)
                 for i in range(1, 10) for dy in (2, 3, 4, 5)]
        land = [p for p in under if scene.space_at(p) == "yunnan"
                and window.marker_space_at(p) is None]
        assert land, "Yunnan's land runs under SZECHWAN's name"
        infantry = tuple(u.id for u in state.units_at("french_indo_china")
                         if u.type is UnitType.INFANTRY)
        allowed = game.drop_targets(state, infantry)
        assert "yunnan" in allowed and "szechwan" not in allowed
        assert {window.drop_space_at(p, allowed) for p in land} == {"szechwan"}
        window.drag.targets = allowed   # (the lit target while the units hover there)
        assert {window.drag.drop_space(p) for p in land} == {"szechwan"}
        # Far below the name, Yunnan's land is Yunnan's.
        far = view.mapToScene(int(box.center().x()), int(box.bottom()) + 20)
        if scene.space_at(far) == "yunnan" and window.marker_space_at(far) is None:
            assert window.drop_space_at(far, allowed) == "yunnan"
    finally:
        close_quietly(window)


def test_a_drop_on_the_water_just_off_an_islands_name_means_the_sea_zone(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A drop just off a name's letters means the name's space only over land (Szechwan's name
    over Yunnan's land). On the water just off an island's name it means the sea zone
    under the point: ships go there and land units board there, and a wrong move of a
    transport is refused for the sea zone it was dropped on, not for the island."""
    window = _round_one_window(tmp_path, "caroline_islands")
    try:
        scene, view, board = window.board_scene, window.view, window.controller.board
        checked = 0
        for space, p in points_off_names(window, board.is_land):
            under = scene.space_at(p)
            if under is None or not board.is_sea(under) or \
                    name_space_at(scene, view, board, p) is not None or \
                    window.marker_space_at(p) is not None:
                continue
            checked += 1
            assert window.drop_space_at(p, ()) == under, (space, p)
        assert checked > 20
    finally:
        close_quietly(window)


def test_a_drop_just_off_a_sea_zones_number_means_that_zone(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """A sea zone's number drawn at the edge of its zone (Sea Zone 43's, on the rim of the
    strip of water round Java, by Sea Zone 42 and Sea Zone 48): a fighter dragged onto it
    hides the number, and a drop a few pixels off its letters, over the neighbouring zone,
    means the numbered zone, as a drop just under a territory's name over a neighbour's
    coast does (R-COMBATMOVE-1 refused it for Sea Zone 42)."""
    window = _round_one_window(tmp_path, "sz_43")
    try:
        scene, view, board = window.board_scene, window.view, window.controller.board
        checked = set()
        for space, p in points_off_names(window, board.is_sea):
            under = scene.space_at(p)
            if under in (None, space) or not board.is_sea(under) or \
                    name_space_at(scene, view, board, p) is not None or \
                    name_space_at(scene, view, board, p, 6) != space or \
                    window.marker_space_at(p) is not None:
                continue   # (on a name, nearer another, or on a stack)
            checked.add(space)
            assert window.drop_space_at(p, ()) == space, (space, under, p)
        assert "sz_43" in checked
    finally:
        close_quietly(window)
