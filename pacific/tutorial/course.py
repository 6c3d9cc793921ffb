"""The guided courses: a tutorial for each side's first turn and the short lessons, each a
script of steps (`script.Step`) played from a scenario of the map's scenarios folder.

A course is data: its id (the key its progress is saved under), its title (a message id), its
scenario and its steps. Help ▸ Tutorials and Help ▸ Lessons list them; the GUI runs any of
them with the same machinery (`pacific.gui.tutorial`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pacific.text.language import N_
from pacific.tutorial.script import MAP_ID, SCENARIO, STEPS, Step


@dataclass(frozen=True)
class Course:
    id: str
    title: str
    scenario: str
    steps: tuple[Step, ...]
    kind: Literal["tutorial", "lesson"] = "tutorial"
    map_id: str = MAP_ID

    def step_index(self, step_id: str) -> int:
        """The position of the step ``step_id`` in the course.

        Raises:
            KeyError: no step has that id.
        """
        for i, step in enumerate(self.steps):
            if step.id == step_id:
                return i
        raise KeyError(step_id)


JAPAN = Course("japan", N_("Japan's first turn"), SCENARIO, STEPS)


def _usa() -> Course:
    from pacific.tutorial import usa

    return Course("usa", N_("The United States and China"), usa.SCENARIO, usa.STEPS)


def _britain() -> Course:
    from pacific.tutorial import britain

    return Course("britain", N_("Great Britain: India and Australia"), britain.SCENARIO,
                  britain.STEPS)


USA = _usa()
BRITAIN = _britain()
TUTORIALS: tuple[Course, ...] = (JAPAN, USA, BRITAIN)


def _lessons() -> tuple[Course, ...]:
    from pacific.tutorial import lessons

    return tuple(
        Course(course_id, title, f"lesson_{course_id}.json", steps, "lesson")
        for course_id, title, steps in (
            ("kamikaze", N_("Kamikaze"), lessons.KAMIKAZE),
            ("cap", N_("Combat air patrols"), lessons.CAP),
            ("bases", N_("Naval and air bases"), lessons.BASES),
            ("convoys", N_("Convoy centres and routes"), lessons.CONVOYS),
            ("bombing", N_("Strategic bombing"), lessons.BOMBING),
            ("amphibious", N_("Amphibious assaults"), lessons.AMPHIBIOUS),
            ("submarines", N_("Submarines and destroyers"), lessons.SUBMARINES),
        ))


LESSONS: tuple[Course, ...] = _lessons()
COURSES: dict[str, Course] = {c.id: c for c in (*TUTORIALS, *LESSONS)}
