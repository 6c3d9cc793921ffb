"""What a drop means when one action is not enough: a short sequence
of actions, each legal after the ones before it, found by asking the engine itself.

- Land units dropped on a sea zone board the friendly transports there that have room, filling
  one before the next (R-TRANS-3, R-TRANS-4): four infantry on two empty transports go two and
  two, not "too much cargo" on the first.
- Loaded transports dropped on a coastal territory unload there (R-TRANS-5): every ship of the
  stack lands its cargo, from where it stands when the territory is next to it, else after a
  move to a sea zone next to the territory that it can reach (R-TRANS-5: a ship that unloads
  moves no more, so the move comes first). Cargo of several ships dropped on the coast lands
  from each ship.

When no sequence works, the answer is still the sequence a player meant (`queries.drop_action`'s
single action, or the move by the shortest sea route and the unloading): the first refusal met
along it names the rule that really forbids the drop. A caller checks the whole sequence before
applying any of it (`GameController.submit_all`), so a refused drop changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pacific.rules import queries
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.dice import ChanceDice
from pacific.rules.errors import IllegalAction
from pacific.rules.nations import power_of
from pacific.rules.phases import Phase
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState
from pacific.rules.units import UnitType, is_land

if TYPE_CHECKING:
    from pacific.rules.engine import Game

_CARRIERS_OF_CARGO = (UnitType.TRANSPORT, UnitType.DESTROYER)


def drop_actions(game: Game, state: GameState, unit_ids: Iterable[int], space: str,
                 raid: bool = False) -> tuple[Action, ...]:
    """The actions a drop of the group on ``space`` sends, in order: one as a rule, a few for a
    load spread over several transports or a move followed by unloading. Empty for a drop
    where the group stands."""
    ids = tuple(unit_ids)
    single = queries.drop_action(game.board, state, ids, space, raid)
    if single is None or game.why_illegal(state, single) is None:
        return () if single is None else (single,)
    first = state.units[ids[0]]
    board = game.board
    sequence: tuple[Action, ...] = ()
    if is_land(first.type) and first.carried_by is None and board.is_sea(space):
        sequence = _spread_load(game, state, ids, space)
    elif first.type in _CARRIERS_OF_CARGO and board.is_land(space) and \
            any(state.cargo_of(i) for i in ids):
        sequence = _move_and_unload(game, state, ids, space) or \
            _meant_unload(game, state, ids, space)
    elif first.carried_by is not None and board.is_land(space):
        sequence = _cargo_unloads(state, ids, space)
    return sequence or (single,)


@dataclass(frozen=True)
class LargestDrop:
    """The most of a dragged group that a drop on a space moves (`largest_drop`)."""

    units: tuple[int, ...]  # those that go: the whole group, some of it, or none
    actions: tuple[Action, ...]  # what their drop sends (the whole group's when none go)
    refusal: IllegalAction | None  # why the whole group may not go (None: it may)


def largest_drop(game: Game, state: GameState, unit_ids: Iterable[int], space: str,
                 raid: bool = False) -> LargestDrop:
    """The drop of as many of the group on ``space`` as the engine accepts: the whole group
    when it may go; else the most of it that may (the ones `queries.pick_units` moves first:
    six infantry dropped on ships that carry four, R-TRANS-1, R-JDD-1, board four), with
    the whole group's refusal, which says why the rest stay; else none, with the whole
    group's actions and refusal (the rule that forbids the drop); none and no actions for a
    drop where the group stands. Each group is checked as
    the controller checks a drop (`GameController.submit_all`): every action in the position
    the ones before it leave."""
    ids = tuple(unit_ids)
    actions = drop_actions(game, state, ids, space, raid)
    if not actions:   # (dropped where the group stands)
        return LargestDrop((), (), None)
    refusal = _first_refusal(game, state, actions)
    if refusal is None or len(ids) < 2:
        return LargestDrop(ids if refusal is None else (), actions, refusal)
    for count in range(len(ids) - 1, 0, -1):
        some = queries.pick_units(state, ids, count)
        fewer = drop_actions(game, state, some, space, raid)
        if fewer and _first_refusal(game, state, fewer) is None:
            return LargestDrop(some, fewer, refusal)
    return LargestDrop((), actions, refusal)


@dataclass(frozen=True)
class PartDrop:
    """A place where a drop moves the group by more than the one action `drop_targets` lists
    (`part_drops`): its path, cost and meaning (those of the group's first unit), and what a
    drop there moves (`largest_drop`: all of the group, or the most that may go and why not
    the rest)."""

    target: DropTarget
    drop: LargestDrop


def part_drops(game: Game, state: GameState, unit_ids: Iterable[int]) -> dict[str, PartDrop]:
    """The places where a drop of the group moves some of it or all of it though no single
    action moves it all, so that `drop_targets` does not list them: eight infantry on ships
    with room for seven board seven (R-TRANS-1, R-JDD-1); four on two transports board two
    and two (R-TRANS-4). A drag lights them and says how many go, as the drop then does.
    Only the places where the group's first unit (`queries.pick_units`) may go are asked: a
    drop of fewer units moves those first (`largest_drop`)."""
    ids = tuple(unit_ids)
    if len(ids) < 2 or any(i not in state.units for i in ids):
        return {}
    board = game.board
    listed = {**unload_targets(game, state, ids), **queries.drop_targets(board, state, ids)}
    lead = queries.pick_units(state, ids, 1)
    out: dict[str, PartDrop] = {}
    for space, target in {**unload_targets(game, state, lead),
                          **queries.drop_targets(board, state, lead)}.items():
        if space in listed:
            continue
        drop = largest_drop(game, state, ids, space)
        if drop.units:
            out[space] = PartDrop(target, drop)
    return out


def _first_refusal(game: Game, state: GameState,
                   actions: tuple[Action, ...]) -> IllegalAction | None:
    """The first refusal met applying ``actions`` in order (None: all accepted)."""
    for action in actions:
        try:
            state, _events = game.apply(state, action, ChanceDice())
        except IllegalAction as refusal:
            return refusal
    return None


def unload_targets(game: Game, state: GameState,
                   unit_ids: Iterable[int]) -> dict[str, DropTarget]:
    """The coastal territories a group of loaded ships can be dropped on to unload there
    (after a move when needed) that `queries.drop_targets` does not already list: lit while
    the stack is dragged, like the other targets. The action is the first of the drop's."""
    ids = tuple(unit_ids)
    if not ids or any(i not in state.units for i in ids) or state.pending is not None:
        return {}
    first = state.units[ids[0]]
    if first.type not in _CARRIERS_OF_CARGO or not any(state.cargo_of(i) for i in ids) or \
            state.phase not in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE):
        return {}
    board = game.board
    targets = queries.drop_targets(board, state, ids)
    zones: dict[str, tuple[tuple[str, ...], int]] = {first.space: ((first.space,), 0)}
    zones.update({zone: (t.path, t.cost) for zone, t in targets.items()
                  if t.meaning == "move" and board.is_sea(zone)})
    coasts = sorted({land for zone in zones for land in board.neighbours[zone]
                     if board.is_land(land) and land not in targets})
    # In combat movement every unloading is an amphibious assault (R-TRANS-7, R-AMPH-1).
    meaning: queries.Meaning = "assault" if state.phase is Phase.COMBAT_MOVE else "unload"
    out: dict[str, DropTarget] = {}
    for coast in coasts:
        sequence = _move_and_unload(game, state, ids, coast)
        if not sequence:
            continue
        first_action = sequence[0]
        zone = first_action.path[-1] if isinstance(first_action, Move) else first.space
        path, cost = zones[zone]
        out[coast] = DropTarget(coast, (*path, coast), cost, meaning, first_action)
    return out


