"""A sea zone whose stacks are drawn smaller (Sea Zone 38 with both fleets, at 1024x700 zoomed
in twice) keeps each stack where it stands when another arrives or leaves: the stacks are drawn
as small as before while they fit, each at the slot nearest where it stood."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_gui_drop_trail import zoom_on
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.main_window import MainWindow
from pacific.gui.stacks import StackKey
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.files.maps import find_map
from pacific.rules.files.scenario import load_scenario
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType


def _places(window: MainWindow) -> dict[StackKey, QPointF]:
    return {key: item.scenePos() for key, item in window.pieces.items.items()
            if key.space == "sz_38" and item.isVisible()}


def _sail(window: MainWindow, unit_type: UnitType) -> None:
    """One of Japan's ``unit_type`` from Sea Zone 36 into Sea Zone 38."""
    state = window.controller.state
    ship = next(u for u in state.units_at("sz_36")
                if u.owner is Nation.JAPAN and u.type is unit_type)
    move = Move(units=(ship.id,), path=("sz_36", "sz_35", "sz_38"))
    assert window.controller.submit(move) is None
    QApplication.processEvents()


def _first_turn(tmp_path: Path, size: tuple[int, int]) -> MainWindow:
    """Japan's first turn (seed 3) in a window of ``size``."""
    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    window = build_window(tmp_path, game, state, size=size)
    window.dialogs.handover = None
    return window


def test_smaller_stacks_keep_their_places_when_one_comes_or_goes(qtbot: QtBot,
                                                                  tmp_path: Path) -> None:
    window = _first_turn(tmp_path, (1024, 700))
    try:
        zoom_on(window, "sz_38", 2.0)
        _sail(window, UnitType.BATTLESHIP)   # (the battle's marker comes: a new layout)
        pieces = window.pieces
        assert pieces.squeezed("sz_38") < 1.0 and not pieces.summarised("sz_38")
        before = _places(window)
        _sail(window, UnitType.DESTROYER)
        after = _places(window)
        assert len(after) == len(before) + 1
        moved = [key.unit_type.value for key in before if after[key] != before[key]]
        assert not moved, moved
        assert window.controller.undo()   # the destroyer back: the others stay
        QApplication.processEvents()
        assert _places(window) == before
    finally:
        close_quietly(window)


def _send(window: MainWindow, space: str, unit_type: UnitType, path: tuple[str, ...]) -> None:
    """All of Japan's ``unit_type`` in ``space`` along ``path``."""
    units = tuple(u.id for u in window.controller.state.units_at(space)
                  if u.owner is Nation.JAPAN and u.type is unit_type)
    assert window.controller.submit(Move(units=units, path=path)) is None
    QApplication.processEvents()


# The slots of smaller markers are found afresh for one more stack: `Layout._squeeze` keeps
# only the whole slots of the stacks standing (`keep`), and `PieceLayer.layout` passes none
# once the space is drawn smaller; the fighters drawn smaller move 90 pixels.
# (not strict: with the names off their neighbours' land, this position's stacks in Sea Zone
# 38 no longer jump, though the cause is not fixed)
@pytest.mark.xfail(strict=False, reason="a smaller marker's slot is not kept (piece_layout)")
def test_a_ship_joining_an_attack_at_sea_moves_no_stack_there(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    """At 1920x1080 fitted, Sea Zone 38 with the American ships and Japan's fighters that
    attack them, drawn smaller: the battleship that joins the attack moves none of them."""
    window = _first_turn(tmp_path, (1920, 1080))
    try:
        _send(window, "formosa", UnitType.FIGHTER, ("formosa", "sz_45", "sz_38"))
        before = _places(window)
        _send(window, "sz_45", UnitType.BATTLESHIP, ("sz_45", "sz_38"))
        after = _places(window)
        assert len(after) == len(before) + 1
        moved = {f"{key.owner.value} {key.unit_type.value}":
                 round((after[key] - before[key]).manhattanLength())
                 for key in before if after[key] != before[key]}
        assert not moved, moved
    finally:
        close_quietly(window)
