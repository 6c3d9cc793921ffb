"""One entry of the rules reference, as stored: English text (the gettext message ids)."""

from __future__ import annotations

from typing import NamedTuple


class RuleText(NamedTuple):
    """A rule of RULES.md in the project's words.

    ``pages`` is the rulebook page or pages ("25", "13, 16", "20–23"); a leading "≈" marks a
    page RULES.md takes from the rulebook's cross-references rather than its index.
    """

    rule_id: str
    pages: str
    summary: str
    explanation: str
