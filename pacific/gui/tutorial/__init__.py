"""Help ▸ Tutorials and Help ▸ Lessons: the guided courses' panel, their marks on the map and
the runner that follows the game; the scripts themselves are pure Python in `pacific.tutorial`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pacific.gui.tutorial.runner import OBJECT_NAME, TutorialHint, TutorialRunner
from pacific.gui.tutorial.store import TutorialStore, default_folder
from pacific.tutorial.course import JAPAN, Course

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow


def tutorial_of(window: MainWindow) -> TutorialRunner:
    """The tutorial of ``window``, made at first use. Its saved game goes beside the window's
    autosaves (the app's data folder), its step into the window's settings."""
    runner = window.findChild(TutorialRunner, OBJECT_NAME)
    if runner is None:
        autosave = window.autosave
        folder: Path = autosave.directory.parent / "tutorial" if autosave is not None \
            else default_folder()
        runner = TutorialRunner(window, TutorialStore(window.prefs.settings, folder))
    return runner


def open_tutorial(window: MainWindow, course: Course = JAPAN) -> TutorialRunner:
    """Help ▸ Tutorials, Help ▸ Lessons: start, resume or bring forward ``course`` in
    ``window``."""
    runner = tutorial_of(window)
    runner.open(course)
    return runner


__all__ = ["TutorialHint", "TutorialRunner", "TutorialStore", "open_tutorial", "tutorial_of"]
