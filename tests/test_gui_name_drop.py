"""A drop from the "To place" tray on a space's shown name counts as that space where the
point stands on no other playable space: Szechwan's name drawn partly over the Himalayas takes
China's infantry (R-PLACE-7); over another playable space the space under the pointer keeps
the drop."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot
from scenario import scenario
from test_gui_drop_trail import zoom_on
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.name_drops import name_space_at
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


def test_a_tray_drop_on_szechwans_name_over_the_himalayas_places_in_szechwan(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, players=2,
                           china_infantry_due=2)
    window = build_window(tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    try:
        zoom_on(window, "szechwan", 2.0)
        scene = window.board_scene
        over = [p for p in name_points(window, "szechwan")
                if scene.space_at(p) == "himalayas" and window.marker_space_at(p) is None]
        assert over, "Szechwan's name is drawn partly over the Himalayas"
        assert window.drop_space_at(over[0]) == "szechwan"
        assert window.new_units.drop_from_tray(Nation.CHINA, UnitType.INFANTRY,
                                               over[0]) is None
        assert window.controller.state.china_infantry_due < 2
        # Over a playable space the space under the pointer keeps the drop.
        elsewhere = [p for p in name_points(window, "szechwan")
                     if scene.space_at(p) not in (None, "szechwan", "himalayas")]
        for point in elsewhere:
            assert window.drop_space_at(point) == scene.space_at(point)
        assert name_space_at(scene, window.view, game.board, over[0]) == "szechwan"
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
        over = [p for p in name_points(window, "japan")
                if (scene.space_at(p) or "").startswith("sz_")
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
