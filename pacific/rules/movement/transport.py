"""Loading and unloading transports and Japanese destroyers (R-TRANS-*, R-JDD-*), and the
amphibious assaults that unloading into an enemy territory declares (R-AMPH-1,
R-COMBATMOVE-8, OQ2-19)."""

from __future__ import annotations

from pacific.rules.actions.movement import Load, Unload
from pacific.rules.battle_records import BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import capture_territory
from pacific.rules.errors import IllegalMove
from pacific.rules.movement import spaces
from pacific.rules.movement.events import UnitsLoaded, UnitsUnloaded
from pacific.rules.movement.members import (
    AA_GUN,
    AUSTRALIA,
    CHINA,
    COMBAT_MOVE,
    DESTROYER,
    INDIA,
    INDUSTRIAL_COMPLEX,
    INFANTRY,
    JAPAN,
    NONCOMBAT_MOVE,
    TRANSPORT,
)
from pacific.rules.movement.plan import place
from pacific.rules.nations import Nation, are_allied, are_enemies, power_of
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault
from pacific.rules.registry import Context, handles
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    JAPANESE_DESTROYER_CAPACITY,
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    can_capture,
    is_air,
    is_land,
    is_sea,
)

_BRITISH = frozenset({INDIA, AUSTRALIA})


def same_transport_nation(a: Nation, b: Nation) -> bool:
    """R-TRANS-9 with OQ2-7: India and Australia count as one nation for transports."""
    return a is b or (a in _BRITISH and b in _BRITISH)


def is_carrier_ship(unit: Unit) -> bool:
    """Transports, and Japanese destroyers (R-JDD-1: Allied destroyers carry nothing)."""
    return unit.type is TRANSPORT or (
        unit.type is DESTROYER and unit.owner is JAPAN)


def room_left(state: GameState, ship: Unit) -> int:
    """R-TRANS-1: 1 armor or 2 others; R-JDD-1: one infantry."""
    used = sum(UNIT_SPECS[c.type].transport_size for c in spaces.cargo_of(state, ship))
    cap = TRANSPORT_CAPACITY if ship.type is TRANSPORT else JAPANESE_DESTROYER_CAPACITY
    return cap - used


def _ship(board: BoardMap, state: GameState, ship_id: int) -> Unit:
    ship = state.units.get(ship_id)
    if ship is None:
        raise IllegalMove("R-TRANS-3", "There is no unit {id}", id=ship_id)
    if not is_carrier_ship(ship):
        raise IllegalMove("R-JDD-1", "The {unit} in {space} is not a transport or a Japanese "
                          "destroyer: it carries no land units", unit=ship.type,
                          space=place(board, ship.space))
    return ship


def began_among_enemy_ships(board: BoardMap, state: GameState, ship: Unit) -> bool:
    """Whether ``ship`` is in the zone where it began the turn and enemy ships were there
    then (R-TRANS-11). Enemy ships never move in another power's turn, so they were there at
    its start if they are there now (submerged submarines included: they surfaced at the end
    of their own turn, R-MOVE-8) or if a naval battle was fought there this turn: the rule
    holds even once the ship's side has sunk them. A battle against a combat air patrol
    alone counts too: those fighters barred loading there anyway (R-TRANS-6)."""
    zone = ship.space
    if ship.start_space != zone:
        return False
    if any(are_enemies(u.owner, ship.owner) and is_sea(u.type)
           for u in spaces.units_in(state, zone)):
        return True
    return any(b.space == zone and b.kind is BattleKind.NAVAL for b in state.battles)


def _check_enemy_start(board: BoardMap, state: GameState, ship: Unit, loading: bool) -> None:
    """R-TRANS-11 over R-TRANS-12 (the rulebook, p. 33: such a transport "non può né sbarcare
    né imbarcare, a meno che non sia coinvolto in un Assalto Anfibio"): it may not load or
    unload in that zone for the whole turn, even after its side sank the enemy ships, unless
    it lands units in an amphibious assault from it. A landing in combat movement is always
    one (R-TRANS-7), so only loading, and landing in non-combat movement, are refused."""
    if began_among_enemy_ships(board, state, ship) and not any(
            ship.id in a.ships for a in state.amphibious_assaults):
        if loading:
            raise IllegalMove("R-TRANS-11", "This ship began the turn in {zone} with enemy "
                              "ships: it may not load there this turn; it may move to another "
                              "zone and load there", zone=place(board, ship.space))
        raise IllegalMove("R-TRANS-11", "This ship began the turn in {zone} with enemy ships: "
                          "it may not unload there this turn, except to land an amphibious "
                          "assault; it may move to another zone and unload there",
                          zone=place(board, ship.space))


