"""Blunders of the computer player, counted over whole games (`pacific.ai.blunders`): loaded
transports and fleets left where the enemy wins at >= 0.8, conquests left open to a walk-in,
the same purchase four turns running while the threats changed, idle capital stacks; and on a
line of its own, aircraft lost for want of a landing place at the end of non-combat movement
(R-AIR-3), counted from the engine's own events.

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
from pacific.ai.view import side_of_power
from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.events import Event
from pacific.rules.files.mapfile import load_board
from pacific.rules.movement.events import AircraftLost
from pacific.rules.nations import Side
from pacific.rules.state import GameState

ROOT = Path(__file__).resolve().parent.parent


class Unlanded:
    """Aircraft lost at the end of non-combat movement with no place to land (R-AIR-3), by
    side: the engine's `AircraftLost` events, read as the game is played."""

    def __init__(self, counter: BlunderCounter) -> None:
        self.counter = counter
        self.lost = {side: 0 for side in Side}
        self.found: list[str] = []

    def observe(self, before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        self.counter.observe(before, action, after, events)
        for event in events:
            if isinstance(event, AircraftLost) and event.rule == "R-AIR-3":
                side = side_of_power(before.power)
                self.lost[side] += len(event.units)
                self.found.append(f"round {before.round} {before.power.value}: unlanded "
                                  f"{event.space} {len(event.units)} aircraft")


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
    unlanded = {side: 0 for side in Side}
    for i in range(args.games):
        seed = args.seed + i
        game = Game(board)
        seat = parse_seat(f"ai:{args.level}")
        players = {side: seat.player(game, seed, side) for side in Side}
        counter = BlunderCounter(game)
        lost = Unlanded(counter)
        report = play_game(game, players, seed, rounds=args.rounds, observe=lost.observe)
        japan_wins += report.winner is Side.AXIS
        line = []
        for side in Side:
            counts = counter.counts(side)
            for kind in CLASSES:
                totals[side][kind] += counts[kind]
            unlanded[side] += lost.lost[side]
            line.append(f"{side.value} " + " ".join(f"{counts[k]}" for k in CLASSES))
        print(f"seed {seed}: {report.summary()}; blunders {'; '.join(line)}", flush=True)
        if args.list:
            for blunder in counter.found:
                print(f"    round {blunder.round} {blunder.power.value}: {blunder.kind} "
                      f"{blunder.where} {blunder.detail}")
            for text in lost.found:
                print(f"    {text}")
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
    # Not one of the five classes (aircraft, not turns): the R-AIR-3 losses.
    print(f"{'unlanded air':<14} {unlanded[Side.AXIS]:>6} {unlanded[Side.ALLIES]:>7}  "
          "(aircraft lost for want of a landing, R-AIR-3)")


if __name__ == "__main__":
    main()
