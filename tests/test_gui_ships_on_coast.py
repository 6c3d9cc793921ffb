"""Ships dropped on a coast: where the engine lets them go to exactly one sea zone beside the
territory, the drop goes there and the status strip says so (a destroyer placed on the United
States goes to Sea Zone 5, R-PLACE-4); with several, the refusal names the zones."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack_to, make_window, open_point
from pytestqt.qtbot import QtBot
from scenario import scenario, u
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType


def _placing_a_destroyer(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, GameState]:
    """The United States' placement, a destroyer bought, at 1024x700."""
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, players=2,
                           purchased={Nation.USA: {UnitType.DESTROYER: 1}})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    return window, state


def test_a_new_destroyer_dropped_on_the_united_states_goes_to_sea_zone_5_r_place_4(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, state = _placing_a_destroyer(qtbot, tmp_path)
    point = open_point(window, "united_states")
    assert window.new_units.drop_from_tray(Nation.USA, UnitType.DESTROYER, point) is None
    placed = [x for uid, x in window.controller.state.units.items() if uid not in state.units]
    assert [(x.type, x.space) for x in placed] == [(UnitType.DESTROYER, "sz_5")]
    assert "went to Sea Zone 5" in window.status_strip.text()


def test_a_new_destroyer_over_the_united_states_says_it_will_go_to_sea_zone_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    """While it hovers over the coast the status strip says what the drop will do."""
    from PySide6.QtCore import QMimeData, Qt
    from PySide6.QtGui import QDragMoveEvent

    from pacific.gui.tray import MIME_TYPE, encode

    window, _state = _placing_a_destroyer(qtbot, tmp_path)
    assert window.view is not None
    window.new_units.tray_drag_started(Nation.USA, UnitType.DESTROYER)
    mime = QMimeData()
    mime.setData(MIME_TYPE, encode(Nation.USA, UnitType.DESTROYER))

    def hover(space: str) -> str:
        assert window.view is not None
        at = window.view.mapFromScene(open_point(window, space))
        window.view.dragMoveEvent(QDragMoveEvent(
            at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier))
        return window.status_strip.text()

    text = hover("united_states")
    assert "Sea Zone 5" in text and "United States" in text, text
    assert "Sea Zone 5" not in hover("sz_5")   # on the zone itself: the drag's legend


def _drag_destroyer(qtbot: QtBot, tmp_path: Path, zone: str, coast: str) -> tuple[MainWindow, int]:
    """The United States' destroyer in ``zone`` dragged onto the territory ``coast``, in
    non-combat movement; returns the window and the destroyer."""
    game, state = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units={
        zone: "1 destroyer usa", "united_states": "1 infantry usa"})
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack_to(qtbot, window, StackKey(zone, UnitType.DESTROYER, Nation.USA),
                  open_point(window, coast))
    return window, u(state, zone, "destroyer")[0]


def test_a_destroyer_dragged_onto_a_coast_goes_to_the_one_zone_beside_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, destroyer = _drag_destroyer(qtbot, tmp_path, "sz_5", "hawaiian_islands")
    assert window.controller.state.units[destroyer].space == "sz_9"
    assert "went to Sea Zone 9" in window.status_strip.text()


def test_with_several_zones_beside_the_coast_the_refusal_names_them(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, destroyer = _drag_destroyer(qtbot, tmp_path, "sz_14", "queensland")
    assert window.controller.state.units[destroyer].space == "sz_14"
    text = window.status_strip.text()
    assert "Sea Zone 29" in text and "Sea Zone 32" in text, text
    popup = window.refusals.popup
    assert popup is not None and "Sea Zone 29, Sea Zone 32" in popup.message.text()


def test_a_destroyer_dragged_over_a_coast_says_where_it_will_go(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Over Hawaii the drag says the destroyer will go to Sea Zone 9, as the drop does."""
    from gui_helpers import _move
    from PySide6.QtCore import Qt

    game, state = scenario("pacific", power=Power.US, phase=Phase.NONCOMBAT_MOVE, units={
        "sz_5": "1 destroyer usa", "united_states": "1 infantry usa"})
    window = make_window(qtbot, tmp_path, game, state)
    assert window.view is not None and window.pieces is not None and window.drag is not None
    view, viewport = window.view, window.view.viewport()
    start = view.mapFromScene(
        window.pieces.items[StackKey("sz_5", UnitType.DESTROYER, Nation.USA)].scenePos())
    end = view.mapFromScene(open_point(window, "hawaiian_islands"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 7):
        _move(viewport, start + (end - start) * i / 6, Qt.KeyboardModifier.NoModifier)
    text = window.status_strip.text()
    window.drag.cancel()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    assert "will go to Sea Zone 9" in text, text
