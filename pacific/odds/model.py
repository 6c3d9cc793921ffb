"""What the odds calculator is asked (BattleSpec, SbrSpec) and what it answers (OddsResult,
SbrResult). Frozen pydantic models, so the GUI odds panel and the CLI share one API."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from pacific.rules.errors import PacificError
from pacific.rules.units import KAMIKAZE_ZONE_TOKENS, UnitType, is_surface_ship

Units = dict[UnitType, int]


class OddsError(PacificError, ValueError):
    """A battle the calculator is asked that cannot be (a model's check, R-KAMI-8...) or a
    side typed in its unit syntax that cannot be read (`pacific.odds.text`).

    Its text is a message id with values: pacific.odds sits below
    pacific.text, so the GUI and the CLI show it in the player's language
    (`pacific.text.exception_text`). It is a ValueError, so pydantic wraps one raised in a
    model's check in its ValidationError, keeping it as the error's ``ctx["error"]``; ``str()``
    is the English sentence."""


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
    # R-MULTI-4: the other Allied power's units in the sea zone of an attack. They never fire
    # but can be casualties (in the order of loss, before the side's own units of the same
    # type); the battle ends when the side's own units are gone. Attacker of a naval battle.
    bystanders: Units = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> ForceSpec:
        for t, n in [*self.units.items(), *self.bystanders.items()]:
            if n < 0:
                raise OddsError("negative count {number} of {unit}", number=n, unit=t)
        if not 0 <= self.damaged_battleships <= self.units.get(UnitType.BATTLESHIP, 0):
            raise OddsError("more damaged battleships than battleships")
        if len(self.transport_loads) > self.units.get(UnitType.TRANSPORT, 0):
            raise OddsError("more transport loads than transports")
        return self

    def count(self, unit_type: UnitType) -> int:
        return self.units.get(unit_type, 0)


class KamikazeTarget(_Frozen):
    """One ship attacked by `kamikazes` kamikazes (R-KAMI-5/6, OQ3-4: several may aim at the
    same ship; a battleship needs two hits). `damaged`: the target is a battleship already
    damaged this turn (OQ3-9), which one hit sinks."""

    ship: UnitType
    kamikazes: int = Field(default=1, ge=1)
    damaged: bool = False


SubmergePolicy = Literal["never", "when_alone"]


class BattleSpec(_Frozen):
    """A battle to evaluate.

    - LAND: `attacker` and `defender` hold land and air units (AA guns defend, R-AA-2).
    - NAVAL: ships and aircraft; `kamikazes` (R-KAMI-8) lists the declared targets of the
      kamikazes on the side named by `kamikaze_side`: a ship type is one kamikaze on a ship
      of its own (battleships already damaged first), a KamikazeTarget names several
      kamikazes on one ship (OQ3-4).
    - `attacker_submerge` / `defender_submerge` (R-SUB-6, OQ3-8), naval battles only:
      "never" (default) or "when_alone": once a side's own units left are only submarines,
      they submerge at their next chance. The attacker's do so in step 2 of the next round
      (the battle ends, outcome B); the defender's take the attacker's next fire, and in
      step 4 those it sank fire back (a casualty cannot submerge, OQ3-8) while the others
      submerge instead of firing (outcome C, or D if the attacker is wiped out too).
    - `sea_retreat_after` / `sea_retreat_below`: retreat options of the naval battle before
      a landing (R-NAVAL-3); a retreat there lands nothing (R-AMPH-4, R-AMPH-7).
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
    kamikazes: list[UnitType | KamikazeTarget] = Field(default_factory=list)
    kamikaze_side: Literal["attacker", "defender"] = "attacker"
    retreat_after: int | None = Field(default=None, ge=1)
    retreat_below: int | None = Field(default=None, ge=0)
    sea_retreat_after: int | None = Field(default=None, ge=1)
    sea_retreat_below: int | None = Field(default=None, ge=0)
    attacker_submerge: SubmergePolicy = "never"
    defender_submerge: SubmergePolicy = "never"
    keep_land_unit: bool = True

    def kamikaze_targets(self) -> list[KamikazeTarget]:
        """One KamikazeTarget per ship attacked. A bare ship type is one kamikaze on a ship
        not otherwise named; bare battleships take the damaged ones first (one hit sinks)."""
        explicit = [k for k in self.kamikazes if isinstance(k, KamikazeTarget)]
        target = self.attacker if self.kamikaze_side == "attacker" else self.defender
        damaged_left = target.damaged_battleships - sum(
            1 for k in explicit if k.ship is UnitType.BATTLESHIP and k.damaged
        )
        out = list(explicit)
        for k in self.kamikazes:
            if isinstance(k, KamikazeTarget):
                continue
            damaged = k is UnitType.BATTLESHIP and damaged_left > 0
            damaged_left -= damaged
            out.append(KamikazeTarget(ship=k, damaged=damaged))
        return out

    @model_validator(mode="after")
    def _check(self) -> BattleSpec:
        targets = self.kamikaze_targets()
        if sum(k.kamikazes for k in targets) > KAMIKAZE_ZONE_TOKENS:
            raise OddsError("at most {limit} kamikazes exist (R-KAMI-1)",
                            limit=KAMIKAZE_ZONE_TOKENS)
        if self.kamikazes and self.kind is not BattleKind.NAVAL:
            raise OddsError("kamikazes join only naval battles (R-KAMI-8)")
        target = self.attacker if self.kamikaze_side == "attacker" else self.defender
        for t in {k.ship for k in targets}:
            if not is_surface_ship(t):
                raise OddsError("a kamikaze targets only surface ships, not this unit: {unit} "
                                "(R-KAMI-5)", unit=t)
            if sum(1 for k in targets if k.ship is t) > target.count(t):
                raise OddsError("kamikazes aimed at more ships ({unit}) than are there",
                                unit=t)
        if any(k.damaged and k.ship is not UnitType.BATTLESHIP for k in targets) or sum(
            1 for k in targets if k.damaged
        ) > target.damaged_battleships:
            raise OddsError("kamikazes aimed at more damaged battleships than are there")
        at_sea = self.kind is BattleKind.NAVAL or any(self.sea_defender.units.values())
        if not at_sea and "when_alone" in (self.attacker_submerge, self.defender_submerge):
            raise OddsError("only submarines in a naval battle can submerge (R-SUB-6)")
        naval = self.sea_attacker if self.kind is BattleKind.AMPHIBIOUS else self.attacker
        for force in (self.defender, self.sea_defender, self.attacker, self.sea_attacker):
            if force.bystanders and (force is not naval or self.kind is BattleKind.LAND):
                raise OddsError(
                    "bystanders stand only with the attacker of a naval battle (R-MULTI-4)"
                )
        for t in self.bombard:
            if t not in (UnitType.BATTLESHIP, UnitType.DESTROYER):
                raise OddsError("{unit}: no cover fire, only battleships and destroyers give "
                                "it (R-AMPH-6)", unit=t)
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
    submerged: bool = False  # the battle ended by submarines submerging (R-SUB-6)


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
    neglected: float = 0.0  # probability of states too unlikely to expand (< 1e-12 each)
    # Part of attacker_wins / defender_wins: the battle ended because one side's submarines
    # submerged (R-NAVAL-4 B and C, R-SUB-6).
    submerged: float = 0.0
    survivors: list[Survivors]
    # How the answer was found and how far each probability may be from the truth:
    # "exact" = the exact chain; "pruned" = the chain without its least likely pairs and hit
    # counts; for both `bound` = `neglected`, a hard bound: each probability is short by at
    # most that much, never over. "simulation" = `runs` battles with random dice, `bound` =
    # the half-width of the 99% confidence interval of the least certain probability.
    method: Literal["exact", "pruned", "simulation"] = "exact"
    bound: float = 0.0
    runs: int = 0


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
