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
from pacific.rules.units import UnitType


def test_a_new_destroyer_dropped_on_the_united_states_goes_to_sea_zone_5_r_place_4(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", power=Power.US, phase=Phase.PLACE, players=2,
                           purchased={Nation.USA: {UnitType.DESTROYER: 1}})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    window.dialogs.handover = None
    point = open_point(window, "united_states")
    assert window.new_units.drop_from_tray(Nation.USA, UnitType.DESTROYER, point) is None
    placed = [x for uid, x in window.controller.state.units.items() if uid not in state.units]
    assert [(x.type, x.space) for x in placed] == [(UnitType.DESTROYER, "sz_5")]
    assert "went to Sea Zone 5" in window.status_strip.text()


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
