"""Edits of the game's books: control of territories and convoy zones, treasuries, production
levels, the British Convoy marker, victory points, kamikaze tokens, units bought.

Production levels and the British Convoy marker are computed from control (R-INCOME-2,
`pacific.rules.economy.control`). A level set by an edit is kept as a correction, the
difference between the level asked for and the one control gives; the chart and income both
read the corrected level, and later captures move it up and down from there, as the marker on a
table's chart would move. Correcting control instead corrects the level with it, and is the
better edit when the table's control was wrong.
"""

from __future__ import annotations

from pacific.rules.actions.edit import (
    EditBritishConvoy,
    EditControl,
    EditKamikazeTokens,
    EditProduction,
    EditPurchased,
    EditTreasury,
    EditVictoryPoints,
)
from pacific.rules.board import BoardMap
from pacific.rules.economy.control import (
    british_convoy_level,
    british_convoys_held,
    controlled_level,
    convoy_controller,
    convoy_original_controller,
    production_level,
)
from pacific.rules.editing.common import (
    check_position,
    guard_battle,
    problems_now,
    refuse,
    space_of,
)
from pacific.rules.editing.events import ControlEdited, ValueEdited
from pacific.rules.editing.units import follow_battles
from pacific.rules.nations import Nation, are_allied, are_enemies, display_name
from pacific.rules.registry import Context, handles
from pacific.rules.units import UNIT_SPECS, UnitType, count_phrase


def _no_china(nation: Nation, what: str) -> None:
    if nation is Nation.CHINA:
        raise refuse("R-CHINA-1", f"China has no {what}: it never collects IPCs")


def _is_convoy_zone(board: BoardMap, space: str) -> bool:
    zone = board.sea_zone_by_id.get(space)
    return zone is not None and (zone.convoy_center is not None or zone.convoy_route is not None)


@handles("edit_control")
def set_control(ctx: Context, action: EditControl) -> None:
    """A territory's controller (R-CONTROL-1) or a convoy zone's holder (R-CONVOY-7). The
    industrial complex and the enemy AA guns there change hands with the territory
    (R-CAPTURE-5); it counts as held since the start of the turn. Treasuries are not touched
    (edit them apart).

    Raises:
        IllegalAction: EDIT-3 (unknown space, no change), EDIT-4, R-SETUP-12 (impassable),
            R-CONTROL-4 (a sea zone without a convoy), R-CONVOY-7 (an Ally of the zone's
            controller), or the rule the new position breaks (R-COMBAT-9: enemy units there).
    """
    board, state = ctx.board, ctx.state
    space = space_of(board, action.space)
    guard_battle(board, state, space)
    before = problems_now(ctx)
    new = action.nation
    if board.is_sea(space):
        if not _is_convoy_zone(board, space):
            raise refuse("R-CONTROL-4", f"{board.name(space)} has no convoy: no one controls "
                         "it")
        original = convoy_original_controller(board, space)
        old = convoy_controller(board, state, space)
        if new is not original and are_allied(new, original):
            raise refuse("R-CONVOY-7", f"{board.name(space)} is {display_name(original)}'s "
                         f"convoy zone: an Ally holds it for {display_name(original)}")
        if old is new:
            raise refuse("EDIT-3", f"{board.name(space)} is held by {display_name(new)} "
                         "already")
        if new is original:
            state.convoy_holder.pop(space, None)
        else:
            state.convoy_holder[space] = new
        check_position(ctx, before)
        ctx.emit(ControlEdited(space=space, where=board.name(space), old=old, new=new,
                               convoy=True))
        return
    territory = board.territory_by_id[space]
    if territory.impassable:
        raise refuse("R-SETUP-12", f"{territory.names.en} belongs to no one")
    old_owner = state.territory_owner.get(space)
    if old_owner is new:
        raise refuse("EDIT-3", f"{territory.names.en} is held by {display_name(new)} already")
    state.territory_owner[space] = new
    state.owner_at_turn_start[space] = new
    passed = []
    for unit in list(state.units_at(space)):
        # R-CAPTURE-5, R-SETUP-15: the complex and the enemy's AA guns follow control; an
        # Ally's AA gun stays its owner's.
        if unit.carried_by is None and unit.owner is not new and (
                unit.type is UnitType.INDUSTRIAL_COMPLEX
                or (unit.type is UnitType.AA_GUN and are_enemies(unit.owner, new))):
            state.unit(unit.id).owner = new
            passed.append(unit.type)
    follow_battles(ctx)
    check_position(ctx, before)
    ctx.emit(ControlEdited(space=space, where=board.name(space), old=old_owner, new=new,
                           passed_on=count_phrase(passed)))


