"""Checking a flight (R-MOVE-*, R-AIR-*, R-SBR-*, R-AAFLY-1..3, R-NONCOMBAT-5, R-CARRIER-1):
whether each aircraft may fly now, then a path with its raid, landing declaration or carrier
(`pacific.rules.movement.check` runs them in order)."""

from __future__ import annotations

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove, plural
from pacific.rules.movement import spaces
from pacific.rules.movement.landing import check_air_landing
from pacific.rules.movement.members import (
    AIR,
    BOMBER,
    CHINA,
    COMBAT_MOVE,
    FIGHTER,
    JAPAN,
    NONCOMBAT_MOVE,
)
from pacific.rules.movement.plan import Group, MovePlan, check_route, place
from pacific.rules.nations import Nation
from pacific.rules.state import GameState, Unit


def check_air_units(board: BoardMap, state: GameState, group: Group) -> None:
    """Whether each aircraft may fly at all now.

    Raises:
        IllegalMove: R-CAP-2, R-CARRIER-2, R-COMBATMOVE-3, R-MOVE-2.
    """
    for unit in group.units:
        if unit.cap:
            raise IllegalMove("R-CAP-2", "A patrolling fighter stays in its zone until it "
                              "lands in phase 2")
        if unit.cargo_locked:
            raise IllegalMove("R-CARRIER-2", "This fighter stayed aboard when its carrier "
                              "moved: it is cargo for the rest of the turn")
        if group.phase is COMBAT_MOVE and unit.combat_moved:
            raise IllegalMove("R-COMBATMOVE-3", "The {unit} has already made its combat move: "
                              "a unit takes part in at most one battle per turn, R-COMBAT-3",
                              unit=unit.type)
    # An aircraft with no move left may still take a free step between a friendly air base
    # and its sea zone (R-AIRBASE-1, R-AIRBASE-3: "27 (4), New Britain (free)"): its path's
    # cost decides (`check_air_path`), not the allowance alone.


def check_air_path(board: BoardMap, state: GameState, group: Group, action: Move) -> MovePlan:
    """The destination and what the flight declares there, the route, its cost and the AA
    guns it crosses, for aircraft that may fly (`check_air_units`).

    Raises:
        IllegalMove: R-MOVE-2/3/6/10, R-NONCOMBAT-5, R-COMBAT-10, R-AIR-2/3/5/7, R-CARRIER-1,
            R-COMBATMOVE-1, R-SBR-1/2/6.
    """
    path = action.path
    dest = path[-1]
    units, nation = group.units, group.nation
    if dest == path[0]:
        # A round trip changes nothing but the allowance; staying is not moving.
        raise IllegalMove("R-MOVE-3", "This flight ends where it began: to stay, do not move")
    if not spaces.passable(board, dest):
        raise IllegalMove("R-MOVE-10", "{space} can never be entered or overflown",
                          space=place(board, dest))
    assault = dest in spaces.assault_targets(state)
    if group.phase is NONCOMBAT_MOVE:
        check_air_landing_place(board, state, action, units, dest)
    else:
        if action.carrier is not None:
            raise IllegalMove("R-AIR-3", "In combat movement a carrier landing is declared "
                              "with `landing` (its planned zone), not `carrier`")
        if action.raid:
            _check_raid(board, state, units, dest, nation)
        elif not assault and not spaces.occupied(board, state, dest, nation):
            raise IllegalMove("R-COMBATMOVE-1", "No battle will be fought in {space}: "
                              "aircraft fly to a battle, a bombing raid or an amphibious "
                              "assault in combat movement", space=place(board, dest))
    limit = group.limit
    check_route(board, state, group, path, limit)
    cost = spaces.air_path_cost(board, state, path, nation)
    if cost > limit:
        unit = next(u for u in units if cost > spaces.left(u))
        if spaces.left(unit) == 0:
            raise IllegalMove("R-MOVE-2", "The {unit} has no move left this turn",
                              unit=unit.type)
        raise IllegalMove("R-MOVE-2", plural(
            "The {unit} can fly only {count} space now, this path costs {cost}",
            "The {unit} can fly only {count} spaces now, this path costs {cost}"),
            unit=unit.type, count=spaces.left(unit), cost=cost)
    plan = MovePlan(units=units, domain=AIR, path=path, cost=cost, nation=nation)
    if group.phase is NONCOMBAT_MOVE:
        plan.carrier = action.carrier
        return plan
    if assault and not action.raid:
        plan.assault_target = dest
    plan.attack = True
    if len(path) > 2:
        seen: set[str] = set()
        for space in path[1:-1]:
            if space in seen or not spaces.aa_territory(board, state, space, nation):
                continue
            seen.add(space)
            targets = [u.id for u in units if space not in u.path]  # OQ2-4: once per territory
            if targets:
                plan.aa_fire.append((space, targets))
    plan.landing = check_air_landing(board, state, units, dest, cost, action.landing)
    return plan


