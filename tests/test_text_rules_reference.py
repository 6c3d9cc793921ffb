"""The rules reference: one entry per rule id of the catalogue, with the rulebook's
page, in the project's own words, in English and Italian; lookup, search and suggestions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pacific.text import (
    UnknownRule,
    all_rules,
    rule,
    rule_ids,
    rule_summary,
    search_rules,
    suggest_rule_ids,
    using_language,
)
from pacific.text.rule_texts import ALL_RULES
from pacific.text.rulebook import GROUPS, group_key, normalize_rule_id, page_label

TESTS = Path(__file__).resolve().parent
RULES_MD = Path("/work/shared/RULES.md")
CATALOGUE_IDS = [line.strip() for line in (TESTS / "rule_ids.txt").read_text("utf-8").split()]


def test_every_rule_id_has_exactly_one_entry() -> None:
    """tests/rule_ids.txt (every id RULES.md defines) and the reference hold the same ids,
    in the catalogue's order."""
    assert rule_ids() == CATALOGUE_IDS
    assert len(ALL_RULES) == len(set(entry.rule_id for entry in ALL_RULES))


def test_every_group_has_rules_and_every_rule_a_group() -> None:
    keys = {group_key(rule_id) for rule_id in CATALOGUE_IDS}
    assert keys == {group.key for group in GROUPS}


def _rules_md_pages() -> dict[str, str]:
    """Rule id -> pages as RULES.md gives them: the last "(p. N)" of the rule's first line."""
    definition = re.compile(r"^\s*[-*]\s+\*\*(R-[A-Z]+-\d+)\*\*(.*)$|^#+\s+(EX-\d+)\b(.*)$")
    page = re.compile(r"\(((?:≈ ?)?p\. [^)]*)\)")
    pages = {}
    for line in RULES_MD.read_text("utf-8").splitlines():
        match = definition.match(line)
        if match is None:
            continue
        rule_id = match.group(1) or match.group(3)
        text = match.group(2) or match.group(4)
        cited = page.findall(text)[-1]
        approx = "≈" if cited.startswith("≈") else ""
        numbers = [part.strip().removeprefix("p.").strip()
                   for part in cited.lstrip("≈ ").split(";")]
        pages[rule_id] = approx + ", ".join(n for n in numbers if re.fullmatch(r"[\d–, ]+", n))
    return pages


@pytest.mark.skipif(not RULES_MD.exists(), reason="the rule catalogue is not on this machine")
def test_pages_are_the_ones_the_catalogue_cites() -> None:
    cited = _rules_md_pages()
    assert {entry.rule_id: entry.pages for entry in ALL_RULES} == cited


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULES_MD.exists(), reason="the rule catalogue is not on this machine")
def test_the_text_is_the_projects_own_words() -> None:
    """No entry repeats ten words in a row of RULES.md: the reference restates, it does not
    paste."""
    source = " ".join(_words(RULES_MD.read_text("utf-8")))
    copied = []
    for entry in ALL_RULES:
        for text in (entry.summary, entry.explanation):
            words = _words(text)
            for i in range(len(words) - 9):
                if " ".join(words[i:i + 10]) in source:
                    copied.append((entry.rule_id, " ".join(words[i:i + 10])))
                    break
    assert copied == []


def test_every_entry_has_a_short_summary_and_an_explanation_in_both_languages() -> None:
    english = {r.rule_id: r for r in all_rules()}
    with using_language("it"):
        italian = {r.rule_id: r for r in all_rules()}
    for rule_id, en in english.items():
        it = italian[rule_id]
        assert "\n" not in en.summary and len(en.summary) <= 130, rule_id
        assert en.summary.endswith((".", "?")) and en.explanation.endswith((".", ")")), rule_id
        assert en.explanation and en.explanation != en.summary, rule_id
        assert it.summary != en.summary and it.explanation != en.explanation, rule_id
        assert it.group and it.page.startswith(("pag.", "pagg.", "≈ pag")), rule_id


