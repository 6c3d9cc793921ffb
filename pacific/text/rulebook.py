"""The rules reference: every rule of the catalogue by its id, grouped as the rulebook groups
them, with its page, a one-line summary and a short explanation, in the active language.

The GUI's Help ▸ Rules, ``pacific rule`` and refusal messages all read it. The text itself is
in ``pacific.text.rule_texts`` (English, the message ids) and the gettext catalogue (Italian).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from pacific.text.language import N_, gettext

if TYPE_CHECKING:
    from pacific.text.rule_texts import RuleText

# The catalogue's three parts plus its worked examples, in its order.
PARTS: dict[str, str] = {
    "turn": N_("Setup, turn and economy"),
    "movement": N_("Movement and units"),
    "combat": N_("Combat"),
    "examples": N_("Worked examples"),
}


@dataclass(frozen=True)
class Group:
    """A section of the rules: the part of a rule id between "R-" and the number."""

    key: str
    part: str
    title: str  # English; shown through gettext


GROUPS: tuple[Group, ...] = (
    Group("SETUP", "turn", N_("Setup")),
    Group("TURN", "turn", N_("Turn sequence")),
    Group("PURCH", "turn", N_("Purchase")),
    Group("CHINA", "turn", N_("China")),
    Group("CONTROL", "turn", N_("Control")),
    Group("CAPTURE", "turn", N_("Capturing territory")),
    Group("CAPITAL", "turn", N_("Capitals")),
    Group("CONVOY", "turn", N_("Convoy routes and convoy centres")),
    Group("PLACE", "turn", N_("Placing new units")),
    Group("RESET", "turn", N_("Submarines surface, battleships are repaired")),
    Group("INCOME", "turn", N_("Collecting income")),
    Group("VP", "turn", N_("Victory points")),
    Group("VICTORY", "turn", N_("Winning the game")),
    Group("MOVE", "movement", N_("Movement")),
    Group("COMBATMOVE", "movement", N_("Combat movement")),
    Group("NONCOMBAT", "movement", N_("Non-combat movement")),
    Group("AAFLY", "movement", N_("AA fire on aircraft flying over")),
    Group("BLITZ", "movement", N_("Blitz")),
    Group("TRANS", "movement", N_("Transports")),
    Group("JDD", "movement", N_("Japanese destroyers")),
    Group("CARRIER", "movement", N_("Aircraft carriers")),
    Group("AIR", "movement", N_("Air units")),
    Group("AIRBASE", "movement", N_("Air bases")),
    Group("NAVALBASE", "movement", N_("Naval bases")),
    Group("CAP", "movement", N_("Combat air patrol (CAP)")),
    Group("UNIT", "movement", N_("Combat units")),
    Group("COMBAT", "combat", N_("Combat resolution")),
    Group("LAND", "combat", N_("Land combat")),
    Group("FIRSTTURN", "combat", N_("Japan's first turn")),
    Group("NAVAL", "combat", N_("Naval combat")),
    Group("SUB", "combat", N_("Submarines")),
    Group("BB", "combat", N_("Battleships")),
    Group("AA", "combat", N_("AA guns")),
    Group("ART", "combat", N_("Artillery")),
    Group("MARINE", "combat", N_("Marines")),
    Group("AMPH", "combat", N_("Amphibious assault")),
    Group("MULTI", "combat", N_("Multi-national forces")),
    Group("SBR", "combat", N_("Strategic bombing raids")),
    Group("KAMI", "combat", N_("Kamikaze")),
    Group("EX", "examples", N_("The rulebook's examples")),
)
_GROUP_BY_KEY = {group.key: group for group in GROUPS}
_ID = re.compile(r"^(?:R-([A-Z]+)-\d+|(EX)-\d+)$")
# A rule id inside running text (an explanation citing another rule).
RULE_ID_IN_TEXT = re.compile(r"\b(?:R-[A-Z]+-\d+|EX-\d+)\b")


class UnknownRule(LookupError):
    """No rule has this id. ``suggestions`` holds the closest ids there are."""

    def __init__(self, rule_id: str, suggestions: list[str]) -> None:
        self.rule_id = rule_id
        self.suggestions = suggestions
        super().__init__(rule_id)


@dataclass(frozen=True)
class Rule:
    """One rule in the active language, ready to show."""

    rule_id: str
    group_key: str
    group: str
    part: str
    pages: str
    page: str  # "p. 25" / "pag. 25"
    summary: str
    explanation: str


@dataclass(frozen=True)
class RuleSummary:
    """What a refusal says about its rule: the id, one line and the page."""

    rule_id: str
    summary: str
    page: str

    def __str__(self) -> str:
        return f"{self.rule_id} ({self.page}): {self.summary}"


def group_key(rule_id: str) -> str:
    """"R-SBR-4" -> "SBR", "EX-3" -> "EX".

    Raises:
        ValueError: for text that is not a rule id.
    """
    match = _ID.match(rule_id)
    if match is None:
        raise ValueError(f"{rule_id!r} is not a rule id (like R-SBR-4 or EX-3)")
    return match.group(1) or match.group(2)


@cache
def _entries() -> dict[str, RuleText]:
    # The reference's text is imported when a rule is first looked up: a start shows none.
    from pacific.text.rule_texts import ALL_RULES

    entries: dict[str, RuleText] = {}
    for entry in ALL_RULES:
        if entry.rule_id in entries:
            raise ValueError(f"the rules reference lists {entry.rule_id} twice")
        if group_key(entry.rule_id) not in _GROUP_BY_KEY:
            raise ValueError(f"{entry.rule_id} belongs to no group of the rules reference")
        entries[entry.rule_id] = entry
    # In the catalogue's order: by group, then by number.
    order = {group.key: i for i, group in enumerate(GROUPS)}
    return dict(sorted(entries.items(),
                       key=lambda item: (order[group_key(item[0])],
                                         int(item[0].rsplit("-", 1)[1]))))


def rule_ids() -> list[str]:
    """Every rule id of the reference, in the catalogue's order."""
    return list(_entries())


