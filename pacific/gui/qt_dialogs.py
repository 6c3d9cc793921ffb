"""Qt's message box and file dialog, imported when a question, a warning or a file dialog is
first shown: a start shows none, and importing either class has PySide6 make its Python enum
classes (the message box's four with the dialog's one, the file dialog's five), about half a
millisecond each (docs/performance.md). `tests/test_gui_startup.py` keeps them out of the
first paint."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QFileDialog, QMessageBox


def message_box() -> type[QMessageBox]:
    """Qt's message box class."""
    from PySide6.QtWidgets import QMessageBox

    return QMessageBox


def file_dialog() -> type[QFileDialog]:
    """Qt's file dialog class."""
    from PySide6.QtWidgets import QFileDialog

    return QFileDialog
