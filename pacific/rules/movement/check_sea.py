"""Checking a fleet's move (R-MOVE-*, R-NONCOMBAT-6, R-CAP-3/5, R-NAVALBASE-1, R-CONVOY-3):
whether each ship may move now, then a path (`pacific.rules.movement.check` runs them in
order)."""

from __future__ import annotations

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove, plural
from pacific.rules.movement import spaces
from pacific.rules.movement.members import COMBAT_MOVE, NONCOMBAT_MOVE, SEA, SUBMARINE, TRANSPORT
from pacific.rules.movement.plan import Group, MovePlan, check_element, check_route, place
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import is_warship

NAVAL_BASE_MOVE = 3   # R-NAVALBASE-1: 3 instead of 2


def ship_stopped(board: BoardMap, state: GameState, unit: Unit) -> bool:
    """A ship that entered an enemy-occupied zone this phase stays there (R-MOVE-7)."""
    return bool(unit.path) and unit.path[-1] == unit.space and unit.combat_moved and \
        spaces.occupied(board, state, unit.space, unit.owner,
                        for_submarine=unit.type is SUBMARINE)


def naval_bases_of(board: BoardMap, state: GameState, zone: str, nation: Nation
                   ) -> tuple[str, ...]:
    """Friendly naval bases whose territory lies in or borders ``zone`` (OQ2-11), in id order
    (a plain tuple: path check signatures hold it, `checkmemo`)."""
    return naval_bases_by_zone(board, state, nation)[zone]


class _NavalBases(dict[str, tuple[str, ...]]):
    """Zone → `naval_bases_of` it, for one nation, filled as the zones are asked for."""

    def __init__(self, board: BoardMap, state: GameState, nation: Nation) -> None:
        super().__init__()
        self.board, self.state, self.nation = board, state, nation

    def __missing__(self, zone: str) -> tuple[str, ...]:
        board, state, nation = self.board, self.state, self.nation
        found = self[zone] = tuple(
            space for space in tables(board).naval_bases_near[zone]
            if spaces.is_friendly(board, state, space, nation))
        return found


def naval_bases_by_zone(board: BoardMap, state: GameState, nation: Nation
                        ) -> dict[str, tuple[str, ...]]:
    """`naval_bases_of` every zone for ``nation``, as a table shared while the state is only
    read (`spaces.read_only`): a listing asks it for every path a ship may take."""
    return spaces.remembered(state, ("naval_bases", id(board), nation),
                             lambda: _NavalBases(board, state, nation))


def trip_origin(unit: Unit) -> str:
    """Where a ship's phase-6 trip began. The trip may be given as several moves, a
    transport stopping on the way to load (R-TRANS-3; p. 38: units board before, during or
    after the move), so the naval base bonus is judged from there (R-NAVALBASE-1, OQ2-11): it is
    where the ship began the turn, since a ship that moved in phase 3 stays put in phase 6
    (R-NONCOMBAT-2)."""
    return unit.start_space if unit.moves_used and unit.start_space else unit.space


def naval_base_bonus(board: BoardMap, state: GameState, unit: Unit, end: str) -> bool:
    """R-NAVALBASE-1 / OQ2-11: in phase 6 a ship whose trip began in a zone bordering one
    friendly naval base and ends in a zone bordering a different one may move 3."""
    start = naval_bases_of(board, state, trip_origin(unit), unit.owner)
    return bool(start) and bases_differ(start, naval_bases_of(board, state, end, unit.owner))


def bases_differ(start: tuple[str, ...], finish: tuple[str, ...]) -> bool:
    """R-NAVALBASE-1: a naval base beside the end of the trip other than one beside its
    start (``start``, ``finish``: `naval_bases_of` those zones)."""
    return any(a != b for a in start for b in finish)


def phase6_limit(unit: Unit, bonus: bool) -> int:
    """`sea_limit` in phase 6, given whether the trip earns the naval base bonus."""
    return max(0, NAVAL_BASE_MOVE - unit.moves_used) if bonus else spaces.left(unit)


def check_sea_units(board: BoardMap, state: GameState, group: Group) -> None:
    """Whether each ship may move at all now.

    Raises:
        IllegalMove: R-TRANS-5/12, R-NONCOMBAT-2, R-CARRIER-5, R-MOVE-7.
    """
    phase = group.phase
    for unit in group.units:
        kind = unit.type
        if unit.unloaded_this_turn or state.transport_unloads.get(unit.id):
            raise IllegalMove("R-TRANS-5", "The {unit} unloaded this turn and may not move "
                              "again", unit=kind)
        if unit.fought:
            raise IllegalMove("R-TRANS-12" if kind is TRANSPORT else "R-NONCOMBAT-2",
                              "The {unit} fought this turn and may not move again", unit=kind)
        if unit.id in state.frozen_carriers:
            raise IllegalMove("R-CARRIER-5", "A fighter landed on this carrier this turn: it "
                              "may not move again")
        if phase is NONCOMBAT_MOVE and unit.combat_moved:
            raise IllegalMove("R-NONCOMBAT-2", "The {unit} moved in combat movement: it cannot "
                              "move again this turn", unit=kind)
        if phase is COMBAT_MOVE and ship_stopped(board, state, unit):
            raise IllegalMove("R-MOVE-7", "The {unit} entered a zone holding enemy units and "
                              "stops there: that is its one battle this turn, R-COMBAT-3",
                              unit=kind)


