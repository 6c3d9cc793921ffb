"""The computer player's units as stacks of identical units (`pacific.rules.groups`), each with
every place one of them can go now (`Game.drop_targets`): one engine query per stack, once per
phase, instead of listing every legal action again after every move."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.rules.actions import Action
from pacific.rules.actions.movement import LandCap, Load, Move, StartCap, Unload
from pacific.rules.engine import Game
from pacific.rules.groups import cargo_index, identical_groups
from pacific.rules.nations import POWER_NATIONS
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType


@dataclass
class Stack:
    units: list[Unit]
    targets: dict[str, DropTarget]

    @property
    def first(self) -> Unit:
        return self.units[0]

    @property
    def type(self) -> UnitType:
        return self.units[0].type

    @property
    def space(self) -> str:
        return self.units[0].space

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(u.id for u in self.units)


def my_stacks(game: Game, state: GameState) -> list[Stack]:
    """Every stack of the power to act that can move somewhere now, in id order."""
    nations = POWER_NATIONS[state.power]
    mine = [u for u in state.units.values() if u.owner in nations
            and u.type is not UnitType.INDUSTRIAL_COMPLEX]
    out = []
    for group in identical_groups(mine, cargo_index(state)):
        targets = game.drop_targets(state, [group[0].id])
        if targets:
            out.append(Stack(units=group, targets=targets))
    return out


def with_units(action: Action, ids: tuple[int, ...]) -> Action:
    """A drop target's action for other units of the same stack (identical units go where one
    of them goes); the engine validates it again before it is applied."""
    if isinstance(action, Move | Load | Unload | StartCap | LandCap):
        return action.model_copy(update={"units": ids})
    return action
