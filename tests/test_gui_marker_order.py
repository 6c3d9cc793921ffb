"""A stack drawn on its own takes the press over a small neighbour's summary marker that
spills onto it: a player who grabs the stack they see, or the piece a tutorial rings, drags
that stack, not the neighbour's marker (which would open the unit picker instead)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from pacific.gui.piece_items import StackItem, SummaryItem
from pacific.gui.pieces import MIN_PIXELS, StackKey
from pacific.rules.nations import Nation
from pacific.rules.state import Unit
from pacific.rules.units import UnitType


def test_a_stack_is_above_a_neighbours_summary_marker(qtbot: QtBot) -> None:
    scene = QGraphicsScene()
    infantry = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.INDIA, space="shan_state")
                for i in (1, 2)]
    stack = StackItem(StackKey("shan_state", UnitType.INFANTRY, Nation.INDIA), infantry, [],
                      MIN_PIXELS, "")
    burma = [Unit(id=i, type=UnitType.INFANTRY, owner=Nation.INDIA, space="burma")
             for i in (3, 4)]
    # Made after the stack (as the piece layer makes them): at equal heights it would be
    # on top.
    summary = SummaryItem("burma", Nation.INDIA, burma, MIN_PIXELS, "")
    scene.addItem(stack)
    scene.addItem(summary)
    stack.setPos(QPointF(100, 100))
    summary.setPos(QPointF(104, 104))   # spilling onto the stack
    top = scene.items(QPointF(100, 100))[0]
    assert top is stack
