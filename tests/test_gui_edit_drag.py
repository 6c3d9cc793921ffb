"""Edit mode's drag: a stack on the wrong space dragged where it belongs is one correction
(`edit_move_units`), undone in one step; what the board cannot hold is refused with the rule;
the unit picker (a merged marker's, right-click included) drags and gives the stacks' menus."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack, make_window
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QGraphicsSceneContextMenuEvent
from pytestqt.qtbot import QtBot
from scenario import board, u

from pacific.gui.main_window import MainWindow
from pacific.gui.piece_items import SummaryItem
from pacific.gui.pieces import StackKey
from pacific.gui.unit_picker import Token
from pacific.rules.actions.edit import EditMode
from pacific.rules.engine import Game
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

J = Nation.JAPAN


def _editing(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=3))
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()
    assert window.submit(EditMode(on=True)) is None
    return window


def test_a_stack_dragged_in_edit_mode_moves_in_one_correction_and_one_undo(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _editing(qtbot, tmp_path)
    before = window.controller.state
    korea = u(before, "korea", "infantry", J)
    drag_stack(qtbot, window, StackKey("korea", UnitType.INFANTRY, J), "siam")
    state = window.controller.state
    assert set(korea) <= set(u(state, "siam", "infantry", J)) and not u(state, "korea",
                                                                         "infantry", J)
    assert window.controller.history.records[-1].action.kind == "edit_move_units"
    assert window.log.lines()[-1].endswith("moved from Korea to Siam")
    window.undo()
    assert set(u(window.controller.state, "korea", "infantry", J)) == set(korea)


def test_a_ship_dragged_onto_land_in_edit_mode_is_refused_with_the_rule(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _editing(qtbot, tmp_path)
    before = window.controller.state
    drag_stack(qtbot, window, StackKey("sz_6", UnitType.DESTROYER, J), "korea")
    assert window.controller.state is before
    line = window.log.lines()[-1]
    assert line.startswith("Refused: A ship stands only at sea: 1 destroyer of Japan cannot "
                           "stand in Korea, a land territory.") and "R-UNIT-1" in line


def test_the_unit_picker_drags_and_gives_each_stacks_menu_in_edit_mode(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = _editing(qtbot, tmp_path)
    picker = window.picker
    assert picker is not None
    picker.open_at("korea", QPoint(20, 20))
    token = picker.findChildren(Token)[0]
    assert token.spin is not None                 # every stack may be dragged in edit mode
    QApplication.sendEvent(token, QContextMenuEvent(QContextMenuEvent.Reason.Mouse,
                                                    QPoint(4, 4), token.mapToGlobal(
                                                        QPoint(4, 4))))
    menu = window.editing.menu
    assert menu is not None and "Remove one" in [a.text() for a in menu.actions()]
    menu.close()


def test_a_right_click_on_a_merged_marker_opens_the_unit_picker(qtbot: QtBot) -> None:
    state = Game(board("mini")).new_game(players=3, seed=3)
    units = [state.units[i] for i in u(state, "korea", "infantry")]
    marker = SummaryItem("korea", None, units, 30, "")
    opened: list[str] = []
    marker.clicked.connect(opened.append)
    event = QGraphicsSceneContextMenuEvent(
        QGraphicsSceneContextMenuEvent.Type.GraphicsSceneContextMenu)
    event.setScenePos(QPointF(0, 0))
    marker.contextMenuEvent(event)
    assert opened == ["korea"]
