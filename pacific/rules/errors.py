"""Refusals and errors. Every refusal carries the id of the rule that forbids the action
(`pacific.text.rule_texts`) and a sentence a player understands; the engine guarantees that a
refused action changed nothing.

Messages are ids with parameters: an error holds an English template with
``{name}`` placeholders and the values to put in them; the template is the message id the
translation catalogue knows (gettext's msgid; Babel extracts the second argument of every
refusal class and of the ``_refuse`` helpers, and the first of the other errors: see
``pacific/text/locale/babel.cfg``). The rules layer never builds the final sentence in a
player's language: `pacific.text` does, translating the template and showing each value by its
name in that language. `reason` and `message` give the English sentence for logs, tests and
tools, formatted only when asked (listing legal moves refuses thousands of candidates).

A message that depends on a number has a singular and a plural template (`plural`), chosen
by its ``count`` value. Values that are places are given as `Place`, groups of units as
`Units`, words that need translating as `Term`, several messages as `Sentences`, and unit
types, nations, powers and phases as their enums, so that their names can be translated; a
tuple of values is a list ("India, Australia").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Self

from pacific.rules.nations import Nation, Power, display_name
from pacific.rules.phases import Phase
from pacific.rules.units import UNIT_SPECS, UnitType, count_phrase, unit_noun


@dataclass(frozen=True)
class Place:
    """A territory or sea zone named in a message: its id, and its English name."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Units:
    """Units named in a message by type and count ("2 infantry, 1 armor"), in the unit table's
    order."""

    counts: tuple[tuple[UnitType, int], ...]

    @classmethod
    def of(cls, types: Iterable[UnitType]) -> Units:
        counted = Counter(types)
        return cls(tuple((t, counted[t]) for t in UNIT_SPECS if counted[t]))

    def __str__(self) -> str:
        return count_phrase(t for t, n in self.counts for _ in range(n))


@dataclass(frozen=True)
class Nations:
    """Nations named together as one subject ("India and Australia retreated")."""

    nations: tuple[Nation, ...]

    def __str__(self) -> str:
        return " and ".join(display_name(n) for n in self.nations)


@dataclass(frozen=True)
class Term:
    """A word or phrase in a message that is itself a message id ("nowhere"), translated when
    the message is shown. Mark its text with `N_`."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Sentences:
    """Several messages given as one value (the problems of a position), shown one after the
    other, separated by semicolons."""

    messages: tuple[Message, ...]

    def __str__(self) -> str:
        return "; ".join(m.reason for m in self.messages)


# A message id: one template, or a singular and a plural one chosen by the ``count`` value.
Template = str | tuple[str, str]


def plural(singular: str, plural: str) -> tuple[str, str]:
    """A template with a singular and a plural form, chosen by the message's ``count`` value
    (Babel extracts both, like gettext's ``ngettext``)."""
    return singular, plural


def N_(template: str) -> str:
    """Mark a message id for the catalogue where it is not written as the template argument of
    a refusal (a constant, a table); the same marker as `pacific.text.N_`."""
    return template


def english_value(value: object) -> object:
    """How a message value reads in English: names, never ids (numbers stay numbers, so that
    a template may format them: ``{count:,}``)."""
    if isinstance(value, UnitType):
        return unit_noun(value)
    if isinstance(value, Nation | Power):
        return display_name(value)
    if isinstance(value, Phase):
        return value.label
    if isinstance(value, tuple | list):
        return ", ".join(str(english_value(v)) for v in value)
    if isinstance(value, Message):
        return value.reason
    describe = getattr(value, "describe", None)  # a pending decision, an action
    if callable(describe):
        return describe()
    return value


def english(template: Template, params: dict[str, Any]) -> str:
    """The English sentence of a template and its values (no translation)."""
    if isinstance(template, tuple):
        template = template[0] if params.get("count") == 1 else template[1]
    if not params:
        return template
    return template.format(**{k: english_value(v) for k, v in params.items()})


class Message:
    """A message id with its values: ``template`` with ``{name}`` placeholders
    filled from ``params`` (without params it is the sentence itself), and optionally
    ``where`` it is about (a file, "file:line"), shown in front of it. `reason` and ``str()``
    are the English sentence; `pacific.text` shows it in the player's language."""

    def __init__(self, template: Template, /, **params: Any) -> None:
        self.template = template
        self.params = params
        self.where = ""

    def at(self, where: str) -> Self:
        """This message, about ``where`` (a file name); returns the message itself."""
        self.where = where
        return self

    @property
    def reason(self) -> str:
        return english(self.template, self.params)

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}" if self.where else self.reason


class PacificError(Message, Exception):
    """Base class of every error Pacific raises on purpose; its text is a `Message` (an error
    whose text is not a message id yet passes its finished English as the template)."""

    def __init__(self, template: Template, /, **params: Any) -> None:
        Message.__init__(self, template, **params)
        Exception.__init__(self, template)


class IllegalAction(PacificError):
    """An action the rules forbid now.

    ``rule`` is a rule id (`pacific.text.rule_texts`) such as ``R-AIR-7``; ``template`` is the
    player-facing sentence with ``{name}`` placeholders filled from ``params`` (without params it is
    the sentence). `reason` is the English sentence; `message` also ends with the rule id in
    brackets.
    """

    def __init__(self, rule: str, template: Template, /, **params: Any) -> None:
        super().__init__(template, **params)
        self.args = (rule, template)
        self.rule = rule

    @property
    def message(self) -> str:
        text = self.reason
        return text if self.rule in text else f"{text} ({self.rule})"

    def __str__(self) -> str:
        return self.message


class WrongPhase(IllegalAction):
    """The action is of a kind the current phase does not allow (R-TURN-3)."""


class NotYourTurn(IllegalAction):
    """The action is made for a nation that does not play now (R-TURN-1)."""


class IllegalMove(IllegalAction):
    """A movement the movement rules forbid."""


class IllegalCombatChoice(IllegalAction):
    """A battle decision that is not open now (casualties, retreat, submerge...)."""


class MapError(PacificError):
    """A map file that cannot be used. The message names the file, the entry and the field."""


class SaveFileError(PacificError):
    """A saved game that cannot be loaded: corrupt, truncated, too large, or hostile."""


class DiceExhausted(PacificError):
    """A fixed or typed-in dice source ran out of values."""
