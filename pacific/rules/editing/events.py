"""What an edit did, in plain words for the log: "Edit: 2 Japanese infantry added to Burma".

Each event carries the board's name of the space (``where``) as well as its id, so that the
sentence reads the same in the command line and in the window.
"""

from __future__ import annotations

from pacific.rules.actions.edit import units_phrase
from pacific.rules.events import Event
from pacific.rules.nations import Nation, Power, display_name
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


class EditModeChanged(Event):
    kind: str = "edit_mode_changed"
    on: bool

    def describe(self) -> str:
        if self.on:
            return "Edit mode on: the position may be corrected; play waits"
        return "Edit mode off: play resumes"


class UnitsEdited(Event):
    """Units put on or taken off the board by an edit (``count`` < 0: taken off)."""

    kind: str = "units_edited"
    nation: Nation
    unit_type: UnitType
    space: str
    where: str
    count: int
    aboard: str | None = None      # "a transport": where the units were put or taken from
    with_cargo: str = ""           # "2 infantry": cargo that went with removed ships

    def describe(self) -> str:
        units = units_phrase(self.nation, abs(self.count), self.unit_type)
        ship = f" aboard {self.aboard}" if self.aboard else ""
        if self.count > 0:
            return f"Edit: {units} added{ship} to {self.where}"
        cargo = f", with {self.with_cargo} aboard" if self.with_cargo else ""
        return f"Edit: {units} removed{ship} from {self.where}{cargo}"


class UnitsMarked(Event):
    """How many battleships are damaged or submarines submerged in a space, after an edit."""

    kind: str = "units_marked"
    nation: Nation
    unit_type: UnitType
    space: str
    where: str
    count: int
    mark: str                      # "damaged" or "submerged"

    def describe(self) -> str:
        return f"Edit: {units_phrase(self.nation, self.count, self.unit_type)} {self.mark} " \
               f"in {self.where}"


class ControlEdited(Event):
    kind: str = "control_edited"
    space: str
    where: str
    old: Nation | None
    new: Nation
    convoy: bool = False
    passed_on: str = ""            # "1 industrial complex": what changed hands with it

    def describe(self) -> str:
        what = f"the convoy zone {self.where}" if self.convoy else self.where
        was = f" (was {display_name(self.old)})" if self.old is not None else ""
        tail = f"; {self.passed_on} passed with it" if self.passed_on else ""
        return f"Edit: {what} now held by {display_name(self.new)}{was}{tail}"


class ValueEdited(Event):
    """A number of the game's books: a treasury, a production level, VP, tokens..."""

    kind: str = "value_edited"
    what: str                      # "Japan's treasury", "the British Convoy marker"
    old: int
    new: int
    unit: str = ""                 # " IPC"

    def describe(self) -> str:
        return f"Edit: {self.what} {self.new}{self.unit} (was {self.old})"


class TurnEdited(Event):
    kind: str = "turn_edited"
    round: int
    power: Power
    phase: Phase

    def describe(self) -> str:
        return f"Edit: the game goes to round {self.round}, {display_name(self.power)}, " \
               f"phase {self.phase.number} ({self.phase.label})"


class HitsEdited(Event):
    kind: str = "hits_edited"
    where: str
    side: str
    old: int
    new: int

    def describe(self) -> str:
        return f"Edit: the {self.side} in {self.where} takes {self.new} hit(s), not {self.old}"
