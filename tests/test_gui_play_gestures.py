"""Gestures a new player tries in a real window: Escape in a question that must be answered,
and the like."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import _move, make_window
from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtGui import QDrag
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import board, scenario, snapshot
from test_gui_battle import burma_window

from pacific.gui.panels import TurnPanel
from pacific.gui.pieces import StackKey
from pacific.gui.tray import PlacementTray
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

MANCHURIA_INF = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)


def test_escape_keeps_the_convoy_question_up_r_income_3(qtbot: QtBot, tmp_path: Path) -> None:
    """Escape in the British convoy split must not leave the game with a question nobody can
    answer any more (Buy units and Next phase greyed until the split, R-INCOME-3)."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=3))
    dialog = window.dialogs.convoy
    assert dialog is not None and dialog.isVisible()
    QTest.keyClick(dialog, Qt.Key.Key_Escape)
    QApplication.processEvents()
    assert dialog.isVisible() and window.dialogs.convoy is dialog
    dialog.accept()
    QApplication.processEvents()
    assert window.controller is not None and not window.controller.state.convoy_split_due


def test_escape_mid_drag_calls_the_drag_off(qtbot: QtBot, tmp_path: Path) -> None:
    """Escape while the button is held: the stack slides back, the lit spaces go out, and the
    release over an open space moves nothing (R-MOVE-3 drops only on purpose)."""
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    view = window.view
    item = window.pieces.items[MANCHURIA_INF]
    origin = item.pos()
    start = view.mapFromScene(item.scenePos())
    end = view.mapFromScene(window.board_scene.centre_of("suiyuan"))
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 7):
        _move(vp, start + (end - start) * i / 6, Qt.KeyboardModifier.NoModifier)
    assert window.board_scene.highlighted()          # the drag is live
    QTest.keyClick(vp, Qt.Key.Key_Escape)
    assert window.board_scene.highlighted() == {}
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    QApplication.processEvents()
    assert snapshot(window.controller.state) == before
    assert window.pieces.items[MANCHURIA_INF].pos() == origin


def test_the_minimap_stays_off_a_tiny_window(qtbot: QtBot, tmp_path: Path) -> None:
    """At 600x400 the map's view is under 300 pixels wide: the overview, at its least, would
    cover about half of it; it stays hidden there and comes back in a larger window."""
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    view = window.view
    view.zoom_by(3.0)
    QApplication.processEvents()
    assert view.minimap.isVisible()
    window.resize(600, 400)
    QApplication.processEvents()
    vp = view.viewport()
    assert vp.width() < 3 * view.minimap.MIN_WIDTH
    assert not view.minimap.isVisible()
    window.resize(1024, 700)
    QApplication.processEvents()
    view.zoom_by(1.2)
    assert view.minimap.isVisible()


