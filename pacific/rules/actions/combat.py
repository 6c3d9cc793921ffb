"""Battle decisions. Every choice a player makes in phase 4 is one of these actions, so
the GUI, the command line, tests and a computer player all answer the same question: what is
legal now. `docs/actions.md` ("Combat") describes them."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pacific.rules.actions.base import ActionBase
from pacific.rules.fields import MAX_DICE_PER_ROLL, MAX_PATH_SPACES, Die, SpaceId, UnitId, UnitIds


def _ids(units: tuple[int, ...]) -> str:
    return ", ".join(f"#{u}" for u in units) or "none"


class SelectBattle(ActionBase):
    """Phase 4: the attacker picks the next battle (R-COMBAT-2: raids first)."""

    kind: Literal["select_battle"] = "select_battle"
    space: SpaceId

    def describe(self) -> str:
        return f"Fight the battle in {self.space}"


class ChooseCasualties(ActionBase):
    """The side that was hit names all its casualties at once (R-COMBAT-6): the same as
    `select_casualty` for each unit, then `confirm_casualties`. An undamaged battleship may be
    named twice: its first hit only damages it (R-BB-1/2)."""

    kind: Literal["choose_casualties"] = "choose_casualties"
    units: UnitIds

    def describe(self) -> str:
        return f"Take casualties: {_ids(self.units)}"


class SelectCasualty(ActionBase):
    """One step of a casualty choice: name one more casualty (R-COMBAT-6). The pending
    `CasualtyChoice` keeps the units named so far; an undamaged battleship may be named twice,
    its first hit only damaging it (R-BB-1/2). `legal_actions` lists one unit of each kind of
    unit that can still be named."""

    kind: Literal["select_casualty"] = "select_casualty"
    unit: UnitId

    def describe(self) -> str:
        return f"Casualty: #{self.unit}"


class ConfirmCasualties(ActionBase):
    """Take the casualties named so far, once there are as many as the hits that can land."""

    kind: Literal["confirm_casualties"] = "confirm_casualties"

    def describe(self) -> str:
        return "Take these casualties"


class PressOn(ActionBase):
    """Decline the decision offered (retreat, submerge, intercept): the battle goes on."""

    kind: Literal["press_on"] = "press_on"

    def describe(self) -> str:
        return "Press on"


class Retreat(ActionBase):
    """The attacker retreats after a full round (R-LAND-2/3, R-NAVAL-3, R-AMPH-3, OQ3-10).

    ``air_path`` (optional) is the retreating aircraft's own flight from the battle space to
    a landing place (R-AIR-6); without it they go with the force, or, retreating alone, by the
    cheapest route to ``to``. ``casualty_order`` names which aircraft AA fire on the way takes
    first (R-AAFLY-6)."""

    kind: Literal["retreat"] = "retreat"
    to: SpaceId
    air_path: tuple[SpaceId, ...] = Field(default=(), max_length=MAX_PATH_SPACES)
    casualty_order: UnitIds = ()

    def describe(self) -> str:
        if self.air_path:
            return f"Retreat to {self.to}, aircraft via {' → '.join(self.air_path)}"
        return f"Retreat to {self.to}"


class Submerge(ActionBase):
    """Submarines leave the battle by submerging (R-SUB-6, OQ3-8)."""

    kind: Literal["submerge"] = "submerge"
    units: UnitIds = Field(min_length=1)

    def describe(self) -> str:
        return f"Submerge {_ids(self.units)}"


class Kamikaze(ActionBase):
    """Japan's kamikaze declaration, ended: ``targets`` (one ship id per token, repeats allowed)
    are added to those already aimed with `kamikaze_target`; an empty list adds none
    (R-KAMI-1..8, OQ3-2..5)."""

    kind: Literal["kamikaze"] = "kamikaze"
    targets: UnitIds = ()

    def describe(self) -> str:
        if not self.targets:
            return "No kamikaze attack"
        return f"Kamikaze attack on {_ids(self.targets)}"


class KamikazeTarget(ActionBase):
    """One step of a kamikaze declaration: aim one more token at an Allied surface ship
    (R-KAMI-5, OQ3-4: several may go at one ship). `kamikaze` with no targets then ends the
    declaration."""

    kind: Literal["kamikaze_target"] = "kamikaze_target"
    unit: UnitId

    def describe(self) -> str:
        return f"Kamikaze at #{self.unit}"


class CallOffAssault(ActionBase):
    """Call off a declared amphibious landing before it is fought (R-AMPH-1, R-AMPH-6 step 1)."""

    kind: Literal["call_off_assault"] = "call_off_assault"
    target: SpaceId

    def describe(self) -> str:
        return f"Call off the landing in {self.target}"


class Intercept(ActionBase):
    """The defender of a bombing raid names its intercepting fighters (R-SBR-3, OQ3-22)."""

    kind: Literal["intercept"] = "intercept"
    fighters: UnitIds = ()

    def describe(self) -> str:
        return f"Intercept with {_ids(self.fighters)}"


class LandFighter(ActionBase):
    """A fighter whose carrier sank lands within 1 space (R-CARRIER-8, OQ3-6)."""

    kind: Literal["land_fighter"] = "land_fighter"
    unit: UnitId
    to: SpaceId

    def describe(self) -> str:
        return f"Land fighter #{self.unit} in {self.to}"


class RollDice(ActionBase):
    """The values of the dice the rules ask for now (a chance decision, `DiceRoll`): typed in
    from the table, or ``None`` for the game's own seeded dice ("roll for me")."""

    kind: Literal["roll_dice"] = "roll_dice"
    values: Annotated[tuple[Die, ...], Field(max_length=MAX_DICE_PER_ROLL)] | None = None

    def describe(self) -> str:
        if self.values is None:
            return "Roll the dice"
        return "Dice typed in: " + " ".join(str(v) for v in self.values)


CombatAction = (
    SelectBattle | SelectCasualty | ConfirmCasualties | ChooseCasualties | PressOn | Retreat
    | Submerge | KamikazeTarget | Kamikaze | CallOffAssault | Intercept | LandFighter | RollDice
)
