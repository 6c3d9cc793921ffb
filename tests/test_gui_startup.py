"""Start-up: the window starts without what its first paint does not need (the odds package
and numpy, the computer player, the coach, the guided courses' windows, the story, the
replay and the charts, the rule id suggestions' difflib, the purchase table, the dice
typed in, the note of a refused drop, the rules reference's text, `importlib.abc` with
`importlib.resources`, the edit panel's widgets, the edits' handlers, events and sentences,
Qt's message box and file dialog, the computer player's levels and its reasoning's words,
the movement and combat rules and the economy's turn);
each is imported when first used. The edit panel is built when edit mode first shows it.
Pydantic looks for no plugin. A fresh interpreter, since other tests import them. The first
fit lays the map out once. The time to the first painted window is measured by
benchmarks/start_up.py, not here."""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from pacific.gui import cache_writes
from pacific.gui.controller import GameController
from pacific.gui.geometry_cache import cache_dir, load_scene_geometry
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.history import History

MINI = Path(__file__).parent / "maps" / "mini"

SCRIPT = r"""
import sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.files.mapfile import load_board
game = Game(load_board(Path(sys.argv[1])))
prefs = Preferences(QSettings(sys.argv[2], QSettings.Format.IniFormat))
window = MainWindow(GameController(History(game, game.new_game(players=3, seed=1))),
                    prefs=prefs)
window.show()
app.processEvents()
WAITING = ("numpy", "pacific.odds", "pacific.ai.player", "pacific.coach", "pacific.gui.coach",
           "pacific.gui.tutorial", "pacific.story", "pacific.gui.replay",
           "pacific.gui.chart_paint", "difflib", "pacific.gui.dialogs.purchase",
           "pacific.gui.dice_entry", "pacific.gui.refusal_popup", "pacific.text.rule_texts",
           "importlib.abc", "importlib.resources", "pacific.gui.edit_widgets",
           "pacific.rules.editing", "pacific.rules.invariants", "pacific.text.edits",
           "pacific.ai.levels", "pacific.text.computer",
           # The areas' rules that a new game's first position does not ask: they register
           # when an action is first applied or listed (the convoy split's answers need
           # only the income rules).
           "pacific.rules.combat.handlers", "pacific.rules.combat.start",
           "pacific.rules.movement.listers", "pacific.rules.movement.reach",
           "pacific.rules.economy.turn")
def loaded():
    return sorted(m for m in sys.modules if m.startswith(WAITING))
print("start", loaded())
# Every scroll area whose viewport the first paint asks for has one made in Python: PySide6,
# handed a plain QWidget that Qt made, would look through every QWidget subclass for its
# type and make their enum classes (QWizard's, QMdiArea's, QFontDialog's...). Nor are the
# classes of the edit panel's widgets and of edit mode's number question touched (their
# import makes their enum classes), nor the message box's and the file dialog's (`qt_dialogs`).
import enum, gc
print("scanned", sorted(c.__qualname__ for c in gc.get_objects() if isinstance(c, enum.EnumType)
                        and c.__qualname__.startswith(("QWizard.", "QMdiArea.", "QFontDialog.",
                                                       "QComboBox.", "QFormLayout.",
                                                       "QInputDialog.", "QMessageBox.",
                                                       "QFileDialog."))))
# The new game's defaults are made without asking their factories' signatures (which has
# `tokenize` compile its pattern to read a built-in's).
tokenize = sys.modules.get("tokenize")
print("tokenize pattern", tokenize is not None and tokenize._compile.cache_info().currsize > 0)
# The edit panel and its dock are built when edit mode first shows them.
from PySide6.QtWidgets import QDockWidget
print("edit dock", window.findChild(QDockWidget, "edit_dock") is not None)
# The event log's pattern of the board's ids is made when a line first asks for it.
print("log pattern", window.log._ids is not None)
# No pydantic plugin is looked for (pacific.startup): the package index's reader is not imported.
print("metadata", "importlib.metadata" in sys.modules)
# The actions' validators are built when first used, not at import (pydantic's defer_build).
from pydantic._internal._mock_val_ser import MockValSer
from pacific.rules.actions.base import ActionBase
def kinds(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from kinds(sub)
built = [k for k in kinds(ActionBase) if not isinstance(k.__pydantic_validator__, MockValSer)]
print("validators built", len(built) < 10, len(list(kinds(ActionBase))) > 30)
window.odds_action.trigger()
app.processEvents()
print("odds shown", "pacific.odds.calculate" in loaded(), window.odds_panel.isVisible())
"""


