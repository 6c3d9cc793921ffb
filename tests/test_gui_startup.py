"""Start-up: the window starts without the odds package (and numpy); it is
imported when the odds panel is first shown. A fresh interpreter, since other tests import it.
The time to the first painted window is measured by benchmarks/gui_paint.py, not here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = r"""
import sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.history import History
from pacific.rules.files.mapfile import load_board
game = Game(load_board(Path(sys.argv[1])))
prefs = Preferences(QSettings(sys.argv[2], QSettings.Format.IniFormat))
window = MainWindow(GameController(History(game, game.new_game(players=3, seed=1))),
                    prefs=prefs)
window.show()
app.processEvents()
def loaded():
    return sorted(m for m in sys.modules if m == "numpy" or m.startswith("pacific.odds"))
print("start", loaded())
window.odds_action.trigger()
app.processEvents()
print("odds shown", "pacific.odds.calculate" in loaded(), window.odds_panel.isVisible())
"""


def test_the_odds_package_waits_until_the_odds_panel_is_shown(tmp_path: Path) -> None:
    mini = Path(__file__).parent / "maps" / "mini"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(mini), str(tmp_path / "s.ini")],
                          capture_output=True, text=True, timeout=120, env=env, check=True)
    lines = proc.stdout.splitlines()
    assert "start []" in lines, proc.stdout
    assert "odds shown True True" in lines, proc.stdout
