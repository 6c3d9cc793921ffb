"""Incremental movement listing: a stack's moves are listed again only when
something they depend on changed since the last listing of the same power and phase.

A stack's moves depend on its own units and on the state of regions of the board around it,
which the lister bounds from the board alone (`Dependencies`: the spaces its paths can reach
and what the checks look at beside them). Between two listings the differences are cheap to
find: states share their units, so a unit that did not change is the same
object, and a unit shared with a copy can never change again (`GameState.unit`); units that
could still change in place are compared by value, and so are the few small fields (control,
convoys, assaults, raids, battles...). Every difference is the space it happens in, sorted
by kind, because most moves depend on some kinds only:
- ``enemy``: what other powers' units mean to the power's moves (enemies occupying a space,
  AA guns, enemy ships...; `_world_facts`): other powers never move in this power's turn, and
  their moves in between count only where they change these facts;
- ``allies``: the allied transports and Japanese destroyers (troops board them);
- ``allied_carriers``: the allied carriers (fighters land on them);
- ``control``: who controls territories (now and at the start of the turn, captured this
  turn) and convoy zones;
- ``records``: the turn's assaults, raids, battles, frozen carriers and ships that unloaded
  (the units they name count as changed too);
- ``shipping``: the power's own transports and land units (troops board ships);
- ``carriers``: the power's own carriers, and its fighters at sea (where fighters may land).
A stack whose units are unchanged and whose regions hold no difference of their kind keeps
its moves; the others are listed afresh.

The answer is the same list, in the same order, as a listing from scratch:
tests/test_movement_incremental.py compares the two along random games.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import compress, product
from operator import attrgetter, is_not
from types import MappingProxyType
from typing import Any, Final

from pacific.rules.actions.movement import MovementAction
from pacific.rules.board_map import BoardMap
from pacific.rules.groups import UnitKey, unit_key
from pacific.rules.movement import spaces
from pacific.rules.movement.fast import memory as fast
from pacific.rules.movement.fast.checkmemo import Enemies
from pacific.rules.movement.members import (
    AA_GUN,
    CARRIER,
    DESTROYER,
    FIGHTER,
    INDUSTRIAL_COMPLEX,
    JAPAN,
    NONCOMBAT_MOVE,
    POWER_JAPAN,
    SUBMARINE,
    TRANSPORT,
)
from pacific.rules.movement.tables import tables
from pacific.rules.nations import NATION_POWER, Power, power_of
from pacific.rules.state import GameState, Unit, UnitDict
from pacific.rules.units import is_air, is_land, is_sea

# What a stack's moves read of the carriers, asked again of a later state
# (`Dependencies.read_carriers`).
CarrierReading = Callable[[BoardMap, GameState], object]


# Not frozen: a frozen dataclass sets each field through object.__setattr__, and every stack
# listed afresh makes one. Never changed once made.
@dataclass(slots=True, eq=False)
class Dependencies:
    """The regions of the board a stack's moves depend on, by kind of difference.

    ``read_carriers``, for fighters: what their moves read of the carriers (``carriers_read``:
    its answer when they were listed). When the only differences in their regions are of the
    carriers' kinds (``carriers``, ``allied_carriers``) and ``read_carriers`` answers the same,
    the moves are the same: most carrier changes (a fighter landing on one nearby, a carrier
    moving in its region) change nothing a fighter stack further away may do.
    ``enemy_for_carriers``: where enemy units matter only through the carriers (they stop
    carriers on their way to a landing place, R-CARRIER-6): their changes there count as the
    carriers' do."""

    enemy: frozenset[str] = frozenset()
    allies: frozenset[str] = frozenset()
    allied_carriers: frozenset[str] = frozenset()
    control: frozenset[str] = frozenset()
    records: frozenset[str] = frozenset()
    shipping: frozenset[str] = frozenset()
    carriers: frozenset[str] = frozenset()
    enemy_for_carriers: frozenset[str] = frozenset()
    # Aircraft and ships: when other things changed around them (`_in_part`), only their
    # destinations where something changed are searched again.
    in_part: bool = False
    read_carriers: CarrierReading | None = field(default=None, compare=False)
    carriers_read: object = field(default=None, compare=False)


