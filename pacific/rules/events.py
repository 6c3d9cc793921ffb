"""Events: frozen records of what an action did. The GUI animates and logs from them.

Each area of the rules defines its own event classes by subclassing `Event`; events are never
read back from a file (a save stores actions; replay makes the events again), so they need no
union.

An event holds values, not sentences: who, which units by type, where, why
as a key or a rule id. `describe()` is a plain English line for tools and tests;
`pacific.text.describe_event` says it in the player's language, with names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from pacific.rules.fields import MAX_DICE_PER_ROLL, MAX_UNIT_ID, SpaceId, UnitId
from pacific.rules.nations import Nation, Power, power_of
from pacific.rules.phases import Phase
from pacific.rules.units import UNIT_SPECS, UnitType, count_phrase


class UnitCount(BaseModel):
    """How many units of one type and owner an event names ("China: 3 infantry")."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    nation: Nation
    unit_type: UnitType
    # Bounded: a pending dice roll keeps its label in the saved position.
    count: Annotated[int, Strict(), Field(ge=1, le=MAX_UNIT_ID)]


def count_units(units: Iterable[tuple[Nation, UnitType]]) -> tuple[UnitCount, ...]:
    """(owner, type) pairs counted, by owner, then in the unit table's order."""
    counted: dict[tuple[Nation, UnitType], int] = {}
    for pair in units:
        counted[pair] = counted.get(pair, 0) + 1
    order = {t: i for i, t in enumerate(UNIT_SPECS)}
    return tuple(UnitCount(nation=n, unit_type=t, count=c) for (n, t), c in
                 sorted(counted.items(), key=lambda item: (list(Nation).index(item[0][0]),
                                                           order[item[0][1]])))


def counts_phrase(counts: Iterable[UnitCount]) -> str:
    """"2 infantry, 1 armor" in English (owners left out)."""
    return count_phrase(c.unit_type for c in counts for _ in range(c.count))


DiceKind = Literal["attack", "defence", "first_strike", "cover_fire", "interceptors", "escorts",
                   "aa_fire", "raid_aa_fire", "retreat_aa_fire", "flyover_aa_fire", "bombing",
                   "kamikaze"]


class Aim(BaseModel):
    """The ship one die is rolled at (a kamikaze token's, R-KAMI-6): its id in the position
    before the roll, its owner and its type (the ship may be gone once the roll is over)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    unit: UnitId
    nation: Nation
    unit_type: UnitType


class DiceLabel(BaseModel):
    """What a roll is for, as values (the purpose text is its English): the ``kind`` of roll
    (``attack``, ``defence``, ``first_strike``, ``cover_fire``, ``interceptors``, ``escorts``,
    ``aa_fire``, ``raid_aa_fire``, ``retreat_aa_fire``, ``flyover_aa_fire`` (R-AAFLY-1),
    ``bombing``, ``kamikaze``), the space,
    and the units that roll (or, for AA fire and kamikaze, the units fired at). ``aimed``: for
    a roll whose every die has a target of its own (kamikaze, R-KAMI-6), that target, one per
    die in the order of the values."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: DiceKind
    space: SpaceId
    units: Annotated[tuple[UnitCount, ...], Field(max_length=len(UNIT_SPECS) * len(Nation))] = ()
    aimed: Annotated[tuple[Aim, ...], Field(max_length=MAX_DICE_PER_ROLL)] = ()



# Which side throws the dice of a kind: AA fire is rolled at the aircraft named in its label,
# by the defender; first strikes and kamikazes by the side of the units that roll them.
FIRED_AT = frozenset({"aa_fire", "raid_aa_fire", "retreat_aa_fire", "flyover_aa_fire"})
ATTACKER_KINDS = frozenset({"attack", "cover_fire", "escorts", "bombing"})
DEFENDER_KINDS = frozenset({"defence", "interceptors"}) | FIRED_AT


def firing_side(label: DiceLabel, attacker: Power) -> Literal["attacker", "defender"]:
    """The side in a battle that threw a roll of ``label``: by its kind, else (first strike,
    kamikaze) by whether the power whose units threw it (Japan's kamikazes, R-KAMI-1) is
    ``attacker``."""
    if label.kind in ATTACKER_KINDS:
        return "attacker"
    if label.kind in DEFENDER_KINDS:
        return "defender"
    roller = Power.JAPAN if label.kind == "kamikaze" or not label.units else \
        power_of(label.units[0].nation)
    return "attacker" if roller is attacker else "defender"


def corrected_hits(hits: Sequence[int], dice: Sequence[int], old: int, new: int) -> list[int]:
    """The hits of the rolls thrown at a side whose hits an edit corrected from ``old`` to
    ``new`` (`edit_hits`; the rolls oldest first, ``hits`` each of ``dice`` dice): the
    latest rolls that made the ``old`` hits lose the hits taken away, the latest first; hits
    added go to the latest rolls first, at most one a die. The battle board and the luck
    meter read a corrected roll through this alone, so that they agree with the hits the
    engine asks to be taken (R-COMBAT-6)."""
    out = list(hits)
    change = new - old
    first, made = len(out), 0
    while first > 0 and made < old:
        first -= 1
        made += out[first]
    for i in reversed(range(first if change < 0 else 0, len(out))):
        step = max(-out[i], change) if change < 0 else min(dice[i] - out[i], change)
        out[i] += step
        change -= step
    return out


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
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
    label: DiceLabel | None = None

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
    """IPCs paid or received. ``cause``: ``purchase``, ``income``, ``convoy`` (British convoy
    income), ``bombing`` (of ``space``), ``capital`` (``space`` captured), or "" (see
    ``reason``). ``units``: what a purchase bought (R-PURCH-1), for the log to name."""

    kind: str = "ipc_changed"
    nation: Nation
    delta: int
    reason: str
    cause: str = ""
    space: str | None = None
    units: tuple[tuple[UnitType, int], ...] = ()

    def describe(self) -> str:
        sign = "+" if self.delta >= 0 else ""
        return f"{self.nation.value}: {sign}{self.delta} IPC ({self.reason})"


class TerritoryCaptured(Event):
    kind: str = "territory_captured"
    space: str
    old_owner: Nation | None
    new_owner: Nation
    # The territory's convoy route zone, when the new controller's enemy holds it: the
    # territory then adds nothing to the new controller's level (R-CONVOY-12).
    route_withheld: str | None = None

    def describe(self) -> str:
        return f"{self.new_owner.value} takes {self.space}"
