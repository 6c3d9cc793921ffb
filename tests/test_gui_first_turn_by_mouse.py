"""Acceptance: Japan's first turn on the real board in the window at 1024x700, by clicks and
drags only, with the dice typed in on the battle board and the log, the battle board, the panels
and the pieces checked against the engine after every step (`Walk.check`).

- Combat movement: every movable Japanese stack is clicked three ways (a plain click, two
  pixels of jitter between press and release, a double click): nothing is applied.
- Pearl Harbor: the carrier stack of Sea Zone 20 (3 carriers, 6 fighters aboard) is dragged
  into Sea Zone 9; the warning says the fighters ride as cargo (R-NAVAL-5); the player moves
  anyway. The United States' dice all hit (1: it defends at 1, R-FIRSTTURN-1), the carriers sink
  and the battle's result names the 6 fighters lost with them.
- An amphibious assault by drops: Korea's infantry dropped on Sea Zone 37 go aboard its
  transport, and the loaded transport dropped on Kiangsi moves there and unloads (the engine's
  `drop_actions` says so); Formosa's fighters join the attack.
- Non-combat movement ends with those fighters still over Kiangsi, captured this turn: the
  warning names them (R-COMBAT-10); Cancel changes nothing; they fly home by a drag and
  the phase ends with nothing lost.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import _move, drag_stack, drag_stack_to, make_window, open_point
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import snapshot
from test_gui_play_through import SIZE, Walk, japan_at_combat_movement, unpainted
from test_gui_real_board import BOARD

from pacific.gui.pieces import StackKey
from pacific.gui.rule_wrap import as_typed
from pacific.gui.scene import has_geometry
from pacific.rules.battle_views import battle_result
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.text import message_text

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(has_geometry(BOARD) is None,
                                 reason="the real map's geometry is not installed")]

J = Nation.JAPAN


def _unchanged(walk: Walk, records: int, before: object) -> None:
    """No action was applied: the history and the state are as they were."""
    QApplication.processEvents()
    assert walk.window.controller is not None
    assert len(walk.window.controller.history.records) == records
    assert snapshot(walk.state) == before


def _click_three_ways(qtbot: QtBot, walk: Walk, key: StackKey) -> None:
    """A plain click, a press and release 2 px apart, and a double click on the stack."""
    window = walk.window
    viewport = window.view.viewport()
    assert window.controller is not None
    records = len(window.controller.history.records)
    before = snapshot(walk.state)
    at = window.view.mapFromScene(window.pieces.items[key].scenePos())
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
    _unchanged(walk, records, before)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
    _move(viewport, at + QPoint(1, 1), Qt.KeyboardModifier.NoModifier)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at + QPoint(2, 0))
    _unchanged(walk, records, before)
    # What the window system sends for a double click: press, release, double click, release.
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
    QApplication.sendEvent(viewport, QMouseEvent(
        QEvent.Type.MouseButtonDblClick, QPointF(at), QPointF(viewport.mapToGlobal(at)),
        Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
    _unchanged(walk, records, before)
    assert not window.drag.active
    walk.check()


def _look_at(window, space: str, then: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """As a player does: zoom in on ``space`` until its stacks show, then centre the view
    between it and ``then`` so that both stay in sight."""
    window.view.fit_to_window()
    window.zooming.zoom_to_space(space)
    if then is not None:
        scene = window.board_scene
        window.view.centerOn((scene.centre_of(space) + scene.centre_of(then)) / 2)
    window.pieces.layout()
    QApplication.processEvents()


def _answer(window, proceed: bool) -> str:  # type: ignore[no-untyped-def]
    box = window.dialogs.confirm
    assert isinstance(box, QMessageBox) and box.isVisible()
    text = as_typed(box.text())   # (rule ids shown unbroken: `rule_wrap`)
    if proceed:
        button = next(b for b in box.buttons()
                      if box.buttonRole(b) is QMessageBox.ButtonRole.AcceptRole)
    else:
        button = box.button(QMessageBox.StandardButton.Cancel)
    QtBot.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not box.isVisible()
    return text


def test_japan_plays_its_first_turn_by_clicks_and_drags_without_a_silent_loss(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(BOARD)
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=4), size=SIZE)
    unpainted(window)
    walk = japan_at_combat_movement(qtbot, window)
    controller = window.controller
    assert controller is not None
    window.prefs.confirm_end_phase = True      # "Ask before ending a phase", as by default

    # ---- every movable stack, clicked three ways: nothing moves ----
    movable = game.movable_units(walk.state)
    spaces = sorted({walk.state.units[i].space for i in movable})
    clicked = 0
    for space in spaces:
        _look_at(window, space)
        keys = [key for key, item in window.pieces.items.items()
                if key.space == space and key.owner is J and item.movable and item.isVisible()]
        assert keys, space
        for key in keys:
            _click_three_ways(qtbot, walk, key)
            clicked += 1
    assert (clicked, len(spaces)) == (48, 23)   # Japan's movable stacks, and their spaces

    # ---- Pearl Harbor: the carrier stack, its fighters riding as cargo (R-NAVAL-5) ----
    carriers = StackKey("sz_20", UnitType.CARRIER, J)
    carrier_ids = {u.id for u in walk.state.units_at("sz_20") if u.type is UnitType.CARRIER}
    fighters = {u.id for u in walk.state.units_at("sz_20") if u.carried_by in carrier_ids}
    assert len(carrier_ids) == 3 and len(fighters) == 6
    _look_at(window, "sz_20", "sz_9")
    before = snapshot(walk.state)
    drag_stack(qtbot, window, carriers, "sz_9")
    text = _answer(window, proceed=False)
    assert "6 fighters ride as cargo into the battle in Sea Zone 9" in text, text
    assert "must land within 1 space or are lost (R-NAVAL-5)" in text, text
    assert snapshot(walk.state) == before and not window.drag.active
    walk.check()
    drag_stack(qtbot, window, carriers, "sz_9")
    _answer(window, proceed=True)
    walk.check()
    assert {u.id for u in walk.state.units_at("sz_9") if u.owner is J} == carrier_ids | fighters

    # ---- an amphibious assault loaded and unloaded by drops ----
    korea = {u.id for u in walk.state.units_at("korea") if u.type is UnitType.INFANTRY}
    transport = next(u.id for u in walk.state.units_at("sz_37"))
    _look_at(window, "korea", "sz_37")
    drag_stack(qtbot, window, StackKey("korea", UnitType.INFANTRY, J), "sz_37")
    walk.check()
    assert {walk.state.units[i].carried_by for i in korea} == {transport}
    _look_at(window, "sz_37", "kiangsi")
    drag_stack_to(qtbot, window, StackKey("sz_37", UnitType.TRANSPORT, J),
                  open_point(window, "kiangsi"))
    walk.check()
    assert controller.history.records[-1].action.kind == "unload"
    assert walk.state.units[transport].space == "sz_37"   # it unloads where it stands
    # The infantry stay aboard until the assault lands them (R-COMBATMOVE-8, R-TRANS-7).
    assert [(a.target, set(a.landing_units)) for a in walk.state.amphibious_assaults] == \
        [("kiangsi", korea)]
    fighters_out = {u.id for u in walk.state.units_at("formosa")}
    _look_at(window, "formosa", "kiangsi")
    drag_stack_to(qtbot, window, StackKey("formosa", UnitType.FIGHTER, J),
                  open_point(window, "kiangsi"))
    walk.check()
    assert {walk.state.units[i].space for i in fighters_out} == {"kiangsi"}

    # ---- combat: Kiangsi taken; Pearl Harbor sinks the carriers and their cargo ----
    walk.next_phase()
    # (the cargo's risk was accepted with "Move anyway" at the move: the phase's end does not
    # ask it again, R-NAVAL-5)
    box = window.dialogs.confirm
    assert box is None or not box.isVisible()
    walk.check()
    assert walk.state.phase is Phase.COMBAT
    assert walk.fight("kiangsi").startswith("Japan takes Kiangsi")
    walk.hitting = {Power.JAPAN, Power.US}    # the US defends at 1 and every die hits
    result = walk.fight("sz_9")
    over = next(b for b in walk.state.battles if b.space == "sz_9")
    assert result == message_text(battle_result(game.board, over), game.board)
    assert "Japan lost 6 fighters, 3 aircraft carriers" in result, result
    assert not ({u.id for u in walk.state.units.values()} & (carrier_ids | fighters))
    walk.hitting = {Power.JAPAN}

    # ---- non-combat movement: the fighters over Kiangsi, then flown home ----
    walk.next_phase()   # → production chart
    walk.next_phase()   # → non-combat movement
    assert walk.state.phase is Phase.NONCOMBAT_MOVE
    before = snapshot(walk.state)
    records = len(controller.history.records)
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    text = _answer(window, proceed=False)
    assert "(R-COMBAT-10)" in text and "2 fighters" in text and "Kiangsi" in text, text
    _unchanged(walk, records, before)
    walk.check()
    _look_at(window, "kiangsi", "formosa")
    drag_stack(qtbot, window, StackKey("kiangsi", UnitType.FIGHTER, J), "formosa")
    walk.check()
    assert {walk.state.units[i].space for i in fighters_out} == {"formosa"}
    assert game.phase_end_costs(walk.state) == ()
    units = len(walk.state.units)
    walk.next_phase()
    assert walk.state.phase is Phase.PLACE and len(walk.state.units) == units