def check_load(board: BoardMap, state: GameState, action: Load, phase: Phase) -> list[Unit]:
    """Check a boarding.

    Raises:
        IllegalMove: R-TRANS-1/2/4/6/8/10/11/12, R-JDD-1, R-COMBATMOVE-7, R-TURN-1.
    """
    ship = _ship(board, state, action.transport)
    zone = ship.space
    if len(set(action.units)) != len(action.units):
        raise IllegalMove("R-TRANS-1", "A unit is listed twice")
    if spaces.enemy_units(state, zone, ship.owner):
        raise IllegalMove("R-TRANS-6", "{zone} holds enemy units: no loading there",
                          zone=place(board, zone))
    _check_enemy_start(board, state, ship, loading=True)
    if ship.fought and ship.id in state.transport_unloads:
        raise IllegalMove("R-TRANS-12", "This ship fought and unloaded this turn: it may not "
                          "load as well")
    units = []
    for uid in action.units:
        unit = state.units.get(uid)
        if unit is None:
            raise IllegalMove("R-TRANS-3", "There is no unit {id}", id=uid)
        kind = unit.type
        if not spaces.same_turn(state, unit):
            raise IllegalMove("R-TURN-1", "The {unit} belongs to {nation}, who does not play "
                              "now (R-TRANS-13: units board in their owner's turn)", unit=kind,
                              nation=unit.owner)
        if not is_land(kind) or kind is INDUSTRIAL_COMPLEX:
            raise IllegalMove("R-TRANS-1", "A {unit} cannot board a ship", unit=kind)
        if unit.carried_by is not None:
            raise IllegalMove("R-TRANS-10", "The {unit} is already aboard: no unit passes from "
                              "one ship to another", unit=kind)
        if unit.owner is CHINA:
            raise IllegalMove("R-TRANS-2", "Chinese infantry never boards a transport")
        if not are_allied(unit.owner, ship.owner):
            raise IllegalMove("R-TRANS-13", "Units board only friendly ships")
        if ship.type is DESTROYER and \
                (kind is not INFANTRY or unit.owner is not JAPAN):
            raise IllegalMove("R-JDD-1", "A Japanese destroyer carries one Japanese infantry "
                              "and nothing else")
        if not board.adjacent(unit.space, zone):
            raise IllegalMove("R-TRANS-4", "The {unit} in {space} is not next to {zone}",
                              unit=kind, space=place(board, unit.space),
                              zone=place(board, zone))
        if unit.moves_used or unit.combat_moved or unit.noncombat_moved or \
                unit.unloaded_this_turn or unit.path:
            raise IllegalMove("R-TRANS-8", "The {unit} has already moved this turn: boarding "
                              "takes its whole move", unit=kind)
        if unit.fought:
            raise IllegalMove("R-NONCOMBAT-2", "The {unit} fought this turn and cannot move",
                              unit=kind)
        if kind is AA_GUN and unit.captured_this_turn:
            raise IllegalMove("R-NONCOMBAT-4", "An AA gun captured this turn cannot move")
        if kind is AA_GUN and phase is COMBAT_MOVE:
            # Boarding in phase 3 only prepares an assault (OQ2-3), which AA guns never join.
            raise IllegalMove("R-COMBATMOVE-7", "An AA gun never takes part in an attack, so "
                              "it boards only in non-combat movement")
        units.append(unit)
    need = sum(UNIT_SPECS[u.type].transport_size for u in units)
    if ship.type is DESTROYER:
        need = len(units)
    if need > room_left(state, ship):
        rule = "R-JDD-1" if ship.type is DESTROYER else "R-TRANS-1"
        raise IllegalMove(rule, "Too much cargo: a transport carries 1 armor or 2 other land "
                          "units, a Japanese destroyer 1 infantry")
    return units


