"""The gettext catalogue (issue 17): every message of the code has its Italian, translations
keep their placeholders, the committed .mo is the compiled .po, the map's own Italian names
win, and no message hides where the extractor cannot see it."""

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

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pacific" / "text" / "locale"
PO = LOCALE / "it" / "LC_MESSAGES" / "pacific.po"
MO = LOCALE / "it" / "LC_MESSAGES" / "pacific.mo"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "N_": None, "Nn_": (1, 2)}


def _catalogue() -> Catalog:
    with PO.open("rb") as f:
        return read_po(f)


def _extracted() -> dict[tuple[str | None, str], int]:
    """(context, msgid) -> how many times, for every message the source holds, extracted the
    way scripts/i18n extracts it (same mapping file, same keywords)."""
    with (LOCALE / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
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


def test_every_message_of_the_code_has_its_italian() -> None:
    """Extracting the source now finds no message that the Italian catalogue lacks, leaves
    untranslated or marks fuzzy (a stale .po after a text changed fails here)."""
    catalogue = _catalogue()
    extracted = _extracted()
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


def test_translations_keep_their_placeholders() -> None:
    problems = [p for message in _catalogue() if message.id and message.string
                for p in placeholder_problems(message)]
    assert problems == []


def test_the_committed_mo_is_the_compiled_po() -> None:
    """A fresh `pip install -e .` needs no build step, so the .mo is committed; it must be
    exactly what `bash scripts/i18n compile` makes of the .po."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue())
    assert MO.read_bytes() == compiled.getvalue(), "pacific.mo is stale: run bash scripts/i18n"


def test_the_maps_own_italian_names_win() -> None:
    """Where maps/pacific/board.json gives a territory an Italian name of its own, the
    catalogue translates the English name to exactly that (so both paths agree)."""
    catalogue = _catalogue()
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
def test_the_italian_uses_the_rulebooks_terms(term: str) -> None:
    """The rulebook's own names for its concepts appear in the Italian text (issue 17)."""
    assert any(term in (m.string if isinstance(m.string, str) else " ".join(m.string))
               for m in _catalogue() if m.id)
