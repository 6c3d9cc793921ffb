"""No suicide flights: where an aircraft in combat movement will be able to land (R-AIR-2,
R-AIR-3, OQ2-18), and where the fighters of a sunk carrier may go (R-CARRIER-8)."""

from __future__ import annotations

from typing import NamedTuple

from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove
from pacific.rules.movement import spaces
from pacific.rules.movement.members import BOMBER, CARRIER, FIGHTER
from pacific.rules.movement.plan import place
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation, are_allied, power_of
from pacific.rules.state import GameState, Unit


def carrier_zones(board: BoardMap, state: GameState, carrier: Unit) -> set[str]:
    """Zones where a carrier can be at the end of this turn's non-combat movement: its own
    power's carriers that may still move go up to 2 zones through zones free of enemy units
    (R-CARRIER-6, R-NONCOMBAT-6); others stay where they are (R-CARRIER-4)."""
    zones = {carrier.space}
    if power_of(carrier.owner) is not state.power or carrier.combat_moved or carrier.fought \
            or carrier.id in state.frozen_carriers or carrier.moves_used:
        return zones
    frontier = [carrier.space]
    for _ in range(2):
        step = []
        for here in frontier:
            for nxt in board.neighbours[here]:
                if nxt not in zones and board.is_sea(nxt) and \
                        not spaces.occupied(board, state, nxt, carrier.owner):
                    zones.add(nxt)
                    step.append(nxt)
        frontier = step
    return zones


def planned_carrier_rooms(board: BoardMap, state: GameState, nation: Nation,
                          exclude: set[int]) -> dict[str, int]:
    """Zone → room for fighters on the carriers that can be there after non-combat movement,
    less the fighters already declared to land there (OQ2-18: 2 per carrier at most).
    Fighters in ``exclude`` (the ones moving now) count neither aboard nor declared."""
    leaving = frozenset(exclude)
    # Asked once per candidate destination while listing: remembered while the state is only
    # read (spaces.read_only); the caller gets its own copy.
    return dict(spaces.remembered(state, ("carrier_rooms", id(board), nation, leaving),
                                  lambda: _planned_carrier_rooms(board, state, nation, leaving)))


def _planned_carrier_rooms(board: BoardMap, state: GameState, nation: Nation,
                           leaving: frozenset[int]) -> dict[str, int]:
    base = _rooms_of_all(board, state, nation)
    if leaving.isdisjoint(base.fighters):
        return base.rooms   # the fighters moving are neither aboard nor declared: most groups
    carriers, declared = _carrier_plans(board, state, nation)
    rooms = dict(base.rooms)
    for zones, aboard in carriers:
        gone = sum(1 for f in aboard if f in leaving)
        if gone:
            # spaces.carrier_room with the fighters ``leaving`` not counted, against with them
            more = max(0, 2 - (len(aboard) - gone)) - max(0, 2 - len(aboard))
            for zone in zones:
                rooms[zone] += more
    for uid, landing in declared:
        if landing in rooms and uid in leaving:
            rooms[landing] += 1
    return rooms


class _AllRooms(NamedTuple):
    """`planned_carrier_rooms` with every fighter counted (``rooms``), and the fighters it
    counts, aboard or declared: a group holding none of them gets these rooms unchanged."""

    rooms: dict[str, int]
    fighters: frozenset[int]


def _rooms_of_all(board: BoardMap, state: GameState, nation: Nation) -> _AllRooms:
    """Found once per state read (each group asking otherwise walked every carrier)."""
    def rooms_of_all() -> _AllRooms:
        carriers, declared = _carrier_plans(board, state, nation)
        rooms: dict[str, int] = {}
        for zones, aboard in carriers:
            room = max(0, 2 - len(aboard))
            for zone in zones:
                rooms[zone] = rooms.get(zone, 0) + room
        for _, landing in declared:
            if landing in rooms:
                rooms[landing] -= 1
        fighters = frozenset([f for _, aboard in carriers for f in aboard] +
                             [uid for uid, _ in declared])
        return _AllRooms(rooms, fighters)
    return spaces.remembered(state, ("carrier_rooms_of_all", id(board), nation), rooms_of_all)


Plans = tuple[list[tuple[frozenset[str], tuple[int, ...]]], list[tuple[int, str]]]