def test_a_unit_from_the_tray_is_held_by_its_centre_r_place_4(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The new unit's picture stands centred on the pointer: held by its corner, a ship aimed
    with its picture at a sea zone fell on the land under the pointer (R-PLACE-4 refusal)."""
    import pacific.gui.tray as tray_module

    held: list[tuple[QPoint, QSize]] = []

    class Held(QDrag):
        def exec(self, *_args: object) -> Qt.DropAction:  # type: ignore[override]
            held.append((self.hotSpot(), self.pixmap().size()))
            return Qt.DropAction.IgnoreAction

    monkeypatch.setattr(tray_module, "QDrag", Held)
    _game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: {UnitType.TRANSPORT: 1}})
    tray = PlacementTray()
    qtbot.addWidget(tray)
    tray.show_state(state)
    tray.show()
    qtbot.mousePress(tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=tray.visualItemRect(tray.item(0)).center())
    tray.startDrag(Qt.DropAction.CopyAction)
    (spot, size), = held
    assert spot == QPoint(size.width() // 2, size.height() // 2)


def test_a_press_on_a_greyed_tray_line_drags_nothing_r_place_1(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line all placed stays in the tray, greyed. Pressed and dragged, it dragged the
    current line's units instead (India's empty infantry line moved Australia's infantry in a
    real window); it drags nothing, and another line still drags its own units."""
    import pacific.gui.tray as tray_module

    dragged: list[tuple[Nation, UnitType]] = []

    class Held(QDrag):
        def exec(self, *_args: object) -> Qt.DropAction:  # type: ignore[override]
            return Qt.DropAction.IgnoreAction

    monkeypatch.setattr(tray_module, "QDrag", Held)
    _game, state = scenario(phase=Phase.PLACE, purchased={
        Nation.JAPAN: {UnitType.TRANSPORT: 1, UnitType.INFANTRY: 2}})
    tray = PlacementTray()
    qtbot.addWidget(tray)
    tray.drag_started.connect(lambda nation, unit_type: dragged.append((nation, unit_type)))
    tray.show_state(state)
    state.purchased[Nation.JAPAN][UnitType.INFANTRY] = 0   # all placed: its line greyed
    tray.show_state(state)
    tray.show()
    infantry, transport = tray.item(0), tray.item(1)
    assert "Infantry" in infantry.text() and "Transport" in transport.text()
    tray.setCurrentItem(transport)
    qtbot.mousePress(tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=tray.visualItemRect(infantry).center())
    tray.startDrag(Qt.DropAction.CopyAction)
    assert dragged == []
    qtbot.mousePress(tray.viewport(), Qt.MouseButton.LeftButton,
                     pos=tray.visualItemRect(transport).center())
    tray.startDrag(Qt.DropAction.CopyAction)
    assert dragged == [(Nation.JAPAN, UnitType.TRANSPORT)]


def test_a_phase_name_cut_by_the_panel_ends_with_an_ellipsis(qtbot: QtBot) -> None:
    """At 1024x700 the side panel is narrow: the current phase, in bold, read "8. Surface
    submarines, repair battle", a wrong name; cut, it ends with "…" and stays whole in
    ``text``."""
    game, state = scenario(phase=Phase.RESET)
    panel = TurnPanel()
    qtbot.addWidget(panel)
    panel.show_state(game.board, state)
    panel.resize(240, 600)
    panel.show()
    QApplication.processEvents()
    label = panel.phase_labels[Phase.RESET]
    assert label.text() == "▶ 8. Surface submarines, repair battleships"
    assert label.shown().endswith("…") and len(label.shown()) < len(label.text())
    panel.resize(700, 600)
    QApplication.processEvents()
    assert label.shown() == label.text()


def test_raising_another_casualty_row_swaps_the_casualty_r_combat_6(
        qtbot: QtBot, tmp_path: Path) -> None:
    """All hits named by the suggestion: a click on another row's up arrow takes that unit
    instead (before, the arrow did nothing until the player had lowered a row first)."""
    window = burma_window(qtbot, tmp_path, typed=False)
    assert window.submit(EndPhase()) is None
    window.controller.dice_factory = lambda state: FixedDice([6, 6, 6, 1, 1])
    assert window.submit(SelectBattle(space="burma")) is None
    board = window.battle_board
    rows = {board.casualty_table.item(r, 0).text(): spin
            for r, (_, spin) in enumerate(board.casualty_spins)}
    assert rows["Infantry"].value() == 2 and rows["Artillery"].value() == 0
    rows["Artillery"].stepUp()
    assert rows["Artillery"].value() == 1 and rows["Infantry"].value() == 1
    assert board.casualty_total.text() == "2 of 2 chosen" and board.take_button.isEnabled()


def test_a_click_on_a_stack_that_cannot_move_says_what_is_in_it(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Outside the movement phases a stack's press pans the map; a click on it still says
    what is in it, as a click on a movable stack does (it said nothing)."""
    game, state = scenario(phase=Phase.PURCHASE)
    window = make_window(qtbot, tmp_path, game, state)
    view = window.view
    item = window.pieces.items[MANCHURIA_INF]
    assert not item.movable
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(item.scenePos()))
    QApplication.processEvents()
    assert "infantry" in window.status_strip.text().lower()
