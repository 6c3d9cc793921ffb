"""Fighter patrols by drag: a fighter dropped on an adjacent sea zone in non-combat
movement flies a combat air patrol (R-CAP-1); in phase 2 its landing places are lit from the
engine's check and a drop lands it (R-CAP-7), on a bordering territory or a carrier."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

J = Nation.JAPAN


def test_a_fighter_dropped_on_an_adjacent_sea_zone_starts_a_patrol_r_cap_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, units={"korea": "1 fighter japan"})
    fighter = u(state, "korea", "fighter")[0]
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack(qtbot, window, StackKey("korea", UnitType.FIGHTER, J), "sz_6")
    after = window.controller.state.units[fighter]
    assert (after.space, after.cap) == ("sz_6", True)
    assert StackKey("sz_6", UnitType.FIGHTER, J) in window.pieces.items


def test_a_patrol_cannot_start_from_a_territory_not_bordering_the_zone_r_cap_1(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE, units={"manchuria": "1 fighter japan"})
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, StackKey("manchuria", UnitType.FIGHTER, J), "sz_6")
    assert snapshot(window.controller.state) == before
    assert "R-" in window.status_strip.text()


def cap_landing_window(qtbot: QtBot, tmp_path: Path, units: dict[str, str]):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=Phase.CAP_LANDING, units=units)
    for fid in u(state, "sz_6", "fighter"):
        state.unit(fid).cap = True
    return make_window(qtbot, tmp_path, game, state), u(state, "sz_6", "fighter")


def test_patrol_landing_places_are_lit_and_a_drop_lands_it_r_cap_7(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, fighters = cap_landing_window(qtbot, tmp_path, {"sz_6": "1 fighter japan"})
    item = window.pieces.items[StackKey("sz_6", UnitType.FIGHTER, J)]
    assert item.movable
    lit: dict[str, str] = {}
    window.drag.highlight = lit.update  # type: ignore[method-assign]
    state = window.controller.state
    targets = window.controller.game.drop_targets(state, tuple(fighters))
    # Japan and Korea border sz_6 and are Japanese; Anhwe (Chinese) is not a landing place,
    # nor is the zone itself without a carrier.
    assert sorted(targets) == ["japan", "korea"]
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.FIGHTER, J), "japan")
    after = window.controller.state.units[fighters[0]]
    assert (after.space, after.cap) == ("japan", False)
    assert lit == {"japan": "land_patrol", "korea": "land_patrol"}


def test_a_patrol_lands_on_a_carrier_in_its_zone_r_cap_7(qtbot: QtBot, tmp_path: Path) -> None:
    window, fighters = cap_landing_window(
        qtbot, tmp_path, {"sz_6": "1 fighter japan, 1 carrier japan"})
    state = window.controller.state
    carrier = u(state, "sz_6", "carrier")[0]
    assert "sz_6" in window.controller.game.drop_targets(state, tuple(fighters))
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.FIGHTER, J), "sz_6")
    state = window.controller.state
    assert state.units[fighters[0]].carried_by == carrier
    assert not state.units[fighters[0]].cap
    # Now shown aboard its carrier, not as a stack of its own.
    assert StackKey("sz_6", UnitType.FIGHTER, J) not in window.pieces.items
    ship = window.pieces.items[StackKey("sz_6", UnitType.CARRIER, J)]
    assert ship.cargo_ids == {(UnitType.FIGHTER, J): (fighters[0],)}


def test_a_drop_on_a_place_the_patrol_cannot_land_is_refused_r_cap_7(
        qtbot: QtBot, tmp_path: Path) -> None:
    window, _ = cap_landing_window(qtbot, tmp_path, {"sz_6": "1 fighter japan"})
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.FIGHTER, J), "anhwe")
    assert snapshot(window.controller.state) == before
    assert "R-CAP-7" in window.status_strip.text()