def _carrier_plans(board: BoardMap, state: GameState, nation: Nation) -> Plans:
    """The nation's side's carriers, each with the zones it can be in after non-combat
    movement and the fighters aboard; and the landings declared by the power's aircraft
    (OQ2-18). The same for every group asking while the state is only read."""
    def plans() -> Plans:
        carriers = [(frozenset(carrier_zones(board, state, c)),
                     tuple(u.id for u in spaces.cargo_of(state, c) if u.type is FIGHTER))
                    for c in state.units_of_types((CARRIER,))
                    if are_allied(c.owner, nation)]
        # (only aircraft declare a landing, R-AIR-3)
        declared = [(u.id, u.landing) for u in state.units_of_types((FIGHTER, BOMBER))
                    if u.landing is not None and u.carried_by is None
                    and power_of(u.owner) is state.power]
        return carriers, declared
    return spaces.remembered(state, ("carrier_plans", id(board), nation), plans)


def check_air_landing(board: BoardMap, state: GameState, units: list[Unit], dest: str,
                      cost: int, declared: str | None) -> str | None:
    """Check that every aircraft reaching ``dest`` at ``cost`` can land afterwards.

    Without a declaration a territory held by the side since the start of the turn must be in
    reach (R-AIR-2); with one, it is checked as a risky-mission landing place (R-AIR-3,
    OQ2-18). A declaration is made only for a risky mission, one that could not otherwise
    land: a flight that can reach such a territory declares nothing (so that a listed move is
    the whole choice). Returns the declaration to record.

    Raises:
        IllegalMove: R-AIR-2 (no landing place), R-AIR-3 (a carrier landing must be declared,
            or is declared without need), R-AIR-5 (not where the battle is fought), R-AIR-7
            (bombers never on carriers).
    """
    nation = units[0].owner
    short = next((u for u in units if not home_in_reach(board, state, u, dest, cost)), None)
    if declared is None:
        if short is None:
            return None
        rooms = planned_carrier_rooms(board, state, nation, {u.id for u in units})
        r = spaces.left(short) - cost
        dist = spaces.air_distances(board, state, dest, nation, max(r, 0))
        if short.type is FIGHTER and any(
                d <= r and rooms.get(s, 0) >= len(units) for s, d in dist.items()):
            raise IllegalMove("R-AIR-3", "This {unit} could land only on a carrier afterwards: "
                              "declare where it will land", unit=short.type)
        raise IllegalMove("R-AIR-2", "This {unit} could not reach a friendly territory "
                          "afterwards", unit=short.type)
    if declared not in board.neighbours:
        raise IllegalMove("R-AIR-3", "There is no space '{space}' to land in", space=declared)
    reach = max(spaces.left(u) for u in units) - cost
    dist = spaces.air_distances(board, state, dest, nation, max(reach, 0))
    for unit in units:
        r = spaces.left(unit) - cost
        if dist.get(declared, r + 1) > r:
            raise IllegalMove("R-AIR-2", "This {unit} could not reach {space} afterwards",
                              unit=unit.type, space=place(board, declared))
    if board.is_land(declared):
        if declared == dest:
            raise IllegalMove("R-AIR-5", "Aircraft may not land where they attack")
        if not spaces.friendly_since_turn_start(state, declared, nation):
            raise IllegalMove("R-AIR-3", "{space} has not been held by your side since the "
                              "start of the turn: it is no landing place",
                              space=place(board, declared))
    else:
        if any(u.type is not FIGHTER for u in units):
            raise IllegalMove("R-AIR-7", "Bombers cannot land on a carrier")
        if planned_carrier_rooms(board, state, nation, {u.id for u in units}).get(
                declared, 0) < len(units):
            raise IllegalMove("R-AIR-3", "No friendly carrier with room can be in {space} "
                              "after non-combat movement (2 fighters per carrier, OQ2-18)",
                              space=place(board, declared))
    if short is None:
        raise IllegalMove("R-AIR-3", "These aircraft can reach a territory held since the "
                          "start of the turn afterwards: a landing is declared only for a "
                          "risky mission, one that could land nowhere else")
    return declared


