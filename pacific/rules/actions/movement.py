"""Movement actions (issue 6). The movement area defines them here."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pacific.rules.actions.base import ActionBase


class Move(ActionBase):
    """Move a group of units along a path of adjacent spaces."""

    kind: Literal["move"] = "move"
    units: tuple[int, ...] = Field(min_length=1)
    path: tuple[str, ...] = Field(min_length=2)

    def describe(self) -> str:
        return f"Move {len(self.units)} unit(s) {' → '.join(self.path)}"


MovementAction = Move
