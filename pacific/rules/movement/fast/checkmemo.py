"""Path checks remembered from one listing to the next.

`check_path`'s answer for a move depends on the group's units, the move itself, and a small
part of the board: what the spaces it crosses hold, who controls them, and for aircraft where
they may land afterwards. Listings follow one another with few of those changed, even a round
apart, so the answer is kept with a *signature* of everything the check reads of the board,
and used again only when the signature is the same now. A wrong signature would show as a
listing that differs from one made from scratch (tests/test_movement_incremental.py; listing
from scratch remembers nothing).

What each check reads (`pacific.rules.movement.check_land`, `check_sea`, `check_air`):
- land units: in each space entered, whether enemies occupy it and hold an AA gun or a
  factory (R-MOVE-7/9, R-BLITZ-*), and who controls it (R-NONCOMBAT-3, R-CAPTURE-1);
- ships: in each zone entered, whether enemies occupy it, for a submarine too (R-MOVE-7,
  R-MOVE-8, OQ2-14), and who holds its convoy (R-CONVOY-3); in phase 6 the friendly naval
  bases by the zones where the trip starts and ends (R-NAVALBASE-1);
- aircraft in combat movement, without a declared landing: the destination's enemies,
  control, declared assault and raid (R-COMBATMOVE-1, R-SBR-*), AA guns on the way
  (R-AAFLY-1), the friendly air bases (R-AIRBASE-1) and the territories held since the start
  of the turn (R-AIR-2); a declared landing also reads whether the carriers can offer the
  group room there after non-combat movement (R-AIR-3, OQ2-18);
- aircraft in non-combat movement: the destination's control, capture and carriers with
  their room (R-NONCOMBAT-5, R-MOVE-6, R-CARRIER-1), and the friendly air bases.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from pacific.rules.board_map import BoardMap
from pacific.rules.groups import unit_key
from pacific.rules.movement import spaces
from pacific.rules.movement.check_sea import naval_bases_by_zone, naval_bases_of, trip_origin
from pacific.rules.movement.fast.memory import Memory
from pacific.rules.movement.members import ARMOR, COMBAT_MOVE, LAND, NONCOMBAT_MOVE, SEA, SUBMARINE
from pacific.rules.movement.plan import Group
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import can_capture, is_warship

# What the check found, or None for a refusal (see `reach.Facts`).
Answer = tuple[int, bool, bool, bool, bool, str | None] | None


class Enemies(NamedTuple):
    """What enemy units in a space mean to a power's moves (`incremental.world_facts`)."""

    occupied: bool              # R-MOVE-7 (submerged submarines never count, R-MOVE-8)
    occupied_for_submarine: bool  # patrolling aircraft do not stop submarines (OQ2-14)
    ships: bool                 # submerged or not (R-TRANS-11)
    not_submarines: bool        # units a patrol could fight (R-CAP-1)
    aa_gun: bool                # R-AAFLY-1
    factory: bool               # any industrial complex there (R-MOVE-9)


# Space → what enemy units there mean, and the allied carriers and transports there.
WorldFacts = Mapping[str, tuple[Enemies, object, object]]

# A move by what its check reads of it: (path, raid, landing, carrier).
MoveKey = tuple[tuple[str, ...], bool, str | None, int | None]
# Answers kept at most (`remember`): the memory then starts again.
_KEEP = 50_000


def group_class(group: Group) -> tuple[object, ...]:
    """What the path checks read of the group's units: another group of the same class gets
    the same answers. Land: the movement left, whether all are armor (R-BLITZ-1) and some
    capture (R-CAPTURE-1); ships: each one's owner, movement left and spent, whether it is a
    submarine and where its trip began, and whether some are warships; aircraft: the units
    themselves but for their ids (their paths, fights, carriers, declarations...)."""
    units = group.units
    head = (group.domain, group.phase, group.start, group.nation)
    if group.domain is LAND:
        return (*head, group.limit, all(u.type is ARMOR for u in units),
                any(can_capture(u.type) for u in units))
    if group.domain is SEA:
        return (*head, frozenset((u.owner, u.type is SUBMARINE, u.moves_used,
                                  trip_origin(u), spaces.left(u)) for u in units),
                any(is_warship(u.type) for u in units))
    return (*head, tuple(unit_key(u) for u in units))


