"""One entry of the rules reference, as stored: English text (the gettext message ids)."""

from __future__ import annotations

from typing import NamedTuple


class RuleText(NamedTuple):
    """A rule of the game in the project's words, by its id (``R-MOVE-7``).

    ``pages`` is the rulebook page or pages ("25", "13, 16", "20–23"); a leading "≈" marks a
    page taken from the rulebook's cross-references rather than its index.
    """

    rule_id: str
    pages: str
    summary: str
    explanation: str
