"""Edit actions: the tabletop companion corrects a position.

A tabletop group that misplayed a move, typed a wrong die or enters a game already under way
changes the position with these actions. They are allowed only while edit mode is on
(`edit_mode`), which is itself an action, so a saved game shows where it was edited. Each edit
is validated against every invariant of a position (`pacific.rules.invariants`), goes into the
history like any action (undo, saves) and is logged in plain words. The handlers live in
`pacific.rules.editing`; the refusals cite the project's own ids EDIT-1..EDIT-6 (documented in
docs/actions.md, "Edit"), or the rule a corrected position would break.

`legal_actions` lists `edit_mode` only: edits are corrections, not choices of the game.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from pacific.rules.actions.base import ActionBase
from pacific.rules.fields import MAX_IPCS, Bool, SpaceId, UnitId
from pacific.rules.nations import Nation, Power, display_name
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType, unit_noun

# Bounds: an edit is a correction at a table, never a bulk load (scenarios do that). Every
# number is strict (pacific.rules.fields): true, 2.0 or "2" are never a number.
MAX_EDIT_COUNT = 100
MAX_ROUND = 999

Count = Annotated[int, Strict(), Field(ge=1, le=MAX_EDIT_COUNT)]
Amount = Annotated[int, Strict(), Field(ge=0, le=MAX_EDIT_COUNT)]
Level = Annotated[int, Strict(), Field(ge=0, le=MAX_IPCS)]

# "2 Japanese infantry": the nation's adjective in the edit log's sentences.
ADJECTIVES: dict[Nation, str] = {
    Nation.JAPAN: "Japanese", Nation.INDIA: "Indian", Nation.AUSTRALIA: "Australian",
    Nation.USA: "American", Nation.CHINA: "Chinese",
}


def units_phrase(nation: Nation, count: int, unit_type: UnitType) -> str:
    """"2 Japanese infantry", "1 American carrier"."""
    return f"{count} {ADJECTIVES[nation]} {unit_noun(unit_type, count)}"


_units = units_phrase


class EditMode(ActionBase):
    """Turn edit mode on or off (EDIT-1). Off refuses a position that cannot be played on."""

    kind: Literal["edit_mode"] = "edit_mode"
    on: Bool

    def describe(self) -> str:
        return "Turn edit mode on" if self.on else "Turn edit mode off and play on"


class EditAddUnits(ActionBase):
    """Put ``count`` new units of ``nation`` in ``space``. ``aboard`` names the transport,
    carrier or Japanese destroyer they board; without it land units added to a sea zone board
    the first ship of their side with room, and fighters land on a carrier with room."""

    kind: Literal["edit_add_units"] = "edit_add_units"
    nation: Nation
    unit_type: UnitType
    space: SpaceId
    count: Count = 1
    aboard: UnitId | None = None

    def describe(self) -> str:
        return f"Edit: add {_units(self.nation, self.count, self.unit_type)} to {self.space}"


class EditRemoveUnits(ActionBase):
    """Take ``count`` units of ``nation`` and ``unit_type`` off ``space`` (a ship removed takes
    its cargo with it). ``aboard``: only cargo of that ship. ``marked``: only damaged
    battleships or submerged submarines (true), or only the others (false)."""

    kind: Literal["edit_remove_units"] = "edit_remove_units"
    nation: Nation
    unit_type: UnitType
    space: SpaceId
    count: Count = 1
    aboard: UnitId | None = None
    marked: Bool | None = None

    def describe(self) -> str:
        return f"Edit: remove {_units(self.nation, self.count, self.unit_type)} from " \
               f"{self.space}"


class EditMoveUnits(ActionBase):
    """Move ``count`` units of ``nation`` and ``unit_type`` from ``space`` to ``to``: a unit
    put on the wrong space at the table, corrected in one edit. No movement rule applies (it
    is a correction, not a move); the position afterwards is checked like every edit's. A ship
    takes its cargo along; land units moved to a sea zone board a ship of their side with
    room, fighters land on a carrier with room. ``marked`` chooses the units as
    `EditRemoveUnits` does."""

    kind: Literal["edit_move_units"] = "edit_move_units"
    nation: Nation
    unit_type: UnitType
    space: SpaceId
    to: SpaceId
    count: Count = 1
    marked: Bool | None = None

    def describe(self) -> str:
        return f"Edit: move {_units(self.nation, self.count, self.unit_type)} from " \
               f"{self.space} to {self.to}"


class EditDamaged(ActionBase):
    """How many of ``nation``'s battleships in ``space`` are damaged (R-BB-1)."""

    kind: Literal["edit_damaged"] = "edit_damaged"
    nation: Nation
    space: SpaceId
    count: Amount

    def describe(self) -> str:
        return f"Edit: {_units(self.nation, self.count, UnitType.BATTLESHIP)} damaged in " \
               f"{self.space}"


