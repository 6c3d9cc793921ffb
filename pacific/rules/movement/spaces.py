"""What a space is to a moving nation: friendly, enemy-controlled, enemy-occupied; what a step
costs an aircraft; where aircraft may land. Pure queries shared by the movement handlers, the
reachability search and the listers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import convoy_controller, is_friendly
from pacific.rules.groups import cargo_index
from pacific.rules.movement.fast import memory as fast
from pacific.rules.movement.fast.memory import note, noted, read_only, reading, remembered, view_of
from pacific.rules.movement.members import (
    AA_GUN,
    CARRIER,
    FIGHTER,
    INDUSTRIAL_COMPLEX,
    JAPAN,
    POWER_JAPAN,
)
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation, are_allied, are_enemies, power_of
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, is_air

__all__ = ["is_friendly", "note", "noted", "read_only", "reading", "remembered"]


# ---- looking units up by space, and answers remembered while a state is only read ----

# While a state is only read (listing legal actions, answering `reachable`), units are looked up
# through an index by space instead of a scan of every unit, and the answers the searches ask
# for again and again (is this space occupied for this nation, the air distances from a space,
# the carrier rooms) are remembered in the state's view (`fast.memory`).

def units_in(state: GameState, space: str) -> list[Unit]:
    view = view_of(state)
    if view is not None:
        return view.index.get(space, [])
    return [u for u in state.units.values() if u.space == space]


def cargo_by_ship(state: GameState) -> dict[int, list[Unit]]:
    """Ship or carrier id → the units aboard it (`groups.cargo_index`), remembered while the
    state is inside `read_only`: do not change it."""
    return remembered(state, "cargo_by_ship", lambda: cargo_index(state))


def cargo_of(state: GameState, ship: Unit) -> list[Unit]:
    """Units aboard ``ship`` (they share its space)."""
    return [u for u in units_in(state, ship.space) if u.carried_by == ship.id]


def allowance(unit: Unit) -> int:
    """R-MOVE-2: the unit's movement allowance in spaces."""
    return UNIT_SPECS[unit.type].move


def left(unit: Unit) -> int:
    """Spaces the unit may still move this turn (R-NONCOMBAT-1: aircraft over both phases)."""
    return max(0, allowance(unit) - unit.moves_used)


def passable(board: BoardMap, space: str) -> bool:
    """R-MOVE-10: the Soviet Union and the Himalaya are never entered or overflown."""
    return space not in tables(board).impassable


def enemy_units(state: GameState, space: str, nation: Nation, *, for_submarine: bool = False
                ) -> list[Unit]:
    """Enemy units in ``space`` that make it occupied (R-MOVE-8: submerged submarines don't).

    For a moving submarine, patrolling aircraft don't count either (R-UNIT-9, OQ2-14).
    """
    out = []
    for u in units_in(state, space):
        if not are_enemies(u.owner, nation) or u.submerged:
            continue
        if for_submarine and is_air(u.type) and u.carried_by is None:
            continue
        out.append(u)
    return out


def has_industrial_complex(board: BoardMap, state: GameState, territory: str) -> bool:
    t = board.territory_by_id.get(territory)
    if t is not None and t.industrial_complex:
        return True
    return any(u.type is INDUSTRIAL_COMPLEX for u in units_in(state, territory))


def enemy_controlled(board: BoardMap, state: GameState, territory: str, nation: Nation) -> bool:
    owner = state.territory_owner.get(territory)
    return board.is_land(territory) and owner is not None and are_enemies(owner, nation)


def occupied(board: BoardMap, state: GameState, space: str, nation: Nation, *,
             for_submarine: bool = False) -> bool:
    """Enemy-occupied for ``nation``: enemy units there (R-MOVE-7); an enemy territory with only
    AA guns or an industrial complex counts as occupied (R-MOVE-9, R-CAPTURE-2)."""
    view = view_of(state)
    if view is None:
        return _occupied(board, state, space, nation, for_submarine)
    found = view.memo.get(("occupied", id(board), nation is JAPAN, for_submarine))
    if found is None:
        found = occupied_spaces(board, state, nation, for_submarine=for_submarine)
    return space in found


