"""Render the whole map to docs/map.png (offscreen), for the README and for checking by eye.

    QT_QPA_PLATFORM=offscreen /work/venv-dev/bin/python tools/render_map.py \
        [--width 2400] [--out docs/map.png] [--crop LON0 LAT0 LON1 LAT1]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--width", type=int, default=2400)
    ap.add_argument("--out", default=str(ROOT / "docs" / "map.png"))
    ap.add_argument("--crop", type=float, nargs=4, metavar=("LON0", "LAT0", "LON1", "LAT1"),
                    help="render only this lon/lat box (for close-up checks)")
    ap.add_argument("--slots", action="store_true", help="mark the stack slots (checking)")
    args = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from pacific.board.geometry import load_geometry
    from pacific.board.projection import project
    from pacific.gui.map_scene import MapScene
    from pacific.rules.files.mapfile import load_board

    app = QApplication.instance() or QApplication([])
    board = load_board(ROOT / "maps" / "pacific" / "board.json")
    scene = MapScene(board, load_geometry(ROOT / "maps" / "pacific" / "geometry.json"))
    if args.slots:
        from PySide6.QtGui import QBrush, QPen

        for item in scene.regions.values():
            for p in item.slots:
                dot = scene.addEllipse(p.x() - 6, p.y() - 6, 12, 12, QPen(QColor("black"), 0.5),
                                       QBrush(QColor(255, 0, 0, 140)))
                dot.setZValue(20)
    source = scene.sceneRect()
    if args.crop:
        x0, y0 = project(args.crop[0], args.crop[3])
        x1, y1 = project(args.crop[2], args.crop[1])
        source = QRectF(x0, y0, x1 - x0, y1 - y0)
    height = round(args.width * source.height() / source.width())
    scene.place_labels(args.width / source.width())  # labels laid out for this picture's zoom
    image = QImage(args.width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, args.width, height), source,
                 Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    image.save(args.out)
    print(f"wrote {args.out} ({args.width}x{height})")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
