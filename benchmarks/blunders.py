"""Blunders of the computer player, counted over whole games (`pacific.ai.blunders`): loaded
transports and fleets left where the enemy wins at >= 0.8, conquests left open to a walk-in,
the same purchase four turns running while the threats changed, idle capital stacks.

    .venv/bin/python benchmarks/blunders.py [--games 20] [--seed 1] [--level hard]
        [--rounds 25] [--list]

Each game is the level against itself (seed S + i, as `pacific play` numbers them); the table
gives each class's count for Japan and for the Allies, and the target (0 for every class). The
games are those of `benchmarks/ai.py`'s "same" group for the level, so Japan's wins are printed
too (its target: 45-65%)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from pacific.ai.blunders import CLASSES, BlunderCounter
from pacific.ai.match import play_game
from pacific.ai.seats import parse_seat
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Side

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--list", action="store_true", help="print every blunder found")
    args = parser.parse_args()
    board = load_board(ROOT / "maps" / "pacific")
    totals = {side: {kind: 0 for kind in CLASSES} for side in Side}
    started = time.process_time()
    japan_wins = 0
    for i in range(args.games):
        seed = args.seed + i
        game = Game(board)
        seat = parse_seat(f"ai:{args.level}")
        players = {side: seat.player(game, seed, side) for side in Side}
        counter = BlunderCounter(game)
        report = play_game(game, players, seed, rounds=args.rounds, observe=counter.observe)
        japan_wins += report.winner is Side.AXIS
        line = []
        for side in Side:
            counts = counter.counts(side)
            for kind in CLASSES:
                totals[side][kind] += counts[kind]
            line.append(f"{side.value} " + " ".join(f"{counts[k]}" for k in CLASSES))
        print(f"seed {seed}: {report.summary()}; blunders {'; '.join(line)}", flush=True)
        if args.list:
            for blunder in counter.found:
                print(f"    round {blunder.round} {blunder.power.value}: {blunder.kind} "
                      f"{blunder.where} {blunder.detail}")
    print()
    print(f"{args.games} games, {args.level} against {args.level}, "
          f"{time.process_time() - started:.0f} s of processor time")
    share = japan_wins / args.games if args.games else 0.0
    print(f"Japan won {japan_wins} of {args.games} ({share:.0%}; wanted 45-65%: "
          f"{'ok' if 0.45 <= share <= 0.65 else 'MISSED'})")
    print(f"{'class':<14} {'Japan':>6} {'Allies':>7}  target")
    for kind in CLASSES:
        japan, allies = totals[Side.AXIS][kind], totals[Side.ALLIES][kind]
        status = "ok" if japan + allies == 0 else "MISSED"
        print(f"{kind:<14} {japan:>6} {allies:>7}  0 {status}")


if __name__ == "__main__":
    main()
