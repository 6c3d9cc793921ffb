"""Autosave after every action, and the offer to restore after a crash.

The game is written through the engine's save file (`pacific.rules.savefile`, atomic: a temp
file then a rename), so an autosave opens in the command line too. A flag in QSettings says a
session is running; it is cleared on a clean exit, so finding it set at start-up means the last
session crashed and its autosave is offered back.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from pacific.rules.errors import SaveFileError
from pacific.rules.history import History
from pacific.rules.savefile import save_game

RUNNING_KEY = "session/running"


def default_path() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".pacific") / "autosave.json"


class Autosave:
    def __init__(self, path: Path | None = None, settings: QSettings | None = None) -> None:
        self.path = path if path is not None else default_path()
        self.settings = settings if settings is not None else QSettings()
        self.last_error: str | None = None

    def crashed_session(self) -> Path | None:
        """The autosave of a session that did not end cleanly, if there is one."""
        running = str(self.settings.value(RUNNING_KEY, "false")).lower() in ("true", "1")
        return self.path if running and self.path.exists() else None

    def session_started(self) -> None:
        self.settings.setValue(RUNNING_KEY, "true")
        self.settings.sync()

    def session_ended(self) -> None:
        self.settings.setValue(RUNNING_KEY, "false")
        self.settings.sync()

    def save(self, history: History) -> bool:
        """Write the autosave; a failure is remembered in ``last_error``, never raised (an
        autosave must not interrupt play)."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.path, history)
        except (OSError, SaveFileError) as exc:
            self.last_error = f"autosave failed: {exc}"
            return False
        self.last_error = None
        return True
