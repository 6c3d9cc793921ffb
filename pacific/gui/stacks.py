"""Stacks: the units on the map grouped the way the board shows them, one stack per (space,
type, owner, condition), and the words a hover shows for a space or a stack. No Qt here: the
piece items (`pacific.gui.piece_items`) and the layer (`pacific.gui.pieces`) draw them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from enum import StrEnum

from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation, Power, power_of
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType
from pacific.text import _, nation_name, ngettext, place_name, unit_name, unit_noun


class Condition(StrEnum):
    READY = "ready"
    DAMAGED = "damaged"      # a battleship hit once (R-BB-1)
    SUBMERGED = "submerged"  # R-SUB-6


@dataclass(frozen=True, order=True)
class StackKey:
    space: str
    unit_type: UnitType
    owner: Nation
    condition: Condition = Condition.READY


# Stacks inside a space are drawn in this order: land, air, sea, then the factory.
TYPE_ORDER: dict[UnitType, int] = {t: i for i, t in enumerate(UnitType)}


def condition_of(unit: Unit) -> Condition:
    if unit.damaged:
        return Condition.DAMAGED
    if unit.submerged:
        return Condition.SUBMERGED
    return Condition.READY


def stack_key(unit: Unit) -> StackKey:
    """The stack a unit standing on the map is drawn in."""
    return StackKey(unit.space, unit.type, unit.owner, condition_of(unit))


def group_stacks(state: GameState) -> dict[StackKey, list[Unit]]:
    """Units that stand on the map (not aboard a ship), by stack, ids in ascending order."""
    out: dict[StackKey, list[Unit]] = defaultdict(list)
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.carried_by is None:
            out[stack_key(unit)].append(unit)
    return dict(out)


def movable_stacks(state: GameState, movable: frozenset[int]) -> set[StackKey]:
    """The stacks a player may drag, from the engine's movable units: a stack with a unit that
    can move, and a ship whose cargo can (its cargo icons are dragged off it)."""
    out = set()
    for uid in movable:
        unit = state.units.get(uid)
        if unit is None:
            continue
        ship = state.units.get(unit.carried_by) if unit.carried_by is not None else None
        out.add(stack_key(ship if ship is not None else unit))
    return out


@dataclass(frozen=True)
class PickRow:
    """One line of the unit picker: a stack of a space, or the cargo of one kind aboard it
    (``aboard``: the ships' type), with the units the engine lets move now."""

    key: StackKey
    ids: tuple[int, ...]
    movable: tuple[int, ...]
    aboard: UnitType | None = None


def pick_rows(state: GameState, space: str, power: Power,
              movable: frozenset[int]) -> list[PickRow]:
    """The unit picker's lines for ``space``: the stacks of ``power`` first, each followed by
    its cargo by kind, then the other nations' stacks (nothing of theirs to move);
    ``movable`` is the engine's answer (`Game.movable_units`)."""
    rows: list[PickRow] = []
    stacks = {key: units for key, units in group_stacks(state).items() if key.space == space}
    ordered = sorted(stacks, key=lambda k: (power_of(k.owner) is not power,
                                            TYPE_ORDER[k.unit_type], k.owner.value,
                                            k.condition))
    for key in ordered:
        units = stacks[key]
        ids = tuple(u.id for u in units)
        rows.append(PickRow(key, ids, tuple(i for i in ids if i in movable)))
        cargo: dict[tuple[UnitType, Nation], list[int]] = defaultdict(list)
        for unit in units:
            for aboard in state.cargo_of(unit.id):
                cargo[(aboard.type, aboard.owner)].append(aboard.id)
        for (unit_type, owner), cargo_ids in sorted(
                cargo.items(), key=lambda kv: (TYPE_ORDER[kv[0][0]], kv[0][1].value)):
            rows.append(PickRow(StackKey(space, unit_type, owner), tuple(cargo_ids),
                                tuple(i for i in cargo_ids if i in movable), key.unit_type))
    return rows


def chips_for(count: int) -> tuple[int, int]:
    """(red, grey) chips for a count: red counts 5, grey counts 1 (EX-1)."""
    return count // 5, count % 5


def _unit_label(state: GameState, unit: Unit) -> str:
    label = unit_name(unit.type)
    if unit.damaged:
        label += " " + _("(damaged)")
    if unit.submerged:
        label += " " + _("(submerged)")
    if unit.carried_by is not None:
        carrier = state.units.get(unit.carried_by)
        ship = unit_noun(carrier.type) if carrier else _("ship")
        label = _("{unit} aboard a {ship}").format(unit=label, ship=ship)
    return label


def _counted(state: GameState, units: list[Unit], with_owner: bool) -> list[str]:
    """"  Japan: 6 × Infantry" lines, one per owner and kind of unit."""
    counts: dict[tuple[Nation, str], int] = defaultdict(int)
    for unit in units:
        counts[(unit.owner, _unit_label(state, unit))] += 1
    return [f"  {nation_name(owner)}: {n} × {label}" if with_owner else f"  {n} × {label}"
            for (owner, label), n in sorted(counts.items())]


def describe_space(board: BoardMap, state: GameState, space: str,
                   units: list[Unit] | None = None) -> str:
    """Plain text listing everything in a space, for the hover tooltip of the region;
    ``units``: the units in it, when the caller has them (else they are looked for)."""
    lines = [place_name(board, space)]
    owner = state.owner_of(space)
    if owner is not None:
        lines[0] += f" ({nation_name(owner)})"
    if units is None:
        units = [u for u in state.units.values() if u.space == space]
    if not units:
        lines.append(_("no units"))
        return "\n".join(lines)
    return "\n".join(lines + _counted(state, units, with_owner=True))


def describe_stack(board: BoardMap, state: GameState, key: StackKey, units: list[Unit],
                   cargo: list[Unit]) -> str:
    """The hover text of one stack: what it is, where, and what it carries ("6 × Infantry
    (Japan) in Manchuria"), not the whole space."""
    name = unit_name(key.unit_type)
    if key.condition is not Condition.READY:
        name += " " + (_("(damaged)") if key.condition is Condition.DAMAGED
                       else _("(submerged)"))
    lines = [_("{count} × {unit} ({nation}) in {space}").format(
        count=len(units), unit=name, nation=nation_name(key.owner),
        space=place_name(board, key.space))]
    moved = sorted({u.moves_used for u in units if u.moves_used})
    if moved:
        lines.append("  " + _("moved {moves} this turn").format(
            moves=_(" or ").join(str(m) for m in moved)))
    if cargo:
        lines.append("  " + _("carrying:"))
        lines.extend("  " + line for line in _counted(state, cargo, with_owner=True))
    return "\n".join(lines)


def describe_owner(board: BoardMap, state: GameState, space: str, owner: Nation,
                   units: list[Unit]) -> str:
    """The hover text of a nation's summary marker: its units in the space, by kind."""
    lines = [ngettext("{nation} in {space}: {count} unit", "{nation} in {space}: {count} units",
                      len(units)).format(nation=nation_name(owner),
                                         space=place_name(board, space), count=len(units))]
    lines.extend(_counted(state, units, with_owner=False))
    lines.append(_("Click to see its units in the unit picker."))
    return "\n".join(lines)
