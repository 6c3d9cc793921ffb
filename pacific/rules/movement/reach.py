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
from dataclasses import dataclass, replace

from pacific.rules.actions.movement import Load, Move, MovementAction, Unload
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.check import (
    NAVAL_BASE_MOVE,
    Group,
    check_group,
    check_path,
    check_units,
    naval_bases_of,
    trip_origin,
)
from pacific.rules.movement.landing import carrier_landing_zones, home_in_reach
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
    ``raid_action``, when set, flies there as a strategic bombing raid instead; ``more`` are
    the other legal ways of flying there: the other landing places a risky mission may
    declare (R-AIR-3), a raid declaring them, or another carrier to land on (R-MOVE-6).
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
    more: tuple[MovementAction, ...] = ()


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
    if domain is Domain.LAND and carriers != {None}:
        return _unloads(board, state, units, phase) if len(carriers) == 1 else {}
    group = movable(board, state, ids, units[0].space, phase)
    if domain is Domain.LAND:
        out = _land(board, state, group) if group is not None else {}
        out.update(_loads(board, state, units, phase))
        return out
    if group is None:
        return {}
    if domain is Domain.SEA:
        return _sea(board, state, group)
    return _air(board, state, group)


def movable(board: BoardMap, state: GameState, ids: tuple[int, ...], start: str, phase: Phase
            ) -> Group | None:
    """The group ``ids``, if it may move at all now (the checks of `check_move` that do not
    depend on the path: stages 1 and 2), else None."""
    try:
        group = check_group(board, state, ids, start, phase)
        check_units(board, state, group)
    except IllegalAction:
        return None
    return group


