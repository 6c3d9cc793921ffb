"""Events: frozen records of what an action did. The GUI animates and logs from them.

Each area of the rules defines its own event classes by subclassing `Event`; events are never
read back from a file (a save stores actions; replay makes the events again), so they need no
union.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: str

    def describe(self) -> str:
        """One plain-language line for the event log."""
        return self.kind.replace("_", " ")


class PhaseStarted(Event):
    kind: str = "phase_started"
    round: int
    power: Power
    phase: Phase

    def describe(self) -> str:
        return f"Round {self.round}, {self.power.value}: phase {self.phase.number}, " \
               f"{self.phase.label}"


class DiceRolled(Event):
    kind: str = "dice_rolled"
    purpose: str
    values: tuple[int, ...]
    hit_on: int | None = None
    hits: int | None = None
    typed_in: bool = False   # the players rolled these at the table and typed them in

    def describe(self) -> str:
        shown = " ".join(str(v) for v in self.values)
        tail = f" → {self.hits} hit(s)" if self.hits is not None else ""
        source = " (dice typed in)" if self.typed_in else ""
        return f"{self.purpose}: rolled {shown}{source}{tail}"


class UnitsChanged(Event):
    """Units appeared or vanished outside combat (placement, China's infantry)."""

    kind: str = "units_changed"
    nation: Nation
    space: str
    unit_type: UnitType
    count: int

    def describe(self) -> str:
        verb = "placed" if self.count > 0 else "removed"
        return f"{self.nation.value}: {abs(self.count)} {self.unit_type.value} {verb} " \
               f"in {self.space}"


class IpcChanged(Event):
    kind: str = "ipc_changed"
    nation: Nation
    delta: int
    reason: str

    def describe(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return f"{self.nation.value}: {sign}{self.delta} IPC ({self.reason})"


class TerritoryCaptured(Event):
    kind: str = "territory_captured"
    space: str
    old_owner: Nation | None
    new_owner: Nation

    def describe(self) -> str:
        return f"{self.new_owner.value} takes {self.space}"
