"""Regenerate docs/screenshot-main-it.png: the main window in Italian at the start of a game,
with the Turn menu (Turno) open.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python tools/italian_screenshots.py [--out docs]
        [--size 1024x700]

With --size the window has that size and the file is named screenshot-main-it-WxH.png.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gui_screenshots
from gui_screenshots import settle, start, with_dialog
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from pacific.gui.qt_language import install_qt_translations
from pacific.text import set_language

MENU = 2  # the menu shown open: Partita, Modifica, Turno...


def main() -> None:
    set_language("it")
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    install_qt_translations(app)
    out, app, _controller, window = start(__doc__)
    window.fit_map()
    settle(app, window)
    convoy = window.dialogs.convoy
    if convoy is not None:  # R-SETUP-8: Britain splits its convoy income first
        convoy.accept()
    settle(app, window)
    bar = window.menuBar()
    entry = bar.actions()[MENU]
    menu = entry.menu()
    assert menu is not None
    corner = bar.mapTo(window, bar.actionGeometry(entry).bottomLeft())
    menu.popup(window.mapToGlobal(corner))
    settle(app, window)
    picture = with_dialog(window, menu.grab(), QPoint(corner))
    menu.hide()
    name = f"screenshot-main-it{gui_screenshots.SUFFIX}.png"
    picture.save(str(out / name))
    print(f"wrote {out}/{name}")


if __name__ == "__main__":
    main()
