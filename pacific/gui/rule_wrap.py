"""Rule ids in wrapped text. To a reader "R-COMBAT-8" is one word, but a label that wraps may
break a line after any hyphen ("(R-" at the end of one line, "COMBAT-8)" on the next). The
panels show every sentence that may name a rule through `unbroken`: each hyphen of an id is
followed by a word joiner (U+2060: no width, nothing drawn, no break on either side), so the
id wraps as a whole, and its hyphens stay the ones typed (an id copied from a label still
finds its rule). The engine's messages themselves are left as they are.
"""

from __future__ import annotations

import re

WORD_JOINER = "\u2060"
# "R-COMBAT-8", "R-PLACE-1..7", the rulebook's examples "EX-3".
RULE_ID = re.compile(r"\b(?:R|EX)(?:-[A-Z0-9]+)+\b")


def unbroken(text: str) -> str:
    """``text`` with no line break possible inside a rule id."""
    return RULE_ID.sub(lambda m: m.group(0).replace("-", "-" + WORD_JOINER), text)


def as_typed(text: str) -> str:
    """``text`` shown through `unbroken`, as it was typed (for a reader of the label)."""
    return text.replace(WORD_JOINER, "")