class EditSubmerged(ActionBase):
    """How many of ``nation``'s submarines in ``space`` are submerged (R-SUB-6)."""

    kind: Literal["edit_submerged"] = "edit_submerged"
    nation: Nation
    space: SpaceId
    count: Amount

    def describe(self) -> str:
        return f"Edit: {_units(self.nation, self.count, UnitType.SUBMARINE)} submerged in " \
               f"{self.space}"


class EditControl(ActionBase):
    """Who controls a land territory, or holds a convoy zone (R-CONTROL-1, R-CONVOY-7)."""

    kind: Literal["edit_control"] = "edit_control"
    space: SpaceId
    nation: Nation

    def describe(self) -> str:
        return f"Edit: {self.space} held by {display_name(self.nation)}"


class EditTreasury(ActionBase):
    """A nation's IPCs in hand."""

    kind: Literal["edit_treasury"] = "edit_treasury"
    nation: Nation
    ipc: Level

    def describe(self) -> str:
        return f"Edit: {display_name(self.nation)} holds {self.ipc} IPC"


class EditProduction(ActionBase):
    """A nation's production level: kept as a correction to the level control gives."""

    kind: Literal["edit_production"] = "edit_production"
    nation: Nation
    level: Level

    def describe(self) -> str:
        return f"Edit: {display_name(self.nation)} production level {self.level}"


class EditBritishConvoy(ActionBase):
    """The British Convoy marker: kept as a correction to the centres held."""

    kind: Literal["edit_british_convoy"] = "edit_british_convoy"
    level: Level

    def describe(self) -> str:
        return f"Edit: British Convoy marker {self.level}"


class EditVictoryPoints(ActionBase):
    """Japan's victory points (R-VP-1..5)."""

    kind: Literal["edit_victory_points"] = "edit_victory_points"
    points: Amount

    def describe(self) -> str:
        return f"Edit: Japan has {self.points} victory points"


class EditKamikazeTokens(ActionBase):
    """The kamikaze tokens Japan has left (R-KAMI-1)."""

    kind: Literal["edit_kamikaze_tokens"] = "edit_kamikaze_tokens"
    tokens: Amount

    def describe(self) -> str:
        return f"Edit: Japan has {self.tokens} kamikaze tokens left"


class EditPurchased(ActionBase):
    """How many units of a type a nation has bought and not placed yet (R-PURCH-2); for China,
    the infantry allotted (R-CHINA-2)."""

    kind: Literal["edit_purchased"] = "edit_purchased"
    nation: Nation
    unit_type: UnitType
    count: Amount

    def describe(self) -> str:
        return f"Edit: {_units(self.nation, self.count, self.unit_type)} to place"


class EditTurn(ActionBase):
    """Where the game stands: round, power to play, phase. The phase begins as it would in
    play (its start runs: battles are found, income collected...)."""

    kind: Literal["edit_turn"] = "edit_turn"
    round: Annotated[int, Strict(), Field(ge=1, le=MAX_ROUND)]
    power: Power
    phase: Phase

    def describe(self) -> str:
        return f"Edit: round {self.round}, {display_name(self.power)}, phase " \
               f"{self.phase.number} ({self.phase.label})"


class EditHits(ActionBase):
    """The hits the side choosing casualties must take now: a mistyped die corrected while the
    battle waits (R-COMBAT-6)."""

    kind: Literal["edit_hits"] = "edit_hits"
    count: Amount

    def describe(self) -> str:
        return f"Edit: {self.count} hit(s) to take"


EditAction = (EditMode | EditAddUnits | EditRemoveUnits | EditMoveUnits | EditDamaged
              | EditSubmerged | EditControl | EditTreasury | EditProduction | EditBritishConvoy
              | EditVictoryPoints | EditKamikazeTokens | EditPurchased | EditTurn | EditHits)