@handles("load")
def load(ctx: Context, action: Load) -> None:
    """Board land units (R-TRANS-3/4/8/9/13). Raises IllegalMove; nothing changes then."""
    state = ctx.state
    units = [state.unit(u.id) for u in check_load(ctx.board, state, action, state.phase)]
    ship = state.unit(action.transport)
    for unit in units:
        unit.carried_by = ship.id
        unit.space = ship.space
        unit.path = [*unit.path, ship.space]
        unit.loaded_this_turn = True
        unit.moves_used = spaces.allowance(unit)  # R-TRANS-8: its whole move
        if state.phase is COMBAT_MOVE:
            unit.combat_moved = True
        else:
            unit.noncombat_moved = True
        # R-TRANS-9/13: only the ship's own nation's units, on a ship that has not fought,
        # may land in the turn they board; the others are cargo until a later turn.
        if not same_transport_nation(unit.owner, ship.owner) or ship.fought:
            unit.cargo_locked = True
    ship.loaded_this_turn = True
    ctx.emit(UnitsLoaded(transport=ship.id, units=tuple(u.id for u in units)))


def check_unload(board: BoardMap, state: GameState, action: Unload, phase: Phase
                 ) -> tuple[Unit, list[Unit]]:
    """Check a landing.

    Raises:
        IllegalMove: R-TRANS-5/6/7/9/10/12/13, R-NONCOMBAT-2/3, R-COMBATMOVE-1/7.
    """
    ship = _ship(board, state, action.transport)
    zone, target = ship.space, action.territory
    if not board.is_land(target):
        raise IllegalMove("R-TRANS-10", "Cargo lands only on land: no unit passes from one "
                          "ship to another")
    if not board.adjacent(zone, target) or not spaces.passable(board, target):
        raise IllegalMove("R-TRANS-5", "{space} is not next to {zone}",
                          space=place(board, target), zone=place(board, zone))
    done = state.transport_unloads.get(ship.id)
    if done is not None and done != target:
        raise IllegalMove("R-TRANS-5", "This ship already unloaded into {space}: it unloads "
                          "into one territory per turn", space=place(board, done))
    if len(set(action.units)) != len(action.units):
        raise IllegalMove("R-TRANS-5", "A unit is listed twice")
    units = []
    for uid in action.units:
        unit = state.units.get(uid)
        if unit is None:
            raise IllegalMove("R-TRANS-3", "There is no unit {id}", id=uid)
        if unit.carried_by != ship.id:
            # (a player names units by their type and place, never by their number)
            raise IllegalMove("R-TRANS-3", "The {unit} in {space} is not aboard the {ship} in "
                              "{zone}: a ship lands only its own cargo", unit=unit.type,
                              space=place(board, unit.space), ship=ship.type,
                              zone=place(board, zone))
        if not spaces.same_turn(state, unit):
            raise IllegalMove("R-TRANS-13", "The units of {nation} aboard land only in their "
                              "owner's turn", nation=unit.owner)
        if unit.cargo_locked:
            rule = "R-TRANS-12" if ship.fought else (
                "R-TRANS-9" if power_of(unit.owner) is power_of(ship.owner) else "R-TRANS-13")
            raise IllegalMove(rule, "These units boarded this turn and may land only in a "
                              "later turn: only the ship's own nation's units, on a ship that "
                              "has not fought, board and land in one turn")
        bound = next((a for a in state.amphibious_assaults if uid in a.landing_units), None)
        if bound is not None:
            # R-AMPH-6: declared units wait aboard for their landing in phase 4 (R-AMPH-1:
            # its target never changes); one not landed then stays aboard for the turn.
            rule = "R-COMBATMOVE-3" if phase is COMBAT_MOVE else "R-NONCOMBAT-2"
            raise IllegalMove(rule, "The {unit} is bound for the amphibious assault on "
                              "{space}: it lands there in combat, or stays aboard for the rest "
                              "of the turn", unit=unit.type, space=place(board, bound.target))
        if phase is NONCOMBAT_MOVE and unit.combat_moved:
            raise IllegalMove("R-NONCOMBAT-2", "Units that boarded in combat movement land "
                              "only in an amphibious assault, or in a later turn")
        if phase is COMBAT_MOVE and unit.type is AA_GUN:
            raise IllegalMove("R-COMBATMOVE-7", "An AA gun never lands in an enemy territory "
                              "as an attacker")
        units.append(unit)
    nation = units[0].owner
    if phase is NONCOMBAT_MOVE:
        if spaces.enemy_units(state, zone, nation):
            raise IllegalMove("R-TRANS-6", "{zone} holds enemy units: no unloading there "
                              "outside an amphibious assault", zone=place(board, zone))
        _check_enemy_start(board, state, ship, loading=False)
        if not spaces.is_friendly(board, state, target, nation) or \
                spaces.occupied(board, state, target, nation):
            raise IllegalMove("R-TRANS-7", "In non-combat movement units land only in "
                              "friendly territory; {space} is not", space=place(board, target))
    elif not spaces.enemy_controlled(board, state, target, nation):
        # The rulebook (p. 33): landing in friendly territory is a non-combat move; landing
        # in combat movement is an amphibious assault. A transport that left enemy ships in
        # phase 3 (R-TRANS-11) loads and lands in phase 6.
        raise IllegalMove("R-TRANS-7", "{space} is friendly: land there in non-combat "
                          "movement (combat movement lands only in an amphibious assault, "
                          "OQ2-3)", space=place(board, target))
    return ship, units


