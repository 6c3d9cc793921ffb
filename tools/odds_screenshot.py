"""Regenerate docs/screenshot-odds.png: the main window with the battle odds dock open, its
sides set from two stacks on the map (the stacks' context menu) and the odds calculated.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python tools/odds_screenshot.py [--out docs]
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from gui_screenshots import settle, start


def main() -> None:
    out, app, _controller, window = start(__doc__)
    if window.dialogs.convoy is not None:
        window.dialogs.convoy.accept()
    window.odds_action.trigger()
    settle(app)
    window.fit_map()
    settle(app, window)
    assert window.pieces is not None
    keys = list(window.pieces.items)
    attacker = max((k for k in keys if k.space == "manchuria"),
                   key=lambda k: len(window.pieces.items[k].unit_ids))  # type: ignore[union-attr]
    defender = max((k for k in keys if k.space == "anhwe"),
                   key=lambda k: len(window.pieces.items[k].unit_ids))  # type: ignore[union-attr]
    panel = window.odds_panel
    panel.stack_menu(attacker).actions()[0].trigger()
    panel.stack_menu(defender).actions()[1].trigger()
    panel.first_turn.setChecked(True)
    panel.calculate_button.click()
    settle(app, window)
    window.grab().save(str(out / "screenshot-odds.png"))
    print(f"wrote {out}/screenshot-odds.png: {panel.attacker.text()} vs {panel.defender.text()}")


if __name__ == "__main__":
    main()
