"""Edits of the units on the board: add, remove, move, damaged battleships, submerged submarines.

A unit added by an edit is as if it had stood there since the start of the turn: it has not
moved or fought. Land units added to a sea zone board a ship of their side with room, fighters
land on a carrier with room (or name the ship with ``aboard``). A ship removed takes its cargo
with it (R-TRANS-14). In phase 4 the battles not yet fought follow the edit: units added join
them, and a battle the edit creates is added to the list (R-COMBAT-1).
"""

from __future__ import annotations

from pacific.rules.actions.edit import (
    EditAddUnits,
    EditDamaged,
    EditMoveUnits,
    EditRemoveUnits,
    EditSubmerged,
)
from pacific.rules.battle_records import BattleKind
from pacific.rules.combat.start import find_battles
from pacific.rules.editing.common import (
    check_position,
    guard_battle,
    problems_now,
    refuse,
    space_of,
)
from pacific.rules.editing.events import Mark, UnitsEdited, UnitsMarked, UnitsMovedByEdit
from pacific.rules.errors import N_, IllegalAction, Message, Place, Template, Term, Units, plural
from pacific.rules.events import count_units
from pacific.rules.invariants import cargo_problem
from pacific.rules.nations import Nation, are_allied
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_land, is_sea

# Which units a removal counted (`EditRemoveUnits.marked`), named in its refusal.
_EVERY = Term(N_("in all"))
_MARKED = Term(N_("damaged or submerged"))
_UNMARKED = Term(N_("neither damaged nor submerged"))


def _ship_named(ctx: Context, ship_id: int, space: str) -> Unit:
    ship = ctx.state.units.get(ship_id)
    if ship is None or ship.space != space or not is_sea(ship.type):
        raise refuse("EDIT-3", "There is no ship #{ship} in {space}.", ship=ship_id,
                     space=ctx.board.place(space))
    return ship


def _ship_with_room(ctx: Context, unit: Unit) -> Unit | None:
    """The first ship of the unit's side in its zone that may take it: its own nation's
    first, transports before Japanese destroyers, then by id (R-TRANS-1, R-CARRIER-1,
    R-JDD-1)."""
    state = ctx.state
    ships = sorted((s for s in state.units_at(unit.space)
                    if is_sea(s.type) and s.carried_by is None
                    and are_allied(s.owner, unit.owner)),
                   key=lambda s: (s.owner is not unit.owner, s.type is not UnitType.TRANSPORT,
                                  s.id))
    for ship in ships:
        if cargo_problem(ctx.board, ship, [*state.cargo_of(ship.id), unit]) is None:
            return ship
    return None


@handles("edit_add_units")
def add_units(ctx: Context, action: EditAddUnits) -> None:
    """Raises IllegalAction: EDIT-1..4, or the rule the new position breaks (R-TRANS-1...)."""
    board, state = ctx.board, ctx.state
    space = space_of(board, action.space)
    guard_battle(board, state, space)
    before = problems_now(ctx)
    named = _ship_named(ctx, action.aboard, space) if action.aboard is not None else None
    ships: set[UnitType] = set()
    for _ in range(action.count):
        unit = state.add_unit(action.unit_type, action.nation, space, start_space=space)
        _board(ctx, unit, named, ships)
    follow_battles(ctx)
    check_position(ctx, before)
    ctx.emit(UnitsEdited(nation=action.nation, unit_type=action.unit_type, space=space,
                         where=board.name(space), count=action.count,
                         aboard=next(iter(ships)) if len(ships) == 1 else None,
                         several_ships=len(ships) > 1))


def _board(ctx: Context, unit: Unit, named: Unit | None, ships: set[UnitType]) -> None:
    """Put ``unit``, just set down in its space, aboard ``named`` or, at sea, aboard the
    first ship of its side with room when it is a land unit or a fighter (R-TRANS-1,
    R-CARRIER-1); the kind of ship taken goes into ``ships``.

    Raises:
        IllegalAction: R-TRANS-1, a land unit at sea that no ship there can carry.
    """
    board = ctx.board
    ship = named
    if ship is None and board.is_sea(unit.space) and (
            is_land(unit.type) or unit.type is UnitType.FIGHTER):
        if is_land(unit.type) and not UNIT_SPECS[unit.type].transport_size:
            raise refuse("R-TRANS-1", "A unit of type {unit} never boards a ship: it "
                         "cannot stand in {space}.", unit=unit.type,
                         space=board.place(unit.space))
        ship = _ship_with_room(ctx, unit)
        if ship is None and is_land(unit.type):
            raise refuse("R-TRANS-1", "No ship on the side of {nation} in {space} has "
                         "room for {units}: a transport carries 2 land units, or 1 armor.",
                         nation=unit.owner, space=board.place(unit.space),
                         units=Units(((unit.type, 1),)))
    if ship is not None:
        unit.carried_by = ship.id
        ships.add(ship.type)


