"""Identical units: the engine lists one action for a group of units that no rule could tell
apart, instead of one per unit (steps small enough to list).

Two units are identical when every field of theirs but the id is equal and they carry identical
cargo: the same type, owner, place, ship they are aboard, damage, moves spent, path and every
per-turn mark. Whatever one of them may do, the other may do with the same consequences, so
`legal_actions` offers the choice once, naming the unit with the lowest id.
"""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.state import GameState, Unit

UnitKey = tuple[object, ...]


def cargo_index(state: GameState) -> dict[int, list[Unit]]:
    """Ship or carrier id → the units aboard it."""
    aboard: dict[int, list[Unit]] = {}
    for unit in state.units.values():
        if unit.carried_by is not None:
            aboard.setdefault(unit.carried_by, []).append(unit)
    return aboard


def unit_key(unit: Unit, aboard: dict[int, list[Unit]] | None = None) -> UnitKey:
    """Everything about a unit but its id (and its cargo's, when ``aboard`` is given)."""
    cargo: tuple[UnitKey, ...] = ()
    if aboard is not None and unit.id in aboard:
        cargo = tuple(sorted((unit_key(c, aboard) for c in aboard[unit.id]), key=repr))
    return (unit.type, unit.owner, unit.space, unit.carried_by, unit.damaged, unit.submerged,
            unit.moves_used, unit.start_space, unit.combat_moved, unit.noncombat_moved,
            unit.fought, tuple(unit.path), unit.landing, unit.cap, unit.loaded_this_turn,
            unit.unloaded_this_turn, unit.cargo_locked, unit.captured_this_turn,
            unit.placed_this_turn, cargo)


def identical_groups(units: Iterable[Unit], aboard: dict[int, list[Unit]] | None = None,
                     extra: dict[int, object] | None = None) -> list[list[Unit]]:
    """``units`` grouped into identical units, each group in id order, groups in order of
    their first id. ``extra`` adds a distinction of the caller's (e.g. how many times a unit
    has already been named a casualty)."""
    groups: dict[UnitKey, list[Unit]] = {}
    for unit in sorted(units, key=lambda u: u.id):
        key = (*unit_key(unit, aboard), extra.get(unit.id) if extra else None)
        groups.setdefault(key, []).append(unit)
    return list(groups.values())
