"""Qt's own words in the player's language: the standard buttons (OK, Cancel, Save, Discard,
Yes, No, Close), the file dialogs and the text boxes' context menus come from Qt's
translations (``qtbase_it.qm``, shipped with PySide6), not from Pacific's catalogue.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from pacific.text import DEFAULT_LANGUAGE, active_language

_installed: list[QTranslator] = []  # the translator in use, kept alive while it is installed


def install_qt_translations(app: QCoreApplication, language: str | None = None) -> bool:
    """Make Qt speak ``language`` (default: Pacific's active language). Returns whether Qt
    has translations for it; without them (or for English) Qt speaks English."""
    code = language or active_language()
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    if code == DEFAULT_LANGUAGE:
        return True
    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(QLocale(code), "qtbase", "_", folder):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    return True


__all__ = ["install_qt_translations"]
