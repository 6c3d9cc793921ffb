"""Screenshots of the guided courses and of the coach, as a player sees them, for docs/:

- ``screenshot-tutorial-usa[-it].png``: the United States tutorial at its fleet step, after a
  wrong move (its hint shown);
- ``screenshot-tutorial-britain[-it].png``: the Great Britain tutorial at its patrol step,
  after a wrong move;
- ``screenshot-lesson[-it].png``: the kamikaze lesson at its targets step, on the battle board;
- ``screenshot-coach[-it].png``: Turn ▸ Hint on Japan's first combat movement.

Run it under a real X server (Xvfb) so that the floating hint dock is drawn where a player
sees it; the whole screen is captured with ImageMagick's ``import``:

    Xvfb :37 -screen 0 1024x700x24 &
    DISPLAY=:37 .venv/bin/python tools/course_screenshots.py --out docs [--lang it]
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from pacific.gui.app import new_controller
from pacific.gui.coach import coach_of
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
from pacific.gui.tutorial import tutorial_of
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.actions.movement import Move
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import set_language
from pacific.tutorial.course import BRITAIN, COURSES, USA
from pacific.tutorial.goals import Read


def settle(app: QApplication, seconds: float = 1.5) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def window_of(app: QApplication, size: tuple[int, int]) -> MainWindow:
    prefs = Preferences(QSettings(str(Path(tempfile.mkdtemp()) / "p.ini"),
                                  QSettings.Format.IniFormat))
    prefs.handover_screen = False
    prefs.confirm_end_phase = False
    window = MainWindow(new_controller(players=3, seed=1941), prefs=prefs)
    window.resize(*size)
    window.move(0, 0)
    window.show()
    settle(app)
    return window


def course_at(app: QApplication, window: MainWindow, course_id: str, step_id: str) -> None:
    """Open the course and play it (through the window's controller, with the steps' own
    answers and dice) up to the step ``step_id``."""
    window.menus.courses[course_id].trigger()
    settle(app)
    runner = tutorial_of(window)
    progress, history = runner.progress, runner.history
    assert progress is not None and history is not None
    while runner.step is not None and runner.step.id != step_id:
        step = runner.step
        if isinstance(step.goal, Read):
            runner.go_on()
            continue
        action = step.goal.next_action(history.game, progress.start(history), history.state)
        assert action is not None, step.id
        window.submit(action)
        settle(app, 0.05)
    settle(app, 2.0)
    runner.focus()
    settle(app)


def wrong_move(app: QApplication, window: MainWindow, units_at: str, unit_type: UnitType,
               path: tuple[str, ...]) -> None:
    """A move off the script, refused with the step's hint beside the drop and in the panel."""
    assert window.controller is not None and window.board_scene is not None
    state = window.controller.state
    ids = tuple(u.id for u in state.units_at(units_at) if u.type is unit_type)
    window.submit(Move(units=ids, path=path))
    settle(app)


def shoot(out: Path, name: str) -> None:
    path = out / name
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print(f"wrote {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="1024x700")
    args = parser.parse_args()
    set_language(args.lang)
    suffix = "" if args.lang == "en" else f"-{args.lang}"
    out = Path(args.out)
    size = tuple(int(v) for v in args.size.split("x"))
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    if args.lang != "en":
        from pacific.gui.qt_language import install_qt_translations

        install_qt_translations(app)

    def fresh(split: bool = False) -> MainWindow:
        window = window_of(app, (size[0], size[1]))
        if split and window.dialogs.convoy is not None:
            window.dialogs.convoy.accept()   # the starting convoy split (R-SETUP-8)
        settle(app)
        return window

    window = fresh()
    course_at(app, window, USA.id, "fleet")
    wrong_move(app, window, "sz_9", UnitType.TRANSPORT, ("sz_9", "sz_4"))
    shoot(out, f"screenshot-tutorial-usa{suffix}.png")
    tutorial_of(window).leave()
    window.close()

    window = fresh()
    course_at(app, window, BRITAIN.id, "cap")
    wrong_move(app, window, "india", UnitType.INFANTRY, ("india", "burma"))
    shoot(out, f"screenshot-tutorial-britain{suffix}.png")
    tutorial_of(window).leave()
    window.close()

    window = fresh()
    course_at(app, window, COURSES["kamikaze"].id, "enter")
    shoot(out, f"screenshot-lesson{suffix}.png")
    tutorial_of(window).leave()
    window.close()

    # The coach on Japan's first combat movement of a new game.
    window = fresh(split=True)
    window.fit_map()
    for action in (Purchase(nation=Nation.JAPAN, units={UnitType.INFANTRY: 5,
                                                        UnitType.ARTILLERY: 1}),
                   EndPhase(), EndPhase()):
        window.submit(action)
    settle(app)
    runner = coach_of(window)
    runner.ask()
    runner.wait()
    settle(app, 3.0)
    shoot(out, f"screenshot-coach{suffix}.png")
    window.close()


if __name__ == "__main__":
    main()
