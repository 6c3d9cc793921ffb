"""A start that finds no layout of its names kept (a first start ever, a new window size): the
turns of the event loop after its first paint until the names are shown. Prints figures;
asserts nothing.

    python benchmarks/names_after_paint.py [--starts 5] [--size 1024x700]

Each start is a fresh interpreter over an empty cache folder (the map's geometry and the
picture of its land from the copies shipped beside the map, as a first start ever), the main
window over a new three-player game shown and painted once, as `benchmarks/start_up.py`'s
starts end. Then the event loop's passes are taken one at a time until the names laid out
after the paint are shown (`MapZoom.wait_until_laid_out`), each pass's processor time noted:
the first pass after the paint ends the window's hold on the collector and writes the cache
files it held (`first_paint`), the others lay the names and the pieces out a part at a time
(`IdleBands.hurry`). Median and spread (10th to 90th percentile) over the starts of: the
passes, the longest pass of the names' work, the longest pass, all their processor time and
their wall time; and the processor time to the first paint.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from gui_paint import spread
from start_up import MAIN_WINDOW

ROOT = Path(__file__).resolve().parent.parent

# The start `benchmarks/start_up.py` measures, then the passes of the event loop after it.
START = MAIN_WINDOW + r"""
import time
idle = window.zooming.idle
hidden = sum(label.hidden for label in window.board_scene.map.labels.values())
passes, wall = [], time.monotonic()
while idle.hurrying or not passes:
    start = time.process_time()
    app.processEvents()
    passes.append((time.process_time() - start) * 1000)
wall = (time.monotonic() - wall) * 1000
print("figures", times.user + times.system, hidden, wall, *passes)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--size", default="1024x700")
    args = parser.parse_args()
    width, height = args.size.split("x")
    # (the bytecode cached as an installed program's is: `benchmarks/start_up.py`)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen",
               QT_LOGGING_RULES="qt.qpa.*=false")
    figures: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="pacific-names-") as tmp:
        for start in range(args.starts + 1):  # (the first fills the bytecode's cache)
            cache = Path(tmp) / f"cache-{start}"
            done = subprocess.run(
                [sys.executable, "-c", START, str(Path(tmp) / f"s{start}.ini"), width, height],
                capture_output=True, text=True, check=True, cwd=ROOT,
                env=dict(env, PACIFIC_CACHE_DIR=str(cache),
                         PYTHONPYCACHEPREFIX=str(Path(tmp) / "pyc")))
            line = next(line.split()[1:] for line in done.stdout.splitlines()
                        if line.startswith("figures "))
            painted, hidden, wall, *passes = (float(v) for v in line)
            if start == 0:
                continue
            for name, value in (("processor time to the first paint, s", painted),
                                ("labels hidden at the first paint", hidden),
                                ("passes until the names are shown", len(passes)),
                                ("longest pass of the names' work, ms", max(passes[1:] or [0])),
                                ("longest pass, ms", max(passes)),
                                ("processor time of all the passes, ms", sum(passes)),
                                ("wall time of all the passes, ms", wall)):
                figures.setdefault(name, []).append(value)
    print(f"{args.size}, a first start ever, {args.starts} starts:")
    for name, values in figures.items():
        print(f"  {name}: {spread(values, 3 if name.endswith(', s') else 1)}")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
