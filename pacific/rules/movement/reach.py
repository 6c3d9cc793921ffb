"""`reachable`: every place a chosen group can legally go now, with the path, the cost and the
action that takes it there. The GUI highlights these places while a stack is dragged; the
listers and a computer player search with it.

Exactness: candidate paths come from a search that follows the movement rules (land and sea
paths are few and all are tried; aircraft take the cheapest path, then the one crossing the
fewest AA guns), and each candidate is confirmed by the same checks the handlers run
(`check_group` and `check_units` once for the group, `check_path` for each candidate; the
candidates carry no field their group may not). So every destination returned is accepted by
`Game.apply`, and a space is omitted only when no path the search considers is legal.

Cheap filters run first, on facts of the state computed once per listing (`spaces.read_only`):
where the battles, raid targets and landing places of a nation are. They only skip candidates
the checks would refuse. When a whole stack of identical units was searched, one unit of it is
searched with the whole stack's answers trusted: no rule requires units to move in company, so
whatever all of them may do, one of them may (`search`'s ``trusted``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from pacific.rules.actions.movement import Load, Move, MovementAction, Unload
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.groups import identical_groups
from pacific.rules.movement import checkmemo
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
from pacific.rules.movement.incremental import ball
from pacific.rules.movement.landing import (
    DeckReach,
    HomeReach,
    home_reach,
    planned_carrier_rooms,
)
from pacific.rules.movement.members import (
    AIR,
    COMBAT_MOVE,
    FIGHTER,
    LAND,
    NONCOMBAT_MOVE,
    SEA,
    SUBMARINE,
)
from pacific.rules.movement.routes import (
    SeaReach,
    air_route_to,
    air_routes,
    land_paths,
    sea_cones,
    sea_paths,
)
from pacific.rules.movement.tables import tables
from pacific.rules.movement.transport import check_load, check_unload, is_carrier_ship
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS


class Destination(NamedTuple):
    """One legal destination of a group (a named tuple: listing makes thousands).

    ``attack``: a battle will be fought there. ``capture``: the move captures a territory or
    convoy zone on the way or on arrival. ``assault``: cargo lands in an amphibious assault.
    ``landing``: aircraft land there, or cargo lands there. ``declared_landing``: the landing
    place a risky air mission declares (R-AIR-3). ``action`` takes the group there;
    ``raid_action``, when set, flies there as a strategic bombing raid instead; ``more`` are
    the other legal ways of going there: the other landing places a risky mission may
    declare (R-AIR-3), a raid declaring them, another carrier to land on (R-MOVE-6), another
    ship to board (R-TRANS-3).
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


# What a checked action does, kept to trust it for one unit of the same stack:
# (cost, attack, capture, assault, landing, declared landing).
Facts = tuple[int, bool, bool, bool, bool, str | None]
ActionKey = tuple[object, ...]
MoveKey = checkmemo.MoveKey   # a move by (path, raid, landing, carrier)


@dataclass(slots=True)
class Found:
    """The answer of `search`: the destinations, every action accepted (by its key, with what
    it does), and whether the answer depends on where carriers may be after non-combat
    movement (a risky flight's landing, R-AIR-3, OQ2-18)."""

    destinations: dict[str, Destination] = field(default_factory=dict)
    accepted: dict[ActionKey, Facts] = field(default_factory=dict)
    carrier_plans: bool = False
    # Aircraft: what each candidate gave (`Candidate`) and what every candidate read whatever
    # it is (the routes, the territories held since the start of the turn): a later search
    # of the same units takes again the candidates where nothing changed (`search`'s
    # ``before``).
    candidates: dict[str, Candidate] = field(default_factory=dict)
    routes: object = None
    free: frozenset[str] | None = None   # the free air bases the routes were found with
    homes: frozenset[str] | None = None
    # Ships: how far their paths went (`_sea`); a later search of the same units with the
    # same reach takes again the destinations where nothing changed.
    sea_limit: int = 0
    rooms: dict[str, int] | None = None   # the carriers' rooms, when a landing read them


class Candidate(NamedTuple):
    """What an aircraft group's search found for one candidate destination: its
    `Destination` (None: no legal move), the actions accepted there with what they do,
    whether a landing on carriers was considered (R-AIR-3), and the route (None when no
    flight was tried)."""

    destination: Destination | None
    accepted: tuple[tuple[ActionKey, Facts], ...]
    carriers: bool
    path: tuple[str, ...] | None


