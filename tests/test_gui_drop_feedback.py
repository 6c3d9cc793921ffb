"""A drag says what its drop will do, and a drop that does nothing says why: where only some
of the dragged units may go (eight infantry onto ships with room for seven, R-TRANS-1), the
place is lit and the status says how many can go, as the drop then moves them (the engine's
`largest_drop`); a drop where the units stand, or on no space, snaps back with a note that
says so, never without a word."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import drag_stack_to, make_window
from PySide6.QtCore import QLineF, QPointF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot

from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

DESTROYER = StackKey("sz_6", UnitType.DESTROYER, Nation.JAPAN)
INFANTRY = StackKey("korea", UnitType.INFANTRY, Nation.JAPAN)


def _other_water(window: MainWindow, space: str, away_from: QPointF) -> QPointF:
    """A point of ``space`` with no marker on it, the farthest from ``away_from``."""
    scene = window.board_scene
    box = scene.outline(space).boundingRect()
    points = [QPointF(box.left() + box.width() * i / 20, box.top() + box.height() * j / 20)
              for i in range(21) for j in range(21)]
    free = [p for p in points if scene.space_at(p) == space and window.marker_space_at(p) is None]
    return max(free, key=lambda p: QLineF(p, away_from).length())


def test_a_drop_where_the_units_stand_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE, units={"sz_6": "1 destroyer japan"})
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    origin = window.pieces.items[DESTROYER].pos()
    drag_stack_to(qtbot, window, DESTROYER, _other_water(window, "sz_6", origin))
    assert snapshot(window.controller.state) == before
    assert window.pieces.items[DESTROYER].pos() == origin and not window.drag.active
    text = window.status_strip.text()
    assert "Sea Zone 6" in text, text
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible() and "Sea Zone 6" in popup.message.text()
    assert not popup.rule.isVisible()   # no rule: no empty rule marker


def test_a_drop_on_no_space_says_so(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE, units={"sz_6": "1 destroyer japan"})
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    scene = window.board_scene
    box = scene.scene.itemsBoundingRect()
    outside = QPointF(box.right() + 500, box.bottom() + 500)
    assert scene.space_at(outside) is None
    drag_stack_to(qtbot, window, DESTROYER, outside)
    assert snapshot(window.controller.state) == before
    assert "No space" in window.status_strip.text(), window.status_strip.text()


def test_a_place_only_some_of_a_dragged_group_may_go_is_lit_and_says_how_many(
        qtbot: QtBot, tmp_path: Path) -> None:
    """Five infantry dragged over two transports that carry four (R-TRANS-1): the zone is lit
    while they are dragged, the status says four of five can go, and the drop boards four."""
    from gui_helpers import _move
    from PySide6.QtCore import Qt

    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"korea": "5 infantry japan", "sz_6": "2 transport japan"})
    window = make_window(qtbot, tmp_path, game, state)
    view, scene = window.view, window.board_scene
    vp = view.viewport()
    start = view.mapFromScene(window.pieces.items[INFANTRY].scenePos())
    end = view.mapFromScene(_other_water(window, "sz_6", QPointF()))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for i in range(1, 7):
        _move(vp, start + (end - start) * i / 6, Qt.KeyboardModifier.NoModifier)
    assert scene.highlighted().get("sz_6") == "load"
    text = window.status_strip.text()
    assert "4 of 5 can go" in text and "R-" in text, text
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)
    QApplication.processEvents()
    aboard = [u for u in window.controller.state.units_at("sz_6")
              if u.type is UnitType.INFANTRY]
    assert len(aboard) == 4


def test_a_refused_drop_names_the_space_it_landed_on(qtbot: QtBot, tmp_path: Path) -> None:
    """The note beside a refused drop says which space the drop landed on, with the rule."""
    from gui_helpers import drag_stack

    game, state = scenario(phase=Phase.COMBAT_MOVE, units={"sz_6": "1 destroyer japan"})
    window = make_window(qtbot, tmp_path, game, state)
    before = snapshot(window.controller.state)
    drag_stack(qtbot, window, DESTROYER, "korea")   # (land: R-MOVE-5)
    assert snapshot(window.controller.state) == before
    popup = window.refusals.popup
    assert popup is not None and popup.isVisible()
    assert popup.message.text().startswith("Dropped on Korea: "), popup.message.text()
    assert "R-MOVE-5" in popup.rule.text()
