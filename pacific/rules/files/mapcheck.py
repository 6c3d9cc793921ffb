"""Semantic checks of a board: what pydantic's shape validation cannot see.

`check_board` returns every problem as one line "SOURCE: ENTRY.FIELD: what is wrong", so that
`pacific check-map` and the tests can list them all at once; an empty list means the board is
usable. The checks (issue #3):

- ids are unique, and each sea zone's id is "sz_<number>";
- adjacency names existing ids, has no self-loop and stores each pair once (it is undirected,
  hence symmetric by construction);
- every sea zone is reachable from every other by sea;
- islands lie in an existing sea zone and border it (R-SETUP-10, R-MOVE-4);
- capitals, the Burma Road, Chinese placement, returns and convoy routes name territories;
- impassable territories have no owner, the others have one (R-SETUP-12, R-CONTROL-1);
- each nation's territory values add up to its starting production (R-SETUP-6, OQ-3; convoy
  routes per R-CONVOY-13, convoy centres per R-CONVOY-2);
- starting units stand where they can: ships at sea, land units on land, aircraft on land or
  on carriers with room (R-CARRIER-1), nothing in an impassable territory, nothing on enemy land;
- the starting position is bounded and not already won: at most
  `MAX_STARTING_UNITS` units, and fewer victory points than it takes to win (R-VICTORY-2).

The file itself is read and its shape validated by `pacific.rules.files.mapfile`, which runs these
checks before any game starts on a board.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable

from pacific.rules.board_map import MAX_STARTING_UNITS, BoardMap, SeaZone, Territory
from pacific.rules.nations import Nation, are_allied
from pacific.rules.units import CARRIER_CAPACITY, UnitType, is_air, is_land, is_sea


def check_board(board: BoardMap, source: str = "board") -> list[str]:
    """Every semantic problem of ``board``, one line each; [] when the board is usable.

    Raises nothing: a broken board gives lines, not exceptions.
    """
    errors: list[str] = []

    def err(entry: str, message: str) -> None:
        errors.append(f"{source}: {entry}: {message}")

    _check_ids(board, err)
    _check_adjacency(board, err)
    _check_sea_reachable(board, err)
    _check_territories(board, err)
    _check_references(board, err)
    _check_production(board, err)
    _check_units(board, err)
    _check_start(board, err)
    return errors


# ---- the checks -------------------------------------------------------------------------------

# The error callback: err(entry, message).
_Err = Callable[[str, str], None]


def _t_entry(i: int, t: Territory) -> str:
    return f"territories[{i}] ({t.id})"


def _z_entry(i: int, z: SeaZone) -> str:
    return f"sea_zones[{i}] ({z.id})"


def _check_ids(board: BoardMap, err: _Err) -> None:
    seen: dict[str, str] = {}
    entries = [(_t_entry(i, t), t.id) for i, t in enumerate(board.territories)]
    entries += [(_z_entry(i, z), z.id) for i, z in enumerate(board.sea_zones)]
    for entry, sid in entries:
        if not sid:
            err(f"{entry}.id", "the id is empty")
        elif sid in seen:
            err(f"{entry}.id", f"duplicate id '{sid}' (already used by {seen[sid]})")
        else:
            seen[sid] = entry
    numbers: dict[int, str] = {}
    for i, z in enumerate(board.sea_zones):
        if z.id != f"sz_{z.number}":
            err(f"{_z_entry(i, z)}.id", f"a sea zone's id must be 'sz_{z.number}' "
                f"for number {z.number}")
        if z.number in numbers:
            err(f"{_z_entry(i, z)}.number", f"duplicate sea zone number {z.number} "
                f"(already used by {numbers[z.number]})")
        numbers.setdefault(z.number, _z_entry(i, z))


def _check_adjacency(board: BoardMap, err: _Err) -> None:
    known = set(board.space_ids)
    seen: dict[frozenset[str], int] = {}
    for i, (a, b) in enumerate(board.adjacency):
        entry = f"adjacency[{i}] ({a}, {b})"
        for sid in (a, b):
            if sid not in known:
                err(entry, f"unknown id '{sid}'")
        if a == b:
            err(entry, "a space cannot border itself")
            continue
        key = frozenset((a, b))
        if key in seen:
            err(entry, f"duplicate of adjacency[{seen[key]}]: store each pair once")
        else:
            seen[key] = i


def _check_sea_reachable(board: BoardMap, err: _Err) -> None:
    if not board.sea_zones:
        return
    seas = {z.id for z in board.sea_zones}
    start = board.sea_zones[0].id
    reached = {start}
    todo = deque([start])
    while todo:
        for nxt in board.neighbours.get(todo.popleft(), frozenset()):
            if nxt in seas and nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    for i, z in enumerate(board.sea_zones):
        if z.id not in reached:
            err(_z_entry(i, z), f"cannot be reached by sea from {start}")


def _check_territories(board: BoardMap, err: _Err) -> None:
    for i, t in enumerate(board.territories):
        entry = _t_entry(i, t)
        if t.sea_zone is not None:
            if not board.is_sea(t.sea_zone):
                err(f"{entry}.sea_zone", f"'{t.sea_zone}' is not a sea zone of this map")
            elif not board.adjacent(t.id, t.sea_zone):
                err(f"{entry}.sea_zone", f"the island lies in {t.sea_zone} but does not "
                    "border it in the adjacency list (R-MOVE-4)")
        elif t.island:
            err(f"{entry}.sea_zone", "an island must name the sea zone it lies in (R-SETUP-10)")
        if t.impassable:
            if t.owner is not None or t.original_owner is not None:
                err(f"{entry}.owner", "an impassable territory belongs to no one (R-SETUP-12)")
            if t.ipc or t.capital_of or t.industrial_complex:
                err(entry, "an impassable territory has no value, capital or industrial "
                    "complex (R-SETUP-12)")
        else:
            if t.original_owner is None:
                err(f"{entry}.original_owner", "every passable territory has an original "
                    "owner (R-CONTROL-1)")
            if t.owner is None:
                err(f"{entry}.owner", "every passable territory has an owner at the start "
                    "(R-CONTROL-1)")


def _check_references(board: BoardMap, err: _Err) -> None:
    lands = board.territory_by_id

    def land(entry: str, tid: str, what: str) -> bool:
        t = lands.get(tid)
        if t is None:
            err(entry, f"{what} '{tid}' is not a territory of this map")
            return False
        if t.impassable:
            err(entry, f"{what} '{tid}' is impassable (R-SETUP-12)")
            return False
        return True

    for nation, tid in board.capitals.items():
        entry = f"capitals.{nation.value}"
        if land(entry, tid, "capital") and lands[tid].capital_of is not nation:
            err(entry, f"territory '{tid}' must have capital_of '{nation.value}' (R-CAPITAL-1)")
    for i, t in enumerate(board.territories):
        if t.capital_of is not None and board.capitals.get(t.capital_of) != t.id:
            err(f"{_t_entry(i, t)}.capital_of", f"capitals.{t.capital_of.value} does not "
                f"name this territory (R-CAPITAL-1)")
    for i, tid in enumerate(board.burma_road):
        land(f"burma_road[{i}]", tid, "territory")
    if board.chinese_infantry_placement is not None:
        land("chinese_infantry_placement", board.chinese_infantry_placement, "territory")
    for i, tid in enumerate(board.returns_to_china):
        if land(f"returns_to_china[{i}]", tid, "territory") and \
                lands[tid].original_owner is not Nation.CHINA:
            err(f"returns_to_china[{i}]", f"'{tid}' is not originally Chinese (R-CAPTURE-10)")
    for i, tid in enumerate(board.allied_choice_on_capture):
        land(f"allied_choice_on_capture[{i}]", tid, "territory")
    routes: dict[str, str] = {}
    for i, z in enumerate(board.sea_zones):
        route = z.convoy_route
        if route is None:
            continue
        entry = f"{_z_entry(i, z)}.convoy_route.territory"
        if not land(entry, route.territory, "convoy route territory"):
            continue
        if not board.adjacent(z.id, route.territory):
            err(entry, f"'{route.territory}' does not border {z.id} (R-CONVOY-1)")
        if route.territory in routes:
            err(entry, f"'{route.territory}' already has a route in {routes[route.territory]}")
        routes[route.territory] = z.id


def _route_held(board: BoardMap, t: Territory) -> bool:
    """R-CONVOY-13: a territory counts for its controller only while its route zone is held
    by the controller's side; at the start the route is held by its icon's nation."""
    zone = board.route_for_territory(t.id)
    if zone is None or zone.convoy_route is None or t.owner is None:
        return True
    return are_allied(zone.convoy_route.nation, t.owner)


def _check_production(board: BoardMap, err: _Err) -> None:
    setup = board.setup
    levels: Counter[Nation] = Counter()
    for t in board.territories:
        if t.owner is not None and _route_held(board, t):
            levels[t.owner] += t.ipc
    british = 0
    for z in board.sea_zones:
        if z.convoy_center is None:
            continue
        if z.convoy_center.pays == "usa":
            levels[Nation.USA] += z.convoy_center.ipc  # OQ-13: in the USA level
        else:
            british += z.convoy_center.ipc
    for nation in Nation:
        if nation is Nation.CHINA:
            continue  # R-CHINA-1: China has no level
        want = setup.production.get(nation)
        if want is None:
            if levels[nation]:
                err(f"setup.production.{nation.value}", f"missing; its territories are worth "
                    f"{levels[nation]} (R-SETUP-6)")
            continue
        if want != levels[nation]:
            err(f"setup.production.{nation.value}", f"is {want} but the territories and "
                f"convoy centres {nation.value} holds add up to {levels[nation]} (R-SETUP-6)")
        if setup.ipcs.get(nation) != want:
            err(f"setup.ipcs.{nation.value}", f"is {setup.ipcs.get(nation)} but the starting "
                f"production is {want}: they must be equal (OQ-3)")
    if british != setup.british_convoy_ipcs:
        err("setup.british_convoy_ipcs", f"is {setup.british_convoy_ipcs} but the British "
            f"convoy centres add up to {british} (R-CONVOY-2)")


def _check_units(board: BoardMap, err: _Err) -> None:
    fighters: Counter[tuple[str, bool]] = Counter()  # (zone, axis side?) -> fighters
    carriers: Counter[tuple[str, bool]] = Counter()
    first_entry: dict[tuple[str, bool], str] = {}
    for i, u in enumerate(board.setup.units):
        entry = f"setup.units[{i}] ({u.count} {u.type.value} {u.owner.value} in {u.space})"
        t = board.territory_by_id.get(u.space)
        if t is None and not board.is_sea(u.space):
            err(f"{entry}.space", f"'{u.space}' is not a space of this map")
            continue
        if t is not None:
            if t.impassable:
                err(f"{entry}.space", f"'{u.space}' is impassable: no unit may stand there "
                    "(R-SETUP-12)")
            elif is_sea(u.type):
                err(f"{entry}.space", f"{u.type.value} is a ship and must start at sea")
            elif t.owner is not None and not are_allied(t.owner, u.owner):
                err(f"{entry}.space", f"'{u.space}' starts under enemy control "
                    f"({t.owner.value})")
            continue
        # At sea.
        side = u.owner is Nation.JAPAN
        if is_land(u.type):
            err(f"{entry}.space", f"{u.type.value} is a land unit and must start on land")
        elif u.type is UnitType.FIGHTER:
            fighters[(u.space, side)] += u.count
            first_entry.setdefault((u.space, side), entry)
        elif is_air(u.type):
            err(f"{entry}.space", f"{u.type.value} cannot stand at sea: only fighters land "
                "on carriers (R-CARRIER-1)")
        elif u.type is UnitType.CARRIER:
            carriers[(u.space, side)] += u.count
    for key, count in sorted(fighters.items()):
        room = carriers[key] * CARRIER_CAPACITY
        if count > room:
            err(f"{first_entry[key]}.space", f"{count} fighters at sea in {key[0]} but "
                f"friendly carriers there hold only {room} (R-CARRIER-1)")


def _check_start(board: BoardMap, err: _Err) -> None:
    """Bounds of the starting position as a whole (each field has its own range already)."""
    total = sum(u.count for u in board.setup.units)
    if total > MAX_STARTING_UNITS:
        err("setup.units", f"{total:,} units in all; a map starts with at most "
            f"{MAX_STARTING_UNITS:,}")
    if board.setup.victory_points >= board.victory_points_to_win:
        err("setup.victory_points", f"is {board.setup.victory_points}: Japan would win before "
            f"the first turn ({board.victory_points_to_win} VP win, R-VICTORY-2)")