def reachable(board: BoardMap, state: GameState, unit_ids: Iterable[int],
              phase: Phase | None = None) -> dict[str, Destination]:
    """Every space the group ``unit_ids`` can legally reach now, in ``phase`` (default: the
    state's phase). Units aboard a ship answer with the territories they can unload into;
    land units also list the zones of ships they can board. Never raises: an unknown or
    scattered group has no destinations."""
    with sp.read_only(state):
        return search(board, state, tuple(unit_ids), phase or state.phase).destinations


@dataclass(slots=True)
class _Search:
    board: BoardMap
    state: GameState
    phase: Phase
    ids: tuple[int, ...]
    trusted: Mapping[ActionKey, Facts]
    found: Found
    # What other powers' units mean in each space, while listing (`incremental`): path
    # checks are then remembered from one listing to the next (`checkmemo`).
    world: checkmemo.WorldFacts | None = None
    cls: int = -1   # `checkmemo.class_id` of the group
    signer: checkmemo.Signer | None = None
    # Found once per search, on first need (`_declarations`): one unit per movement left,
    # and the rooms on carriers after non-combat movement (R-AIR-2, R-AIR-3, OQ2-18).
    homing: list[tuple[HomeReach, int]] | None = None
    rooms: dict[str, int] | None = None
    decks: DeckReach | None = None
    # Aircraft listed again in part: the last search of these units, and the spaces where
    # anything they read may have changed since.
    before: Found | None = None
    changed: frozenset[str] = frozenset()
    # While a candidate is searched: the actions accepted for it, and whether a carrier
    # landing was considered.
    noted: list[tuple[ActionKey, Facts]] | None = None
    carriers_considered: bool = False


def search(board: BoardMap, state: GameState, ids: tuple[int, ...], phase: Phase,
           trusted: Mapping[ActionKey, Facts] | None = None, before: Found | None = None,
           changed: frozenset[str] = frozenset()) -> Found:
    """`reachable` for a caller holding the state `spaces.read_only`. ``trusted``: the
    actions accepted for a group these units are part of, all identical to them (`Found`'s
    ``accepted``); those are not checked again. ``before``: for aircraft and ships, the
    answer of a search of the same units, unchanged, in the same phase, since which nothing
    they read changed but in the spaces ``changed`` (enemy units and control, and in phase 6
    the carriers; `pacific.rules.movement.incremental`): its destinations away from them
    are taken again."""
    found = Found()
    units = [state.units[i] for i in ids if i in state.units]
    if not units or len(units) != len(ids) or len({u.space for u in units}) != 1:
        return found
    domains = {UNIT_SPECS[u.type].domain for u in units}
    if len(domains) != 1 or phase not in (COMBAT_MOVE, NONCOMBAT_MOVE):
        return found
    domain = domains.pop()
    run = _Search(board, state, phase, ids, trusted or {}, found, before=before,
                  changed=changed)
    carriers = {u.carried_by for u in units}
    if domain is LAND and carriers != {None}:
        if len(carriers) == 1:
            _unloads(run, units)
        return found
    group = movable(board, state, ids, units[0].space, phase)
    if group is not None:
        run.world = sp.noted(state, ("world_facts", state.power))
        if run.world is not None:
            run.cls = checkmemo.class_id(board, group)
            run.signer = checkmemo.Signer(board, state, group, run.world)
    if domain is LAND:
        if group is not None:
            _land(run, group)
        _loads(run, units)
    elif group is None:
        pass
    elif domain is SEA:
        _sea(run, group)
    else:
        _air(run, group)
    return found


def boardings(board: BoardMap, state: GameState, ids: tuple[int, ...], phase: Phase) -> Found:
    """The ships land units ``ids``, standing on land, may board now (`search` without the
    moves by land): for one unit of a stack whose moves by land are the stack's."""
    found = Found()
    units = [state.units[i] for i in ids]
    _loads(_Search(board, state, phase, ids, {}, found), units)
    return found


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


# ---- confirming candidates ----

_new = object.__new__
_set = object.__setattr__
# The fields every listed move sets, one set shared by all of them: a `Move` is frozen, so
# pydantic never adds to it, and `model_copy` copies it first (one object fewer per move for
# the garbage collector to walk).
_MOVE_FIELDS = {"units", "path", "raid", "landing", "carrier"}