# A stack's moves, what they depend on, and what the lister keeps to list them again in part
# (`Dependencies.in_part`).
Listed = tuple[list[MovementAction], Dependencies, object]
# What other powers' units in a space mean to a power's moves (`_world_facts`).
WorldFact = tuple[Enemies, object, object]
# (board, state, stack, its last listing and the spaces where something changed since, when
# it may be listed again in part) → its listing.
Compute = Callable[[BoardMap, GameState, list[Unit], Listed | None, frozenset[str]], Listed]


@dataclass
class _Differences:
    units: set[int] = field(default_factory=set)
    foreign: set[str] = field(default_factory=set)   # other powers' units changed here
    enemy: set[str] = field(default_factory=set)
    allies: set[str] = field(default_factory=set)
    allied_carriers: set[str] = field(default_factory=set)
    control: set[str] = field(default_factory=set)
    records: set[str] = field(default_factory=set)
    shipping: set[str] = field(default_factory=set)
    carriers: set[str] = field(default_factory=set)

    def untouched(self, ids: tuple[int, ...], deps: Dependencies) -> bool:
        return self.untouched_but_carriers(ids, deps) and \
            deps.carriers.isdisjoint(self.carriers) and \
            deps.allied_carriers.isdisjoint(self.allied_carriers) and \
            deps.enemy_for_carriers.isdisjoint(self.enemy)

    def untouched_but_carriers(self, ids: tuple[int, ...], deps: Dependencies) -> bool:
        return self.units.isdisjoint(ids) and deps.enemy.isdisjoint(self.enemy) and \
            deps.control.isdisjoint(self.control) and deps.records.isdisjoint(self.records) \
            and deps.shipping.isdisjoint(self.shipping) and deps.allies.isdisjoint(self.allies)


@dataclass
class _Snapshot:
    """What a listing read, kept to compare the next state with."""

    board: BoardMap
    units: dict[int, Unit]
    power: Power
    # Units that could still change in place: their values, where they were and the landing
    # they had declared (`_where`).
    values: dict[int, tuple[UnitKey, str, str | None]]
    fields: dict[str, Any]         # small fields, by value
    stacks: dict[tuple[int, ...], Listed] = field(default_factory=dict)
    keys: dict[int, UnitKey] = field(default_factory=dict)   # of the stacks' units
    # Space → what other powers' units there mean to this power's moves (`_world_facts`).
    facts: dict[str, WorldFact] = field(default_factory=dict)


# Last listings a memory keeps, one per (board, power, phase): a few boards at most are in play.
_KEEP = 24


def movers(state: GameState) -> list[Unit]:
    """The units of the power playing that may move (not its industrial complexes), in id
    order."""
    power = state.power
    factory = INDUSTRIAL_COMPLEX
    return sorted((u for u in state.units.values()
                   if NATION_POWER[u.owner] is power and u.type is not factory), key=_ID)


_ID = attrgetter("id")


def stacks(state: GameState, known: dict[int, UnitKey] | None = None,
           stale: set[int] | frozenset[int] = frozenset()) -> list[list[Unit]]:
    """The power's `movers` in groups of identical units (`pacific.rules.groups`: the same in
    everything but the id, cargo included), each in id order, groups in order of their first
    id. ``known``: keys (`groups.unit_key` with cargo) of units that have not changed since
    they were found, but for the ids ``stale``; it gets the keys of the units grouped."""
    cargo = spaces.cargo_by_ship(state)
    groups: dict[UnitKey, list[Unit]] = {}
    found: dict[int, UnitKey] = {}
    for unit in movers(state):
        uid = unit.id
        key = known.get(uid) if known is not None and uid not in stale else None
        if key is None:
            key = unit_key(unit, cargo)
        found[uid] = key
        groups.setdefault(key, []).append(unit)
    if known is not None:
        known.clear()
        known.update(found)
    return list(groups.values())


