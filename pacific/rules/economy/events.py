"""Events of the economy area: convoy zones changing hands, victory points, the end of the game.

The shared events (`TerritoryCaptured`, `IpcChanged`, `UnitsChanged`, `PhaseStarted`) live in
`pacific.rules.events`; these are the ones only the economy emits.
"""

from __future__ import annotations

from pacific.rules.events import Event
from pacific.rules.nations import Nation, Side


class ConvoyZoneCaptured(Event):
    """A convoy route or centre changed hands (R-CONVOY-7). ``new_holder`` None: it went back
    to its original controller and the NCM was removed."""

    kind: str = "convoy_zone_captured"
    zone: str
    captor: Nation
    new_holder: Nation | None

    def describe(self) -> str:
        if self.new_holder is None:
            return f"{self.captor.value} retakes convoy zone {self.zone} for its original owner"
        return f"{self.captor.value} captures convoy zone {self.zone}"


class VictoryPointsChanged(Event):
    kind: str = "victory_points_changed"
    delta: int
    total: int
    reason: str

    def describe(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return f"Japan: {sign}{self.delta} VP, now {self.total} ({self.reason})"


class ChinaInfantryAllotted(Event):
    kind: str = "china_infantry_allotted"
    count: int
    reason: str

    def describe(self) -> str:
        return f"China is allotted {self.count} infantry ({self.reason})"


class GameWon(Event):
    kind: str = "game_won"
    winner: Side
    reason: str

    def describe(self) -> str:
        return self.reason


class UnitsRestored(Event):
    """Phase 8: submarines surfaced and battleships repaired (R-RESET-1)."""

    kind: str = "units_restored"
    surfaced: int
    repaired: int

    def describe(self) -> str:
        return f"{self.surfaced} submarine(s) surface, {self.repaired} battleship(s) repaired"


class PurchasesForfeited(Event):
    """Units bought but impossible to place by the end of phase 7 (R-PLACE-1). They never stood
    on the board, so this is not a combat loss (that is `combat.events.UnitsLost`)."""

    kind: str = "purchases_forfeited"
    nation: Nation
    count: int
    reason: str

    def describe(self) -> str:
        return f"{self.nation.value}: {self.count} bought unit(s) forfeited ({self.reason})"
