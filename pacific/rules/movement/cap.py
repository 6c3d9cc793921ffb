"""Combat air patrols (R-CAP-1..7), submarines holding a convoy zone (R-CONVOY-4), and the
end-of-phase landing checks for aircraft (R-NONCOMBAT-1, R-AIR-3, R-CAP-7)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TypeVar

from pacific.rules.actions.movement import HoldConvoy, LandCap, StartCap
from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import capture_convoy_zone
from pacific.rules.errors import IllegalAction, IllegalMove, plural
from pacific.rules.movement import spaces
from pacific.rules.movement.events import AircraftLost, UnitsMoved
from pacific.rules.movement.plan import place
from pacific.rules.nations import POWER_NATIONS, Nation
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles, on_enter, on_leave
from pacific.rules.state import GameState, Unit
from pacific.rules.units import AIR_TYPES, UnitType

_Checked = TypeVar("_Checked", StartCap, LandCap, HoldConvoy)


def accepted(check: Callable[[BoardMap, GameState, _Checked], object], board: BoardMap,
             state: GameState, action: _Checked) -> bool:
    """Whether ``check`` lets ``action`` through: the listing of moves and the drop targets
    offer a patrol or a convoy hold only where its handler will accept it."""
    try:
        check(board, state, action)
    except IllegalAction:
        return False
    return True


def _units(board: BoardMap, state: GameState, ids: tuple[int, ...], rule: str) -> list[Unit]:
    if len(set(ids)) != len(ids):
        raise IllegalMove(rule, "A unit is listed twice")
    out = []
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None:
            raise IllegalMove(rule, "There is no unit {id}", id=uid)
        if not spaces.same_turn(state, unit):
            raise IllegalMove("R-TURN-1", "The {unit} in {space} belongs to {nation}, who does "
                              "not play now", unit=unit.type, space=place(board, unit.space),
                              nation=unit.owner)
        out.append(unit)
    if len({u.space for u in out}) > 1:
        raise IllegalMove(rule, "The units must start in one space")
    return out


# ---- CAP ----

def check_start_cap(board: BoardMap, state: GameState, action: StartCap) -> list[Unit]:
    """Raises IllegalMove: R-CAP-1 (not fighters, moved already, zone not adjacent or not
    free of enemy units), OQ2-16."""
    units = _units(board, state, action.units, "R-CAP-1")
    zone = action.sea_zone
    for unit in units:
        if unit.type is not UnitType.FIGHTER:
            raise IllegalMove("R-CAP-1", "Only fighters fly a combat air patrol")
        if unit.carried_by is not None or not board.is_land(unit.space):
            raise IllegalMove("R-CAP-1", "A combat air patrol starts from a land territory, "
                              "not from a carrier (OQ2-16)")
        if unit.moves_used or unit.combat_moved or unit.noncombat_moved:
            raise IllegalMove("R-CAP-1", "Only fighters that have not moved this turn fly a "
                              "combat air patrol")
    if not board.is_sea(zone) or not board.adjacent(units[0].space, zone):
        raise IllegalMove("R-CAP-1", "{zone} is not a sea zone next to {space}",
                          zone=place(board, zone), space=place(board, units[0].space))
    # The rulebook (p. 32) forbids only enemy units "that could cause a combat": submarines
    # cannot fight fighters, so a zone whose only enemies are submarines may be patrolled
    # (EX-16). OQ2-16 allowed only submerged ones; the rulebook wins.
    if any(u.type is not UnitType.SUBMARINE for u in spaces.enemy_units(state, zone,
                                                                     units[0].owner)):
        raise IllegalMove("R-CAP-1", "{zone} holds enemy units that could fight the patrol: "
                          "it may not be patrolled", zone=place(board, zone))
    return units


@handles("start_cap")
def start_cap(ctx: Context, action: StartCap) -> None:
    """Phase 6: fighters take up a patrol (R-CAP-1, R-CAP-2). Raises IllegalMove."""
    units = [ctx.state.unit(u.id) for u in check_start_cap(ctx.board, ctx.state, action)]
    start = units[0].space
    for unit in units:
        unit.space = action.sea_zone
        unit.path = [*unit.path, action.sea_zone]  # a new list: never share one
        unit.moves_used += 1
        unit.noncombat_moved = True
        unit.cap = True
    ctx.emit(UnitsMoved(units=action.units, path=(start, action.sea_zone)))


def check_land_cap(board: BoardMap, state: GameState, action: LandCap) -> list[Unit]:
    """Raises IllegalMove: R-CAP-7 (not a patrol, no friendly place bordering the zone, no
    carrier room)."""
    units = _units(board, state, action.units, "R-CAP-7")
    zone = units[0].space
    if any(not u.cap for u in units):
        raise IllegalMove("R-CAP-7", "Only fighters on combat air patrol land in phase 2")
    space = action.space
    if board.is_land(space):
        if action.carrier is not None or not board.adjacent(zone, space) or \
                not spaces.can_land_now(board, state, units[0], space):
            raise IllegalMove("R-CAP-7", "A patrol lands on a friendly territory bordering its "
                              "zone or an island in it; {space} is not one",
                              space=place(board, space))
        return units
    if space != zone:
        raise IllegalMove("R-CAP-7", "A patrol lands on a carrier in its own zone")
    carriers = [c for c in spaces.friendly_carriers(state, zone, units[0].owner)
                if action.carrier is None or c.id == action.carrier]
    if sum(spaces.carrier_room(state, c) for c in carriers) < len(units):
        raise IllegalMove("R-CAP-7", plural(
            "No friendly carrier in {zone} has room for {count} fighter",
            "No friendly carrier in {zone} has room for {count} fighters"),
            zone=place(board, zone), count=len(units))
    return units


@handles("land_cap")
def land_cap(ctx: Context, action: LandCap) -> None:
    """Phase 2: patrol fighters land, free of cost (R-CAP-7, OQ2-15); a carrier that takes one
    may not move this turn. Raises IllegalMove."""
    state = ctx.state
    units = [state.unit(u.id) for u in check_land_cap(ctx.board, state, action)]
    zone = units[0].space
    landed: dict[int, None] = {}
    for unit in units:
        unit.cap = False
        if ctx.board.is_land(action.space):
            unit.space = action.space
            unit.path = [*unit.path, action.space]   # recorded; it costs nothing (OQ2-15)
            continue
        carrier = next(c for c in spaces.friendly_carriers(state, zone, unit.owner)
                       if (action.carrier is None or c.id == action.carrier)
                       and spaces.carrier_room(state, c) > 0)
        unit.carried_by = carrier.id
        landed[carrier.id] = None
        if carrier.id not in state.frozen_carriers:
            state.own("frozen_carriers").append(carrier.id)
    ctx.emit(UnitsMoved(units=action.units, path=(zone, action.space), carriers=tuple(landed)))


@on_leave(Phase.CAP_LANDING, refuses=False)
def lose_unlanded_patrols(ctx: Context) -> None:
    """R-CAP-7: a patrol fighter that did not land in phase 2 is lost."""
    lost = [u for u in ctx.state.units.values() if u.cap and spaces.same_turn(ctx.state, u)]
    _remove(ctx, lost, "R-CAP-7")


# ---- aircraft still in the air when non-combat movement ends ----

@on_leave(Phase.NONCOMBAT_MOVE, refuses=False)
def land_or_lose_aircraft(ctx: Context) -> None:
    """R-NONCOMBAT-1, R-AIR-3, OQ2-5: fighters at sea land on a friendly carrier with room
    there, even in a zone just fought in (OQ3-11); aircraft anywhere else without a landing
    place are lost, those left in a territory captured this turn or fought over this turn
    under R-COMBAT-10 (R-AIR-5: attacking aircraft may neither stay nor land where a battle
    has just been fought), the others under R-AIR-3."""
    state = ctx.state
    lost: list[Unit] = []
    stayed: list[Unit] = []    # R-COMBAT-10: in a territory captured or fought over
    fought = {battle.space for battle in state.battles}
    # The aircraft of the power playing now (spaces.same_turn), neither on patrol nor aboard,
    # read from the state's index by type; landing one changes no other's fields
    # read here.
    playing = POWER_NATIONS[state.power]
    flying = [u for u in state.units_of_types(AIR_TYPES) if u.owner in playing
              and not u.cap and u.carried_by is None]
    # In a territory the answer depends on the space and the owner only, and landing a
    # fighter on a carrier does not change it: asked once per pair.
    on_land: dict[tuple[str, Nation], bool] = {}
    for unit in sorted(flying, key=attrgetter("id")):
        if ctx.board.is_land(unit.space):
            key = (unit.space, unit.owner)
            landed = on_land.get(key)
            if landed is None:
                landed = on_land[key] = spaces.can_land_now(ctx.board, state, unit, unit.space)
            if not landed:
                (stayed if unit.space in state.captured_this_turn or unit.space in fought
                 else lost).append(unit)
            continue
        carrier = next((c for c in spaces.friendly_carriers(state, unit.space, unit.owner)
                        if spaces.carrier_room(state, c) > 0), None)
        if unit.type is UnitType.FIGHTER and carrier is not None:
            state.unit(unit.id).carried_by = carrier.id
        else:
            lost.append(unit)
    _remove(ctx, stayed, "R-COMBAT-10")
    _remove(ctx, lost, "R-AIR-3")


def _remove(ctx: Context, lost: list[Unit], rule: str) -> None:
    by_space: dict[str, list[int]] = {}
    for unit in lost:
        by_space.setdefault(unit.space, []).append(unit.id)
        ctx.state.remove_unit(unit.id)
    for space, ids in by_space.items():
        ctx.emit(AircraftLost(units=tuple(ids), space=space, rule=rule))


@on_enter(Phase.PURCHASE)
def clear_movement_records(ctx: Context) -> None:
    """A new turn: carriers may move again and ships may unload again (R-CARRIER-5,
    R-TRANS-5). The per-unit bookkeeping is reset by the turn flow."""
    ctx.state.own("frozen_carriers").clear()
    ctx.state.transport_unloads.clear()


# ---- submarines holding a convoy zone ----

def check_hold_convoy(board: BoardMap, state: GameState, action: HoldConvoy) -> list[Unit]:
    """Raises IllegalMove: R-CONVOY-4 (not submarines, not where they began the turn, zone not
    an empty enemy convoy zone, move already used)."""
    units = _units(board, state, action.units, "R-CONVOY-4")
    zone = units[0].space
    for unit in units:
        if unit.type is not UnitType.SUBMARINE:
            raise IllegalMove("R-CONVOY-4", "Only submarines capture a convoy zone by staying "
                              "(OQ-12)")
        if unit.moves_used or unit.combat_moved or unit.start_space != zone:
            raise IllegalMove("R-CONVOY-4", "Only a submarine that began its turn in the zone "
                              "and has not moved captures it by staying")
    if not spaces.enemy_convoy_zone(board, state, zone, units[0].owner) or \
            spaces.enemy_units(state, zone, units[0].owner):
        raise IllegalMove("R-CONVOY-4", "{zone} is not an enemy convoy zone free of enemy "
                          "units", zone=place(board, zone))
    return units


@handles("hold_convoy")
def hold_convoy(ctx: Context, action: HoldConvoy) -> None:
    """Phase 3: spend one move to capture the zone, then move on with the other (R-CONVOY-4).
    Raises IllegalMove."""
    units = [ctx.state.unit(u.id) for u in check_hold_convoy(ctx.board, ctx.state, action)]
    for unit in units:
        unit.moves_used += 1
        unit.combat_moved = True
    capture_convoy_zone(ctx, units[0].space, units[0].owner)
