"""Small helpers for the movement tests: apply a move, or check that a refusal names the rule
and leaves the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import snapshot

from pacific.rules.actions import Action
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.events import Event
from pacific.rules.state import GameState


def ok(game: Game, state: GameState, action: Action, dice: list[int] | None = None
       ) -> tuple[GameState, list[Event]]:
    """Apply an action that must be legal (fixed dice, none by default)."""
    return game.apply(state, action, FixedDice(dice or []))


def refused(game: Game, state: GameState, action: Action, rule: str) -> IllegalAction:
    """Apply an action that must be refused by ``rule``; the state must not change."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        game.apply(state, action, FixedDice([]))
    assert snapshot(state) == before
    assert info.value.rule == rule, info.value.message
    assert f"({rule})" in info.value.message
    assert game.why_illegal(state, action) is not None
    return info.value


def where(state: GameState, ids: list[int]) -> set[str]:
    return {state.units[i].space for i in ids}


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def field(events: list[Event], kind: str, name: str) -> Any:
    return [getattr(e, name) for e in events if e.kind == kind]
