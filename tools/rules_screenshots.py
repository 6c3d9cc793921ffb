"""Regenerate docs/screenshot-rules.png and docs/screenshot-rules-it.png: the rules reference
(Help ▸ Rules, F1) over the main window, searched, in English and in Italian.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python tools/rules_screenshots.py [--out docs]
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from gui_screenshots import settle, start, with_dialog
from PySide6.QtCore import QPoint

from pacific.gui.dialogs.rules import open_rules
from pacific.text import set_language


def main() -> None:
    out, app, controller, window = start(__doc__)
    window.fit_map()
    settle(app, window)
    if window.dialogs.convoy is not None:
        window.dialogs.convoy.accept()
    settle(app, window)
    shots = (("en", "bombing raid", "R-SBR-4", "screenshot-rules.png"),
             ("it", "assalto anfibio", "R-AMPH-6", "screenshot-rules-it.png"))
    for language, search, rule_id, name in shots:
        set_language(language)
        window.show_state(controller.state)  # the turn panel's phase help in that language
        dialog = open_rules(window)
        dialog.search.setText(search)
        dialog.show_rule(rule_id)
        dialog.resize(1040, 700)
        settle(app, window)
        with_dialog(window, dialog.grab(), QPoint(60, 80)).save(str(out / name))
        dialog.hide()
    print(f"wrote {out}/screenshot-rules.png and {out}/screenshot-rules-it.png")


if __name__ == "__main__":
    main()
