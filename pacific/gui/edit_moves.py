"""What a drop in edit mode means: the units dragged are moved where they were dropped, as a
correction (`edit_move_units`: one edit, one undo), whatever the movement rules say; the
engine refuses what the board cannot hold (a ship on land, land units at sea with no room
aboard) with the rule and the space."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pacific.rules.actions import Action
from pacific.rules.actions.edit import MAX_EDIT_COUNT, EditMoveUnits
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

# The kinds whose units a stack tells apart by their mark (damaged, submerged).
_MARKED_KINDS = (UnitType.BATTLESHIP, UnitType.SUBMARINE)


def edit_moves(state: GameState, units: Iterable[int], to: str) -> tuple[Action, ...]:
    """The edits a drop of ``units`` on ``to`` means in edit mode: one `edit_move_units` for
    each nation, type and mark among them (a stack is one), none for units already there."""
    kinds: Counter[tuple[Nation, UnitType, str, bool | None]] = Counter()
    for uid in units:
        unit = state.units[uid]
        marked = (unit.damaged or unit.submerged) if unit.type in _MARKED_KINDS else None
        kinds[(unit.owner, unit.type, unit.space, marked)] += 1
    return tuple(EditMoveUnits(nation=nation, unit_type=unit_type, space=space, to=to,
                               count=min(count, MAX_EDIT_COUNT), marked=marked)
                 for (nation, unit_type, space, marked), count in kinds.items() if space != to)


__all__ = ["edit_moves"]
