"""Start-up speed: the cold start to the first painted window, against an empty Qt window
started the same way, in processor time. Prints figures; asserts nothing.

    python benchmarks/start_up.py [--starts 7] [--compare CHECKOUT]

Targets: the first painted window in at most 1.0 s of processor time, and in at most 6 times
an empty Qt window's, measured in the same run.

Each start is a fresh interpreter, and its processor time from its very start to the end of
its first paint counts (user + system, the operating system's accounting, `os.times`: the
interpreter's own start, every import, building the window, laying the map out and painting
it; not the exit that follows, about 0.3 s for the game's window). Round after round, these
are started in turn (interleaved, so that a busy machine weighs on all of them alike):

- an empty Qt window: a QApplication and one QWidget, shown and painted;
- the main window over a new game, at 1920×1080 and at 1024×700: shown, fitted, painted
  (its modules imported as the command imports them, with the cyclic collector paused; the
  window holds the collector itself until its first paint, `pacific.gui.first_paint`);
- the `pacific` command (`python -m pacific`) on a 1024×700 screen and on a 1920×1080 one:
  its settings, language, autosave folder, the window and its hand-over screen; its event
  loop stops after its first pass, in which the window is fitted and painted (Qt is imported
  where the command imports it, after the rules);
- the main window at 1024×700 again, in a window size new to it: what is kept on disk for one
  window size (the first label layout, the small spaces' markers, the pieces' places, the
  map's first picture: `pacific.gui.label_cache`, `picture_cache`, `piece_cache`) removed
  before each start, and what is kept for every size (the map geometry's cache, the labels'
  pictures: `label_pictures`, the picture of the land: `lands_cache`) left as an earlier
  start wrote it, so that its labels are laid
  out and its map painted as when a user who has started the program before opens it in a
  window of another size. (The labels' pictures kept are those of the earlier start at
  1024×700: a window of a size near one used before finds all of them, one of a size far
  from any used before fewer.)
- the main window at 1024×700 again, a first start ever: no cache of the program's at all, as
  just after an install; the map's paths come from the cache shipped beside its geometry file
  (`pacific.gui.geometry_cache.SHIPPED_NAME`), or are built with shapely where a checkout
  ships none, and the picture of its land from the one shipped beside them
  (`pacific.gui.lands_cache.SHIPPED_NAME`), or is drawn.

All run on Qt's offscreen platform, with the bytecode cached as an installed program's is
(installing compiles it) and, but for the first start ever, the map geometry's cache filled,
and the labels' first layout and the map's first picture kept (a first, unmeasured start of
each program does all four, as a user's first start does). Each
program keeps its caches in a folder of its own, as a user's one window size does: the four
programs' fitted maps have four sizes, more than the pictures the cache keeps
(`picture_cache.KEPT`), so with one folder for all every start would paint its map again.
Each start's ratio is taken against the empty window started just before it; the figures are
medians with their spread (10th to 90th percentile). With ``--compare CHECKOUT`` (another
revision's files, e.g. from `git worktree add`), that checkout's starts are taken in turn with
this one's, after the same empty window, each with caches of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from gui_paint import spread

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.0
TARGET_RATIO = 6.0
SCREENS = ((1024, 700), (1920, 1080))  # the `pacific` command's screens
# The caches kept for every window size: the map geometry's, the labels' pictures, the
# picture of the land.
SIZE_FREE = ("*-geometry-*", "label-pictures-*", "land-picture-*")

EMPTY_WINDOW = r"""
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([])
window = QWidget()
window.resize(1920, 1080)
window.show()
app.processEvents()
window.repaint()
import os
times = os.times()
print("painted True", times.user + times.system)
"""

MAIN_WINDOW = r"""
import sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
# The GUI imported as the `pacific` command imports it, with the collector paused.
from pacific.startup import collector_paused
with collector_paused():
    from pacific.gui.app import new_controller
    from pacific.gui.main_window import MainWindow
    from pacific.gui.settings import Preferences
prefs = Preferences(QSettings(sys.argv[1], QSettings.Format.IniFormat))
window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
window.resize(int(sys.argv[2]), int(sys.argv[3]))
window.show()
app.processEvents()
window.view.viewport().repaint()
import os
times = os.times()
print("painted", window.view.fitted, times.user + times.system)
"""

COMMAND = r"""
import sys

def first_pass(app):
    # The event loop's first pass: the window's first fit and paint; then the program ends
    # as when its window is closed.
    import os
    from pacific.gui.main_window import MainWindow
    app.processEvents()
    for window in app.topLevelWidgets():
        if isinstance(window, MainWindow) and window.isVisible() and window.view is not None:
            window.view.viewport().repaint()
            times = os.times()
            print("painted", window.view.fitted, times.user + times.system)
    return 0

