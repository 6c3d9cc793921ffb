"""What the map benchmarks that measure a real main window share: the window built offscreen
over a position at a size given as "WxH" (with the tests' helpers), and a series of times
printed as its median and quartiles."""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from pacific.rules.state import GameState


def application() -> QApplication:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    return app


def main_window(state: GameState, size: str) -> Any:
    """The main window over ``state`` on the real board, ``size`` "WxH" (e.g. "1024x700"): a
    `MainWindow`, typed loosely as the tests' helpers build it (its controller and pieces are
    set, which the class's own types leave optional)."""
    from gui_helpers import build_window
    from test_gui_real_board import BOARD

    from pacific.rules.engine import Game

    width, height = (int(n) for n in size.split("x"))
    return build_window(Path(tempfile.mkdtemp()), Game(BOARD), state, size=(width, height))


def spread_ms(times: list[float]) -> str:
    """"12.3 ms (10.1-14.2), n=40": the median and the quartiles, in milliseconds."""
    low, _mid, high = statistics.quantiles(times, n=4)
    return f"{statistics.median(times):.1f} ms ({low:.1f}-{high:.1f}), n={len(times)}"
