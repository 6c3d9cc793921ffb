"""What an edit did, as values: who, which units by type, where, which number
of the books (a key), old and new. `describe()` is the English line for tools and tests
("Edit: 2 Japanese infantry added to Burma"); `pacific.text.describe_event` says it in the
player's language.

Each event carries the board's English name of the space (``where``) as well as its id.
"""

from __future__ import annotations

from typing import Literal

from pacific.rules.actions.edit import units_phrase
from pacific.rules.battle_records import Side
from pacific.rules.events import Event, UnitCount, counts_phrase
from pacific.rules.nations import Nation, Power, display_name
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType, unit_noun

Mark = Literal["damaged", "submerged"]

# The numbers of the game's books an edit sets (`ValueEdited.what`).
ValueKey = Literal["treasury", "production_level", "british_convoy", "victory_points",
                   "kamikaze_tokens", "purchased", "china_infantry"]


def _a(unit_type: UnitType) -> str:
    noun = unit_noun(unit_type)
    return ("an " if noun[0] in "aeiouAEIOU" else "a ") + noun


class EditModeChanged(Event):
    kind: str = "edit_mode_changed"
    on: bool

    def describe(self) -> str:
        if self.on:
            return "Edit mode on: the position may be corrected; play waits"
        return "Edit mode off: play resumes"


class UnitsEdited(Event):
    """Units put on or taken off the board by an edit (``count`` < 0: taken off). ``aboard``:
    the kind of ship the units were put aboard or taken from (None: not aboard, or ships of
    several kinds: ``several_ships``); ``with_cargo``: the cargo that went with removed ships,
    by owner and type."""

    kind: str = "units_edited"
    nation: Nation
    unit_type: UnitType
    space: str
    where: str
    count: int
    aboard: UnitType | None = None
    several_ships: bool = False
    with_cargo: tuple[UnitCount, ...] = ()

    def describe(self) -> str:
        units = units_phrase(self.nation, abs(self.count), self.unit_type)
        ship = f" aboard {_a(self.aboard)}" if self.aboard else \
            " aboard ships" if self.several_ships else ""
        if self.count > 0:
            return f"Edit: {units} added{ship} to {self.where}"
        cargo = f", with {counts_phrase(self.with_cargo)} aboard" if self.with_cargo else ""
        return f"Edit: {units} removed{ship} from {self.where}{cargo}"


class UnitsMovedByEdit(Event):
    """Units moved from one space to another by an edit (a correction: no movement rule).
    ``aboard``: the kind of ship they boarded at ``to`` (None: none, or ships of several
    kinds: ``several_ships``); ``with_cargo``: the cargo that went with moved ships."""

    kind: str = "units_moved_by_edit"
    nation: Nation
    unit_type: UnitType
    space: str
    where: str
    to: str
    to_where: str
    count: int
    aboard: UnitType | None = None
    several_ships: bool = False
    with_cargo: tuple[UnitCount, ...] = ()

    def describe(self) -> str:
        ship = f" aboard {_a(self.aboard)}" if self.aboard else \
            " aboard ships" if self.several_ships else ""
        cargo = f", with {counts_phrase(self.with_cargo)} aboard" if self.with_cargo else ""
        return f"Edit: {units_phrase(self.nation, self.count, self.unit_type)} moved from " \
               f"{self.where} to {self.to_where}{ship}{cargo}"


class UnitsMarked(Event):
    """How many battleships are damaged or submarines submerged in a space, after an edit."""

    kind: str = "units_marked"
    nation: Nation
    unit_type: UnitType
    space: str
    where: str
    count: int
    mark: Mark

    def describe(self) -> str:
        return f"Edit: {units_phrase(self.nation, self.count, self.unit_type)} {self.mark} " \
               f"in {self.where}"


class ControlEdited(Event):
    """A territory's controller or a convoy zone's holder set by an edit; ``passed_on``: the
    units that changed hands with the territory (its complex, enemy AA guns), by their owner
    before and type."""

    kind: str = "control_edited"
    space: str
    where: str
    old: Nation | None
    new: Nation
    convoy: bool = False
    passed_on: tuple[UnitCount, ...] = ()

    def describe(self) -> str:
        what = f"the convoy zone {self.where}" if self.convoy else self.where
        was = f" (was {display_name(self.old)})" if self.old is not None else ""
        tail = f"; {counts_phrase(self.passed_on)} passed with it" if self.passed_on else ""
        return f"Edit: {what} now held by {display_name(self.new)}{was}{tail}"


_VALUES_EN: dict[str, str] = {
    "treasury": "treasury of {nation} {new} IPC (was {old})",
    "production_level": "production level of {nation} {new} (was {old})",
    "british_convoy": "the British Convoy marker {new} (was {old})",
    "victory_points": "Japan's victory points {new} (was {old})",
    "kamikaze_tokens": "Japan's kamikaze tokens {new} (was {old})",
    "purchased": "{unit} of {nation} to place {new} (was {old})",
    "china_infantry": "China's infantry to place {new} (was {old})",
}


class ValueEdited(Event):
    """A number of the game's books set by an edit: ``what`` is the number's key
    (`ValueKey`); ``nation`` whose number it is (treasury, production level, units bought),
    ``unit_type`` the units bought."""

    kind: str = "value_edited"
    what: ValueKey
    old: int
    new: int
    nation: Nation | None = None
    unit_type: UnitType | None = None

    def describe(self) -> str:
        nation = display_name(self.nation) if self.nation is not None else ""
        unit = unit_noun(self.unit_type, 2) if self.unit_type is not None else ""
        return "Edit: " + _VALUES_EN[self.what].format(nation=nation, unit=unit, new=self.new,
                                                      old=self.old)


class TurnEdited(Event):
    kind: str = "turn_edited"
    round: int
    power: Power
    phase: Phase

    def describe(self) -> str:
        return f"Edit: the game goes to round {self.round}, {display_name(self.power)}, " \
               f"phase {self.phase.number} ({self.phase.label})"


class HitsEdited(Event):
    """The hits a side choosing casualties takes, corrected (``space``: the battle's)."""

    kind: str = "hits_edited"
    space: str = ""
    where: str
    side: Side
    old: int
    new: int

    def describe(self) -> str:
        return f"Edit: the {self.side} in {self.where} takes {self.new} hit(s), not {self.old}"

