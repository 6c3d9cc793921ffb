"""The gettext catalogue: every message of the code has its Italian, translations
keep their placeholders, the committed .mo is the compiled .po, the map's own Italian names
win, and no message hides where the extractor cannot see it: not in an f-string, not as the
template of a refusal built at run time, not in a call Babel's parser misses."""

from __future__ import annotations

import ast
import io
import json
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.util import pathmatch

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pacific" / "text" / "locale"
PO = LOCALE / "it" / "LC_MESSAGES" / "pacific.po"
MO = LOCALE / "it" / "LC_MESSAGES" / "pacific.mo"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "N_": None, "Nn_": (1, 2)}


def _catalogue() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f)


# Read once for the module: the tests only read them (a catalogue of 2,000 messages takes
# a quarter of a second to parse, the extraction of the whole source several seconds).
@pytest.fixture(scope="module")
def catalogue() -> Catalog:
    return _catalogue()


@pytest.fixture(scope="module")
def extracted() -> dict[tuple[str | None, str], int]:
    return _extracted()


def _mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, object]]]:
    with (LOCALE / "babel.cfg").open(encoding="utf-8") as f:
        return parse_mapping_cfg(f)


def _extracted() -> dict[tuple[str | None, str], int]:
    """(context, msgid) -> how many times, for every message the source holds, extracted the
    way scripts/i18n extracts it (same mapping file, same keywords)."""
    method_map, options_map = _mapping()
    found: dict[tuple[str | None, str], int] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        msgid = message[0] if isinstance(message, tuple) else message
        found[(context, msgid)] = found.get((context, msgid), 0) + 1
    return found


def placeholders(text: str) -> set[str]:
    """The {names} of a str.format template ("{{" is a literal brace)."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None}


def placeholder_problems(message: Message) -> list[str]:
    """What a translation does wrong with placeholders: one it drops, or one it invents."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    wanted = set().union(*(placeholders(i) for i in ids))
    problems = []
    for form in forms:
        got = placeholders(form)
        if got - wanted:
            problems.append(f"{message.id!r}: the translation adds {sorted(got - wanted)}")
        if len(ids) == 1 and wanted - got:
            problems.append(f"{message.id!r}: the translation drops {sorted(wanted - got)}")
    # The plural form of a plural message must keep every placeholder.
    if len(ids) == 2 and wanted - placeholders(forms[-1]):
        problems.append(f"{message.id!r}: the plural drops "
                            f"{sorted(wanted - placeholders(forms[-1]))}")
    return problems


def test_placeholder_check_can_fail() -> None:
    assert placeholder_problems(Message("No rule is called {rule_id}.",
                                        "Nessuna regola si chiama {regola}.")) != []
    assert placeholder_problems(Message("{count} rules", "regole")) != []
    assert placeholder_problems(Message("Rules", "Regole {extra}")) != []
    assert placeholder_problems(Message(("{count} rule", "{count} rules"),
                                        ("una regola", "regole"))) != []
    assert placeholder_problems(Message("{a} of {b}", "{b} di {a}")) == []


def test_every_message_of_the_code_has_its_italian(
        catalogue: Catalog, extracted: dict[tuple[str | None, str], int]) -> None:
    """Extracting the source now finds no message that the Italian catalogue lacks, leaves
    untranslated or marks fuzzy (a stale .po after a text changed fails here)."""
    assert len(extracted) > 700, "the extractor found too few messages: is babel.cfg right?"
    lacking = []
    for context, msgid in extracted:
        message = catalogue.get(msgid, context=context)
        forms = () if message is None else (
            message.string if isinstance(message.string, tuple) else (message.string,))
        if message is None or message.fuzzy or not all(forms):
            lacking.append(msgid if context is None else f"{context}|{msgid}")
    assert lacking == [], (
        f"{len(lacking)} messages lack an Italian translation (run bash scripts/i18n and "
        f"translate pacific/text/locale/it/LC_MESSAGES/pacific.po): {lacking[:10]}")


