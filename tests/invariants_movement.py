"""Movement invariants for the random-game test (imported by test_random_games.py): units move
only along chains of adjacent spaces they record, stay in their element, never exceed their
allowance, and cargo stays with its ship."""

from __future__ import annotations

import typing
from itertools import pairwise

from random_play import UNIT_LOSS_RULES, Step, invariant

from pacific.rules.actions.movement import MovementAction
from pacific.rules.movement.events import AircraftLost
from pacific.rules.units import (
    CARRIER_CAPACITY,
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    UnitType,
    is_air,
    is_land,
    is_sea,
)


def _shot_down_over_territory(step: Step, lost: set[int]) -> bool:
    """R-AAFLY-2: AA guns over flown territory remove aircraft during a combat move."""
    down = {i for e in step.events if isinstance(e, AircraftLost) and e.rule == "R-AAFLY-2"
            for i in e.units}
    return step.action.kind == "move" and lost <= down and \
        all(is_air(step.before.units[i].type) for i in lost)


UNIT_LOSS_RULES.append(_shot_down_over_territory)
MOVEMENT_KINDS = {a.model_fields["kind"].default for a in typing.get_args(MovementAction)}


@invariant
def cargo_stays_with_its_ship(step: Step) -> None:
    after = step.after
    load: dict[int, int] = {}
    for unit in after.units.values():
        if unit.carried_by is None:
            continue
        ship = after.units.get(unit.carried_by)
        assert ship is not None, f"unit {unit.id} aboard a vanished ship"
        assert unit.space == ship.space, f"unit {unit.id} left its ship {ship.id}"
        size = 1 if ship.type is not UnitType.TRANSPORT else UNIT_SPECS[unit.type].transport_size
        load[ship.id] = load.get(ship.id, 0) + size
    for ship_id, used in load.items():
        ship = after.units[ship_id]
        cap = {UnitType.TRANSPORT: TRANSPORT_CAPACITY,
               UnitType.CARRIER: CARRIER_CAPACITY}.get(ship.type, 1)
        assert used <= cap, f"{ship.type.value} {ship_id} carries {used} > {cap}"


@invariant
def units_stay_in_their_element(step: Step) -> None:
    board = step.game.board
    for unit in step.after.units.values():
        if is_sea(unit.type):
            assert board.is_sea(unit.space), f"ship {unit.id} on land in {unit.space}"
        elif is_land(unit.type) and unit.carried_by is None:
            assert board.is_land(unit.space), f"land unit {unit.id} at sea in {unit.space}"


@invariant
def units_move_along_adjacent_spaces_within_their_allowance(step: Step) -> None:
    board = step.game.board
    for unit in step.after.units.values():
        old = step.before.units.get(unit.id)
        if old is None:
            continue
        limit = max(UNIT_SPECS[unit.type].move, 3 if is_sea(unit.type) else 0)
        assert unit.moves_used <= limit, f"unit {unit.id} used {unit.moves_used} > {limit}"
        # Only movement actions are held to recorded paths (retreats belong to combat).
        if old.space == unit.space or step.action.kind not in MOVEMENT_KINDS or \
                len(unit.path) < len(old.path):
            continue
        trail = [old.space, *unit.path[len(old.path):]]
        assert trail[-1] == unit.space, f"unit {unit.id} is not where its path ends"
        assert all(board.adjacent(a, b) for a, b in pairwise(trail)), \
            f"unit {unit.id} jumped: {trail}"