def _set_value(ctx: Context, what: str, old: int, new: int, unit: str = "") -> None:
    if old == new:
        raise refuse("EDIT-3", f"{what[0].upper() + what[1:]} is {new} already")
    ctx.emit(ValueEdited(what=what, old=old, new=new, unit=unit))


@handles("edit_treasury")
def set_treasury(ctx: Context, action: EditTreasury) -> None:
    """Raises IllegalAction: R-CHINA-1 (China has no IPCs), EDIT-3 (no change)."""
    _no_china(action.nation, "treasury")
    old = ctx.state.treasury.get(action.nation, 0)
    _set_value(ctx, f"{display_name(action.nation)}'s treasury", old, action.ipc, " IPC")
    ctx.state.treasury[action.nation] = action.ipc


@handles("edit_production")
def set_production(ctx: Context, action: EditProduction) -> None:
    """The level becomes ``level``: the correction is the difference with the level control
    gives (see the module's docstring).

    Raises:
        IllegalAction: R-CHINA-1 (China has no level), EDIT-3 (no change).
    """
    _no_china(action.nation, "production level")
    board, state = ctx.board, ctx.state
    old = production_level(board, state, action.nation)
    _set_value(ctx, f"{display_name(action.nation)}'s production level", old, action.level)
    correction = action.level - controlled_level(board, state, action.nation)
    if correction:
        state.production_corrections[action.nation] = correction
    else:
        state.production_corrections.pop(action.nation, None)


@handles("edit_british_convoy")
def set_british_convoy(ctx: Context, action: EditBritishConvoy) -> None:
    """The British Convoy marker (R-CONVOY-2), kept as a correction to the centres held.

    Raises:
        IllegalAction: EDIT-3 (no change).
    """
    board, state = ctx.board, ctx.state
    _set_value(ctx, "the British Convoy marker", british_convoy_level(board, state),
               action.level)
    state.british_convoy_correction = action.level - british_convoys_held(board, state)


@handles("edit_victory_points")
def set_victory_points(ctx: Context, action: EditVictoryPoints) -> None:
    """Raises IllegalAction: EDIT-3 (no change), R-VICTORY-2 (enough to win: play the
    phase that awards them instead)."""
    before = problems_now(ctx)
    _set_value(ctx, "Japan's victory points", ctx.state.victory_points, action.points)
    ctx.state.victory_points = action.points
    check_position(ctx, before)


@handles("edit_kamikaze_tokens")
def set_kamikaze_tokens(ctx: Context, action: EditKamikazeTokens) -> None:
    """Raises IllegalAction: EDIT-3 (no change), R-KAMI-1 (more than the game has)."""
    before = problems_now(ctx)
    _set_value(ctx, "Japan's kamikaze tokens", ctx.state.kamikaze_tokens, action.tokens)
    ctx.state.kamikaze_tokens = action.tokens
    check_position(ctx, before)


@handles("edit_purchased")
def set_purchased(ctx: Context, action: EditPurchased) -> None:
    """Units bought and not placed yet (R-PURCH-2); for China, its allotted infantry
    (R-CHINA-2).

    Raises:
        IllegalAction: R-PURCH-5 (a nation that may not buy that unit), R-CHINA-1 (China
            receives infantry only), EDIT-3 (no change).
    """
    state, nation, unit_type = ctx.state, action.nation, action.unit_type
    what = f"{display_name(nation)}'s {UNIT_SPECS[unit_type].name.lower()} to place"
    if nation is Nation.CHINA:
        if unit_type is not UnitType.INFANTRY:
            raise refuse("R-CHINA-1", "China never buys: it only receives infantry")
        _set_value(ctx, what, state.china_infantry_due, action.count)
        state.china_infantry_due = action.count
        return
    if nation not in UNIT_SPECS[unit_type].buyers:
        raise refuse("R-PURCH-5", f"{display_name(nation)} cannot buy "
                     f"{UNIT_SPECS[unit_type].name.lower()}s")
    held = state.purchased.setdefault(nation, {})
    _set_value(ctx, what, held.get(unit_type, 0), action.count)
    if action.count:
        held[unit_type] = action.count
    else:
        held.pop(unit_type, None)
        if not held:
            del state.purchased[nation]
