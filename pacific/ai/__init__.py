"""A computer opponent for any power: `ComputerPlayer` at a `Level`, the
`RandomPlayer` yardstick, and `play_game` for whole headless games. Pure Python over the rules
engine's public API and the exact odds (`pacific.odds`); see docs/ai.md.

The names are loaded on first use: `pacific.ai.levels` (what the New game dialog needs) can be
imported without the odds calculator and numpy, so the window's first paint does not wait."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacific.ai.explain import AttackReason, MoveReason, PurchaseReason, Reason
    from pacific.ai.levels import EASY, HARD, LEVELS, NORMAL, Level, parse_level
    from pacific.ai.match import GameReport, Player, play_game
    from pacific.ai.player import Activity, ComputerPlayer
    from pacific.ai.random_player import RandomPlayer

_WHERE = {
    "AttackReason": "explain", "MoveReason": "explain", "PurchaseReason": "explain",
    "Reason": "explain",
    "EASY": "levels", "HARD": "levels", "LEVELS": "levels", "NORMAL": "levels",
    "Level": "levels", "parse_level": "levels",
    "GameReport": "match", "Player": "match", "play_game": "match",
    "Activity": "player", "ComputerPlayer": "player",
    "RandomPlayer": "random_player",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'pacific.ai' has no attribute {name!r}")
    return getattr(import_module(f"pacific.ai.{module}"), name)


__all__ = [
    "EASY",
    "HARD",
    "LEVELS",
    "NORMAL",
    "Activity",
    "AttackReason",
    "ComputerPlayer",
    "GameReport",
    "Level",
    "MoveReason",
    "Player",
    "PurchaseReason",
    "RandomPlayer",
    "Reason",
    "parse_level",
    "play_game",
]