def _regroup(state: GameState, old: _Snapshot, snap: _Snapshot, stale: set[int]
             ) -> list[list[Unit]]:
    """`stacks` found from the last listing's: only the units ``stale`` (changed, come or
    gone, ships whose cargo changed) are grouped again."""
    keys = old.keys   # copied on its first change
    units = state.units
    groups: dict[UnitKey, list[Unit]] = {}
    for ids in old.stacks:
        if stale.isdisjoint(ids):
            groups[keys[ids[0]]] = [units[i] for i in ids]
        else:
            rest = [units[i] for i in ids if i not in stale]
            if rest:
                groups[keys[ids[0]]] = rest
    power = state.power
    copied = False
    for uid in sorted(stale):
        unit = units.get(uid)
        if unit is None or NATION_POWER[unit.owner] is not power or \
                unit.type is INDUSTRIAL_COMPLEX:
            if uid in keys:
                if not copied:
                    keys, copied = dict(keys), True
                del keys[uid]
            continue
        if not copied:
            keys, copied = dict(keys), True
        key = keys[uid] = unit_key(unit, spaces.cargo_by_ship(state))
        group = groups.setdefault(key, [])
        insort(group, unit, key=_ID)
    snap.keys = keys
    return sorted(groups.values(), key=_first_id)


def _first_id(group: list[Unit]) -> int:
    return group[0].id


def listing(board: BoardMap, state: GameState, compute: Compute) -> list[MovementAction]:
    """The moves of every stack (`stacks`), in order: ``compute(board, state, stack)`` for the
    stacks that may have changed since the last listing of this power and phase, the
    remembered ones for the others. The last listings are kept in the memory of the call
    (`fast.memory`); without one, or with one that remembers nothing, every stack is listed
    afresh."""
    out: list[MovementAction] = []
    memory = fast.memory()
    if memory is None or not memory.remember:
        for stack in stacks(state):
            out += compute(board, state, stack, None, _NOWHERE)[0]
        return out
    last: dict[tuple[object, ...], _Snapshot] = memory.snapshots
    key = (id(board), state.power, state.phase)
    old = last.get(key)
    snap = _snapshot(board, state, old)
    diff = _differences(old, snap) if old is not None and old.board is board else None
    if old is not None and diff is not None:
        # The keys of units that did not change are the same: a ship's holds its cargo's, so
        # a ship whose cargo changed is found again too.
        grouped = _regroup(state, old, snap, diff.units | _ships_of(old, snap, diff.units))
    else:
        grouped = stacks(state, snap.keys)
    if diff is None or old is None:
        snap.facts = {space: _world_facts(state, space, state.power) for space in board.neighbours}
        kept: dict[tuple[int, ...], Listed] = {}
    else:
        # Other powers' units never move in this power's turn; where they changed since the
        # last listing (a round ago, for its first), what matters is what they mean.
        # (shared with the last listing when nothing of theirs changed: fewer young objects
        # for the garbage collector to walk)
        snap.facts = dict(old.facts) if diff.foreign else old.facts
        for space in diff.foreign:
            now = snap.facts[space] = _world_facts(state, space, state.power)
            was = old.facts.get(space)
            if was is None or now[0] != was[0]:
                diff.enemy.add(space)
            if was is None or now[1] != was[1]:
                diff.allied_carriers.add(space)
            if was is None or now[2] != was[2]:
                diff.allies.add(space)
        kept = old.stacks
    spaces.note(state, ("world_facts", state.power), snap.facts)   # for `checkmemo`
    listed_now = snap.stacks
    for stack in grouped:
        ids = tuple([u.id for u in stack])
        hit = kept.get(ids)
        if hit is None or diff is None:
            listed = compute(board, state, stack, None, _NOWHERE)
        elif diff.untouched(ids, hit[1]) or _same_decks(board, state, diff, ids, hit[1]):
            listed = hit
        else:
            listed = compute(board, state, stack, *_in_part(board, state, diff, ids, hit))
        listed_now[ids] = listed
        out += listed[0]
    last.pop(key, None)
    if len(last) >= _KEEP:
        last.pop(next(iter(last)))
    last[key] = snap   # (it holds the board: its id is not reused while the entry lives)
    return out


_NOWHERE: frozenset[str] = frozenset()