def class_id(memory: Memory, board: BoardMap, group: Group) -> int:
    """A number for the `group_class` of ``group`` on ``board``: the memo's keys hold it
    instead of the class, which would be hashed again at every look-up. Never given twice by
    one memory, even after its classes are cleared."""
    key = (tables(board), group_class(group))
    classes = memory.classes
    found = classes.get(key)
    if found is None:
        found = classes[key] = next(memory.class_numbers)
    return found


def recall(memory: Memory, cls: int, move: MoveKey
           ) -> tuple[tuple[object, ...], Answer] | None:
    """The answer remembered for the move ``move`` (path, raid, landing, carrier) by a group
    of class ``cls`` (`class_id`), with the signature it was found under; None when it is not
    remembered."""
    return memory.checks.get((cls, move))


class AirConstants(NamedTuple):
    """What the signature of an aircraft group's move reads whatever the move."""

    free_air_bases: frozenset[str]
    homes: frozenset[str] = frozenset()
    assaults: frozenset[str] = frozenset()


def air_constants(board: BoardMap, state: GameState, group: Group) -> AirConstants:
    """What the signature of an aircraft group's move reads of the board whatever the move:
    the friendly air bases (R-AIRBASE-1), and in combat movement the territories held since
    the start of the turn (R-AIR-2) and the assaults declared (R-COMBATMOVE-1). Found once per
    group, not once per candidate."""
    nation = group.nation
    free = spaces.free_air_bases(board, state, nation)
    if group.phase is NONCOMBAT_MOVE:
        return AirConstants(free)
    return AirConstants(free, spaces.homes(board, state, nation), spaces.assault_targets(state))


class Signer:
    """Signs the moves of one group (`sign`): what the signature reads whatever the move is
    found once per group, and what a space means is found once per state."""

    __slots__ = ("board", "constants", "constants_id", "domain", "group", "memory", "origins",
                 "phase", "spaces", "state", "world")

    def __init__(self, memory: Memory, board: BoardMap, state: GameState, group: Group,
                 world: WorldFacts) -> None:
        self.board, self.state, self.group, self.world = board, state, group, world
        self.memory = memory   # where the answers signed are kept
        self.domain, self.phase = group.domain, group.phase
        self.spaces: Mapping[str, tuple[object, ...]] = {}
        # Per trip origin: its naval bases, and the table of every zone's (for the ends).
        self.origins: tuple[tuple[tuple[str, ...], Mapping[str, tuple[str, ...]]], ...] = ()
        self.constants: AirConstants | None = None
        if self.domain is LAND:
            self.spaces = _space_facts(state, world, land=True)
        elif self.domain is SEA:
            self.spaces = _space_facts(state, world, land=False)
            if self.phase is NONCOMBAT_MOVE:
                # The trip's origins are the class's: the naval bases by them.
                self.origins = tuple(
                    (naval_bases_of(board, state, origin, owner),
                     naval_bases_by_zone(board, state, owner))
                    for owner, origin in sorted({(u.owner, trip_origin(u))
                                                 for u in group.units}))
        else:
            self.constants = air_constants(board, state, group)
        # (signatures hold a number for the constants: see `_constants_id`)
        self.constants_id = _constants_id(memory, self.constants)

    def sign(self, path: tuple[str, ...], landing: str | None,
             rooms: Mapping[str, int] | None = None) -> tuple[object, ...] | None:
        """Everything `check_path` reads of the board for a move along ``path`` declaring the
        landing ``landing`` (module docstring), or
        None when the answer is not to be remembered. ``rooms``: the rooms on carriers after
        non-combat movement for this group (`landing.planned_carrier_rooms`), which a risky
        flight's declared landing is checked against (R-AIR-3, OQ2-18): without them such a
        move is not remembered."""
        if self.domain is LAND:
            return tuple(map(self.spaces.__getitem__, path[1:]))
        if self.domain is SEA:
            crossed = tuple(map(self.spaces.__getitem__, path[1:]))
            if self.phase is COMBAT_MOVE:
                return crossed
            end = path[-1]
            origins = self.origins
            if len(origins) == 1:   # nearly always: one trip origin (a generator's cost saved)
                bases, at_end = origins[0]
                return (crossed, ((bases, at_end[end]),))
            return (crossed, tuple((bases, at_end[end]) for bases, at_end in origins))
        state, group, constants, world = self.state, self.group, self.constants, self.world
        assert constants is not None
        dest = path[-1]
        owners = state.territory_owner
        if self.phase is NONCOMBAT_MOVE:
            carriers = tuple((c.id, c.owner.value, spaces.carrier_room(state, c))
                             for c in spaces.friendly_carriers(state, dest, group.nation))
            return (_value(owners.get(dest)), dest in state.captured_this_turn, carriers,
                    self.constants_id)
        declared: bool | None = None
        if landing is not None:
            # The rest of the landing check reads the path's cost and the homes and air bases
            # (all above or in `constants`), and where the landing is (in the memo's key).
            if rooms is None:
                return None
            declared = rooms.get(landing, 0) >= len(group.units)
        raids = tuple(tuple(r.bombers) for r in state.raids if r.target == dest) \
            if state.raids else ()
        crossed = tuple((world[s][0].aa_gun, _value(owners.get(s))) for s in path[1:-1]) \
            if len(path) > 2 else ()
        return (_land(world[dest][0]), _value(owners.get(dest)), dest in constants.assaults,
                raids, crossed, self.constants_id, declared)


