"""A window saved on a much larger screen (Qt refuses to restore a geometry saved on a screen
more than a quarter wider or narrower) opens filling the free screen, as a first window does:
not at Qt's default of two thirds of it, with the map small and the side panel cramped."""

from __future__ import annotations

import struct
from pathlib import Path

from gui_helpers import close_quietly
from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from pacific.gui.autosave import Autosave
from pacific.gui.settings import Preferences


def _prefs(tmp_path: Path) -> tuple[Preferences, Autosave]:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    prefs.handover_screen = False
    return prefs, Autosave(tmp_path / "autosaves", settings)


def _saved(width: int, height: int, screen_width: int) -> QByteArray:
    """The geometry a window of ``width`` x ``height`` saves on a screen ``screen_width``
    wide (the field after the rectangles, the screen number and two flags)."""
    widget = QWidget()
    widget.setGeometry(0, 0, width, height)
    data = bytearray(widget.saveGeometry().data())
    widget.deleteLater()
    data[46:50] = struct.pack(">i", screen_width)
    return QByteArray(bytes(data))


def test_a_window_saved_on_a_larger_screen_opens_filling_this_one(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    import pacific.gui.app as app

    free = QApplication.primaryScreen().availableGeometry()
    prefs, autosave = _prefs(tmp_path)
    prefs.save_geometry(_saved(free.width() * 2, free.height() * 2, free.width() * 2),
                        QByteArray())
    window = app.start_window(None, autosave, offer_restore=False, prefs=prefs)
    try:
        assert window.width() >= free.width() - 20
        assert window.height() >= free.height() - 60
    finally:
        close_quietly(window)


def test_a_window_saved_smaller_than_the_screen_keeps_its_size(qtbot: QtBot,
                                                               tmp_path: Path) -> None:
    import pacific.gui.app as app

    free = QApplication.primaryScreen().availableGeometry()
    width, height = free.width() // 2, free.height() // 2
    prefs, autosave = _prefs(tmp_path)
    prefs.save_geometry(_saved(width, height, free.width()), QByteArray())
    window = app.start_window(None, autosave, offer_restore=False, prefs=prefs)
    try:
        assert (window.width(), window.height()) == (width, height)
    finally:
        close_quietly(window)
