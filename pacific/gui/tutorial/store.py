"""Where the guided courses keep their game and the step reached, so that each survives leaving
it and quitting the app: the game in an ordinary save file in the app's data folder
(``<AppData>/tutorial/tutorial.json`` for Japan's tutorial, ``<course>.json`` for the others,
written after every change), the step and its marks in QSettings (``tutorial/step``,
``tutorial/marks`` for Japan's, ``tutorial/<course>/step`` and ``.../marks`` for the others;
see `pacific.tutorial.progress`), and the courses finished (``tutorial/done``).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game, save_game
from pacific.rules.history import History
from pacific.tutorial import Progress
from pacific.tutorial.course import JAPAN, Course

FILE_NAME = "tutorial.json"
DONE_KEY = "tutorial/done"


def default_folder() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".pacific") / "tutorial"


class TutorialStore:
    """The saved course ``course`` in ``folder`` and ``settings`` (`for_course` gives the
    store of another course over the same places)."""

    def __init__(self, settings: QSettings, folder: Path | None = None,
                 course: Course = JAPAN) -> None:
        self.settings = settings
        self.folder = folder if folder is not None else default_folder()
        self.course = course

    def for_course(self, course: Course) -> TutorialStore:
        return TutorialStore(self.settings, self.folder, course)

    @property
    def path(self) -> Path:
        # Japan's tutorial keeps the names it had before there were other courses.
        return self.folder / (FILE_NAME if self.course is JAPAN else f"{self.course.id}.json")

    def _key(self, name: str) -> str:
        return f"tutorial/{name}" if self.course is JAPAN else \
            f"tutorial/{self.course.id}/{name}"

    def done(self) -> set[str]:
        """The ids of the courses finished."""
        value = self.settings.value(DONE_KEY, "") or ""
        return {c for c in str(value).split(",") if c}

    def mark_done(self) -> None:
        self.settings.setValue(DONE_KEY, ",".join(sorted(self.done() | {self.course.id})))
        self.settings.sync()

    def saved_step(self) -> str | None:
        """The id of the step a saved tutorial reached, or None when none is saved."""
        step = str(self.settings.value(self._key("step"), "") or "")
        return step if step and self.path.is_file() else None

    def save(self, history: History, progress: Progress) -> None:
        """Write the game (atomically) and the step reached.

        Raises:
            SaveFileError: the file cannot be written.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        save_game(self.path, history)
        step, marks = progress.saved()
        self.settings.setValue(self._key("step"), step)
        self.settings.setValue(self._key("marks"), marks)
        self.settings.sync()

    def load(self) -> tuple[History, str, str]:
        """The saved game, the step's id and its marks (for `Progress.restore`).

        Raises:
            SaveFileError: the file is missing or is not a valid save.
            MapError: its board cannot be loaded.
        """
        history = load_game(self.path, board_resolver())
        return (history, str(self.settings.value(self._key("step"), "")),
                str(self.settings.value(self._key("marks"), "")))

    def clear(self) -> None:
        """Forget the saved tutorial (it was finished, or starts over)."""
        self.path.unlink(missing_ok=True)
        self.settings.remove(self._key("step"))
        self.settings.remove(self._key("marks"))
        self.settings.sync()