def home_in_reach(board: BoardMap, state: GameState, unit: Unit, dest: str, cost: int
                  ) -> bool:
    """Whether ``unit``, having spent ``cost`` to reach ``dest``, can still reach a territory
    its side has held since the start of the turn, other than ``dest`` (R-AIR-2)."""
    if spaces.reading(state):
        return home_reach(board, state, unit.owner).after(spaces.left(unit), dest, cost)
    return _other_home(board, state, unit.owner, dest, spaces.left(unit) - cost)


def _other_home(board: BoardMap, state: GameState, nation: Nation, dest: str, r: int) -> bool:
    """Whether a territory held by the side since the start of the turn, other than
    ``dest``, is within ``r`` of ``dest`` by air."""
    return r >= 0 and any(
        d <= r and board.is_land(s) and s != dest and
        spaces.friendly_since_turn_start(state, s, nation)
        for s, d in spaces.air_distances(board, state, dest, nation, r).items())


class HomeReach:
    """`home_in_reach` for the aircraft of one nation while a state is only read (listing):
    the distances to the nearest territory held since the start of the turn are found once
    for every flight asked about."""

    __slots__ = ("board", "distances", "homes", "nation", "state")

    def __init__(self, board: BoardMap, state: GameState, nation: Nation) -> None:
        self.board, self.state, self.nation = board, state, nation
        self.homes = spaces.homes(board, state, nation)
        self.distances = spaces.home_distances(board, state, nation)

    def after(self, left: int, dest: str, cost: int) -> bool:
        """Whether an aircraft with ``left`` to spend, having spent ``cost`` to reach
        ``dest``, can still reach such a territory other than ``dest``."""
        r = left - cost
        if r < 0:
            return False
        if dest in self.homes:
            # The nearest one may be ``dest`` itself: look for another.
            return _other_home(self.board, self.state, self.nation, dest, r)
        return self.distances.get(dest, r + 1) <= r


def home_reach(board: BoardMap, state: GameState, nation: Nation) -> HomeReach:
    """The `HomeReach` of ``nation``, shared while ``state`` is inside `spaces.read_only`."""
    return spaces.remembered(state, ("home_reach", id(board), nation),
                             lambda: HomeReach(board, state, nation))


class DeckReach:
    """The sea zones a fighter group could declare as its landing (R-AIR-3), for many
    destinations: the zones where carriers can offer the whole group room after non-combat
    movement (OQ2-18) are found once. ``rooms``: `planned_carrier_rooms` for the group, when
    the caller has them."""

    __slots__ = ("board", "decks", "left", "nation", "state")

    def __init__(self, board: BoardMap, state: GameState, units: list[Unit],
                 rooms: dict[str, int] | None = None) -> None:
        self.board, self.state, self.nation = board, state, units[0].owner
        self.left = min(spaces.left(u) for u in units)
        self.decks: list[str] = []
        if all(u.type is FIGHTER for u in units):
            if rooms is None:
                rooms = planned_carrier_rooms(board, state, self.nation, {u.id for u in units})
            self.decks = [zone for zone, room in rooms.items() if room >= len(units)]

    def zones(self, dest: str, cost: int) -> list[str]:
        """The zones the group, having spent ``cost`` to reach ``dest``, may declare, nearest
        first."""
        reach = self.left - cost
        if reach < 0 or not self.decks:
            return []
        # Most flights have no such zone within reach: the board's lower bound on air costs
        # (every air base counted free, the same both ways) rules them out without a search.
        floor = tables(self.board).air_floor
        if not any(floor[s].get(dest, reach + 1) <= reach for s in self.decks):
            return []
        dist = spaces.air_distances(self.board, self.state, dest, self.nation, reach)
        return sorted((s for s in self.decks if s in dist), key=lambda s: (dist[s], s))


def escape_places(board: BoardMap, state: GameState, fighter: Unit) -> list[str]:
    """R-CARRIER-8: where a fighter aboard a sunk carrier may land, within 1 space: a territory
    held by its side since the start of the turn, or a zone with a friendly carrier with room.
    Combat calls this when a carrier sinks; an empty answer means the fighter is lost."""
    out = []
    for space in sorted(board.neighbours[fighter.space] | {fighter.space}):
        if board.is_land(space):
            if spaces.friendly_since_turn_start(state, space, fighter.owner):
                out.append(space)
        elif any(spaces.carrier_room(state, c) > 0 and c.id != fighter.carried_by
                 for c in spaces.friendly_carriers(state, space, fighter.owner)):
            out.append(space)
    return out
