"""The story of a game, read from its log (no Qt): the position turn by turn for the charts,
every battle with its luck, each power's luck over the game, and a report to share.

    story = read_story(history)
    story.samples, story.battles, story.luck

It depends downward only: on the rules (the history, its records and events), the odds (the
exact odds of each battle before its first roll) and the text layer (the report's words).

The names are imported on first use (PEP 562): the window draws its charts' module at start-up,
and the luck asks the odds, which the first paint does not need.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacific.story.game import GameStory, read_story
    from pacific.story.luck import BattleLuck, PowerLuck, Roll
    from pacific.story.odds_of import exact_odds
    from pacific.story.turns import TurnSample

_EXPORTS = {
    "GameStory": "pacific.story.game", "read_story": "pacific.story.game",
    "BattleLuck": "pacific.story.luck", "PowerLuck": "pacific.story.luck",
    "Roll": "pacific.story.luck", "exact_odds": "pacific.story.odds_of",
    "TurnSample": "pacific.story.turns",
}

__all__ = ["BattleLuck", "GameStory", "PowerLuck", "Roll", "TurnSample", "exact_odds",
           "read_story"]


def __getattr__(name: str) -> Any:
    """The public names, imported on first use."""
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'pacific.story' has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
