"""Where the unit picker stands and how its lines stay: it opens where it covers the least of
what a player drops on (off the space it shows, the pointer and the neighbouring spaces'
stacks), and between two drags its lines keep their places: a line whose stack left stays,
greyed, until the picker closes."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import close_quietly, drag_picker_line, make_window
from PySide6.QtCore import QRect
from pytestqt.qtbot import QtBot
from scenario import scenario, u
from test_gui_drop_trail import zoom_on
from test_gui_unit_picker import _click, _texts

from pacific.gui.main_window import MainWindow
from pacific.gui.piece_items import MarkerItem, StackItem
from pacific.gui.pieces import StackKey
from pacific.gui.unit_picker import GAP, MARGIN, Token
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType

INFANTRY = StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)
CARRIERS = StackKey("sz_6", UnitType.CARRIER, Nation.JAPAN)


def test_it_opens_off_its_space_and_the_neighbours_stacks(qtbot: QtBot, tmp_path: Path) -> None:
    """Manchuria's neighbours east of it hold stacks: the picker opens elsewhere, never over
    Manchuria's own stack."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"manchuria": "3 infantry japan", "anhwe": "1 infantry japan",
                                  "suiyuan": "1 armor japan"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    _click(qtbot, window, INFANTRY)
    picker, view = window.picker, window.view
    assert picker.isVisible()
    box = picker.geometry()
    for key, item in window.pieces.items.items():
        if item.isVisible() and key.space in ("manchuria", "anhwe", "suiyuan"):
            assert not box.contains(view.mapFromScene(item.scenePos())), key.space
    assert view.viewport().rect().contains(box)


def test_its_lines_keep_their_places_between_drags(qtbot: QtBot, tmp_path: Path) -> None:
    """The battleship leaves Sea Zone 6: its line stays, greyed ("none left"), and the
    carriers' token and the picker stay where they were, under the pointer's next press."""
    game, state = scenario(phase=Phase.NONCOMBAT_MOVE,
                           units={"sz_6": "2 carrier japan, 1 battleship japan"})
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    _click(qtbot, window, CARRIERS)
    picker = window.picker
    kinds = [UnitType.BATTLESHIP, UnitType.CARRIER]
    assert [row.key.unit_type for row in picker.rows] == kinds

    def carriers_token() -> Token:
        return next(t for t in picker.grid_holder.findChildren(Token)
                    if t.row.key.unit_type is UnitType.CARRIER)

    before = carriers_token().mapTo(window, carriers_token().rect().center())
    corner = picker.pos()
    drag_picker_line(qtbot, window, 0, "sz_5")
    assert len(u(window.controller.state, "sz_5", "battleship")) == 1
    assert picker.isVisible()
    assert [row.key.unit_type for row in picker.rows] == kinds
    assert picker.rows[0].ids == () and picker.spins[0] is None
    assert "none left" in _texts(window)
    assert carriers_token().mapTo(window, carriers_token().rect().center()) == before
    assert picker.pos() == corner
    # Closed and opened again, the picker shows only what is there.
    picker.close_picker()
    _click(qtbot, window, CARRIERS)
    assert [row.key.unit_type for row in picker.rows] == [UnitType.CARRIER]



def test_it_opens_off_the_overview_in_the_corner(qtbot: QtBot, tmp_path: Path) -> None:
    """The overview in the map's corner stands over the map's viewport and all it holds: a
    picker under it has its last lines (the bomber's, its count) hidden. On the crowded China
    coast, zoomed in at 1024x700, French Indo-China's picker opens where the overview leaves
    it whole."""
    from PySide6.QtCore import QPointF
    from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

    from pacific.rules.engine import Game
    from pacific.rules.files.maps import find_map
    from pacific.rules.files.scenario import load_scenario

    game = Game(BOARD)
    state = load_scenario(find_map("pacific") / "scenarios" / "japan_first_turn.json", BOARD,
                          seed=3)
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    view = window.view
    # three notches of the wheel, as a player zooms onto the China coast
    view.gesture_zoom(1.0015 ** 240, QPointF(210, 240))
    view.gesture_zoom(1.0015 ** 120, QPointF(200, 230))
    window.pieces.layout()
    overview = view.minimap
    assert overview.isVisible()
    corner = QRect(view.viewport().mapFrom(view, overview.pos()), overview.size())
    window.picker.open_at("french_indo_china",
                          view.mapFromScene(window.board_scene.centre_of("french_indo_china")))
    assert window.picker.isVisible() and len(window.picker.rows) == 5
    assert not window.picker.geometry().intersects(corner)



