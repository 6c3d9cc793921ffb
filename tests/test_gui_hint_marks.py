"""The hint rings the pieces it would move wherever the zoom draws them: at 1024x700 Sea Zone
47's Indian and Australian ships stand under one marker for the space, which was left without
a ring (the Australian destroyer and the Indian transport the hint named were nowhere marked)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.pieces import StackKey
from pacific.gui.tutorial.marks import piece_items
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_the_space_s_one_marker_is_ringed_where_the_nations_merge(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE,
                           units={"sz_47": "1 destroyer australia, 1 transport india, "
                                           "2 infantry india, 1 carrier india"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    pieces = window.pieces
    merged = pieces.summaries.get(("sz_47", None))
    assert merged is not None and merged.isVisible()   # one marker for the space here
    destroyer = set(u(state, "sz_47", "destroyer"))
    ringed = piece_items(pieces, destroyer)
    assert merged in ringed
    assert pieces.summaries[("sz_47", Nation.AUSTRALIA)] in ringed
    assert pieces.summaries[("sz_47", Nation.INDIA)] not in ringed


def test_cargo_to_unload_rings_the_ship_that_carries_it(qtbot: QtBot, tmp_path: Path) -> None:
    """A hint's unloading names the infantry aboard: it is drawn on its transport, which is
    ringed (after the transport's move, the hint's landing on Borneo was marked nowhere)."""
    game, state = scenario("pacific", power=Power.UK, phase=Phase.COMBAT_MOVE,
                           units={"sz_44": "1 transport india, 1 infantry india"})
    ship, = u(state, "sz_44", "transport")
    infantry, = u(state, "sz_44", "infantry")
    state.units[infantry].carried_by = ship
    window = make_window(qtbot, tmp_path, game, state, size=(1400, 900))
    stack = window.pieces.items[StackKey("sz_44", UnitType.TRANSPORT, Nation.INDIA)]
    assert stack in piece_items(window.pieces, {infantry})
