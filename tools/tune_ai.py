"""Tune the computer player's evaluation weights by self-play against a fixed version.

    .venv/bin/python tools/tune_ai.py [--against HEAD] [--level hard] [--games 4]
        [--rounds 15] [--weights pacific.ai.attacks.COUNTER_WEIGHT ...]

Coordinate by coordinate, each weight is tried at 0.5, 0.75, 1.25 and 1.5 times its value;
each candidate plays ``--games`` seeds on both sides against the player of revision
``--against`` (run from a temporary `git worktree` in its own process, as
`benchmarks/ai.py --base` does, so that the two sides never share a weight), and a change is
kept when it wins more games than the weights before it. The weights found are printed, to be
written into the code by hand; the tuning keeps nothing else."""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from ai import BasePlayer  # noqa: E402  (benchmarks/ai.py: the other version's player)

from pacific.ai.match import play_game  # noqa: E402
from pacific.ai.seats import parse_seat  # noqa: E402
from pacific.rules.engine import Game  # noqa: E402
from pacific.rules.files.mapfile import load_board  # noqa: E402
from pacific.rules.nations import Side  # noqa: E402

WEIGHTS = (
    "pacific.ai.attacks.COUNTER_WEIGHT",
    "pacific.ai.attacks.HOLD_TURNS",
    "pacific.ai.values.JAPAN_WEIGHT",
    "pacific.ai.values.STARVE_BONUS",
    "pacific.ai.noncombat.UNSAFE",
    "pacific.ai.search.MARGIN",
    "pacific.ai.search.EXPOSURE_WEIGHT",
)
FACTORS = (0.5, 0.75, 1.25, 1.5)


def _set(name: str, value: float) -> None:
    module, _, attribute = name.rpartition(".")
    setattr(importlib.import_module(module), attribute, value)


def _get(name: str) -> float:
    module, _, attribute = name.rpartition(".")
    return float(getattr(importlib.import_module(module), attribute))


def score(worktree: Path, level: str, games: int, rounds: int) -> int:
    """Games the weights set now win against the other version, both sides."""
    board = load_board(ROOT / "maps" / "pacific")
    won = 0
    for seed in range(1, games + 1):
        for side in Side:
            game = Game(board)
            other = BasePlayer(worktree, level, seed)
            players = {side: parse_seat(f"ai:{level}").player(game, seed, side),
                       (Side.ALLIES if side is Side.AXIS else Side.AXIS): other}
            try:
                report = play_game(game, players, seed, rounds=rounds,
                                   observe=other.observe)
            finally:
                other.close()
            won += report.winner is side
    return won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="HEAD")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--weights", nargs="*", default=list(WEIGHTS))
    args = parser.parse_args()
    worktree = Path(tempfile.mkdtemp(prefix="pacific-tune-"))
    subprocess.run(["git", "worktree", "add", "--detach", str(worktree), args.against],
                   cwd=ROOT, check=True, capture_output=True)
    try:
        best = score(worktree, args.level, args.games, args.rounds)
        print(f"starting weights win {best} of {2 * args.games}", flush=True)
        for name in args.weights:
            start = _get(name)
            kept = start
            for factor in FACTORS:
                _set(name, start * factor)
                won = score(worktree, args.level, args.games, args.rounds)
                print(f"  {name} = {start * factor:g}: {won} of {2 * args.games}", flush=True)
                if won > best:
                    best, kept = won, start * factor
            _set(name, kept)
            print(f"{name}: {kept:g}", flush=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT,
                       check=False, capture_output=True)


if __name__ == "__main__":
    main()