def _legal_after(game: Game, state: GameState, action: Action) -> GameState | None:
    """The state after ``action``, or None when it is refused or waits for dice."""
    try:
        after, _events = game.apply(state, action, ChanceDice())
    except IllegalAction:
        return None
    return after if after.pending is None else None


def _spread_load(game: Game, state: GameState, ids: tuple[int, ...],
                 zone: str) -> tuple[Action, ...]:
    """Each unit aboard the first ship in the zone that takes it; () unless all go."""
    owner = power_of(state.units[ids[0]].owner)
    ships = sorted(u.id for u in state.units_at(zone)
                    if u.type in _CARRIERS_OF_CARGO and power_of(u.owner) is owner)
    aboard: dict[int, list[int]] = {}
    current = state
    for uid in ids:
        for ship in ships:
            after = _legal_after(game, current, Load(transport=ship, units=(uid,)))
            if after is not None:
                aboard.setdefault(ship, []).append(uid)
                current = after
                break
        else:
            return ()
    # One load per ship, checked again as a whole (the same units, the same order).
    sequence = tuple(Load(transport=ship, units=tuple(units)) for ship, units in aboard.items())
    return sequence if _all_legal(game, state, sequence) else tuple(
        Load(transport=ship, units=(uid,)) for ship, units in aboard.items() for uid in units)


