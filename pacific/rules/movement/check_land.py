"""Checking a land group's move (R-MOVE-*, R-COMBATMOVE-*, R-NONCOMBAT-*, R-BLITZ-*): whether
each unit may move now, then a path (`pacific.rules.movement.check` runs them in order)."""

from __future__ import annotations

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalMove, plural
from pacific.rules.movement import spaces
from pacific.rules.movement.members import (
    AA_GUN,
    ARMOR,
    COMBAT_MOVE,
    INDUSTRIAL_COMPLEX,
    LAND,
    NONCOMBAT_MOVE,
)
from pacific.rules.movement.plan import Group, MovePlan, check_element, check_route, place
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import can_capture


def check_land_units(board: BoardMap, state: GameState, group: Group) -> None:
    """Whether each land unit may move at all now.

    Raises:
        IllegalMove: R-UNIT-5, R-TRANS-3/8, R-NONCOMBAT-2/4, R-COMBATMOVE-3/7, R-MOVE-2.
    """
    phase = group.phase
    for unit in group.units:
        kind = unit.type
        if kind is INDUSTRIAL_COMPLEX:
            raise IllegalMove("R-UNIT-5", "An industrial complex never moves")
        if unit.carried_by is not None:
            raise IllegalMove("R-TRANS-3", "The {unit} is aboard a ship: it moves with the "
                              "ship and leaves it only by unloading", unit=kind)
        if unit.unloaded_this_turn or unit.loaded_this_turn:
            raise IllegalMove("R-TRANS-8", "The {unit} boarded or landed from a ship this "
                              "turn: that was its whole move", unit=kind)
        if phase is NONCOMBAT_MOVE and (unit.combat_moved or unit.fought):
            raise IllegalMove("R-NONCOMBAT-2", "The {unit} moved in combat movement or fought "
                              "this turn: it cannot move again", unit=kind)
        if phase is COMBAT_MOVE and unit.combat_moved:
            raise IllegalMove("R-COMBATMOVE-3", "The {unit} has already made its combat move: "
                              "a unit takes part in at most one battle per turn, R-COMBAT-3",
                              unit=kind)
        if kind is AA_GUN and unit.captured_this_turn:
            raise IllegalMove("R-NONCOMBAT-4", "An AA gun captured this turn cannot move")
        if kind is AA_GUN and phase is COMBAT_MOVE:
            # A combat move must enter an enemy territory (R-COMBATMOVE-1), which an AA gun
            # never does: it moves in non-combat movement only.
            raise IllegalMove("R-COMBATMOVE-7", "An AA gun never enters an enemy territory as "
                              "an attacker: it moves in non-combat movement")
        if spaces.left(unit) == 0:
            raise IllegalMove("R-MOVE-2", "The {unit} has no move left this turn", unit=kind)


def check_land_path(board: BoardMap, state: GameState, group: Group, action: Move
                    ) -> MovePlan:
    """The destination, the route, its cost and what it crosses, for a land group whose units
    may move (`check_land_units`).

    Raises:
        IllegalMove: R-MOVE-2/3/5/7/10, R-NONCOMBAT-3, R-BLITZ-1/4, R-CAPTURE-2,
            R-COMBATMOVE-1.
    """
    path = action.path
    dest = path[-1]
    nation = group.nation
    check_element(board, LAND, dest)
    if group.phase is NONCOMBAT_MOVE:
        check_friendly_ground(board, state, dest, nation)
    limit = group.limit
    check_route(board, state, group, path, limit)
    cost = len(path) - 1
    if cost > limit:
        unit = next(u for u in group.units if cost > spaces.left(u))
        raise IllegalMove("R-MOVE-2", plural(
            "The {unit} can move only {count} space now, this path is {cost}",
            "The {unit} can move only {count} spaces now, this path is {cost}"),
            unit=unit.type, count=spaces.left(unit), cost=cost)
    plan = MovePlan(units=group.units, domain=LAND, path=path, cost=cost, nation=nation)
    if group.phase is NONCOMBAT_MOVE:
        for space in path[1:-1]:
            check_friendly_ground(board, state, space, nation)
        return plan
    return _walk_land_combat(board, state, plan)


def check_friendly_ground(board: BoardMap, state: GameState, space: str, nation: Nation
                          ) -> None:
    """R-NONCOMBAT-3: in non-combat movement land units enter only friendly territories free
    of enemy units.

    Raises:
        IllegalMove: R-NONCOMBAT-3.
    """
    if not spaces.is_friendly(board, state, space, nation) or \
            spaces.occupied(board, state, space, nation):
        raise IllegalMove("R-NONCOMBAT-3", "In non-combat movement land units enter only "
                          "friendly territories; {space} is not", space=place(board, space))


def _walk_land_combat(board: BoardMap, state: GameState, plan: MovePlan) -> MovePlan:
    units, path, nation = plan.units, plan.path, plan.nation
    captured: set[str] = set()
    entered_enemy = False
    last_step = len(path) - 1
    for i, space in enumerate(path[1:], start=1):
        last = i == last_step
        enemy = spaces.enemy_controlled(board, state, space, nation) and space not in captured
        if spaces.occupied(board, state, space, nation):
            enemies = spaces.enemy_units(state, space, nation)
            if not last and not any(
                    u.type not in (AA_GUN, INDUSTRIAL_COMPLEX)
                    for u in enemies):
                # R-MOVE-9: AA guns alone (R-BLITZ-4) or with a factory (R-CAPTURE-2) occupy
                # it; the units stop there and take it in combat (R-COMBAT-11).
                if spaces.has_industrial_complex(board, state, space):
                    raise IllegalMove("R-CAPTURE-2", "{space} holds only enemy AA guns or a "
                                      "factory: it counts as occupied, so land units entering "
                                      "it stop there and take it in combat",
                                      space=place(board, space))
                raise IllegalMove("R-BLITZ-4", "{space} holds only enemy AA guns: it counts "
                                  "as occupied, so land units entering it stop there and take "
                                  "it in combat", space=place(board, space))
            if not last:
                raise IllegalMove("R-MOVE-7", "{space} holds enemy units: land units entering "
                                  "it stop there", space=place(board, space))
            plan.attack = True
            entered_enemy = True
        elif enemy:
            if not last and any(u.type is not ARMOR for u in units):
                raise IllegalMove("R-BLITZ-1", "Only armor may go on after capturing an empty "
                                  "enemy territory (blitz)")
            if any(can_capture(u.type) for u in units):
                plan.captures.append(space)
                captured.add(space)
            entered_enemy = True
    if not entered_enemy:
        raise IllegalMove("R-COMBATMOVE-1", "A combat move must enter an enemy territory; "
                          "move between friendly territories in non-combat movement (OQ2-3)")
    return plan
