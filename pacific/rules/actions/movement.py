"""Movement actions: moving a group along a path, loading and unloading ships,
submarines holding a convoy zone, and combat air patrols.

Every action names the units it moves by id and the spaces it crosses, so the engine can check
each step, its cost and its consequences (captures, AA fire over flown territory, battles).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from pacific.rules.actions.base import ActionBase
from pacific.rules.fields import MAX_PATH_SPACES, Bool, SpaceId, UnitId, UnitIds


class Move(ActionBase):
    """A group of units of one kind (land, sea or air) moves along ``path``, a chain of
    adjacent spaces starting where the units are (R-MOVE-3).

    - ``raid``: bombers (and escorting fighters) declare a strategic bombing raid on the
      territory they reach (R-COMBATMOVE-9).
    - ``landing``: for aircraft in combat movement, the place each of them will land, declared
      for a risky mission (R-AIR-3, OQ2-18): a territory or a sea zone where a friendly carrier
      will be. Omitted, a territory held since the start of the turn must be in reach.
    - ``carrier``: in non-combat movement, the carrier the fighters land on at the end of the
      path; omitted, any friendly carrier there with room is used (R-MOVE-6).
    - ``casualty_order``: the owner's choice of which aircraft AA fire over flown territory
      removes first (R-AAFLY-2); units not listed follow in the order of ``units``.
    """

    kind: Literal["move"] = "move"
    units: UnitIds = Field(min_length=1)
    path: tuple[SpaceId, ...] = Field(min_length=2, max_length=MAX_PATH_SPACES)
    raid: Bool = False
    landing: SpaceId | None = None
    carrier: UnitId | None = None
    casualty_order: UnitIds = ()

    def describe(self) -> str:
        extra = " (strategic bombing raid)" if self.raid else ""
        if self.landing:
            extra += f", to land in {self.landing}"
        return f"Move {len(self.units)} unit(s) {' → '.join(self.path)}{extra}"


class Load(ActionBase):
    """Land units board a transport (or one infantry a Japanese destroyer) from territories
    next to the ship's sea zone (R-TRANS-3, R-TRANS-4, R-JDD-1)."""

    kind: Literal["load"] = "load"
    transport: UnitId
    units: UnitIds = Field(min_length=1)

    def describe(self) -> str:
        return f"Load {len(self.units)} unit(s) on ship {self.transport}"


class Unload(ActionBase):
    """Cargo lands from a transport (or Japanese destroyer) into one territory next to its zone
    (R-TRANS-5). In combat movement into an enemy territory this is an amphibious assault,
    declared with its target (R-AMPH-1, R-COMBATMOVE-8)."""

    kind: Literal["unload"] = "unload"
    transport: UnitId
    units: UnitIds = Field(min_length=1)
    territory: SpaceId

    def describe(self) -> str:
        return f"Unload {len(self.units)} unit(s) from ship {self.transport} into {self.territory}"


class HoldConvoy(ActionBase):
    """Combat movement: submarines that began the turn in an empty enemy convoy zone spend one
    move to stay and capture it (R-CONVOY-4)."""

    kind: Literal["hold_convoy"] = "hold_convoy"
    units: UnitIds = Field(min_length=1)

    def describe(self) -> str:
        return f"{len(self.units)} submarine(s) stay to capture their convoy zone"


class StartCap(ActionBase):
    """Non-combat movement: fighters that have not moved fly from a territory into an adjacent
    sea zone as a combat air patrol (R-CAP-1)."""

    kind: Literal["start_cap"] = "start_cap"
    units: UnitIds = Field(min_length=1)
    sea_zone: SpaceId

    def describe(self) -> str:
        return f"{len(self.units)} fighter(s) fly a combat air patrol over {self.sea_zone}"


class LandCap(ActionBase):
    """Phase 2: patrolling fighters land on a friendly territory bordering their zone, an island
    in it, or a friendly carrier there (R-CAP-7)."""

    kind: Literal["land_cap"] = "land_cap"
    units: UnitIds = Field(min_length=1)
    space: SpaceId
    carrier: UnitId | None = None

    def describe(self) -> str:
        where = f"carrier {self.carrier} in {self.space}" if self.carrier else self.space
        return f"{len(self.units)} patrol fighter(s) land on {where}"


MovementAction = Move | Load | Unload | HoldConvoy | StartCap | LandCap
