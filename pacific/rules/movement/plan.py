"""What the movement checks share: the group being moved (`Group`), what a checked move will
do (`MovePlan`), and the route checks every element goes through (R-MOVE-2, R-MOVE-3,
R-MOVE-5, R-MOVE-10).

Refusals are message templates with their values: spaces are given as `Place`,
unit types as `UnitType`, so that the presentation can name them in the player's language.
Nothing is formatted unless a person reads it, which keeps the thousands of candidates a
listing rejects cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove, Place, plural
from pacific.rules.movement import spaces
from pacific.rules.movement.members import AIR, COMBAT_MOVE, LAND, NONCOMBAT_MOVE, SEA
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import Domain

MOVE_PHASES = (COMBAT_MOVE, NONCOMBAT_MOVE)


def place(board: BoardMap, space: str) -> Place:
    """A space named in a refusal."""
    return Place(space, board.name(space))


@dataclass(slots=True)
class Group:
    """A group of units checked as a whole before any path: real units of the power playing,
    in one space, of one element (`pacific.rules.movement.check.check_group`)."""

    units: list[Unit]
    domain: Domain
    nation: Nation
    phase: Phase
    start: str
    # Spaces every unit of the group may still move (R-MOVE-2, R-NONCOMBAT-1).
    limit: int = field(init=False)

    def __post_init__(self) -> None:
        self.limit = min(spaces.left(u) for u in self.units)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(u.id for u in self.units)


@dataclass(slots=True)
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


# ---- the route (step 4 of the checks) ----

def check_route(board: BoardMap, state: GameState, group: Group, path: tuple[str, ...],
                limit: int) -> None:
    """Adjacent, passable steps through the group's element. A step that is not adjacent is
    refused for what truly stops the units: a destination beyond ``limit`` by any route
    (R-MOVE-2), land units facing the sea (R-MOVE-5), else the path itself (R-MOVE-3).

    Raises:
        IllegalMove: R-MOVE-2, R-MOVE-3, R-MOVE-5, R-MOVE-10.
    """
    t = tables(board)
    domain = group.domain
    inside = t.land if domain is LAND else t.sea if domain is SEA else None
    for a, b in pairwise(path):
        if b not in t.passable_neighbours[a]:
            if b not in board.neighbours[a]:
                raise _beyond(board, state, group, path, limit) or IllegalMove(
                    "R-MOVE-3", "{a} and {b} are not adjacent: a move goes one adjacent space "
                    "at a time", a=place(board, a), b=place(board, b))
            raise IllegalMove("R-MOVE-10", "{space} can never be entered or overflown",
                              space=place(board, b))
        if inside is not None and b not in inside:
            raise _wrong_element(board, domain, b)


def _wrong_element(board: BoardMap, domain: Domain, space: str) -> IllegalMove:
    if domain is LAND:
        return IllegalMove("R-MOVE-5", "Land units cannot enter {space} unless carried by a "
                           "ship", space=place(board, space))
    return IllegalMove("R-MOVE-5", "Ships move only through sea zones; {space} is land",
                       space=place(board, space))


def check_element(board: BoardMap, domain: Domain, space: str) -> None:
    """The destination is of the group's element and may be entered (R-MOVE-5, R-MOVE-10).

    Raises:
        IllegalMove: R-MOVE-5, R-MOVE-10.
    """
    t = tables(board)
    if (domain is LAND and space not in t.land) or \
            (domain is SEA and space not in t.sea):
        raise _wrong_element(board, domain, space)
    if space in t.impassable:
        raise IllegalMove("R-MOVE-10", "{space} can never be entered or overflown",
                          space=place(board, space))


def _beyond(board: BoardMap, state: GameState, group: Group, path: tuple[str, ...],
            limit: int) -> IllegalMove | None:
    """The refusal for a destination no route of at most ``limit`` spaces reaches, or None."""
    start, dest = path[0], path[-1]
    unit = group.units[0].type
    if group.domain is AIR:
        reach = spaces.air_distances(board, state, start, group.nation, limit)
        if dest in reach:
            return None
        return IllegalMove("R-MOVE-2", plural(
            "{space} is out of reach: the {unit} can fly only {count} space now",
            "{space} is out of reach: the {unit} can fly only {count} spaces now"),
            space=place(board, dest), unit=unit, count=limit)
    t = tables(board)
    steps = _steps(board, start, dest, t.land.__contains__ if group.domain is LAND
                   else t.sea.__contains__)
    if steps is None and group.domain is LAND:
        return IllegalMove("R-MOVE-5", "No land route leads to {space}: land units cross the "
                           "sea only aboard a ship", space=place(board, dest))
    if steps is None or steps > limit:
        return IllegalMove("R-MOVE-2", plural(
            "{space} is out of reach: the {unit} can move only {count} space now",
            "{space} is out of reach: the {unit} can move only {count} spaces now"),
            space=place(board, dest), unit=unit, count=limit)
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