def test_cited_ids_in_explanations_are_real() -> None:
    known = set(CATALOGUE_IDS)
    for entry in ALL_RULES:
        for cited in re.findall(r"\b(?:R-[A-Z]+-\d+|EX-\d+)\b", entry.explanation):
            assert cited in known, f"{entry.rule_id} cites {cited}"


def test_rule_capital_3_in_both_languages() -> None:
    """R-CAPITAL-3: the summary, group and page a player reads, in English and Italian."""
    found = rule("R-CAPITAL-3")
    assert (found.group, found.page) == ("Capitals", "p. 28")
    assert "capital" in found.summary and "IPC" in found.summary
    with using_language("it"):
        found = rule("R-CAPITAL-3")
    assert (found.group, found.page) == ("Capitali", "pag. 28")
    assert "capitale" in found.summary


def test_rule_summary_for_refusals() -> None:
    """What a refusal carries: the id, one line and the page (R-SBR-4 is on p. 25)."""
    summary = rule_summary("R-SBR-4")
    assert (summary.rule_id, summary.page) == ("R-SBR-4", "p. 25")
    assert str(summary) == f"R-SBR-4 (p. 25): {summary.summary}"
    with using_language("it"):
        assert rule_summary("R-SBR-4").page == "pag. 25"


def test_page_labels() -> None:
    assert page_label("25") == "p. 25"
    assert page_label("13, 16") == "pp. 13, 16"
    assert page_label("≈38–39") == "≈ pp. 38–39"
    with using_language("it"):
        assert page_label("20–23") == "pagg. 20–23"


def test_ids_may_be_typed_loosely() -> None:
    assert normalize_rule_id("sbr-4") == "R-SBR-4"
    assert normalize_rule_id(" r sbr 4 ") == "R-SBR-4"
    assert normalize_rule_id("ex3") == "EX-3"
    assert rule("capital-3").rule_id == "R-CAPITAL-3"


def test_an_unknown_id_offers_the_closest_ones() -> None:
    with pytest.raises(UnknownRule) as raised:
        rule("r-sbr-9")  # SBR has 7 rules
    assert raised.value.suggestions[:3] == ["R-SBR-7", "R-SBR-6", "R-SBR-5"]
    assert suggest_rule_ids("r-captial-3")[0] == "R-CAPITAL-3"
    assert suggest_rule_ids("no such thing") == []


def test_search_by_id_and_by_words() -> None:
    assert search_rules("R-SBR-4")[0].rule_id == "R-SBR-4"
    assert [r.rule_id for r in search_rules("R-SETUP-1")] == ["R-SETUP-1"]
    sbr = [r.rule_id for r in search_rules("sbr")]
    assert sbr[:7] == [f"R-SBR-{n}" for n in range(1, 8)]
    words = search_rules("carrier fighters")
    assert words and all("carrier" in (r.summary + r.explanation + r.group).lower()
                         for r in words)
    assert search_rules("zzzz") == []
    assert len(search_rules("")) == len(CATALOGUE_IDS)


def test_search_in_italian_ignores_accents_and_case() -> None:
    with using_language("it"):
        found = [r.rule_id for r in search_rules("unita CORAZZATA blitz")]
        assert "R-BLITZ-1" in found
        assert search_rules("Assalto Anfibio")[0].group == "Assalto Anfibio"


RULEBOOK = Path("/work/shared/rulebook")


@pytest.mark.skipif(not RULEBOOK.is_dir(), reason="the rulebook is not on this machine")
def test_the_italian_is_not_the_rulebooks_text() -> None:
    """The Italian uses the rulebook's terms but not its sentences: no entry repeats ten
    words in a row of the Italian rulebook."""
    source = " ".join(" ".join(re.findall(r"\w+", path.read_text("utf-8").lower()))
                      for path in sorted(RULEBOOK.glob("*.txt")))
    copied = []
    with using_language("it"):
        for found in all_rules():
            for text in (found.summary, found.explanation):
                words = re.findall(r"\w+", text.lower())
                copied += [(found.rule_id, " ".join(words[i:i + 10]))
                           for i in range(len(words) - 9)
                           if " ".join(words[i:i + 10]) in source][:1]
    assert copied == []