def _too_few(place: Place | Message, nation: Nation, unit_type: UnitType, held: int,
             count: int, which: Term = _EVERY) -> IllegalAction:
    """EDIT-3: ``place`` holds only ``held`` units of the kind an edit names, not ``count``."""
    if held:
        return refuse("EDIT-3", "{space} holds {units} of {nation} ({which}), not {count}.",
                      space=place, units=Units(((unit_type, held),)), nation=nation,
                      which=which, count=count)
    return refuse("EDIT-3", "{space} holds no {unit} of {nation} ({which}).", space=place,
                  unit=unit_type, nation=nation, which=which)


def _removal_order(unit: Unit) -> tuple[bool, int]:
    # Units standing in the space go before cargo; the newest first.
    return unit.carried_by is not None, -unit.id


def _chosen(ctx: Context, action: EditRemoveUnits | EditMoveUnits, space: str) -> list[Unit]:
    """The units an edit removing or moving units takes: of its nation and type in ``space``
    (aboard its ship, marked or not when it says), standing units before cargo, the newest
    first.

    Raises:
        IllegalAction: EDIT-3, fewer such units there.
    """
    aboard = action.aboard if isinstance(action, EditRemoveUnits) else None
    here = sorted((u for u in ctx.state.units_at(space)
                   if u.owner is action.nation and u.type is action.unit_type
                   and (aboard is None or u.carried_by == aboard)
                   and (action.marked is None
                        or (u.damaged or u.submerged) is action.marked)),
                  key=_removal_order)
    if len(here) < action.count:
        board = ctx.board
        place: Place | Message = board.place(space) if aboard is None else \
            Message("ship #{ship} in {space}", ship=aboard, space=board.place(space))
        which = _EVERY if action.marked is None else _MARKED if action.marked else _UNMARKED
        raise _too_few(place, action.nation, action.unit_type, len(here), action.count, which)
    return here[:action.count]


@handles("edit_remove_units")
def remove_units(ctx: Context, action: EditRemoveUnits) -> None:
    """Raises IllegalAction: EDIT-1..4 (fewer such units there), or the rule the new position
    breaks."""
    board, state = ctx.board, ctx.state
    space = space_of(board, action.space)
    guard_battle(board, state, space)
    before = problems_now(ctx)
    if action.aboard is not None:
        _ship_named(ctx, action.aboard, space)
    cargo: list[tuple[Nation, UnitType]] = []
    for unit in _chosen(ctx, action, space):
        for item in state.cargo_of(unit.id):
            cargo.append((item.owner, item.type))
            state.remove_unit(item.id)
        state.remove_unit(unit.id)
    follow_battles(ctx)
    check_position(ctx, before)
    ship = state.units.get(action.aboard) if action.aboard is not None else None
    ctx.emit(UnitsEdited(nation=action.nation, unit_type=action.unit_type, space=space,
                         where=board.name(space), count=-action.count,
                         aboard=ship.type if ship is not None else None,
                         with_cargo=count_units(cargo)))


