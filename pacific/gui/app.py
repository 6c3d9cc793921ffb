"""Starting the Qt application and its main window."""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from pacific import APP_NAME, __version__
from pacific.gui.main_window import MainWindow


def make_application(argv: list[str] | None = None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Pacific")
    return app


def run_gui(game_path: str | None = None, screenshot: str | None = None) -> int:
    app = make_application()
    window = MainWindow()
    window.resize(1280, 800)
    window.show()
    if screenshot:
        def grab() -> None:
            ok = window.grab().save(screenshot)
            if not ok:
                print(f"pacific: could not write {screenshot}", file=sys.stderr)
            app.exit(0 if ok else 1)

        QTimer.singleShot(200, grab)
    return app.exec()
