"""The reason of a move that is not an attack, read when the move is sent: the kind of move
the planner's step is for (`MoveReason.kind`), where the units end, and how the enemy's answer
there changes with them (the strength estimate: nothing the planner decides is asked again)."""

from __future__ import annotations

from pacific.ai.explain import MoveReason
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.state import Unit


def move_reason(turn: Turn, kind: str, action: Action) -> MoveReason:
    """Why ``action`` (sent by a step of ``kind``) was made, from the position before it."""
    space, units = _destination(turn, action)
    if space is None:
        return MoveReason(kind)
    arriving = [moved(u, space) for u in units if u.space != space]
    before = turn.danger(space, exact=False)
    after = turn.danger(space, extra=arriving, exact=False) if arriving else before
    worth = turn.importance(space) if turn.board.is_land(space) and turn.view.mine(
        turn.view.owner(space)) else 0.0
    return MoveReason(kind, space, danger=after, before=before, worth=max(worth, 0.0))


def _destination(turn: Turn, action: Action) -> tuple[str | None, list[Unit]]:
    units = turn.state.units
    if isinstance(action, Move):
        return action.path[-1], [units[i] for i in action.units if i in units]
    if isinstance(action, Load):
        ship = units.get(action.transport)
        return (ship.space if ship else None), [units[i] for i in action.units if i in units]
    if isinstance(action, Unload):
        return action.territory, [units[i] for i in action.units if i in units]
    if isinstance(action, HoldConvoy):
        held = [units[i] for i in action.units if i in units]
        return (held[0].space if held else None), []
    if isinstance(action, StartCap):
        return action.sea_zone, [units[i] for i in action.units if i in units]
    if isinstance(action, LandCap):
        return action.space, [units[i] for i in action.units if i in units]
    return None, []
