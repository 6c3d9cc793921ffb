"""The grammar a name needs in an Italian sentence: its article, its gender and number, and the
prepositions joined to the article ("del Giappone", "negli Stati Uniti", "nella Zona marina
35", "in Cina", "a Wake").

A name shown in Italian is a `Name`: a ``str`` that reads as the bare name, so that English
templates and any code that only shows it are unchanged, and that a translation may ask for a
form through the placeholder's format spec::

    "{nation:Il} {nation:ha|hanno} spostato {units} {path}"   # "Gli Stati Uniti hanno spostato"
    "Battaglia {space:in}: ..."                                # "Battaglia nelle Isole Aleutine"

The specs: ``il`` the name with its article; ``di``, ``a``, ``da``, ``in``, ``su`` the
preposition joined to it; a capital first letter (``Il``, ``In``) capitalises the result (a
sentence's start); ``sg|pl`` the word that agrees in number; ``msg|fsg|mpl|fpl`` the word that
agrees in gender and number. The article and how "in" goes with the name are not guessed from
the word's ending: `pacific.text.grammar_table` says them name by name.

An English template asks for the possessive by ``'s``: "{turn:'s} turn" reads "Japan's turn",
and "United States' turn" for a name ending in s.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pacific.text.grammar_table import NAMES, NameGrammar
from pacific.text.language import DEFAULT_LANGUAGE, active_language, gettext

PREPOSITIONS = ("di", "a", "da", "in", "su")
POSSESSIVE = "'s"
# A preposition's stem before an article's tail: di + il -> "de" + "l" = "del".
_STEMS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_TAILS = {"il": "l", "lo": "llo", "l'": "ll'", "la": "lla", "i": "i", "gli": "gli",
          "le": "lle"}
_PLURAL_ARTICLES = ("i", "gli", "le")
_FEMININE_ARTICLES = ("la", "le")
# A name with no entry: no article, every preposition as it is ("in Kwajalein").
_BARE = NameGrammar("", "m", "in")


def possessive(name: str) -> str:
    """English's possessive: "Japan's", "United States'" (a name ending in s)."""
    return name + ("'" if name.endswith("s") else "'s")


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _joined(article: str, name: str) -> str:
    return f"{article}{name}" if article.endswith("'") else f"{article} {name}"


@dataclass(frozen=True)
class _Word:
    """One name's forms."""

    text: str
    grammar: NameGrammar

    @property
    def plural(self) -> bool:
        return self.grammar.article in _PLURAL_ARTICLES

    @property
    def feminine(self) -> bool:
        return self.grammar.gender == "f" or self.grammar.article in _FEMININE_ARTICLES

    def form(self, spec: str) -> str:
        article = self.grammar.article
        if spec == "il":
            return _joined(article, self.text) if article else self.text
        if spec == "in" and self.grammar.in_form != "art":
            # Countries and regions take "in" alone ("in Cina"), small islands and cities
            # "a" ("a Wake").
            return f"{self.grammar.in_form} {self.text}"
        if not article:
            return f"{spec} {self.text}"
        return _joined(_STEMS[spec] + _TAILS[article], self.text)


class Name(str):
    """A name (or names joined by "e") that an Italian template can ask for its forms; as a
    string it is the bare name."""

    _words: tuple[_Word, ...]

    def __new__(cls, text: str, words: Iterable[_Word] = ()) -> Name:
        made = super().__new__(cls, text)
        made._words = tuple(words) or (_Word(text, _BARE),)
        return made

    @property
    def plural(self) -> bool:
        return len(self._words) > 1 or self._words[0].plural

    @property
    def feminine(self) -> bool:
        return all(w.feminine for w in self._words)

    def form(self, spec: str) -> str:
        """The form a format spec asks for (see the module's docstring); an empty or unknown
        spec formats the bare name as a string would."""
        if spec == POSSESSIVE:
            return possessive(str(self))
        if "|" in spec:
            forms = spec.split("|")
            if len(forms) == 4:
                return forms[(2 if self.plural else 0) + (1 if self.feminine else 0)]
            return forms[-1] if self.plural else forms[0]
        lower = spec.lower()
        if lower != "il" and lower not in PREPOSITIONS:
            return str.__format__(str(self), spec)
        text = join_names([w.form(lower) for w in self._words])
        return _capitalised(text) if spec[:1].isupper() else text

    def __format__(self, spec: str) -> str:
        return self.form(spec)


_ARTICLE_STARTS = ("Il ", "Lo ", "La ", "L'", "I ", "Gli ", "Le ")


def within(text: str) -> str:
    """A sentence that goes on inside another (after a semicolon, as a value of a message):
    an Italian article that began it in capitals now in lower case ("...; gli Stati Uniti
    hanno perso ...")."""
    if active_language() != DEFAULT_LANGUAGE and text.startswith(_ARTICLE_STARTS):
        return text[:1].lower() + text[1:]
    return text


def join_names(parts: Iterable[str]) -> str:
    """"A e B" (the conjunction from the catalogue)."""
    return gettext(" and ").join(parts)


def italian_name(text: str) -> Name:
    """``text``, an Italian name, with its grammar from the table (bare when it has none)."""
    grammar = NAMES.get(text)
    if grammar is None and text.startswith("Zona marina "):
        grammar = NAMES["Zona marina"]
    return Name(text, [_Word(text, grammar or _BARE)])


def names_together(names: Iterable[str]) -> Name:
    """Names joined by "e" as one plural subject: "il Giappone e la Cina attaccano"."""
    items = [n if isinstance(n, Name) else Name(n) for n in names]
    words = [w for n in items for w in n._words]
    return Name(join_names(items), words)


def is_form(spec: str) -> bool:
    """Whether a format spec asks for a name's form rather than a string's format."""
    return "|" in spec or spec == POSSESSIVE or spec.lower() == "il" \
        or spec.lower() in PREPOSITIONS


class _Formatter(string.Formatter):
    def format_field(self, value: object, format_spec: str) -> str:
        if is_form(format_spec) and isinstance(value, str) and not isinstance(value, Name):
            value = Name(value)  # a name with no grammar known: bare, never an error
        return format(value, format_spec)


_FORMATTER = _Formatter()


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with its placeholders filled; a name's form asked of a value that is a
    plain string gives the bare string with its preposition, never an error."""
    return _FORMATTER.vformat(template, (), values)


__all__ = ["Name", "fill", "is_form", "italian_name", "join_names", "names_together", "within"]
