"""The story of a long game (pacific.story): processor time to read the charts and the luck,
and to write the report, for a save of about 3,000 actions, against the targets (2 s, 3 s).
Prints figures; asserts nothing. The replay window's steps: benchmarks/story_replay.py.

    python benchmarks/story.py [--save long.json] [--actions 3000] [--runs 5]

The save is the random self-play game of benchmarks/save_load.py (made first, or read from
``--save`` when that file exists). Each run, in turn:

- "charts and luck": `load_game` + `read_story` (the story replayed, every battle's exact
  odds before its first roll) + `game_charts`: what `pacific luck` does; "(game open)": the same
  from a game already open in the window (the charts window); both work the odds out afresh;
  "(shown again)": the charts window opened again (the odds of its battles known);
- "report": the same reading, then the charts painted as SVG and the HTML written.

Times are processor times (time.process_time) of this process; medians and spreads over the
runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _timed(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def long_game_arguments(doc: str) -> argparse.ArgumentParser:
    """The options of a benchmark on the long saved game: --save, --actions, --seed."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--save", type=Path)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
    return parser


def long_save(args: argparse.Namespace, folder: str) -> Path:
    """The saved game ``--save`` names, made first (in ``folder`` without --save) when it is
    not there."""
    from save_load import make_save

    path: Path = args.save or Path(folder) / "long.json"
    if not path.exists():
        made = make_save(path, args.actions, args.seed)
        print(f"made {path} ({made} actions)")
    return path


def main() -> int:
    parser = long_game_arguments(__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from pacific.gui.chart_paint import report_html
    from pacific.rules.files.maps import board_resolver
    from pacific.rules.files.savefile import load_game
    from pacific.story import read_story
    from pacific.story.charts import game_charts
    from pacific.story.odds_of import forget_odds

    app = QApplication([])  # noqa: F841 (the SVG painting needs one)
    with tempfile.TemporaryDirectory() as tmp:
        path = long_save(args, tmp)

        def opened() -> object:
            # (as `pacific luck` does: the story is replayed when `read_story` first reads
            # its records)
            return load_game(path, board_resolver())

        # Each figure but the last works the odds out afresh, as `pacific luck` and
        # `pacific report` do in a process of their own; the last is a window opened again
        # in the same process (the odds of its battles known).
        def charts_and_luck() -> None:
            forget_odds()
            game_charts(read_story(opened()))  # type: ignore[arg-type]

        def charts_open() -> None:
            forget_odds()
            game_charts(read_story(history))  # type: ignore[arg-type]

        def report() -> None:
            forget_odds()
            report_html(read_story(opened()))  # type: ignore[arg-type]

        history = opened()
        history.rebuild()  # type: ignore[attr-defined]
        story = read_story(history)  # type: ignore[arg-type]
        print(f"{len(story.records)} actions, {len(story.battles)} battles "
              f"({sum(b.odds is not None for b in story.battles)} with odds), "
              f"{len(story.samples)} turn samples")
        figures: dict[str, list[float]] = {"charts and luck": [], "  (game open)": [],
                                           "report": [], "  (shown again)": []}
        for _run in range(args.runs):
            figures["charts and luck"].append(_timed(charts_and_luck))
            figures["  (game open)"].append(_timed(charts_open))
            figures["report"].append(_timed(report))
            figures["  (shown again)"].append(_timed(
                lambda: game_charts(read_story(history))))  # type: ignore[arg-type]
        targets = {"charts and luck": 2.0, "  (game open)": 2.0, "report": 3.0,
                   "  (shown again)": 2.0}
        for name, values in figures.items():
            median = statistics.median(values)
            print(f"{name:16} median {median * 1000:8.1f} ms  "
                  f"min {min(values) * 1000:8.1f}  max {max(values) * 1000:8.1f}  "
                  f"({median / targets[name]:.2f}x the target of "
                  f"{targets[name] * 1000:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
