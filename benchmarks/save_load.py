"""Opening a long saved game (issue 19): time and memory to open a save of about 3,000 actions
on the real board, against the issue's target (under 0.5 s and 200 MB). Prints figures;
asserts nothing.

    python benchmarks/save_load.py [--actions 3000] [--seed 7] [--runs 5]

The game is random self-play on the real board (one time in twenty the player ends the phase
when it can, otherwise a uniformly random action of `Game.play_actions`, so that the game
lasts; the first seed from ``--seed`` whose game reaches ``--actions`` is kept), saved with
`save_game`. Each opening runs in a fresh process (`load_game` with the real map resolver), so
its resident size is the whole cost of a player opening that file: Python, the map and the
game with its undo history. The figures are the median over ``--runs`` processes.

Measured on 2026-11-24 (main, idle 2-core machine): a 3,000-action save (688 KB) opens in 1.44 s
(0.48 ms per action, 2.9x the target) with a peak of 211 MB (1.05x the target). Issue 19 measured
2.8 ms and 414 KB per action before the snapshot-first saves. Nearly all the time is the replay
of the actions that rebuilds the undo history (history.apply: the legality checks, the moves,
copying the state); opening from the snapshot and replaying later (on the first undo, or in the
background) is what would reach the target.
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
    from pacific.rules.history import History
    from pacific.rules.mapfile import load_board
    from pacific.rules.savefile import save_game

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


def open_once(path: str) -> None:
    """In a fresh process: open the save, print seconds and peak resident MB as JSON."""
    from pacific.rules.maps import board_resolver
    from pacific.rules.savefile import load_game

    resolve = board_resolver()
    start = time.perf_counter()
    history = load_game(path, resolve)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "peak_mb": peak_mb,
                      "actions": len(history.records), "notes": len(history.notes)}))


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
    seconds = statistics.median(r["seconds"] for r in runs)
    peak = statistics.median(r["peak_mb"] for r in runs)
    print(f"save of {played} actions on the real board: {size_kb:.0f} KB")
    print(f"open (load_game, median of {args.runs} fresh processes): {seconds:.3f} s "
          f"(target < 0.5 s: {seconds / 0.5:.2f}x of it), {seconds / played * 1000:.3f} ms "
          "per action")
    print(f"peak resident size of the process: {peak:.0f} MB (target < 200 MB: "
          f"{peak / 200:.2f}x of it)")
    print(f"opened with all {runs[0]['actions']} actions as undo history; "
          f"notes: {runs[0]['notes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