def test_what_the_first_paint_does_not_need_waits_until_used(tmp_path: Path) -> None:
    mini = MINI
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(mini), str(tmp_path / "s.ini")],
                          capture_output=True, text=True, timeout=120, env=env, check=True)
    lines = proc.stdout.splitlines()
    assert "start []" in lines, proc.stdout
    assert "scanned []" in lines, proc.stdout
    assert "tokenize pattern False" in lines, proc.stdout
    assert "log pattern False" in lines, proc.stdout
    assert "edit dock False" in lines, proc.stdout
    assert "metadata False" in lines, proc.stdout
    assert "validators built True True" in lines, proc.stdout
    assert "odds shown True True" in lines, proc.stdout


def test_the_first_fit_lays_the_map_out_once(qtbot: QtBot, tmp_path: Path) -> None:
    # Each zoom the view announces lays the labels and the pieces out (a few tenths of a
    # second on the real board): the window's first show fits the map once, not twice.
    game = Game(load_board(MINI))
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(GameController(History(game, game.new_game(players=3, seed=1))),
                        prefs=prefs)
    qtbot.addWidget(window)
    assert window.view is not None
    zooms: list[float] = []
    window.view.zoom_changed.connect(zooms.append)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.view is not None and window.view.fitted)
    qtbot.wait(40)   # (less than the refit after a resize waits)
    assert len(zooms) == 1, zooms
    assert window.view.shows_whole_map()


GEOMETRY = Path(__file__).resolve().parent.parent / "maps" / "pacific" / "geometry.json"

NEW_GAME = r"""
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.gui import label_layout
layouts = []
lay_out = label_layout.placing
label_layout.placing = lambda *args: layouts.append(args[1]) or lay_out(*args)
prefs = Preferences(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
window.resize(1024, 700)
window.show()
app.processEvents()
window.view.viewport().repaint()
print("painted", window.view.fitted)
window.zooming.wait_until_laid_out()  # (names not kept are laid out after the first paint)
print("labels laid out", len(layouts))
print("labels", sorted((rid, label.pos().x(), label.pos().y(), label.hidden, label.index)
                       for rid, label in window.board_scene.map.labels.items()))
HEAVY = ("pacific.rules.files.savefile", "pacific.rules.files.saved_position",
         "pacific.rules.files.migrations", "pacific.rules.files.scenario", "pacific.tutorial",
         "pacific.gui.dialogs.battle", "pacific.gui.dialogs.rules", "pacific.gui.dialogs.about",
         "pacific.gui.dialogs.preferences", "pacific.gui.dialogs.new_game", "pacific.odds",
         "pacific.ai.player", "pacific.story", "pacific.coach", "numpy", "shapely",
         "PySide6.QtCharts")
print("heavy", sorted(m for m in sys.modules if m.startswith(HEAVY)))
levels = window.board_scene.map.geometry.detail
print("levels read", sum(level.read for level in levels), "of", len(levels))
from pydantic._internal._mock_val_ser import MockValSer
from pacific.rules.state import GameState
print("state validator built", not isinstance(GameState.__pydantic_validator__, MockValSer))
state = window.controller.state
print("as validated", state == GameState.model_validate(state.model_dump()))
"""


def test_a_new_game_on_the_pacific_map_starts_without_the_files_dialogs_and_courses(
        tmp_path: Path) -> None:
    # The window over a new game on the real map, as `pacific` starts it: the save and
    # scenario files' models, the dialogs, the battle board and the courses' scripts wait
    # until first used, of the map's levels of detail only those the first paint shows are
    # read from the geometry cache, and the position's validator is not built. The cache is
    # filled here first (a user's first start builds it, with shapely). Two starts in turn.
    load_scene_geometry(GEOMETRY)
    cache_writes.flush()  # (written once a window on its way has painted)
    cache = tmp_path / "cache"
    cache.mkdir()
    # (not another worker's file being written, a hidden one until it is whole)
    for kept in cache_dir().glob("[!.]*-geometry-*"):
        shutil.copyfile(kept, cache / kept.name)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PACIFIC_CACHE_DIR=str(cache))
    first, proc = (subprocess.run(
        [sys.executable, "-c", NEW_GAME, str(tmp_path / f"s{start}.ini")],
        capture_output=True, text=True, timeout=120, env=env, check=True) for start in (1, 2))
    lines = proc.stdout.splitlines()
    # The first start kept its label layout (`label_cache`, laid out after its first paint):
    # the second, in a window of the same size, lays no label out and shows every label where
    # the first laid it out.
    assert "labels laid out 1" in first.stdout.splitlines(), first.stdout
    assert "labels laid out 0" in lines, proc.stdout
    placed = [line for line in lines if line.startswith("labels [")]
    assert placed and placed == [line for line in first.stdout.splitlines()
                                 if line.startswith("labels [")]
    assert "painted True" in lines, proc.stdout + proc.stderr
    assert "heavy []" in lines, proc.stdout
    read = next(line.split() for line in lines if line.startswith("levels read"))
    assert int(read[2]) <= 2 < int(read[4]), proc.stdout
    # The new game's position is built without its validator (built on the first save), and
    # is the position validation gives.
    assert "state validator built False" in lines, proc.stdout
    assert "as validated True" in lines, proc.stdout


