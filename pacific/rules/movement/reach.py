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

The candidates are confirmed in `pacific.rules.movement.confirm`; the aircraft's part of the
search is `pacific.rules.movement.reach_air`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pacific.rules.actions.movement import Load, MovementAction, Unload
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.groups import identical_groups
from pacific.rules.movement import confirm, spaces
from pacific.rules.movement.check import (
    NAVAL_BASE_MOVE,
    Group,
    check_group,
    check_units,
    naval_bases_of,
    trip_origin,
)
from pacific.rules.movement.confirm import (
    ActionKey,
    Destination,
    Facts,
    Found,
    Search,
    first_legal,
    made_move,
    make_destination,
    shared_action,
)
from pacific.rules.movement.fast import checkmemo
from pacific.rules.movement.fast import memory as fast
from pacific.rules.movement.fast.incremental import ball
from pacific.rules.movement.members import COMBAT_MOVE, LAND, NONCOMBAT_MOVE, SEA, SUBMARINE
from pacific.rules.movement.reach_air import air, carrier_kinds
from pacific.rules.movement.routes import SeaReach, land_paths, sea_cones, sea_paths
from pacific.rules.movement.transport import check_load, check_unload, is_carrier_ship
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS

__all__ = ["Destination", "Found", "boardings", "carrier_kinds", "made_move", "movable",
           "reachable", "search"]


def reachable(board: BoardMap, state: GameState, unit_ids: Iterable[int],
              phase: Phase | None = None) -> dict[str, Destination]:
    """Every space the group ``unit_ids`` can legally reach now, in ``phase`` (default: the
    state's phase). Units aboard a ship answer with the territories they can unload into;
    land units also list the zones of ships they can board. Never raises: an unknown or
    scattered group has no destinations."""
    with spaces.read_only(state):
        return search(board, state, tuple(unit_ids), phase or state.phase).destinations



def search(board: BoardMap, state: GameState, ids: tuple[int, ...], phase: Phase,
           trusted: Mapping[ActionKey, Facts] | None = None, before: Found | None = None,
           changed: frozenset[str] = frozenset()) -> Found:
    """`reachable` for a caller holding the state `spaces.read_only`. ``trusted``: the
    actions accepted for a group these units are part of, all identical to them (`Found`'s
    ``accepted``); those are not checked again. ``before``: for aircraft and ships, the
    answer of a search of the same units, unchanged, in the same phase, since which nothing
    they read changed but in the spaces ``changed`` (enemy units and control, and in phase 6
    the carriers; `pacific.rules.movement.fast.incremental`): its destinations away from them
    are taken again."""
    found = Found()
    units = [state.units[i] for i in ids if i in state.units]
    if not units or len(units) != len(ids) or len({u.space for u in units}) != 1:
        return found
    domains = {UNIT_SPECS[u.type].domain for u in units}
    if len(domains) != 1 or phase not in (COMBAT_MOVE, NONCOMBAT_MOVE):
        return found
    domain = domains.pop()
    run = Search(board, state, phase, ids, trusted or {}, found, before=before,
                  changed=changed)
    carriers = {u.carried_by for u in units}
    if domain is LAND and carriers != {None}:
        if len(carriers) == 1:
            _unloads(run, units)
        return found
    group = movable(board, state, ids, units[0].space, phase)
    if group is not None:
        run.world = spaces.noted(state, ("world_facts", state.power))
        memory = fast.memory()
        if run.world is not None and memory is not None:
            run.cls = checkmemo.class_id(memory, board, group)
            run.signer = checkmemo.Signer(memory, board, state, group, run.world)
    if domain is LAND:
        if group is not None:
            _land(run, group)
        _loads(run, units)
    elif group is None:
        pass
    elif domain is SEA:
        _sea(run, group)
    else:
        air(run, group)
    return found


def boardings(board: BoardMap, state: GameState, ids: tuple[int, ...], phase: Phase) -> Found:
    """The ships land units ``ids``, standing on land, may board now (`search` without the
    moves by land): for one unit of a stack whose moves by land are the stack's."""
    found = Found()
    units = [state.units[i] for i in ids]
    _loads(Search(board, state, phase, ids, {}, found), units)
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



# ---- land ----

def _land(run: Search, group: Group) -> None:
    limit = group.limit
    if limit <= 0:
        return
    board, state = run.board, run.state
    paths = spaces.remembered(state, ("land_paths", id(board), group.start, limit, group.phase,
                                      group.nation),
                              lambda: land_paths(board, state, group.start, limit, group.phase,
                                                 group.nation))
    first_legal(run, group, paths)


def _loads(run: Search, units: list[Unit]) -> None:
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
            action = shared_action(Load, transport=ship, units=run.ids)
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
        ships = [s for s in spaces.units_in(state, zone) if is_carrier_ship(s)]
        if not ships:
            return []
        return [kind[0].id for kind in identical_groups(ships, spaces.cargo_by_ship(state))]
    return spaces.remembered(state, ("ship_kinds", id(board), zone), kinds)


def _unloads(run: Search, units: list[Unit]) -> None:
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
        action = shared_action(Unload, transport=ship_id, units=run.ids, territory=territory)
        key: ActionKey = ("unload", territory)
        facts = run.trusted.get(key)
        if facts is None:
            try:
                check_unload(board, state, action, phase)
            except IllegalAction:
                continue
            battle = combat and (bool(spaces.enemy_units(state, zone, nation)) or
                                 spaces.occupied(board, state, territory, nation))
            capture = combat and not battle and \
                spaces.enemy_controlled(board, state, territory, nation)
            facts = (0, battle, capture, battle, True, None)
        run.found.accepted[key] = facts
        out[territory] = make_destination(action, (zone, territory), facts)


# ---- sea ----

def _sea(run: Search, group: Group) -> None:
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
    paths = spaces.remembered(state, ("sea_paths", id(board), group.start, limit, phase, nation,
                                      subs),
                              lambda: sea_paths(board, state, group.start, limit, phase, nation,
                                                subs))
    # The paths longer than the ships may go to their end (`sea_limit`, the limit check_path
    # applies, R-MOVE-2) are refused without a check, and without an exception for each.
    limits = SeaReach(board, state, units, group.limit) if bonus and limit > group.limit \
        else None
    run.found.sea_limit = limit
    before, changed = run.before, run.changed
    if before is not None and before.sea_limit == limit and (phase is COMBAT_MOVE or all(
            changed.isdisjoint(ball(board, trip_origin(u), 1, "land")) for u in units)):
        _first_legal_again(run, group, paths, before, sea_cones(board, group.start, limit),
                           limits)
    else:
        first_legal(run, group, paths, limits)


def _first_legal_again(run: Search, group: Group, paths: list[tuple[str, ...]],
                       before: Found, cones: Mapping[str, frozenset[str]],
                       limits: SeaReach | None) -> None:
    """`confirm.first_legal` for ships searched before (``before``) with the same reach: a
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
        facts = confirm.confirmed(run, group, (path, False, None, None))
        if facts is not None:
            out[dest] = make_destination(made_move(ids, path), path, facts)

