"""Starting the Qt application and its main window."""

from __future__ import annotations

import contextlib
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFileOpenEvent, QIcon
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from pacific import APP_NAME, __version__
from pacific.gui.autosave import Autosave
from pacific.gui.controller import GameController
from pacific.gui.icons import clear_caches
from pacific.gui.main_window import MainWindow
from pacific.gui.qt_dialogs import message_box
from pacific.gui.qt_language import install_qt_translations
from pacific.gui.resource_files import resource_path
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import DEFAULT_MAP_ID, board_resolver, find_map
from pacific.rules.files.savewriting import remove_killed_temps_in
from pacific.rules.history import History
from pacific.startup import collector_paused
from pacific.text import _, set_language

if TYPE_CHECKING:
    from pacific.rules.files.savefile import BoardResolver


def make_application(argv: list[str] | None = None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Pacific")
    # Ties the windows to packaging/pacific.desktop (Wayland's app id, the dock's icon).
    app.setDesktopFileName("pacific")
    # An install without the icon still plays, under the window manager's default icon.
    with contextlib.suppress(FileNotFoundError):
        app.setWindowIcon(QIcon(str(resource_path("pacific.svg"))))
    return app


def new_controller(players: int = 3, seed: int | None = None,
                   map_path: str | Path | None = None) -> GameController:
    """A new game (R-SETUP-1..8) on the Pacific board, or on the board at ``map_path``.

    Raises:
        MapError: the board cannot be loaded.
    """
    board = load_board(map_path if map_path is not None else find_map(DEFAULT_MAP_ID))
    game = Game(board)
    state = game.new_game(players=3 if players == 3 else 2,
                          seed=secrets.randbelow(2**31) if seed is None else seed)
    return GameController(History(game, state))


def scenario_controller(path: str | Path, resolve: BoardResolver | None = None,
                        seed: int | None = None) -> GameController:
    """A new game from the scenario file at ``path`` (docs/scenarios.md), on the
    board it names.

    Raises:
        ScenarioError: the file is not a valid scenario, or its position is inconsistent.
        SaveFileError, MapError: its board cannot be found or loaded.
    """
    from pacific.rules.files.scenario import read_scenario, scenario_state

    scenario = read_scenario(path)
    board = (resolve if resolve is not None else board_resolver())(scenario.map_id)
    state = scenario_state(board, scenario, secrets.randbelow(2**31) if seed is None else seed,
                           str(path))
    return GameController(History(Game(board), state))


class FileOpener(Protocol):
    """What opens a game file the system hands over (the main window's files)."""

    def open_path(self, path: Path) -> object: ...


class FileOpenEvents(QObject):
    """Opens the saved games the system hands over as events: macOS's Finder and Dock send a
    double-clicked file to the application as a FileOpen event, not on its command line."""

    def __init__(self, files: FileOpener, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.files = files

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and event.file():
            self.files.open_path(Path(event.file()))
            return True
        return super().eventFilter(watched, event)


def remove_killed_saves(autosave: Autosave, prefs: Preferences) -> list[Path]:
    """At start-up, the temporary files killed saves left in the autosave folder and in the
    folders of the recent games (`remove_killed_temps_in` takes only ours that no running save
    holds)."""
    removed = remove_killed_temps_in(autosave.directory)
    folders = {Path(path).parent for path in prefs.recent_files()} - {autosave.directory}
    for folder in sorted(folders):
        removed += remove_killed_temps_in(folder)
    return removed


def fit_to_screen(window: QWidget, width: int = 1600, height: int = 960) -> None:
    """A first window of ``width`` x ``height``, or the whole free screen where that is smaller:
    at 1024x700 the side panel must be on the screen, not beyond its edge.
    A window whose size and place were saved keeps them (`MainWindow` restores them), unless
    Qt refused them (saved on a screen of another width)."""
    screen = window.screen()
    if screen is None:
        window.resize(width, height)
        return
    free = screen.availableGeometry()
    frame = window.frameGeometry().size() - window.geometry().size()
    window.setGeometry(free.x(), free.y(), min(width, free.width() - frame.width()),
                       min(height, free.height() - frame.height()))


class RightColumn(Protocol):
    """A main window with the game panel's dock above the event log's."""

    side_dock: QDockWidget
    log_dock: QDockWidget

    def height(self) -> int: ...
    def resizeDocks(self, docks: Sequence[QDockWidget], sizes: Sequence[int],
                    orientation: Qt.Orientation) -> None: ...


def split_right_column(window: RightColumn) -> None:
    """The game panel, not the event log, gets most of the right column of a first window."""
    height = window.height()
    window.resizeDocks([window.side_dock, window.log_dock], [height * 3 // 4, height // 4],
                       Qt.Orientation.Vertical)


def start_window(game_path: str | None = None, autosave: Autosave | None = None,
                 offer_restore: bool = True, prefs: Preferences | None = None) -> MainWindow:
    """The main window, shown: with the saved game at ``game_path`` (`pacific SAVE.json`),
    else with the game a crashed session left in its autosave when the player wants it back
    (``offer_restore``), else with a new game."""
    window = MainWindow(new_controller(), prefs=prefs, autosave=autosave)
    first = not window.geometry_restored
    if first:
        fit_to_screen(window)
    crashed = autosave.crashed_session() if autosave is not None and offer_restore else None
    window.show()
    if first:
        split_right_column(window)
    if game_path:
        window.files.open_path(Path(game_path))
    elif crashed is not None:
        # One question at a time: the new game's own (the British convoy split) waits until
        # this one is answered, and then comes after the hand-over screen.
        window.dialogs.close_convoy()
        window.dialogs.asking_first = True
        try:
            answer = message_box().question(
                window, _("Restore the game?"),
                _("Pacific did not close properly last time. Restore the game saved "
                  "automatically after the last action?"))
        finally:
            window.dialogs.asking_first = False
        if answer == message_box().StandardButton.Yes:
            window.files.restore(crashed)
        elif window.controller is not None:
            window.show_state(window.controller.state)   # the new game's question, now
    return window


def run_gui(game_path: str | None = None, screenshot: str | None = None,
            language: str | None = None) -> int:
    """Start the desktop game. ``language`` ("en", "it") overrides the Preferences' choice."""
    app = make_application()
    # The window's widgets, items and game objects live as long as it does.
    with collector_paused():
        prefs = Preferences()
        set_language(language or prefs.language)
        install_qt_translations(app)
        autosave = Autosave()
        remove_killed_saves(autosave, prefs)
        window = start_window(game_path, autosave, offer_restore=not screenshot, prefs=prefs)
    if sys.platform == "darwin":
        # Only macOS hands files over as events; elsewhere the filter would only be asked
        # about every event of every widget.
        app.installEventFilter(FileOpenEvents(window.files, window))
    if not screenshot:
        autosave.session_started()
        window.dialogs.hand_over()
    if screenshot:
        window.resize(1600, 960)   # the picture's size, whatever screen the tool runs on

        def grab() -> None:
            ok = window.grab().save(screenshot)
            if not ok:
                print(f"pacific: could not write {screenshot}", file=sys.stderr)
            app.exit(0 if ok else 1)

        QTimer.singleShot(400, grab)
    code = app.exec()
    window.deleteLater()
    # Delete the window now, before Python tears down the interpreter.
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    clear_caches()
    return code