def made_move(units: tuple[int, ...], path: tuple[str, ...], raid: bool = False,
              landing: str | None = None, carrier: int | None = None) -> Move:
    """A `Move` made by the search from the state's own unit ids and the board's space ids,
    built without validating them again: listing makes thousands. Equal (and equally hashed
    and written) to the validated `Move` (tests/test_movement_fast.py).

    Moves are frozen values: the same move is made once and shared while it is remembered
    (`_MOVES`). A stack listed again mostly finds the moves it had, and they are then no new
    objects for the garbage collector to walk."""
    key = (units, path, raid, landing, carrier)
    move = _MOVES.get(key)
    if move is None:
        if len(_MOVES) >= _KEEP_MOVES:
            _MOVES.clear()
        move = _MOVES[key] = _new(Move)
        _set(move, "__dict__", {"kind": "move", "units": units, "path": path, "raid": raid,
                                "landing": landing, "carrier": carrier, "casualty_order": ()})
        _set(move, "__pydantic_fields_set__", _MOVE_FIELDS)
        _set(move, "__pydantic_extra__", None)
        _set(move, "__pydantic_private__", None)
    return move


_MOVES: dict[tuple[object, ...], Move] = {}
_KEEP_MOVES = 10_000


def _facts(run: _Search, group: Group, key: MoveKey) -> Facts | None:
    """What the move ``key`` (path, raid, landing, carrier) does if `check_path` accepts it
    (or it is trusted), else None. The move itself is made only to be checked: most answers
    are trusted or remembered (`checkmemo`), and many candidate paths are refused."""
    facts = run.trusted.get(key)
    if facts is None:
        sig = None
        if run.signer is not None:
            sig = run.signer.sign(key[0], key[2], run.rooms)
            if sig is not None:
                hit = checkmemo.recall(run.cls, key)
                if hit is not None and hit[0] == sig:
                    if hit[1] is None:
                        return None
                    run.found.accepted[key] = hit[1]
                    if run.noted is not None:
                        run.noted.append((key, hit[1]))
                    return hit[1]
        try:
            plan = check_path(run.board, run.state, group, made_move(run.ids, *key))
        except IllegalAction:
            plan = None
        facts = None if plan is None else (
            plan.cost, plan.attack, bool(plan.captures or plan.convoy_captures), False,
            plan.domain is AIR and run.phase is NONCOMBAT_MOVE, plan.landing)
        if sig is not None:
            checkmemo.remember(run.cls, key, sig, facts)
        if facts is None:
            return None
    run.found.accepted[key] = facts
    if run.noted is not None:
        run.noted.append((key, facts))
    return facts


def _destination(move: MovementAction, path: tuple[str, ...], facts: Facts,
                 raid: MovementAction | None = None, more: tuple[MovementAction, ...] = ()
                 ) -> Destination:
    return Destination(path[-1], path, facts[0], move, facts[1], facts[2], facts[3],
                       facts[4], facts[5], raid, more)


def _first_legal(run: _Search, group: Group, paths: list[tuple[str, ...]],
                 limits: SeaReach | None = None) -> None:
    """The first legal path to each end of ``paths``; ``limits``: how far the ships may go
    to each end (the paths beyond are refused without a check)."""
    out = run.found.destinations
    ids = run.ids
    for path in paths:
        dest = path[-1]
        if dest in out or (limits is not None and not limits.allows(path)):
            continue
        facts = _facts(run, group, (path, False, None, None))
        if facts is not None:
            out[dest] = _destination(made_move(ids, path), path, facts)


# ---- land ----

def _land(run: _Search, group: Group) -> None:
    limit = group.limit
    if limit <= 0:
        return
    board, state = run.board, run.state
    paths = sp.remembered(state, ("land_paths", id(board), group.start, limit, group.phase,
                                  group.nation),
                          lambda: land_paths(board, state, group.start, limit, group.phase,
                                             group.nation))
    _first_legal(run, group, paths)


