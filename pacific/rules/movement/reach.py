"""`reachable`: every place a chosen group can legally go now, with the path, the cost and the
action that takes it there. The GUI highlights these places while a stack is dragged; the
listers and a computer player search with it.

Exactness: candidate paths come from a search that follows the movement rules (land and sea
paths are few and all are tried; aircraft take the cheapest path, then the one crossing the
fewest AA guns), and each candidate is confirmed by the same checks the handlers run. So
every destination returned is accepted by `Game.apply`, and a space is omitted only when no
path the search considers is legal.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from pacific.rules.actions.movement import Load, Move, MovementAction, Unload
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.check import (
    NAVAL_BASE_MOVE,
    check_move,
    naval_bases_of,
    trip_origin,
)
from pacific.rules.movement.landing import carrier_landing_zones, planned_carrier_rooms
from pacific.rules.movement.tables import tables
from pacific.rules.movement.transport import check_load, check_unload, is_carrier_ship
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, Domain, UnitType


@dataclass(frozen=True)
class Destination:
    """One legal destination of a group.

    ``attack``: a battle will be fought there. ``capture``: the move captures a territory or
    convoy zone on the way or on arrival. ``assault``: cargo lands in an amphibious assault.
    ``landing``: aircraft land there, or cargo lands there. ``declared_landing``: the landing
    place a risky air mission declares (R-AIR-3). ``action`` takes the group there;
    ``raid_action``, when set, flies there as a strategic bombing raid instead.
    """

    space: str
    path: tuple[str, ...]
    cost: int
    action: MovementAction
    attack: bool = False
    capture: bool = False
    assault: bool = False
    landing: bool = False
    declared_landing: str | None = None
    raid_action: MovementAction | None = None


def reachable(board: BoardMap, state: GameState, unit_ids: Iterable[int],
              phase: Phase | None = None) -> dict[str, Destination]:
    """Every space the group ``unit_ids`` can legally reach now, in ``phase`` (default: the
    state's phase). Units aboard a ship answer with the territories they can unload into;
    land units also list the zones of ships they can board. Never raises: an unknown or
    scattered group has no destinations."""
    with sp.read_only(state):
        return _reachable(board, state, tuple(unit_ids), phase or state.phase)


def _reachable(board: BoardMap, state: GameState, ids: tuple[int, ...], phase: Phase
               ) -> dict[str, Destination]:
    units = [state.units[i] for i in ids if i in state.units]
    if not units or len(units) != len(ids) or len({u.space for u in units}) != 1:
        return {}
    domains = {UNIT_SPECS[u.type].domain for u in units}
    if len(domains) != 1 or phase not in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        return {}
    domain = domains.pop()
    carriers = {u.carried_by for u in units}
    if domain is Domain.LAND:
        if carriers != {None}:
            return _unloads(board, state, units, phase) if len(carriers) == 1 else {}
        out = _land(board, state, units, phase)
        out.update(_loads(board, state, units, phase))
        return out
    if domain is Domain.SEA:
        return _sea(board, state, units, phase)
    return _air(board, state, units, phase)


def _accept(board: BoardMap, state: GameState, move: Move, phase: Phase) -> Destination | None:
    try:
        plan = check_move(board, state, move, phase)
    except IllegalAction:
        return None
    return Destination(
        space=move.path[-1], path=move.path, cost=plan.cost, action=move, attack=plan.attack,
        capture=bool(plan.captures or plan.convoy_captures),
        landing=plan.domain is Domain.AIR and phase is Phase.NONCOMBAT_MOVE,
        declared_landing=plan.landing)


def _paths(board: BoardMap, start: str, limit: int, step_ok: object,
           go_on: object) -> list[tuple[str, ...]]:
    """Every path of 1..limit steps from ``start``; ``go_on(space)`` says whether a path may
    continue out of a space it entered."""
    out: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [(start,)]
    while stack:
        path = stack.pop()
        for nxt in sorted(board.neighbours[path[-1]]):
            if not step_ok(nxt):  # type: ignore[operator]
                continue
            longer = (*path, nxt)
            out.append(longer)
            if len(longer) - 1 < limit and go_on(nxt):  # type: ignore[operator]
                stack.append(longer)
    out.sort(key=len)
    return out


def _first_legal(board: BoardMap, state: GameState, units: list[Unit], phase: Phase,
                 paths: list[tuple[str, ...]]) -> dict[str, Destination]:
    ids = tuple(u.id for u in units)
    out: dict[str, Destination] = {}
    for path in paths:
        dest = path[-1]
        if dest in out:
            continue
        found = _accept(board, state, Move(units=ids, path=path), phase)
        if found is not None:
            out[dest] = found
    return out


# ---- land ----

def _land(board: BoardMap, state: GameState, units: list[Unit], phase: Phase
          ) -> dict[str, Destination]:
    nation = units[0].owner
    limit = min(sp.left(u) for u in units)
    if limit <= 0:
        return {}

    def go_on(space: str) -> bool:
        return not sp.occupied(board, state, space, nation)

    def step_ok(space: str) -> bool:
        if not board.is_land(space) or not sp.passable(board, space):
            return False
        # R-NONCOMBAT-3: check_move refuses any other step in non-combat movement.
        return phase is Phase.COMBAT_MOVE or (
            sp.is_friendly(board, state, space, nation) and
            not sp.occupied(board, state, space, nation))

    paths = _paths(board, units[0].space, limit, step_ok, go_on)
    return _first_legal(board, state, units, phase, paths)


def _loads(board: BoardMap, state: GameState, units: list[Unit], phase: Phase
           ) -> dict[str, Destination]:
    out: dict[str, Destination] = {}
    ids = tuple(u.id for u in units)
    for zone in sorted(board.neighbours[units[0].space]):
        if not board.is_sea(zone):
            continue
        for ship in sorted(sp.units_in(state, zone), key=lambda x: x.id):
            if not is_carrier_ship(ship):
                continue
            action = Load(transport=ship.id, units=ids)
            try:
                check_load(board, state, action, phase)
            except IllegalAction:
                continue
            out[zone] = Destination(space=zone, path=(units[0].space, zone), cost=1,
                                    action=action)
            break
    return out


def _unloads(board: BoardMap, state: GameState, units: list[Unit], phase: Phase
             ) -> dict[str, Destination]:
    out: dict[str, Destination] = {}
    ship_id = units[0].carried_by
    assert ship_id is not None
    zone = units[0].space
    nation = units[0].owner
    for territory in sorted(board.neighbours[zone]):
        if not board.is_land(territory):
            continue
        action = Unload(transport=ship_id, units=tuple(u.id for u in units),
                        territory=territory)
        try:
            check_unload(board, state, action, phase)
        except IllegalAction:
            continue
        combat = phase is Phase.COMBAT_MOVE
        battle = combat and (bool(sp.enemy_units(state, zone, nation)) or
                             sp.occupied(board, state, territory, nation))
        out[territory] = Destination(space=territory, path=(zone, territory), cost=0,
                                     action=action, attack=battle, assault=battle,
                                     capture=combat and not battle and
                                     sp.enemy_controlled(board, state, territory, nation),
                                     landing=True)
    return out


# ---- sea ----

def _sea(board: BoardMap, state: GameState, units: list[Unit], phase: Phase
         ) -> dict[str, Destination]:
    nation = units[0].owner
    limit = min(sp.left(u) for u in units)
    if phase is Phase.NONCOMBAT_MOVE and all(
            naval_bases_of(board, state, trip_origin(u), nation) for u in units):
        # R-NAVALBASE-1: confirmed per destination by check_move
        limit = min(NAVAL_BASE_MOVE - u.moves_used for u in units)
    if limit <= 0:
        return {}
    subs = all(u.type is UnitType.SUBMARINE for u in units)

    def go_on(space: str) -> bool:
        return not sp.occupied(board, state, space, nation, for_submarine=subs)

    def step_ok(space: str) -> bool:
        # R-NONCOMBAT-6: check_move refuses an occupied zone in non-combat movement.
        return board.is_sea(space) and (phase is Phase.COMBAT_MOVE or go_on(space))

    paths = _paths(board, units[0].space, limit, step_ok, go_on)
    return _first_legal(board, state, units, phase, paths)


# ---- air ----

def air_paths(board: BoardMap, state: GameState, start: str, nation: Nation, limit: int,
              avoid_aa: bool) -> dict[str, tuple[str, ...]]:
    """The best path to every space within ``limit``: cheapest, then (in combat movement)
    crossing the fewest enemy AA territories, then fewest steps. Shared while the state is
    inside `spaces.read_only` (a stack and its single unit ask the same): do not change it."""
    return sp.remembered(state, ("air_paths", id(board), start, nation, limit, avoid_aa),
                         lambda: _air_paths(board, state, start, nation, limit, avoid_aa))


def _air_paths(board: BoardMap, state: GameState, start: str, nation: Nation, limit: int,
               avoid_aa: bool) -> dict[str, tuple[str, ...]]:
    t = tables(board)
    # Step costs as in sp.air_step_cost (R-MOVE-3, R-AIRBASE-1).
    free = sp.free_air_bases(board, state, nation)
    best: dict[str, tuple[int, int, int]] = {start: (0, 0, 0)}
    prev: dict[str, str] = {}
    heap: list[tuple[int, int, int, str]] = [(0, 0, 0, start)]
    done: set[str] = set()
    while heap:
        cost, aa, hops, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        crossing = aa + (1 if avoid_aa and here != start and
                         sp.aa_territory(board, state, here, nation) else 0)
        here_free = here in free
        here_sea = here in t.sea
        for nxt in t.passable_neighbours[here]:
            if nxt in done:
                continue
            c = cost + (0 if (here_free and nxt in t.sea) or (here_sea and nxt in free)
                        else 1)
            if c > limit:
                continue
            key = (c, crossing, hops + 1)
            if key < best.get(nxt, (limit + 1, 0, 0)):
                best[nxt] = key
                prev[nxt] = here
                heapq.heappush(heap, (*key, nxt))
    out: dict[str, tuple[str, ...]] = {}
    for space in best:
        if space == start:
            continue
        path = [space]
        while path[-1] != start:
            path.append(prev[path[-1]])
        out[space] = tuple(reversed(path))
    return out


def _air(board: BoardMap, state: GameState, units: list[Unit], phase: Phase
         ) -> dict[str, Destination]:
    nation = units[0].owner
    limit = min(sp.left(u) for u in units)
    if limit <= 0:
        return {}
    ids = tuple(u.id for u in units)
    combat = phase is Phase.COMBAT_MOVE
    out: dict[str, Destination] = {}
    paths = air_paths(board, state, units[0].space, nation, limit, avoid_aa=combat)
    bombers = all(u.type in (UnitType.BOMBER, UnitType.FIGHTER) for u in units)
    rooms = planned_carrier_rooms(board, state, nation, set(ids))
    targets = {a.target for a in state.amphibious_assaults}
    for dest, path in sorted(paths.items()):
        if combat and dest not in targets and not sp.occupied(board, state, dest, nation) and \
                not sp.has_industrial_complex(board, state, dest):
            continue   # no battle there: check_move refuses it (R-COMBATMOVE-1)
        if not combat and not _may_land(board, state, units, dest):
            continue   # check_move refuses it (R-NONCOMBAT-5, R-AIR-7, R-MOVE-6, R-CARRIER-1)
        found = _accept(board, state, Move(units=ids, path=path), phase)
        if found is None and combat:
            cost = sp.air_path_cost(board, state, path, nation)
            for zone in carrier_landing_zones(board, state, units, dest, cost, rooms):
                found = _accept(board, state, Move(units=ids, path=path, landing=zone), phase)
                if found is not None:
                    break
        raid = None
        if combat and bombers and sp.has_industrial_complex(board, state, dest):
            raid = _accept(board, state, Move(units=ids, path=path, raid=True), phase)
        if found is None and raid is not None:
            found, raid = raid, None
        if found is not None:
            out[dest] = found if raid is None else Destination(
                **{**found.__dict__, "raid_action": raid.action})
    return out


def _may_land(board: BoardMap, state: GameState, units: list[Unit], dest: str) -> bool:
    """Whether every aircraft of the group may land in ``dest`` at the end of non-combat
    movement: a friendly territory not captured this turn (R-NONCOMBAT-5), or for fighters
    only a zone whose friendly carriers have room for them all (R-AIR-7, R-CARRIER-1). A
    cheap test before the full check_move, which refuses every destination failing it."""
    if board.is_land(dest):
        return all(sp.can_land_now(board, state, u, dest) for u in units)
    if any(u.type is not UnitType.FIGHTER for u in units):
        return False
    room = sum(sp.carrier_room(state, c) for c in sp.friendly_carriers(state, dest,
                                                                       units[0].owner))
    return room >= len(units)
