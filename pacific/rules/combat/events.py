"""Events of the combat area: what a battle step did, for the log and the GUI.

Units named by id are the ones of the position before the action (they may be gone after it);
`pacific.text.describe_event` looks them up there. Losses also carry their owners and types
(``lost``), since the units are gone once lost.
"""

from __future__ import annotations

from pacific.rules.battle_records import BattleKind
from pacific.rules.events import Event, UnitCount, counts_phrase
from pacific.rules.nations import Nation, Power


class BattleStarted(Event):
    kind: str = "battle_started"
    space: str
    label: str
    attacker: Power | None = None
    battle_kind: BattleKind | None = None
    amphibious: bool = False

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
    # What was lost by owner and type; the rule that removed it, unless it was an ordinary
    # casualty (R-COMBAT-6/7).
    lost: tuple[UnitCount, ...] = ()
    rule: str = ""

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
    """``outcome``: A retreated, B attack failed, C defender wiped out, D both wiped out,
    E stalemate, X landing called off, R raid over (R-LAND-4, R-NAVAL-4)."""

    kind: str = "battle_ended"
    space: str
    outcome: str
    text: str
    attacker: Power | None = None
    captured_by: Nation | None = None
    raid: bool = False
    # Outcome A: the nations whose units retreated, in the nations' order (none in a log
    # written before it was told).
    retreated_by: tuple[Nation, ...] = ()

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


class FightersIntercepted(Event):
    """The raided territory's defender named its interceptors (R-SBR-3, OQ3-22): ``fighters``
    by owner and type, none when it sent none up. ``nation``: the territory's controller."""

    kind: str = "fighters_intercepted"
    space: str
    nation: Nation
    fighters: tuple[UnitCount, ...] = ()

    def describe(self) -> str:
        if not self.fighters:
            return f"No fighter intercepts the bombing raid on {self.space} (R-SBR-3)"
        return f"{self.nation.value} intercepts the bombing raid on {self.space} with " \
               f"{counts_phrase(self.fighters)} (R-SBR-3)"


class KamikazeSpent(Event):
    kind: str = "kamikaze_spent"
    targets: tuple[int, ...]
    left: int

    def describe(self) -> str:
        return f"{len(self.targets)} kamikaze(s) used, {self.left} left (R-KAMI-1)"
