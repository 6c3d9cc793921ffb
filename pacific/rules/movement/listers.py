"""`legal_actions` for movement: for each stack (identical units in one space) and for one
unit of it, a move to every reachable destination; loads, unloads, patrols, convoy holds and
patrol landings. Finite and exact: every action listed is accepted by `Game.apply`."""

from __future__ import annotations

from collections.abc import Iterator

from pacific.rules.actions.movement import HoldConvoy, LandCap, MovementAction, StartCap
from pacific.rules.board import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.cap import check_hold_convoy, check_land_cap, check_start_cap
from pacific.rules.movement.reach import reachable
from pacific.rules.phases import Phase
from pacific.rules.registry import lists
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType


def stacks(state: GameState) -> list[list[Unit]]:
    """The current power's units in groups of identical units (`pacific.rules.groups`: the
    same in everything but the id, cargo included), each in id order, groups in order of
    their first id."""
    movers = [u for u in state.units.values()
              if sp.same_turn(state, u) and u.type is not UnitType.INDUSTRIAL_COMPLEX]
    return identical_groups(movers, cargo_index(state))


@lists(Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)
def movement_actions(board: BoardMap, state: GameState) -> Iterator[MovementAction]:
    with sp.read_only(state):
        yield from _movement_actions(board, state)


def _movement_actions(board: BoardMap, state: GameState) -> Iterator[MovementAction]:
    # Actions are frozen values: equal fields, equal hash (cheaper than comparing JSON forms).
    seen: set[MovementAction] = set()
    for stack in stacks(state):
        groups = [stack] if len(stack) == 1 else [stack, stack[:1]]
        for group in groups:
            for dest in reachable(board, state, [u.id for u in group]).values():
                for action in (dest.action, dest.raid_action, *dest.more):
                    if action is not None and action not in seen:
                        seen.add(action)
                        yield action
        ids = tuple(u.id for u in stack)
        yield from _extras(board, state, stack, ids)


def _extras(board: BoardMap, state: GameState, stack: list[Unit], ids: tuple[int, ...]
            ) -> Iterator[MovementAction]:
    first = stack[0]
    if state.phase is Phase.COMBAT_MOVE and first.type is UnitType.SUBMARINE:
        hold = HoldConvoy(units=ids)
        if _ok(check_hold_convoy, board, state, hold):
            yield hold
    if state.phase is Phase.NONCOMBAT_MOVE and first.type is UnitType.FIGHTER and \
            board.is_land(first.space):
        for zone in sorted(board.neighbours[first.space]):
            cap = StartCap(units=ids, sea_zone=zone)
            if board.is_sea(zone) and _ok(check_start_cap, board, state, cap):
                yield cap


def _ok(check: object, board: BoardMap, state: GameState, action: MovementAction) -> bool:
    try:
        check(board, state, action)  # type: ignore[operator]
    except IllegalAction:
        return False
    return True


@lists(Phase.CAP_LANDING)
def cap_landings(board: BoardMap, state: GameState) -> Iterator[MovementAction]:
    """R-CAP-7: every landing place of every patrol group."""
    for stack in stacks(state):
        if not stack[0].cap:
            continue
        zone = stack[0].space
        ids = tuple(u.id for u in stack)
        for space in sorted(board.neighbours[zone] | {zone}):
            for carrier in _patrol_carriers(board, state, stack, space):
                action = LandCap(units=ids, space=space, carrier=carrier)
                if _ok(check_land_cap, board, state, action):
                    yield action


def _patrol_carriers(board: BoardMap, state: GameState, stack: list[Unit], space: str
                     ) -> list[int | None]:
    """R-CAP-7: a patrol landing at sea takes any friendly carrier with room (None), or the
    one the player names: each carrier of its own kind is a choice (it may not move again
    this turn, R-CARRIER-5)."""
    if not board.is_sea(space):
        return [None]
    carriers = [c for c in sp.friendly_carriers(state, space, stack[0].owner)
                if sp.carrier_room(state, c) >= len(stack)]
    return [None, *(kind[0].id for kind in identical_groups(carriers, cargo_index(state)))]
