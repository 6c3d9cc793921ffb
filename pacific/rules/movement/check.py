"""Validating a `Move`: every step, its cost and what it leads to, before anything changes.

`check_move` never touches the state. It returns a `MovePlan` (what the move will capture,
where AA guns fire, whether it ends in a battle) or raises `IllegalMove` naming the rule. The
move handler carries the plan out; the reachability search runs the same stages, the group's
once and the path's for every candidate, to keep its answers exact.

A move may break several rules at once; the refusal names the one that truly forbids it, the
one no other route or group could get round. So the checks run from the most
general to the most particular:

1. the phase (R-MOVE-1) and the group: real units of the power playing, standing where the
   path starts, of one kind, and real spaces (R-TURN-1, R-MOVE-3, R-MOVE-5) (`check_group`);
   fields that only some moves may carry (raid, landing, carrier, AA casualty order) on one
   that may not (`check_fields`);
2. whether each unit may move at all now: a factory, cargo, a unit that already moved,
   fought, boarded, patrols, or has no move left (R-UNIT-5, R-TRANS-3/5/8/12, R-NONCOMBAT-2,
   R-COMBATMOVE-3/7, R-CAP-2, R-CARRIER-2/5, R-MOVE-7, R-MOVE-2) (`check_units`);
3. the destination, whatever the route: the unit's element, never the Soviet Union or the
   Himalaya, and what the phase allows there (R-MOVE-5, R-MOVE-10, R-NONCOMBAT-3/5/6,
   R-CAP-5, R-MOVE-6, R-AIR-7, R-CARRIER-1, R-COMBAT-10, R-COMBATMOVE-1, R-SBR-*);
4. the route: adjacent steps (R-MOVE-3; a destination out of reach by any route is refused
   for the distance, R-MOVE-2, or for the sea in between, R-MOVE-5), passable spaces of the
   unit's element (R-MOVE-10, R-MOVE-5);
5. the cost of that route (R-MOVE-2, R-NAVALBASE-1);
6. what the route crosses: stops, blitzes, patrols, landings after a risky flight (R-MOVE-7,
   R-BLITZ-1, R-CAP-3, R-NONCOMBAT-3/6, R-COMBATMOVE-1, R-AIR-2/3/5).

Stages 3 to 6 are `check_path`. The element's own checks live in `check_land`, `check_sea`
and `check_air`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove
from pacific.rules.movement import spaces
from pacific.rules.movement.check_air import check_air_path, check_air_units
from pacific.rules.movement.check_land import check_land_path, check_land_units
from pacific.rules.movement.check_sea import (
    NAVAL_BASE_MOVE,
    check_sea_path,
    check_sea_units,
    naval_base_bonus,
    naval_bases_of,
    ship_stopped,
    trip_origin,
)
from pacific.rules.movement.members import AIR, LAND, SEA
from pacific.rules.movement.plan import MOVE_PHASES, Group, MovePlan, place
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS

__all__ = ["NAVAL_BASE_MOVE", "Group", "MovePlan", "check_fields", "check_group", "check_move",
           "check_path", "check_units", "naval_base_bonus", "naval_bases_of", "ship_stopped",
           "trip_origin"]


def check_move(board: BoardMap, state: GameState, action: Move,
               phase: Phase | None = None) -> MovePlan:
    """Check a move against every movement rule and say what it will do.

    Raises:
        IllegalMove: with the rule id, when any unit may not make this move.
    """
    phase = phase or state.phase
    if phase not in MOVE_PHASES:
        raise IllegalMove("R-MOVE-1", "Units move only in combat movement (phase 3) and "
                          "non-combat movement (phase 6)")
    unknown = next((s for s in action.path if s not in board.neighbours), None)
    if unknown is not None:
        raise IllegalMove("R-MOVE-3", "There is no space '{space}' on this board",
                          space=unknown)
    group = check_group(board, state, action.units, action.path[0], phase)
    check_fields(board, state, group, action)
    check_units(board, state, group)
    return check_path(board, state, group, action)


def check_group(board: BoardMap, state: GameState, ids: Sequence[int], start: str,
                phase: Phase) -> Group:
    """The units ``ids``: real, listed once, of the power playing, standing in ``start``, of
    one element.

    Raises:
        IllegalMove: R-MOVE-3, R-TURN-1, R-MOVE-5.
    """
    if len(set(ids)) != len(ids):
        raise IllegalMove("R-MOVE-3", "A unit is listed twice in the move")
    units: list[Unit] = []
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None:
            raise IllegalMove("R-MOVE-3", "There is no unit {id}", id=uid)
        if not spaces.same_turn(state, unit):
            raise IllegalMove("R-TURN-1", "The {unit} in {space} belongs to {nation}, who does "
                              "not play now", unit=unit.type, space=place(board, unit.space),
                              nation=unit.owner)
        if unit.space != start:
            raise IllegalMove("R-MOVE-3", "The {unit} is in {space}, not at the start of the "
                              "path", unit=unit.type, space=place(board, unit.space))
        units.append(unit)
    domains = {UNIT_SPECS[u.type].domain for u in units}
    if len(domains) > 1:
        raise IllegalMove("R-MOVE-5", "Land, sea and air units move as separate groups: they "
                          "follow different paths")
    return Group(units=units, domain=domains.pop(), nation=units[0].owner, phase=phase,
                 start=start)


def check_fields(board: BoardMap, state: GameState, group: Group, action: Move) -> None:
    """Fields that speak of aircraft only, on a move of ships or land units (where they would
    be silently lost), and an AA casualty order naming aircraft that do not fly this move.

    Raises:
        IllegalMove: R-SBR-1, R-AIR-3, R-MOVE-6, R-AAFLY-2.
    """
    if group.domain is not AIR:
        if action.raid:
            raise IllegalMove("R-SBR-1", "Only bombers, escorted by fighters, make a strategic "
                              "bombing raid")
        if action.landing is not None:
            raise IllegalMove("R-AIR-3", "Only aircraft declare where they will land")
        if action.carrier is not None:
            raise IllegalMove("R-MOVE-6", "Only fighters land on a carrier")
    order = action.casualty_order
    if order:
        # R-AAFLY-2: the owner picks which of the aircraft crossing together are lost first;
        # the order can name only those aircraft, each once.
        if group.domain is not AIR:
            raise IllegalMove("R-AAFLY-2", "AA guns fire only at aircraft: a casualty order "
                              "belongs to a flight")
        moving = set(action.units)
        stranger = next((i for i in order if i not in moving), None)
        if stranger is not None:
            unit = state.units.get(stranger)
            if unit is None:
                raise IllegalMove("R-AAFLY-2", "There is no unit {id}", id=stranger)
            # (a player names units by their type and place, never by their number)
            raise IllegalMove("R-AAFLY-2", "The casualty order names the {unit} in {space}, "
                              "which is not among the aircraft of this move", unit=unit.type,
                              space=place(board, unit.space))
        if len(set(order)) != len(order):
            raise IllegalMove("R-AAFLY-2", "The casualty order names an aircraft twice")


def check_units(board: BoardMap, state: GameState, group: Group) -> None:
    """Whether each unit of the group may move at all now (stage 2).

    Raises:
        IllegalMove: naming the rule.
    """
    if group.domain is LAND:
        check_land_units(board, state, group)
    elif group.domain is SEA:
        check_sea_units(board, state, group)
    else:
        check_air_units(board, state, group)


def check_path(board: BoardMap, state: GameState, group: Group, action: Move) -> MovePlan:
    """Stages 3 to 6 for a group that passed `check_group`, `check_fields` and `check_units`
    (the path starts where the group stands and names real spaces).

    Raises:
        IllegalMove: naming the rule.
    """
    if group.domain is LAND:
        return check_land_path(board, state, group, action)
    if group.domain is SEA:
        return check_sea_path(board, state, group, action)
    return check_air_path(board, state, group, action)