def occupied_spaces(board: BoardMap, state: GameState, nation: Nation, *,
                    for_submarine: bool = False) -> frozenset[str]:
    """Every space `occupied` for ``nation``, found in one pass over the units; remembered
    while the state is inside `read_only` (`occupied` reads it there)."""
    japan = nation is JAPAN   # the side: are_enemies written out
    return remembered(state, ("occupied", id(board), japan, for_submarine),
                      lambda: _occupied_spaces(board, state, nation, japan, for_submarine))


def _occupied_spaces(board: BoardMap, state: GameState, nation: Nation, japan: bool,
                     for_submarine: bool) -> frozenset[str]:
    read = _read_from_world(board, state, nation)
    if read is not None:
        return read[1 if for_submarine else 0]
    out = set()
    factories = set(tables(board).factories)
    for u in state.units.values():
        kind = u.type
        if kind is INDUSTRIAL_COMPLEX:
            factories.add(u.space)
        if (u.owner is JAPAN) is japan or u.submerged:
            continue
        if for_submarine and u.carried_by is None and is_air(kind):
            continue
        out.add(u.space)
    out.update(t for t in factories if enemy_controlled(board, state, t, nation))
    return frozenset(out)


# What `_read_from_world` finds: the spaces occupied for a nation, for its submarines too, the
# raid targets and the AA territories (as `occupied_spaces`, `raid_targets`, `aa_territories`).
_WorldReading = tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]


def _read_from_world(board: BoardMap, state: GameState, nation: Nation
                     ) -> _WorldReading | None:
    """What a listing found other powers' units to mean in each space (`incremental.
    _world_facts`: enemies there, for a submarine too, their AA guns, and factories), read for
    a nation of the listing power's side: a pass over the spaces instead of the units. None
    outside a listing, or for a nation of the other side.

    The listing keeps those facts from one listing to the next, so the answer is kept too
    while they and control stay the same (within a phase, nearly always)."""
    world = noted(state, ("world_facts", state.power))
    japan = nation is JAPAN
    if world is None or japan is not (state.power is POWER_JAPAN):
        return None
    key = (id(board), japan)
    memory = fast.memory()
    kept = memory.world_readings.get(key) if memory is not None else None
    owners = state.territory_owner
    if kept is not None and kept[0] is world and _same(kept[1], owners):
        before: _WorldReading = kept[2]
        return before
    occupied = {space for space, facts in world.items() if facts[0].occupied}
    for_submarine = {space for space, facts in world.items()
                     if facts[0].occupied_for_submarine}
    factories = tables(board).factories.union(
        space for space, facts in world.items() if facts[0].factory)
    # R-SBR-1: enemy territories with a complex; enemies occupy them too (R-MOVE-9).
    raids = frozenset(t for t in factories if enemy_controlled(board, state, t, nation))
    # R-AAFLY-1, R-AAFLY-7: enemy AA guns on land, in an enemy territory.
    aa = frozenset(space for space, facts in world.items()
                   if facts[0].aa_gun and enemy_controlled(board, state, space, nation))
    found = (frozenset(occupied | raids), frozenset(for_submarine | raids), raids, aa)
    if memory is not None:
        # (board id, side) → the world facts and control it was read from, and what was read.
        # The facts are kept alive by the entry, so their identity is never reused meanwhile.
        memory.world_readings[key] = (world, _kept(owners), found)
    return found


def _occupied(board: BoardMap, state: GameState, space: str, nation: Nation,
              for_submarine: bool) -> bool:
    if enemy_units(state, space, nation, for_submarine=for_submarine):
        return True
    return enemy_controlled(board, state, space, nation) and \
        has_industrial_complex(board, state, space)


def aa_territory(board: BoardMap, state: GameState, space: str, nation: Nation) -> bool:
    """An enemy territory whose enemy AA guns fire at aircraft flying over it (R-AAFLY-1;
    guns aboard a ship never fire, R-AAFLY-7)."""
    view = view_of(state)
    if view is not None:
        return space in aa_territories(board, state, nation)
    return _aa_territory(board, state, space, nation)


