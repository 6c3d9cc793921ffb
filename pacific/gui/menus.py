"""The main window's menus and their keys: every command a player can give from the menu bar,
as named QActions the window enables, disables and tests trigger.

The view commands (fit, zoom) work wherever the keyboard focus is (issue 16, point 5): they
are window-wide shortcuts whose keys no text box takes for itself (Ctrl+0, Ctrl++ and Ctrl+-),
beside the plain 0, + and - the map view reads when it has the focus.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from pacific import APP_NAME
from pacific.gui.dialogs.rules import open_rules

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow

Shortcut = QKeySequence | QKeySequence.StandardKey | str


class WindowMenus:
    """Builds the menu bar of ``window`` and keeps its actions."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        files = window.files
        bar = window.menuBar()

        game = bar.addMenu("&Game")
        self.new_game = self._add(game, "&New game…", files.open_new_game,
                                  QKeySequence.StandardKey.New)
        self.new_from_scenario = self._add(game, "New game from &scenario…",
                                           files.open_scenario)
        self.open = self._add(game, "&Open…", files.open_file, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu("Open &recent")
        self.open_autosave = self._add(game, "Open an &autosave…", files.open_autosave)
        self.save = self._add(game, "&Save", files.save, QKeySequence.StandardKey.Save)
        self.save_as = self._add(game, "Save &as…", files.save_as,
                                 QKeySequence.StandardKey.SaveAs)
        game.addSeparator()
        self.preferences = self._add(game, "&Preferences…", window.show_preferences,
                                     QKeySequence.StandardKey.Preferences)
        game.addSeparator()
        self.quit = self._add(game, "&Quit", window.close, QKeySequence.StandardKey.Quit)

        edit = bar.addMenu("&Edit")
        self.undo = self._add(edit, "&Undo", window.undo, "Ctrl+Z")
        self.redo = self._add(edit, "&Redo", window.redo, "Ctrl+Shift+Z")
        edit.addSeparator()
        self.edit_mode = window.editing.menu_action   # issue 14: corrections at the table
        edit.addAction(self.edit_mode)

        turn = bar.addMenu("&Turn")
        self.buy = self._add(turn, "&Buy units…", lambda: window.dialogs.open_purchase(), "B")
        self.next_phase = self._add(turn, "&Next phase", window.next_phase, "N")
        self.battle_board = self._add(turn, "Battle &board", window.show_battle_board, "F")

        view = bar.addMenu("&View")
        self.fit = self._add(view, "&Fit map to window", window.fit_map, "Ctrl+0")
        self.zoom_in = self._add(view, "Zoom &in", lambda: window.zoom(1.25),
                                 QKeySequence.StandardKey.ZoomIn)
        self.zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn),
                                   QKeySequence("Ctrl+="), QKeySequence("+"),
                                   QKeySequence("=")])
        self.zoom_out = self._add(view, "Zoom &out", lambda: window.zoom(0.8),
                                  QKeySequence.StandardKey.ZoomOut)
        self.zoom_out.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomOut),
                                    QKeySequence("-")])
        view.addSeparator()
        self.side_panel = self._add(view, "&Side panel", window.fold_side_panel, "F9")
        self.side_panel.setCheckable(True)
        self.side_panel.setChecked(True)
        self.event_log = window.log_dock.toggleViewAction()
        self.event_log.setText("&Event log")
        view.addAction(self.event_log)
        self.minimap = self._add(view, "&Minimap", window.show_minimap, "Ctrl+M")
        self.minimap.setCheckable(True)
        self.minimap.setChecked(window.prefs.minimap)
        self.odds = window.odds_dock.toggleViewAction()
        self.odds.setText("Battle &odds")
        self.odds.setShortcut(QKeySequence("Ctrl+D"))
        view.addAction(self.odds)

        help_menu = bar.addMenu("&Help")
        self.rules = self._add(help_menu, "&Rules…", lambda: open_rules(window), "F1")
        self.about = self._add(help_menu, f"&About {APP_NAME}", window.show_about)
        for action in (self.fit, self.zoom_in, self.zoom_out, self.side_panel, self.odds):
            # Whichever panel has the focus, the view keys act on the map.
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.fill_recent()

    def _add(self, menu: QMenu, text: str, slot: Callable[[], object],
             shortcut: Shortcut | None = None) -> QAction:
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _opener(self, path: Path) -> Callable[[], None]:
        return lambda: self.window.files.open_recent(path)

    def fill_recent(self) -> None:
        """The recent files, newest first (Game ▸ Open recent)."""
        self.recent_menu.clear()
        recent = self.window.prefs.recent_files()
        for path in recent:
            self._add(self.recent_menu, path, self._opener(Path(path)))
        self.recent_menu.setEnabled(bool(recent))
