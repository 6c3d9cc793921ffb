"""Where the guided tutorial keeps its game and the step reached, so that it survives leaving the
tutorial and quitting the app: the game in an ordinary save file in the app's data folder
(``<AppData>/tutorial/tutorial.json``, written after every change), the step and its marks in
QSettings (``tutorial/step``, ``tutorial/marks``; see `pacific.tutorial.progress`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from pacific.rules.history import History
from pacific.rules.maps import board_resolver
from pacific.rules.savefile import load_game, save_game
from pacific.tutorial import Progress

STEP_KEY = "tutorial/step"
MARKS_KEY = "tutorial/marks"
FILE_NAME = "tutorial.json"


def default_folder() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".pacific") / "tutorial"


class TutorialStore:
    """The saved tutorial in ``folder`` and ``settings``."""

    def __init__(self, settings: QSettings, folder: Path | None = None) -> None:
        self.settings = settings
        self.folder = folder if folder is not None else default_folder()

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def saved_step(self) -> str | None:
        """The id of the step a saved tutorial reached, or None when none is saved."""
        step = str(self.settings.value(STEP_KEY, "") or "")
        return step if step and self.path.is_file() else None

    def save(self, history: History, progress: Progress) -> None:
        """Write the game (atomically) and the step reached.

        Raises:
            SaveFileError: the file cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        save_game(self.path, history)
        step, marks = progress.saved()
        self.settings.setValue(STEP_KEY, step)
        self.settings.setValue(MARKS_KEY, marks)
        self.settings.sync()

    def load(self) -> tuple[History, str, str]:
        """The saved game, the step's id and its marks (for `Progress.restore`).

        Raises:
            SaveFileError: the file is missing or is not a valid save.
            MapError: its board cannot be loaded.
        """
        history = load_game(self.path, board_resolver())
        return (history, str(self.settings.value(STEP_KEY, "")),
                str(self.settings.value(MARKS_KEY, "")))

    def clear(self) -> None:
        """Forget the saved tutorial (it was finished, or starts over)."""
        self.path.unlink(missing_ok=True)
        self.settings.remove(STEP_KEY)
        self.settings.remove(MARKS_KEY)
        self.settings.sync()