def _loads(run: _Search, units: list[Unit]) -> None:
    """Boarding each ship of its own kind next to the units (R-TRANS-3, R-TRANS-4): the first
    in a zone is the zone's action, the others its ``more``."""
    if any(u.moves_used or u.combat_moved or u.noncombat_moved or u.unloaded_this_turn or
           u.path or u.fought for u in units):
        return   # boarding is a unit's whole move: check_load refuses it (R-TRANS-8)
    board, state = run.board, run.state
    start = units[0].space
    out = run.found.destinations
    for zone in sorted(board.neighbours[start]):
        if not board.is_sea(zone):
            continue
        boardings: list[MovementAction] = []
        for ship in _ship_kinds(board, state, zone):
            action = Load(transport=ship, units=run.ids)
            key: ActionKey = ("load", ship)
            if key not in run.trusted:
                try:
                    check_load(board, state, action, run.phase)
                except IllegalAction:
                    continue
            run.found.accepted[key] = (1, False, False, False, False, None)
            boardings.append(action)
        if boardings:
            out[zone] = Destination(space=zone, path=(start, zone), cost=1,
                                    action=boardings[0], more=tuple(boardings[1:]))


def _ship_kinds(board: BoardMap, state: GameState, zone: str) -> list[int]:
    """The first of each kind of identical ships in ``zone`` that carry land units."""
    def kinds() -> list[int]:
        ships = [s for s in sp.units_in(state, zone) if is_carrier_ship(s)]
        if not ships:
            return []
        return [kind[0].id for kind in identical_groups(ships, sp.cargo_by_ship(state))]
    return sp.remembered(state, ("ship_kinds", id(board), zone), kinds)


def _unloads(run: _Search, units: list[Unit]) -> None:
    board, state, phase = run.board, run.state, run.phase
    out = run.found.destinations
    ship_id = units[0].carried_by
    assert ship_id is not None
    zone = units[0].space
    nation = units[0].owner
    combat = phase is COMBAT_MOVE
    for territory in sorted(board.neighbours[zone]):
        if not board.is_land(territory):
            continue
        action = Unload(transport=ship_id, units=run.ids, territory=territory)
        key: ActionKey = ("unload", territory)
        facts = run.trusted.get(key)
        if facts is None:
            try:
                check_unload(board, state, action, phase)
            except IllegalAction:
                continue
            battle = combat and (bool(sp.enemy_units(state, zone, nation)) or
                                 sp.occupied(board, state, territory, nation))
            capture = combat and not battle and \
                sp.enemy_controlled(board, state, territory, nation)
            facts = (0, battle, capture, battle, True, None)
        run.found.accepted[key] = facts
        out[territory] = _destination(action, (zone, territory), facts)


# ---- sea ----

def _sea(run: _Search, group: Group) -> None:
    board, state = run.board, run.state
    units, nation, phase = group.units, group.nation, group.phase
    limit = group.limit
    bonus = phase is NONCOMBAT_MOVE and all(
        naval_bases_of(board, state, trip_origin(u), nation) for u in units)
    if bonus:
        # R-NAVALBASE-1: 3 only to a zone bordering another friendly naval base
        limit = min(NAVAL_BASE_MOVE - u.moves_used for u in units)
    if limit <= 0:
        return
    subs = all(u.type is SUBMARINE for u in units)
    paths = sp.remembered(state, ("sea_paths", id(board), group.start, limit, phase, nation,
                                  subs),
                          lambda: sea_paths(board, state, group.start, limit, phase, nation,
                                            subs))
    # The paths longer than the ships may go to their end (`sea_limit`, the limit check_path
    # applies, R-MOVE-2) are refused without a check, and without an exception for each
    # (issue 13).
    limits = SeaReach(board, state, units, group.limit) if bonus and limit > group.limit \
        else None
    run.found.sea_limit = limit
    before, changed = run.before, run.changed
    if before is not None and before.sea_limit == limit and (phase is COMBAT_MOVE or all(
            changed.isdisjoint(ball(board, trip_origin(u), 1, "land")) for u in units)):
        _first_legal_again(run, group, paths, before, sea_cones(board, group.start, limit),
                           limits)
    else:
        _first_legal(run, group, paths, limits)


def _first_legal_again(run: _Search, group: Group, paths: list[tuple[str, ...]],
                       before: Found, cones: Mapping[str, frozenset[str]],
                       limits: SeaReach | None) -> None:
    """`_first_legal` for ships searched before (``before``) with the same reach: a
    destination none of whose paths can cross a space in ``run.changed``, nor border one
    there (its naval bases, R-NAVALBASE-1), has the same paths with the same answers (the
    checks read nothing else: `checkmemo`), so it keeps its first legal path, or having
    none. The paths are taken in the same order, so the destinations come in the order a
    search from scratch gives them."""
    out = run.found.destinations
    accepted = run.found.accepted
    old = before.destinations
    changed = run.changed
    ids = run.ids
    for path in paths:
        dest = path[-1]
        if dest in out:
            continue
        if changed.isdisjoint(cones[dest]):
            was = old.get(dest)
            if was is not None and was.path == path:
                out[dest] = was
                key = (path, False, None, None)
                accepted[key] = before.accepted[key]
            continue   # refused before: its first legal path is further on, or none is
        if limits is not None and not limits.allows(path):
            continue
        facts = _facts(run, group, (path, False, None, None))
        if facts is not None:
            out[dest] = _destination(made_move(ids, path), path, facts)


