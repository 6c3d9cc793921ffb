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
    """Japan's VP changed. ``cause``: ``income`` (``ipcs`` collected this turn, R-VP-2),
    ``bombing`` (of ``space``, R-SBR-5), ``capital`` (Japan captured, R-VP-4), or "" (see
    ``reason``)."""

    kind: str = "victory_points_changed"
    delta: int
    total: int
    reason: str
    cause: str = ""
    space: str | None = None
    ipcs: int | None = None

    def describe(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return f"Japan: {sign}{self.delta} VP, now {self.total} ({self.reason})"


class ChinaInfantryAllotted(Event):
    """China's infantry for the turn (R-CHINA-2..4): one per Chinese territory with an IPC
    value (``territories``; None: Szechwan is not Chinese, so none) and one more while the
    Burma Road is open."""

    kind: str = "china_infantry_allotted"
    count: int
    reason: str
    territories: int | None = None
    burma_road: bool = False

    def describe(self) -> str:
        return f"China is allotted {self.count} infantry ({self.reason})"


class GameWon(Event):
    """The end of the game: ``rule`` is the victory condition met (R-VICTORY-1..4) and the
    other fields its values: the Allied ``capital`` Japan holds, the ``holder`` of Japan's
    capital, Japan's victory ``points``, the ``ipcs`` Japan collected."""

    kind: str = "game_won"
    winner: Side
    reason: str
    rule: str = ""
    capital: str | None = None
    holder: Nation | None = None
    points: int | None = None
    ipcs: int | None = None

    def describe(self) -> str:
        return self.reason


class UnitsRestored(Event):
    """Phase 8: submarines surfaced and battleships repaired (R-RESET-1)."""

    kind: str = "units_restored"
    surfaced: int
    repaired: int
    # The battleships repaired, by id (none in a log written before they were told): the log
    # names their owners and places.
    repaired_units: tuple[int, ...] = ()

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
