"""The main window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QWidget

from pacific import APP_NAME, __version__

NATURAL_EARTH_CREDIT = "Made with Natural Earth; generalized by the QGIS project."


class MainWindow(QMainWindow):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        label = QLabel(f"<h1>{APP_NAME}</h1><p>Axis &amp; Allies Pacific (2001)</p>")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCentralWidget(label)
        self._build_menus()

    def _build_menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        game.addAction(quit_action)
        help_menu = self.menuBar().addMenu("&Help")
        about = QAction(f"&About {APP_NAME}", self)
        about.triggered.connect(self.show_about)
        help_menu.addAction(about)

    def about_text(self) -> str:
        return (
            f"<h2>{APP_NAME} {__version__}</h2>"
            "<p>The board game Axis &amp; Allies Pacific (2001), every rule enforced, "
            "on a map of the real Pacific theatre.</p>"
            f"<p>{NATURAL_EARTH_CREDIT}</p>"
        )

    def show_about(self) -> None:
        QMessageBox.about(self, f"About {APP_NAME}", self.about_text())
