"""What the odds calculator is asked (BattleSpec, SbrSpec) and what it answers (OddsResult,
SbrResult). Frozen pydantic models, so the GUI odds panel and the CLI share one API."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pacific.rules.units import KAMIKAZE_ZONE_TOKENS, UnitType, is_surface_ship

Units = dict[UnitType, int]


class BattleKind(StrEnum):
    LAND = "land"
    NAVAL = "naval"
    AMPHIBIOUS = "amphibious"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ForceSpec(_Frozen):
    """One side of a battle.

    `units` counts every unit taking part. `damaged_battleships` of the battleships already took
    one hit this turn (a kamikaze, an earlier battle: R-BB-1, OQ3-9). `transport_loads` gives
    the cargo of the side's transports, one dict per loaded transport (R-NAVAL-2: cargo sinks
    with its ship); the side loses its emptiest transports first. `order` is the order of loss;
    None means the default (cheapest first, see pacific.odds.casualties).
    """

    units: Units = Field(default_factory=dict)
    damaged_battleships: int = 0
    transport_loads: list[Units] = Field(default_factory=list)
    order: list[UnitType] | None = None

    @model_validator(mode="after")
    def _check(self) -> ForceSpec:
        for t, n in self.units.items():
            if n < 0:
                raise ValueError(f"negative count {n} of {t.value}")
        if not 0 <= self.damaged_battleships <= self.units.get(UnitType.BATTLESHIP, 0):
            raise ValueError("more damaged battleships than battleships")
        if len(self.transport_loads) > self.units.get(UnitType.TRANSPORT, 0):
            raise ValueError("more transport loads than transports")
        return self

    def count(self, unit_type: UnitType) -> int:
        return self.units.get(unit_type, 0)


class BattleSpec(_Frozen):
    """A battle to evaluate.

    - LAND: `attacker` and `defender` hold land and air units (AA guns defend, R-AA-2).
    - NAVAL: ships and aircraft; `kamikazes` (R-KAMI-8) lists the declared target of each
      kamikaze, each a different ship of the side named by `kamikaze_side`.
    - AMPHIBIOUS: `attacker` = land units from adjacent territories and the aircraft assigned
      to the land attack; `landing` = land units unloaded from ships; `bombard` = battleships
      and destroyers in the landing zone giving cover fire (R-AMPH-6 step 2). If `sea_defender`
      is not empty a naval battle against `sea_attacker` (its transports carrying
      `sea_attacker.transport_loads`, which then replace `landing`) comes first and there is
      no cover fire (R-AMPH-6 step 1).
    """

    kind: BattleKind
    attacker: ForceSpec = Field(default_factory=ForceSpec)
    defender: ForceSpec = Field(default_factory=ForceSpec)
    landing: Units = Field(default_factory=dict)
    bombard: Units = Field(default_factory=dict)
    sea_attacker: ForceSpec = Field(default_factory=ForceSpec)
    sea_defender: ForceSpec = Field(default_factory=ForceSpec)
    first_turn: bool = False  # R-FIRSTTURN-1: Japan attacks, every defender defends at 1
    kamikazes: list[UnitType] = Field(default_factory=list)
    kamikaze_side: Literal["attacker", "defender"] = "attacker"
    retreat_after: int | None = Field(default=None, ge=1)
    retreat_below: int | None = Field(default=None, ge=0)
    keep_land_unit: bool = True

    @model_validator(mode="after")
    def _check(self) -> BattleSpec:
        if len(self.kamikazes) > KAMIKAZE_ZONE_TOKENS:
            raise ValueError(f"at most {KAMIKAZE_ZONE_TOKENS} kamikazes exist (R-KAMI-1)")
        if self.kamikazes and self.kind is not BattleKind.NAVAL:
            raise ValueError("kamikazes join only naval battles (R-KAMI-8)")
        target = self.attacker if self.kamikaze_side == "attacker" else self.defender
        for t in set(self.kamikazes):
            if not is_surface_ship(t):
                raise ValueError(f"a kamikaze cannot target a {t.value} (R-KAMI-5)")
            if self.kamikazes.count(t) > target.count(t):
                raise ValueError(f"more kamikazes on {t.value} than such ships there")
        for t in self.bombard:
            if t not in (UnitType.BATTLESHIP, UnitType.DESTROYER):
                raise ValueError(f"a {t.value} gives no cover fire (R-AMPH-6)")
        return self


class Outcome(StrEnum):
    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    BOTH_DESTROYED = "both_destroyed"
    RETREAT = "retreat"
    STALEMATE = "stalemate"  # R-NAVAL-4 E: what is left cannot hit each other


class Survivors(_Frozen):
    attacker: Units
    defender: Units
    probability: float
    outcome: Outcome


class OddsResult(_Frozen):
    """Exact answer. The five outcome probabilities sum to 1.

    `defender_holds` = defender wins + attacker retreats (the defender keeps the space);
    `captured` = the defender is wiped out and an attacking land unit survives (R-COMBAT-9),
    0 for naval battles. IPC lost counts unit costs, cargo included (R-NAVAL-2); AA guns are
    never casualties (R-COMBAT-6) and count as kept. `neglected` is the probability of the
    states left out as negligible (the outcomes then sum to 1 - neglected).
    """

    attacker_wins: float
    defender_wins: float
    both_destroyed: float
    retreat: float
    stalemate: float
    defender_holds: float
    captured: float
    attacker_ipc_lost: float
    defender_ipc_lost: float
    expected_rounds: float
    neglected: float = 0.0  # probability of states too unlikely to expand (< 1e-15 each)
    survivors: list[Survivors]


class SbrSpec(_Frozen):
    """A strategic bombing raid (R-SBR-4)."""

    bombers: int = Field(ge=0)
    escorts: int = Field(default=0, ge=0)
    interceptors: int = Field(default=0, ge=0)
    aa_gun: bool = True
    treasury: int = Field(default=10**6, ge=0)
    first_turn: bool = False  # OQ3-21: interceptors hit on 1 in Japan's first turn


class SbrResult(_Frozen):
    ipc_lost: dict[int, float]  # IPCs the defender pays -> probability
    expected_ipc_lost: float
    expected_vp_lost: float  # R-SBR-5, if the defender is Japan
    expected_bombers_lost: float
    expected_escorts_lost: float
    expected_interceptors_lost: float
