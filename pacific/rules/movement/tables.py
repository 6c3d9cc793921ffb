"""Facts of a board that movement asks about over and over, computed once per `BoardMap`:
the passable neighbours of every space (R-MOVE-10), which spaces are land or sea, and the air
bases with the sea zones an aircraft reaches from them for free (R-AIRBASE-1, OQ2-10).

Nothing here depends on a game state; what does (who controls an air base, which zones are
occupied) is asked of the state by `spaces`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pacific.rules.board import BoardMap


@dataclass(frozen=True)
class BoardTables:
    land: frozenset[str]
    sea: frozenset[str]
    impassable: frozenset[str]
    # Space → its neighbours that may be entered or overflown (R-MOVE-10), sorted by id so that
    # searches walk them in a fixed order.
    passable_neighbours: dict[str, tuple[str, ...]]
    air_bases: frozenset[str]   # territories with an air base (friendly or not)


# Keyed by the board object's id; the entry keeps the board alive so that the id is never
# reused by another board while the entry exists. A program holds a handful of boards.
_TABLES: dict[int, tuple[BoardMap, BoardTables]] = {}
_KEEP = 32
_LAST: list[tuple[BoardMap, BoardTables] | None] = [None]


def tables(board: BoardMap) -> BoardTables:
    """The tables of ``board``, built on first use."""
    last = _LAST[0]
    if last is not None and last[0] is board:   # nearly always: one board in play
        return last[1]
    hit = _TABLES.get(id(board))
    if hit is not None and hit[0] is board:
        _LAST[0] = hit
        return hit[1]
    impassable = frozenset(t.id for t in board.territories if t.impassable)
    built = BoardTables(
        land=frozenset(board.territory_by_id),
        sea=frozenset(board.sea_zone_by_id),
        impassable=impassable,
        passable_neighbours={
            space: tuple(sorted(n for n in near if n not in impassable))
            for space, near in board.neighbours.items()},
        air_bases=frozenset(t.id for t in board.territories if t.air_base),
    )
    if len(_TABLES) >= _KEEP:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[id(board)] = _LAST[0] = (board, built)
    return built
