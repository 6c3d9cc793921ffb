"""Refusals. Every refusal carries the id of the rule that forbids the action (RULES.md) and a
sentence a player understands; the engine guarantees that a refused action changed nothing.

Messages are ids with parameters (STYLE habit 18): a refusal holds an English template with
``{name}`` placeholders and the values to put in them; the template is the message id the
translation catalogue knows (gettext's msgid; Babel extracts the second argument of every
refusal class and of the `refusal` helpers). The rules layer never builds the final sentence in
a player's language: `pacific.text` does, translating the template and showing each value by
its name in that language. `reason` and `message` give the English sentence for logs, tests
and tools, formatted only when asked (listing legal moves refuses thousands of candidates).
Values that are places are given as `Place` so that their names can be translated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Place:
    """A territory or sea zone named in a message: its id, and its English name."""

    id: str
    name: str

    def __str__(self) -> str:
        return self.name


def english(template: str, params: dict[str, Any]) -> str:
    """The English sentence of a template and its values (no translation)."""
    return template.format(**params) if params else template


class PacificError(Exception):
    """Base class of every error Pacific raises on purpose."""


class IllegalAction(PacificError):
    """An action the rules forbid now.

    ``rule`` is a RULES.md id such as ``R-AIR-7``; ``template`` is the player-facing sentence
    with ``{name}`` placeholders filled from ``params`` (without params it is the sentence).
    `reason` is the English sentence; `message` also ends with the rule id in brackets.
    """

    def __init__(self, rule: str, template: str, /, **params: Any) -> None:
        super().__init__(rule, template)
        self.rule = rule
        self.template = template
        self.params = params

    @property
    def reason(self) -> str:
        return english(self.template, self.params)

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
