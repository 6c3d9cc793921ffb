"""What movement reports: units moved, loaded, unloaded; aircraft shot down or lost."""

from __future__ import annotations

from pacific.rules.events import Event


class UnitsMoved(Event):
    kind: str = "units_moved"
    units: tuple[int, ...]
    path: tuple[str, ...]
    raid: bool = False   # bombers (and escorts) sent on a strategic bombing raid (R-COMBATMOVE-9)
    # The carriers the fighters landed on, each once (R-CARRIER-1, R-CARRIER-5).
    carriers: tuple[int, ...] = ()

    def describe(self) -> str:
        extra = " (strategic bombing raid)" if self.raid else ""
        return f"{len(self.units)} unit(s) moved {' → '.join(self.path)}{extra}"


class UnitsLoaded(Event):
    kind: str = "units_loaded"
    transport: int
    units: tuple[int, ...]

    def describe(self) -> str:
        return f"{len(self.units)} unit(s) boarded ship {self.transport}"


class UnitsUnloaded(Event):
    kind: str = "units_unloaded"
    transport: int
    units: tuple[int, ...]
    territory: str
    assault: bool = False

    def describe(self) -> str:
        what = "amphibious assault on" if self.assault else "landed in"
        return f"{len(self.units)} unit(s) from ship {self.transport}: {what} {self.territory}"


class AircraftLost(Event):
    """Aircraft removed outside battle: AA fire over flown territory (R-AAFLY-2), no landing
    place at the end of non-combat movement (R-AIR-3), a patrol that could not land (R-CAP-7)."""

    kind: str = "aircraft_lost"
    units: tuple[int, ...]
    space: str
    rule: str

    def describe(self) -> str:
        return f"{len(self.units)} aircraft lost over {self.space} ({self.rule})"
