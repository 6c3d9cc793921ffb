"""`pacific play`: whole games between computer players (issue 15), headless.

    pacific play --japan ai:hard --allies random --games 10 --seed 1 --rounds 15 [--json]

Prints, for each game and in total, the winner and why (or "undecided after R rounds" with each
side's production), the rounds played, and the median and longest time a computer turn took.
Game i (from 0) is played with dice seed S + i: the same command prints the same games."""

from __future__ import annotations

import argparse
import json
import sys
from statistics import median
from typing import Any

from pacific.cli.main import Command


def _seat(text: str) -> object:
    from pacific.ai.seats import parse_seat

    try:
        return parse_seat(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--japan", type=_seat, default="ai", metavar="PLAYER",
                   help="who plays Japan: ai, ai:easy, ai:normal, ai:hard or random "
                   "(default ai = ai:normal)")
    p.add_argument("--allies", type=_seat, default="random", metavar="PLAYER",
                   help="who plays the Allies (Great Britain and the United States), as "
                   "--japan (default random)")
    p.add_argument("--games", type=_positive, default=1, metavar="N", help="games to play")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="dice seed of the first game; game i uses S + i (default 1)")
    p.add_argument("--rounds", type=_positive, metavar="R",
                   help="stop a game after round R (undecided) instead of playing to the end")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--map", metavar="PATH", help="a map folder or board.json (default: the "
                   "installed Pacific map)")


def _seconds(times: list[float]) -> dict[str, float]:
    from pacific.ai.match import median_and_max

    middle, longest = median_and_max(times)
    return {"median": round(middle, 3), "max": round(longest, 3)}


def run(args: argparse.Namespace) -> int:
    from pacific.ai.match import play_game
    from pacific.ai.seats import Seat, parse_seat
    from pacific.rules.engine import Game
    from pacific.rules.errors import MapError
    from pacific.rules.mapfile import load_board
    from pacific.rules.maps import DEFAULT_MAP_ID, find_map
    from pacific.rules.nations import Side

    seats: dict[Side, Seat] = {
        Side.AXIS: args.japan if isinstance(args.japan, Seat) else parse_seat(args.japan),
        Side.ALLIES: args.allies if isinstance(args.allies, Seat) else parse_seat(args.allies),
    }
    try:
        board = load_board(args.map if args.map else find_map(DEFAULT_MAP_ID))
    except MapError as exc:
        print(f"pacific: {exc}", file=sys.stderr)
        return 1
    game = Game(board)
    games: list[dict[str, Any]] = []
    all_times: dict[Side, list[float]] = {side: [] for side in seats}
    wins = {Side.AXIS: 0, Side.ALLIES: 0}
    undecided = 0
    computers = [side for side, seat in seats.items() if seat.kind == "ai"]
    if not args.json:
        print(f"Japan: {seats[Side.AXIS].label}; Allies: {seats[Side.ALLIES].label}; "
              f"{args.games} game(s) from seed {args.seed}"
              + (f", at most {args.rounds} round{'' if args.rounds == 1 else 's'}"
                 if args.rounds else ""))
    for i in range(args.games):
        seed = args.seed + i
        players = {side: seat.player(game, seed, side) for side, seat in seats.items()}
        report = play_game(game, players, seed, rounds=args.rounds)
        if report.winner is None:
            undecided += 1
        else:
            wins[report.winner] += 1
        entry: dict[str, Any] = {
            "game": i + 1, "seed": seed,
            "winner": report.winner.value if report.winner else None,
            "reason": report.reason, "rounds": report.rounds,
            "production": {"japan": report.production[Side.AXIS],
                           "allies": report.production[Side.ALLIES]},
            "turn_seconds": {side.value: _seconds(report.times(side)) for side in computers},
        }
        games.append(entry)
        for side in computers:
            all_times[side].extend(report.times(side))
        if not args.json:
            print(_game_line(entry))
            sys.stdout.flush()
    rounds = [g["rounds"] for g in games]
    totals = {
        "games": args.games, "japan_wins": wins[Side.AXIS], "allies_wins": wins[Side.ALLIES],
        "undecided": undecided, "rounds": sum(rounds), "median_rounds": median(rounds),
        "turn_seconds": {side.value: _seconds(all_times[side]) for side in computers},
    }
    if args.json:
        json.dump({"japan": seats[Side.AXIS].label, "allies": seats[Side.ALLIES].label,
                   "seed": args.seed, "rounds": args.rounds, "games": games,
                   "total": totals}, sys.stdout, indent=2)
        print()
        return 0
    print(f"Total: Japan won {wins[Side.AXIS]}, the Allies won {wins[Side.ALLIES]}, "
          f"undecided {undecided} of {args.games}; {sum(rounds)} rounds played, "
          f"median {median(rounds):g} a game")
    for side in computers:
        t = totals["turn_seconds"][side.value]
        print(f"  computer turn ({side.value}): median {t['median']:.2f} s, "
              f"max {t['max']:.2f} s")
    return 0


def _game_line(entry: dict[str, Any]) -> str:
    head = f"game {entry['game']} (seed {entry['seed']}): "
    if entry["winner"] is not None:
        who = "Japan" if entry["winner"] == "axis" else "the Allies"
        head += f"{who} won in round {entry['rounds']}: {entry['reason']}"
    else:
        p = entry["production"]
        head += f"{entry['reason']}; production Japan {p['japan']}, Allies {p['allies']}"
    for side, t in entry["turn_seconds"].items():
        head += f" [{side} turns: median {t['median']:.2f} s, max {t['max']:.2f} s]"
    return head


COMMAND = Command(
    name="play",
    help="play whole games between computer players (ai[:level] or random), headless",
    add_arguments=add_arguments,
    run=run,
)
