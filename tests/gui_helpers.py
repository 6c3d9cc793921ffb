"""Building the main window over a real engine for pytest-qt tests, with private settings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRect, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from pacific.gui.autosave import Autosave
from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.gui.settings import DiceMode, Preferences
from pacific.rules.actions import Action
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.state import GameState

MINI = Path(__file__).parent / "maps" / "mini"


def build_window(tmp_path: Path, game: Game, state: GameState, handover: bool = False,
                 size: tuple[int, int] = (1400, 900)) -> MainWindow:
    """The main window over ``state``, shown and fitted, with settings of its own under
    ``tmp_path`` (the caller closes it; `make_window` lets pytest-qt do it)."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    prefs.animation_ms = 0
    prefs.handover_screen = handover
    prefs.confirm_end_phase = False
    autosave = Autosave(tmp_path / "autosaves", settings)
    window = MainWindow(GameController(History(game, state)), prefs=prefs, autosave=autosave)
    window.resize(*size)
    window.show()
    QTest.qWaitForWindowExposed(window)
    QApplication.processEvents()
    window.fit_map()
    return window


def look_at_the_map(window: MainWindow) -> MainWindow:
    """A new game's convoy question (R-SETUP-8) put away, unanswered: it holds the map behind
    it, as a person answers it first; the tests that only look at the map and hover it need
    the map, not the question (the position still asks it)."""
    window.dialogs.close_convoy()
    return window


def start_window(folder: Path, laid_out: bool = True) -> MainWindow:
    """A new three-player game's window at 1024x700 as a start shows it: shown, painted once
    and fitted, with settings of its own under ``folder`` (the caller closes it); with
    ``laid_out``, its names laid out too (a start that found no layout of them kept lays
    them out after its first paint: `MapZoom.wait_until_laid_out`)."""
    from pacific.gui.app import new_controller

    prefs = Preferences(QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
    window.resize(1024, 700)
    window.show()
    QApplication.processEvents()
    window.view.viewport().repaint()
    assert window.view.fitted
    if laid_out:
        window.zooming.wait_until_laid_out()
    return window


def make_window(qtbot: QtBot, tmp_path: Path, game: Game, state: GameState,
                handover: bool = False, size: tuple[int, int] = (1400, 900)) -> MainWindow:
    window = build_window(tmp_path, game, state, handover, size)
    qtbot.addWidget(window)
    return window


def in_view(widget: QWidget, board: QWidget) -> bool:
    """Is the whole of ``widget`` shown inside ``board`` (not scrolled away or clipped)?"""
    box = QRect(widget.mapTo(board, QPoint(0, 0)), widget.size())
    return widget.isVisible() and widget.visibleRegion().boundingRect().size() \
        == widget.size() and board.rect().contains(box)


def dice_from_the_table(window: MainWindow) -> None:
    """The dice preference set to the table's: the game waits for every roll, typed in."""
    window.prefs.dice_mode = DiceMode.TABLETOP
    window._install_dice()


def to_battle(window: MainWindow, move: Action, space: str, typed: bool = False) -> None:
    """In combat movement: send ``move``, end the phase and choose the battle in ``space``.
    ``typed``: the dice are typed in at the table, so the test gives every value."""
    if typed:
        dice_from_the_table(window)
    assert window.submit(move) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space=space)) is None


def drag_stack(qtbot: QtBot, window: MainWindow, key: StackKey, target: str,
               modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Drag a stack with the mouse in the view, from its item to the centre of ``target``."""
    assert window.board_scene is not None
    drag_stack_to(qtbot, window, key, window.board_scene.centre_of(target), modifier)


def open_point(window: MainWindow, space: str) -> QPointF:
    """Where a player aims to drop on ``space``: the point of its outline nearest its centre
    that no other space's stack, merged marker or name covers (a small neighbour's marker may
    stand over part of a territory)."""
    assert window.board_scene is not None and window.view is not None
    scene, view = window.board_scene, window.view
    shape, centre = scene.outline(space), scene.centre_of(space)
    box = shape.boundingRect()
    points = [QPointF(box.left() + box.width() * i / 24, box.top() + box.height() * j / 24)
              for i in range(25) for j in range(25)]
    pixels = view.viewport().rect()
    free = [p for p in (centre, *points) if shape.contains(p)
            and pixels.contains(view.mapFromScene(p))
            and window.marker_space_at(p) in (None, space)
            and scene.space_at(p) == space and window.drop_space_at(p) == space]
    assert free, f"no open point of {space} in sight"
    return min(free, key=lambda p: (p - centre).manhattanLength())


def drag_stack_to(qtbot: QtBot, window: MainWindow, key: StackKey, point: QPointF,
                  modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """Drag a stack with the mouse in the view, from its item to ``point`` (scene)."""
    assert window.view is not None and window.pieces is not None
    item = window.pieces.items[key]
    view = window.view
    start = view.mapFromScene(item.scenePos())
    end = view.mapFromScene(point)
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, modifier, start)
    steps = 6
    for i in range(1, steps + 1):
        p = start + (end - start) * i / steps
        _move(vp, p, modifier)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, end)
    QApplication.processEvents()


def _press_only(qtbot: QtBot, window: MainWindow, key: StackKey) -> None:
    """Press the mouse on the stack ``key`` and hold it: its drag begins, the places it may
    go light up (the caller drops it or calls ``window.drag.snap_back()``)."""
    assert window.view is not None and window.pieces is not None
    view = window.view
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.mapFromScene(window.pieces.items[key].scenePos()))
    QApplication.processEvents()


def _move(widget, pos, modifier) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent

    event = QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(widget.mapToGlobal(pos)),
                        Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton, modifier)
    QApplication.sendEvent(widget, event)


def drag_picker_line(qtbot: QtBot, window: MainWindow, line: int, target: str) -> None:
    """Press the token of the unit picker's line ``line`` and let go over ``target``'s
    centre on the map, with the pointer moving in steps as a hand does."""
    from PySide6.QtCore import QPoint

    from pacific.gui.unit_picker import Token

    picker, view = window.picker, window.view
    assert picker is not None and view is not None and window.board_scene is not None
    token = next(t for t in picker.grid_holder.findChildren(Token)
                 if t.row == picker.rows[line])
    end = view.viewport().mapToGlobal(view.mapFromScene(window.board_scene.centre_of(target)))
    start = QPoint(10, 10)
    qtbot.mousePress(token, Qt.MouseButton.LeftButton, pos=start)
    start_global = token.mapToGlobal(start)
    for i in range(1, 7):
        _move(token, token.mapFromGlobal(start_global + (end - start_global) * i / 6),
              Qt.KeyboardModifier.NoModifier)
    qtbot.mouseRelease(token, Qt.MouseButton.LeftButton, pos=token.mapFromGlobal(end))
    QApplication.processEvents()


def close_quietly(window: MainWindow) -> None:
    """Close a window built with `build_window` without the offer to save its changes."""
    if window.controller is not None:
        window.controller.replace(window.controller.history, window.controller.path)
    window.close()
    window.deleteLater()
