"""Screenshots of the story of a game, in English and Italian: the replay (a position given,
its battle board beside or over the map, the luck of a battle in the list), the charts window
(scrolled to the luck table) and the report (its HTML, drawn by headless Chromium when
installed). The replay and the charts are real windows: run it under an X server of the
size wanted (Xvfb); the part of the screen the windows cover is taken.

    DISPLAY=:16 python tools/story_screenshots.py SAVE.json [--position 2020] [--out docs]

Writes screenshot-replay[-it]-WxH.png, screenshot-charts[-it]-WxH.png and
screenshot-report[-it].png (WxH: the screen's size).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pacific.gui.chart_paint import report_html  # noqa: E402
from pacific.gui.qt_language import install_qt_translations  # noqa: E402
from pacific.gui.replay import ReplayWindow  # noqa: E402
from pacific.gui.story_windows import ChartsWindow  # noqa: E402
from pacific.rules.files.maps import board_resolver  # noqa: E402
from pacific.rules.files.savefile import load_game  # noqa: E402
from pacific.story import read_story  # noqa: E402
from pacific.text import set_language  # noqa: E402


def settle(app: QApplication, seconds: float = 1.5) -> None:
    """Let the windows show, lay out and paint (the map's labels, the pieces)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.02)


def shoot(app: QApplication, path: Path, *windows: QWidget) -> None:
    """The part of the screen the ``windows`` shown cover."""
    area = QRect()
    for window in windows:
        if window.isVisible():
            area = area.united(window.frameGeometry())
    app.primaryScreen().grabWindow(0, area.x(), area.y(), area.width(),
                                   area.height()).save(str(path))
    print(f"wrote {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("save", type=Path)
    parser.add_argument("--position", type=int, default=2020)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    app = QApplication([])
    size = app.primaryScreen().size()
    screen = f"{size.width()}x{size.height()}"
    history = load_game(args.save, board_resolver())
    history.rebuild()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    for language, suffix in (("en", ""), ("it", "-it")):
        set_language(language)
        install_qt_translations(app)
        replay = ReplayWindow(history, args.save.name)
        replay.move(0, 0)
        replay.show()
        settle(app)
        replay.show_position(args.position)
        settle(app)
        shoot(app, args.out / f"screenshot-replay{suffix}-{screen}.png", replay,
              replay.battle_board)
        replay.battle_board.close()
        replay.close()
        story = read_story(history)
        charts = ChartsWindow(story, args.save.name)
        charts.move(0, 0)
        charts.show()
        settle(app)
        area = charts.findChild(QScrollArea)
        assert area is not None
        area.ensureWidgetVisible(charts.table)   # the luck table
        settle(app, 0.5)
        shoot(app, args.out / f"screenshot-charts{suffix}-{screen}.png", charts)
        charts.close()
        if chromium is None:
            print("no chromium: the report is not drawn")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / "report.html"
            page.write_text(report_html(story), encoding="utf-8")
            target = args.out / f"screenshot-report{suffix}.png"
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                            "--hide-scrollbars", f"--screenshot={target}",
                            "--window-size=1024,1600", page.as_uri()],
                           check=True, capture_output=True, timeout=120)
            print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
