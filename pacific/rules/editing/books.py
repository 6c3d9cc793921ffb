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
from pacific.rules.editing.events import ControlEdited, ValueEdited, ValueKey
from pacific.rules.editing.units import follow_battles
from pacific.rules.errors import N_, Template
from pacific.rules.events import count_units
from pacific.rules.nations import Nation, are_allied, are_enemies
from pacific.rules.registry import Context, handles
from pacific.rules.units import UNIT_SPECS, UnitType


def _no_china(nation: Nation, template: Template) -> None:
    if nation is Nation.CHINA:
        raise refuse("R-CHINA-1", template)


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
        if not board.is_convoy_zone(space):
            raise refuse("R-CONTROL-4", "{space} has no convoy: no one controls it.",
                         space=board.place(space))
        original = convoy_original_controller(board, space)
        old = convoy_controller(board, state, space)
        if new is not original and are_allied(new, original):
            raise refuse("R-CONVOY-7", "{space} is a convoy zone of {nation}: an Ally holds it "
                         "for {nation}.", space=board.place(space), nation=original)
        if old is new:
            raise refuse("EDIT-3", "{space} is held by {nation} already.",
                         space=board.place(space), nation=new)
        if new is original:
            state.own("convoy_holder").pop(space, None)
        else:
            state.own("convoy_holder")[space] = new
        check_position(ctx, before)
        ctx.emit(ControlEdited(space=space, where=board.name(space), old=old, new=new,
                               convoy=True))
        return
    territory = board.territory_by_id[space]
    if territory.impassable:
        raise refuse("R-SETUP-12", "{space} belongs to no one.", space=board.place(space))
    old_owner = state.territory_owner.get(space)
    if old_owner is new:
        raise refuse("EDIT-3", "{space} is held by {nation} already.", space=board.place(space),
                     nation=new)
    state.own("territory_owner")[space] = new
    state.own("owner_at_turn_start")[space] = new
    passed = []
    for unit in list(state.units_at(space)):
        # R-CAPTURE-5, R-SETUP-15: the complex and the enemy's AA guns follow control; an
        # Ally's AA gun stays its owner's.
        if unit.carried_by is None and unit.owner is not new and (
                unit.type is UnitType.INDUSTRIAL_COMPLEX
                or (unit.type is UnitType.AA_GUN and are_enemies(unit.owner, new))):
            state.unit(unit.id).owner = new
            passed.append((unit.owner, unit.type))
    follow_battles(ctx)
    check_position(ctx, before)
    ctx.emit(ControlEdited(space=space, where=board.name(space), old=old_owner, new=new,
                           passed_on=count_units(passed)))


def _set_value(ctx: Context, what: ValueKey, old: int, new: int, already: Template,
               nation: Nation | None = None, unit_type: UnitType | None = None) -> None:
    """Emit the edit of the number ``what`` (``already``: the refusal when it is ``new``)."""
    if old == new:
        raise refuse("EDIT-3", already, value=new, nation=nation, unit=unit_type)
    ctx.emit(ValueEdited(what=what, old=old, new=new, nation=nation, unit_type=unit_type))


@handles("edit_treasury")
def set_treasury(ctx: Context, action: EditTreasury) -> None:
    """Raises IllegalAction: R-CHINA-1 (China has no IPCs), EDIT-3 (no change)."""
    _no_china(action.nation, N_("China has no treasury: it never collects IPCs."))
    old = ctx.state.treasury.get(action.nation, 0)
    _set_value(ctx, "treasury", old, action.ipc, N_("The treasury of {nation} holds {value} "
                                                    "IPC already."), nation=action.nation)
    ctx.state.own("treasury")[action.nation] = action.ipc


@handles("edit_production")
def set_production(ctx: Context, action: EditProduction) -> None:
    """The level becomes ``level``: the correction is the difference with the level control
    gives (see the module's docstring).

    Raises:
        IllegalAction: R-CHINA-1 (China has no level), EDIT-3 (no change).
    """
    _no_china(action.nation, N_("China has no production level: it never collects "
                                   "IPCs."))
    board, state = ctx.board, ctx.state
    old = production_level(board, state, action.nation)
    _set_value(ctx, "production_level", old, action.level,
               N_("The production level of {nation} is {value} already."), nation=action.nation)
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
    _set_value(ctx, "british_convoy", british_convoy_level(board, state), action.level,
               N_("The British Convoy marker is at {value} already."))
    state.british_convoy_correction = action.level - british_convoys_held(board, state)


@handles("edit_victory_points")
def set_victory_points(ctx: Context, action: EditVictoryPoints) -> None:
    """Raises IllegalAction: EDIT-3 (no change), R-VICTORY-2 (enough to win: play the
    phase that awards them instead)."""
    before = problems_now(ctx)
    _set_value(ctx, "victory_points", ctx.state.victory_points, action.points,
               N_("Japan has {value} victory points already."))
    ctx.state.victory_points = action.points
    check_position(ctx, before)


@handles("edit_kamikaze_tokens")
def set_kamikaze_tokens(ctx: Context, action: EditKamikazeTokens) -> None:
    """Raises IllegalAction: EDIT-3 (no change), R-KAMI-1 (more than the game has)."""
    before = problems_now(ctx)
    _set_value(ctx, "kamikaze_tokens", ctx.state.kamikaze_tokens, action.tokens,
               N_("Japan has {value} kamikaze tokens already."))
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
    if nation is Nation.CHINA:
        if unit_type is not UnitType.INFANTRY:
            raise refuse("R-CHINA-1", "China never buys: it only receives infantry.")
        _set_value(ctx, "china_infantry", state.china_infantry_due, action.count,
                   N_("China has {value} infantry to place already."))
        state.china_infantry_due = action.count
        return
    if nation not in UNIT_SPECS[unit_type].buyers:
        raise refuse("R-PURCH-5", "{nation} cannot buy this unit: {unit}.", nation=nation,
                     unit=unit_type)
    held = state.purchased.setdefault(nation, {})
    _set_value(ctx, "purchased", held.get(unit_type, 0), action.count,
               N_("{nation} has {value} units of this kind to place already: {unit}."),
               nation=nation, unit_type=unit_type)
    if action.count:
        held[unit_type] = action.count
    else:
        held.pop(unit_type, None)
        if not held:
            del state.purchased[nation]
