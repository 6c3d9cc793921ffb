"""A plan is a list of steps; each step turns into one engine action when its turn comes, from
the position as it is then (an AA gun may have shot down an aircraft, a ship may already have
moved). A step whose action the engine would refuse (`Game.why_illegal`) tries the engine's own
reading of the same drop (`Game.drop_action`), and is otherwise skipped: the computer player
never sends an action the rules refuse."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pacific.ai.explain import AttackReason
from pacific.ai.stacks import with_units
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Unload
from pacific.rules.engine import Game
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState

if TYPE_CHECKING:
    from pacific.ai.turn import Turn

Step = Callable[[Game, GameState], Action | None]


def accepted(game: Game, state: GameState, action: Action | None) -> Action | None:
    if action is None:
        return None
    return action if game.why_illegal(state, action) is None else None


def next_queued(game: Game, state: GameState, queue: list[tuple[tuple[int, ...], str]],
                where: str | None = None) -> Action | None:
    """The first drop of ``queue`` (units, destination) the engine accepts, popping those it
    refuses; units gone, or (with ``where``) no longer there, are left out."""
    while queue:
        ids, destination = queue.pop(0)
        ids = tuple(i for i in ids if i in state.units
                    and (where is None or state.units[i].space == where))
        if not ids:
            continue
        action = accepted(game, state, game.drop_action(state, ids, destination))
        if action is not None:
            return action
    return None


class QueuedDrops:
    """A step that lays out its drops once, from the position as it is when its turn first
    comes (the steps before it have moved), and then sends them one at a time
    (`next_queued`); ``where``: only units still in that space go."""

    repeat = True
    kind = "fleet"

    def __init__(self, turn0: Turn, where: str | None = None) -> None:
        self.turn0 = turn0
        self.where = where
        self.queue: list[tuple[tuple[int, ...], str]] | None = None

    def plan(self, game: Game, turn: Turn) -> list[tuple[tuple[int, ...], str]]:
        raise NotImplementedError

    def __call__(self, game: Game, state: GameState) -> Action | None:
        if self.queue is None:
            self.queue = self.plan(game, self.turn0.at(state))
        return next_queued(game, state, self.queue, self.where)


def _present(state: GameState, ids: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(i for i in ids if i in state.units)


@dataclass
class MoveStep:
    """Move ``ids`` (identical units, one space) to ``space`` the way ``target`` says."""

    ids: tuple[int, ...]
    space: str
    target: DropTarget | None = None
    raid: bool = False
    # The attack this move belongs to (what the computer panel and "Why?" show).
    why: AttackReason | None = None
    # Else the kind of move it is (`pacific.ai.explain.MOVE_KINDS`), for "Why?".
    kind: str = ""

    def __call__(self, game: Game, state: GameState) -> Action | None:
        ids = _present(state, self.ids)
        if not ids or state.units[ids[0]].space == self.space:
            return None
        if self.target is not None:
            base = self.target.raid_action if self.raid and self.target.raid_action \
                else self.target.action
            action = accepted(game, state, with_units(base, ids))
            if action is not None:
                return action
        return accepted(game, state, game.drop_action(state, ids, self.space, raid=self.raid))


@dataclass
class LoadStep:
    transport: int
    ids: tuple[int, ...]
    why: AttackReason | None = None

    def __call__(self, game: Game, state: GameState) -> Action | None:
        ids = tuple(i for i in _present(state, self.ids) if state.units[i].carried_by is None)
        if not ids or self.transport not in state.units:
            return None
        return accepted(game, state, Load(transport=self.transport, units=ids))


@dataclass
class UnloadStep:
    transport: int
    territory: str
    why: AttackReason | None = None

    def __call__(self, game: Game, state: GameState) -> Action | None:
        cargo = tuple(sorted(u.id for u in state.cargo_of(self.transport)))
        if not cargo:
            return None
        return accepted(game, state, Unload(transport=self.transport, units=cargo,
                                            territory=self.territory))


@dataclass
class Later:
    """A step decided only when its turn comes, from the position then."""

    decide: Callable[[Game, GameState], Action | None]
    # The kind of move it decides (`pacific.ai.explain.MOVE_KINDS`), for "Why?".
    kind: str = ""

    def __call__(self, game: Game, state: GameState) -> Action | None:
        return accepted(game, state, self.decide(game, state))
