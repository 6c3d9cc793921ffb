"""Validating a `Move`: every step, its cost and what it leads to, before anything changes.

`check_move` never touches the state. It returns a `MovePlan` (what the move will capture,
where AA guns fire, whether it ends in a battle) or raises `IllegalMove` naming the rule. The
move handler carries the plan out; the reachability search calls it to keep its answers exact.

A move may break several rules at once; the refusal names the one that truly forbids it, the
one no other route or group could get round (issue 12). So the checks run from the most
general to the most particular:

1. the phase (R-MOVE-1) and the group: real units of the power playing, standing where the
   path starts, of one kind, and real spaces (R-TURN-1, R-MOVE-3, R-MOVE-5);
2. whether each unit may move at all now: a factory, cargo, a unit that already moved,
   fought, boarded, patrols, or has no move left (R-UNIT-5, R-TRANS-3/5/8/12, R-NONCOMBAT-2,
   R-COMBATMOVE-3/7, R-CAP-2, R-CARRIER-2/5, R-MOVE-7, R-MOVE-2);
3. the destination, whatever the route: the unit's element, never the Soviet Union or the
   Himalaya, and what the phase allows there (R-MOVE-5, R-MOVE-10, R-NONCOMBAT-3/5/6,
   R-CAP-5, R-MOVE-6, R-AIR-7, R-CARRIER-1, R-COMBAT-10, R-COMBATMOVE-1, R-SBR-*);
4. the route: adjacent steps (R-MOVE-3; a destination out of reach by any route is refused
   for the distance, R-MOVE-2, or for the sea in between, R-MOVE-5), passable spaces of the
   unit's element (R-MOVE-10, R-MOVE-5);
5. the cost of that route (R-MOVE-2, R-NAVALBASE-1);
6. what the route crosses: stops, blitzes, patrols, landings after a risky flight (R-MOVE-7,
   R-BLITZ-1, R-CAP-3, R-NONCOMBAT-3/6, R-COMBATMOVE-1, R-AIR-2/3/5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from pacific.rules.actions.movement import Move
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalMove
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.landing import check_air_landing
from pacific.rules.movement.tables import tables
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
    domain = UNIT_SPECS[units[0].type].domain
    if domain is not Domain.AIR:
        # These fields speak of aircraft only; on another move they would be silently lost.
        if action.raid:
            raise _refuse("R-SBR-1", "Only bombers, escorted by fighters, make a strategic "
                          "bombing raid")
        if action.landing is not None:
            raise _refuse("R-AIR-3", "Only aircraft declare where they will land")
        if action.carrier is not None:
            raise _refuse("R-MOVE-6", "Only fighters land on a carrier")
    nation = units[0].owner
    if domain is Domain.LAND:
        return _check_land(board, state, action, units, phase, nation)
    if domain is Domain.SEA:
        return _check_sea(board, state, action, units, phase, nation)
    return _check_air(board, state, action, units, phase, nation)


def _group(board: BoardMap, state: GameState, action: Move) -> list[Unit]:
    unknown = next((s for s in action.path if s not in board.neighbours), None)
    if unknown is not None:
        raise _refuse("R-MOVE-3", f"There is no space {unknown!r} on this board")
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


# ---- the route (step 4) ----

def _check_route(board: BoardMap, state: GameState, units: list[Unit], path: tuple[str, ...],
                 domain: Domain, limit: int) -> None:
    """Adjacent, passable steps through the unit's element. A step that is not adjacent is
    refused for what truly stops the units: a destination beyond ``limit`` by any route
    (R-MOVE-2), land units facing the sea (R-MOVE-5), else the path itself (R-MOVE-3)."""
    for a, b in pairwise(path):
        if not board.adjacent(a, b):
            raise _beyond(board, state, units, path, domain, limit) or _refuse(
                "R-MOVE-3", f"{_name(board, a)} and {_name(board, b)} are not adjacent: a "
                "move goes one adjacent space at a time")
        if not sp.passable(board, b):
            raise _refuse("R-MOVE-10", f"{_name(board, b)} can never be entered or overflown")
        if domain is Domain.LAND and not board.is_land(b):
            raise _refuse("R-MOVE-5", f"Land units cannot enter {_name(board, b)} unless "
                          "carried by a ship")
        if domain is Domain.SEA and not board.is_sea(b):
            raise _refuse("R-MOVE-5", f"Ships move only through sea zones; {_name(board, b)} "
                          "is land")


def _beyond(board: BoardMap, state: GameState, units: list[Unit], path: tuple[str, ...],
            domain: Domain, limit: int) -> IllegalMove | None:
    """The refusal for a destination no route of at most ``limit`` spaces reaches, or None."""
    start, dest = path[0], path[-1]
    word = _unit_word(units[0])
    if domain is Domain.AIR:
        reach = sp.air_distances(board, state, start, units[0].owner, limit)
        if dest in reach:
            return None
        return _refuse("R-MOVE-2", f"{_name(board, dest)} is out of reach: the {word} can "
                       f"fly only {limit} space(s) now")
    steps = _steps(board, start, dest, board.is_land if domain is Domain.LAND else
                   board.is_sea)
    if steps is None and domain is Domain.LAND:
        return _refuse("R-MOVE-5", f"No land route leads to {_name(board, dest)}: land units "
                       "cross the sea only aboard a ship")
    if steps is None or steps > limit:
        return _refuse("R-MOVE-2", f"{_name(board, dest)} is out of reach: the {word} can "
                       f"move only {limit} space(s) now")
    return None


def _steps(board: BoardMap, start: str, dest: str, inside: Callable[[str], bool]
           ) -> int | None:
    """The fewest steps from ``start`` to ``dest`` through passable spaces ``inside`` one
    element (R-MOVE-3, R-MOVE-5, R-MOVE-10), or None when no such route exists."""
    seen = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for nxt in tables(board).passable_neighbours[here]:
                if nxt not in seen and inside(nxt):
                    seen[nxt] = seen[here] + 1
                    following.append(nxt)
        if dest in seen:
            return seen[dest]
        frontier = following
    return None


# ---- land ----

def _check_land(board: BoardMap, state: GameState, action: Move, units: list[Unit],
                phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
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
        if unit.type is UnitType.AA_GUN and phase is Phase.COMBAT_MOVE:
            # A combat move must enter an enemy territory (R-COMBATMOVE-1), which an AA gun
            # never does: it moves in non-combat movement only.
            raise _refuse("R-COMBATMOVE-7", "An AA gun never enters an enemy territory as an "
                          "attacker: it moves in non-combat movement")
        if sp.left(unit) == 0:
            raise _refuse("R-MOVE-2", f"The {word} has no move left this turn")
    dest = path[-1]
    if not board.is_land(dest):
        raise _refuse("R-MOVE-5", f"Land units cannot enter {_name(board, dest)} unless "
                      "carried by a ship")
    if not sp.passable(board, dest):
        raise _refuse("R-MOVE-10", f"{_name(board, dest)} can never be entered or overflown")
    if phase is Phase.NONCOMBAT_MOVE:
        _check_friendly_ground(board, state, dest, nation)
    limit = min(sp.left(u) for u in units)
    _check_route(board, state, units, path, Domain.LAND, limit)
    cost = len(path) - 1
    for unit in units:
        if cost > sp.left(unit):
            raise _refuse("R-MOVE-2", f"The {_unit_word(unit)} can move only "
                          f"{sp.left(unit)} space(s) now, this path is {cost}")
    plan = MovePlan(units=units, domain=Domain.LAND, path=path, cost=cost, nation=nation)
    if phase is Phase.NONCOMBAT_MOVE:
        for space in path[1:-1]:
            _check_friendly_ground(board, state, space, nation)
        return plan
    return _walk_land_combat(board, state, plan)


def _check_friendly_ground(board: BoardMap, state: GameState, space: str, nation: Nation
                           ) -> None:
    if not sp.is_friendly(board, state, space, nation) or \
            sp.occupied(board, state, space, nation):
        raise _refuse("R-NONCOMBAT-3", f"In non-combat movement land units enter only "
                      f"friendly territories; {_name(board, space)} is not")


def _walk_land_combat(board: BoardMap, state: GameState, plan: MovePlan) -> MovePlan:
    units, path, nation = plan.units, plan.path, plan.nation
    captured: set[str] = set()
    entered_enemy = False
    for i, space in enumerate(path[1:], start=1):
        last = i == len(path) - 1
        enemy = sp.enemy_controlled(board, state, space, nation) and space not in captured
        if sp.occupied(board, state, space, nation):
            enemies = sp.enemy_units(state, space, nation)
            if not last and not any(
                    u.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)
                    for u in enemies):
                # R-MOVE-9: AA guns alone (R-BLITZ-4) or with a factory (R-CAPTURE-2) occupy
                # it; the units stop there and take it in combat (R-COMBAT-11).
                factory = sp.has_industrial_complex(board, state, space)
                raise _refuse("R-CAPTURE-2" if factory else "R-BLITZ-4",
                              f"{_name(board, space)} holds only enemy "
                              f"{'AA guns or a factory' if factory else 'AA guns'}: it counts "
                              "as occupied, so land units entering it stop there and take it "
                              "in combat")
            if not last:
                raise _refuse("R-MOVE-7", f"{_name(board, space)} holds enemy units: land "
                              "units entering it stop there")
            plan.attack = True
            entered_enemy = True
        elif enemy:
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


NAVAL_BASE_MOVE = 3   # R-NAVALBASE-1: 3 instead of 2


def trip_origin(unit: Unit) -> str:
    """Where a ship's phase-6 trip began. The trip may be given as several moves, a
    transport stopping on the way to load (R-TRANS-3; p. 38: units board before, during or
    after the move), so the naval base bonus is judged from there (R-NAVALBASE-1, OQ2-11): it is
    where the ship began the turn, since a ship that moved in phase 3 stays put in phase 6
    (R-NONCOMBAT-2)."""
    return unit.start_space if unit.moves_used and unit.start_space else unit.space


def naval_base_bonus(board: BoardMap, state: GameState, unit: Unit, end: str) -> bool:
    """R-NAVALBASE-1 / OQ2-11: in phase 6 a ship whose trip began in a zone bordering one
    friendly naval base and ends in a zone bordering a different one may move 3."""
    start = naval_bases_of(board, state, trip_origin(unit), unit.owner)
    finish = naval_bases_of(board, state, end, unit.owner)
    return any(a != b for a in start for b in finish)


def _check_sea(board: BoardMap, state: GameState, action: Move, units: list[Unit],
               phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
    dest = path[-1]
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
    if not board.is_sea(dest):
        raise _refuse("R-MOVE-5", f"Ships move only through sea zones; {_name(board, dest)} "
                      "is land")
    if phase is Phase.NONCOMBAT_MOVE:
        for unit in units:
            _check_open_sea(state, board, dest, unit, last=True)
    limits = {u.id: _sea_limit(board, state, u, dest, phase) for u in units}
    _check_route(board, state, units, path, Domain.SEA, min(limits.values()))
    cost = len(path) - 1
    for unit in units:
        if cost > limits[unit.id]:
            extra = "" if phase is Phase.COMBAT_MOVE else \
                " (3 only from one friendly naval base to another, R-NAVALBASE-1)"
            raise _refuse("R-MOVE-2", f"The {_unit_word(unit)} can move only "
                          f"{limits[unit.id]} space(s) now, this path is {cost}{extra}")
    for unit in units:
        for space in path[1:-1]:
            _check_open_sea(state, board, space, unit, last=False, phase=phase)
    plan = MovePlan(units=units, domain=Domain.SEA, path=path, cost=cost, nation=nation)
    if phase is Phase.COMBAT_MOVE:
        plan.attack = any(sp.occupied(board, state, dest, nation,
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


def _sea_limit(board: BoardMap, state: GameState, unit: Unit, dest: str, phase: Phase) -> int:
    """Spaces the ship may still go to reach ``dest``: 3 in all from one friendly naval base
    to another in phase 6 (R-NAVALBASE-1), else what is left of 2 (R-MOVE-2)."""
    if phase is Phase.NONCOMBAT_MOVE and naval_base_bonus(board, state, unit, dest):
        return max(0, NAVAL_BASE_MOVE - unit.moves_used)
    return sp.left(unit)


def _check_open_sea(state: GameState, board: BoardMap, space: str, unit: Unit, *, last: bool,
                    phase: Phase = Phase.NONCOMBAT_MOVE) -> None:
    """Ships may not enter an occupied zone in non-combat movement (R-NONCOMBAT-6, R-CAP-5)
    nor go on from one they entered (R-MOVE-7, R-CAP-3); submarines ignore patrols
    (R-UNIT-9, OQ2-14)."""
    nation = unit.owner
    if not sp.occupied(board, state, space, nation,
                       for_submarine=unit.type is UnitType.SUBMARINE):
        return
    patrol = _cap_only(state, space, nation)
    if phase is Phase.NONCOMBAT_MOVE:
        raise _refuse("R-CAP-5" if patrol else "R-NONCOMBAT-6", f"In non-combat movement "
                      f"ships may not enter {_name(board, space)}: it holds enemy units")
    if not last:
        raise _refuse("R-CAP-3" if patrol else "R-MOVE-7", f"{_name(board, space)} holds "
                      "enemy units: ships entering it stop there")


def _cap_only(state: GameState, space: str, nation: Nation) -> bool:
    enemies = sp.enemy_units(state, space, nation)
    return bool(enemies) and all(u.cap for u in enemies)


# ---- air ----

def _check_air(board: BoardMap, state: GameState, action: Move, units: list[Unit],
               phase: Phase, nation: Nation) -> MovePlan:
    path = action.path
    dest = path[-1]
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
        if sp.left(unit) == 0:
            raise _refuse("R-MOVE-2", f"The {word} has no move left this turn")
    if dest == path[0]:
        # A round trip changes nothing but the allowance; staying is not moving.
        raise _refuse("R-MOVE-3", "This flight ends where it began: to stay, do not move")
    if not sp.passable(board, dest):
        raise _refuse("R-MOVE-10", f"{_name(board, dest)} can never be entered or overflown")
    assault = next((a for a in state.amphibious_assaults if a.target == dest), None)
    if phase is Phase.NONCOMBAT_MOVE:
        _check_air_landing_place(board, state, action, units, dest)
    else:
        if action.carrier is not None:
            raise _refuse("R-AIR-3", "In combat movement a carrier landing is declared with "
                          "`landing` (its planned zone), not `carrier`")
        if action.raid:
            _check_raid(board, state, units, dest, nation)
        elif not sp.occupied(board, state, dest, nation) and assault is None:
            raise _refuse("R-COMBATMOVE-1", f"No battle will be fought in "
                          f"{_name(board, dest)}: aircraft fly to a battle, a bombing raid or "
                          "an amphibious assault in combat movement")
    _check_route(board, state, units, path, Domain.AIR, min(sp.left(u) for u in units))
    cost = sp.air_path_cost(board, state, path, nation)
    for unit in units:
        if cost > sp.left(unit):
            raise _refuse("R-MOVE-2", f"The {_unit_word(unit)} can fly only {sp.left(unit)} "
                          f"space(s) now, this path costs {cost}")
    plan = MovePlan(units=units, domain=Domain.AIR, path=path, cost=cost, nation=nation)
    if phase is Phase.NONCOMBAT_MOVE:
        plan.carrier = action.carrier
        return plan
    if assault is not None and not action.raid:
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


def _check_air_landing_place(board: BoardMap, state: GameState, action: Move,
                             units: list[Unit], dest: str) -> None:
    """Non-combat movement: the flight ends where every aircraft may land (R-NONCOMBAT-5,
    R-COMBAT-10, R-MOVE-6, R-AIR-7, R-CARRIER-1)."""
    if action.raid or action.landing is not None:
        raise _refuse("R-NONCOMBAT-5", "Raids and landing declarations belong to combat "
                      "movement; in non-combat movement aircraft simply land")
    if board.is_land(dest):
        if dest in state.captured_this_turn and any(
                u.fought and dest in u.path for u in units):
            raise _refuse("R-COMBAT-10", f"These aircraft fought for {_name(board, dest)}, "
                          "captured this turn: attacking aircraft never land where they "
                          "fought")
        for unit in units:
            if not sp.can_land_now(board, state, unit, dest):
                raise _refuse("R-NONCOMBAT-5", f"Aircraft land only in a friendly territory "
                              f"not captured this turn; {_name(board, dest)} is not one")
        if action.carrier is not None:
            raise _refuse("R-MOVE-6", "Carriers are at sea: the path must end in their zone")
        return
    if any(u.type is not UnitType.FIGHTER for u in units):
        raise _refuse("R-AIR-7", "Bombers cannot land on a carrier or at sea")
    carriers = sp.friendly_carriers(state, dest, units[0].owner)
    if action.carrier is not None:
        carriers = [c for c in carriers if c.id == action.carrier]
        if not carriers:
            raise _refuse("R-MOVE-6", f"There is no friendly carrier {action.carrier} in "
                          f"{_name(board, dest)}")
    if not carriers:
        raise _refuse("R-MOVE-6", f"Aircraft must land at the end of non-combat movement; "
                      f"there is no friendly carrier in {_name(board, dest)} to land on")
    room = sum(sp.carrier_room(state, c) for c in carriers)
    if room < len(units):
        raise _refuse("R-CARRIER-1", f"Aircraft must land at the end of non-combat movement; "
                      f"{_name(board, dest)} has room on carriers for {room} fighter(s), not "
                      f"{len(units)}")
