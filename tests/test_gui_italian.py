"""The whole window in Italian: menus, the turn panel, the side panel, the docks,
the dialogs and Qt's own buttons speak the active language, and no visible text of the built
window is an English literal the catalogue does not translate. Mini board, offscreen."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from gui_helpers import make_window
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialogButtonBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QMenu,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from pacific.gui.dialogs.new_game import NewGameDialog
from pacific.gui.dialogs.preferences import PreferencesDialog
from pacific.gui.main_window import MainWindow
from pacific.gui.qt_language import install_qt_translations
from pacific.rules.engine import Game
from pacific.text import set_language

# Texts that read the same in English and Italian: names, abbreviations, words Italian
# borrows. Anything else seen in both windows is an English literal left untranslated.
SAME_IN_BOTH = {
    "Pacific", "IPC", "Kamikaze", "Kamikaze…", "OK", "Ctrl", "Zoom", "Marines",
    "India",
    "Australia", "Guam", "Wake", "Midway", "Hawaii", "Okinawa", "Iwo Jima", "Borneo",
    "Sumatra", "Java", "Celebes", "Ceylon", "Malaya", "Burma", "Shanghai", "Formosa",
}
TAG = re.compile(r"<[^>]+>|&nbsp;|&amp;")


def _plain(text: str) -> str:
    """The words a player reads: without HTML tags, mnemonics' "&" and shortcuts."""
    text = TAG.sub(" ", text).replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split("\t")[0].split()).strip("■▶✖ ")


def visible_texts(window: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every action, menu, label, button, group, tab and dock title of
    ``window`` and its tooltips."""
    for menu in window.findChildren(QMenu):
        yield "menu", menu.title()
        for action in menu.actions():
            if not action.isSeparator():
                yield "action", action.text()
                yield "action tooltip", action.toolTip()
    for widget in window.findChildren(QWidget):
        kind = type(widget).__name__
        if isinstance(widget, QLabel | QAbstractButton):
            yield kind, widget.text()
        elif isinstance(widget, QGroupBox):
            yield kind, widget.title()
        elif isinstance(widget, QDockWidget):
            yield kind, widget.windowTitle()
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                yield "tab", widget.tabText(i)
        yield f"{kind} tooltip", widget.toolTip()


def _words(texts: Iterator[tuple[str, str]]) -> dict[str, str]:
    """Plain text -> where it was seen, for the texts with a word in them."""
    return {plain: where for where, text in texts
            if re.search(r"[A-Za-z]{2,}", plain := _plain(text))}


def _window(qtbot: QtBot, tmp_path: Path, language: str) -> MainWindow:
    from scenario import board

    set_language(language)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_qt_translations(app)
    game = Game(board("mini"))
    folder = tmp_path / language
    folder.mkdir()
    window = make_window(qtbot, folder, game, game.new_game(players=3, seed=5))
    if window.dialogs.convoy is not None:  # R-SETUP-8: the split comes first, modal
        window.dialogs.convoy.accept()
    return window


def _back_to_english() -> None:
    set_language("en")
    app = QApplication.instance()
    assert app is not None
    install_qt_translations(app)


def test_the_main_window_in_italian(qtbot: QtBot, tmp_path: Path) -> None:
    """Menus, the turn panel, the side panel's tabs and a dialog's buttons in Italian."""
    try:
        window = _window(qtbot, tmp_path, "it")
        titles = [a.text() for a in window.menuBar().actions()]
        assert titles[:5] == ["&Partita", "&Modifica", "&Turno", "&Visualizza", "&Aiuto"]
        assert window.menus.new_game.text() == "&Nuova partita…"
        assert window.menus.battle_board.text() == "&Plancia di combattimento"
        assert window.menus.edit_mode.text() == "&Modalità correzione"
        panel = window.turn_panel
        assert "Giro 1" in panel.title.text() and "giocatore" in panel.title.text()
        assert panel.next_button.text().startswith("Fase successiva")
        assert panel.buy_button.text().startswith("Acquista unità")
        tabs = window.side.tabs
        assert [tabs.tabText(i) for i in range(tabs.count())] == [
            "Produzione", "Da piazzare", "Convogli"]
        dialog = NewGameDialog({}, window)
        qtbot.addWidget(dialog)
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        assert cancel.text().replace("&", "") == "Annulla"  # Qt's own word, from qtbase_it
        assert dialog.windowTitle() == "Nuova partita" and dialog.three.text() == "3 giocatori"
        prefs = PreferencesDialog(window.prefs, window)
        qtbot.addWidget(prefs)
        assert prefs.windowTitle() == "Preferenze"
        assert "riavvio" in prefs.language_note.text() or "avvio" in prefs.language_note.text()
    finally:
        _back_to_english()


def test_no_english_literal_is_left_in_the_italian_window(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    """Every text of the built window in Italian differs from the English window's texts,
    except names that are the same in both languages (SAME_IN_BOTH and the board's)."""
    try:
        english_window = _window(qtbot, tmp_path, "en")
        english_window.menus.odds.trigger()  # the docks shown once, as a player opens them
        english = _words(visible_texts(english_window))
        board = english_window.controller.board
        names = {board.name(s) for s in [*board.territory_by_id, *board.sea_zone_by_id]}
        english_window.close()
        italian_window = _window(qtbot, tmp_path, "it")
        italian_window.menus.odds.trigger()
        italian = _words(visible_texts(italian_window))
    finally:
        _back_to_english()
    assert len(italian) > 60  # the walk sees the window: menus, panels, tooltips
    left = {text: where for text, where in italian.items()
            if text in english and text not in SAME_IN_BOTH and text not in names}
    assert left == {}, f"English left in the Italian window: {left}"


def test_italian_names_shorten_as_the_english_do() -> None:
    """A cramped label abbreviates the Italian name too: the generic "Isole" first, "di"
    left out of initials."""
    from pacific.gui.map_labels import short_name

    assert short_name("Isole di Gilbert") == "IS. GILB."
    assert short_name("Isole Salomone") == "IS. SALOM."
    assert short_name("Nuova Guinea Olandese") == "N.G.O."
    assert short_name("Stato di Shan") == "S.S."
    assert short_name("Filippine") == "FILIP."
    assert short_name("Ryukyu Islands") == "RYUKYU IS."
