"""`pacific play`: whole games between computer players, headless.

    pacific play --japan ai:hard --allies random --games 10 --seed 1 --rounds 15 [--json]

Prints, for each game and in total, the winner and why (or "undecided after R rounds" with each
side's production), the rounds played, and the median and longest time a computer turn took.
Game i (from 0) is played with dice seed S + i: the same command prints the same games. The
text is in the active language (``pacific --lang it play ...``); ``--json`` keeps the
engine's ids and English reasons, for scripts."""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from statistics import median
from typing import TYPE_CHECKING, Any

from pacific.cli.main import Command
from pacific.rules.economy.events import GameWon
from pacific.text import N_, _, describe_event, error_text, ngettext

if TYPE_CHECKING:
    from pacific.rules.board_map import BoardMap
    from pacific.rules.events import Event

# What a player types for --japan and --allies (`pacific.ai.seats.parse_seat` reads them).
SEATS = "ai, ai:easy, ai:normal, ai:hard, random"


def _seat(text: str) -> object:
    from pacific.ai.seats import parse_seat

    try:
        return parse_seat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("unknown player {text}: use one of {seats}").format(
            text=repr(text), seats=SEATS)) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {text}").format(
            text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(
            value=value))
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--japan", type=_seat, default="ai", metavar="PLAYER",
                   help=_("who plays Japan: ai, ai:easy, ai:normal, ai:hard or random "
                          "(default ai = ai:normal)"))
    p.add_argument("--allies", type=_seat, default="random", metavar="PLAYER",
                   help=_("who plays the Allies (Great Britain and the United States), as "
                          "--japan (default random)"))
    p.add_argument("--games", type=_positive, default=1, metavar="N",
                   help=_("games to play"))
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help=_("dice seed of the first game; game i uses S + i (default 1)"))
    p.add_argument("--rounds", type=_positive, metavar="R",
                   help=_("stop a game after round R (undecided) instead of playing to the "
                          "end"))
    p.add_argument("--json", action="store_true",
                   help=_("print the results as JSON (in English, the engine's ids)"))
    p.add_argument("--map", metavar="PATH", help=_("a map folder or board.json (default: the "
                   "installed Pacific map)"))


def _seconds(times: list[float]) -> dict[str, float]:
    from pacific.ai.match import median_and_max

    middle, longest = median_and_max(times)
    return {"median": round(middle, 3), "max": round(longest, 3)}


def run(args: argparse.Namespace) -> int:
    from pacific.ai.match import play_game
    from pacific.ai.seats import Seat, parse_seat
    from pacific.rules.engine import Game
    from pacific.rules.errors import MapError
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.maps import DEFAULT_MAP_ID, find_map
    from pacific.rules.nations import Side

    seats: dict[Side, Seat] = {
        Side.AXIS: args.japan if isinstance(args.japan, Seat) else parse_seat(args.japan),
        Side.ALLIES: args.allies if isinstance(args.allies, Seat) else parse_seat(args.allies),
    }
    try:
        board = load_board(args.map if args.map else find_map(DEFAULT_MAP_ID))
    except MapError as exc:
        print(_("pacific: {message}").format(message=error_text(exc)), file=sys.stderr)
        return 1
    game = Game(board)
    games: list[dict[str, Any]] = []
    all_times: dict[Side, list[float]] = {side: [] for side in seats}
    wins = {Side.AXIS: 0, Side.ALLIES: 0}
    undecided = 0
    computers = [side for side, seat in seats.items() if seat.kind == "ai"]
    if not args.json:
        print(_heading(seats[Side.AXIS].label, seats[Side.ALLIES].label, args))
    for i in range(args.games):
        seed = args.seed + i
        players = {side: seat.player(game, seed, side) for side, seat in seats.items()}
        won: list[GameWon] = []
        report = play_game(game, players, seed, rounds=args.rounds,
                           observe=partial(_collect_wins, won))
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
            print(_game_line(entry, _why(won, board, report.reason)))
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
    print(ngettext("Total: Japan won {japan}, the Allies won {allies}, undecided {undecided} "
                   "of {games}; {count} round played, median {median:g} a game",
                   "Total: Japan won {japan}, the Allies won {allies}, undecided {undecided} "
                   "of {games}; {count} rounds played, median {median:g} a game",
                   sum(rounds)).format(
                       japan=wins[Side.AXIS], allies=wins[Side.ALLIES], undecided=undecided,
                       games=args.games, count=sum(rounds), median=median(rounds)))
    for side in computers:
        t = totals["turn_seconds"][side.value]
        print("  " + _("computer turns of {side}: median {median:.2f} s, longest {longest:.2f} "
                       "s").format(side=_side(side.value), median=t["median"],
                                   longest=t["max"]))
    return 0


def _heading(japan: str, allies: str, args: argparse.Namespace) -> str:
    text = ngettext("Japan: {japan}; Allies: {allies}; {count} game from seed {seed}",
                    "Japan: {japan}; Allies: {allies}; {count} games from seed {seed}",
                    args.games).format(japan=japan, allies=allies, count=args.games,
                                       seed=args.seed)
    if args.rounds:
        text += ngettext(", at most {count} round", ", at most {count} rounds",
                         args.rounds).format(count=args.rounds)
    return text


def _collect_wins(won: list[GameWon], _before: object, _action: object, _after: object,
                  events: list[Event]) -> None:
    won.extend(e for e in events if isinstance(e, GameWon))


def _why(won: list[GameWon], board: BoardMap, reason: str) -> str:
    """Who won a game and why, in the active language (its `GameWon` event; every victory
    emits one), or the report's English reason when no event says it."""
    return describe_event(won[-1], board) if won else reason


# The side names of the JSON output ("axis", "allies") as the text names the sides.
_SIDES = {"axis": N_("Japan"), "allies": N_("the Allies")}


def _side(value: str) -> str:
    return _(_SIDES[value])


def _game_line(entry: dict[str, Any], why: str) -> str:
    number, seed, rounds = entry["game"], entry["seed"], entry["rounds"]
    if entry["winner"] is not None:
        # ``why`` names the winner ("The Allies win: ...").
        line = _("game {number} (seed {seed}), round {round}: {why}").format(
            number=number, seed=seed, round=rounds, why=why)
    else:
        p = entry["production"]
        line = ngettext("game {number} (seed {seed}): undecided after {count} round; "
                        "production Japan {japan}, Allies {allies}",
                        "game {number} (seed {seed}): undecided after {count} rounds; "
                        "production Japan {japan}, Allies {allies}", rounds).format(
                            number=number, seed=seed, count=rounds, japan=p["japan"],
                            allies=p["allies"])
    for side, t in entry["turn_seconds"].items():
        line += " " + _("[turns of {side}: median {median:.2f} s, longest {longest:.2f} s]"
                        ).format(side=_side(side), median=t["median"], longest=t["max"])
    return line


COMMAND = Command(
    name="play",
    help=N_("play whole games between computer players (ai[:level] or random), headless"),
    add_arguments=add_arguments,
    run=run,
)
