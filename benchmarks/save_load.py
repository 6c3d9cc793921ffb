"""Opening a long saved game: time and memory to open a save of about 3,000 actions
on the real board, against the issue's target (under 0.5 s and 200 MB), and, separately, to
rebuild its story afterwards (the replay of its actions that gives undo and the event log; the
window does it in the background after showing the position). Prints figures; asserts nothing.

    python benchmarks/save_load.py [--actions 3000] [--seed 7] [--runs 5]

The game is random self-play on the real board (one time in twenty the player ends the phase
when it can, otherwise a uniformly random action of `Game.play_actions`, so that the game
lasts; the first seed from ``--seed`` whose game reaches ``--actions`` is kept), saved with
`save_game`. Each opening runs in a fresh process (`load_game` with the real map resolver, then
`History.rebuild()`), so its resident size is the whole cost of a player opening that file:
Python, the map and the game, then with its undo history. The peak is the process's own
high-water mark (VmHWM); the figures are the medians over ``--runs`` processes.

The figures measured are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_save(path: Path, actions: int, seed: int) -> int:
    """Play ``actions`` random actions and save them at ``path`` (the longest game of ten
    seeds if none lasts that long)."""
    from pacific.rules.engine import Game
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.savefile import save_game
    from pacific.rules.history import History

    game = Game(load_board(ROOT / "maps" / "pacific"))
    longest: History | None = None
    for s in range(seed, seed + 10):
        rng = random.Random(s)
        history = History(game, game.new_game(players=3, seed=s))
        while len(history.records) < actions and history.state.winner is None:
            legal = list(game.play_actions(history.state))
            ends = [a for a in legal if a.kind == "end_phase"]
            history.apply(ends[0] if ends and rng.random() < 0.05 else rng.choice(legal))
        if longest is None or len(history.records) > len(longest.records):
            longest = history
        if len(history.records) >= actions:
            break
    assert longest is not None
    save_game(path, longest)
    return len(longest.records)


def _peak_mb() -> float:
    """This process's peak resident size in MB. On Linux it is the kernel's high-water mark of
    the process image (VmHWM): ``ru_maxrss`` is not, since a child started by fork and exec
    inherits its parent's peak (here the parent holds the 3,000-action game it saved, ~200
    MB, which is what the figure of 211 MB of 2026-11-24 measured)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def open_once(path: str) -> None:
    """In a fresh process: open the save, then rebuild its story; print the seconds and the
    peak resident MB after each as JSON."""
    from pacific.rules.files.maps import board_resolver
    from pacific.rules.files.savefile import load_game

    resolve = board_resolver()
    start = time.perf_counter()
    history = load_game(path, resolve)
    seconds = time.perf_counter() - start
    peak_open = _peak_mb()
    start = time.perf_counter()
    history.rebuild()
    rebuild = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "peak_mb": peak_open, "rebuild": rebuild,
                      "peak_rebuilt_mb": _peak_mb(), "actions": len(history.records),
                      "notes": len(history.notes)}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--open", help=argparse.SUPPRESS)   # the child process's part
    args = parser.parse_args()
    if args.open:
        open_once(args.open)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.json"
        played = make_save(path, args.actions, args.seed)
        size_kb = path.stat().st_size / 1024
        runs = [json.loads(subprocess.run(
            [sys.executable, __file__, "--open", str(path)], check=True, capture_output=True,
            text=True).stdout) for _ in range(args.runs)]
    def median(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    seconds, peak = median("seconds"), median("peak_mb")
    rebuild, peak_rebuilt = median("rebuild"), median("peak_rebuilt_mb")
    print(f"save of {played} actions on the real board: {size_kb:.0f} KB")
    print(f"open (load_game, median of {args.runs} fresh processes): {seconds:.3f} s "
          f"(target < 0.5 s: {seconds / 0.5:.2f}x of it)")
    print(f"peak resident size after the open: {peak:.0f} MB (target < 200 MB: "
          f"{peak / 200:.2f}x of it)")
    print(f"rebuild of the story afterwards (history.rebuild(), in the background in the "
          f"window): {rebuild:.3f} s, {rebuild / played * 1000:.3f} ms per action")
    print(f"peak resident size after the rebuild: {peak_rebuilt:.0f} MB (target < 200 MB: "
          f"{peak_rebuilt / 200:.2f}x of it)")
    print(f"rebuilt with all {runs[0]['actions']} actions as undo history; "
          f"notes: {runs[0]['notes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
