"""Helpers for the combat tests: start phase 4 on a scenario and play scripted actions."""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.actions import Action
from pacific.rules.combat.start import start_combat
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.events import DiceRolled, Event
from pacific.rules.phases import Phase
from pacific.rules.registry import Context
from pacific.rules.state import GameState


def begin_combat(game: Game, state: GameState) -> GameState:
    """Enter phase 4 as the engine does after combat movement (runs the on_enter hook)."""
    work = state.model_copy(deep=True)
    work.phase = Phase.COMBAT
    start_combat(Context(board=game.board, state=work, dice=FixedDice([])))
    return work


def came(state: GameState, unit_ids: Sequence[int], *path: str) -> None:
    """Record that units moved along ``path`` this turn (what movement writes in phase 3)."""
    for uid in unit_ids:
        unit = state.units[uid]
        unit.path = list(path)
        unit.start_space = path[0]
        unit.combat_moved = True


def play(game: Game, state: GameState, actions: Sequence[Action],
         dice: Sequence[int]) -> tuple[GameState, list[Event], list[list[int]]]:
    """Apply ``actions`` in order with one list of scripted dice, which must all be used.
    Returns the state, every event, and the dice of each roll in order."""
    fixed = FixedDice(dice)
    events: list[Event] = []
    for action in actions:
        state, new = game.apply(state, action, fixed)
        events.extend(new)
    assert fixed.remaining == 0, f"{fixed.remaining} scripted dice unused"
    rolls = [list(e.values) for e in events if isinstance(e, DiceRolled)]
    return state, events, rolls
