"""Validating a `Move`: every step, its cost and what it leads to, before anything changes.

`check_move` never touches the state. It returns a `MovePlan` (what the move will capture,
where AA guns fire, whether it ends in a battle) or raises `IllegalMove` naming the rule. The
move handler carries the plan out; the reachability search calls it to keep its answers exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from pacific.rules.actions.movement import Move
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalMove
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.landing import check_air_landing
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    UNIT_SPECS,
    Domain,
    UnitType,
    can_capture,
    is_warship,
)


@dataclass
class MovePlan:
    units: list[Unit]
    domain: Domain
    path: tuple[str, ...]
    cost: int
    nation: Nation
    attack: bool = False                      # ends in an enemy-occupied space (a battle)
    captures: list[str] = field(default_factory=list)        # empty enemy territories entered
    convoy_captures: list[str] = field(default_factory=list)  # R-CONVOY-3
    # Territories whose AA guns fire at the group, with the aircraft fired at (R-AAFLY-1..3).
    aa_fire: list[tuple[str, list[int]]] = field(default_factory=list)
    landing: str | None = None                # declared landing place (R-AIR-3)
    carrier: int | None = None                # phase 6: the carrier the fighters land on
    assault_target: str | None = None         # aircraft joining a declared assault's land attack


def _name(board: BoardMap, space: str) -> str:
    return board.name(space)


def _refuse(rule: str, text: str) -> IllegalMove:
    return IllegalMove(rule, f"{text} ({rule}).")


def _unit_word(unit: Unit) -> str:
    return UNIT_SPECS[unit.type].name.lower()


def check_move(board: BoardMap, state: GameState, action: Move,
               phase: Phase | None = None) -> MovePlan:
    """Check a move against every movement rule and say what it will do.

    Raises:
        IllegalMove: with the rule id, when any unit may not make this move.
    """
    phase = phase or state.phase
    if phase not in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        raise _refuse("R-MOVE-1", "Units move only in combat movement (phase 3) and "
                      "non-combat movement (phase 6)")
    units = _group(board, state, action)
    path = action.path
    for a, b in pairwise(path):
        if not board.adjacent(a, b):
            raise _refuse("R-MOVE-3", f"{_name(board, a)} and {_name(board, b)} are not "
                          "adjacent: a move goes one adjacent space at a time")
        if not sp.passable(board, b):
            raise _refuse("R-MOVE-10", f"{_name(board, b)} can never be entered or overflown")
    domain = UNIT_SPECS[units[0].type].domain
    nation = units[0].owner
    if domain is Domain.LAND:
        return _check_land(board, state, action, units, phase, nation)
    if domain is Domain.SEA:
        return _check_sea(board, state, action, units, phase, nation)
    return _check_air(board, state, action, units, phase, nation)


def _group(board: BoardMap, state: GameState, action: Move) -> list[Unit]:
    if len(set(action.units)) != len(action.units):
        raise _refuse("R-MOVE-3", "A unit is listed twice in the move")
    units = []
    for uid in action.units:
        unit = state.units.get(uid)
        if unit is None:
            raise _refuse("R-MOVE-3", f"There is no unit {uid}")
        if not sp.same_turn(state, unit):
            raise _refuse("R-TURN-1", f"The {_unit_word(unit)} {uid} belongs to "
                          f"{unit.owner.value}, who does not play now")
        if unit.space != action.path[0]:
            raise _refuse("R-MOVE-3", f"The {_unit_word(unit)} {uid} is in "
                          f"{_name(board, unit.space)}, not at the start of the path")
        units.append(unit)
    domains = {UNIT_SPECS[u.type].domain for u in units}
    if len(domains) > 1:
        raise _refuse("R-MOVE-5", "Land, sea and air units move as separate groups: they "
                      "follow different paths")
    return units


# ---- land ----

def _check_land(board: BoardMap, state: GameState, action: Move, units: list[Unit],
                phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
    cost = len(path) - 1
    for unit in units:
        word = _unit_word(unit)
        if unit.type is UnitType.INDUSTRIAL_COMPLEX:
            raise _refuse("R-UNIT-5", "An industrial complex never moves")
        if unit.carried_by is not None:
            raise _refuse("R-TRANS-3", f"The {word} is aboard a ship: it moves with the ship "
                          "and leaves it only by unloading")
        if unit.unloaded_this_turn or unit.loaded_this_turn:
            raise _refuse("R-TRANS-8", f"The {word} boarded or landed from a ship this turn: "
                          "that was its whole move")
        if phase is Phase.NONCOMBAT_MOVE and (unit.combat_moved or unit.fought):
            raise _refuse("R-NONCOMBAT-2", f"The {word} moved in combat movement or fought "
                          "this turn: it cannot move again")
        if phase is Phase.COMBAT_MOVE and unit.combat_moved:
            raise _refuse("R-COMBATMOVE-3", f"The {word} has already made its combat move: a "
                          "unit takes part in at most one battle per turn, R-COMBAT-3")
        if unit.type is UnitType.AA_GUN and unit.captured_this_turn:
            raise _refuse("R-NONCOMBAT-4", "An AA gun captured this turn cannot move")
        if cost > sp.left(unit):
            raise _refuse("R-MOVE-2", f"The {word} can move only {sp.left(unit)} space(s) "
                          f"now, this path is {cost}")
    for space in path[1:]:
        if not board.is_land(space):
            raise _refuse("R-MOVE-5", f"Land units cannot enter {_name(board, space)} "
                          "unless carried by a ship")
    plan = MovePlan(units=units, domain=Domain.LAND, path=path, cost=cost, nation=nation)
    if phase is Phase.NONCOMBAT_MOVE:
        for space in path[1:]:
            if not sp.is_friendly(board, state, space, nation) or \
                    sp.occupied(board, state, space, nation):
                raise _refuse("R-NONCOMBAT-3", f"In non-combat movement land units enter "
                              f"only friendly territories; {_name(board, space)} is not")
        return plan
    return _walk_land_combat(board, state, plan)


def _walk_land_combat(board: BoardMap, state: GameState, plan: MovePlan) -> MovePlan:
    units, path, nation = plan.units, plan.path, plan.nation
    captured: set[str] = set()
    entered_enemy = False
    for i, space in enumerate(path[1:], start=1):
        last = i == len(path) - 1
        enemy = sp.enemy_controlled(board, state, space, nation) and space not in captured
        if sp.occupied(board, state, space, nation):
            if any(u.type is UnitType.AA_GUN for u in units):
                raise _refuse("R-COMBATMOVE-7", "An AA gun never enters an enemy territory "
                              "as an attacker")
            if not last:
                raise _refuse("R-MOVE-7", f"{_name(board, space)} holds enemy units: land "
                              "units entering it stop there")
            plan.attack = True
            entered_enemy = True
        elif enemy:
            if any(u.type is UnitType.AA_GUN for u in units):
                raise _refuse("R-COMBATMOVE-7", "An AA gun never enters an enemy territory "
                              "as an attacker")
            if not last and any(u.type is not UnitType.ARMOR for u in units):
                raise _refuse("R-BLITZ-1", "Only armor may go on after capturing an empty "
                              "enemy territory (blitz)")
            if any(can_capture(u.type) for u in units):
                plan.captures.append(space)
                captured.add(space)
            entered_enemy = True
    if not entered_enemy:
        raise _refuse("R-COMBATMOVE-1", "A combat move must enter an enemy territory; move "
                      "between friendly territories in non-combat movement (OQ2-3)")
    return plan


# ---- sea ----

def ship_stopped(board: BoardMap, state: GameState, unit: Unit) -> bool:
    """A ship that entered an enemy-occupied zone this phase stays there (R-MOVE-7)."""
    return bool(unit.path) and unit.path[-1] == unit.space and unit.combat_moved and \
        sp.occupied(board, state, unit.space, unit.owner,
                    for_submarine=unit.type is UnitType.SUBMARINE)


def naval_bases_of(board: BoardMap, state: GameState, zone: str, nation: Nation) -> set[str]:
    """Friendly naval bases whose territory lies in or borders ``zone`` (OQ2-11)."""
    out = set()
    for space in board.neighbours[zone]:
        t = board.territory_by_id.get(space)
        if t is not None and t.naval_base and sp.is_friendly(board, state, space, nation):
            out.add(space)
    return out


def naval_base_bonus(board: BoardMap, state: GameState, unit: Unit, path: tuple[str, ...]
                     ) -> bool:
    """R-NAVALBASE-1: base to a different base, from the ship's starting place, phase 6."""
    if unit.moves_used:
        return False
    start = naval_bases_of(board, state, path[0], unit.owner)
    end = naval_bases_of(board, state, path[-1], unit.owner)
    return any(a != b for a in start for b in end)


