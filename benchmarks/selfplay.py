"""Random self-play throughput: legal actions listed and applied per second, game rounds per
second, and the cost of a save-file load (which replays every action). Prints figures; asserts
nothing.

    /work/venv-dev/bin/python benchmarks/selfplay.py [--map maps/pacific] [--actions 2000]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.history import History

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--map", default=str(ROOT / "maps" / "pacific"))
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board = load_board(args.map)
    game = Game(board)
    rng = random.Random(args.seed)
    history = History(game, game.new_game(players=3, seed=args.seed))
    listed = applied = 0
    list_time = apply_time = 0.0
    start_round = history.state.round
    while applied < args.actions and history.state.winner is None:
        t0 = time.perf_counter()
        actions = list(game.legal_actions(history.state))
        t1 = time.perf_counter()
        ends = [a for a in actions if a.kind == "end_phase"]
        action = ends[0] if ends and rng.random() < 0.25 else rng.choice(actions)
        history.apply(action)
        t2 = time.perf_counter()
        listed += len(actions)
        applied += 1
        list_time += t1 - t0
        apply_time += t2 - t1
    total = list_time + apply_time
    rounds = history.state.round - start_round + (history.state.winner is not None)
    print(f"map {board.id}: {applied} actions, {rounds} rounds, "
          f"{history.state.win_reason or 'no winner yet'}")
    print(f"  self-play: {applied / total:8.1f} actions/s, {rounds / total:6.2f} rounds/s "
          f"({total:.1f} s)")
    print(f"  legal_actions: {list_time / applied * 1000:6.2f} ms a call "
          f"({listed / applied:.1f} actions listed on average)")
    print(f"  apply:         {apply_time / applied * 1000:6.2f} ms an action")
    text = dumps(history).encode("utf-8")
    t0 = time.perf_counter()
    parse_save(text, lambda _id: board, "bench")
    t1 = time.perf_counter()
    print(f"  save file: {len(text) / 1024:.0f} KiB, load with replay {t1 - t0:.2f} s")


if __name__ == "__main__":
    main()