def _opened_beside(window: MainWindow, limit: int, spaces: set[str] | None = None,
                   always: bool = False, wide: bool = False) -> list[str]:
    """Open the picker from every stack and merged marker in sight (of ``spaces``); what went
    wrong: a picker past the viewport, more than ``limit`` pixels off the stack clicked, or
    over it where the viewport has room beside it (``always``: over it at all, the stack
    whole in sight before and not after, or no line's token whole in sight; ``wide``: its
    lines cut short sideways, a spin box hidden)."""
    view, picker = window.view, window.picker
    pixels = view.viewport().rect()
    items: list[MarkerItem] = [*window.pieces.items.values(), *window.pieces.summaries.values()]
    wanted = [item for item in items if item.isVisible()
              and pixels.contains(view.mapFromScene(item.scenePos()))
              and (not spaces or _space_of(item) in spaces)]
    centre = view.mapToScene(pixels.center())
    wrong = []
    for item in wanted:
        view.centerOn(centre)   # (the picker may have moved the map to make room beside)
        at = view.mapFromScene(item.scenePos())
        whole = pixels.contains(_drawn(window, item))
        space = _space_of(item)
        if isinstance(item, StackItem):
            picker.open_stack(item)
        else:
            window.gestures.summary_clicked(space)
        if not picker.isVisible():
            continue
        drawn = _drawn(window, item)
        box = picker.geometry()
        gap = max(box.left() - drawn.right(), drawn.left() - box.right(),
                  box.top() - drawn.bottom(), drawn.top() - box.bottom())
        room = GAP + 2 * MARGIN
        beside = always or drawn.left() >= box.width() + room or \
            pixels.width() - drawn.right() >= box.width() + room or \
            drawn.top() >= box.height() + room or \
            pixels.height() - drawn.bottom() >= box.height() + room
        tokens = [t for t in picker.grid_holder.findChildren(Token)
                  if t.visibleRegion().boundingRect().size() == t.size()]
        if not pixels.contains(box) or gap > limit or (beside and box.intersects(drawn)) or \
                (always and ((whole and not pixels.contains(drawn)) or not tokens)) or \
                (wide and picker.lines.viewport().width() < picker.grid_holder.width()):
            wrong.append(f"{space} at {at.toTuple()}: {box.getRect()} by {drawn.getRect()}")
        picker.close_picker()
    return wrong


def _space_of(item: MarkerItem) -> str:
    return item.key.space if isinstance(item, StackItem) else item.space


def _drawn(window: MainWindow, item: MarkerItem) -> QRect:
    """Where ``item`` is drawn, in the map's viewport pixels."""
    return item.deviceTransform(window.view.viewportTransform()).mapRect(
        item.boundingRect()).toAlignedRect()


def test_it_opens_beside_the_stack_clicked_never_over_it(qtbot: QtBot, tmp_path: Path) -> None:
    """Japan's first turn at 1024x700, four wheel steps in over China: from a stack or merged
    marker in sight, on the China coast or far from it, the picker opens beside it (no further
    than a token's width), inside the map's viewport, never over it; not in a far corner of
    the map. In a window of 600x420 it stays inside the viewport, off the stack wherever
    there is room beside it."""
    from test_gui_name_drop import _round_one_window

    window = _round_one_window(tmp_path, "anhwe")
    try:
        zoom_on(window, "anhwe", 1.0015 ** 480)
        assert _opened_beside(window, 40, {
            "french_indo_china", "kwangsi", "manchuria", "sz_36", "sz_26", "papua",
            "new_britain", "java", "malaya", "philippines", "caroline_islands", "india"}) == []
        window.resize(600, 420)
        zoom_on(window, "anhwe", 1.0)
        assert _opened_beside(window, 40) == []
    finally:
        close_quietly(window)