# ---- air ----

def _air(run: _Search, group: Group) -> None:
    limit = group.limit
    if limit <= 0:
        return
    board, state, found = run.board, run.state, run.found
    units, nation = group.units, group.nation
    combat = group.phase is COMBAT_MOVE
    out = found.destinations
    routes = air_routes(board, state, group.start, nation, limit, avoid_aa=combat)
    costs, previous = routes
    found.routes = routes
    fighters = all(u.type is FIGHTER for u in units)
    if combat:
        battles = sp.battle_spaces(board, state, nation)
        raids = sp.raid_targets(board, state, nation)
        candidates = sorted(costs.keys() & (battles | raids))
        found.homes = sp.homes(board, state, nation)
    else:
        # Where every aircraft of the group may land; check_path refuses the others
        # (R-NONCOMBAT-5, R-AIR-7, R-MOVE-6, R-CARRIER-1).
        landable = sp.landing_places(board, state, nation)
        rooms = sp.carrier_rooms_at(state, nation) if fighters else {}
        decks = {s for s, room in rooms.items() if room >= len(units)}
        candidates = sorted(costs.keys() & (landable | decks))
    # A candidate found before is taken again when nothing it read changed: the same routes
    # (equal, from the same free air bases), nothing changed where it ends, nor on its way in
    # combat movement (AA guns, control), where the checks look (`checkmemo`).
    before = run.before
    free = sp.free_air_bases(board, state, nation)
    found.free = free
    kept = before.candidates if before is not None and (before.routes is routes or (
        before.free == free and before.routes == routes)) else {}
    changed = run.changed
    floor = tables(board).air_floor
    reach = max(sp.left(u) for u in units)
    # In combat movement each flight must still reach a territory held since the start of the
    # turn (R-AIR-2): where those changed, the candidates that could reach them afterwards are
    # searched again (the board's lower bound on air costs says which could).
    homes_changed: frozenset[str] = frozenset()
    if kept and before is not None and before.homes != found.homes:
        assert before.homes is not None and found.homes is not None   # both combat movement
        homes_changed = before.homes ^ found.homes
    # A risky flight's landings read the rooms carriers offer after non-combat movement
    # (R-AIR-3): where they changed, likewise.
    decks_changed: list[str] = []
    if kept and before is not None and before.rooms is not None:
        rooms_now = _rooms(run, group)
        decks_changed = [z for z in rooms_now.keys() | before.rooms.keys()
                         if rooms_now.get(z, 0) != before.rooms.get(z, 0)]
    for dest in candidates:
        old = kept.get(dest)
        if old is not None and dest not in changed and (
                not combat or old.path is None or changed.isdisjoint(old.path)) and (
                not homes_changed or _beyond(floor, homes_changed, dest, reach - costs[dest])
                ) and (not old.carriers or not decks_changed or
                       _beyond(floor, decks_changed, dest, reach - costs[dest])):
            if old.destination is not None:
                out[dest] = old.destination
            found.accepted.update(old.accepted)
            found.carrier_plans = found.carrier_plans or old.carriers
            found.candidates[dest] = old
            continue
        run.noted = []
        run.carriers_considered = False
        path = _air_candidate(run, group, dest, costs, previous, combat, fighters)
        found.candidates[dest] = Candidate(out.get(dest), tuple(run.noted),
                                           run.carriers_considered, path)
    run.noted = None
    found.rooms = run.rooms


def _beyond(floor: Mapping[str, Mapping[str, int]], spaces: Iterable[str], dest: str,
            left: int) -> bool:
    """Whether an aircraft at ``dest`` with ``left`` to spend can reach none of ``spaces``,
    by the lower bound ``floor`` on air costs (`tables.air_floor`)."""
    return all(floor[space].get(dest, left + 1) > left for space in spaces)


