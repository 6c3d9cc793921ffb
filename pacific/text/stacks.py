"""A stack in words, for the player who clicks it: what is in it, which of its units have
moved this turn, what it carries and what is damaged."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.board_map import BoardMap
from pacific.rules.state import GameState
from pacific.text.language import Nn_, gettext, ngettext
from pacific.text.names import nation_name, place_name
from pacific.text.units import counted, lookup, owned

_MOVED = Nn_("{count} moved this turn", "{count} moved this turn")
_UNMOVED = Nn_("{count} not moved", "{count} not moved")
_DAMAGED = Nn_("{count} damaged", "{count} damaged")


def stack_contents(board: BoardMap, state: GameState, ids: Iterable[int]) -> str:
    """"Sea Zone 20: Japan: 3 aircraft carriers · 3 not moved · aboard: Japan: 6 fighters":
    the units ``ids`` of ``state`` (one stack), or "" when none of them is left."""
    units = [state.units[i] for i in ids if i in state.units]
    if not units:
        return ""
    space = place_name(board, units[0].space)
    parts = stack_parts(state, ids)
    # A nation's units in its own homeland ("India: India: 13 infantry") read as a stutter:
    # the space's name already says whose they are.
    owners = {u.owner for u in units}
    if len(owners) == 1 and nation_name(owners.pop()) == space:
        parts[0] = counted(lookup(state, (u.id for u in units)))
    return gettext("{space}: {contents}").format(space=space, contents=" · ".join(parts))


def stack_parts(state: GameState, ids: Iterable[int]) -> list[str]:
    """"Japan: 3 aircraft carriers", "3 not moved", "aboard: Japan: 6 fighters": what the
    units ``ids`` of ``state`` are, piece by piece ([] when none of them is left)."""
    units = [state.units[i] for i in ids if i in state.units]
    if not units:
        return []
    parts = [owned(lookup(state, (u.id for u in units)))]
    # A transport that unloaded has ended its move for the turn (R-TRANS-5), even in place.
    moved = sum(1 for u in units if u.moves_used or u.combat_moved or u.noncombat_moved
                or u.unloaded_this_turn or u.id in state.transport_unloads)
    if moved:
        parts.append(ngettext(*_MOVED, moved).format(count=moved))
    if len(units) - moved:
        parts.append(ngettext(*_UNMOVED, len(units) - moved).format(count=len(units) - moved))
    damaged = sum(1 for u in units if u.damaged)
    if damaged:
        parts.append(ngettext(*_DAMAGED, damaged).format(count=damaged))
    cargo = [c.id for u in units for c in state.cargo_of(u.id)]
    if cargo:
        parts.append(gettext("aboard: {units}").format(units=owned(lookup(state, cargo))))
    return parts
