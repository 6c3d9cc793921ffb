"""Where the areas of the rules (economy, movement, combat) register what they handle.

An area module registers, for an action kind, a *handler* that validates the action against the
working copy of the state and then changes that copy; and, for some phases, a *lister* that
yields the legal actions of that area now. The engine (`pacific.rules.engine`) does the copying,
so a handler may raise `IllegalAction` at any point and nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pacific.rules.board import BoardMap
from pacific.rules.dice import DiceSource
from pacific.rules.events import DiceRolled, Event
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


@dataclass
class Context:
    """What a handler works with: the board, the working copy of the state, the dice, and the
    list of events it produces."""

    board: BoardMap
    state: GameState
    dice: DiceSource
    events: list[Event] = field(default_factory=list)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, count: int, purpose: str, hit_on: int | None = None) -> list[int]:
        """Roll ``count`` dice, count them in the state, and log them as an event.

        With ``hit_on``, the event also says how many dice hit (value ≤ hit_on, R-COMBAT-5).
        """
        if count <= 0:
            return []
        values = self.dice.roll(count, purpose)
        self.state.dice_drawn += count
        hits = sum(1 for v in values if v <= hit_on) if hit_on is not None else None
        self.emit(DiceRolled(purpose=purpose, values=tuple(values), hit_on=hit_on, hits=hits))
        return values


Handler = Callable[[Context, Any], None]
Lister = Callable[[BoardMap, GameState], Iterable[Any]]

HANDLERS: dict[str, Handler] = {}
LISTERS: list[tuple[frozenset[Phase], Lister]] = []

H = TypeVar("H", bound=Handler)
L = TypeVar("L", bound=Lister)


def handles(kind: str) -> Callable[[H], H]:
    """Register the handler of one action kind."""

    def register(fn: H) -> H:
        if kind in HANDLERS:
            raise RuntimeError(f"two handlers for action kind {kind!r}")
        HANDLERS[kind] = fn
        return fn

    return register


def lists(*phases: Phase) -> Callable[[L], L]:
    """Register a lister of legal actions for the given phases."""

    def register(fn: L) -> L:
        LISTERS.append((frozenset(phases), fn))
        return fn

    return register


# Phase hooks: `on_enter` runs when a phase begins (e.g. combat finds its battles), `on_leave`
# runs before a phase ends and may refuse with IllegalAction (e.g. battles still unresolved).
PhaseHook = Callable[[Context], None]
ENTER_HOOKS: dict[Phase, list[PhaseHook]] = {}
LEAVE_HOOKS: dict[Phase, list[PhaseHook]] = {}

P = TypeVar("P", bound=PhaseHook)


def on_enter(phase: Phase) -> Callable[[P], P]:
    def register(fn: P) -> P:
        ENTER_HOOKS.setdefault(phase, []).append(fn)
        return fn

    return register


def on_leave(phase: Phase) -> Callable[[P], P]:
    def register(fn: P) -> P:
        LEAVE_HOOKS.setdefault(phase, []).append(fn)
        return fn

    return register
