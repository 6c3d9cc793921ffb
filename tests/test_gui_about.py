"""Help ▸ About: Pacific's version, the Qt and Python it runs on and where the
autosave is, opened from the Help menu of the real window; and a saved game handed over by the
system (macOS's FileOpen event) opens."""

from __future__ import annotations

import platform
from pathlib import Path

import PySide6
from gui_helpers import make_window
from PySide6.QtCore import QSettings, qVersion
from PySide6.QtGui import QFileOpenEvent, QGuiApplication
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from scenario import board

from pacific import __version__
from pacific.gui.app import FileOpenEvents
from pacific.gui.autosave import Autosave
from pacific.gui.dialogs.about import AboutDialog
from pacific.rules.engine import Game


def open_about(qtbot: QtBot, tmp_path: Path) -> AboutDialog:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=5))
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    about = next(a for a in help_menu.actions() if a.text().startswith("&About"))
    about.trigger()
    dialogs = [d for d in window.findChildren(AboutDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def test_about_shows_the_versions_and_the_autosave_file(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_about(qtbot, tmp_path)
    text = dialog.text.text()
    assert f"Pacific {__version__}" in text
    assert qVersion() in text and PySide6.__version__ in text
    assert platform.python_version() in text
    assert str(dialog.autosave_folder) in text
    assert "Natural Earth" in text


def test_copy_details_puts_a_plain_text_report_on_the_clipboard(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    dialog = open_about(qtbot, tmp_path)
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    assert copied.splitlines()[0].startswith(f"Version: Pacific {__version__}, ")
    assert f"Autosaves: {dialog.autosave_folder}" in copied
    assert "<" not in copied  # plain text, not the dialog's rich text


def test_the_autosave_folder_button_needs_the_folder(qtbot: QtBot, tmp_path: Path) -> None:
    """Before the first autosave the folder may not exist: the button is then disabled, and
    the dialog says the file is not written yet."""
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    dialog = AboutDialog(Autosave(tmp_path / "not" / "yet", settings))
    qtbot.addWidget(dialog)
    assert not dialog.folder_button.isEnabled()
    assert "written after its first action" in dialog.text.text()
    present = open_about(qtbot, tmp_path)
    present.autosave_folder.mkdir(parents=True, exist_ok=True)
    again = AboutDialog(Autosave(present.autosave_folder, settings))
    qtbot.addWidget(again)
    assert again.folder_button.isEnabled()


def test_a_file_open_event_opens_the_saved_game(qtbot: QtBot, tmp_path: Path) -> None:
    """A double-clicked save reaches a running Pacific on macOS as a FileOpen event: the
    window's files open that path (opening itself is tested in test_gui_window)."""
    opened: list[Path] = []

    class Files:   # all the event filter needs of the window: no window is built
        def open_path(self, path: Path) -> bool:
            opened.append(path)
            return True

    app = QApplication.instance()
    assert app is not None
    events = FileOpenEvents(Files())
    app.installEventFilter(events)
    try:
        QApplication.sendEvent(app, QFileOpenEvent(str(tmp_path / "game.pacific")))
        QApplication.sendEvent(app, QFileOpenEvent(""))  # nothing named: nothing opened
    finally:
        app.removeEventFilter(events)
    assert opened == [tmp_path / "game.pacific"]
