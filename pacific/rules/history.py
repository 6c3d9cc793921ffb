"""The history of a game: every applied action with the dice it drew, its events and the state
it led to (STYLE habit 7). Undo belongs to the engine: it steps back one action at a time within
the current power's turn and never past an action that rolled dice, so nobody re-rolls.

    history = History(game, game.new_game(players=3, seed=7))
    events = history.apply(action)
    history.undo(); history.redo()
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pacific.rules.actions import Action
from pacific.rules.dice import ChanceDice, DiceSource, RecordingDice, SeededDice
from pacific.rules.engine import Game
from pacific.rules.errors import Message, PacificError
from pacific.rules.events import Event
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


class History:
    """The initial state and the actions applied since, with undo and redo."""

    def __init__(self, game: Game, initial: GameState) -> None:
        self.game = game
        self.initial = initial
        self.records: list[Record] = []
        self._undone: list[Record] = []
        # Things to tell the player about this history, e.g. a save opened from its position
        # because its actions replay differently under today's rules.
        self.notes: list[Message] = []

    @cached_property
    def standard_start(self) -> bool:
        """Whether the game began with `Game.new_game` (a save then needs no start position;
        a scenario's does, issue 14). Asked once per history: it builds a new game."""
        first = self.initial
        return first == self.game.new_game(players=first.players, seed=first.seed)

    @property
    def state(self) -> GameState:
        """The current state. Treat it as read-only: the engine never mutates a state."""
        return self.records[-1].state if self.records else self.initial

    def apply(self, action: Action, dice: DiceSource | None = None) -> list[Event]:
        """Apply ``action`` to the current state and record it; redo is no longer possible.
        Without ``dice``, the game's seeded dice are used; with a `ChanceDice`, dice are
        decisions and the state waits for `roll_dice` actions.

        Raises:
            IllegalAction: the action is refused; the history is unchanged.
            DiceExhausted: a fixed dice source ran out; the history is unchanged.
        """
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
        self.records.append(Record(action=action, dice=drawn, events=tuple(events),
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
        return bool(self._undone)

    def redo(self) -> Record:
        """Take back the last undo.

        Raises:
            UndoError: there is nothing to redo (a new action clears redo).
        """
        if not self._undone:
            raise UndoError("There is nothing to redo.")
        record = self._undone.pop()
        self.records.append(record)
        return record
