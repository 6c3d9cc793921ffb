"""How long the map files take to load, and how large they are.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python benchmarks/map_load.py [--runs 7]

Prints file sizes, the median time to load + project the geometry, to measure adjacency,
to build the MapScene, and to repaint the full scene at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MAP_DIR = ROOT / "maps" / "pacific"


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=7)
    runs = ap.parse_args().runs
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import shapely
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsView

    from pacific.board.adjacency import measured_adjacency
    from pacific.board.geometry import load_geometry
    from pacific.gui.map_scene import MapScene
    from pacific.rules.files.mapfile import load_board

    for name in ("geometry.json", "board.json", "adjacency_exceptions.json"):
        f = MAP_DIR / name
        print(f"{name:28s} {f.stat().st_size / 1024:9.1f} KiB")
    png = ROOT / "docs" / "map.png"
    if png.exists():
        print(f"{'docs/map.png':28s} {png.stat().st_size / 1024:9.1f} KiB")
    geo = load_geometry(MAP_DIR / "geometry.json")
    points = sum(len(shapely.get_coordinates(r.shape)) for r in geo.regions.values())
    print(f"regions {len(geo.regions)}, vertices {points}")
    load_ms = median_ms(lambda: load_geometry(MAP_DIR / "geometry.json"), runs)
    print(f"load + project geometry     {load_ms:8.1f} ms (median of {runs})")
    board = load_board(MAP_DIR / "board.json")
    adj_ms = median_ms(lambda: measured_adjacency(geo), max(1, runs // 2))
    print(f"measure adjacency           {adj_ms:8.1f} ms")
    app = QApplication.instance() or QApplication([])
    print(f"build MapScene              {median_ms(lambda: MapScene(board, geo), runs):8.1f} ms")
    scene = MapScene(board, geo)
    image = QImage(1920, 1080, QImage.Format.Format_ARGB32_Premultiplied)

    def repaint() -> None:
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, 1920, 1080), scene.sceneRect())
        painter.end()

    render_ms = median_ms(repaint, runs)
    print(f"full render 1920x1080       {render_ms:8.1f} ms (scene.render to a QImage)")
    view = QGraphicsView(scene)
    view.resize(1920, 1080)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    view.show()
    view.grab()  # fills the item caches
    print(f"view repaint 1920x1080      {median_ms(view.grab, runs):8.1f} ms (items cached)")
    view.scale(3, 3)
    view.grab()
    print(f"view repaint, zoomed x3     {median_ms(view.grab, runs):8.1f} ms (items cached)")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
