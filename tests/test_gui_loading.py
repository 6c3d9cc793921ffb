"""Loading and unloading by the obvious gestures, decided by the engine (`Game.drop_actions`):
land units dropped on a zone board the transports there with room; a loaded stack dropped on
a coast unloads there, after a move when the coast is further off (R-TRANS-3, R-TRANS-5)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import _press_only, drag_stack, make_window
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

KOREA_INF = StackKey("korea", UnitType.INFANTRY, Nation.JAPAN)


def test_four_infantry_dropped_on_two_empty_transports_go_two_and_two_r_trans_3(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "4 infantry japan", "sz_6": "2 transport japan"})
    window = make_window(qtbot, tmp_path, game, state)
    drag_stack(qtbot, window, KOREA_INF, "sz_6")
    after = window.controller.state
    assert [len(after.cargo_of(s)) for s in u(state, "sz_6", "transport")] == [2, 2]
    assert KOREA_INF not in window.pieces.items


def test_a_loaded_transport_stack_dropped_on_a_coast_further_off_moves_and_unloads_r_trans_5(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_10": "2 transport japan, 2 infantry japan"})
    ships = u(state, "sz_10", "transport")
    for ship, infantry in zip(ships, u(state, "sz_10", "infantry"), strict=True):
        state.units[infantry].carried_by = ship
    window = make_window(qtbot, tmp_path, game, state)
    key = StackKey("sz_10", UnitType.TRANSPORT, Nation.JAPAN)
    _press_only(qtbot, window, key)
    assert window.board_scene.highlighted().get("korea") == "unload"
    window.drag.snap_back()
    drag_stack(qtbot, window, key, "korea")
    after = window.controller.state
    assert sorted(x.id for x in after.units_at("korea")) == u(state, "sz_10", "infantry")
    assert {after.units[s].space for s in ships} == {"sz_6"}
    assert [r.action.kind for r in window.controller.history.records] == \
        ["move", "unload", "unload"]


def test_a_coast_out_of_reach_is_refused_for_the_distance_and_changes_nothing_r_move_2(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_3": "1 transport japan, 1 infantry japan"})
    state.units[u(state, "sz_3", "infantry")[0]].carried_by = u(state, "sz_3", "transport")[0]
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, StackKey("sz_3", UnitType.TRANSPORT, Nation.JAPAN), "korea")
    assert snapshot(window.controller.state) == before
    assert "[R-MOVE-2" in window.status_strip.text()


def test_the_unload_drop_says_unload_and_no_cost_r_trans_5(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    """Over Korea, the loaded transport's label says what the drop does: it unloads where the
    ship is, spending no movement, so it names no cost."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "1 transport japan, 1 infantry japan"})
    state.units[u(state, "sz_6", "infantry")[0]].carried_by = u(state, "sz_6", "transport")[0]
    window = make_window(qtbot, tmp_path, game, state)
    _press_only(qtbot, window, StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN))
    window.drag.move(window.board_scene.centre_of("korea"))
    assert window.drag._label.text() == "Sea Zone 6 → Korea · unload"
    assert window.status_strip.text() == "Sea Zone 6 → Korea · unload"
    window.drag.snap_back()
