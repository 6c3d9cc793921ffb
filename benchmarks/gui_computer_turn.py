"""How long a computer turn takes in the window at each pace (the preference): Japan's first
turn on the real board, every power played by the computer (normal level), offscreen. Prints
the wall-clock time (what the player waits) and the processor time of the process, per run.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/gui_computer_turn.py [--runs 3]
        [--paces instant,fast,readable] [--actions N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from pacific.ai import NORMAL
from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import ComputerPace, Preferences
from pacific.rules.nations import Power


def one_turn(app: QApplication, pace: ComputerPace, seed: int,
             actions: int = 0) -> tuple[float, float, int]:
    """Wall and processor seconds of Japan's first computer turn (its first ``actions`` only,
    when not 0), and the actions played."""
    prefs = Preferences(QSettings(str(Path(tempfile.mkdtemp()) / "p.ini"),
                                  QSettings.Format.IniFormat))
    prefs.handover_screen = False
    prefs.computer_pace = pace
    controller = new_controller(players=3, seed=seed)
    window = MainWindow(controller, prefs=prefs)
    window.resize(1024, 700)
    window.show()
    app.processEvents()
    failures: list[str] = []
    window.computer.driver.failed.disconnect()
    window.computer.driver.failed.connect(failures.append)
    wall, cpu = time.monotonic(), time.process_time()
    window.computer.play({Power.JAPAN: NORMAL, Power.UK: NORMAL, Power.US: NORMAL})
    limit = wall + 600
    # Japan's turn: until the next power's begins.
    while controller.state.power is Power.JAPAN and time.monotonic() < limit and not failures \
            and not (actions and len(controller.history.records) >= actions):
        app.processEvents()
        time.sleep(0.002)
    if failures:
        raise SystemExit(f"the computer stopped: {failures[0]}")
    out = time.monotonic() - wall, time.process_time() - cpu, len(controller.history.records)
    window.computer.driver.shutdown()
    controller.mark_saved()
    window.close()
    window.deleteLater()
    app.processEvents()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--paces", default="instant,fast")
    parser.add_argument("--actions", type=int, default=0,
                        help="stop after this many actions (0: the whole turn)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    paces = [ComputerPace(p) for p in args.paces.split(",")]
    figures: dict[ComputerPace, list[tuple[float, float, int]]] = {p: [] for p in paces}
    for run in range(args.runs):      # interleaved: each pace once per round
        for pace in paces:
            figures[pace].append(one_turn(app, pace, seed=1941 + run, actions=args.actions))
            wall, cpu, actions = figures[pace][-1]
            print(f"run {run + 1} {pace.value:9s} wall {wall:6.2f} s  cpu {cpu:6.2f} s  "
                  f"{actions} actions", flush=True)
    for pace, rows in figures.items():
        walls = [r[0] for r in rows]
        cpus = [r[1] for r in rows]
        print(f"{pace.value:9s} wall median {statistics.median(walls):6.2f} s "
              f"(spread {min(walls):.2f}-{max(walls):.2f}); cpu median "
              f"{statistics.median(cpus):6.2f} s (spread {min(cpus):.2f}-{max(cpus):.2f})")


if __name__ == "__main__":
    main()