def _in_part(board: BoardMap, state: GameState, diff: _Differences, ids: tuple[int, ...],
             hit: Listed) -> tuple[Listed | None, frozenset[str]]:
    """The last listing of a stack, and the spaces where what its moves read changed, when
    it may be listed again in part (`Dependencies.in_part`); else (None, nowhere).

    Its units and the ships troops board must be the same. What changed is then enemy units,
    control and the turn's records (assaults and raids, read where a flight ends,
    R-COMBATMOVE-1, R-SBR-1), and in non-combat movement the carriers, in spaces the search
    asks about one by one; in combat movement the search compares the rooms carriers offer
    after non-combat movement itself (R-AIR-3)."""
    deps = hit[1]
    if not deps.in_part or not diff.units.isdisjoint(ids) or \
            not deps.shipping.isdisjoint(diff.shipping) or \
            not deps.allies.isdisjoint(diff.allies):
        return None, _NOWHERE
    changed = diff.enemy | diff.control | diff.records
    if state.phase is NONCOMBAT_MOVE:
        changed |= diff.carriers | diff.allied_carriers
    return hit, frozenset(changed)


def _same_decks(board: BoardMap, state: GameState, diff: _Differences, ids: tuple[int, ...],
                deps: Dependencies) -> bool:
    """Whether only carriers changed around the stack, in nothing its moves read of them."""
    return deps.read_carriers is not None and diff.untouched_but_carriers(ids, deps) and \
        deps.read_carriers(board, state) == deps.carriers_read


# ---- what changed ----

_OWNER = attrgetter("_owner")   # a unit's `Ownership` mark, or None


def _snapshot(board: BoardMap, state: GameState, old: _Snapshot | None = None) -> _Snapshot:
    units = state.units
    if type(units) is UnitDict:
        # Kept as it is, shared as a copy of the state would share it: the state takes a dict
        # of its own before its units change again (`GameState.unit`), so this one keeps what
        # was listed. (A copy of every unit per listing, kept for a round, was work for the
        # garbage collector's every walk until the next listing of the phase.)
        units.shared = True
    else:
        units = dict(units)
    # Units a copy of the state was never made from may still change in place: their values
    # are kept (with where they were), the others are compared by identity (`Unit` mark).
    marks = set(map(_OWNER, units.values()))   # a few: found in C, then each asked once
    open_marks = {mark for mark in marks if mark is None or not mark.sealed}
    values = {uid: (unit_key(units[uid]), units[uid].space, units[uid].landing)
              for uid in compress(units, map(open_marks.__contains__,
                                             map(_OWNER, units.values())))} if open_marks else {}
    was = old.fields if old is not None else {}
    fields = {
        # The last listing's copy when equal: fewer young objects for the garbage collector.
        "owners": _copy(state.territory_owner, was.get("owners")),
        "at_start": _copy(state.owner_at_turn_start, was.get("at_start")),
        "convoys": _copy(state.convoy_holder, was.get("convoys")),
        "captured": frozenset(state.captured_this_turn),
        "assaults": tuple((a.target, tuple(a.sea_zones), tuple(a.ships),
                           tuple(a.landing_units), tuple(a.land_aircraft), a.called_off)
                          for a in state.amphibious_assaults),
        "raids": tuple((r.target, tuple(r.bombers), tuple(r.escorts)) for r in state.raids),
        "battles": tuple((b.space, b.kind) for b in state.battles),
        "frozen": tuple(state.frozen_carriers),
        "unloads": dict(state.transport_unloads),
    }
    return _Snapshot(board=board, units=units, power=state.power, values=values,
                     fields=fields)


def _ships_of(old: _Snapshot, new: _Snapshot, ids: set[int]) -> set[int]:
    """The ships the units ``ids`` were or are aboard."""
    out: set[int] = set()
    for uid in ids:
        if uid in old.units:
            kept = old.values.get(uid)
            # (an unsealed unit may have changed in place since: its key says where it was)
            ship = kept[0][3] if kept is not None else old.units[uid].carried_by
            if isinstance(ship, int):
                out.add(ship)
        unit = new.units.get(uid)
        if unit is not None and unit.carried_by is not None:
            out.add(unit.carried_by)
    return out


def _copy(now: dict[str, Any], kept: dict[str, Any] | None) -> dict[str, Any]:
    return kept if kept is not None and kept == now else dict(now)


