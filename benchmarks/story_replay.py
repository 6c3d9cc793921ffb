"""The replay window (Game ▸ Replay) on a long game: processor time of a step (the next
action) and of a jump (to any moment of the game), each until the position is shown and
painted, against the target of 50 ms. Prints figures; asserts nothing.

    python benchmarks/story_replay.py [--save long.json] [--actions 3000] [--steps 300]
                                      [--jumps 60] [--runs 3]

The save is the random self-play game of benchmarks/save_load.py (made first, or read from
``--save`` when that file exists). The window is offscreen, 1200 x 800 (fit to window). Each
run steps ``--steps`` actions forward from a third of the game, then jumps ``--jumps`` times
across it (to positions spread over the game, in a scrambled order); the runs interleave
steps and jumps. Times are processor times (time.process_time) of this process; the median,
the 90th percentile and the spread over all steps (all jumps) of all runs.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

TARGET = 0.05


def _figures(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    median = statistics.median(ordered)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    return (f"{name:12} median {median * 1000:7.1f} ms  p90 {p90 * 1000:7.1f}  "
            f"min {ordered[0] * 1000:6.1f}  max {ordered[-1] * 1000:7.1f}  "
            f"({median / TARGET:.2f}x, p90 {p90 / TARGET:.2f}x the target of "
            f"{TARGET * 1000:.0f} ms; {len(values)} times)")


def main() -> int:
    from story import long_game_arguments, long_save

    parser = long_game_arguments(__doc__)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--jumps", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from PySide6.QtWidgets import QApplication

    from pacific.gui.replay import ReplayWindow
    from pacific.rules.files.maps import board_resolver
    from pacific.rules.files.savefile import load_game

    app = QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        path = long_save(args, tmp)
        history = load_game(path, board_resolver())
        history.rebuild()
        window = ReplayWindow(history, path.name)
        window.resize(1200, 800)
        window.show()
        app.processEvents()
        total = len(window.records)
        print(f"{total} actions")

        def timed(position: int) -> float:
            start = time.process_time()
            window.show_position(position)
            app.processEvents()
            return time.process_time() - start

        steps: list[float] = []
        jumps: list[float] = []
        for run in range(args.runs):
            window.show_position(total // 3)
            app.processEvents()
            steps += [timed(window.position + 1) for _ in range(min(args.steps, total))]
            # Positions spread over the game, visited in a scrambled order (a stride prime
            # to the count), a little apart from one run to the next.
            count = max(1, args.jumps)
            spots = [(k * total) // count + run for k in range(count)]
            stride = next(s for s in (7, 11, 13, 17, 1) if count % s)
            jumps += [timed(min(total, spots[(k * stride) % count])) for k in range(count)]
        print(_figures("replay step", steps))
        print(_figures("replay jump", jumps))
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
