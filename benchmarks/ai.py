"""The computer player's targets, measured and printed side by side:

- it wins at least 95% of games against the random player, playing either side;
- hard beats easy in at least 70% of games, playing either side;
- computer against computer at the same level ends in a win within 15 rounds in at least 60%
  of games;
- a computer turn takes at most 3 s (median) and 15 s (maximum) on this machine.

    .venv/bin/python benchmarks/ai.py [--games 10] [--seed 1] [--level normal] [--jobs 1]

Game i of a match uses dice seed S + i, as `pacific play` does, so every figure can be replayed
with `pacific play --japan ... --allies ... --seed ... --games ...`. Turn times are wall-clock
(thinking plus applying the actions, what a player waits for), so they depend on the machine's
load: the load average is printed with them."""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from statistics import median

from pacific.ai.match import GameReport, play_game
from pacific.ai.seats import Seat, parse_seat
from pacific.rules.engine import Game
from pacific.rules.mapfile import load_board
from pacific.rules.nations import Side

ROOT = Path(__file__).resolve().parent.parent
# Games against the random player and between levels are played to the end, up to this round.
LONG_GAME = 25
SAME_LEVEL_ROUNDS = 15


@dataclass(frozen=True)
class Match:
    name: str
    japan: str
    allies: str
    rounds: int


def _play(task: tuple[Match, int]) -> tuple[Match, GameReport]:
    match, seed = task
    game = Game(load_board(ROOT / "maps" / "pacific"))
    seats: dict[Side, Seat] = {Side.AXIS: parse_seat(match.japan),
                               Side.ALLIES: parse_seat(match.allies)}
    players = {side: seat.player(game, seed, side) for side, seat in seats.items()}
    return match, play_game(game, players, seed, rounds=match.rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per match (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal",
                        help="the level that plays the random player and itself")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--only", nargs="*", help="match names to play (default: all)")
    args = parser.parse_args()
    level = args.level
    matches = [
        Match("ai-japan-vs-random", f"ai:{level}", "random", LONG_GAME),
        Match("ai-allies-vs-random", "random", f"ai:{level}", LONG_GAME),
        Match("hard-japan-vs-easy", "ai:hard", "ai:easy", LONG_GAME),
        Match("hard-allies-vs-easy", "ai:easy", "ai:hard", LONG_GAME),
        Match("same-level", f"ai:{level}", f"ai:{level}", SAME_LEVEL_ROUNDS),
    ]
    if args.only:
        matches = [m for m in matches if m.name in args.only]
    tasks = [(m, args.seed + i) for m in matches for i in range(args.games)]
    started = time.perf_counter()
    results: dict[str, list[GameReport]] = {m.name: [] for m in matches}
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            for match, report in pool.imap_unordered(_play, tasks):
                results[match.name].append(report)
                _progress(match, report)
    else:
        for task in tasks:
            match, report = _play(task)
            results[match.name].append(report)
            _progress(match, report)
    elapsed = time.perf_counter() - started
    _table(matches, results, elapsed)


def _progress(match: Match, report: GameReport) -> None:
    times = [t for side in (Side.AXIS, Side.ALLIES) if _computer(match, side)
             for t in report.times(side)]
    name = match.name
    print(f"  {name} seed {report.seed}: {report.summary()} "
          f"(turns median {median(times) if times else 0:.2f} s, "
          f"max {max(times) if times else 0:.2f} s)", flush=True)


def _share(reports: list[GameReport], side: Side, within: int | None = None) -> float:
    wins = [r for r in reports if r.winner is side and (within is None or r.rounds <= within)]
    return len(wins) / len(reports) if reports else 0.0


def _table(matches: list[Match], results: dict[str, list[GameReport]], elapsed: float) -> None:
    rows: list[tuple[str, str, str, bool]] = []

    def row(label: str, target: str, measured: float, ok: bool, unit: str = "%") -> None:
        shown = f"{measured:.0%}" if unit == "%" else f"{measured:.2f} s"
        rows.append((label, target, shown, ok))

    names = {m.name for m in matches}
    # (match, label, the side that should win, the share of wins wanted)
    for name, label, side, wanted in (
            ("ai-japan-vs-random", "computer (Japan) beats random", Side.AXIS, 0.95),
            ("ai-allies-vs-random", "computer (Allies) beats random", Side.ALLIES, 0.95),
            ("hard-japan-vs-easy", "hard (Japan) beats easy", Side.AXIS, 0.70),
            ("hard-allies-vs-easy", "hard (Allies) beats easy", Side.ALLIES, 0.70)):
        if name in names:
            share = _share(results[name], side)
            row(label, f">= {wanted:.0%}", share, share >= wanted)
    if "same-level" in names:
        reports = results["same-level"]
        share = _share(reports, Side.AXIS, SAME_LEVEL_ROUNDS) + _share(
            reports, Side.ALLIES, SAME_LEVEL_ROUNDS)
        row(f"same level ends in a win within {SAME_LEVEL_ROUNDS} rounds", ">= 60%", share,
            share >= 0.60)
    by_name = {m.name: m for m in matches}
    times = [t for name, reports in results.items() for r in reports
             for side in (Side.AXIS, Side.ALLIES) if _computer(by_name[name], side)
             for t in r.times(side)]
    cpu = [t for name, reports in results.items() for r in reports
           for side in (Side.AXIS, Side.ALLIES) if _computer(by_name[name], side)
           for t in r.turn_cpu.get(side, [])]
    if times:
        row("median computer turn", "<= 3 s", median(times), median(times) <= 3, "s")
        row("max computer turn", "<= 15 s", max(times), max(times) <= 15, "s")
        row("  the same in processor time: median", "", median(cpu), True, "s")
        row("  the same in processor time: max", "", max(cpu), True, "s")
    width = max(len(r[0]) for r in rows)
    print()
    print(f"{'target'.ljust(width)}  {'wanted':>8}  {'measured':>9}  ")
    for label, target, measured, ok in rows:
        status = "" if not target else "ok" if ok else "MISSED"
        print(f"{label.ljust(width)}  {target:>8}  {measured:>9}  {status}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    games = sum(len(r) for r in results.values())
    print(f"\n{games} games in {elapsed:.0f} s; load average {load:.1f} on "
          f"{os.cpu_count()} CPUs")
    for name, reports in results.items():
        decided = [r for r in reports if r.winner is not None]
        rounds = median([r.rounds for r in decided]) if decided else 0
        print(f"  {name}: Japan {_share(reports, Side.AXIS):.0%}, Allies "
              f"{_share(reports, Side.ALLIES):.0%}, undecided "
              f"{1 - _share(reports, Side.AXIS) - _share(reports, Side.ALLIES):.0%}; "
              f"median rounds of a decided game {rounds}")


def _computer(match: Match, side: Side) -> bool:
    """Turn times are kept for every side; only computer players' count."""
    return parse_seat(match.japan if side is Side.AXIS else match.allies).kind == "ai"


if __name__ == "__main__":
    main()
