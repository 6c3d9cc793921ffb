"""A stack's cargo icons leave the names whole: the layout keeps a slot's footprint (the token,
its count and chips) off the names, and the cargo card hangs below it, so a carrier's fighters
at Sea Zone 11's first slot, just above its number, covered the "11" at 1920x1080 two zoom
steps in (a loaded transport's at Sea Zones 27, 13 and 29). A stack with cargo now takes a
slot whose card is clear (`Layout.card_clear`, `piece_stay`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import crowded, misplaced

from pacific.gui.main_window import MainWindow
from pacific.gui.piece_stay import stay
from pacific.gui.stacks import StackKey
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType


def covered_names(window: MainWindow) -> list[str]:
    """The names a cargo icon shown covers (in the view's pixels), one line each."""
    view = window.view
    names = []
    for rid, label in window.board_scene.map.labels.items():
        if not label.hidden:
            corner = view.mapFromScene(label.scenePos())
            names.append((label.text_box().translated(corner.x(), corner.y()), rid))
    wrong = []
    for item in window.pieces.items.values():
        if item.isVisible() and item.cargo_types:
            for rect in item._cargo_rects():
                scene = item.mapRectToScene(rect)
                card = QRectF(view.mapFromScene(scene.topLeft()),
                              view.mapFromScene(scene.bottomRight()))
                wrong += [f"{item.key.space}'s {item.key.unit_type.value} cargo on {rid}'s name"
                          for box, rid in names if card.intersects(box)]
    return wrong


@pytest.fixture(scope="module")
def window(qapp: QApplication, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[MainWindow]:
    game = Game(BOARD)
    state = game.new_game(players=3, seed=4)
    # (and two infantry aboard the transports of Sea Zones 27, 13 and 29, whose cargo
    # covered their numbers)
    for zone in ("sz_27", "sz_13", "sz_29"):
        ship = next(u for u in state.units.values()
                    if u.space == zone and u.type is UnitType.TRANSPORT)
        ashore = [u for u in state.units.values() if u.owner is ship.owner and
                  u.type is UnitType.INFANTRY and u.carried_by is None]
        for unit in ashore[:2]:
            aboard = state.unit(unit.id)
            aboard.space, aboard.carried_by = zone, ship.id
    win = build_window(tmp_path_factory.mktemp("cards"), game, state, size=(1920, 1080))
    yield win
    close_quietly(win)


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_no_cargo_card_covers_a_name(window: MainWindow, zoom: float) -> None:
    window.fit_map()
    if zoom != 1.0:
        window.view.zoom_by(zoom)
    window.pieces.layout()
    assert any(item.cargo_types and item.isVisible() for item in window.pieces.items.values())
    wrong = covered_names(window)
    assert not wrong, "\n".join(wrong)
    # (and the stacks stand where they stood: on their own spaces, off the others)
    assert not misplaced(window) and not crowded(window)


def test_a_stack_with_cargo_takes_a_clear_slot_the_others_keep_theirs() -> None:
    carrier = StackKey("sz_11", UnitType.CARRIER, Nation.USA)
    transport = StackKey("sz_11", UnitType.TRANSPORT, Nation.USA)
    points = [QPointF(0, 0), QPointF(0, 10), QPointF(0, 20)]
    # new stacks: the carrier's own slot 0 leaves its card over the number, slot 1 does not
    slot_of = {carrier: 0, transport: 1}
    assert stay([carrier, transport], points, {}, slot_of, {carrier},
                [False, True, True]) == [points[1], points[0]]
    assert slot_of == {carrier: 1, transport: 0}
    # drawn before: the transport keeps its place, the carrier goes to the clear slot left
    slot_of = {carrier: 0, transport: 1}
    before = {carrier: points[0], transport: points[1]}
    assert stay([carrier, transport], points, before, slot_of, {carrier},
                [False, True, True]) == [points[2], points[1]]
    # no clear slot free: as before, the nearest
    assert stay([carrier, transport], points[:2], before, {carrier: 0, transport: 1},
                {carrier}, [False, True]) == [points[0], points[1]]