class FirstPassOnly:
    # Qt is imported where the command imports it, after the rules: PySide6 imported first
    # would ask every module of the rules whether its source mentions it (`pacific.gui`'s
    # quicker check is not installed yet), a cost the command does not pay. When the command
    # imports QtWidgets, its event loop is made to stop after its first pass.
    def find_spec(self, name, path=None, target=None):
        if name != "PySide6.QtWidgets":
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec
        spec = find_spec(name)
        load = spec.loader.exec_module
        def exec_module(module):
            load(module)
            module.QApplication.exec = first_pass
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, FirstPassOnly())
from pacific.cli.main import main
sys.exit(main([]))
"""


class Starts:
    """Fresh interpreters, each in an environment of its own under ``folder``."""

    def __init__(self, folder: Path, root: Path = ROOT) -> None:
        self.folder = folder
        self.root = root  # the checkout whose program starts
        self.count = 0
        folder.mkdir(parents=True, exist_ok=True)
        self.platforms: dict[tuple[int, int], str] = {}
        for width, height in SCREENS:
            screens = folder / f"screen-{width}x{height}.json"
            screens.write_text(json.dumps({"screens": [{
                "name": "bench", "x": 0, "y": 0, "width": width, "height": height,
                "logicalDpiX": 96, "logicalDpiY": 96}]}))
            self.platforms[width, height] = f"offscreen:configfile={screens}"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(root), QT_QPA_PLATFORM=self.platforms[SCREENS[0]],
                   QT_LOGGING_RULES="qt.qpa.*=false", PYTHONPYCACHEPREFIX=str(folder / "pyc"))
        self.env = env

    def share_geometry(self, source: str, cache: str) -> None:
        """The map geometry's cache that the first start built in folder ``source`` copied
        into folder ``cache`` (built once, with shapely, not once per program)."""
        (self.folder / cache).mkdir(exist_ok=True)
        if source != cache:
            for geometry in (self.folder / source).glob("*-geometry-*"):
                shutil.copyfile(geometry, self.folder / cache / geometry.name)

    def cpu(self, script: str, *args: str, new_size: bool = False,
            screen: tuple[int, int] = SCREENS[0], cache: str = "cache",
            first_ever: bool = False) -> float:
        """Processor seconds (user + system) a fresh interpreter running ``script`` takes up
        to its first paint, with settings and an autosave folder of its own, on an offscreen
        ``screen``, with the cache folder named ``cache``; with ``new_size``, only that
        folder's caches for every window size (`SIZE_FREE`), no label layout, pieces or
        picture kept from an earlier start; with ``first_ever``, no cache at all."""
        self.count += 1
        home = self.folder / f"start-{self.count}"
        kept = self.folder / cache
        env = dict(self.env, XDG_CONFIG_HOME=str(home / "config"),
                   XDG_DATA_HOME=str(home / "data"), QT_QPA_PLATFORM=self.platforms[screen],
                   PACIFIC_CACHE_DIR=str(kept))
        if new_size:
            fresh = self.folder / f"{cache}-new-size"
            shutil.rmtree(fresh, ignore_errors=True)
            fresh.mkdir()
            for pattern in () if first_ever else SIZE_FREE:
                for each in kept.glob(pattern):
                    shutil.copyfile(each, fresh / each.name)
            env["PACIFIC_CACHE_DIR"] = str(fresh)
        done = subprocess.run([sys.executable, "-c", script, str(home / "settings.ini"), *args],
                              capture_output=True, text=True, env=env, cwd=self.root, check=True)
        painted = [line.split() for line in done.stdout.splitlines()
                   if line.startswith("painted True ")]
        if not painted:
            raise SystemExit(f"no fitted window was painted:\n{done.stdout}{done.stderr}")
        return float(painted[0][2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=7, help="rounds of starts")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="another checkout of the program (an earlier revision), whose "
                             "starts are taken in turn with this one's, after the same empty "
                             "window")
    args = parser.parse_args()
    programs = {
        "main window 1920×1080": (MAIN_WINDOW, "1920", "1080"),
        "main window 1024×700": (MAIN_WINDOW, "1024", "700"),
        "pacific command, 1024×700 screen": (COMMAND,),
        "pacific command, 1920×1080 screen": (COMMAND,),
        "main window 1024×700, a new window size": (MAIN_WINDOW, "1024", "700"),
        "main window 1024×700, a first start ever": (MAIN_WINDOW, "1024", "700"),
    }
    screens = {"pacific command, 1920×1080 screen": SCREENS[1]}
    first_ever = {"main window 1024×700, a first start ever"}
    new_size = {"main window 1024×700, a new window size", *first_ever}
    roots = {"this checkout": ROOT}
    if args.compare is not None:
        roots = {f"compared ({args.compare})": args.compare.resolve(), **roots}
    with tempfile.TemporaryDirectory(prefix="pacific-start-") as tmp:
        starts = {label: Starts(Path(tmp) / f"root-{i}", root)
                  for i, (label, root) in enumerate(roots.items())}
        caches = {name: f"cache-{i}" for i, name in enumerate(programs)}
        for each in starts.values():
            each.cpu(EMPTY_WINDOW)  # fills the caches: bytecode, the map's geometry
            for name, program in programs.items():
                each.share_geometry(caches[next(iter(programs))], caches[name])
                each.cpu(*program, screen=screens.get(name, SCREENS[0]), cache=caches[name])
        first = next(iter(starts.values()))
        empty: list[float] = []
        times: dict[tuple[str, str], list[float]] = {
            (label, name): [] for label in starts for name in programs}
        ratios: dict[tuple[str, str], list[float]] = {
            (label, name): [] for label in starts for name in programs}
        for _round in range(args.starts):
            for name, program in programs.items():
                empty.append(first.cpu(EMPTY_WINDOW))
                for label, each in starts.items():
                    took = each.cpu(*program, new_size=name in new_size,
                                    screen=screens.get(name, SCREENS[0]), cache=caches[name],
                                    first_ever=name in first_ever)
                    times[label, name].append(took)
                    ratios[label, name].append(took / empty[-1])
    print(f"empty Qt window: {spread(empty, 2)} s CPU over {len(empty)} starts")
    for label in starts:
        if len(starts) > 1:
            print(f"{label}:")
        for name in programs:
            t, r = statistics.median(times[label, name]), statistics.median(ratios[label, name])
            print(f"{name}, cold start to the first painted window: "
                  f"{spread(times[label, name], 2)} s CPU "
                  f"(target {TARGET_S:.1f} s: {'ok' if t <= TARGET_S else 'OVER'}); "
                  f"{spread(ratios[label, name], 1)} times the empty window "
                  f"(target {TARGET_RATIO:.0f}: {'ok' if r <= TARGET_RATIO else 'OVER'})")
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
