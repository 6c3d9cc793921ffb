"""Starting the Qt application and its main window."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from pacific import APP_NAME, __version__
from pacific.gui.autosave import Autosave
from pacific.gui.controller import GameController
from pacific.gui.icons import clear_caches
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.mapfile import load_board
from pacific.rules.maps import DEFAULT_MAP_ID, find_map
from pacific.rules.savefile import remove_stale_temps
from pacific.text import set_language


def make_application(argv: list[str] | None = None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Pacific")
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


def remove_killed_saves(autosave: Autosave, prefs: Preferences) -> list[Path]:
    """At start-up, the temporary files a killed save left beside the autosave or a recent
    game (issue 19; `remove_stale_temps` takes only old ones of our own naming)."""
    removed: list[Path] = []
    for saved in [autosave.path, *map(Path, prefs.recent_files())]:
        removed += remove_stale_temps(saved)
    return removed


def run_gui(game_path: str | None = None, screenshot: str | None = None,
            language: str | None = None) -> int:
    """Start the desktop game. ``language`` ("en", "it") overrides the Preferences' choice."""
    app = make_application()
    set_language(language or Preferences().language)
    autosave = Autosave()
    window = MainWindow(new_controller(), autosave=autosave)
    window.resize(1600, 960)
    crashed = None if screenshot else autosave.crashed_session()
    remove_killed_saves(autosave, window.prefs)
    window.show()
    if game_path:
        window.open_path(Path(game_path))
    elif crashed is not None:
        answer = QMessageBox.question(
            window, "Restore the game?",
            "Pacific did not close properly last time. Restore the game saved automatically "
            "after the last action?")
        if answer == QMessageBox.StandardButton.Yes:
            window.open_path(crashed)
    if not screenshot:
        autosave.session_started()
        window.hand_over()
    if screenshot:
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