def _where(snap: _Snapshot, uid: int) -> tuple[str, str | None]:
    """Where unit ``uid`` was when ``snap`` was taken, and the landing it had declared."""
    kept = snap.values.get(uid)
    if kept is not None:
        return kept[1], kept[2]
    unit = snap.units[uid]    # shared: it has not changed since
    return unit.space, unit.landing


def _differences(old: _Snapshot, new: _Snapshot) -> _Differences:
    """The units that changed, and the spaces where anything changed, by kind."""
    diff = _Differences()
    values = old.values
    power = new.power
    now_units = new.units
    # The units no longer the same object (changed, or gone), and those that could change in
    # place, found in C.
    suspects = set() if now_units is old.units else set(
        compress(old.units, map(is_not, old.units.values(), map(now_units.get, old.units))))
    suspects.update(values)
    for uid in suspects:
        was = old.units[uid]
        now = now_units.get(uid)
        if now is not None:
            value = values.get(uid)
            if now is was and value is None:
                continue   # shared with a copy: it can never change
            # Compared by value otherwise: a unit copied but equal to what it was (its turn's
            # records cleared when it had none, a change undone) changed nothing.
            if (unit_key(was) if value is None else value[0]) == unit_key(now):
                continue
        places: set[str | None] = set(_where(old, uid))
        if now is not None:
            places.update((now.space, now.landing))
        _note(old.board, diff, uid, was, places, power)
        if now is not None and (now.owner is not was.owner or now.type is not was.type):
            # An AA gun or a complex taken with its territory (R-CAPTURE-6), or another
            # game on the same board: what it is now counts too.
            _note(old.board, diff, uid, now, places, power)
    for uid in now_units.keys() - old.units.keys():
        unit = now_units[uid]
        _note(old.board, diff, uid, unit, {unit.space, unit.landing}, power)
    records, control = diff.records, diff.control
    a, b = old.fields, new.fields
    for name in ("owners", "at_start", "convoys"):
        if a[name] != b[name]:
            before, after = a[name], b[name]
            control.update(k for k in before.keys() | after.keys()
                           if before.get(k) != after.get(k))
    if a["captured"] != b["captured"]:
        control.update(a["captured"] ^ b["captured"])
    named: set[int] = set()    # units the changed records name
    if a["unloads"] != b["unloads"]:
        before, after = a["unloads"], b["unloads"]
        for k in before.keys() | after.keys():
            if before.get(k) != after.get(k):
                named.add(k)
                records.update(v for v in (before.get(k), after.get(k)) if v)
    for name in ("assaults", "raids", "battles"):
        if a[name] != b[name]:
            for record in set(a[name]) ^ set(b[name]):
                records.add(record[0])
                for part in record[1:]:
                    if isinstance(part, tuple):
                        for item in part:
                            (named.add if isinstance(item, int) else records.add)(item)
    if a["frozen"] != b["frozen"]:
        named.update(set(a["frozen"]) ^ set(b["frozen"]))
    diff.units.update(named)
    records.update(_unit_spaces(old, new, named))
    return diff


def _note(board: BoardMap, diff: _Differences, uid: int, unit: Unit, places: set[str | None],
          power: Power) -> None:
    """A unit that changed, in the spaces it was and is in and the landing places it
    declared. Other powers' units, and industrial complexes, count where their world facts
    are (`_world_facts`). A fighter that is or was at sea (aboard a carrier, or declaring a
    carrier landing) counts for the carriers, an ally's too; one flying over land does not;
    the power's warships and bombers count for nothing but themselves."""
    diff.units.add(uid)
    where = {p for p in places if p is not None}
    kind = unit.type
    if power_of(unit.owner) is not power or kind is INDUSTRIAL_COMPLEX:
        # (the world facts say where any complex stands, the power's own too: R-MOVE-9)
        diff.foreign.update(where)
        if (unit.owner is JAPAN) is (power is POWER_JAPAN) and where & tables(board).sea:
            # An ally's fighter or land unit at sea may be aboard the power's own carrier or
            # transport, and takes room there (R-CARRIER-1, R-TRANS-13): it counts as the
            # power's own would.
            if kind is FIGHTER:
                diff.carriers.update(where)
            elif is_land(kind):
                diff.shipping.update(where)
    elif kind is CARRIER or (kind is FIGHTER and bool(
            where & tables(board).sea)):
        diff.carriers.update(where)
    elif is_land(kind) or kind is TRANSPORT or (
            kind is DESTROYER and unit.owner is JAPAN):
        diff.shipping.update(where)


