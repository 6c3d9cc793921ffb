"""Pending decisions: what the engine waits for before the game can go on.

A pending decision is one of a union of small frozen models, kept in `GameState.pending`. The
engine, the GUI, the command line and a computer player all read the same typed value: which
power decides (``power``), what about, and which action kinds answer it (`DECISION_KINDS`).
Nothing here changes a state; the areas of the rules create these values and their handlers
replace them.

- `CasualtyChoice`: the side that was hit names its casualties (R-COMBAT-6), one unit at a time
  (`select_casualty`, then `confirm_casualties`) or all at once (`choose_casualties`).
- `RoundChoice`: before another round the attacker may retreat, submerge submarines or press on
  (R-COMBAT-8, R-LAND-2, R-NAVAL-3, R-SUB-6).
- `DefenderSubmergeChoice`: defending submarines may submerge instead of firing (R-SUB-6, OQ3-8).
- `KamikazeChoice`: Japan declares kamikaze attacks, one token at a time (R-KAMI-1..8).
- `InterceptChoice`: the defender of a bombing raid names its interceptors (R-SBR-3).
- `FighterLanding`: a fighter whose carrier sank lands within one space (R-CARRIER-8).
- `OwnerDecision`: who takes a captured territory (R-CAPTURE-11, R-CAPTURE-12, OQ-6).
- `ConvoySplit`: the British convoy income is shared between India and Australia (R-INCOME-3).
- `DiceRoll`: a chance decision: the rules call for dice and the values arrive as a
  `roll_dice` action (`pacific.rules.dice`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pacific.rules.actions import Action, ActionKind
from pacific.rules.events import DiceLabel
from pacific.rules.nations import Nation, Power

# Turns a space id into a name for the sentences below ("sz_6" → "Sea Zone 6").
Namer = Callable[[str], str]


def _plain(space: str) -> str:
    return space


class DecisionBase(BaseModel):
    # Validators are built on first use (``defer_build``), not at import: a start needs few of
    # them. DiceRoll's forward reference to Decision is resolved then, from this module.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    power: Power   # the power that must decide (or roll)

    def describe(self, name: Namer = _plain) -> str:
        """What is asked, in one plain English line."""
        raise NotImplementedError


class CasualtyChoice(DecisionBase):
    decision: Literal["casualties"] = "casualties"
    battle: int
    side: Literal["attacker", "defender"]
    count: int                          # casualties to name, one per hit that can land
    selected: tuple[int, ...] = ()      # named so far; a battleship may appear twice (R-BB-1)

    def describe(self, name: Namer = _plain) -> str:
        left = self.count - len(self.selected)
        noun = "casualty" if self.count == 1 else "casualties"
        if self.selected:
            return f"choose {self.count} {noun} ({left} still to name)"
        return f"choose {self.count} {noun}"


class RoundChoice(DecisionBase):
    decision: Literal["round"] = "round"
    battle: int
    retreat_to: tuple[str, ...] = ()    # empty: no retreat is possible now
    submarines: tuple[int, ...] = ()    # attacking submarines that may submerge

    def describe(self, name: Namer = _plain) -> str:
        options = [*(["retreat"] if self.retreat_to else []),
                   *(["submerge submarines"] if self.submarines else []), "press on"]
        return " or ".join([", ".join(options[:-1]), options[-1]] if len(options) > 2
                           else options) + "?"


class DefenderSubmergeChoice(DecisionBase):
    decision: Literal["defender_submerge"] = "defender_submerge"
    battle: int
    submarines: tuple[int, ...]

    def describe(self, name: Namer = _plain) -> str:
        return "submerge defending submarines instead of firing, or fire?"


class KamikazeChoice(DecisionBase):
    decision: Literal["kamikaze"] = "kamikaze"
    battle: int | None = None           # None: the declaration at the start of an Allied phase 4
    zones: tuple[str, ...]
    tokens: int                         # tokens Japan holds before this declaration
    targets: tuple[int, ...] = ()       # declared so far, one id per token (OQ3-4)

    def describe(self, name: Namer = _plain) -> str:
        where = ", ".join(name(z) for z in self.zones)
        left = self.tokens - len(self.targets)
        return f"declare kamikaze attacks in {where} ({left} token(s) left), or none"


class InterceptChoice(DecisionBase):
    decision: Literal["intercept"] = "intercept"
    battle: int
    fighters: tuple[int, ...]           # the fighters that may intercept

    def describe(self, name: Namer = _plain) -> str:
        return f"choose intercepting fighters (up to {len(self.fighters)}), or none"


class FighterLanding(DecisionBase):
    decision: Literal["land_fighter"] = "land_fighter"
    battle: int
    unit: int
    options: tuple[str, ...]            # never empty: a fighter with nowhere to go is lost

    def describe(self, name: Namer = _plain) -> str:
        return "a fighter lost its carrier: land it within 1 space"


class OwnerDecision(DecisionBase):
    decision: Literal["choose_owner"] = "choose_owner"
    territory: str
    options: tuple[Nation, ...]

    def describe(self, name: Namer = _plain) -> str:
        names = " or ".join(n.value for n in self.options)
        return f"choose who takes {name(self.territory)}: {names}"


class ConvoySplit(DecisionBase):
    decision: Literal["split_convoy_income"] = "split_convoy_income"
    amount: int

    def describe(self, name: Namer = _plain) -> str:
        return f"split the {self.amount} IPC of British convoy income between India and " \
               "Australia"


class DiceGroup(BaseModel):
    """Dice rolled together for one purpose: "Attack in Burma: 2 infantry hit on 1" (its
    English; ``label`` says it as values, for the player's language)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    count: int = Field(ge=1)
    purpose: str
    hit_on: int | None = None
    label: DiceLabel | None = None


class DiceRoll(DecisionBase):
    """A chance decision. ``groups`` are the dice asked for now, in the order their values are
    given. ``given`` are values already rolled for the same step (a battle step or an action
    that asked for dice twice); ``resume`` is the action that is applied again, with all the
    values, once they are known (None inside a battle: the battle's step is run again)."""

    decision: Literal["dice"] = "dice"
    groups: tuple[DiceGroup, ...]
    battle: int | None = None
    given: tuple[int, ...] = ()
    resume: Action | None = None
    # The decision that was pending when ``resume`` was first tried (it is pending again
    # while the action runs once more).
    interrupted: Decision | None = None

    @property
    def count(self) -> int:
        return sum(g.count for g in self.groups)

    def describe(self, name: Namer = _plain) -> str:
        return f"roll {self.count} dice: " + "; ".join(g.purpose for g in self.groups)


Decision = Annotated[
    CasualtyChoice | RoundChoice | DefenderSubmergeChoice | KamikazeChoice | InterceptChoice
    | FighterLanding | OwnerDecision | ConvoySplit | DiceRoll,
    Field(discriminator="decision")]

# The action kinds that answer each decision; nothing else is allowed while it is pending.
DECISION_KINDS: dict[str, frozenset[ActionKind]] = {
    "casualties": frozenset({"select_casualty", "confirm_casualties", "choose_casualties"}),
    "round": frozenset({"retreat", "submerge", "press_on"}),
    "defender_submerge": frozenset({"submerge", "press_on"}),
    "kamikaze": frozenset({"kamikaze_target", "kamikaze"}),
    "intercept": frozenset({"intercept"}),
    "land_fighter": frozenset({"land_fighter"}),
    "choose_owner": frozenset({"choose_owner"}),
    "split_convoy_income": frozenset({"split_convoy_income"}),
    "dice": frozenset({"roll_dice"}),
}


def decision_kinds(decision: Decision) -> frozenset[ActionKind]:
    return DECISION_KINDS[decision.decision]


__all__ = [
    "DECISION_KINDS", "CasualtyChoice", "ConvoySplit", "Decision", "DecisionBase",
    "DefenderSubmergeChoice", "DiceGroup", "DiceRoll", "FighterLanding", "InterceptChoice",
    "KamikazeChoice", "OwnerDecision", "RoundChoice", "decision_kinds",
]
