"""Every rule id and worked example of RULES.md is cited, literally, by at least one test file.

The list of ids lives in tests/rule_ids.txt (written by tools/rule_ids.py from RULES.md; ids
only). A citation is the id itself in a tests/**/test_*.py file; a range ("R-BLITZ-1..5",
"R-SUB-1–3") or a name spelled another way (test_r_sub_1) does not count, because a search
for the id would not find it. Two lists hold the exceptions:

- tests/rule_ids_untestable.txt: ids with no observable effect in the engine, the map data or
  the GUI, each with its reason ("R-SETUP-4  reason..."). Such an id must stay uncited.
- tests/rule_ids_pending.txt: ids another pass is implementing now. While uncited they are
  reported as expected failures; once cited the test fails until the id is taken off the list,
  so the list only shrinks.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
RULES_MD = Path("/work/shared/RULES.md")


def _read_ids(name: str) -> dict[str, str]:
    """Id -> rest of the line (the reason) for a list file; '#' starts a comment line."""
    entries: dict[str, str] = {}
    for line in (TESTS / name).read_text("utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rule_id, _, reason = line.partition(" ")
        assert rule_id not in entries, f"{name} lists {rule_id} twice"
        entries[rule_id] = reason.strip()
    return entries


def cited_in(rule_id: str, text: str) -> bool:
    """True when `text` names `rule_id` itself: not R-SUB-10 for R-SUB-1, not a range."""
    return re.search(re.escape(rule_id) + r"(?!\d|\.\.|[–-]\d)", text) is not None


_ID = re.compile(r"\b(R-[A-Z]+-\d+|EX-\d+)\b")


def _test_sources() -> str:
    me = Path(__file__).resolve()
    return "\n".join(
        path.read_text("utf-8")
        for path in sorted(TESTS.rglob("test_*.py"))
        if path.resolve() != me
    )


ALL_IDS = list(_read_ids("rule_ids.txt"))
UNTESTABLE = _read_ids("rule_ids_untestable.txt")
PENDING = _read_ids("rule_ids_pending.txt")
SOURCES = _test_sources()


def test_citation_means_the_literal_id() -> None:
    """The matcher itself: a range or a longer id is not a citation, so the test can fail."""
    assert cited_in("R-SUB-1", '"""R-SUB-1 (p. 33): attack 2."""')
    assert cited_in("R-SUB-1", "refused (R-SUB-1)")
    assert not cited_in("R-SUB-1", "R-SUB-10 only")
    assert not cited_in("R-BLITZ-1", "blitz (R-BLITZ-1..5)")
    assert not cited_in("R-BLITZ-2", "blitz (R-BLITZ-1..5)")
    assert not cited_in("R-SUB-1", "R-SUB-1–3")
    assert not cited_in("R-SUB-1", "def test_r_sub_1_first_strike()")


def test_every_rule_id_is_cited_by_a_test() -> None:
    """Each id of RULES.md is cited by a test file, or listed as untestable or pending."""
    uncited = [
        rule_id
        for rule_id in ALL_IDS
        if rule_id not in UNTESTABLE and rule_id not in PENDING and not cited_in(rule_id, SOURCES)
    ]
    assert uncited == [], f"{len(uncited)} rule ids are cited by no test: {' '.join(uncited)}"


def test_untestable_ids_are_real_uncited_and_explained() -> None:
    """The untestable list names real ids, gives a reason each, and shrinks once one is cited."""
    for rule_id, reason in UNTESTABLE.items():
        assert rule_id in ALL_IDS, f"{rule_id} is not an id of RULES.md"
        assert len(reason) > 20, f"{rule_id} needs a reason in rule_ids_untestable.txt"
        assert not cited_in(rule_id, SOURCES), (
            f"{rule_id} is cited by a test now: take it off rule_ids_untestable.txt"
        )
        assert rule_id not in PENDING, f"{rule_id} is both untestable and pending"


def test_every_cited_id_exists() -> None:
    """Tests and the package cite only ids RULES.md defines (a typo such as R-SUB-19 would
    otherwise pass unnoticed, and a refusal would send the player to no rule)."""
    known = set(ALL_IDS)
    package = "\n".join(p.read_text("utf-8") for p in sorted((ROOT / "pacific").rglob("*.py")))
    for where, text in (("tests", SOURCES), ("pacific", package)):
        unknown = sorted(set(_ID.findall(text)) - known)
        assert unknown == [], f"{where} cites ids RULES.md does not define: {unknown}"


@pytest.mark.parametrize("rule_id", sorted(PENDING))
def test_pending_id(rule_id: str) -> None:
    """A pending id is an expected failure while uncited and a failure once cited."""
    assert rule_id in ALL_IDS, f"{rule_id} is not an id of RULES.md"
    if not cited_in(rule_id, SOURCES):
        pytest.xfail(f"{rule_id} is still uncited: {PENDING[rule_id] or 'pending'}")
    pytest.fail(f"{rule_id} is cited by a test now: take it off tests/rule_ids_pending.txt")


@pytest.mark.skipif(not RULES_MD.exists(), reason="the rule catalogue is not on this machine")
def test_rule_id_list_matches_the_catalogue() -> None:
    """tests/rule_ids.txt is what tools/rule_ids.py reads from RULES.md today."""
    spec = importlib.util.spec_from_file_location("rule_ids_tool", ROOT / "tools" / "rule_ids.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.defined_ids(RULES_MD.read_text("utf-8")) == ALL_IDS
