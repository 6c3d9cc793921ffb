"""A stack keeps its place when a battle begins (R-COMBAT-1 marks the space, it moves no
piece): at 1024×700 and 1920×1080, at "fit to window", twice and three times in, for Japan's
first turn and a late-game position, a battle put up in each sea zone with stacks, one at a
time, moves no stack or merged marker anywhere on the map, nor does its end. Its marker
stands off the slots the layout keeps, frames the zone's name, or rings one of its stacks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import zoom_to

from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.units import UnitType

SIZES = [(1024, 700), (1920, 1080)]
POSITIONS = ["japan_first_turn.json", "late_game.json"]

Drawn = dict[tuple[str, object], tuple[float, float, float]]


@pytest.fixture(scope="module", params=[(s, p) for s in SIZES for p in POSITIONS],
                ids=lambda sp: f"{sp[0][0]}x{sp[0][1]}-{sp[1].split('.')[0]}")
def window(request: pytest.FixtureRequest, qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    size, position = request.param
    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / position, BOARD, seed=3)
    win = build_window(tmp_path_factory.mktemp("steady"), game, state, size=size)
    yield win
    close_quietly(win)


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
