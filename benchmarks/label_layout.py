"""How long laying the map's labels out takes at a few zooms, and what it does.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python benchmarks/label_layout.py [--runs 5]

For each view width (the map fitted to it), prints the scale, the median time of
`MapScene.place_labels`, how many labels moved off their label points, how many use a smaller
variant, how many have their name shortened, how many got a leader line and how many are
hidden (no room on or beside their region: shown while hovered).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MAP_DIR = ROOT / "maps" / "pacific"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from pacific.board.geometry import load_geometry
    from pacific.gui.map_scene import MapScene
    from pacific.rules.files.mapfile import load_board

    app = QApplication.instance() or QApplication([])
    scene = MapScene(load_board(MAP_DIR / "board.json"), load_geometry(MAP_DIR / "geometry.json"))
    rect = scene.sceneRect()
    print(f"{'view px':>8} {'scale':>6} {'median ms':>9} {'moved':>5} {'smaller':>7} "
          f"{'short':>5} {'leaders':>7} {'hidden':>6}")
    for width in (1000, 1130, 1300, 1600, 1900, 2400, 4000):
        scale = width / rect.width()
        times = []
        for _ in range(args.runs):
            scene.place_labels(scale * 1.5)  # from another zoom, as when the player zooms
            t0 = time.perf_counter()
            scene.place_labels(scale)
            times.append((time.perf_counter() - t0) * 1000)
        labels = scene.labels.items()
        moved = sum(1 for rid, lab in labels if lab.pos() != scene.regions[rid].label_point)
        smaller = sum(1 for _, lab in labels if lab.index != 0)
        leaders = sum(1 for _, lab in labels if lab.leader is not None)
        short = sum(1 for _, lab in labels
                    if not lab.hidden and lab.short is not None and lab.index >= lab.short)
        hidden = sum(1 for _, lab in labels if lab.hidden)
        print(f"{width:>8} {scale:>6.3f} {statistics.median(times):>9.1f} {moved:>5} "
              f"{smaller:>7} {short:>5} {leaders:>7} {hidden:>6}")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