def test_in_a_small_window_it_leaves_the_stack_in_sight(qtbot: QtBot, tmp_path: Path) -> None:
    """At 640x480 and at the smallest size the window allows (a map of 68 by 262 pixels beside
    the side panel) there is no room beside a stack for the whole picker: it opens smaller,
    its lines scrolling, on the side with the most room, or the map moves to make that room;
    the stack clicked stays in sight, never under it, and a line's token shows whole."""
    from test_gui_name_drop import _round_one_window

    window = _round_one_window(tmp_path, "anhwe")
    try:
        for size in ((640, 480), window.minimumSizeHint().toTuple()):
            window.resize(*size)
            zoom_on(window, "anhwe", 1.0)
            # (a map 68 pixels wide shows a token, its words and spin box scrolled off)
            assert _opened_beside(window, 40, always=True, wide=size == (640, 480)) == [], size
    finally:
        close_quietly(window)


def test_where_no_side_has_room_the_map_moves_to_make_it(qtbot: QtBot, tmp_path: Path) -> None:
    """A map of 150 by 170 pixels (the event log docked under it, say): beside a stack in its
    middle no side has room even for a small picker, so the map moves the stack towards an
    edge, and the picker opens beside it, the stack whole in sight, never under it."""
    from test_gui_name_drop import _round_one_window

    window = _round_one_window(tmp_path, "anhwe")
    try:
        window.view.setMaximumSize(150, 170)
        zoom_on(window, "anhwe", 1.0)
        pixels = window.view.viewport().rect()
        assert pixels.width() <= 150 and pixels.height() <= 170
        stack = window.pieces.items[StackKey("manchuria", UnitType.INFANTRY, Nation.JAPAN)]
        window.view.center_on_scene_point(stack.scenePos())
        before = _drawn(window, stack)
        window.picker.open_stack(stack)
        after = _drawn(window, stack)
        assert window.picker.isVisible() and after != before
        assert pixels.contains(after) and not window.picker.geometry().intersects(after)
        assert _opened_beside(window, 40, always=True) == []
    finally:
        close_quietly(window)


def test_the_wheel_over_a_small_picker_scrolls_its_lines_not_the_map(
        qtbot: QtBot, tmp_path: Path) -> None:
    """At 640x480 Japan's six lines scroll in its picker: the wheel over them scrolls them,
    and past their end it neither zooms the map nor closes the picker."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication, QWidget
    from test_gui_name_drop import _round_one_window

    window = _round_one_window(tmp_path, "anhwe")
    try:
        window.resize(640, 480)
        zoom_on(window, "anhwe", 1.0)
        window.gestures.summary_clicked("japan")
        picker, scale = window.picker, window.view.scale_factor
        bar = picker.lines.verticalScrollBar()
        assert picker.isVisible() and bar.maximum() > 0
        lines = picker.lines.viewport()

        def wheel(widget: QWidget) -> bool:
            at = QPointF(widget.rect().center())
            event = QWheelEvent(at, QPointF(widget.mapToGlobal(at.toPoint())), QPoint(),
                                QPoint(0, -120), Qt.MouseButton.NoButton,
                                Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                                False)
            QApplication.sendEvent(widget, event)
            return event.isAccepted()

        for _ in range(4):
            wheel(lines)
        assert bar.value() == bar.maximum()
        # Past their end the lines pass the wheel on to the picker (Qt does so with a
        # person's wheel, not with one sent): it stops there, short of the map.
        assert not wheel(lines) and wheel(picker)
        assert picker.isVisible() and window.view.scale_factor == scale
    finally:
        close_quietly(window)
