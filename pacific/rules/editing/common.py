"""What every edit checks: edit mode, a known space, no battle being fought there, and a
consistent position afterwards (`pacific.rules.invariants`).

The refusals cite the project's own ids for the tabletop companion (docs/actions.md, "Edit"):
EDIT-1 edits only in edit mode; EDIT-2 play waits while edit mode is on; EDIT-3 an edit names
things that exist and changes something; EDIT-4 a battle being fought changes only by its dice
and choices; EDIT-5 the turn moves only between decisions; EDIT-6 edit mode ends only on a
position that can be played on. A position an edit would make inconsistent is refused with the
rule it breaks (e.g. R-TRANS-1 for a transport over capacity).
"""

from __future__ import annotations

import re
from typing import Any

from pacific.rules.battle_records import Battle
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalAction, Template
from pacific.rules.invariants import listing, position_problems
from pacific.rules.registry import Context
from pacific.rules.state import GameState

# The last rule id a problem cites, e.g. "(R-TRANS-1)" or "(R-NONCOMBAT-1, R-AIR-3)".
_RULE_ID = re.compile(r"\b((?:R|EX|OQ\d*)-[A-Z0-9]+(?:-\d+)?)\b")


def refuse(rule: str, template: Template, **params: Any) -> IllegalAction:
    """An edit's refusal: the template is the message id, places given as `Place`, units as
    `Units` (see `pacific.rules.errors`; Babel extracts the template, babel.cfg)."""
    return IllegalAction(rule, template, **params)


def space_of(board: BoardMap, space: str) -> str:
    """``space`` when the board has it.

    Raises:
        IllegalAction: EDIT-3, no such space.
    """
    if space not in board.neighbours:
        raise refuse("EDIT-3", "There is no space '{space}' on map '{map}'.", space=space,
                     map=board.id)
    return space


def battle_being_fought(state: GameState, space: str) -> Battle | None:
    return next((b for b in state.battles if b.status == "active" and b.space == space), None)


def guard_battle(board: BoardMap, state: GameState, space: str) -> None:
    """Raises IllegalAction (EDIT-4) when a battle is being fought in ``space``: its units
    change only by its dice and choices, as at the table."""
    battle = battle_being_fought(state, space)
    if battle is not None:
        raise refuse("EDIT-4", "A battle is being fought in {space}: its units change only by "
                     "its dice and choices. While it waits for casualties, correct the hits to "
                     "take; correct the units once it is over.", space=board.place(space))


def problems_now(ctx: Context) -> set[str]:
    """The position's problems before an edit (their English sentences): an edit is refused
    only for those it adds."""
    return {p.reason for p in position_problems(ctx.board, ctx.state)}


def check_position(ctx: Context, before: set[str]) -> None:
    """Raises IllegalAction naming what the edit made inconsistent, and the rule it breaks."""
    new = [p for p in position_problems(ctx.board, ctx.state) if p.reason not in before]
    if not new:
        return
    ids = _RULE_ID.findall(new[0].reason)
    rule = ids[-1] if ids else "EDIT-3"
    # The invariants' problems are messages with values (`pacific.rules.invariants`, shared
    # with save files): the refusal names the first three as its value.
    raise refuse(rule, "The edit would leave the position inconsistent: {problems}.",
                 problems=listing(new, 3))