def _aa_territory(board: BoardMap, state: GameState, space: str, nation: Nation) -> bool:
    return enemy_controlled(board, state, space, nation) and any(
        u.type is AA_GUN and u.carried_by is None and are_enemies(u.owner, nation)
        for u in units_in(state, space))


def aa_territories(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """Every territory whose AA guns fire at the nation's aircraft flying over it
    (`aa_territory`); remembered while the state is inside `read_only`."""
    return remembered(state, ("aa_territories", id(board), nation), lambda: _found(
        _read_from_world(board, state, nation), 3, lambda: frozenset(
            s for s in tables(board).land if _aa_territory(board, state, s, nation))))


def battle_spaces(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """Where a combat move of the nation's aircraft may end in a battle: enemy-occupied
    spaces and the targets of the amphibious assaults declared (R-COMBATMOVE-1, R-MOVE-7,
    R-MOVE-9); remembered while the state is inside `read_only`."""
    return remembered(state, ("battle_spaces", id(board), nation), lambda:
                      occupied_spaces(board, state, nation) | assault_targets(state))


def raid_targets(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """Enemy territories with an industrial complex: where the nation's bombers may raid
    (R-SBR-1); remembered while the state is inside `read_only`."""
    return remembered(state, ("raid_targets", id(board), nation), lambda: _found(
        _read_from_world(board, state, nation), 2, lambda: frozenset(
            s for s in tables(board).land if enemy_controlled(board, state, s, nation) and
            has_industrial_complex(board, state, s))))


def _found(read: _WorldReading | None, part: int, scan: Callable[[], frozenset[str]]
           ) -> frozenset[str]:
    """Part ``part`` of what was read from a listing's world facts, else ``scan()``."""
    return scan() if read is None else read[part]


def friendly_territories(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """The land territories friendly to ``nation`` now (`is_friendly`); remembered while the
    state is inside `read_only`."""
    return remembered(state, ("friendly_territories", id(board), nation), lambda: frozenset(
        s for s in tables(board).land if is_friendly(board, state, s, nation)))


def landing_places(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """The territories where the nation's aircraft may land now (`can_land_now`: friendly,
    not captured this turn); remembered while the state is inside `read_only`."""
    return remembered(state, ("landing_places", id(board), nation), lambda: _by_control(
        board, state, "landing_places", nation, lambda: frozenset(
            s for s in tables(board).land if is_friendly(board, state, s, nation) and
            s not in state.captured_this_turn and passable(board, s))))


def carrier_rooms_at(state: GameState, nation: Nation) -> dict[str, int]:
    """Zone → room for fighters on the friendly carriers there now (R-CARRIER-1);
    remembered while the state is inside `read_only`: do not change it."""
    def rooms() -> dict[str, int]:
        out: dict[str, int] = {}
        for unit in state.units_of_types((CARRIER,)):
            if are_allied(unit.owner, nation):
                out[unit.space] = out.get(unit.space, 0) + carrier_room(state, unit)
        return out
    return remembered(state, ("carrier_rooms_at", nation), rooms)


def enemy_convoy_zone(board: BoardMap, state: GameState, zone: str, nation: Nation) -> bool:
    sz = board.sea_zone_by_id.get(zone)
    if sz is None or (sz.convoy_route is None and sz.convoy_center is None):
        return False
    return are_enemies(convoy_controller(board, state, zone), nation)


def same_turn(state: GameState, unit: Unit) -> bool:
    """The unit belongs to the power playing now (R-TURN-1)."""
    return power_of(unit.owner) is state.power


def friendly_since_turn_start(state: GameState, territory: str, nation: Nation) -> bool:
    """R-CONTROL-5: held by the nation's side when the turn began and still held."""
    now = state.territory_owner.get(territory)
    then = state.owner_at_turn_start.get(territory)
    return now is not None and then is not None and are_allied(now, nation) and \
        are_allied(then, nation)


def friendly_air_base(board: BoardMap, state: GameState, territory: str, nation: Nation) -> bool:
    """R-AIRBASE-1/2: an air base on a territory the nation's side controls now."""
    if territory not in tables(board).air_bases:
        return False
    owner = state.territory_owner.get(territory)   # is_friendly for a land territory
    return owner is not None and are_allied(owner, nation)


def air_step_cost(board: BoardMap, state: GameState, a: str, b: str, nation: Nation) -> int:
    """Cost of one aircraft step (R-MOVE-3): 1, or 0 between a friendly air base's territory
    and the sea zone it lies in or borders, in either direction (R-AIRBASE-1, OQ2-10)."""
    t = tables(board)
    if a in t.air_bases or b in t.air_bases:
        free = free_air_bases(board, state, nation)
        if (a in free and b in t.sea) or (b in free and a in t.sea):
            return 0
    return 1


def free_air_bases(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """The territories whose air base gives ``nation`` free steps now (R-AIRBASE-1/2)."""
    return remembered(state, ("free_air_bases", id(board), nation), lambda: _by_control(
        board, state, "free_air_bases", nation, lambda: frozenset(
            b for b in tables(board).air_bases if friendly_air_base(board, state, b, nation))))


def air_path_cost(board: BoardMap, state: GameState, path: tuple[str, ...], nation: Nation
                  ) -> int:
    """Spaces an aircraft spends along ``path`` (R-MOVE-3, R-AIRBASE-1): `air_step_cost`
    for each step."""
    t = tables(board)
    bases, sea = t.air_bases, t.sea
    free: frozenset[str] | None = None
    cost = 0
    for a, b in pairwise(path):
        if a in bases or b in bases:
            if free is None:
                free = free_air_bases(board, state, nation)
            if (a in free and b in sea) or (b in free and a in sea):
                continue
        cost += 1
    return cost


def air_distances(board: BoardMap, state: GameState, origin: str, nation: Nation,
                  limit: int) -> dict[str, int]:
    """Least cost for an aircraft from ``origin`` to every space within ``limit`` (a 0-1 BFS:
    steps cost 1, or 0 at a friendly air base). The answer is shared while the state is inside
    `read_only`: do not change it."""
    return remembered(state, ("air_distances", id(board), origin, nation, limit),
                      lambda: _air_distances(board, state, origin, nation, limit))


def _air_distances(board: BoardMap, state: GameState, origin: str, nation: Nation,
                   limit: int) -> dict[str, int]:
    return _air_search(board, state, nation, [origin], limit)


def _air_search(board: BoardMap, state: GameState, nation: Nation, origins: list[str],
                limit: int) -> dict[str, int]:
    """Least air cost from the nearest of ``origins`` to each space, up to ``limit``: a step
    between a free air base and its sea zone costs nothing (R-AIRBASE-1), so a 0-1
    breadth-first search."""
    t = tables(board)
    free = free_air_bases(board, state, nation)
    dist = dict.fromkeys(origins, 0)
    queue: deque[str] = deque(origins)
    while queue:
        here = queue.popleft()
        base = dist[here]
        here_free = here in free
        here_sea = here in t.sea
        for nxt in t.passable_neighbours[here]:
            step = 0 if (here_free and nxt in t.sea) or (here_sea and nxt in free) else 1
            cost = base + step
            if cost <= limit and cost < dist.get(nxt, limit + 1):
                dist[nxt] = cost
                if step == 0:
                    queue.appendleft(nxt)
                else:
                    queue.append(nxt)
    return dist


def home_distances(board: BoardMap, state: GameState, nation: Nation) -> dict[str, int]:
    """Least air cost from each space to the nearest territory the nation's side has held
    since the start of the turn (R-AIR-2, R-CONTROL-5), up to the longest flight (air steps
    cost the same both ways, R-AIRBASE-1). Shared while the state is inside `read_only`: do
    not change it."""
    return remembered(state, ("home_distances", id(board), nation),
                      lambda: _home_distances(board, state, nation))


_LONGEST_FLIGHT = max(spec.move for spec in UNIT_SPECS.values() if is_air(spec.type))


def _home_distances(board: BoardMap, state: GameState, nation: Nation) -> dict[str, int]:
    now = homes(board, state, nation)
    free = free_air_bases(board, state, nation)
    memory = fast.memory()
    if memory is None:
        return _air_search(board, state, nation, sorted(now), _LONGEST_FLIGHT)
    # The distances depend only on the homes and the free air bases, which seldom change
    # (never within a turn): kept from one listing to the next.
    return fast.kept(memory.home_distances, (tables(board), nation, now, free), lambda:
                     _air_search(board, state, nation, sorted(now), _LONGEST_FLIGHT), 256)


def homes(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
    """The territories the nation's side has held since the start of the turn (R-CONTROL-5):
    where its aircraft may plan to land (R-AIR-2); remembered while the state is inside
    `read_only`."""
    return remembered(state, ("homes", id(board), nation), lambda: _by_control(
        board, state, "homes", nation, lambda: frozenset(
            s for s in tables(board).land if friendly_since_turn_start(state, s, nation))))


def _by_control(board: BoardMap, state: GameState, name: str, nation: Nation,
               compute: Callable[[], frozenset[str]]) -> frozenset[str]:
    """``compute()``, a reading of control only (who controls each territory now and at the
    start of the turn, and what was captured this turn: R-CONTROL-5), kept from one call to the
    next while control stays the same. Control changes seldom, so a listing nearly always finds
    the set the last one made, with its hash already known. ``name`` names the reading."""
    memory = fast.memory()
    if memory is None:
        return compute()
    key = (tables(board), name, nation)
    now = (state.territory_owner, state.owner_at_turn_start, state.captured_this_turn)
    readings = memory.by_control
    kept = readings.get(key)
    if kept is not None and all(map(_same, kept[0], now)):
        return kept[1]   # type: ignore[no-any-return]
    found = compute()
    if len(readings) >= 256:
        readings.clear()
    readings[key] = (tuple(map(_kept, now)), found)
    return found


def _kept(container: Any) -> Any:
    """``container`` (a dict or list of a state) as a reading keeps it to compare with later:
    itself when it is shared between states, since it never changes again
    (`pacific.rules.shared`), so the next look finds it the same by identity; else a copy."""
    return container if getattr(container, "shared", False) else container.copy()


def _same(kept: Any, now: Any) -> bool:
    return kept is now or bool(kept == now)


def assault_targets(state: GameState) -> frozenset[str]:
    """The territories amphibious assaults declared this turn land on (R-AMPH-1)."""
    return remembered(state, "assault_targets",
                      lambda: frozenset(a.target for a in state.amphibious_assaults))


def carrier_room(state: GameState, carrier: Unit, leaving: frozenset[int] = frozenset()
                 ) -> int:
    """Free places on a carrier (R-CARRIER-1: 2 fighters), not counting fighters ``leaving``."""
    aboard = sum(1 for u in cargo_of(state, carrier)
                 if u.type is FIGHTER and u.id not in leaving)
    return max(0, 2 - aboard)


def friendly_carriers(state: GameState, zone: str, nation: Nation) -> list[Unit]:
    """Carriers of the nation's side in ``zone``, the nation's own power first."""
    found = [u for u in units_in(state, zone)
             if u.type is CARRIER and are_allied(u.owner, nation)]
    return sorted(found, key=lambda c: (power_of(c.owner) is not power_of(nation), c.id))


def can_land_now(board: BoardMap, state: GameState, unit: Unit, space: str) -> bool:
    """Non-combat landing (R-NONCOMBAT-5, R-AIR-7, R-CAPTURE-4): a friendly territory not
    captured this turn, or, for fighters, a friendly carrier with room."""
    if board.is_land(space):
        return is_friendly(board, state, space, unit.owner) and \
            space not in state.captured_this_turn and passable(board, space)
    if unit.type is not FIGHTER:
        return False
    return any(carrier_room(state, c) > 0 for c in friendly_carriers(state, space, unit.owner))