def test_translations_keep_their_placeholders(catalogue: Catalog) -> None:
    problems = [p for message in catalogue if message.id and message.string
                for p in placeholder_problems(message)]
    assert problems == []


def test_the_committed_mo_is_the_compiled_po(catalogue: Catalog) -> None:
    """A fresh `pip install -e .` needs no build step, so the .mo is committed; it must be
    exactly what `bash scripts/i18n compile` makes of the .po."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    assert MO.read_bytes() == compiled.getvalue(), "pacific.mo is stale: run bash scripts/i18n"


def test_the_maps_own_italian_names_win(catalogue: Catalog) -> None:
    """Where maps/pacific/board.json gives a territory an Italian name of its own, the
    catalogue translates the English name to exactly that (so both paths agree)."""
    board = json.loads((ROOT / "maps" / "pacific" / "board.json").read_text("utf-8"))
    for territory in board["territories"]:
        en, it = territory["names"]["en"], territory["names"]["it"]
        message = catalogue.get(en)
        assert message is not None and message.string, f"{en} is not in the catalogue"
        if it != en:
            assert message.string == it, f"{en}: the map says {it!r}"


def _gettext_calls_in_fstrings(source: str) -> list[int]:
    names = set(KEYWORDS)
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)
                        and inner.func.id in names):
                    lines.append(inner.lineno)
    return lines


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel's extractor cannot see _("...") inside an f-string: such a message would never
    reach the catalogue and would stay English for ever."""
    assert _gettext_calls_in_fstrings('x = f"{_(\'Rule\')} {y}"') != []
    found = {str(path.relative_to(ROOT)): lines
             for path in sorted((ROOT / "pacific").rglob("*.py"))
             if (lines := _gettext_calls_in_fstrings(path.read_text("utf-8")))}
    assert found == {}


@pytest.mark.parametrize("term", [
    "Movimento di Combattimento", "zona marina", "Assalto Anfibio",
    "Pattuglia Aerea di Combattimento", "Centro Convoglio", "Movimento di Non Combattimento",
    "Risoluzione del Combattimento", "Missioni di Bombardamento Strategico",
    "Carta di Produzione Nazionale", "Complesso Industriale",
])
def test_the_italian_uses_the_rulebooks_terms(term: str, catalogue: Catalog) -> None:
    """The rulebook's own names for its concepts appear in the Italian text."""
    assert any(term in (m.string if isinstance(m.string, str) else " ".join(m.string))
               for m in catalogue if m.id)


def _keywords_of(path: str) -> dict[str, object]:
    """The keywords Babel uses for a source file: the default ones and its section's own
    (the first section of babel.cfg whose pattern matches, as Babel picks it)."""
    method_map, options_map = _mapping()
    for pattern, _method in method_map:
        if pathmatch(pattern, path):
            extra = options_map.get(pattern, {}).get("keywords", {})
            return {**KEYWORDS, **extra}  # type: ignore[dict-item]
    return {}


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _positions(spec: object) -> list[int]:
    """The 1-based argument positions a Babel keyword spec reads (a context position too)."""
    if spec is None:
        return [1]
    if isinstance(spec, int):
        return [spec]
    return [p[0] if isinstance(p, tuple) else p for p in spec]  # type: ignore[union-attr]


