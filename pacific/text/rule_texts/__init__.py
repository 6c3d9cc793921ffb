"""The text of the rules reference, one module per stretch of the rule catalogue, in the
catalogue's order. ``ALL_RULES`` holds every entry."""

from __future__ import annotations

from pacific.text.rule_texts import (
    combat,
    combat_special,
    economy,
    examples,
    movement,
    setup,
    units,
)
from pacific.text.rule_texts.entry import RuleText

ALL_RULES: tuple[RuleText, ...] = (
    setup.RULES
    + economy.RULES
    + movement.RULES
    + units.RULES
    + combat.RULES
    + combat_special.RULES
    + examples.RULES
)

__all__ = ["ALL_RULES", "RuleText"]
