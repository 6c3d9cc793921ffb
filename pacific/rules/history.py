"""The history of a game: every applied action with the dice it drew, its events and the state
it led to. Undo belongs to the engine: it steps back one action at a time within
the current power's turn and never past an action that rolled dice, so nobody re-rolls.

    history = History(game, game.new_game(players=3, seed=7))
    events = history.apply(action)
    history.undo(); history.redo()

A saved game opens from its position at once: `History.opened` shows the position
while its story (the records, the position it began from, the notes) is still to be rebuilt by
replaying its actions. `rebuild` does that work a little at a time (a window does it between
two repaints); anything that needs the story forces the rest first, so a caller never sees a
half-read history. `state` never forces: it is the opened position until the story is read,
and an equal one after.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from functools import cached_property

from pacific.rules.actions import Action
from pacific.rules.dice import ChanceDice, DiceSource, RecordingDice, SeededDice
from pacific.rules.engine import Game
from pacific.rules.errors import Message, PacificError
from pacific.rules.events import Event
from pacific.rules.nations import Power
from pacific.rules.state import GameState


class UndoError(PacificError):
    """Undo or redo is not possible now; the message (a template, see `PacificError`) says
    why."""


@dataclass(frozen=True)
class Record:
    """One applied action: what was done, the dice it drew, what happened, the state after."""

    action: Action
    dice: tuple[int, ...]
    events: tuple[Event, ...]
    state: GameState


# The story of an opened game: one replayed action a step; its value at the end is the history
# the actions rebuild (or the position alone, with a note, when they do not give it).
Story = Generator[None, None, "History"]


class History:
    """The initial state and the actions applied since, with undo and redo.

    A history built directly is complete; one `opened` from a position rebuilds its story
    first (`rebuilding`, `rebuild`).
    """

    def __init__(self, game: Game, initial: GameState) -> None:
        self.game = game
        self._initial = initial
        self._records: list[Record] = []
        self._undone: list[Record] = []
        # Things to tell the player about this history, e.g. a save opened from its position
        # because its actions replay differently under today's rules.
        self._notes: list[Message] = []
        self._story: Story | None = None
        # The powers the computer plays, by level name ("easy", "normal", "hard"): who sits
        # where is not part of the position, but a save keeps it, so that a game against the
        # computer opens as one.
        self.computer: dict[Power, str] = {}

    @classmethod
    def opened(cls, game: Game, position: GameState, story: Story) -> History:
        """A history showing ``position`` at once, whose story ``story`` rebuilds: a
        generator that replays one action a step and returns the complete history, which
        this one then becomes. When that history ends at a position equal to ``position``,
        ``position`` itself stays the current state (callers that compare states by identity,
        such as "has the game changed since it was opened", see no change)."""
        history = cls(game, position)
        history._story = story
        return history

    @property
    def rebuilding(self) -> bool:
        """Whether the story is still being rebuilt (the records, the initial state and the
        notes are not known yet; `state` is)."""
        return self._story is not None

    def rebuild(self, budget: int | None = None) -> bool:
        """Replay up to ``budget`` more actions of the story (all of them when None); True
        once the story is complete.

        Raises:
            whatever the replay raises beyond its own refusals (a defect): the history then
            stays the opened position alone, with no records, so play can go on.
        """
        story = self._story
        if story is None:
            return True
        done = 0
        try:
            while budget is None or done < budget:
                next(story)
                done += 1
        except StopIteration as end:
            self._adopt(end.value)
            return True
        except BaseException:
            self._story = None
            raise
        return False

    def _adopt(self, rebuilt: History) -> None:
        """Become the history the story rebuilt, keeping the position shown."""
        position = self._initial
        self._story = None
        self._initial, self._records = rebuilt._initial, list(rebuilt._records)
        self._notes = list(rebuilt._notes)
        if self._records and self._records[-1].state == position:
            self._records[-1] = replace(self._records[-1], state=position)
        elif not self._records and self._initial == position:
            self._initial = position

    def _read(self) -> None:
        """The whole story, before anything that needs it."""
        if self._story is not None:
            self.rebuild()

    @property
    def initial(self) -> GameState:
        """The position the history begins from (the whole story is read first)."""
        self._read()
        return self._initial

    @property
    def records(self) -> list[Record]:
        """Every action applied since `initial`, oldest first (the whole story is read
        first)."""
        self._read()
        return self._records

    @records.setter
    def records(self, records: list[Record]) -> None:
        self._read()
        self._records = records

    @property
    def notes(self) -> list[Message]:
        """What to tell the player about this history (the whole story is read first)."""
        self._read()
        return self._notes

    @cached_property
    def standard_start(self) -> bool:
        """Whether the game began with `Game.new_game` (a save then needs no start position;
        a scenario's does). Asked once per history: it builds a new game."""
        first = self.initial
        return first == self.game.new_game(players=first.players, seed=first.seed)

    @property
    def state(self) -> GameState:
        """The current state. Treat it as read-only: the engine never mutates a state."""
        return self._records[-1].state if self._records else self._initial

    def apply(self, action: Action, dice: DiceSource | None = None) -> list[Event]:
        """Apply ``action`` to the current state and record it; redo is no longer possible.
        Without ``dice``, the game's seeded dice are used; with a `ChanceDice`, dice are
        decisions and the state waits for `roll_dice` actions.

        Raises:
            IllegalAction: the action is refused; the history is unchanged.
            DiceExhausted: a fixed dice source ran out; the history is unchanged.
        """
        self._read()
        state = self.state
        if isinstance(dice, ChanceDice):
            # Dice as decisions: values known in advance (a replay) are used up in order;
            # the others come with `roll_dice` actions.
            new_state, events = self.game.apply(state, action, dice)
            drawn: tuple[int, ...] = tuple(dice.values[:dice.position])
        else:
            recorder = RecordingDice(dice if dice is not None
                                     else SeededDice(state.seed, state.dice_drawn))
            new_state, events = self.game.apply(state, action, recorder)
            drawn = tuple(recorder.values)
        self._records.append(Record(action=action, dice=drawn, events=tuple(events),
                                    state=new_state))
        self._undone.clear()
        return events

    def why_no_undo(self) -> UndoError | None:
        """Why undo is impossible now (the error `undo` would raise), or None when it is
        possible."""
        if not self.records:
            return UndoError("There is nothing to undo.")
        last = self.records[-1]
        before = self.records[-2].state if len(self.records) > 1 else self.initial
        if last.state.winner is not None:
            return UndoError("The game is over: nothing can be undone (R-TURN-7).")
        if last.dice or last.action.kind == "roll_dice":
            return UndoError("The last action rolled dice; dice are never rolled again.")
        if (before.round, before.power) != (last.state.round, last.state.power):
            return UndoError("Undo stays within the current turn.")
        return None

    def can_undo(self) -> bool:
        return self.why_no_undo() is None

    def undo(self) -> Record:
        """Step back one action and return its record.

        Raises:
            UndoError: saying why (nothing to undo, dice were rolled, another turn).
        """
        refusal = self.why_no_undo()
        if refusal is not None:
            raise refusal
        record = self.records.pop()
        self._undone.append(record)
        return record

    def can_redo(self) -> bool:
        self._read()
        return bool(self._undone)

    def redo(self) -> Record:
        """Take back the last undo.

        Raises:
            UndoError: there is nothing to redo (a new action clears redo).
        """
        self._read()
        if not self._undone:
            raise UndoError("There is nothing to redo.")
        record = self._undone.pop()
        self.records.append(record)
        return record