def _marked_constants(tree: ast.Module) -> set[str]:
    """Module-level names assigned a marked message (X = N_("..."), plural(...), Nn_(...))."""
    names = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                _call_name(node.value) in ("N_", "Nn_", "plural"):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def template_problems(source: str, keywords: dict[str, object]) -> list[str]:
    """Where a message argument is not something Babel extracts: an f-string, a
    concatenation or a computed value, instead of a plain string, a marked call (N_, plural)
    or a name that is a marked constant or the parameter of a helper that passes its own
    template on (``_refuse(rule, template, **values)``), or another message's template."""
    tree = ast.parse(source)
    constants = _marked_constants(tree)
    problems = []

    def visit(node: ast.AST, params: set[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            own = {a.arg for a in (*node.args.posonlyargs, *node.args.args,
                                   *node.args.kwonlyargs)}
            for child in ast.iter_child_nodes(node):
                visit(child, own)
            return
        if isinstance(node, ast.Call) and (name := _call_name(node)) in keywords:
            for position in _positions(keywords[name]):
                if position > len(node.args):
                    continue
                arg = node.args[position - 1]
                fine = (isinstance(arg, ast.Constant) and isinstance(arg.value, str)) or \
                    (isinstance(arg, ast.Call) and _call_name(arg) in ("N_", "plural")) or \
                    (isinstance(arg, ast.Name) and (arg.id in constants or arg.id in params)) \
                    or (isinstance(arg, ast.Attribute) and arg.attr == "template")
                if not fine:
                    problems.append(f"line {node.lineno}: {name}() argument {position} is "
                                    f"{type(arg).__name__}, not a plain message")
        for child in ast.iter_child_nodes(node):
            visit(child, params)

    visit(tree, set())
    return problems


TEMPLATE_KEYWORDS = {"IllegalAction": (2,), "SaveFileError": (1,), "N_": None,
                     "_": None, "plural": (1, 2)}


def test_template_check_can_fail() -> None:
    assert template_problems('raise IllegalAction("R-1", f"{x} is wrong")',
                             TEMPLATE_KEYWORDS) != []
    assert template_problems('raise IllegalAction("R-1", "a" + b)', TEMPLATE_KEYWORDS) != []
    assert template_problems('raise SaveFileError(str(exc))', TEMPLATE_KEYWORDS) != []
    assert template_problems('raise IllegalAction("R-1", "{x} is wrong", x=1)',
                             TEMPLATE_KEYWORDS) == []
    assert template_problems('X = N_("a")\nraise IllegalAction("R-1", X)',
                             TEMPLATE_KEYWORDS) == []
    assert template_problems('def f(rule, t):\n    return IllegalAction(rule, t)',
                             TEMPLATE_KEYWORDS) == []
    assert template_problems('raise IllegalAction("R-1", plural("{count} a", "{count} b"))',
                             TEMPLATE_KEYWORDS) == []


# Functions that translate a message already marked (a table's entry): their argument may be
# a variable. Every other keyword marks a message, which must be written out.
TRANSLATING = ("_", "gettext", "ngettext", "pgettext")


def test_every_message_argument_is_a_plain_string() -> None:
    """Messages are ids: every refusal, error and marked string the
    extractor reads is a literal, never built at run time (an f-string's text would reach no
    catalogue, or only in pieces)."""
    found = {}
    for path in sorted((ROOT / "pacific").rglob("*.py")):
        relative = str(path.relative_to(ROOT))
        keywords = {k: v for k, v in _keywords_of(relative).items() if k not in TRANSLATING}
        if problems := template_problems(path.read_text("utf-8"), keywords):
            found[relative] = problems
    assert found == {}


def _literal_messages(source: str, keywords: dict[str, object]) -> set[str]:
    """Every literal string passed where a keyword's spec reads a message (the msgid of a
    plural pair), found with Python's own parser."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and (name := _call_name(node)) in keywords:
            spec = keywords[name]
            positions = _positions(spec)
            if isinstance(spec, tuple) and spec and isinstance(spec[0], tuple):
                positions = positions[1:]  # pgettext: the context is not the msgid
            first = positions[0]
            if first <= len(node.args):
                arg = node.args[first - 1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(arg.value)
    return out


def test_babel_extracts_every_literal_message(
        extracted: dict[tuple[str | None, str], int]) -> None:
    """Babel reads Python with its own tokenizer, which misses some nested calls (a message
    inside a conditional expression in another call's arguments): every message Python's
    parser finds must be in the extraction."""
    msgids = {msgid for _context, msgid in extracted}
    missing = {}
    for path in sorted((ROOT / "pacific").rglob("*.py")):
        relative = str(path.relative_to(ROOT))
        lost = _literal_messages(path.read_text("utf-8"), _keywords_of(relative)) - msgids
        if lost:
            missing[relative] = sorted(lost)
    assert missing == {}