PLUGINS = r"""
import os, sys
from pacific.startup import without_pydantic_plugins
without_pydantic_plugins()
from pydantic import TypeAdapter
TypeAdapter(int).validate_python(1)
print(os.environ["PYDANTIC_DISABLE_PLUGINS"], "importlib.metadata" in sys.modules)
"""


def test_pydantic_plugins_are_off_unless_the_user_keeps_one() -> None:
    # Pydantic's plugin loader imports the package index's reader (about 0.04 s of the start):
    # the programs turn plugins off; a user's own choice of plugins still goes to pydantic.
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    runs = {choice: subprocess.run(
        [sys.executable, "-c", PLUGINS], capture_output=True, text=True, timeout=60, check=True,
        env=env if choice is None else dict(env, PYDANTIC_DISABLE_PLUGINS=choice)).stdout.split()
        for choice in (None, "logfire")}
    assert runs[None] == ["__all__", "False"]
    assert runs["logfire"] == ["logfire", "True"]


def test_the_command_builds_its_window_without_the_collector(
        monkeypatch: pytest.MonkeyPatch, qapp: object, tmp_path: Path) -> None:
    # The window's objects live as long as it: the cyclic collector's passes while they are
    # made free nothing. And only macOS hands files over as events: elsewhere no filter is
    # asked about every event of every widget.
    from pacific.gui import app

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    collecting: list[bool] = []
    filters: list[object] = []

    def start_window(*args: object, **kwargs: object) -> MainWindow:
        collecting.append(gc.isenabled())
        game = Game(load_board(MINI))
        window = MainWindow(GameController(History(game, game.new_game(players=3, seed=1))),
                            prefs=Preferences(settings))
        return window   # (run_gui deletes it when its event loop ends)

    autosave = app.Autosave(tmp_path / "autosave", settings)
    monkeypatch.setattr(app, "start_window", start_window)
    monkeypatch.setattr(app, "Preferences", lambda: Preferences(settings))
    monkeypatch.setattr(app, "Autosave", lambda: autosave)
    qt = app.make_application()
    monkeypatch.setattr(qt, "installEventFilter", filters.append)
    monkeypatch.setattr(qt, "exec", lambda: 0)
    assert gc.isenabled()
    assert app.run_gui() == 0
    assert collecting == [False]
    assert gc.isenabled()
    handed = any(isinstance(f, app.FileOpenEvents) for f in filters)
    assert handed is (sys.platform == "darwin")


QT_FIRST = r"""
import inspect, sys
import PySide6.QtWidgets  # (a program that imported Qt before it started the command)
asked = []
getsource = inspect.getsource
inspect.getsource = lambda obj: asked.append(obj) or getsource(obj)
from pacific.cli.main import main
try:
    main(["--version"])
except SystemExit:
    pass
print("rules imported", "pacific.rules.engine" in sys.modules)
read = [m.__name__ for m in asked if str(getattr(m, "__file__", "")).endswith(".py")
        and m.__name__.startswith(("pacific.rules", "pacific.text", "pydantic"))]
print("sources read", len(read))
"""


def test_the_command_reads_no_module_source_for_pyside_when_qt_came_first() -> None:
    # PySide6 asks of each module imported after it whether its source mentions PySide6, by
    # reading the source (0.1 s of processor time for the rules under load): the command
    # answers from the file's bytes even when Qt was imported before it (`pacific.startup`).
    proc = subprocess.run([sys.executable, "-c", QT_FIRST], capture_output=True, text=True,
                          timeout=120, check=True,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    lines = proc.stdout.splitlines()
    assert "rules imported True" in lines, proc.stdout + proc.stderr
    assert "sources read 0" in lines, proc.stdout
