"""GUI speed: repainting the whole map at 1920×1080 with the starting setup, and cold start to
the first painted window. Prints figures; asserts nothing. Targets: 16 ms a frame,
1 s to start.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python benchmarks/gui_paint.py [--frames 60]

Frame: the view's viewport repainted in full (``viewport().repaint()``: the map layer is blitted
from the view's background cache, the pieces and markers drawn on top), measured over many
frames after a warm-up; the median and the 90th percentile are printed, at "fit to window" and
zoomed in. A zoom step is also timed: at once the old map picture is drawn scaled, and once
the zooming pauses the picture is painted again at the new zoom (timed apart).
Cold start: a fresh interpreter imports the program, builds the game and the window, and
stops when the window has painted once with the map and the pieces in it; the map's paths come
from the geometry cache (filled by an unmeasured first start), as on every start but a user's
first. A zoom step is a wheel step (`MapView.gesture_zoom`): the pieces are laid out once it
pauses. The figures measured are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

COLD_START = r"""
import time
t0, c0 = time.perf_counter(), time.process_time()
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from pacific.gui.app import new_controller
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences
import tempfile, os
prefs = Preferences(QSettings(os.path.join(tempfile.mkdtemp(), "p.ini"),
                              QSettings.Format.IniFormat))
window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
window.resize(1920, 1080)
window.show()
window.view.viewport().repaint()
app.processEvents()
print(time.perf_counter() - t0, time.process_time() - c0)
"""


def cold_start(runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each start (CPU time is steadier on a busy machine).
    The first start may fill the geometry cache (pacific.gui.geometry_cache); it is run once
    before the measured ones, as every start after a user's first one finds the cache."""
    wall, cpu = [], []
    for i in range(runs + 1):
        proc = subprocess.run([sys.executable, "-c", COLD_START], capture_output=True, text=True,
                              check=True)
        if i == 0:
            continue
        w, c = proc.stdout.strip().splitlines()[-1].split()
        wall.append(float(w))
        cpu.append(float(c))
    return wall, cpu


def frames(n: int) -> dict[str, list[float]]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from pacific.gui.app import new_controller
    from pacific.gui.main_window import MainWindow
    from pacific.gui.settings import Preferences

    app = QApplication.instance() or QApplication([])
    prefs = Preferences(QSettings("/tmp/pacific-bench.ini", QSettings.Format.IniFormat))
    window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    view = window.view
    assert view is not None
    # Grow the window so that the map itself is 1920×1080 (the side panels are extra).
    vp = view.viewport().size()
    window.resize(1920 + 1920 - vp.width(), 1080 + 1080 - vp.height())
    app.processEvents()
    results: dict[str, list[float]] = {}
    for label, action in (("fit to window", view.fit_to_window),
                          ("zoomed in ×3", lambda: view.zoom_by(3.0))):
        action()
        app.processEvents()
        for _ in range(5):  # warm the item caches
            view.viewport().repaint()
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            view.viewport().repaint()
            times.append(time.perf_counter() - t0)
        results[label] = times
    # A zoom step shows the map picture scaled at once ...
    times = []
    redraws = []
    for i in range(max(3, n // 10)):
        view.gesture_zoom(1.2 if i % 2 == 0 else 1 / 1.2)  # a wheel step
        t0 = time.perf_counter()
        view.viewport().repaint()
        times.append(time.perf_counter() - t0)
        # ... and paints it afresh once the zooming pauses.
        t0 = time.perf_counter()
        view.render_map_picture()
        view.viewport().repaint()
        redraws.append(time.perf_counter() - t0)
    results["zoom step (old picture scaled)"] = times
    results["map picture repainted after a zoom"] = redraws
    size = view.viewport().size()
    print(f"viewport {size.width()}×{size.height()} px, "
          f"{len(window.pieces.items) if window.pieces else 0} stacks, "
          f"{len(view.scene().items())} scene items")
    window.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--starts", type=int, default=3)
    args = parser.parse_args()
    for label, times in frames(args.frames).items():
        ms = sorted(t * 1000 for t in times)
        p90 = ms[int(len(ms) * 0.9) - 1]
        print(f"full repaint, {label}: median {statistics.median(ms):.1f} ms, "
              f"p90 {p90:.1f} ms over {len(ms)} frames (target 16 ms)")
    wall, cpu = cold_start(args.starts)
    print(f"cold start to first painted window: median {statistics.median(wall):.2f} s "
          f"wall clock, {statistics.median(cpu):.2f} s CPU, over {len(wall)} runs (target 1 s)")


if __name__ == "__main__":
    main()
