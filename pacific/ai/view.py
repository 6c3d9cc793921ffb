"""What the computer player sees of a position: whose units stand where, which side holds what,
and how far apart spaces are. Read-only helpers over the state and the board's data; legality
is always the engine's business (`Game.legal_actions`, `drop_targets`, `why_illegal`).

Distances are counted over the board's adjacency by kind of movement (land, sea, air), without
the rules' restrictions: they rank places and estimate threats, never decide a move."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from functools import cached_property

from pacific.rules.board_map import BoardMap
from pacific.rules.movement.spaces import air_distances, free_air_bases
from pacific.rules.nations import POWER_NATIONS, Nation, Power, Side, side_of
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, is_air

FAR = 99
_LONGEST = max(spec.move for spec in UNIT_SPECS.values() if is_air(spec.type))


class Distances:
    """Shortest step counts between spaces, per kind of movement, for one board."""

    def __init__(self, board: BoardMap) -> None:
        self.board = board
        land = {t.id for t in board.territories if not t.impassable}
        seas = {z.id for z in board.sea_zones}
        passable = land | seas
        self.land = self._all_pairs(land, lambda a, b: b in land)
        self.sea = self._all_pairs(seas, lambda a, b: b in seas)
        self.air = self._all_pairs(passable, lambda a, b: b in passable)

    def _all_pairs(self, nodes: set[str], step: object) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for start in sorted(nodes):
            seen = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in sorted(self.board.neighbours[here]):
                    if nxt not in seen and step(here, nxt):  # type: ignore[operator]
                        seen[nxt] = seen[here] + 1
                        queue.append(nxt)
            out[start] = seen
        return out

    def between(self, table: dict[str, dict[str, int]], a: str, b: str) -> int:
        return table.get(a, {}).get(b, FAR)


def distances(board: BoardMap) -> Distances:
    """The distance tables of ``board``, computed once per board object and kept with it
    (`BoardMap.derived`), so they go when the board goes: a process that plays game after
    game on boards loaded afresh does not keep every board it ever saw."""
    found: Distances | None = board.derived.get("ai_distances")
    if found is None:
        found = board.derived.setdefault("ai_distances", Distances(board))
    return found


def side_of_power(power: Power) -> Side:
    """The side a power plays for (R-SETUP-3)."""
    return side_of(POWER_NATIONS[power][0])


@dataclass
class View:
    """A position seen by one side."""

    board: BoardMap
    state: GameState
    side: Side
    by_space: dict[str, list[Unit]] = field(default_factory=dict)
    _flights: dict[tuple[Nation, str], dict[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for unit in sorted(self.state.units.values(), key=lambda u: u.id):
            self.by_space.setdefault(unit.space, []).append(unit)

    @cached_property
    def dist(self) -> Distances:
        return distances(self.board)

    # ---- sides ----

    def mine(self, nation: Nation | None) -> bool:
        return nation is not None and side_of(nation) is self.side

    def enemy(self, nation: Nation | None) -> bool:
        return nation is not None and side_of(nation) is not self.side

    def units_at(self, space: str) -> list[Unit]:
        return self.by_space.get(space, [])

    def friends_at(self, space: str) -> list[Unit]:
        return [u for u in self.units_at(space) if self.mine(u.owner)]

    def enemies_at(self, space: str) -> list[Unit]:
        return [u for u in self.units_at(space) if self.enemy(u.owner)]

    def owner(self, territory: str) -> Nation | None:
        return self.state.territory_owner.get(territory)

    def my_territories(self) -> list[str]:
        return sorted(t for t, n in self.state.territory_owner.items() if self.mine(n))

    def enemy_territories(self) -> list[str]:
        return sorted(t for t, n in self.state.territory_owner.items() if self.enemy(n))

    def nations(self) -> tuple[Nation, ...]:
        if self.side is Side.AXIS:
            return POWER_NATIONS[Power.JAPAN]
        return POWER_NATIONS[Power.UK] + POWER_NATIONS[Power.US]

    def capitals(self, side: Side | None = None) -> list[str]:
        """The capitals that decide the game for ``side`` (default: this side): Japan's, or
        India's, New South Wales and the United States (R-VICTORY-1, R-VICTORY-3); Szechwan
        decides nothing."""
        side = side or self.side
        out = []
        for nation, capital in sorted(self.board.capitals.items()):
            if nation is Nation.CHINA:
                continue
            if side_of(nation) is side:
                out.append(capital)
        return out

    def ipc(self, territory: str) -> int:
        t = self.board.territory_by_id.get(territory)
        return t.ipc if t is not None else 0

    def coastal_zones(self, territory: str) -> list[str]:
        return sorted(z for z in self.board.neighbours[territory] if self.board.is_sea(z))

    # ---- distances ----

    def land_distance(self, a: str, b: str) -> int:
        return self.dist.between(self.dist.land, a, b)

    def sea_distance(self, a: str, b: str) -> int:
        return self.dist.between(self.dist.sea, a, b)

    def air_distance(self, a: str, b: str) -> int:
        return self.dist.between(self.dist.air, a, b)

    def air_cost(self, nation: Nation, a: str, b: str) -> int:
        """What an aircraft of ``nation`` spends flying from ``a`` to ``b`` now, as the engine
        counts it: a step between an air base its side holds and the sea zone beside it costs
        nothing (R-AIRBASE-1); `FAR` beyond the longest flight."""
        key = (nation, a)
        if key not in self._flights:
            self._flights[key] = air_distances(self.board, self.state, a, nation, _LONGEST)
        return self._flights[key].get(b, FAR)

    def flight(self, nation: Nation, a: str, b: str, *, priced: bool) -> int:
        """What an aircraft of ``nation`` spends flying from ``a`` to ``b``: as the engine
        counts it (`air_cost`) when ``priced``, else the hop count (`air_distance`)."""
        return self.air_cost(nation, a, b) if priced else self.air_distance(a, b)

    def lands_free(self, nation: Nation, zone: str) -> bool:
        """Whether an aircraft of ``nation`` over sea ``zone`` can land without spending a
        move: an air base its side holds beside the zone (R-AIRBASE-1)."""
        free = free_air_bases(self.board, self.state, nation)
        return self.board.is_sea(zone) and any(n in free for n in self.board.neighbours[zone])


def moved(unit: Unit, space: str) -> Unit:
    """A copy of ``unit`` standing in ``space``: what a planned move would leave there (the
    state's own unit is never changed)."""
    return replace(unit, space=space)


__all__ = ["FAR", "Distances", "View", "distances", "moved", "side_of_power"]
