"""The main window's menus and their keys: every command a player can give from the menu bar,
as named QActions the window enables, disables and tests trigger.

The view commands (fit, zoom) work wherever the keyboard focus is: they
are window-wide shortcuts whose keys no text box takes for itself (Ctrl+0, Ctrl++ and Ctrl+-),
beside the plain 0, + and - the map view reads when it has the focus.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMenu, QMenuBar

from pacific import APP_NAME
from pacific.text import _, gettext

if TYPE_CHECKING:
    from pacific.gui.edit_mode import EditingUi
    from pacific.gui.game_dialogs import GameDialogs
    from pacific.gui.game_files import GameFiles
    from pacific.gui.main_window import MainWindow
    from pacific.gui.settings import Preferences
    from pacific.gui.story_windows import StoryCommands
    from pacific.tutorial.course import Course

Shortcut = QKeySequence | QKeySequence.StandardKey | str


class MenuWindow(Protocol):
    """What the menus ask of the main window: the commands they trigger, the docks they show
    and hide, and the preferences they read (the minimap's state, the recent files)."""

    @property
    def files(self) -> GameFiles: ...
    @property
    def story_commands(self) -> StoryCommands: ...
    @property
    def editing(self) -> EditingUi: ...
    @property
    def dialogs(self) -> GameDialogs: ...
    @property
    def prefs(self) -> Preferences: ...
    @property
    def log_dock(self) -> QDockWidget: ...
    @property
    def odds_dock(self) -> QDockWidget: ...

    def menuBar(self) -> QMenuBar: ...
    def show_preferences(self) -> None: ...
    def close(self) -> bool: ...
    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def next_phase(self) -> None: ...
    def show_battle_board(self) -> None: ...
    def fit_map(self) -> None: ...
    def zoom(self, factor: float) -> None: ...
    def fold_side_panel(self) -> None: ...
    def show_minimap(self) -> None: ...
    def show_about(self) -> object: ...


@dataclass(frozen=True)
class HelpCommands:
    """The commands whose helpers belong to one whole window (the coach, the guided courses,
    the rules reference): `help_commands` binds them to the main window."""

    hint: Callable[[], object]
    rules: Callable[[], object]
    open_course: Callable[[Course], object]
    courses_done: Callable[[], Collection[str]]


def help_commands(window: MainWindow) -> HelpCommands:
    """Turn ▸ Hint and the Help menu's commands, for ``window``. The coach and the guided
    courses are imported when first asked for: the window's first paint needs neither."""

    def hint() -> None:
        from pacific.gui.coach import coach_of

        coach_of(window).ask()

    def open_course(course: Course) -> None:
        from pacific.gui.tutorial import open_tutorial

        open_tutorial(window, course)

    def courses_done() -> Collection[str]:
        from pacific.gui.tutorial import tutorial_of

        return tutorial_of(window).store.done()

    def rules() -> None:
        from pacific.gui.dialogs.rules import open_rules

        open_rules(window)

    return HelpCommands(hint=hint, rules=rules, open_course=open_course,
                        courses_done=courses_done)


class WindowMenus:
    """Builds the menu bar of ``window`` and keeps its actions."""

    def __init__(self, window: MenuWindow, help_commands: HelpCommands) -> None:
        self.window = window
        self.help = help_commands
        files = window.files
        bar = window.menuBar()

        self.game_menu = game = bar.addMenu(_("&Game"))
        self.new_game = self._add(game, _("&New game…"), files.open_new_game,
                                  QKeySequence.StandardKey.New)
        self.new_from_scenario = self._add(game, _("New game from &scenario…"),
                                           files.open_scenario)
        self.open = self._add(game, _("&Open…"), files.open_file, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu(_("Open &recent"))
        self.open_autosave = self._add(game, _("Open an &autosave…"), files.open_autosave)
        self.save = self._add(game, _("&Save"), files.save, QKeySequence.StandardKey.Save)
        self.save_as = self._add(game, _("Save &as…"), files.save_as,
                                 QKeySequence.StandardKey.SaveAs)
        game.addSeparator()
        story = window.story_commands
        self.replay = self._add(game, _("&Replay this game…"), story.replay_current, "Ctrl+R")
        self.replay_file = self._add(game, _("Replay a saved &game…"), story.replay_file)
        self.charts = self._add(game, _("&Charts and luck…"), story.show_charts, "Ctrl+L")
        self.export_report = self._add(game, _("E&xport report…"), story.export_report)
        game.addSeparator()
        self.preferences = self._add(game, _("&Preferences…"), window.show_preferences,
                                     QKeySequence.StandardKey.Preferences)
        game.addSeparator()
        self.quit = self._add(game, _("&Quit"), window.close, QKeySequence.StandardKey.Quit)

        # The menus that play the game shown (`game_menus`); Game, View and Help stay open
        # while a hand-over screen or a question the game waits on is up.
        self.edit_menu = edit = bar.addMenu(_("&Edit"))
        self.undo = self._add(edit, _("&Undo"), window.undo, "Ctrl+Z")
        self.redo = self._add(edit, _("&Redo"), window.redo, "Ctrl+Shift+Z")
        edit.addSeparator()
        self.edit_mode = window.editing.menu_action   # corrections at the table
        edit.addAction(self.edit_mode)

        self.turn_menu = turn = bar.addMenu(_("&Turn"))
        self.buy = self._add(turn, _("&Buy units…"), lambda: window.dialogs.open_purchase(), "B")
        self.next_phase = self._add(turn, _("&Next phase"), window.next_phase, "N")
        self.battle_board = self._add(turn, _("Battle &board"), window.show_battle_board, "F")
        turn.addSeparator()
        # The coach: what the computer player would do, never played for the person.
        self.hint = self._add(turn, _("&Hint"), help_commands.hint, "H")

        view = bar.addMenu(_("&View"))
        self.fit = self._add(view, _("&Fit map to window"), window.fit_map, "Ctrl+0")
        self.zoom_in = self._add(view, _("Zoom &in"), lambda: window.zoom(1.25),
                                 QKeySequence.StandardKey.ZoomIn)
        self.zoom_in.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomIn),
                                   QKeySequence("Ctrl+="), QKeySequence("+"),
                                   QKeySequence("=")])
        self.zoom_out = self._add(view, _("Zoom &out"), lambda: window.zoom(0.8),
                                  QKeySequence.StandardKey.ZoomOut)
        self.zoom_out.setShortcuts([QKeySequence(QKeySequence.StandardKey.ZoomOut),
                                    QKeySequence("-")])
        view.addSeparator()
        self.side_panel = self._add(view, _("&Side panel"), window.fold_side_panel, "F9")
        self.side_panel.setCheckable(True)
        self.side_panel.setChecked(True)
        self.event_log = window.log_dock.toggleViewAction()
        self.event_log.setText(_("&Event log"))
        view.addAction(self.event_log)
        self.minimap = self._add(view, _("&Minimap"), window.show_minimap, "Ctrl+M")
        self.minimap.setCheckable(True)
        self.minimap.setChecked(window.prefs.minimap)
        self.odds = window.odds_dock.toggleViewAction()
        self.odds.setText(_("Battle &odds"))
        self.odds.setShortcut(QKeySequence("Ctrl+D"))
        view.addAction(self.odds)

        help_menu = bar.addMenu(_("&Help"))
        self.rules = self._add(help_menu, _("&Rules…"), help_commands.rules, "F1")
        # The guided courses: a tutorial for each side, short lessons on the special rules;
        # a check mark on those finished (kept in the settings). Their entries are made when
        # first needed (`courses`): the scripts of the courses need not delay the start.
        self.tutorials_menu = help_menu.addMenu(_("&Tutorials"))
        self.lessons_menu = help_menu.addMenu(_("&Lessons"))
        self._courses: dict[str, QAction] = {}
        for menu in (self.tutorials_menu, self.lessons_menu):
            menu.aboutToShow.connect(self.show_done)
        self.about = self._add(help_menu, _("&About {app}").format(app=APP_NAME), window.show_about)
        for action in (self.fit, self.zoom_in, self.zoom_out, self.side_panel, self.odds):
            # Whichever panel has the focus, the view keys act on the map.
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.fill_recent()

    @property
    def game_keys(self) -> list[QAction]:
        """The Game menu's commands (Ctrl+O, Ctrl+N, Ctrl+S...): a window of the game's own
        that takes the keyboard (the hand-over screen) adds them, so that their keys work
        there too."""
        return [a for a in self.game_menu.actions() if not a.shortcut().isEmpty()]

    @property
    def game_menus(self) -> tuple[QMenu, QMenu]:
        """Edit and Turn: the commands that change the game shown. Disabled, their keys
        (Ctrl+Z, N, B, F...) do nothing either."""
        return self.edit_menu, self.turn_menu

    def _add(self, menu: QMenu, text: str, slot: Callable[[], object],
             shortcut: Shortcut | None = None) -> QAction:
        action = QAction(text, menu)   # so clearing Open recent deletes its old entries
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    @property
    def courses(self) -> dict[str, QAction]:
        """Help ▸ Tutorials' and Help ▸ Lessons' entries by course id, made on first need."""
        if not self._courses:
            from pacific.tutorial.course import LESSONS, TUTORIALS

            for course in TUTORIALS:
                self._add_course(self.tutorials_menu, course)
            for course in LESSONS:
                self._add_course(self.lessons_menu, course)
            self.lessons_menu.setEnabled(bool(LESSONS))
        return self._courses

    @property
    def tutorial(self) -> QAction:
        """Help ▸ Tutorials ▸ Japan's first turn: the course a first game offers."""
        from pacific.tutorial.course import JAPAN

        return self.courses[JAPAN.id]

    def _add_course(self, menu: QMenu, course: Course) -> None:
        action = self._add(menu, gettext(course.title) + "…",
                           lambda: self.help.open_course(course))
        action.setCheckable(True)
        self._courses[course.id] = action

    def show_done(self) -> None:
        """Tick the courses finished (Help ▸ Tutorials, Help ▸ Lessons), their entries
        made first."""
        done = self.help.courses_done()
        for course_id, action in self.courses.items():
            action.setChecked(course_id in done)

    def _opener(self, path: Path) -> Callable[[], None]:
        return lambda: self.window.files.open_recent(path)

    def fill_recent(self) -> None:
        """The recent files, newest first (Game ▸ Open recent)."""
        self.recent_menu.clear()
        recent = self.window.prefs.recent_files()
        for path in recent:
            self._add(self.recent_menu, path, self._opener(Path(path)))
        self.recent_menu.setEnabled(bool(recent))