def _check_sea(board: BoardMap, state: GameState, action: Move, units: list[Unit],
               phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
    cost = len(path) - 1
    for space in path[1:]:
        if not board.is_sea(space):
            raise _refuse("R-MOVE-5", f"Ships move only through sea zones; "
                          f"{_name(board, space)} is land")
    for unit in units:
        word = _unit_word(unit)
        if unit.unloaded_this_turn or state.transport_unloads.get(unit.id):
            raise _refuse("R-TRANS-5", f"The {word} unloaded this turn and may not move again")
        if unit.fought:
            raise _refuse("R-TRANS-12" if unit.type is UnitType.TRANSPORT else
                          "R-NONCOMBAT-2", f"The {word} fought this turn and may not move "
                          "again")
        if unit.id in state.frozen_carriers:
            raise _refuse("R-CARRIER-5", "A fighter landed on this carrier this turn: it may "
                          "not move again")
        if phase is Phase.NONCOMBAT_MOVE and unit.combat_moved:
            raise _refuse("R-NONCOMBAT-2", f"The {word} moved in combat movement: it cannot "
                          "move again this turn")
        if phase is Phase.COMBAT_MOVE and ship_stopped(board, state, unit):
            raise _refuse("R-MOVE-7", f"The {word} entered a zone holding enemy units and "
                          "stops there: that is its one battle this turn, R-COMBAT-3")
        limit = sp.left(unit)
        if phase is Phase.NONCOMBAT_MOVE and cost == 3 and \
                naval_base_bonus(board, state, unit, path):
            limit = 3
        if cost > limit:
            extra = "" if phase is Phase.COMBAT_MOVE else \
                " (3 only from one friendly naval base to another, R-NAVALBASE-1)"
            raise _refuse("R-MOVE-2", f"The {word} can move only {limit} space(s) now, "
                          f"this path is {cost}{extra}")
        sub = unit.type is UnitType.SUBMARINE
        for i, space in enumerate(path[1:], start=1):
            busy = sp.occupied(board, state, space, nation, for_submarine=sub)
            if phase is Phase.NONCOMBAT_MOVE and busy:
                rule = "R-CAP-5" if _cap_only(state, space, nation) else "R-NONCOMBAT-6"
                raise _refuse(rule, f"In non-combat movement ships may not enter "
                              f"{_name(board, space)}: it holds enemy units")
            if busy and i < len(path) - 1:
                rule = "R-CAP-3" if _cap_only(state, space, nation) else "R-MOVE-7"
                raise _refuse(rule, f"{_name(board, space)} holds enemy units: ships entering "
                              "it stop there")
    plan = MovePlan(units=units, domain=Domain.SEA, path=path, cost=cost, nation=nation)
    if phase is Phase.COMBAT_MOVE:
        last = path[-1]
        plan.attack = any(sp.occupied(board, state, last, nation,
                                      for_submarine=u.type is UnitType.SUBMARINE)
                          for u in units)
        warships = [u for u in units if is_warship(u.type)]
        if warships:
            for space in path[1:]:
                if space not in plan.convoy_captures and \
                        sp.enemy_convoy_zone(board, state, space, nation) and \
                        not sp.enemy_units(state, space, nation):
                    plan.convoy_captures.append(space)
    return plan


def _cap_only(state: GameState, space: str, nation: Nation) -> bool:
    enemies = sp.enemy_units(state, space, nation)
    return bool(enemies) and all(u.cap for u in enemies)


# ---- air ----

def _check_air(board: BoardMap, state: GameState, action: Move, units: list[Unit],
               phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
    cost = sp.air_path_cost(board, state, path, nation)
    for unit in units:
        word = _unit_word(unit)
        if unit.cap:
            raise _refuse("R-CAP-2", "A patrolling fighter stays in its zone until it lands "
                          "in phase 2")
        if unit.cargo_locked:
            raise _refuse("R-CARRIER-2", "This fighter stayed aboard when its carrier moved: "
                          "it is cargo for the rest of the turn")
        if phase is Phase.COMBAT_MOVE and unit.combat_moved:
            raise _refuse("R-COMBATMOVE-3", f"The {word} has already made its combat move: a "
                          "unit takes part in at most one battle per turn, R-COMBAT-3")
        if cost > sp.left(unit):
            raise _refuse("R-MOVE-2", f"The {word} can fly only {sp.left(unit)} space(s) "
                          f"now, this path costs {cost}")
    dest = path[-1]
    if dest == path[0]:
        # A round trip changes nothing but the allowance; staying is not moving.
        raise _refuse("R-MOVE-3", "This flight ends where it began: to stay, do not move")
    plan = MovePlan(units=units, domain=Domain.AIR, path=path, cost=cost, nation=nation)
    if phase is Phase.NONCOMBAT_MOVE:
        return _check_air_noncombat(board, state, action, plan)
    if action.carrier is not None:
        raise _refuse("R-AIR-3", "In combat movement a carrier landing is declared with "
                      "`landing` (its planned zone), not `carrier`")
    raid = action.raid
    if raid:
        _check_raid(board, state, units, dest, nation)
    assault = next((a for a in state.amphibious_assaults if a.target == dest), None)
    if not raid and not sp.occupied(board, state, dest, nation) and assault is None:
        raise _refuse("R-COMBATMOVE-1", f"No battle will be fought in {_name(board, dest)}: "
                      "aircraft fly to a battle, a bombing raid or an amphibious assault in "
                      "combat movement")
    if assault is not None and not raid:
        plan.assault_target = dest
    plan.attack = True
    seen: set[str] = set()
    for space in path[1:-1]:
        if space in seen or not sp.aa_territory(board, state, space, nation):
            continue
        seen.add(space)
        targets = [u.id for u in units if space not in u.path]  # OQ2-4: once per territory
        if targets:
            plan.aa_fire.append((space, targets))
    plan.landing = check_air_landing(board, state, units, dest, cost, action.landing)
    return plan


def _check_raid(board: BoardMap, state: GameState, units: list[Unit], dest: str,
                nation: Nation) -> None:
    if not board.is_land(dest) or not sp.enemy_controlled(board, state, dest, nation) or \
            not sp.has_industrial_complex(board, state, dest):
        raise _refuse("R-SBR-1", f"A strategic bombing raid targets an enemy territory with "
                      f"an industrial complex; {_name(board, dest)} is not one")
    if nation is Nation.JAPAN and state.territory_owner.get(dest) is Nation.CHINA:
        # China has no IPCs to lose; a Japanese-held Szechwan is another matter (OQ3-20).
        raise _refuse("R-SBR-6", f"Japan cannot raid {_name(board, dest)}: China holds it and "
                      "has no IPCs to lose, as OQ3-20 decides")
    if any(u.type not in (UnitType.BOMBER, UnitType.FIGHTER) for u in units):
        raise _refuse("R-SBR-1", "Only bombers raid, escorted by fighters")
    has_bomber = any(u.type is UnitType.BOMBER for u in units) or any(
        r.target == dest and r.bombers for r in state.raids)
    if not has_bomber:
        raise _refuse("R-SBR-2", "Fighters only escort a raid: send a bomber to raid "
                      f"{_name(board, dest)} first")


def _check_air_noncombat(board: BoardMap, state: GameState, action: Move, plan: MovePlan
                         ) -> MovePlan:
    dest = plan.path[-1]
    if action.raid or action.landing is not None:
        raise _refuse("R-NONCOMBAT-5", "Raids and landing declarations belong to combat "
                      "movement; in non-combat movement aircraft simply land")
    if board.is_land(dest):
        if dest in state.captured_this_turn and any(
                u.fought and dest in u.path for u in plan.units):
            raise _refuse("R-COMBAT-10", f"These aircraft fought for {_name(board, dest)}, "
                          "captured this turn: attacking aircraft never land where they "
                          "fought")
        for unit in plan.units:
            if not sp.can_land_now(board, state, unit, dest):
                raise _refuse("R-NONCOMBAT-5", f"Aircraft land only in a friendly territory "
                              f"not captured this turn; {_name(board, dest)} is not one")
        if action.carrier is not None:
            raise _refuse("R-MOVE-6", "Carriers are at sea: the path must end in their zone")
        return plan
    if any(u.type is not UnitType.FIGHTER for u in plan.units):
        raise _refuse("R-AIR-7", "Bombers cannot land on a carrier or at sea")
    carriers = sp.friendly_carriers(state, dest, plan.nation)
    if action.carrier is not None:
        carriers = [c for c in carriers if c.id == action.carrier]
        if not carriers:
            raise _refuse("R-MOVE-6", f"There is no friendly carrier {action.carrier} in "
                          f"{_name(board, dest)}")
    if not carriers:
        raise _refuse("R-MOVE-6", f"Aircraft must land at the end of non-combat movement; "
                      f"there is no friendly carrier in {_name(board, dest)} to land on")
    room = sum(sp.carrier_room(state, c) for c in carriers)
    if room < len(plan.units):
        raise _refuse("R-CARRIER-1", f"Aircraft must land at the end of non-combat movement; "
                      f"{_name(board, dest)} has room on carriers for {room} fighter(s), not "
                      f"{len(plan.units)}")
    plan.carrier = action.carrier
    return plan
