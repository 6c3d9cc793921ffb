"""Autosave after every action, one file per game, and the offer to restore after a crash.

Every game the window shows (a new game, a file opened, a game restored) autosaves into a file
of its own in the autosave folder, named when its first action is saved, so that one game's
autosave never overwrites another's, and a restored autosave stays as it was. The
newest `KEEP` files are kept.

The game is written through the engine's save file (`pacific.rules.files.savefile`, atomic: a temp
file then a rename), so an autosave opens in the command line too. QSettings holds a flag that
says a session is running and the path of the game it autosaves; the flag is cleared on a clean
exit, so finding it set at start-up means the last session crashed, and that file is offered
back.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from pacific.rules.errors import SaveFileError
from pacific.rules.history import History
from pacific.text import _, error_text

RUNNING_KEY = "session/running"
FILE_KEY = "session/autosave"
KEEP = 30  # autosaves kept, newest first


def default_directory() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".pacific") / "autosaves"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40] or "game"


class Autosave:
    """The autosaves in ``directory``; ``path`` is the current game's file (None until the
    game's first autosave)."""

    def __init__(self, directory: Path | None = None, settings: QSettings | None = None) -> None:
        self.directory = directory if directory is not None else default_directory()
        self.settings = settings if settings is not None else QSettings()
        self.path: Path | None = None
        self._name = "new-game"
        self.last_error: str | None = None

    def crashed_session(self) -> Path | None:
        """The autosave of a session that did not end cleanly, if there is one."""
        running = str(self.settings.value(RUNNING_KEY, "false")).lower() in ("true", "1")
        value = self.settings.value(FILE_KEY, "")
        path = Path(str(value)) if value else None
        return path if running and path is not None and path.is_file() else None

    def session_started(self) -> None:
        self.settings.setValue(RUNNING_KEY, "true")
        self._remember()

    def session_ended(self) -> None:
        self.settings.setValue(RUNNING_KEY, "false")
        self.settings.sync()

    def new_game(self, name: str = "new game") -> None:
        """Another game is shown: its first autosave goes into a file of its own."""
        self.path = None
        self._name = _slug(name)

    def _remember(self) -> None:
        self.settings.setValue(FILE_KEY, str(self.path) if self.path is not None else "")
        self.settings.sync()

    def _fresh_path(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = self.directory / f"{stamp}-{self._name}.json"
        n = 2
        while path.exists():
            path = self.directory / f"{stamp}-{self._name}-{n}.json"
            n += 1
        return path

    def files(self) -> list[Path]:
        """Every autosave in the folder, newest first."""
        if not self.directory.is_dir():
            return []
        found = [p for p in self.directory.glob("*.json") if p.is_file()]
        return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def _prune(self) -> None:
        for old in self.files()[KEEP:]:
            if old != self.path:
                old.unlink(missing_ok=True)

    def save(self, history: History) -> bool:
        """Write the current game's autosave; a failure is remembered in ``last_error``, never
        raised (an autosave must not interrupt play)."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fresh = self.path is None
            if self.path is None:
                self.path = self._fresh_path()
            # Imported on the first save: the save file's models need not delay the start.
            from pacific.rules.files.savefile import save_game

            save_game(self.path, history)
            if fresh:
                self._remember()
                self._prune()
        except (OSError, SaveFileError) as exc:
            why = error_text(exc) if isinstance(exc, SaveFileError) else str(exc)
            self.last_error = _("autosave failed: {problem}").format(problem=why)
            return False
        self.last_error = None
        return True
