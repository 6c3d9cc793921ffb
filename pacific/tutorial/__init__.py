"""The guided courses (Help ▸ Tutorials, Help ▸ Lessons), as pure Python: the script of steps
(`script`), what each step asks for (`goals`) and where a player stands (`progress`). The GUI
(`pacific.gui.tutorial`) shows it; tests play it through the engine."""

from __future__ import annotations

from pacific.tutorial.goals import Goal, Pieces
from pacific.tutorial.progress import EDIT_HINT, Progress, TutorialMismatch, state_after
from pacific.tutorial.script import MAP_ID, SCENARIO, STEPS, UI_LABELS, Roll, Step, step_index

__all__ = ["EDIT_HINT", "MAP_ID", "SCENARIO", "STEPS", "UI_LABELS", "Goal", "Pieces", "Progress",
           "Roll", "Step", "TutorialMismatch", "state_after", "step_index"]
