"""The aircraft's part of the movement search (`reach.search`): the best route to every
space within reach, then each battle, raid or landing place on it confirmed (`confirm`), with
the landing declarations a flight may make (R-AIR-2, R-AIR-3, OQ2-18), the carriers a landing
may name (R-MOVE-6, R-CARRIER-1), and in a search again in part the candidates kept where
nothing they read changed (`Found.candidates`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pacific.rules.groups import identical_groups
from pacific.rules.movement import confirm, spaces
from pacific.rules.movement.check import Group
from pacific.rules.movement.confirm import (
    Candidate,
    Facts,
    MoveKey,
    Search,
    made_move,
    make_destination,
)
from pacific.rules.movement.landing import DeckReach, home_reach, planned_carrier_rooms
from pacific.rules.movement.members import COMBAT_MOVE, FIGHTER
from pacific.rules.movement.routes import air_route_to, air_routes
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.state import GameState


def air(run: Search, group: Group) -> None:
    limit = group.limit
    if limit < 0:
        return
    # With no move left an aircraft may still take the free step between a friendly air
    # base and its sea zone (R-AIRBASE-1/3): the search at limit 0 finds just those.
    board, state, found = run.board, run.state, run.found
    units, nation = group.units, group.nation
    combat = group.phase is COMBAT_MOVE
    out = found.destinations
    routes = air_routes(board, state, group.start, nation, limit, avoid_aa=combat)
    costs, previous = routes
    found.routes = routes
    fighters = all(u.type is FIGHTER for u in units)
    if combat:
        battles = spaces.battle_spaces(board, state, nation)
        raids = spaces.raid_targets(board, state, nation)
        candidates = sorted(costs.keys() & (battles | raids))
        found.homes = spaces.homes(board, state, nation)
    else:
        battles = raids = frozenset()
        # Where every aircraft of the group may land; check_path refuses the others
        # (R-NONCOMBAT-5, R-AIR-7, R-MOVE-6, R-CARRIER-1).
        landable = spaces.landing_places(board, state, nation)
        rooms = spaces.carrier_rooms_at(state, nation) if fighters else {}
        decks = {s for s, room in rooms.items() if room >= len(units)}
        candidates = sorted(costs.keys() & (landable | decks))
    # A candidate found before is taken again when nothing it read changed: the same routes
    # (equal, from the same free air bases), nothing changed where it ends, nor on its way in
    # combat movement (AA guns, control), where the checks look (`checkmemo`).
    before = run.before
    free = spaces.free_air_bases(board, state, nation)
    found.free = free
    kept = before.candidates if before is not None and (before.routes is routes or (
        before.free == free and before.routes == routes)) else {}
    changed = run.changed
    floor = tables(board).air_floor
    reach = max(spaces.left(u) for u in units)
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
        path = _air_candidate(run, group, dest, costs, previous, combat, fighters, battles,
                              raids)
        found.candidates[dest] = Candidate(out.get(dest), tuple(run.noted),
                                           run.carriers_considered, path)
    run.noted = None
    found.rooms = run.rooms


def _beyond(floor: Mapping[str, Mapping[str, int]], targets: Iterable[str], dest: str,
            left: int) -> bool:
    """Whether an aircraft at ``dest`` with ``left`` to spend can reach none of ``targets``,
    by the lower bound ``floor`` on air costs (`tables.air_floor`)."""
    return all(floor[space].get(dest, left + 1) > left for space in targets)


def _air_candidate(run: Search, group: Group, dest: str, costs: Mapping[str, int],
                   previous: Mapping[str, str], combat: bool, fighters: bool,
                   battles: frozenset[str] = frozenset(), raids: frozenset[str] = frozenset()
                   ) -> tuple[str, ...] | None:
    """The flights of ``group`` to ``dest``: the destination added to the search's, if any.
    Returns the route (None when no flight was tried). ``battles``, ``raids``: in combat
    movement, where the group's nation may fight and bomb (`spaces.battle_spaces`,
    `spaces.raid_targets`)."""
    ids = run.ids   # the group's, in its order
    out = run.found.destinations
    confirmed = confirm.confirmed
    if combat:
        # Only these may carry a battle or a raid: check_path refuses the others
        # (R-COMBATMOVE-1, R-SBR-1).
        declarations = _declarations(run, group, dest, costs[dest], fighters)
        if not declarations:
            return None   # no landing afterwards: check_path refuses every flight (R-AIR-2)
        path = air_route_to(previous, group.start, dest)
        flights: list[MoveKey] = [(path, False, d, None) for d in declarations] \
            if dest in battles else []
        bombings: list[MoveKey] = [(path, True, d, None) for d in declarations] \
            if dest in raids else []
    else:
        path = air_route_to(previous, group.start, dest)
        flights = [(path, False, None, c) for c in _carrier_choices(run, group, dest, fighters)]
        bombings = []
    found: list[tuple[MoveKey, Facts]] = []
    for key in flights:
        facts = confirmed(run, group, key)
        if facts is not None:
            found.append((key, facts))
    raids_found = [made_move(ids, *key) for key in bombings
                   if confirmed(run, group, key) is not None]
    if not found and raids_found:
        first = raids_found[0]
        facts = run.found.accepted[(first.path, True, first.landing, None)]
        out[dest] = make_destination(first, path, facts, more=tuple(raids_found[1:]))
    elif found:
        (key, facts), others = found[0], found[1:]
        more = (*(made_move(ids, *k) for k, _ in others), *raids_found[1:])
        out[dest] = make_destination(made_move(ids, *key), path, facts,
                                 raids_found[0] if raids_found else None, tuple(more))
    return path


def _declarations(run: Search, group: Group, dest: str, cost: int, fighters: bool
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
                      {(u.owner, spaces.left(u)) for u in group.units}]
    if all(homes.after(left, dest, cost) for homes, left in run.homing):
        return [None]
    if not fighters:
        return []
    run.found.carrier_plans = run.carriers_considered = True
    if run.decks is None:
        run.decks = DeckReach(board, state, group.units, _rooms(run, group))
    return list(run.decks.zones(dest, cost))


def _rooms(run: Search, group: Group) -> dict[str, int]:
    """The rooms on carriers after non-combat movement for the group (its own fighters not
    counted aboard), found once per search."""
    if run.rooms is None:
        run.rooms = planned_carrier_rooms(run.board, run.state, group.nation, set(group.ids))
    return run.rooms


def _carrier_choices(run: Search, group: Group, dest: str, fighters: bool
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
    carriers = [c for c in spaces.friendly_carriers(state, zone, nation)
                if spaces.carrier_room(state, c) >= count]
    if not carriers:
        return []
    return [kind[0].id for kind in identical_groups(carriers, spaces.cargo_by_ship(state))]

