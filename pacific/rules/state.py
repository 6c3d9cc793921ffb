"""The game state: everything needed to continue a game (issue 5).

The state is a plain mutable pydantic model, but nothing outside the engine mutates it: the
engine copies it, applies an action to the copy, and hands the copy back (`pacific.rules.engine`).
Areas of the rules (movement, combat) may add fields here; every field has a default so that
older saves and small test scenarios stay valid.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pacific.rules.battle_records import Battle
from pacific.rules.decisions import Decision
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid
from pacific.rules.units import UnitType

# 2: `pending` is a typed decision (pacific.rules.decisions), not a dict (issue 13).
STATE_SCHEMA_VERSION: Literal[2] = 2


class Unit(BaseModel):
    """One playing piece. Chips are a display matter (EX-1): the state stores single units."""

    model_config = ConfigDict(extra="forbid")
    id: int
    type: UnitType
    owner: Nation
    space: str
    # The transport, carrier or Japanese destroyer this unit is aboard (its space is the ship's).
    carried_by: int | None = None
    damaged: bool = False        # a battleship hit once this turn (R-BB-1)
    submerged: bool = False      # R-SUB-6, until phase 8
    # ---- bookkeeping for the current turn, cleared when a power's turn ends ----
    moves_used: int = 0          # spaces spent this turn over phases 3 and 6 (R-NONCOMBAT-1)
    start_space: str | None = None  # where it began the turn (retreat, landing rules)
    combat_moved: bool = False   # moved in phase 3
    noncombat_moved: bool = False
    fought: bool = False         # took part in a battle this turn (R-COMBAT-3)
    # Spaces the unit entered this turn, in order (retreat: "came from", R-LAND-2).
    path: list[str] = Field(default_factory=list)
    # Aircraft: the landing place declared for a risky mission (R-AIR-3).
    landing: str | None = None
    cap: bool = False            # a fighter on combat air patrol (R-CAP-1..7)
    loaded_this_turn: bool = False
    unloaded_this_turn: bool = False
    cargo_locked: bool = False   # aboard a carrier that moved: cargo for the turn (R-CARRIER-2)
    captured_this_turn: bool = False  # an AA gun taken with its territory (R-CAPTURE-6)
    placed_this_turn: bool = False  # new in phase 7; a new IC works from next turn (R-PLACE-5)


class OwnerChoice(BaseModel):
    """A captured territory whose new owner the capturing player picks (R-CAPTURE-11, OQ-6)."""

    model_config = ConfigDict(extra="forbid")
    territory: str
    power: Power
    options: list[Nation]


class GameState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    schema_version: Literal[2] = STATE_SCHEMA_VERSION
    map_id: str
    players: Literal[2, 3] = 3
    round: int = 1
    power: Power = Power.JAPAN
    phase: Phase = Phase.PURCHASE
    units: dict[int, Unit] = Field(default_factory=dict)
    next_unit_id: int = 1
    # Controller of every land territory except the impassable ones (R-CONTROL-1).
    territory_owner: dict[str, Nation] = Field(default_factory=dict)
    # Convoy zones held by a nation other than their original controller (their NCM, R-CONVOY-7).
    convoy_holder: dict[str, Nation] = Field(default_factory=dict)
    treasury: dict[Nation, int] = Field(default_factory=dict)
    # Units bought in phase 1 and not yet placed (R-PURCH-2), by nation and type.
    purchased: dict[Nation, dict[UnitType, int]] = Field(default_factory=dict)
    china_infantry_due: int = 0
    victory_points: int = 0
    kamikaze_tokens: int = 6
    # Control at the start of the current power's turn (R-CONTROL-5).
    owner_at_turn_start: dict[str, Nation] = Field(default_factory=dict)
    captured_this_turn: list[str] = Field(default_factory=list)
    # IPCs Japan seized from Allied capitals this turn; they count for VP (R-VP-2).
    ipcs_seized_this_turn: int = 0
    # The decision the engine waits for (pacific.rules.decisions), if any.
    pending: Decision | None = None
    # Declared in combat movement, resolved in combat (pacific.rules.records).
    amphibious_assaults: list[AmphibiousAssault] = Field(default_factory=list)
    raids: list[BombingRaid] = Field(default_factory=list)
    # Movement, this turn: carriers a fighter landed on (R-CARRIER-5, OQ2-15) and the one
    # territory each transport or Japanese destroyer unloaded into (R-TRANS-5).
    frozen_carriers: list[int] = Field(default_factory=list)
    transport_unloads: dict[int, str] = Field(default_factory=dict)
    # Battles of the current combat phase (pacific.rules.battle_records, issue 7).
    battles: list[Battle] = Field(default_factory=list)
    # Owner decisions still open (R-CAPTURE-11, OQ-6); the first one is in `pending`.
    owner_choices: list[OwnerChoice] = Field(default_factory=list)
    # British convoy IPCs collected and waiting to be split (R-INCOME-3, R-SETUP-8).
    convoy_split_due: int = 0
    # Units placed this turn at each industrial complex, against its limit (R-PLACE-3, OQ-14).
    placed_at: dict[str, int] = Field(default_factory=dict)
    seed: int = 0
    dice_drawn: int = 0
    # The tabletop companion (issue 14, pacific.rules.editing): while `edit_mode` is on, only
    # edit actions are allowed. A production level or the British Convoy marker set by an edit
    # is kept as a correction added to the level computed from control (R-INCOME-2 stays true:
    # income and the chart read the same corrected level).
    edit_mode: bool = False
    production_corrections: dict[Nation, int] = Field(default_factory=dict)
    british_convoy_correction: int = 0
    winner: Side | None = None
    win_reason: str | None = None

    # ---- simple queries shared by every area ----

    def units_at(self, space: str) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.space == space)

    def units_of(self, nation: Nation) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.owner is nation)

    def cargo_of(self, unit_id: int) -> list[Unit]:
        return [u for u in self.units.values() if u.carried_by == unit_id]

    def owner_of(self, territory: str) -> Nation | None:
        return self.territory_owner.get(territory)

    def add_unit(self, unit_type: UnitType, owner: Nation, space: str, **fields: Any) -> Unit:
        unit = Unit(id=self.next_unit_id, type=unit_type, owner=owner, space=space, **fields)
        self.units[unit.id] = unit
        self.next_unit_id += 1
        return unit

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def japan_first_turn(self) -> bool:
        """R-FIRSTTURN-1: Japan's first turn of the game."""
        return self.round == 1 and self.power is Power.JAPAN