@handles("edit_move_units")
def move_units(ctx: Context, action: EditMoveUnits) -> None:
    """A unit put on the wrong space, moved where it belongs: no movement rule (it is a
    correction), but the board's facts hold (R-UNIT-1 ships at sea, R-TRANS-1 land units on
    land or aboard). The units keep what they did this turn (moves spent, battles fought).

    Raises:
        IllegalAction: EDIT-3 (no such space, fewer such units, the same space), EDIT-4, or
        the rule the new position breaks.
    """
    board, state = ctx.board, ctx.state
    space, to = space_of(board, action.space), space_of(board, action.to)
    if to == space:
        raise refuse("EDIT-3", "The units already stand in {space}: nothing moves.",
                     space=board.place(space))
    guard_battle(board, state, space)
    guard_battle(board, state, to)
    if is_sea(action.unit_type) and not board.is_sea(to):
        raise refuse("R-UNIT-1", "A ship stands only at sea: {units} of {nation} cannot "
                     "stand in {space}, a land territory.",
                     units=Units(((action.unit_type, action.count),)), nation=action.nation,
                     space=board.place(to))
    before = problems_now(ctx)
    cargo: list[tuple[Nation, UnitType]] = []
    ships: set[UnitType] = set()
    for chosen in _chosen(ctx, action, space):
        unit = state.unit(chosen.id)
        unit.space, unit.carried_by = to, None
        for item in state.cargo_of(unit.id):
            cargo.append((item.owner, item.type))
            state.unit(item.id).space = to
        _board(ctx, unit, None, ships)
    follow_battles(ctx)
    check_position(ctx, before)
    ctx.emit(UnitsMovedByEdit(nation=action.nation, unit_type=action.unit_type, space=space,
                              where=board.name(space), to=to, to_where=board.name(to),
                              count=action.count,
                              aboard=next(iter(ships)) if len(ships) == 1 else None,
                              several_ships=len(ships) > 1, with_cargo=count_units(cargo)))


def _mark(ctx: Context, nation: Nation, space_id: str, unit_type: UnitType, count: int,
          mark: Mark, already: Template) -> None:
    """Set ``mark`` ("damaged" or "submerged") on exactly ``count`` of the units; ``already``
    is the refusal when exactly so many are marked now."""
    board, state = ctx.board, ctx.state
    space = space_of(board, space_id)
    guard_battle(board, state, space)
    before = problems_now(ctx)
    units = sorted((u for u in state.units_at(space)
                    if u.owner is nation and u.type is unit_type),
                   key=lambda u: (not getattr(u, mark), u.id))
    if count > len(units):
        raise _too_few(board.place(space), nation, unit_type, len(units), count)
    if sum(1 for u in units if getattr(u, mark)) == count:
        raise refuse("EDIT-3", already, nation=nation, count=count, space=board.place(space))
    for i, unit in enumerate(units):
        if getattr(unit, mark) is not (i < count):
            setattr(state.unit(unit.id), mark, i < count)
    follow_battles(ctx)   # a submerged submarine does not fight (R-SUB-6)
    check_position(ctx, before)
    ctx.emit(UnitsMarked(nation=nation, unit_type=unit_type, space=space,
                         where=board.name(space), count=count, mark=mark))


@handles("edit_damaged")
def set_damaged(ctx: Context, action: EditDamaged) -> None:
    """R-BB-1: a battleship hit once. Raises IllegalAction: EDIT-3/4; R-RESET-1 outside
    phases 4 to 7."""
    _mark(ctx, action.nation, action.space, UnitType.BATTLESHIP, action.count, "damaged",
          plural("{nation} has {count} damaged battleship in {space} already.",
                 "{nation} has {count} damaged battleships in {space} already."))


@handles("edit_submerged")
def set_submerged(ctx: Context, action: EditSubmerged) -> None:
    """R-SUB-6. Raises IllegalAction: EDIT-3/4; R-RESET-1 outside phases 4 to 7."""
    _mark(ctx, action.nation, action.space, UnitType.SUBMARINE, action.count, "submerged",
          plural("{nation} has {count} submerged submarine in {space} already.",
                 "{nation} has {count} submerged submarines in {space} already."))


def follow_battles(ctx: Context) -> None:
    """In phase 4, the battles not yet fought follow an edit of the units: their sides are
    found again where the units stand now, and a space where the edit brought the two sides
    together gets its battle (R-COMBAT-1). Battles fought or being fought are left as they
    are (EDIT-4)."""
    state = ctx.state
    if state.phase is not Phase.COMBAT:
        return
    fresh = find_battles(ctx.board, state)
    for battle in state.battles:
        if battle.status != "waiting" or battle.kind in (BattleKind.RAID, BattleKind.KAMIKAZE):
            continue
        match = next((f for f in fresh if f.space == battle.space and f.kind is battle.kind),
                     None)
        if match is not None:
            battle.attackers = match.attackers
            battle.defenders = match.defenders
            battle.bystanders = match.bystanders
    known = {b.space for b in state.battles}
    next_id = max((b.id for b in state.battles), default=0) + 1
    for found in fresh:
        if found.space not in known and found.kind is not BattleKind.RAID:
            state.own("battles").append(found.model_copy(update={"id": next_id}))
            next_id += 1

