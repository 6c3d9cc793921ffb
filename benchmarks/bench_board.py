"""Time to load and check the real board (maps/pacific), the work `pacific check-map` and the
GUI's start do. Prints figures; asserts nothing.

    /work/venv-dev/bin/python benchmarks/bench_board.py [--rounds 50] [--smoke]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from pacific.rules.files.mapcheck import check_board
from pacific.rules.files.mapfile import load_board

BOARD = Path(__file__).resolve().parent.parent / "maps" / "pacific"


def main(rounds: int = 50) -> None:
    t0 = time.perf_counter()
    for _ in range(rounds):
        board = load_board(BOARD)
    t1 = time.perf_counter()
    for _ in range(rounds):
        fresh = load_board(BOARD)
        errors = check_board(fresh)
    t2 = time.perf_counter()
    assert not errors
    print(f"load_board(maps/pacific): {(t1 - t0) / rounds * 1000:.2f} ms "
          f"({len(board.territories)} territories, {len(board.adjacency)} connections)")
    print(f"load + check_board:       {(t2 - t1) / rounds * 1000:.2f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--smoke", action="store_true", help="one round (tests/test_benchmarks.py)")
    args = parser.parse_args()
    main(1 if args.smoke else args.rounds)
