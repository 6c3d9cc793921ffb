"""Pieces on the map: stacks per (space, type, owner, condition), chips (EX-1), damaged
battleships (R-BB-1) and submerged submarines (R-SUB-6) apart, cargo shown on its ship."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.pieces import (
    Condition,
    PieceLayer,
    StackKey,
    chips_for,
    describe_space,
    group_stacks,
)
from pacific.rules.copying import clone_state
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def test_chips_count_like_the_board_ex_1() -> None:
    """EX-1: a red chip counts 5, a grey chip 1."""
    assert chips_for(1) == (0, 1)
    assert chips_for(5) == (1, 0)
    assert chips_for(7) == (1, 2)
    assert chips_for(12) == (2, 2)


def test_damaged_battleship_and_submerged_sub_are_stacks_of_their_own() -> None:
    """R-BB-1 and R-SUB-6: they look different, so they never share a stack."""
    _, state = scenario(units={"sz_6": "2 battleship japan, 2 submarine japan"})
    bb = u(state, "sz_6", "battleship")
    sub = u(state, "sz_6", "submarine")
    state.units[bb[0]].damaged = True
    state.units[sub[1]].submerged = True
    stacks = group_stacks(state)
    assert {k: [x.id for x in v] for k, v in stacks.items()} == {
        StackKey("sz_6", UnitType.BATTLESHIP, Nation.JAPAN, Condition.DAMAGED): [bb[0]],
        StackKey("sz_6", UnitType.BATTLESHIP, Nation.JAPAN): [bb[1]],
        StackKey("sz_6", UnitType.SUBMARINE, Nation.JAPAN): [sub[0]],
        StackKey("sz_6", UnitType.SUBMARINE, Nation.JAPAN, Condition.SUBMERGED): [sub[1]],
    }


def test_cargo_is_drawn_on_its_ship_not_as_a_stack(qtbot: QtBot) -> None:
    """R-TRANS-1: units aboard a transport travel with it; the transport shows them."""
    _, state = scenario(units={"sz_6": "1 transport japan, 1 infantry japan, 1 armor japan"})
    ship = u(state, "sz_6", "transport")[0]
    for uid in u(state, "sz_6", "infantry") + u(state, "sz_6", "armor"):
        state.unit(uid).carried_by = ship
    scene = QGraphicsScene()
    layer = PieceLayer(scene, _board(), lambda space, n: [QPointF(i * 10, 0) for i in range(n)],
                       10.0)
    layer.sync(state, lambda key: True)
    assert list(layer.items) == [StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN)]
    item = layer.items[StackKey("sz_6", UnitType.TRANSPORT, Nation.JAPAN)]
    assert item.cargo_types == ((UnitType.INFANTRY, Nation.JAPAN), (UnitType.ARMOR, Nation.JAPAN))
    assert "Infantry aboard a transport" in item.toolTip()


def test_hover_text_lists_everything_in_a_region() -> None:
    _, state = scenario(units={"burma": "2 infantry india, 1 aa_gun india"})
    text = describe_space(_board(), state, "burma")
    assert text.splitlines() == ["Burma (India)", "  India: 1 × AA gun", "  India: 2 × Infantry"]


def test_sync_mirrors_the_state_after_a_change(qtbot: QtBot) -> None:
    _, state = scenario(units={"burma": "2 infantry india", "india": "1 fighter india"})
    scene = QGraphicsScene()
    layer = PieceLayer(scene, _board(), lambda space, n: [QPointF(0, 0)] * n, 10.0)
    layer.sync(state, lambda key: key.unit_type is UnitType.INFANTRY)
    assert layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)].count == 2
    assert layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)].movable
    assert not layer.items[StackKey("india", UnitType.FIGHTER, Nation.INDIA)].movable
    # The next position, as the engine makes it: a copy whose changed units are new objects.
    state = clone_state(state)
    state.unit(u(state, "burma", "infantry")[0]).space = "india"
    layer.sync(state, lambda key: True)
    assert layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)].count == 1
    assert layer.items[StackKey("india", UnitType.INFANTRY, Nation.INDIA)].count == 1
    assert len(scene.items()) == 3


def test_sync_with_nothing_moved_keeps_the_items_and_updates_what_may_move(
        qtbot: QtBot) -> None:
    _, state = scenario(units={"burma": "2 infantry india"})
    layer = PieceLayer(QGraphicsScene(), _board(), lambda space, n: [QPointF(0, 0)] * n, 10.0)
    layer.sync(state, lambda key: True)
    item = layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)]
    later = clone_state(state)   # e.g. the next phase: the same unit objects
    later.phase = Phase.COMBAT
    layer.sync(later, lambda key: False)
    assert layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)] is item
    assert not item.movable


def _board():  # type: ignore[no-untyped-def]
    from scenario import board

    return board("mini")