def _check_raid(board: BoardMap, state: GameState, units: list[Unit], dest: str,
                nation: Nation) -> None:
    if not board.is_land(dest) or not spaces.enemy_controlled(board, state, dest, nation) or \
            not spaces.has_industrial_complex(board, state, dest):
        raise IllegalMove("R-SBR-1", "A strategic bombing raid targets an enemy territory with "
                          "an industrial complex; {space} is not one", space=place(board, dest))
    if nation is JAPAN and state.territory_owner.get(dest) is CHINA:
        # China has no IPCs to lose; a Japanese-held Szechwan is another matter (OQ3-20).
        raise IllegalMove("R-SBR-6", "Japan cannot raid {space}: China holds it and has no "
                          "IPCs to lose, as OQ3-20 decides", space=place(board, dest))
    if any(u.type not in (BOMBER, FIGHTER) for u in units):
        raise IllegalMove("R-SBR-1", "Only bombers raid, escorted by fighters")
    has_bomber = any(u.type is BOMBER for u in units) or any(
        r.target == dest and r.bombers for r in state.raids)
    if not has_bomber:
        raise IllegalMove("R-SBR-2", "Fighters only escort a raid: send a bomber to raid "
                          "{space} first", space=place(board, dest))


def check_air_landing_place(board: BoardMap, state: GameState, action: Move,
                            units: list[Unit], dest: str) -> None:
    """Non-combat movement: the flight ends where every aircraft may land (R-NONCOMBAT-5,
    R-COMBAT-10, R-MOVE-6, R-AIR-7, R-CARRIER-1).

    Raises:
        IllegalMove: those rules.
    """
    if action.raid or action.landing is not None:
        raise IllegalMove("R-NONCOMBAT-5", "Raids and landing declarations belong to combat "
                          "movement; in non-combat movement aircraft simply land")
    if board.is_land(dest):
        if dest in state.captured_this_turn and any(
                u.fought and dest in u.path for u in units):
            raise IllegalMove("R-COMBAT-10", "These aircraft fought for {space}, captured this "
                              "turn: attacking aircraft never land where they fought",
                              space=place(board, dest))
        for unit in units:
            if not spaces.can_land_now(board, state, unit, dest):
                raise IllegalMove("R-NONCOMBAT-5", "Aircraft land only in a friendly territory "
                                  "not captured this turn; {space} is not one",
                                  space=place(board, dest))
        if action.carrier is not None:
            raise IllegalMove("R-MOVE-6", "Carriers are at sea: the path must end in their "
                              "zone")
        return
    if any(u.type is not FIGHTER for u in units):
        raise IllegalMove("R-AIR-7", "Bombers cannot land on a carrier or at sea")
    carriers = spaces.friendly_carriers(state, dest, units[0].owner)
    if action.carrier is not None:
        carriers = [c for c in carriers if c.id == action.carrier]
        if not carriers:
            raise IllegalMove("R-MOVE-6", "There is no friendly carrier {carrier} in {space}",
                              carrier=action.carrier, space=place(board, dest))
    if not carriers:
        raise IllegalMove("R-MOVE-6", "Aircraft must land at the end of non-combat movement; "
                          "there is no friendly carrier in {space} to land on",
                          space=place(board, dest))
    room = sum(spaces.carrier_room(state, c) for c in carriers)
    if room < len(units):
        # The plural follows the room left (``count``): "room for 0 fighters, not 3".
        raise IllegalMove("R-CARRIER-1", plural(
            "Aircraft must land at the end of non-combat movement; {space} has room on "
            "carriers for {count} fighter, not {fighters}",
            "Aircraft must land at the end of non-combat movement; {space} has room on "
            "carriers for {count} fighters, not {fighters}"),
            space=place(board, dest), count=room, fighters=len(units))
