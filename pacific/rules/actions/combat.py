"""Battle decisions (issue 7). The combat area defines them here."""

from __future__ import annotations

from typing import Literal

from pacific.rules.actions.base import ActionBase


class SelectBattle(ActionBase):
    """Phase 4: the attacker picks the next battle (R-COMBAT-2)."""

    kind: Literal["select_battle"] = "select_battle"
    space: str

    def describe(self) -> str:
        return f"Fight the battle in {self.space}"


CombatAction = SelectBattle
