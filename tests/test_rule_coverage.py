"""Every rule id and worked example of RULES.md is cited, literally, by at least one test.

The list of ids lives in tests/rule_ids.txt (written by tools/rule_ids.py from RULES.md; ids
only), committed so that a fresh clone checks coverage without the catalogue; when RULES.md is
beside the repository (../shared/RULES.md) the list must match it.

A citation counts only where a test function makes it: in its name (the id in snake
case, ``test_r_sub_1_...`` for R-SUB-1), its docstring, its decorators or its body, or in a
module-level table the function names (a parametrized case list); never in a module docstring,
a helper, or a comment. Elsewhere the id is the literal id: a range ("R-BLITZ-1..5",
"R-SUB-1–3") does not count, because a search for the id would not find it. Two lists hold
the exceptions:

- tests/rule_ids_untestable.txt: ids with no observable effect in the engine, the map data or
  the GUI, each with its reason ("R-SETUP-4  reason..."). Such an id must stay uncited.
- tests/rule_ids_pending.txt: ids another pass is implementing now. While uncited they are
  reported as an expected failure; once cited the test fails until the id is taken off the
  list, so the list only shrinks.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_ids_tool", ROOT / "tools" / "rule_ids.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


RULES_MD = _tool().find_catalogue(ROOT)


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
    """True when `text` names `rule_id` itself: not R-SUB-10 for R-SUB-1, not a range; or,
    in a test function's name, the id in snake case (test_r_sub_1_first_strike)."""
    if re.search(re.escape(rule_id) + r"(?!\d|\.\.|[–-]\d)", text):
        return True
    snake = rule_id.lower().replace("-", "_")
    return re.search(r"\bdef test(?:_\w*)?_" + re.escape(snake) + r"(?![0-9])", text) \
        is not None


_ID = re.compile(r"\b(R-[A-Z]+-\d+|EX-\d+)\b")


def _strings(node: ast.AST) -> list[str]:
    """Every string written in ``node``: an id outside a comment is always inside one."""
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)]


def function_citations(source: str) -> list[str]:
    """What each test function of a test module cites: its name (as ``def name``), the strings
    of its docstring, decorators and body, and those of the module-level assignments it names.
    Comments never reach the syntax tree; module docstrings and helpers are left out."""
    tree = ast.parse(source)
    tables: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for name in (n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)):
                tables[name] = _strings(node)
    out: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and \
                    node.name.startswith("test"):
                parts = [f"def {node.name}", *_strings(node)]
                named = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                parts += [text for n in sorted(named) if n in tables for text in tables[n]]
                out.append("\n".join(parts))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body)

    visit(tree.body)
    return out


def _test_sources() -> str:
    me = Path(__file__).resolve()
    return "\n".join(
        text
        for path in sorted(TESTS.rglob("test_*.py"))
        if path.resolve() != me
        for text in function_citations(path.read_text("utf-8"))
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
    assert cited_in("R-SUB-1", "def test_r_sub_1_first_strike()")
    assert cited_in("EX-9", "def test_ex_9_queensland()")
    assert not cited_in("R-SUB-1", "def test_r_sub_10_submerge()")
    assert not cited_in("R-SUB-1", "r_sub_1 = 3")


def test_only_test_functions_cite() -> None:
    """A module docstring, a comment or a helper cites nothing; a test's name, docstring, body,
    decorator and the module-level table it names do."""
    source = '''"""R-SUB-1 in the module docstring."""
# R-SUB-2 in a comment
TABLE = [("R-SUB-3", 1)]  # R-SUB-4 beside the table
UNUSED = ["R-SUB-5"]


def helper() -> None:
    """R-SUB-6 in a helper."""


@pytest.mark.parametrize("case", TABLE)
def test_r_sub_7_named(case) -> None:
    """R-SUB-8 in the docstring."""
    assert refusal == "R-SUB-9"  # R-SUB-10 in a comment
'''
    text = "\n".join(function_citations(source))
    for cited in ("R-SUB-3", "R-SUB-7", "R-SUB-8", "R-SUB-9"):
        assert cited_in(cited, text), cited
    for uncited in ("R-SUB-1", "R-SUB-2", "R-SUB-4", "R-SUB-5", "R-SUB-6", "R-SUB-10"):
        assert not cited_in(uncited, text), uncited


def test_every_rule_id_is_cited_by_a_test() -> None:
    """Each id of RULES.md is cited by a test function, or listed as untestable or pending."""
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
    me = Path(__file__).resolve()
    tests = "\n".join(p.read_text("utf-8") for p in sorted(TESTS.rglob("*.py"))
                      if p.resolve() != me)
    package = "\n".join(p.read_text("utf-8") for p in sorted((ROOT / "pacific").rglob("*.py")))
    for where, text in (("tests", tests), ("pacific", package)):
        unknown = sorted(set(_ID.findall(text)) - known)
        assert unknown == [], f"{where} cites ids RULES.md does not define: {unknown}"


def test_pending_ids() -> None:
    """The pending list names real ids still uncited: one cited now must leave the list; while
    some are uncited the test is an expected failure."""
    for rule_id in PENDING:
        assert rule_id in ALL_IDS, f"{rule_id} is not an id of RULES.md"
        assert not cited_in(rule_id, SOURCES), \
            f"{rule_id} is cited by a test now: take it off tests/rule_ids_pending.txt"
    if PENDING:
        pytest.xfail(f"still uncited: {' '.join(PENDING)}")


@pytest.mark.skipif(RULES_MD is None, reason="RULES.md is not beside the repository "
                    "(../shared/RULES.md); tests/rule_ids.txt stands for it")
def test_rule_id_list_matches_the_catalogue() -> None:
    """tests/rule_ids.txt is what tools/rule_ids.py reads from RULES.md today."""
    assert RULES_MD is not None
    assert _tool().defined_ids(RULES_MD.read_text("utf-8")) == ALL_IDS