def sea_limit(board: BoardMap, state: GameState, unit: Unit, dest: str, phase: Phase) -> int:
    """Spaces the ship may still go to reach ``dest``: 3 in all from one friendly naval base
    to another in phase 6 (R-NAVALBASE-1), else what is left of 2 (R-MOVE-2)."""
    if phase is NONCOMBAT_MOVE:
        return phase6_limit(unit, naval_base_bonus(board, state, unit, dest))
    return spaces.left(unit)


def check_sea_path(board: BoardMap, state: GameState, group: Group, action: Move) -> MovePlan:
    """The destination, the route, its cost and what it crosses, for ships that may move
    (`check_sea_units`).

    Raises:
        IllegalMove: R-MOVE-2/3/5/7, R-NONCOMBAT-6, R-CAP-3/5.
    """
    path = action.path
    dest = path[-1]
    units, phase, nation = group.units, group.phase, group.nation
    check_element(board, SEA, dest)
    if phase is NONCOMBAT_MOVE:
        for unit in units:
            _check_open_sea(board, state, dest, unit, last=True)
    limits = [sea_limit(board, state, u, dest, phase) for u in units]
    limit = min(limits)
    check_route(board, state, group, path, limit)
    cost = len(path) - 1
    if cost > limit:
        unit, left = next((u, n) for u, n in zip(units, limits, strict=True) if cost > n)
        if phase is COMBAT_MOVE:
            raise IllegalMove("R-MOVE-2", plural(
                "The {unit} can move only {count} space now, this path is {cost}",
                "The {unit} can move only {count} spaces now, this path is {cost}"),
                unit=unit.type, count=left, cost=cost)
        raise IllegalMove("R-MOVE-2", plural(
            "The {unit} can move only {count} space now, this path is {cost} (3 only from one "
            "friendly naval base to another, R-NAVALBASE-1)",
            "The {unit} can move only {count} spaces now, this path is {cost} (3 only from one "
            "friendly naval base to another, R-NAVALBASE-1)"),
            unit=unit.type, count=left, cost=cost)
    if len(path) > 2:
        for unit in units:
            for space in path[1:-1]:
                _check_open_sea(board, state, space, unit, last=False, phase=phase)
    plan = MovePlan(units=units, domain=SEA, path=path, cost=cost, nation=nation)
    if phase is COMBAT_MOVE:
        plan.attack = any(spaces.occupied(board, state, dest, nation,
                                          for_submarine=u.type is SUBMARINE)
                          for u in units)
        if any(is_warship(u.type) for u in units):
            for space in path[1:]:
                if space not in plan.convoy_captures and \
                        spaces.enemy_convoy_zone(board, state, space, nation) and \
                        not spaces.enemy_units(state, space, nation):
                    plan.convoy_captures.append(space)
    return plan


def _check_open_sea(board: BoardMap, state: GameState, space: str, unit: Unit, *, last: bool,
                    phase: Phase = NONCOMBAT_MOVE) -> None:
    """Ships may not enter an occupied zone in non-combat movement (R-NONCOMBAT-6, R-CAP-5)
    nor go on from one they entered (R-MOVE-7, R-CAP-3); submarines ignore patrols
    (R-UNIT-9, OQ2-14)."""
    nation = unit.owner
    if not spaces.occupied(board, state, space, nation,
                           for_submarine=unit.type is SUBMARINE):
        return
    patrol = _cap_only(state, space, nation)
    if phase is NONCOMBAT_MOVE:
        raise IllegalMove("R-CAP-5" if patrol else "R-NONCOMBAT-6", "In non-combat movement "
                          "ships may not enter {space}: it holds enemy units",
                          space=place(board, space))
    if not last:
        raise IllegalMove("R-CAP-3" if patrol else "R-MOVE-7", "{space} holds enemy units: "
                          "ships entering it stop there", space=place(board, space))


def _cap_only(state: GameState, space: str, nation: Nation) -> bool:
    enemies = spaces.enemy_units(state, space, nation)
    return bool(enemies) and all(u.cap for u in enemies)
