"""Actions of the turn sequence and the economy: ending a phase, buying, placing,
splitting the British convoy income, choosing who takes a captured territory."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pacific.rules.actions.base import ActionBase
from pacific.rules.fields import Count, Ipcs, Quantity, SpaceId
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType


class EndPhase(ActionBase):
    """Finish the current phase (R-TURN-3; any phase may be left at once, R-TURN-4)."""

    kind: Literal["end_phase"] = "end_phase"

    def describe(self) -> str:
        return "End the phase"


class Purchase(ActionBase):
    """Phase 1: one nation buys units (R-PURCH-1..6)."""

    kind: Literal["purchase"] = "purchase"
    nation: Nation
    units: dict[UnitType, Quantity] = Field(min_length=1)

    def describe(self) -> str:
        bought = ", ".join(f"{n} {t.value}" for t, n in self.units.items())
        return f"{self.nation.value} buys {bought}"


class Place(ActionBase):
    """Phase 7: place bought units (R-PLACE-1..7), China's infantry included."""

    kind: Literal["place"] = "place"
    nation: Nation
    unit_type: UnitType
    space: SpaceId
    count: Count = 1

    def describe(self) -> str:
        return f"{self.nation.value} places {self.count} {self.unit_type.value} in {self.space}"


class SplitConvoyIncome(ActionBase):
    """Phase 9 of the British turn: the British Convoy income split (R-INCOME-3)."""

    kind: Literal["split_convoy_income"] = "split_convoy_income"
    india: Ipcs
    australia: Ipcs

    def describe(self) -> str:
        return f"British convoys: {self.india} IPC to India, {self.australia} to Australia"


class ChooseOwner(ActionBase):
    """Who takes a captured territory when the rules let the player choose
    (R-CAPTURE-11 Siam and French Indochina; R-CAPTURE-12 / OQ-6 joint captures)."""

    kind: Literal["choose_owner"] = "choose_owner"
    territory: SpaceId
    nation: Nation

    def describe(self) -> str:
        return f"{self.territory} goes to {self.nation.value}"


EconomyAction = EndPhase | Purchase | Place | SplitConvoyIncome | ChooseOwner
