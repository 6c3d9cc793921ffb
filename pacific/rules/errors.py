"""Refusals. Every refusal carries the id of the rule that forbids the action (RULES.md) and a
sentence a player understands; the engine guarantees that a refused action changed nothing."""

from __future__ import annotations


class PacificError(Exception):
    """Base class of every error Pacific raises on purpose."""


class IllegalAction(PacificError):
    """An action the rules forbid now.

    ``rule`` is a RULES.md id such as ``R-AIR-7``; ``message`` is the player-facing sentence,
    which already ends with the rule id in brackets.
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.reason = message
        text = message if rule in message else f"{message} ({rule})"
        self.message = text
        super().__init__(text)


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
