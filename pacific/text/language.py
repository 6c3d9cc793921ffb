"""The active language and the gettext functions every layer above the rules uses.

Catalogues are gettext files compiled with Babel (``pacific/text/locale/<lang>/LC_MESSAGES/
pacific.mo``; ``bash scripts/i18n`` updates them). The English text is the message id, so
English needs no catalogue and a string nobody has translated yet shows in English.

The language is chosen, in order, by an explicit choice (``pacific --lang it``, the GUI's
Preferences) or by the system locale, read the way gettext reads it: ``LANGUAGE`` (a
colon-separated list), then the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "pacific"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DEFAULT_LANGUAGE = "en"
# Language code -> its name in that language, as a language menu shows it.
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano"}
# A Preferences value meaning "follow the system locale".
SYSTEM = "system"

_active = DEFAULT_LANGUAGE
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
_loaded: dict[str, _gettext.NullTranslations] = {}


def language_of_locale(value: str) -> str | None:
    """The language code of a locale name ("it_IT.UTF-8" -> "it", "C" -> "en"), or None when
    the locale's language is not one Pacific speaks."""
    name = value.strip().split(".")[0].split("@")[0]
    if name in ("C", "POSIX"):
        return DEFAULT_LANGUAGE
    code = name.replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system locale asks for, English when it names none Pacific has."""
    env = os.environ if environ is None else environ
    for entry in env.get("LANGUAGE", "").split(":"):
        code = language_of_locale(entry) if entry else None
        if code is not None:
            return code
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:  # the first one set decides, as in POSIX
            return language_of_locale(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _translations(code: str) -> _gettext.NullTranslations:
    if code == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    if code not in _loaded:
        # The standard library reads the compiled catalogue (Babel, which writes it, is not
        # imported: a start in Italian need not wait for it).
        catalogue = _gettext.translation(DOMAIN, str(LOCALE_DIR), [code], fallback=True)
        if not isinstance(catalogue, _gettext.GNUTranslations):
            raise FileNotFoundError(
                f"no compiled catalogue for {code!r} in {LOCALE_DIR} "
                f"(expected {code}/LC_MESSAGES/{DOMAIN}.mo; run bash scripts/i18n)")
        _loaded[code] = catalogue
    return _loaded[code]


def set_language(code: str | None = None) -> str:
    """Make ``code`` ("en", "it") the active language; None or "system" follows the system
    locale. Returns the code now active.

    Raises:
        ValueError: naming the code and the languages there are, for an unknown code.
        FileNotFoundError: the compiled catalogue of that language is missing.
    """
    global _active, _catalogue
    if code is None or code == SYSTEM:
        code = system_language()
    if code not in LANGUAGES:
        known = ", ".join(sorted(LANGUAGES))
        raise ValueError(f"unknown language {code!r} (Pacific speaks: {known})")
    _catalogue = _translations(code)
    _active = code
    return code


def active_language() -> str:
    """The code of the language text is produced in now."""
    return _active


@contextmanager
def using_language(code: str) -> Iterator[str]:
    """Switch to ``code`` for the ``with`` block, then back (screenshots, tests, exports)."""
    before = _active
    set_language(code)
    try:
        yield code
    finally:
        set_language(before)


def gettext(message: str) -> str:
    """``message`` (English, the message id) in the active language."""
    return _catalogue.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the active language's plural rule."""
    return _catalogue.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the active language, told apart from the same English in another
    ``context`` (a word that has two Italian translations)."""
    return _catalogue.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (module-level tables,
    translated when shown with ``gettext``)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for the catalogue; translate it later with ``ngettext``."""
    return singular, plural


_ = gettext