def _world_facts(state: GameState, space: str, power: Power) -> WorldFact:
    """What the units of other powers in ``space`` mean to the moves of ``power``: whether
    enemies occupy it, for a ship and for a submarine (R-MOVE-7, R-MOVE-8, OQ2-14), whether
    enemy ships are there, submerged or not (R-TRANS-11), enemy units other than submarines
    (R-CAP-1), an enemy AA gun (R-AAFLY-1), an industrial complex (R-MOVE-9); and apart, the
    allied carriers there with their cargo (fighters land on them, R-MOVE-6), and the allied
    transports and Japanese destroyers with theirs (troops board them, R-TRANS-3): aircraft
    depend on the first, land units on the second."""
    occupied = occupied_by_sub = sea = non_sub = aa = factory = False
    carriers: list[tuple[int, UnitKey]] = []
    ships: list[tuple[int, UnitKey]] = []
    cargo = None
    for unit in spaces.units_in(state, space):
        kind = unit.type
        factory = factory or kind is INDUSTRIAL_COMPLEX
        if power_of(unit.owner) is power:
            continue
        if (unit.owner is JAPAN) is not (power is POWER_JAPAN):   # an enemy
            sea = sea or is_sea(kind)
            if unit.submerged:
                continue
            occupied = True
            occupied_by_sub = occupied_by_sub or not (is_air(kind) and unit.carried_by is None)
            non_sub = non_sub or kind is not SUBMARINE
            aa = aa or (kind is AA_GUN and unit.carried_by is None)
        elif kind in (CARRIER, TRANSPORT, DESTROYER):
            # (their cargo is part of their key)
            cargo = cargo if cargo is not None else spaces.cargo_by_ship(state)
            (carriers if kind is CARRIER else ships).append(
                (unit.id, unit_key(unit, cargo)))
    key = (occupied, occupied_by_sub, sea, non_sub, aa, factory)
    if not carriers and not ships:   # most spaces: one of 64 facts, shared
        return _BARE_FACTS[key]
    return (_BARE_FACTS[key][0], tuple(sorted(carriers)), tuple(sorted(ships)))


# The facts of spaces without allied carriers or transports, all 64 made once: the listings keep
# one per space for a round, and shared ones cost the garbage collector nothing new.
_BARE_FACTS: Final[Mapping[tuple[bool, ...], WorldFact]] = MappingProxyType({
    key: (Enemies(*key), (), ()) for key in product((False, True), repeat=6)})


def _unit_spaces(old: _Snapshot, new: _Snapshot, ids: Any) -> set[str]:
    out = set()
    for uid in ids:
        for snap in (old, new):
            if uid in snap.units:
                out.add(_where(snap, uid)[0])
    return out


# ---- regions ----

def ball(board: BoardMap, start: str, radius: int, only: str = "") -> frozenset[str]:
    """The spaces at most ``radius`` steps from ``start`` over any adjacency; with ``only``
    ("land" or "sea"), those of that element."""
    t = tables(board)
    key = ("ball", start, radius, only)
    found = t.derived.get(key)
    if found is None:
        inside = t.land if only == "land" else t.sea if only == "sea" else None
        found = t.derived[key] = frozenset(
            s for s, d in t.hops[start].items()
            if d <= radius and (inside is None or s in inside))
    return found


def air_region(board: BoardMap, start: str, allowance: int, margin: int) -> frozenset[str]:
    """The spaces within ``margin`` steps of any space an aircraft at ``start`` could reach
    with ``allowance`` (every air base counted as friendly: no flight reaches further)."""
    t = tables(board)
    key = ("air", start, allowance, margin)
    found = t.derived.get(key)
    if found is None:
        region = {s for s, d in t.air_floor[start].items() if d <= allowance}
        frontier = region
        for _ in range(margin):   # any adjacency, as `ball`
            frontier = {n for x in frontier for n in board.neighbours[x]} - region
            region |= frontier
        found = t.derived[key] = frozenset(region)
    return found
