"""What the GUI, the command line and a computer player ask the engine about moving and
producing, beyond the three questions: the rules stay here, never in `pacific.gui`. The battle
board's questions are in `pacific.rules.battle_views`.

- `movable_units`: the units of the player to act that have a legal move now (a unit
  identical to one that has, too).
- `drop_targets` / `drop_action`: where a group can be dropped, with path, cost and meaning
  (move, attack, load, unload, amphibious assault, patrol), and the action a drop anywhere means
  (for a place that is not a target: the action whose refusal says which rule forbids it).
- `pick_units`: which units of a stack a drag of part of it takes.
- `production_report`: the National Production Chart and the convoy zones, computed from
  control (R-CONTROL-3, R-CONVOY-1..8).

Every answer is a frozen value; nothing here changes a state. The movement rules are imported
by the answers that need them, in a movement phase: a window shows a new game's first
position without them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pacific.rules.actions import Action
from pacific.rules.actions.movement import LandCap, Load, Move, StartCap, Unload
from pacific.rules.board_map import BoardMap
from pacific.rules.economy.control import (
    british_convoy_level,
    convoy_controller,
    convoy_original_controller,
    production_level,
)
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.nations import Nation, power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_land

Meaning = Literal["move", "attack", "load", "unload", "assault", "patrol", "land_patrol"]


@dataclass(frozen=True)
class DropTarget:
    """A place a dragged group can be dropped now: the spaces crossed (start first), the
    movement spent, what the drop means, the action it sends, and for bombers the same
    flight as a strategic bombing raid (R-COMBATMOVE-9)."""

    space: str
    path: tuple[str, ...]
    cost: int
    meaning: Meaning
    action: Action
    raid_action: Action | None = None


def _meaning(action: Action, attack: bool, assault: bool) -> Meaning:
    if isinstance(action, Load):
        return "load"
    if isinstance(action, Unload):
        return "assault" if assault else "unload"
    if isinstance(action, StartCap):
        return "patrol"
    if isinstance(action, LandCap):
        return "land_patrol"
    return "attack" if attack else "move"


def drop_targets(board: BoardMap, state: GameState,
                 unit_ids: Iterable[int]) -> dict[str, DropTarget]:
    """Every place the group can be dropped now (empty outside the movement phases)."""
    ids = tuple(unit_ids)
    units = [state.units[i] for i in ids if i in state.units]
    if not units or len(units) != len(ids) or state.pending is not None:
        return {}
    if state.phase is Phase.CAP_LANDING:
        return _patrol_landings(board, state, ids, units)
    from pacific.rules.movement.cap import accepted, check_start_cap
    from pacific.rules.movement.reach import reachable

    first = units[0]
    # A drop where the group stands means nothing: never a round trip out and back (a ship's
    # path through a neighbouring zone would spend its movement, R-MOVE-1).
    out = {space: DropTarget(space, tuple(d.path), int(d.cost),
                             _meaning(d.action, d.attack, d.assault), d.action, d.raid_action)
           for space, d in reachable(board, state, ids).items() if space != first.space}
    if state.phase is Phase.NONCOMBAT_MOVE and first.type is UnitType.FIGHTER and \
            board.is_land(first.space):
        for zone in sorted(board.neighbours[first.space]):
            if zone in out or not board.is_sea(zone):
                continue
            patrol = StartCap(units=ids, sea_zone=zone)
            if accepted(check_start_cap, board, state, patrol):
                out[zone] = DropTarget(zone, (first.space, zone), 1, "patrol", patrol)
    return out


def _patrol_landings(board: BoardMap, state: GameState, ids: tuple[int, ...],
                     units: list[Unit]) -> dict[str, DropTarget]:
    """R-CAP-7: a patrol lands on a friendly territory bordering its zone, an island in it, or
    a friendly carrier there."""
    if not all(u.cap for u in units):
        return {}
    from pacific.rules.movement.cap import accepted, check_land_cap

    zone = units[0].space
    out: dict[str, DropTarget] = {}
    for space in sorted({zone, *board.neighbours[zone]}):
        action = LandCap(units=ids, space=space)
        if accepted(check_land_cap, board, state, action):
            path = (zone, space) if space != zone else (zone,)
            out[space] = DropTarget(space, path, 0, "land_patrol", action)
    return out


def drop_action(board: BoardMap, state: GameState, unit_ids: Iterable[int], space: str,
                raid: bool = False) -> Action | None:
    """The action a drop of the group on ``space`` sends: a target's own action (its raid
    variant when ``raid``), else the action a player most likely meant, so that the engine's
    refusal names the rule that forbids it: boarding a ship there, landing cargo, a patrol, or
    a move along the shortest path. None for a drop where the group stands."""
    ids = tuple(unit_ids)
    if not ids or any(i not in state.units for i in ids):
        return None
    target = drop_targets(board, state, ids).get(space)
    if target is not None:
        return target.raid_action if raid and target.raid_action is not None \
            else target.action
    first = state.units[ids[0]]
    start = first.space
    if space == start:
        return None
    if state.phase is Phase.CAP_LANDING and first.cap:
        return LandCap(units=ids, space=space)
    if first.carried_by is not None and board.is_land(space):
        return Unload(transport=first.carried_by, units=ids, territory=space)
    if is_land(first.type) and board.is_sea(space) and first.carried_by is None:
        ships = sorted((u for u in state.units_at(space)
                        if u.type in (UnitType.TRANSPORT, UnitType.DESTROYER)
                        and power_of(u.owner) is power_of(first.owner)), key=lambda s: s.id)
        if ships:
            return Load(transport=ships[0].id, units=ids)
    cargo = [c.id for c in state.cargo_of(first.id)] if len(ids) == 1 else []
    if cargo and board.is_land(space) and space in board.neighbours[start]:
        return Unload(transport=first.id, units=tuple(cargo), territory=space)
    # Land units dropped on land meant a way by land: through the sea there is none for them
    # (an island's infantry dropped on the mainland), and the engine's refusal of the two
    # spaces alone says no land route leads there, not that the zone between may not be
    # entered (R-MOVE-5).
    by_land = is_land(first.type) and first.carried_by is None and board.is_land(space)
    return Move(units=ids, path=shortest_path(board, start, space, by_land))


def shortest_path(board: BoardMap, start: str, goal: str,
                  by_land: bool = False) -> tuple[str, ...]:
    """The fewest steps from ``start`` to ``goal`` over the board's adjacency (passable or
    not: the engine says why a path is refused), through territories alone when
    ``by_land``, or the two spaces alone if none joins them."""
    previous: dict[str, str] = {start: start}
    frontier = [start]
    while frontier and goal not in previous:
        following = []
        for space in frontier:
            for nxt in sorted(board.neighbours[space]):
                if nxt not in previous and (not by_land or board.is_land(nxt)):
                    previous[nxt] = space
                    following.append(nxt)
        frontier = following
    if goal not in previous:
        return (start, goal)
    path = [goal]
    while path[-1] != start:
        path.append(previous[path[-1]])
    return tuple(reversed(path))


def movable_units(board: BoardMap, state: GameState) -> frozenset[int]:
    """The units of the player to act that some movement action listed now moves."""
    if state.pending is not None or state.winner is not None:
        return frozenset()
    from pacific.rules.movement.listers import cap_landings, movement_actions

    if state.phase is Phase.CAP_LANDING:
        actions = list(cap_landings(board, state))
    elif state.phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        actions = list(movement_actions(board, state))
    else:
        return frozenset()
    moved = {uid for action in actions for uid in action.units}
    # Where one unit of a stack goes and the whole cannot (boarding: R-TRANS-1), the listing
    # names the stack's first unit; any unit identical to it may make the same move (no rule
    # reads an id), so a player may pick as many of them as the drop will take.
    stacked = [state.units[uid] for uid in moved]
    spots = {(unit.space, unit.type) for unit in stacked}
    twins = [unit for unit in state.units.values()
             if unit.id not in moved and (unit.space, unit.type) in spots]
    for group in identical_groups(stacked + twins, cargo_index(state)) if twins else ():
        if any(unit.id in moved for unit in group):
            moved.update(unit.id for unit in group)
    return frozenset(moved)


def pick_units(state: GameState, ids: Iterable[int], count: int) -> tuple[int, ...]:
    """The ``count`` units of a stack that move when a player drags part of it: those with the
    most movement left first (R-NONCOMBAT-1: aircraft count their moves over both movement
    phases), those not committed to an amphibious assault before those that are, then the
    ships with the most aboard (a loaded transport before an empty one: the dragged stack
    shows its cargo), then by id."""
    # Cargo already committed to an amphibious assault stays where it is declared (R-AMPH-1):
    # the others go first.
    landing = {i for assault in state.amphibious_assaults for i in assault.landing_units}
    wanted = {i for i in ids if i in state.units}
    aboard = Counter(u.carried_by for u in state.units.values() if u.carried_by in wanted)
    units = sorted((state.units[i] for i in wanted),
                   key=lambda u: (u.id in landing, u.moves_used, -aboard[u.id], u.id))
    return tuple(u.id for u in units[:max(1, min(count, len(units)))])


# ---- the production chart ----

@dataclass(frozen=True)
class ConvoyZoneReport:
    zone: str
    original: Nation      # whose icon the zone bears (R-CONVOY-1/2)
    holder: Nation        # who holds it now (R-CONVOY-7)

    @property
    def captured(self) -> bool:
        return self.holder is not self.original


@dataclass(frozen=True)
class ProductionReport:
    levels: dict[Nation, int]          # every nation but China (R-CHINA-1)
    british_convoys: int               # the British Convoy marker (R-CONVOY-2)
    convoys: tuple[ConvoyZoneReport, ...]


def production_report(board: BoardMap, state: GameState) -> ProductionReport:
    """Production levels, the British Convoy marker and every convoy zone's holder."""
    return ProductionReport(
        levels={n: production_level(board, state, n) for n in Nation if n is not Nation.CHINA},
        british_convoys=british_convoy_level(board, state),
        convoys=tuple(ConvoyZoneReport(z.id, convoy_original_controller(board, z.id),
                                       convoy_controller(board, state, z.id))
                      for z in board.convoy_zones()))


__all__ = [
    "ConvoyZoneReport",
    "DropTarget",
    "ProductionReport",
    "drop_action",
    "drop_targets",
    "movable_units",
    "pick_units",
    "production_report",
    "shortest_path",
]