def _air_candidate(run: _Search, group: Group, dest: str, costs: Mapping[str, int],
                   previous: Mapping[str, str], combat: bool, fighters: bool
                   ) -> tuple[str, ...] | None:
    """The flights of ``group`` to ``dest``: the destination added to the search's, if any.
    Returns the route (None when no flight was tried)."""
    ids = run.ids   # the group's, in its order
    out = run.found.destinations
    if combat:
        # Only these may carry a battle or a raid: check_path refuses the others
        # (R-COMBATMOVE-1, R-SBR-1).
        declarations = _declarations(run, group, dest, costs[dest], fighters)
        if not declarations:
            return None   # no landing afterwards: check_path refuses every flight (R-AIR-2)
        path = air_route_to(previous, group.start, dest)
        battles = sp.battle_spaces(run.board, run.state, group.nation)
        raids = sp.raid_targets(run.board, run.state, group.nation)
        flights: list[MoveKey] = [(path, False, d, None) for d in declarations] \
            if dest in battles else []
        bombings: list[MoveKey] = [(path, True, d, None) for d in declarations] \
            if dest in raids else []
    else:
        path = air_route_to(previous, group.start, dest)
        flights = [(path, False, None, c) for c in _carrier_choices(run, group, dest, fighters)]
        bombings = []
    found = [(k, f) for k, f in ((k, _facts(run, group, k)) for k in flights)
             if f is not None]
    raids_found = [made_move(ids, *k) for k in bombings if _facts(run, group, k) is not None]
    if not found and raids_found:
        first = raids_found[0]
        facts = run.found.accepted[(first.path, True, first.landing, None)]
        out[dest] = _destination(first, path, facts, more=tuple(raids_found[1:]))
    elif found:
        (key, facts), others = found[0], found[1:]
        more = (*(made_move(ids, *k) for k, _ in others), *raids_found[1:])
        out[dest] = _destination(made_move(ids, *key), path, facts,
                                 raids_found[0] if raids_found else None, tuple(more))
    return path


def _declarations(run: _Search, group: Group, dest: str, cost: int, fighters: bool
                  ) -> list[str | None]:
    """The landing declarations a flight to ``dest`` costing ``cost`` may make: none when
    every aircraft can reach a territory held since the start of the turn (R-AIR-2), else
    each zone where a friendly carrier with room can be after non-combat movement (R-AIR-3,
    OQ2-18). The same test as `check_air_landing`'s, made once for all the candidates."""
    board, state = run.board, run.state
    if run.homing is None:
        # home_in_reach reads a unit's owner and its movement left only: one of each (a
        # stack's units are identical: one in all).
        run.homing = [(home_reach(board, state, owner), left) for owner, left in
                      {(u.owner, sp.left(u)) for u in group.units}]
    if all(homes.after(left, dest, cost) for homes, left in run.homing):
        return [None]
    if not fighters:
        return []
    run.found.carrier_plans = run.carriers_considered = True
    if run.decks is None:
        run.decks = DeckReach(board, state, group.units, _rooms(run, group))
    return list(run.decks.zones(dest, cost))


def _rooms(run: _Search, group: Group) -> dict[str, int]:
    """The rooms on carriers after non-combat movement for the group (its own fighters not
    counted aboard), found once per search."""
    if run.rooms is None:
        run.rooms = planned_carrier_rooms(run.board, run.state, group.nation, set(group.ids))
    return run.rooms


def _carrier_choices(run: _Search, group: Group, dest: str, fighters: bool
                     ) -> list[int | None]:
    """Non-combat movement: landing on any carrier there with room (None), and, fighters
    landing at sea, on each carrier of its own kind that has room for the whole group
    (R-MOVE-6): which one takes them matters, since it may not move again (R-CARRIER-5)."""
    board, state = run.board, run.state
    if not fighters or not board.is_sea(dest):
        return [None]
    kinds = carrier_kinds(state, dest, group.nation, len(group.units))
    return [None, *kinds] if kinds else [None]


def carrier_kinds(state: GameState, zone: str, nation: Nation, count: int) -> list[int]:
    """The first of each kind of identical friendly carriers in ``zone`` with room for
    ``count`` fighters (R-CARRIER-1): the carriers a landing there may name."""
    carriers = [c for c in sp.friendly_carriers(state, zone, nation)
                if sp.carrier_room(state, c) >= count]
    if not carriers:
        return []
    return [kind[0].id for kind in identical_groups(carriers, sp.cargo_by_ship(state))]