def page_label(pages: str) -> str:
    """"25" -> "p. 25", "13, 16" -> "pp. 13, 16" (Italian "pag.", "pagg."); a leading "≈"
    (a page from the rulebook's cross-references) is kept in front."""
    approx = pages.startswith("≈")
    pages = pages.lstrip("≈ ")
    several = "," in pages or "–" in pages
    label = (gettext("pp. {pages}") if several else gettext("p. {pages}")).format(pages=pages)
    return f"≈ {label}" if approx else label


def normalize_rule_id(text: str) -> str:
    """How a person may type an id ("sbr-4", "r sbr 4", "ex3") -> "R-SBR-4", "EX-3"."""
    key = re.sub(r"[\s_]+", "-", text.strip().upper())
    key = re.sub(r"^([A-Z]+)-?(\d+)$", r"\1-\2", key)  # EX3, SBR4 -> EX-3, SBR-4
    if not key.startswith(("R-", "EX-")) and re.match(r"^[A-Z]+-\d+$", key):
        key = "R-" + key
    return key


def suggest_rule_ids(text: str, limit: int = 5) -> list[str]:
    """The ids closest to ``text``, best first (what to offer after a typo).

    An id of a real group with a number it does not have ("r-sbr-9") gets that group's
    nearest numbers first; a misspelt group ("r-captial-3") gets the ids that look most alike.
    """
    key = normalize_rule_id(text)
    ids = rule_ids()
    suggestions: list[str] = []
    match = re.match(r"^(.*-)(\d+)$", key)
    if match is not None:
        prefix, number = match.group(1), int(match.group(2))
        same_group = [i for i in ids if i.startswith(prefix) and i.count("-") == key.count("-")]
        same_group.sort(key=lambda i: abs(int(i.rsplit("-", 1)[1]) - number))
        suggestions += same_group[:3]
    # Imported here: only a mistyped rule id needs it, and every start imports this module.
    import difflib

    for close in difflib.get_close_matches(key, ids, n=limit, cutoff=0.6):
        if close not in suggestions:
            suggestions.append(close)
    return suggestions[:limit]


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id`` in the active language. The id may be typed loosely ("sbr-4").

    Raises:
        UnknownRule: no rule has that id; it carries the closest ids.
    """
    entry = _entries().get(normalize_rule_id(rule_id))
    if entry is None:
        raise UnknownRule(rule_id, suggest_rule_ids(rule_id))
    return _localized(entry)


def _localized(entry: RuleText) -> Rule:
    group = _GROUP_BY_KEY[group_key(entry.rule_id)]
    return Rule(
        rule_id=entry.rule_id,
        group_key=group.key,
        group=gettext(group.title),
        part=gettext(PARTS[group.part]),
        pages=entry.pages,
        page=page_label(entry.pages),
        summary=gettext(entry.summary),
        explanation=gettext(entry.explanation),
    )


def rule_summary(rule_id: str) -> RuleSummary:
    """The id, one-line summary and page of a rule, for a refusal message.

    Raises:
        UnknownRule: no rule has that id.
    """
    found = rule(rule_id)
    return RuleSummary(found.rule_id, found.summary, found.page)


def all_rules() -> list[Rule]:
    """Every rule in the active language, in the catalogue's order."""
    return [_localized(entry) for entry in _entries().values()]


def groups() -> list[tuple[Group, str]]:
    """Every group with its title in the active language, in the catalogue's order."""
    return [(group, gettext(group.title)) for group in GROUPS]


def fold(text: str) -> str:
    """Lower case without accents, so that "unita" finds "unità" and "R-sbr" finds "R-SBR"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search_rules(query: str) -> list[Rule]:
    """The rules matching ``query`` in the active language, best first.

    Every word of the query must occur (at the start of a word, accents and case ignored) in
    the rule's id, group, summary or explanation. An exact id comes first, then ids of the
    group typed (``sbr``), then the rules of a section whose title matches, then rules whose
    summary matches, then the rest. An empty query
    matches every rule, in the catalogue's order.
    """
    words = fold(query).split()
    if not words:
        return all_rules()
    exact = normalize_rule_id(query) if len(words) == 1 else None
    # A word matches at the start of a word ("carrier" finds "carriers"); an id-like word
    # ending in a number must end there too ("r-setup-1" does not find R-SETUP-16).
    patterns = [re.compile(r"(?<!\w)" + re.escape(word) + (r"(?!\d)" if word[-1].isdigit()
                                                            else ""))
                for word in words]
    ranked: list[tuple[int, int, Rule]] = []
    for index, found in enumerate(all_rules()):
        head = fold(f"{found.rule_id} {found.group}")
        summary = fold(found.summary)
        body = fold(found.explanation)
        everything = f"{head} {summary} {body}"
        if not all(p.search(everything) for p in patterns):
            continue
        if found.rule_id == exact:
            rank = 0
        elif all(p.search(fold(found.rule_id)) for p in patterns):
            rank = 1
        elif all(p.search(fold(found.group)) for p in patterns):
            rank = 2
        elif all(p.search(f"{head} {summary}") for p in patterns):
            rank = 3
        else:
            rank = 4
        ranked.append((rank, index, found))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [found for _, _, found in ranked]
