"""The game's rules: pure Python and pydantic, no Qt, no shapely.

The public face of the engine, for a program that plays, checks or studies games:

    from pacific.rules import Game, History, load_board

    game = Game(load_board("maps/pacific"))
    history = History(game, game.new_game(players=3, seed=7))
    action = next(iter(game.legal_actions(history.state)))
    history.apply(action)

- `Game`: the rules of one board; `legal_actions`, `why_illegal`, `apply`, and the queries
  the GUI asks (`drop_targets`, `battle_view`...).
- `GameState`: a position; `History`: the actions applied since a start, with undo.
- `Action` (the union of every action kind), `parse_action` (from JSON), `IllegalAction` (a
  refusal with its rule id).
- The decisions a state may wait on (`state.pending`): `Decision` and its kinds.
- `load_board`: a board from its folder (`maps/pacific`).

Everything else is reached through its module (`pacific.rules.movement`,
`pacific.rules.files.savefile`...).
The names are imported on first use, so importing one module of the rules does not load the
whole engine. The file formats' old paths (`pacific.rules.savefile`, `pacific.rules.board`...)
still import, as the modules at their new ones (`pacific.rules.files.old_paths`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from pacific.rules.files import old_paths

if TYPE_CHECKING:
    from pacific.rules.actions import Action, parse_action
    from pacific.rules.decisions import (
        CasualtyChoice,
        ConvoySplit,
        Decision,
        DefenderSubmergeChoice,
        DiceRoll,
        FighterLanding,
        InterceptChoice,
        KamikazeChoice,
        OwnerDecision,
        RoundChoice,
    )
    from pacific.rules.engine import Game
    from pacific.rules.errors import IllegalAction
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.history import History
    from pacific.rules.state import GameState

old_paths.install()

# Public name → (module, name in it).
_EXPORTS: dict[str, tuple[str, str]] = {
    "Action": ("pacific.rules.actions", "Action"),
    "parse_action": ("pacific.rules.actions", "parse_action"),
    "Game": ("pacific.rules.engine", "Game"),
    "GameState": ("pacific.rules.state", "GameState"),
    "History": ("pacific.rules.history", "History"),
    "IllegalAction": ("pacific.rules.errors", "IllegalAction"),
    "load_board": ("pacific.rules.files.mapfile", "load_board"),
    **{name: ("pacific.rules.decisions", name) for name in (
        "CasualtyChoice", "ConvoySplit", "Decision", "DefenderSubmergeChoice", "DiceRoll",
        "FighterLanding", "InterceptChoice", "KamikazeChoice", "OwnerDecision", "RoundChoice")},
}

__all__ = [
    "Action", "CasualtyChoice", "ConvoySplit", "Decision", "DefenderSubmergeChoice", "DiceRoll",
    "FighterLanding", "Game", "GameState", "History", "IllegalAction", "InterceptChoice",
    "KamikazeChoice", "OwnerDecision", "RoundChoice", "load_board", "parse_action",
]


def __getattr__(name: str) -> Any:
    """The public names, imported on first use (PEP 562)."""
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'pacific.rules' has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value   # found directly from now on
    return value