def _move_and_unload(game: Game, state: GameState, ids: tuple[int, ...],
                     territory: str) -> tuple[Action, ...]:
    """Every loaded ship of the group unloads into ``territory``: from where it stands when
    next to it, else after the cheapest move to a sea zone next to it."""
    board = game.board
    start = state.units[ids[0]].space
    if territory in board.neighbours[start]:
        moves: list[tuple[Action, ...]] = [()]
    else:
        targets = queries.drop_targets(board, state, ids)
        zones = sorted((t.cost, zone) for zone, t in targets.items()
                       if t.meaning == "move" and board.is_sea(zone)
                       and territory in board.neighbours[zone])
        moves = [(targets[zone].action,) for _cost, zone in zones]
    unloads = _unloads(state, ids, territory)
    for move in moves:
        if _all_legal(game, state, move + unloads):
            return move + unloads
    return ()


def _unloads(state: GameState, ids: tuple[int, ...], territory: str) -> tuple[Action, ...]:
    return tuple(Unload(transport=i, units=tuple(c.id for c in state.cargo_of(i)),
                        territory=territory) for i in ids if state.cargo_of(i))


def _cargo_unloads(state: GameState, ids: tuple[int, ...],
                   territory: str) -> tuple[Action, ...]:
    """Cargo of several ships dropped on a coast (the unit picker's line of the cargo of two
    transports): each ship lands its part, one unloading a ship (R-TRANS-5)."""
    aboard: dict[int, list[int]] = {}
    for uid in ids:
        ship = state.units[uid].carried_by
        if ship is None:
            return ()
        aboard.setdefault(ship, []).append(uid)
    if len(aboard) < 2:
        return ()
    return tuple(Unload(transport=ship, units=tuple(units), territory=territory)
                 for ship, units in aboard.items())


def _meant_unload(game: Game, state: GameState, ids: tuple[int, ...],
                  territory: str) -> tuple[Action, ...]:
    """The unloading a player meant, though refused: from where the ships stand when next to
    the territory, else after the shortest sea route to a zone next to it. Its first refusal
    says why (out of reach, R-MOVE-2; an enemy coast outside combat movement, R-TRANS-7...)."""
    board = game.board
    start = state.units[ids[0]].space
    if territory in board.neighbours[start]:
        return _unloads(state, ids, territory)
    path = _sea_path(game, start, {z for z in board.neighbours[territory] if board.is_sea(z)})
    if path is None:
        return ()
    return (Move(units=ids, path=path), *_unloads(state, ids, territory))


def _sea_path(game: Game, start: str, goals: set[str]) -> tuple[str, ...] | None:
    """The fewest steps over sea zones from ``start`` to one of ``goals``, or None."""
    board = game.board
    previous = {start: start}
    frontier = [start]
    while frontier:
        reached = sorted(goals.intersection(frontier))
        if reached:
            path = [reached[0]]
            while path[-1] != start:
                path.append(previous[path[-1]])
            return tuple(reversed(path))
        following = []
        for space in frontier:
            for nxt in sorted(board.neighbours[space]):
                if nxt not in previous and board.is_sea(nxt):
                    previous[nxt] = space
                    following.append(nxt)
        frontier = following
    return None


def _all_legal(game: Game, state: GameState, sequence: tuple[Action, ...]) -> bool:
    current: GameState | None = state
    for action in sequence:
        if current is None:
            return False
        current = _legal_after(game, current, action)
    return current is not None
