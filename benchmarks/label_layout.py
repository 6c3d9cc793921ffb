"""How long laying the map's labels out takes at a few zooms, and what it does.

    QT_QPA_PLATFORM=offscreen python benchmarks/label_layout.py [--runs 5]
    QT_QPA_PLATFORM=offscreen python benchmarks/label_layout.py --window 1024x700 [--runs 15]

For each view width (the map fitted to it), prints the scale, the processor time of
`MapScene.place_labels` (median and range over the runs), how many labels moved off their
label points, how many use a smaller variant, how many have their name shortened, how many
got a leader line and how many are hidden (no room on or beside their region: shown while
hovered).

With ``--window``, a new window size's start instead: the main window over a three-player
game (seed 4) made at that size, the calls of `label_layout.place` it makes (both layouts, the
small spaces' markers kept off) recorded, then replayed ``--runs`` times with the searches'
memories forgotten (as in a size never laid out): processor time of all of them, median and
range. Run it from two trees in turn to compare them. With ``--digest`` too, a digest of
every label's placement (its anchor, variant, leader line, star apart and hidden flag) in
those layouts and at four zooms in from the first: a change meant to save time only prints
the same digest as the tree before it.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MAP_DIR = ROOT / "maps" / "pacific"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--window", help="a new window size's start, WxH")
    ap.add_argument("--digest", action="store_true",
                    help="with --window: a digest of the layouts' placements")
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.window:
        return _new_size(args.window, args.runs, args.digest)
    from PySide6.QtWidgets import QApplication

    from pacific.board.geometry import load_geometry
    from pacific.gui.map_scene import MapScene
    from pacific.rules.files.mapfile import load_board

    app = QApplication.instance() or QApplication([])
    scene = MapScene(load_board(MAP_DIR / "board.json"), load_geometry(MAP_DIR / "geometry.json"))
    rect = scene.sceneRect()
    print(f"{'view px':>8} {'scale':>6} {'median ms':>9} {'range':>11} {'moved':>5} "
          f"{'smaller':>7} {'short':>5} {'leaders':>7} {'hidden':>6}")
    for width in (1000, 1130, 1300, 1600, 1900, 2400, 4000):
        scale = width / rect.width()
        times = []
        for _ in range(args.runs):
            scene.place_labels(scale * 1.5)  # from another zoom, as when the player zooms
            t0 = time.process_time()
            scene.place_labels(scale)
            times.append((time.process_time() - t0) * 1000)
        labels = scene.labels.items()
        moved = sum(1 for rid, lab in labels if lab.pos() != scene.regions[rid].label_point)
        smaller = sum(1 for _, lab in labels if lab.index != 0)
        leaders = sum(1 for _, lab in labels if lab.leader is not None)
        short = sum(1 for _, lab in labels
                    if not lab.hidden and lab.short is not None and lab.index >= lab.short)
        hidden = sum(1 for _, lab in labels if lab.hidden)
        spread = f"{min(times):.1f}-{max(times):.1f}"
        print(f"{width:>8} {scale:>6.3f} {statistics.median(times):>9.1f} {spread:>11} "
              f"{moved:>5} {smaller:>7} {short:>5} {leaders:>7} {hidden:>6}")
    del app
    return 0


def _new_size(size: str, runs: int, digest: bool = False) -> int:
    """`label_layout.place` as a new window size's start calls it, replayed."""
    os.environ.setdefault("PACIFIC_CACHE_DIR", tempfile.mkdtemp(prefix="pacific-bench-"))
    sys.path.insert(0, str(ROOT / "tests"))
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from gui_helpers import build_window
    from test_gui_real_board import BOARD

    from pacific.gui import label_lands, label_layout
    from pacific.rules.engine import Game

    calls: list[tuple[Any, ...]] = []
    real, real_placing = label_layout.place, label_layout.placing

    def recorded(*args: Any) -> Any:
        calls.append(args)
        return real(*args)

    def recorded_placing(*args: Any) -> Any:
        # (a layout made a label at a time, after the first paint: recorded once made; not
        # the one `place` makes)
        inside = any(frame.f_code is real.__code__ for frame, _line in
                     traceback.walk_stack(sys._getframe(1)))
        plan = yield from real_placing(*args)
        if not inside:
            calls.append(args)
        return plan

    label_layout.place = recorded  # type: ignore[assignment]
    label_layout.placing = recorded_placing  # type: ignore[assignment]
    game = Game(BOARD)
    width, height = (int(n) for n in size.split("x"))
    window = build_window(Path(tempfile.mkdtemp()), game, game.new_game(players=3, seed=4),
                          size=(width, height))
    label_layout.place, label_layout.placing = real, real_placing  # type: ignore[assignment]
    if digest:
        print(f"{size}, placements' digest ({len(calls)} calls): {_digest(real, calls)}")
    times = []
    for _run in range(runs):
        for call in calls:
            for request in call[0]:
                request.memo.clear()
        # (and the boxes' answers over whose land they stand; the picture of the land stays)
        lands = getattr(label_lands, "_last", None)
        if lands is not None:
            lands.forget()
        start = time.process_time()
        for call in calls:
            real(*call)
        times.append((time.process_time() - start) * 1000)
    print(f"{size}, a new size's layouts ({len(calls)} calls): "
          f"{statistics.median(times):.1f} ms ({min(times):.1f}-{max(times):.1f}), n={runs}")
    window.close()
    del app
    return 0


ZOOMS = (1.3, 1.7, 2.4, 3.5)  # the zooms in from the first layout's digested too


def _digest(place: Any, calls: list[tuple[Any, ...]]) -> str:
    """A digest of every label's placement in ``calls``' layouts and at `ZOOMS` times the
    first one's scale (the searches' memories forgotten before each)."""
    digest = hashlib.sha256()
    requests, scale, *rest = calls[0]
    for args in [*calls, *((requests, scale * zoom, *rest) for zoom in ZOOMS)]:
        for request in args[0]:
            request.memo.clear()
        for rid, where in sorted(place(*args).items()):
            star = None if where.star is None else (round(where.star.x(), 4),
                                                    round(where.star.y(), 4))
            digest.update(repr((rid, round(where.point.x(), 4), round(where.point.y(), 4),
                                where.variant, where.leader, where.hidden, star)).encode())
    return digest.hexdigest()[:16]


if __name__ == "__main__":
    raise SystemExit(main())
