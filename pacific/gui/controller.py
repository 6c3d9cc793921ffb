"""The one object that holds the game: the rules (`Game`), the engine's `History` of actions,
the file it came from. Every gesture of the GUI ends here as one action; the
controller asks the engine, and tells the views what changed through Qt signals. Nothing else in
the GUI holds or changes game state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from pacific.rules.actions import EDIT_KINDS, Action
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import ChanceDice, DiceSource
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction, PacificError
from pacific.rules.events import Event
from pacific.rules.history import History, Record
from pacific.rules.nations import Power
from pacific.rules.state import GameState

if TYPE_CHECKING:
    from pacific.rules.files.savefile import BoardResolver

DiceFactory = Callable[[GameState], DiceSource | None]
# A judge consulted before a legal action is applied (the guided tutorial keeps play on its
# script with it): None lets the action through, a refusal stops it as the engine's would.
Screen = Callable[[Action], IllegalAction | None]


class GameController(QObject):
    """Applies actions through the engine's history and announces the results.

    Signals:
        state_changed(GameState): the position to draw now (after an action, undo, redo, load).
        events_happened(list[Event]): what the last action did, for the log and animations.
        refused(IllegalAction): the engine's reason for refusing an action.
        power_changed(Power): another power's turn begins (hot-seat hand-over).
        game_over(GameState): a side has won (R-VICTORY-1..3).
        applied(Action): an action was applied (autosave listens to this).
        stepped(GameState): undo or redo moved the position (autosave listens to this too:
            the autosave is the position the player sees).
        file_changed(Path | None): the game's file changed (saved as, opened, restored).

    ``modified`` says whether the position differs from the one last saved or opened: a game
    restored from an autosave or a new game with moves in it has changes to save.
    """

    state_changed = Signal(object)
    events_happened = Signal(list)
    refused = Signal(object)
    power_changed = Signal(object)
    game_over = Signal(object)
    applied = Signal(object)
    stepped = Signal(object)
    file_changed = Signal(object)

    def __init__(self, history: History, path: Path | None = None,
                 parent: QObject | None = None, saved: bool = True) -> None:
        super().__init__(parent)
        self.history = history
        self.path = path
        self._saved: GameState | None = history.state if saved else None
        # Dice from the table (the tabletop preference): dice are decisions (chance nodes);
        # the state waits for a `roll_dice` action with the values, typed in on the battle
        # board, and nothing blocks inside apply. Otherwise the game's seeded dice roll.
        self.typed_dice = False
        # Scripted dice for tests and tools: used instead of either when set.
        self.dice_factory: DiceFactory | None = None
        self.screen: Screen | None = None
        self.last_events: list[Event] = []
        # The records of each drop that took several actions (a stack loaded onto two ships,
        # a move and its unloading): one gesture, so one undo and one redo take it whole.
        self._drops: list[tuple[Record, ...]] = []

    # ---- reading ----

    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def state(self) -> GameState:
        return self.history.state

    @property
    def board(self) -> BoardMap:
        return self.history.game.board

    @property
    def modified(self) -> bool:
        """Are there changes since the game was last saved or opened?"""
        return self.state is not self._saved

    def why_illegal(self, action: Action) -> IllegalAction | None:
        return self.game.why_illegal(self.state, action)

    def legal_actions(self) -> list[Action]:
        return list(self.game.legal_actions(self.state))

    # ---- changing the game (only through the engine) ----

    def submit(self, action: Action) -> IllegalAction | None:
        """Apply ``action``; on a refusal emit `refused` and return the refusal, else None.

        The engine checks the action once, as it applies it: a refused action changes
        nothing. Only with a `screen` is it checked first apart, since the screen judges legal
        actions only."""
        before = self.state
        if self.screen is not None:
            refusal = self.why_illegal(action)
            if refusal is None:
                refusal = self.screen(action)
            if refusal is not None:
                self.refused.emit(refusal)
                return refusal
        dice = self.dice_factory(before) if self.dice_factory is not None else \
            ChanceDice() if self.typed_dice else None
        try:
            events = self.history.apply(action, dice)
        except IllegalAction as exc:
            self.refused.emit(exc)
            return exc
        self.last_events = list(events)
        self.applied.emit(action)
        self._announce(before, self.last_events)
        return None

    def submit_all(self, actions: Sequence[Action]) -> IllegalAction | None:
        """Apply ``actions`` in order (one drop may mean a move and the unloading), each
        checked in the position the ones before it leave, before any is applied: on a refusal
        emit `refused`, apply none and return the refusal."""
        if len(actions) > 1:
            state = self.state
            for action in actions:
                refusal = self.game.why_illegal(state, action)
                if refusal is None and self.screen is not None:
                    refusal = self.screen(action)
                if refusal is not None:
                    self.refused.emit(refusal)
                    return refusal
                state, _events = self.game.apply(state, action, ChanceDice())
        start = len(self.history.records)
        for action in actions:
            refusal = self.submit(action)
            if refusal is not None:
                return refusal
        made = tuple(self.history.records[start:])
        if len(made) > 1:
            self._drops.append(made)
        return None

    def _drop_ending(self, records: Sequence[Record]) -> int:
        """How many of the last records one drop made (1 for a single action)."""
        for drop in self._drops:
            tail = records[-len(drop):]
            if len(tail) == len(drop) and all(a is b for a, b in zip(tail, drop, strict=True)):
                return len(drop)
        return 1

    def cancel_roll(self) -> bool:
        """Leave the game as it was before the dice now awaited were asked for: the action
        that asked for them is taken back (it rolled nothing). False when no dice are awaited,
        or when the last action cannot be taken back that way: a roll (dice are never rolled
        again) or an edit made since (a correction is never undone behind the players' back);
        the game then still waits for the same dice."""
        records = self.history.records
        if not isinstance(self.state.pending, DiceRoll) or not records or \
                records[-1].action.kind in EDIT_KINDS or not self.history.can_undo():
            return False
        return self.undo()

    def undo(self) -> bool:
        """Undo the last action, unless a die was rolled since (dice are never rolled again: the
        history refuses it)."""
        before = self.state
        if not self.history.can_undo():
            return False
        for _step in range(self._drop_ending(self.history.records)):
            if not self.history.can_undo():
                break
            self.history.undo()
        self._announce(before, [])
        self.stepped.emit(self.state)
        return True

    def redo(self) -> bool:
        before = self.state
        if not self.history.can_redo():
            return False
        first = self.history.redo()
        drop = next((d for d in self._drops if d[0] is first), ())
        for _step in drop[1:]:
            if not self.history.can_redo():
                break
            self.history.redo()
        self._announce(before, [])
        self.stepped.emit(self.state)
        return True

    def replace(self, history: History, path: Path | None, saved: bool = True) -> None:
        """Start over with another game (new game, or a file opened). ``saved``: False for a
        game that has never been saved by the player (restored from an autosave)."""
        self.history = history
        self.path = path
        self._saved = history.state if saved else None
        self._drops = []
        self.file_changed.emit(path)
        self.state_changed.emit(self.state)
        self.power_changed.emit(self.state.power)

    def mark_saved(self) -> None:
        """The position is safe in a file the controller does not name (the tutorial saves its
        game in a folder of its own): nothing to offer to save before it is lost."""
        self._saved = self.state

    # ---- files ----

    def save(self, path: Path) -> None:
        """Write the game to ``path`` (atomic: temp file + rename).

        Raises:
            SaveFileError: the file cannot be written.
        """
        # The save file's models are imported when a file is first read or written: a start
        # on a new game does not wait for them.
        from pacific.rules.files.savefile import save_game

        save_game(path, self.history)
        self.path = path
        self._saved = self.state
        self.file_changed.emit(path)

    @staticmethod
    def open_history(path: Path, resolve_board: BoardResolver, edited: bool = False) -> History:
        """Read a saved game (``edited``: at its saved position, changed outside the game,
        rather than where its actions lead; see `pacific.rules.files.savefile.parse_save`).

        Raises:
            SaveFileError: the file is not a valid save (the message says why).
            MapError: the board it names cannot be loaded.
        """
        from pacific.rules.files.savefile import load_game

        return load_game(path, resolve_board, edited)

    def _announce(self, before: GameState, events: list[Event]) -> None:
        after = self.state
        if events:
            self.events_happened.emit(events)
        self.state_changed.emit(after)
        if after.power is not before.power or after.round != before.round:
            self.power_changed.emit(after.power)
        if after.winner is not None and before.winner is None:
            self.game_over.emit(after)


def current_power(state: GameState) -> Power:
    """Who must act now: the power a pending decision names, else the power whose turn it is."""
    return Game.current_power(state)


__all__ = ["GameController", "PacificError", "current_power"]