def _accept(board: BoardMap, state: GameState, group: Group, move: Move
            ) -> Destination | None:
    """The destination ``move`` reaches, if `check_path` accepts it (the group passed the
    other stages of `check_move`, and the move carries no field it may not)."""
    try:
        plan = check_path(board, state, group, move)
    except IllegalAction:
        return None
    return Destination(
        space=move.path[-1], path=move.path, cost=plan.cost, action=move, attack=plan.attack,
        capture=bool(plan.captures or plan.convoy_captures),
        landing=plan.domain is Domain.AIR and group.phase is Phase.NONCOMBAT_MOVE,
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


def _first_legal(board: BoardMap, state: GameState, group: Group,
                 paths: list[tuple[str, ...]]) -> dict[str, Destination]:
    ids = group.ids
    out: dict[str, Destination] = {}
    for path in paths:
        dest = path[-1]
        if dest in out:
            continue
        found = _accept(board, state, group, Move(units=ids, path=path))
        if found is not None:
            out[dest] = found
    return out


# ---- land ----

def _land(board: BoardMap, state: GameState, group: Group) -> dict[str, Destination]:
    nation, phase = group.nation, group.phase
    limit = group.limit
    if limit <= 0:
        return {}

    def go_on(space: str) -> bool:
        return not sp.occupied(board, state, space, nation)

    def step_ok(space: str) -> bool:
        if not board.is_land(space) or not sp.passable(board, space):
            return False
        # R-NONCOMBAT-3: check_path refuses any other step in non-combat movement.
        return phase is Phase.COMBAT_MOVE or (
            sp.is_friendly(board, state, space, nation) and
            not sp.occupied(board, state, space, nation))

    paths = _paths(board, group.start, limit, step_ok, go_on)
    return _first_legal(board, state, group, paths)


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

def _sea(board: BoardMap, state: GameState, group: Group) -> dict[str, Destination]:
    units, nation, phase = group.units, group.nation, group.phase
    limit = group.limit
    if phase is Phase.NONCOMBAT_MOVE and all(
            naval_bases_of(board, state, trip_origin(u), nation) for u in units):
        # R-NAVALBASE-1: confirmed per destination by check_path
        limit = min(NAVAL_BASE_MOVE - u.moves_used for u in units)
    if limit <= 0:
        return {}
    subs = all(u.type is UnitType.SUBMARINE for u in units)

    def go_on(space: str) -> bool:
        return not sp.occupied(board, state, space, nation, for_submarine=subs)

    def step_ok(space: str) -> bool:
        # R-NONCOMBAT-6: check_path refuses an occupied zone in non-combat movement.
        return board.is_sea(space) and (phase is Phase.COMBAT_MOVE or go_on(space))

    paths = _paths(board, group.start, limit, step_ok, go_on)
    return _first_legal(board, state, group, paths)


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


def _air(board: BoardMap, state: GameState, group: Group) -> dict[str, Destination]:
    limit = group.limit
    if limit <= 0:
        return {}
    units, nation, ids = group.units, group.nation, group.ids
    combat = group.phase is Phase.COMBAT_MOVE
    out: dict[str, Destination] = {}
    paths = air_paths(board, state, group.start, nation, limit, avoid_aa=combat)
    fighters = all(u.type is UnitType.FIGHTER for u in units)
    targets = sp.assault_targets(state)
    for dest, path in sorted(paths.items()):
        if combat:
            battle = dest in targets or sp.occupied(board, state, dest, nation)
            raid = sp.has_industrial_complex(board, state, dest)
            if not battle and not raid:
                continue   # no battle there: check_path refuses it (R-COMBATMOVE-1)
            declarations = _declarations(board, state, group, dest, path, fighters)
            flights = [Move(units=ids, path=path, landing=d) for d in declarations] \
                if battle else []
            raids = [Move(units=ids, path=path, raid=True, landing=d) for d in declarations] \
                if raid else []
        else:
            if not _may_land(board, state, units, dest):
                continue   # check_path refuses it (R-NONCOMBAT-5, R-AIR-7, R-MOVE-6, R-CARRIER-1)
            flights = [Move(units=ids, path=path, carrier=c)
                       for c in _carrier_choices(board, state, group, dest, fighters)]
            raids = []
        found = [d for d in (_accept(board, state, group, m) for m in flights) if d is not None]
        bombing = [d for d in (_accept(board, state, group, m) for m in raids) if d is not None]
        if not found and bombing:
            found, bombing = bombing, []
        if found:
            first = found[0]
            more = tuple(d.action for d in (*found[1:], *bombing[1:]))
            out[dest] = replace(first, raid_action=bombing[0].action if bombing else None,
                                more=more)
    return out


def _declarations(board: BoardMap, state: GameState, group: Group, dest: str,
                  path: tuple[str, ...], fighters: bool) -> list[str | None]:
    """The landing declarations a flight to ``dest`` may make: none when every aircraft can
    reach a territory held since the start of the turn (R-AIR-2), else each zone where a
    friendly carrier with room can be after non-combat movement (R-AIR-3, OQ2-18). The same
    test as `check_air_landing`'s, made once for all the candidates."""
    cost = sp.air_path_cost(board, state, path, group.nation)
    if all(home_in_reach(board, state, u, dest, cost) for u in group.units):
        return [None]
    if not fighters:
        return []
    return list(carrier_landing_zones(board, state, group.units, dest, cost))


def _carrier_choices(board: BoardMap, state: GameState, group: Group, dest: str,
                     fighters: bool) -> list[int | None]:
    """Non-combat movement: landing on any carrier there with room (None), and, fighters
    landing at sea, on each carrier of its own kind that has room for the whole group
    (R-MOVE-6): which one takes them matters, since it may not move again (R-CARRIER-5)."""
    if not fighters or not board.is_sea(dest):
        return [None]
    carriers = [c for c in sp.friendly_carriers(state, dest, group.nation)
                if sp.carrier_room(state, c) >= len(group.units)]
    if not carriers:
        return [None]
    aboard = cargo_index(state)
    kinds = identical_groups(carriers, aboard)
    return [None, *(min(c.id for c in kind) for kind in kinds)]


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