@handles("unload")
def unload(ctx: Context, action: Unload) -> None:
    """Land cargo; in combat movement this declares an amphibious assault on the territory
    (R-AMPH-1), or captures it at once if it is empty and no naval battle comes first (OQ2-19).

    An assault's units stay aboard, listed in the assault, until combat lands them in phase 4
    (R-AMPH-6 step 1: the zone's naval battle comes first; R-KAMI-7: so does a kamikaze
    attack, which counts as one): a ship sunk before the landing takes them down with it
    (R-TRANS-14), and a landing called off leaves them aboard (R-AMPH-1). Raises IllegalMove.
    """
    state, board = ctx.state, ctx.board
    ship, units = check_unload(board, state, action, state.phase)
    ship = state.unit(ship.id)
    units = [state.unit(u.id) for u in units]
    zone, target = ship.space, action.territory
    nation = units[0].owner
    state.transport_unloads[ship.id] = target
    ship.unloaded_this_turn = True   # R-TRANS-5: unloading ends its move
    combat = state.phase is COMBAT_MOVE
    assault = combat and (bool(spaces.enemy_units(state, zone, nation)) or
                          spaces.occupied(board, state, target, nation))
    for unit in units:
        if combat:
            unit.combat_moved = True
        else:
            unit.noncombat_moved = True
        if assault:
            continue
        unit.carried_by = None
        unit.space = target
        unit.path = [*unit.path, target]
        unit.unloaded_this_turn = True
        unit.moves_used = spaces.allowance(unit)   # R-TRANS-8
    if assault:
        _record_assault(ctx, target, zone, ship, units)
    elif combat and spaces.enemy_controlled(board, state, target, nation) and \
            any(can_capture(u.type) for u in units):
        capture_territory(ctx, target, next(u.owner for u in units if can_capture(u.type)))
    ctx.emit(UnitsUnloaded(transport=ship.id, units=tuple(u.id for u in units),
                           territory=target, assault=assault))


def _record_assault(ctx: Context, target: str, zone: str, ship: Unit, units: list[Unit]
                    ) -> None:
    state = ctx.state
    record = next((a for a in state.amphibious_assaults if a.target == target), None)
    if record is None:
        record = AmphibiousAssault(target=target)
        state.own("amphibious_assaults").append(record)
        # Aircraft already sent to the territory join the land attack (R-COMBATMOVE-8).
        raiders = {i for r in state.raids for i in (*r.bombers, *r.escorts)}
        record.land_aircraft = sorted(
            u.id for u in spaces.units_in(state, target)
            if spaces.same_turn(state, u) and u.combat_moved and u.id not in raiders
            and is_air(u.type))
    if zone not in record.sea_zones:
        record.sea_zones.append(zone)
    if ship.id not in record.ships:
        record.ships.append(ship.id)
    record.landing_units.extend(u.id for u in units)
