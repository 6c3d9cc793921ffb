"""Facts of a board that movement asks about over and over, computed once per `BoardMap`:
the passable neighbours of every space (R-MOVE-10), which spaces are land or sea, and the air
bases with the sea zones an aircraft reaches from them for free (R-AIRBASE-1, OQ2-10).

Nothing here depends on a game state; what does (who controls an air base, which zones are
occupied) is asked of the state by `spaces`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pacific.rules.board_map import BoardMap


@dataclass(frozen=True, eq=False)   # compared and hashed by identity: one per board
class BoardTables:
    land: frozenset[str]
    sea: frozenset[str]
    impassable: frozenset[str]
    # Space → its neighbours that may be entered or overflown (R-MOVE-10), sorted by id so that
    # searches walk them in a fixed order.
    passable_neighbours: dict[str, tuple[str, ...]]
    air_bases: frozenset[str]   # territories with an air base (friendly or not)
    factories: frozenset[str]   # territories the board gives an industrial complex
    # Space → the territories with a naval base in or beside it, sorted by id (R-NAVALBASE-1,
    # OQ2-11): whether each is friendly is the state's.
    naval_bases_near: dict[str, tuple[str, ...]]
    # Space → space → fewest steps between them over the board's adjacency (any element).
    hops: dict[str, dict[str, int]]
    # Space → space → the least an aircraft could spend between them, every air base counted
    # as friendly (R-AIRBASE-1): no flight of any nation is ever cheaper. The same both ways
    # between spaces that may be entered.
    air_floor: dict[str, dict[str, int]]
    # Regions of the board the incremental listing asks for, and other answers derived from
    # the board alone (sea cones, a stack's fixed dependencies), built on first use.
    derived: dict[tuple[object, ...], Any]


def tables(board: BoardMap) -> BoardTables:
    """The tables of ``board``, built on first use and kept with the board (`BoardMap.derived`).
    """
    found: BoardTables | None = board.derived.get("movement")
    if found is None:
        found = board.derived.setdefault("movement", _build(board))
    return found


def _build(board: BoardMap) -> BoardTables:
    impassable = frozenset(t.id for t in board.territories if t.impassable)
    passable = {space: tuple(sorted(n for n in near if n not in impassable))
                for space, near in board.neighbours.items()}
    sea = frozenset(board.sea_zone_by_id)
    air_bases = frozenset(t.id for t in board.territories if t.air_base)
    naval_bases = frozenset(t.id for t in board.territories if t.naval_base)
    built = BoardTables(
        land=frozenset(board.territory_by_id),
        sea=sea,
        impassable=impassable,
        passable_neighbours=passable,
        air_bases=air_bases,
        factories=frozenset(t.id for t in board.territories if t.industrial_complex),
        naval_bases_near={space: tuple(sorted(n for n in near if n in naval_bases))
                          for space, near in board.neighbours.items()},
        hops=_Rows(lambda s: _hops(s, board.neighbours)),
        air_floor=_Rows(lambda s: _air_floor(s, passable, air_bases, sea)),
        derived={},
    )
    return built


class _Rows(dict[str, dict[str, int]]):
    """Space → its row of a table of distances, found on first need: a game asks for the
    rows of the spaces where its units stand and land, seldom of all."""

    def __init__(self, row: Callable[[str], dict[str, int]]) -> None:
        super().__init__()
        self.row = row

    def __missing__(self, space: str) -> dict[str, int]:
        found = self[space] = self.row(space)
        return found


def _hops(origin: str, near: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """Steps from ``origin`` to every space it reaches (breadth first)."""
    dist = {origin: 0}
    frontier = [origin]
    step = 0
    while frontier:
        step += 1
        following = []
        for here in frontier:
            for nxt in near[here]:
                if nxt not in dist:
                    dist[nxt] = step
                    following.append(nxt)
        frontier = following
    return dist


def _air_floor(origin: str, near: Mapping[str, Iterable[str]], air_bases: frozenset[str],
               sea: frozenset[str]) -> dict[str, int]:
    """Least air cost from ``origin`` with every air base free: a step between an air base
    and a sea zone costs nothing (R-AIRBASE-1), any other one (a 0-1 breadth-first search)."""
    dist = {origin: 0}
    queue: deque[str] = deque([origin])
    beyond = len(near) + 1
    while queue:
        here = queue.popleft()
        base = dist[here]
        here_base = here in air_bases
        here_sea = here in sea
        for nxt in near[here]:
            free = (here_base and nxt in sea) or (here_sea and nxt in air_bases)
            cost = base if free else base + 1
            if cost < dist.get(nxt, beyond):
                dist[nxt] = cost
                if free:
                    queue.appendleft(nxt)
                else:
                    queue.append(nxt)
    return dist
