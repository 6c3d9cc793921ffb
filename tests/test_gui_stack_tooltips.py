"""A stack's tooltip is made when the pointer first reaches it, not when the map is drawn:
the first paint draws two hundred stacks and the player hovers few (docs/performance.md)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneHoverEvent
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui import pieces
from pacific.gui.piece_items import MarkerItem
from pacific.gui.pieces import PieceLayer, StackKey
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType


def _hover(scene: QGraphicsScene, item: MarkerItem, kind: QEvent.Type) -> None:
    # What the view sends a marker when the pointer enters it or moves over it (sent to the
    # item itself: a real pointer's events would reach a modal dialog another test left open).
    event = QGraphicsSceneHoverEvent(kind)
    event.setScenePos(item.scenePos())
    scene.sendEvent(item, event)


def test_a_stack_s_tooltip_is_made_on_its_first_hover(qtbot: QtBot,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[StackKey] = []
    describe = pieces.describe_stack
    monkeypatch.setattr(pieces, "describe_stack",
                        lambda board, state, key, *rest: made.append(key) or describe(
                            board, state, key, *rest))
    game, state = scenario(units={"burma": "2 infantry india", "india": "1 fighter india"})
    scene = QGraphicsScene()
    layer = PieceLayer(scene, game.board,
                       lambda space, n: [QPointF(200 * (space == "india") + 10 * i, 100)
                                         for i in range(n)], 30.0)
    layer.sync(state, lambda key: True)
    infantry = layer.items[StackKey("burma", UnitType.INFANTRY, Nation.INDIA)]
    fighter = layer.items[StackKey("india", UnitType.FIGHTER, Nation.INDIA)]
    assert made == []
    assert QGraphicsItem.toolTip(infantry) == ""   # Qt's own tooltip: none yet
    _hover(scene, infantry, QEvent.Type.GraphicsSceneHoverEnter)
    assert "Infantry" in QGraphicsItem.toolTip(infantry)
    assert made == [infantry.key]
    # A marker given another stack's text under the pointer (a later sync's refill) has it
    # made when the pointer next moves, without leaving the marker.
    infantry.tip(lambda: "refilled")
    assert QGraphicsItem.toolTip(infantry) == ""
    _hover(scene, infantry, QEvent.Type.GraphicsSceneHoverMove)
    assert QGraphicsItem.toolTip(infantry) == "refilled"
    # Asked from Python, the text is made too, once.
    assert "Fighter" in fighter.toolTip()
    assert fighter.toolTip() == QGraphicsItem.toolTip(fighter)
    assert made == [infantry.key, fighter.key]
