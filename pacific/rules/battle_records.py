"""The typed record of one battle of the combat phase, kept in `GameState.battles`.

It imports only nations and pydantic, so that `state.py` can hold it without import cycles. The
combat area (`pacific.rules.combat`) creates the records when phase 4 begins and advances them
step by step; a battle waiting for a player's decision says so in
`GameState.pending`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pacific.rules.nations import Nation, Power
from pacific.rules.units import UnitType


class BattleKind(StrEnum):
    LAND = "land"          # R-LAND-1 (an amphibious assault is a land battle with `assault`)
    NAVAL = "naval"        # R-NAVAL-1
    RAID = "raid"          # strategic bombing raid, R-SBR-4
    KAMIKAZE = "kamikaze"  # a stand-alone kamikaze attack in an Allied turn (R-KAMI-4, R-KAMI-7)


class HitPool(StrEnum):
    """Which units a group of hits may fall on."""

    ANY = "any"
    NO_AIR = "no_air"      # submarine hits: never on aircraft (R-SUB-4, OQ3-7)
    NO_SUB = "no_sub"      # aircraft hits without a friendly destroyer (R-SUB-5)
    AIR_ONLY = "air_only"  # AA fire (R-AA-2, R-SBR-4)


Side = Literal["attacker", "defender"]


class BattleStep(StrEnum):
    """The named steps of a battle, in `pacific.rules.combat.steps.STEPS`."""

    BEGIN = "begin"
    LANDING = "landing"                # amphibious: land the declared units (R-AMPH-6)
    COVER_FIRE = "cover_fire"          # R-AMPH-6 step 2
    AA_FIRE = "aa_fire"                # R-AA-2
    KAMIKAZE_ASK = "kamikaze_ask"      # R-KAMI-8, OQ3-2
    KAMIKAZE_STRIKE = "kamikaze_strike"
    ROUND_START = "round_start"
    FIRST_STRIKE = "first_strike"      # R-SUB-2/3
    ATTACKER_FIRES = "attacker_fires"
    DEFENDER_SUBMERGE = "defender_submerge"  # R-SUB-6, OQ3-8
    DEFENDER_FIRES = "defender_fires"
    CHOOSE = "choose"                  # casualties (R-COMBAT-6)
    REMOVE = "remove"                  # R-COMBAT-7
    ROUND_END = "round_end"
    DECIDE = "decide"                  # retreat, submerge or press on (R-COMBAT-8)
    CONCLUDE = "conclude"
    RAID_INTERCEPT = "raid_intercept"  # R-SBR-3
    RAID_AA = "raid_aa"                # R-SBR-4 step 1
    RAID_CLASH = "raid_clash"          # R-SBR-4 step 2
    RAID_BOMBING = "raid_bombing"      # R-SBR-4 step 3
    OVER = "over"


class PendingHits(BaseModel):
    """Hits scored and not yet assigned: the side that is hit chooses (R-COMBAT-6)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    side: Side
    pools: dict[HitPool, int]
    at_once: bool          # AA fire and first strike remove at once (R-COMBAT-7)
    then: BattleStep       # the step that follows the choice
    # SBR clash: hits the attacker's escorts scored fall on interceptors only, and so on.
    only: list[int] | None = None


class RaidDamage(BaseModel):
    """What a raid's bombing cost: the dice's total and what the territory's owner paid to the
    bank, no more than its treasury held (R-SBR-4, R-SETUP-7)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    nation: Nation
    rolled: int
    paid: int


# Flags earlier versions kept in a battle and no rule read (`Battle` drops them when read).
_OBSOLETE = frozenset({"cover_fire_done", "aa_fire_done"})


class Battle(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    id: int
    space: str
    kind: BattleKind
    attacker: Power
    status: Literal["waiting", "active", "over"] = "waiting"
    step: BattleStep = BattleStep.BEGIN
    round: int = 0
    attackers: list[int] = Field(default_factory=list)
    defenders: list[int] = Field(default_factory=list)
    # Units of the attacker's other Allied power: never fire, may be casualties (R-MULTI-4).
    bystanders: list[int] = Field(default_factory=list)
    # Hit this round, still firing in their side's step, removed at the round's end (R-COMBAT-7).
    set_aside: list[int] = Field(default_factory=list)
    hits: PendingHits | None = None
    # A second volley waiting for its own choice (the raid's fighter clash, R-SBR-4 step 2).
    queued_hits: PendingHits | None = None
    # Amphibious assault: index in state.amphibious_assaults (R-AMPH-1..8).
    assault: int | None = None
    landed: list[int] = Field(default_factory=list)
    amphibious_marines: bool = False      # R-MARINE-2: someone landed from the sea
    # Kamikaze targets to resolve at the start of round 1 of this naval battle (R-KAMI-8).
    kamikaze: list[int] = Field(default_factory=list)
    kamikaze_asked: bool = False
    # Bombing raid (R-SBR-3/4).
    bombers: list[int] = Field(default_factory=list)
    interceptors: list[int] = Field(default_factory=list)
    intercept_asked: bool = False
    damage: RaidDamage | None = None      # once the bombers have rolled (R-SBR-4 step 3)
    # Fighters of a sunk carrier that must land within 1 space (R-CARRIER-8, OQ3-6).
    homeless_fighters: list[int] = Field(default_factory=list)
    outcome: str | None = None
    # What each nation lost in this battle, and who took the territory: the result in words.
    losses: dict[Nation, dict[UnitType, int]] = Field(default_factory=dict)
    captured_by: Nation | None = None
    # The nations whose units retreated (R-LAND-2, R-NAVAL-3): the result names them, not the
    # attacking power (India's and Australia's fighters, not Great Britain).
    retreated_by: list[Nation] = Field(default_factory=list)
    note: str = ""                        # free text for the battle board (the GUI shows it)

    def label(self) -> str:
        kind = "amphibious assault" if self.assault is not None else f"{self.kind.value} battle"
        return f"{kind} in {self.space}"

    @model_validator(mode="before")
    @classmethod
    def _without_obsolete_flags(cls, data: Any) -> Any:
        """Positions saved by earlier versions name two flags no rule reads (whether the
        assault's cover fire and the AA fire were done: the battle's step says so); they are
        dropped when such a position is read, so those saves keep opening."""
        if isinstance(data, dict) and not _OBSOLETE.isdisjoint(data):
            data = {key: value for key, value in data.items() if key not in _OBSOLETE}
        return data