class _SpaceFacts(dict[str, tuple[object, ...]]):
    """Space → what a land path (``land``) or a sea path entering it reads there: whether
    enemies occupy it and hold a factory, and who controls it (R-MOVE-7/9, R-NONCOMBAT-3);
    whether enemies occupy it, for a submarine too, and who holds its convoy (R-MOVE-7/8,
    R-CONVOY-3). Filled as the spaces are asked for.

    The holder is written as its value, not its enum member: a signature then holds only
    plain values, and the garbage collector stops tracking it once it has seen it (the memo
    keeps thousands of them for the whole game)."""

    def __init__(self, state: GameState, world: WorldFacts, land: bool) -> None:
        super().__init__()
        self.world, self.land = world, land
        self.holders = state.territory_owner if land else state.convoy_holder

    def __missing__(self, space: str) -> tuple[object, ...]:
        enemies = self.world[space][0]
        holder = self.holders.get(space)
        found = self[space] = (enemies.occupied,
                               enemies.factory if self.land else enemies.occupied_for_submarine,
                               None if holder is None else holder.value)
        return found


def _space_facts(state: GameState, world: WorldFacts, land: bool) -> _SpaceFacts:
    """The `_SpaceFacts` of ``state``, shared while it is only read."""
    return spaces.remembered(state, ("space_facts", id(world), land),
                             lambda: _SpaceFacts(state, world, land))


# Signatures hold plain values only (strings, numbers, plain tuples of them), never enum
# members, named tuples or sets: the garbage collector then stops tracking them once it has
# seen them, and the memo keeps thousands of them for the whole game.

def _value(nation: Nation | None) -> str | None:
    return None if nation is None else nation.value


def _constants_id(memory: Memory, constants: AirConstants | None) -> int:
    """A number for ``constants``, the same for equal constants while the memo lasts, and
    never given to other constants, even after the memo is cleared: a signer made before a
    clear may still sign, and its signatures are remembered after it."""
    numbers = memory.constants
    found = numbers.get(constants)
    if found is None:
        found = numbers[constants] = next(memory.constant_numbers)
    return found


def _land(facts: Enemies) -> tuple[bool, bool]:
    return facts.occupied, facts.factory


def remember(memory: Memory, cls: int, move: MoveKey, sig: tuple[object, ...],
             answer: Answer) -> None:
    checks = memory.checks
    if len(checks) >= _KEEP:
        checks.clear()
        memory.constants.clear()   # no signature left holds their numbers
        if len(memory.classes) >= _KEEP:
            memory.classes.clear()
    checks[(cls, move)] = (sig, answer)
