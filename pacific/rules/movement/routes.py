"""The paths and routes on the board that the movement searches (`reach`) walk: every land or
sea path within a reach, how far ships may go to each end in phase 6 (`SeaReach`), the spaces
a sea path can read (`sea_cones`), and the best air route to every space. They read the
board, and of the state only what stops or frees a step (enemy units, friendly territories,
air and naval bases, AA guns); the legality of each path is `check_path`'s.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping

from pacific.rules.board_map import BoardMap
from pacific.rules.movement import spaces
from pacific.rules.movement.check_sea import (
    bases_differ,
    naval_bases_by_zone,
    phase6_limit,
    trip_origin,
)
from pacific.rules.movement.fast import memory as fast
from pacific.rules.movement.fast.incremental import ball
from pacific.rules.movement.members import COMBAT_MOVE
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit


def paths(board: BoardMap, start: str, limit: int, allowed: frozenset[str],
          stop: frozenset[str]) -> list[tuple[str, ...]]:
    """Every path of 1..limit steps from ``start`` through the spaces ``allowed``, shortest
    first; a path does not go on out of a space in ``stop`` (enemy-occupied, R-MOVE-7)."""
    out: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [(start,)]
    near = tables(board).passable_neighbours
    while stack:
        path = stack.pop()
        for nxt in near[path[-1]]:
            if nxt not in allowed:
                continue
            longer = (*path, nxt)
            out.append(longer)
            if len(longer) <= limit and nxt not in stop:
                stack.append(longer)
    out.sort(key=len)
    return out


def land_paths(board: BoardMap, state: GameState, start: str, limit: int, phase: Phase,
               nation: Nation) -> list[tuple[str, ...]]:
    land = tables(board).land
    occupied = spaces.occupied_spaces(board, state, nation)
    if phase is COMBAT_MOVE:
        return paths(board, start, limit, land, occupied)
    # R-NONCOMBAT-3: check_path refuses any other step in non-combat movement.
    return paths(board, start, limit, spaces.friendly_territories(board, state, nation) - occupied,
                 occupied)


class SeaReach:
    """How far the ships ``units`` may go to each end zone in phase 6 (`sea_limit`: 3 only
    from one friendly naval base to another, R-NAVALBASE-1), found for an end when a path
    longer than ``base`` (how far each of them may go anywhere) asks."""

    __slots__ = ("base", "bases", "limits", "starts", "units")

    def __init__(self, board: BoardMap, state: GameState, units: list[Unit], base: int) -> None:
        self.units, self.base = units, base
        # What `sea_limit` asks of each ship, asked once: the naval bases by its trip's
        # start, and those of every zone for its nation.
        self.bases = [naval_bases_by_zone(board, state, u.owner) for u in units]
        self.starts = [bases[trip_origin(u)] for bases, u in zip(self.bases, units, strict=True)]
        self.limits: dict[str, int] = {}

    def allows(self, path: tuple[str, ...]) -> bool:
        """Whether the ships may take ``path`` as far as its end."""
        steps = len(path) - 1
        if steps <= self.base:
            return True
        end = path[-1]
        limit = self.limits.get(end)
        if limit is None:
            limit = self.limits[end] = min(
                phase6_limit(u, bases_differ(start, bases[end]))
                for u, start, bases in zip(self.units, self.starts, self.bases, strict=True))
        return steps <= limit


def sea_cones(board: BoardMap, start: str, limit: int) -> Mapping[str, frozenset[str]]:
    """Sea zone → every space a sea path of at most ``limit`` steps from ``start`` to it
    reads (`checkmemo`): the start, the zones such a path can cross (those no further from
    the start and the end together than ``limit``: by sea it is no nearer) and the
    territories bordering the end (its naval bases, R-NAVALBASE-1). Found once per board."""
    t = tables(board)
    key = ("cones", start, limit)
    found: dict[str, frozenset[str]] | None = t.derived.get(key)
    if found is None:
        hops = t.hops
        near = [z for z, steps in hops[start].items() if steps <= limit and z in t.sea]
        found = t.derived[key] = {
            dest: frozenset([z for z in near if hops[start][z] + hops[dest][z] <= limit])
            | ball(board, dest, 1, "land") | {start} for dest in near}
    return found


def sea_paths(board: BoardMap, state: GameState, start: str, limit: int, phase: Phase,
              nation: Nation, subs: bool) -> list[tuple[str, ...]]:
    sea = tables(board).sea
    occupied = spaces.occupied_spaces(board, state, nation, for_submarine=subs)
    # R-NONCOMBAT-6: check_path refuses an occupied zone in non-combat movement.
    return paths(board, start, limit, sea if phase is COMBAT_MOVE else sea - occupied,
                 occupied)


def air_routes(board: BoardMap, state: GameState, start: str, nation: Nation, limit: int,
               avoid_aa: bool) -> tuple[dict[str, int], dict[str, str]]:
    """The best route to every space within ``limit``: cheapest, then (in combat movement)
    crossing the fewest enemy AA territories, then fewest steps. Returns each space's cost
    and the space before it on its route (`air_route_to` follows them back). Shared: do not
    change it."""
    free = spaces.free_air_bases(board, state, nation)
    aa = spaces.aa_territories(board, state, nation) if avoid_aa else frozenset()
    # The routes depend on nothing else: kept from one listing to the next (the air bases and
    # AA guns seldom change hands).
    memory = fast.memory()
    if memory is None:
        return _air_routes(board, start, limit, free, aa)
    key = (tables(board), start, nation, limit, free, aa)
    return fast.kept(memory.routes, key,  # type: ignore[no-any-return]
                     lambda: _air_routes(board, start, limit, free, aa), 2048)


def air_route_to(previous: Mapping[str, str], start: str, dest: str) -> tuple[str, ...]:
    path = [dest]
    while path[-1] != start:
        path.append(previous[path[-1]])
    return tuple(reversed(path))


def _air_routes(board: BoardMap, start: str, limit: int, free: frozenset[str],
                aa: frozenset[str]) -> tuple[dict[str, int], dict[str, str]]:
    """Routes with the free air bases ``free`` and AA territories to avoid ``aa``."""
    t = tables(board)
    # Step costs as in spaces.air_step_cost (R-MOVE-3, R-AIRBASE-1). A route's rank is one
    # integer: cost, then AA territories crossed, then steps.
    sea = t.sea
    beyond = (limit + 1) << 16
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    heap: list[tuple[int, str]] = [(0, start)]
    done: set[str] = set()
    while heap:
        rank, here = heapq.heappop(heap)
        if here in done:
            continue
        done.add(here)
        if here != start and here in aa:
            rank += 1 << 8
        here_free = here in free
        here_sea = here in sea
        for nxt in t.passable_neighbours[here]:
            if nxt in done:
                continue
            step = 0 if (here_free and nxt in sea) or (here_sea and nxt in free) else 1 << 16
            key = rank + step + 1
            if key < best.get(nxt, beyond) and key < beyond:
                best[nxt] = key
                prev[nxt] = here
                heapq.heappush(heap, (key, nxt))
    del best[start]
    return {s: k >> 16 for s, k in best.items()}, prev
