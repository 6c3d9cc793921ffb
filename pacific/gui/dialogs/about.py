"""Help ▸ About: what Pacific is, and the facts a bug report needs: Pacific's version, the Qt
and Python it runs on, whether it is the bundled build, and where the autosaves and the map
are on this computer. "Copy details" puts those facts on the clipboard as plain text."""

from __future__ import annotations

import html
import platform
import sys
from pathlib import Path

import PySide6
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pacific import APP_NAME, __version__
from pacific.gui.autosave import Autosave, default_directory
from pacific.rules.errors import MapError
from pacific.rules.files.maps import DEFAULT_MAP_ID, find_map
from pacific.text import N_, _

# Translated when shown (gettext of the constant).
NATURAL_EARTH_CREDIT = N_("Made with Natural Earth; generalized by the QGIS project.")
TRADEMARK_NOTE = N_("Axis & Allies is a trademark of its owners; Pacific is an independent "
                    "fan project and ships no text or artwork of the original game.")


def build_kind() -> str:
    """How this copy runs: the bundled build (PyInstaller sets ``sys.frozen``) or Python."""
    return _("bundled build") if getattr(sys, "frozen", False) else \
        _("Python package ({prefix})").format(prefix=sys.prefix)


def map_folder() -> str:
    try:
        return str(find_map(DEFAULT_MAP_ID))
    except MapError as exc:
        return _("not found: {problem}").format(problem=exc)


def about_details(autosave_folder: Path, current: Path | None = None) -> list[tuple[str, str]]:
    """The facts shown under the title, as (label, value) pairs in display order. Every game
    has its own autosave in ``autosave_folder``; ``current`` is this game's, once written."""
    if current is not None and current.exists():
        where = _("{folder} (this game: {file})").format(folder=autosave_folder,
                                                         file=current.name)
    else:
        where = _("{folder} (this game's is written after its first action)").format(
            folder=autosave_folder)
    return [
        (_("Version"), f"{APP_NAME} {__version__}, {build_kind()}"),
        ("Qt", f"{qVersion()} (PySide6 {PySide6.__version__})"),
        ("Python", f"{platform.python_version()} ({platform.python_implementation()})"),
        (_("System"), platform.platform(terse=True)),
        (_("Autosaves"), where),
        (_("Map"), map_folder()),
    ]


class AboutDialog(QDialog):
    """The About box. ``autosave`` is the window's autosave (None: the default place)."""

    def __init__(self, autosave: Autosave | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("About {app}").format(app=APP_NAME))
        self.autosave_folder = autosave.directory if autosave is not None \
            else default_directory()
        self.details = about_details(self.autosave_folder,
                                     autosave.path if autosave is not None else None)
        layout = QVBoxLayout(self)
        rows = "".join(f"<tr><td><b>{html.escape(label)}</b>&nbsp;&nbsp;</td>"
                       f"<td>{html.escape(value)}</td></tr>" for label, value in self.details)
        what = _("The board game Axis & Allies Pacific (2001), every rule enforced, on a map "
                 "of the real Pacific theatre.")
        credit, note = _(NATURAL_EARTH_CREDIT), _(TRADEMARK_NOTE)
        self.text = QLabel(
            f"<h2>{APP_NAME} {__version__}</h2>"
            f"<p>{html.escape(what)}</p>"
            f"<table>{rows}</table>"
            f"<p>{html.escape(credit)}</p>"
            f"<p><small>{html.escape(note)}</small></p>")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.text)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self.copy_button = QPushButton(_("&Copy details"))
        self.copy_button.setToolTip(_("Copy the versions and folders, to paste into a bug report"))
        self.copy_button.clicked.connect(self.copy_details)
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_button = QPushButton(_("Open the &autosave folder"))
        self.folder_button.clicked.connect(self.open_autosave_folder)
        # Before the first autosave the folder may not exist yet: nothing to open.
        self.folder_button.setEnabled(self.autosave_folder.is_dir())
        self.buttons.addButton(self.folder_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(520)

    def details_text(self) -> str:
        return "\n".join(f"{label}: {value}" for label, value in self.details)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details_text())

    def open_autosave_folder(self) -> bool:
        return QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.autosave_folder)))
