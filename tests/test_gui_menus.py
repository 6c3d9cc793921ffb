"""The menu bar built over a small stand-in window: the menus need only what `MenuWindow` and
`HelpCommands` name, so a test of them builds no game, no map and no main window."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow
from pytestqt.qtbot import QtBot

from pacific.gui.menus import HelpCommands, WindowMenus
from pacific.tutorial.course import JAPAN, Course


class Calls:
    """Records which command ran, by name."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.names.append(name if not args else f"{name}{args}")


class StandInWindow(QMainWindow):
    """Only the members the menus use."""

    def __init__(self, calls: Calls, recent: list[str]) -> None:
        super().__init__()
        self.calls = calls
        self.files = calls
        self.story_commands = calls
        self.dialogs = calls
        self.editing = SimpleNamespace(menu_action=QAction("Edit mode", self))
        self.prefs = SimpleNamespace(minimap=True, recent_files=lambda: recent)
        self.log_dock = QDockWidget("log", self)
        self.odds_dock = QDockWidget("odds", self)

    def show_preferences(self) -> None: self.calls.names.append("show_preferences")
    def undo(self) -> None: self.calls.names.append("undo")
    def redo(self) -> None: self.calls.names.append("redo")
    def next_phase(self) -> None: self.calls.names.append("next_phase")
    def show_battle_board(self) -> None: self.calls.names.append("show_battle_board")
    def fit_map(self) -> None: self.calls.names.append("fit_map")
    def zoom(self, factor: float) -> None: self.calls.names.append(f"zoom({factor})")
    def fold_side_panel(self) -> None: self.calls.names.append("fold_side_panel")
    def show_minimap(self) -> None: self.calls.names.append("show_minimap")
    def show_about(self) -> None: self.calls.names.append("show_about")


def test_menus_trigger_the_window_s_commands_without_a_main_window(qtbot: QtBot) -> None:
    calls = Calls()
    done: Collection[str] = {JAPAN.id}
    opened: list[Course] = []
    window = StandInWindow(calls, ["/tmp/a.json", "/tmp/b.json"])
    qtbot.addWidget(window)
    menus = WindowMenus(window, HelpCommands(
        hint=lambda: calls.names.append("hint"), rules=lambda: calls.names.append("rules"),
        open_course=opened.append, courses_done=lambda: done))

    for action in (menus.new_game, menus.save, menus.replay, menus.undo, menus.buy,
                   menus.zoom_in, menus.hint, menus.rules, menus.about):
        action.trigger()
    assert calls.names == ["open_new_game", "save", "replay_current", "undo", "open_purchase",
                           "zoom(1.25)", "hint", "rules", "show_about"]
    menus.tutorial.trigger()
    assert opened == [JAPAN]
    menus.show_done()
    assert menus.courses[JAPAN.id].isChecked()
    assert menus.minimap.isChecked()

    # Game ▸ Open recent: newest first, each opening its own file.
    recent = [a for a in menus.recent_menu.actions() if a.text()]
    assert [a.text() for a in recent] == ["/tmp/a.json", "/tmp/b.json"]
    recent[1].trigger()
    assert calls.names[-1] == f"open_recent{(Path('/tmp/b.json'),)}"
