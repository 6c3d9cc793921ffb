"""Events of the combat area: what a battle step did, for the log and the GUI."""

from __future__ import annotations

from pacific.rules.events import Event
from pacific.rules.nations import Nation


class BattleStarted(Event):
    kind: str = "battle_started"
    space: str
    label: str

    def describe(self) -> str:
        return f"Battle begins: {self.label}"


class UnitsLost(Event):
    """Units removed from the board by combat (their cargo included)."""

    kind: str = "units_lost"
    space: str
    units: tuple[int, ...]
    reason: str
    # What was lost, in words ("2 infantry, 1 armor"), for the log.
    summary: str = ""

    def describe(self) -> str:
        lost = self.summary or ", ".join(f"#{u}" for u in self.units)
        return f"{self.space}: lost {lost} ({self.reason})"


class BattleshipDamaged(Event):
    kind: str = "battleship_damaged"
    unit: int

    def describe(self) -> str:
        return f"Battleship #{self.unit} is damaged (R-BB-1)"


class UnitsSubmerged(Event):
    kind: str = "units_submerged"
    units: tuple[int, ...]

    def describe(self) -> str:
        return f"Submerged: {', '.join(f'#{u}' for u in self.units)} (R-SUB-6)"


class UnitsRetreated(Event):
    kind: str = "units_retreated"
    space: str
    to: str
    units: tuple[int, ...]

    def describe(self) -> str:
        return f"Retreat from {self.space} to {self.to}"


class BattleEnded(Event):
    kind: str = "battle_ended"
    space: str
    outcome: str
    text: str

    def describe(self) -> str:
        return f"Battle in {self.space} over: {self.text}"


class BombingDamage(Event):
    kind: str = "bombing_damage"
    space: str
    nation: Nation
    rolled: int
    paid: int

    def describe(self) -> str:
        return f"Bombing of {self.space}: rolled {self.rolled}, {self.nation.value} pays " \
               f"{self.paid} IPC (R-SBR-4)"


class KamikazeSpent(Event):
    kind: str = "kamikaze_spent"
    targets: tuple[int, ...]
    left: int

    def describe(self) -> str:
        return f"{len(self.targets)} kamikaze(s) used, {self.left} left (R-KAMI-1)"
