"""Where a player stands in the tutorial, followed from the engine's history alone.

``marks[i]`` is the number of actions in the history when step ``i`` began; the current step
is the last one marked. After every change of the history (an action applied, an undo, a
redo) `Progress.follow` moves the mark: a step whose goal is met is over and the next one
begins; an undo that takes back a step's actions returns to that step. A step to read ends
when the player goes on (`Progress.go_on`).

Nothing here knows about widgets: the GUI asks `screen` before an action is applied (a move
off the script is refused with the step's hint), `dice` for the values its battles roll, and
`auto_action` for the phases the tutorial plays for the player. The marks and the current
step's id are all that is saved besides the game (`restore` checks them against it).
"""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.actions import EDIT_KINDS, Action
from pacific.rules.engine import Game
from pacific.rules.errors import PacificError
from pacific.rules.history import History
from pacific.rules.state import GameState
from pacific.text.language import N_
from pacific.tutorial.goals import EndPhases, Read
from pacific.tutorial.script import STEPS, Step

EDIT_HINT = N_("Edit mode stays off during the tutorial: leave the tutorial to correct a "
               "position.")


class TutorialMismatch(PacificError):
    """A saved tutorial whose step does not fit its game (the message says where; a message
    id with its values, shown in the player's language by `pacific.text`)."""


def state_after(history: History, count: int) -> GameState:
    """The position once the first ``count`` actions of ``history`` were applied."""
    return history.records[count - 1].state if count > 0 else history.initial


class Progress:
    """The step reached in ``script`` by the game in a history."""

    def __init__(self, game: Game, script: Sequence[Step] = STEPS,
                 marks: Sequence[int] = (0,)) -> None:
        self.game = game
        self.script = tuple(script)
        self.marks = list(marks)

    # ---- where we are ----

    @property
    def index(self) -> int:
        return len(self.marks) - 1

    @property
    def finished(self) -> bool:
        return self.index >= len(self.script)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.script[self.index]

    def start(self, history: History) -> GameState:
        """The position when the current step began."""
        return state_after(history, min(self.marks[-1], len(history.records)))

    def step_done(self, history: History) -> bool:
        step = self.step
        return step is not None and not isinstance(step.goal, Read) and \
            step.goal.done(self.game.board, self.start(history), history.state)

    # ---- following the history ----

    def follow(self, history: History) -> bool:
        """Bring the step in line with ``history``; True when the step changed."""
        count = len(history.records)
        before = list(self.marks)
        while len(self.marks) > 1 and count < self.marks[-1]:
            self.marks.pop()  # an undo took back what the step did
        while self.step_done(history):
            self.marks.append(count)
        return self.marks != before

    def go_on(self, history: History) -> bool:
        """The player goes on from a step to read; False for a step that waits for play."""
        step = self.step
        if step is None or not isinstance(step.goal, Read):
            return False
        self.marks.append(len(history.records))
        self.follow(history)
        return True

    # ---- what the GUI asks ----

    def screen(self, history: History, action: Action) -> str | None:
        """None when ``action`` is part of the current step, else the hint (a message id) the
        player gets instead of the move."""
        step = self.step
        if step is None:
            return None   # the tutorial is over: the game is the player's
        if action.kind in EDIT_KINDS:
            return EDIT_HINT
        if step.goal.allows(self.game.board, self.start(history), history.state, action):
            return None
        return step.hint

    def dice(self, history: History) -> tuple[int, ...]:
        """The dice the current step has still to roll: its script's values, less those the
        actions since it began drew."""
        step = self.step
        if step is None:
            return ()
        used = sum(len(r.dice) for r in history.records[self.marks[-1]:])
        return step.values[used:]

    def auto_action(self, history: History) -> Action | None:
        """The next action the tutorial plays for the player in an ``auto`` step (None when
        the step waits for the player or is not one)."""
        step = self.step
        if step is None or not isinstance(step.goal, EndPhases) or not step.goal.auto:
            return None
        return step.goal.auto_action(self.game, self.start(history), history.state)

    # ---- saving ----

    def saved(self) -> tuple[str, str]:
        """(the current step's id, the marks as text): what QSettings keeps."""
        step = self.step
        return (step.id if step is not None else "finished",
                ",".join(str(m) for m in self.marks))

    @classmethod
    def restore(cls, game: Game, history: History, step_id: str, marks_text: str,
                script: Sequence[Step] = STEPS) -> Progress:
        """The progress saved as ``saved()`` gave it, checked against the saved game.

        Raises:
            TutorialMismatch: the marks are malformed, or name another step, or a step they
                say was done is not done in the game.
        """
        try:
            marks = [int(m) for m in marks_text.split(",")]
        except ValueError:
            raise TutorialMismatch(N_("the saved steps \"{marks}\" are not numbers"),
                                   marks=marks_text) from None
        count = len(history.records)
        if not marks or marks[0] != 0 or marks != sorted(marks) or marks[-1] > count or \
                len(marks) > len(script) + 1:
            raise TutorialMismatch(N_("the saved steps \"{marks}\" do not fit a game of "
                                      "{count} actions"), marks=marks_text, count=count)
        progress = cls(game, script, marks)
        expected = progress.saved()[0]
        if expected != step_id:
            raise TutorialMismatch(N_("the saved step \"{saved}\" is not step {number} "
                                      "(\"{expected}\")"), saved=step_id,
                                   number=len(marks), expected=expected)
        for i, step in enumerate(script[:len(marks) - 1]):
            start, end = state_after(history, marks[i]), state_after(history, marks[i + 1])
            if not isinstance(step.goal, Read) and not step.goal.done(game.board, start, end):
                raise TutorialMismatch(N_("step {number} (\"{step}\") is not done in the "
                                          "saved game"), number=i + 1, step=step.id)
        progress.follow(history)
        return progress
