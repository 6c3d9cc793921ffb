"""What combat movement declares and combat resolves: amphibious assaults and bombing raids.

Movement (phase 3) writes these records; combat (phase 4) reads them. They live apart from both
areas so that `state.py` can hold them without import cycles.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class AmphibiousAssault(BaseModel):
    """An assault declared in combat movement with its target (R-AMPH-1, R-COMBATMOVE-8)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    target: str                                   # the territory attacked; it never changes
    # Sea zones the landing comes from; one assault may come from several (R-TRANS-5).
    sea_zones: list[str] = Field(default_factory=list)
    # Transports or Japanese destroyers unloading, and the land units they land.
    ships: list[int] = Field(default_factory=list)
    landing_units: list[int] = Field(default_factory=list)
    # Aircraft committed to the land attack rather than to a naval battle (R-COMBATMOVE-8).
    land_aircraft: list[int] = Field(default_factory=list)
    called_off: bool = False                      # R-AMPH-1: only in phase 4


class BombingRaid(BaseModel):
    """A strategic bombing raid declared in combat movement (R-COMBATMOVE-9, R-SBR-1..2)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    target: str
    bombers: list[int] = Field(default_factory=list)
    escorts: list[int] = Field(default_factory=list)
