"""Headless game commands: ``pacific new``, ``legal``, ``apply`` and ``show``.

They are how testers drive the engine without the GUI. Every command reads and writes save
files (`pacific.rules.files.savefile`); the input file of ``apply`` is never changed. What they
print for a person is in the active language (``pacific --lang it``), through `pacific.text`;
JSON output (``--json``, the actions ``legal`` lists) keeps the engine's ids.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from pacific.cli.main import Command
from pacific.text import (
    N_,
    _,
    describe_action,
    describe_decision,
    describe_event,
    error_text,
    message_text,
    nation_name,
    phase_name,
    place_text,
    power_name,
    refusal_text,
    win_text,
)

EXIT_ERROR = 1   # unreadable file, unknown map
EXIT_ILLEGAL = 2  # an action the rules refuse, or one that is not well formed


def _add_map(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help=_("a map folder or board.json (default: the "
                   "map the game was saved on, from the installed maps)"))


def _add_edited(p: argparse.ArgumentParser) -> None:
    p.add_argument("--edited", action="store_true", help=_(
        "open a saved position that was changed outside the game, rather than where the "
        "game's own actions lead"))


def _fail(message: str, code: int = EXIT_ERROR) -> int:
    print(_("pacific: {message}").format(message=message), file=sys.stderr)
    return code


def _seed(text: str) -> int:
    """A --seed: a whole number 0..2**63-1, like the seeds save files hold."""
    from pacific.rules.fields import MAX_SEED
    from pacific.rules.files.jsonfile import excerpt

    if not text.isascii() or not text.isdigit() or len(text) > 19 or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number from 0 to {most}")
                                         .format(text=excerpt(text), most=MAX_SEED))
    return int(text)


def _players(text: str) -> int:
    """--players: 2 or 3, read without converting whatever was typed."""
    from pacific.rules.files.jsonfile import excerpt

    if text not in ("2", "3"):
        raise argparse.ArgumentTypeError(_("{text} is not 2 or 3").format(text=excerpt(text)))
    return int(text)


# ---- new ----

def _new_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_players, default=3, metavar="{2,3}",
                   help=_("2 (Japan against the Allies) or 3 players (default 3)"))
    p.add_argument("--seed", type=_seed, help=_("dice seed (default: a random one)"))
    p.add_argument("-o", "--output", required=True, metavar="GAME.json",
                   help=_("the saved game to write"))
    p.add_argument("--scenario", metavar="FILE.json", help=_(
        "start from the position in this scenario file (docs/scenarios.md) instead of the "
        "standard start; its map and players are used"))
    _add_map(p)


def _run_new(args: argparse.Namespace) -> int:
    from pacific.rules.engine import Game
    from pacific.rules.errors import MapError, SaveFileError
    from pacific.rules.files.mapfile import load_board
    from pacific.rules.files.maps import DEFAULT_MAP_ID, find_map
    from pacific.rules.files.savefile import save_game
    from pacific.rules.files.scenario import ScenarioError, read_scenario, scenario_state
    from pacific.rules.history import History

    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        scenario = read_scenario(args.scenario) if args.scenario else None
        map_id = scenario.map_id if scenario is not None else DEFAULT_MAP_ID
        board = load_board(args.map if args.map else find_map(map_id))
        game = Game(board)
        if scenario is not None:
            start = scenario_state(board, scenario, seed, args.scenario)
        else:
            start = game.new_game(players=args.players, seed=seed)
        save_game(args.output, History(game, start))
    except (MapError, SaveFileError, ScenarioError) as exc:
        return _fail(error_text(exc))
    if scenario is not None:
        print(_("Scenario {scenario} on map '{map_id}', seed {seed}: {path}").format(
            scenario=args.scenario, map_id=board.id, seed=seed, path=args.output))
    else:
        print(_("New {players}-player game on map '{map_id}', seed {seed}: {path}").format(
            players=args.players, map_id=board.id, seed=seed, path=args.output))
    return 0


# ---- shared loading ----

def _load(args: argparse.Namespace) -> Any:
    """The History of ``args.game``; raises SaveFileError. What loading noticed (a save
    opened from its position because its actions replay differently today) goes to stderr."""
    from pacific.rules.files.maps import board_resolver
    from pacific.rules.files.savefile import load_game, offers_edited

    history = load_game(args.game, board_resolver(args.map), getattr(args, "edited", False))
    for note in history.notes:
        print(_("pacific: note: {note}").format(note=message_text(note, history.game.board)),
              file=sys.stderr)
    if offers_edited(history):
        print(_("pacific: note: add --edited to open the changed position instead"),
              file=sys.stderr)
    return history


# ---- legal ----

def _legal_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME.json")
    p.add_argument("--json", action="store_true", help=_("one JSON array of actions"))
    _add_map(p)
    _add_edited(p)


def _run_legal(args: argparse.Namespace) -> int:
    from pacific.rules.errors import SaveFileError

    try:
        history = _load(args)
    except SaveFileError as exc:
        return _fail(error_text(exc))
    board, state = history.game.board, history.state
    actions = list(history.game.legal_actions(state))
    if args.json:
        print(json.dumps([a.model_dump(mode="json") for a in actions], indent=1))
    else:
        for a in actions:
            print(f"{describe_action(a, board, state)}\t{a.to_json()}")
        if not actions:
            print(_("No legal actions: {reason}").format(
                reason=win_text(history) or _("nothing to do.")))
    return 0


# ---- apply ----

def _apply_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME.json")
    p.add_argument("actions", metavar="ACTIONS.jsonl",
                   help=_("one JSON action per line ('-' for standard input; # starts a "
                          "comment)"))
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--dice", metavar="3,5,1", help=_("dice to use, in order, instead of the "
                      "game's seeded dice"))
    dice.add_argument("--table-dice", action="store_true", help=_(
        "dice are typed in: where the rules call for dice the game waits for a roll_dice "
        "action (see docs/actions.md, Dice)"))
    p.add_argument("-o", "--output", metavar="OUT.json", help=_(
        "write the resulting game here (the input file is never changed)"))
    _add_map(p)
    _add_edited(p)


# An action file: one action a line, as many as a save may hold (bounded, like every
# file Pacific reads).
MAX_ACTION_FILE_BYTES = 8 * 1024 * 1024


def _read_lines(name: str) -> list[tuple[int, str]]:
    """The numbered action lines of ``name`` ('-': standard input), comments and blank lines
    left out.

    Raises:
        JsonFileError: not a regular file, too large, not UTF-8, or more actions than a saved
            game may hold.
    """
    from pacific.rules.files.jsonfile import JsonFileError, read_limited
    from pacific.rules.files.savefile import MAX_SAVE_ACTIONS

    what = N_("action file")
    if name == "-":
        raw = sys.stdin.buffer.read(MAX_ACTION_FILE_BYTES + 1)
        if len(raw) > MAX_ACTION_FILE_BYTES:
            raise JsonFileError("the action file is more than the {limit:,} bytes allowed",
                                limit=MAX_ACTION_FILE_BYTES).at("-")
    else:
        raw = read_limited(Path(name), what=what, max_bytes=MAX_ACTION_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonFileError("the action file is not UTF-8 text (byte {byte})",
                            byte=exc.start).at(name) from None
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [(n, line) for n, line in lines if line and not line.startswith("#")]
    if len(lines) > MAX_SAVE_ACTIONS:
        raise JsonFileError("{count:,} actions, more than the {limit:,} a saved game may hold",
                            count=len(lines), limit=MAX_SAVE_ACTIONS).at(name)
    return lines


def _dice(text: str) -> list[int]:
    """--dice "3,5,1": each value one digit from 1 to 6."""
    from pacific.rules.files.jsonfile import excerpt

    values = text.split(",")
    for value in values:
        if value.strip() not in ("1", "2", "3", "4", "5", "6"):
            raise ValueError(_("a die shows 1 to 6, not {value}").format(
                value=excerpt(value.strip())))
    return [int(v) for v in values]


def _run_apply(args: argparse.Namespace) -> int:
    from pacific.rules.actions import ActionFormatError, parse_action
    from pacific.rules.dice import ChanceDice, DiceSource, FixedDice
    from pacific.rules.errors import DiceExhausted, IllegalAction, SaveFileError
    from pacific.rules.files.jsonfile import JsonFileError
    from pacific.rules.files.savefile import MAX_SAVE_ACTIONS, save_game

    dice: DiceSource | None = ChanceDice() if args.table_dice else None
    if args.dice:
        try:
            dice = FixedDice(_dice(args.dice))
        except ValueError as exc:
            return _fail(f"--dice: {exc}", EXIT_ILLEGAL)
    try:
        lines = _read_lines(args.actions)  # cheap checks first: the file, before the game
        history = _load(args)
    except (SaveFileError, JsonFileError) as exc:
        return _fail(error_text(exc))
    board = history.game.board
    for number, text in lines:
        where = f"{args.actions}:{number}"
        if len(history.records) >= MAX_SAVE_ACTIONS:
            return _fail(_("{where}: the game already holds {count:,} actions, the most a "
                           "saved game may hold").format(where=where, count=MAX_SAVE_ACTIONS))
        try:
            action = parse_action(text)
        except ActionFormatError as exc:
            # What is wrong, in the terms of the action format (docs/actions.md).
            return _fail(_("{where}: not a valid action: {problem}").format(
                where=where, problem=exc), EXIT_ILLEGAL)
        before = history.state
        try:
            events = history.apply(action, dice)
        except IllegalAction as exc:
            # The refusal in the player's language, with its rule's id, page and summary.
            print(_("{where}: illegal: {refusal}").format(
                where=where, refusal=refusal_text(exc, board)), file=sys.stderr)
            return EXIT_ILLEGAL
        except DiceExhausted as exc:
            return _fail(f"{where}: {exc}", EXIT_ILLEGAL)
        print(f"> {describe_action(action, board, before)}")
        for event in events:
            print(f"  {describe_event(event, board, before)}")
    if args.output:
        try:
            save_game(args.output, history)
        except SaveFileError as exc:
            return _fail(error_text(exc))
    return 0


# ---- show ----

def _show_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME.json")
    p.add_argument("--json", action="store_true", help=_("the situation as JSON"))
    p.add_argument("--scenario", action="store_true", help=_(
        "the position as a scenario file (docs/scenarios.md), for `pacific new --scenario`"))
    _add_map(p)
    _add_edited(p)


def situation(history: Any) -> dict[str, Any]:
    """The situation of a game as plain data: turn, nation, phase, treasuries, production,
    VP, kamikaze tokens, units by place."""
    from pacific.rules.engine import Game
    from pacific.rules.nations import Nation

    board, state = history.game.board, history.state
    report = history.game.production_report(state)
    units: dict[str, dict[str, int]] = {}
    for u in sorted(state.units.values(), key=lambda u: (u.space, u.owner, u.type)):
        key = f"{u.owner.value} {u.type.value}"
        place = units.setdefault(u.space, {})
        place[key] = place.get(key, 0) + 1
    return {
        "map_id": state.map_id, "round": state.round, "power": state.power.value,
        "phase": state.phase.value, "phase_number": state.phase.number,
        "acting_power": Game.current_power(state).value,
        "pending": (f"{state.pending.power.value}: {state.pending.describe(board.name)}"
                    if state.pending else None),
        "decision": state.pending.model_dump(mode="json") if state.pending else None,
        "treasury": {n.value: state.treasury.get(n, 0) for n in Nation if n is not Nation.CHINA},
        "production": {n.value: level for n, level in report.levels.items()},
        "british_convoys": report.british_convoys,
        "victory_points": state.victory_points, "kamikaze_tokens": state.kamikaze_tokens,
        "china_infantry_due": state.china_infantry_due,
        "purchased": {n.value: {t.value: c for t, c in held.items()}
                      for n, held in state.purchased.items()},
        "winner": state.winner.value if state.winner else None,
        "win_reason": state.win_reason, "units": units,
    }


def _run_show(args: argparse.Namespace) -> int:
    from pacific.rules.engine import Game
    from pacific.rules.errors import SaveFileError

    try:
        history = _load(args)
    except SaveFileError as exc:
        return _fail(error_text(exc))
    if args.scenario:
        return _print_scenario(history)
    info = situation(history)
    if args.json:
        print(json.dumps(info, indent=1))
        return 0
    board, state = history.game.board, history.state
    print(_("Round {round}, {power}, phase {number} ({phase}); to act: {acting}").format(
        round=state.round, power=power_name(state.power), number=state.phase.number,
        phase=phase_name(state.phase), acting=power_name(Game.current_power(state))))
    if state.pending is not None:
        print(_("Waiting for: {decision}").format(
            decision=describe_decision(state.pending, board, state)))
    won = win_text(history)
    if won:
        print(won)
    report = history.game.production_report(state)
    names = {n: nation_name(n) for n in report.levels}
    width = max(len(name) for name in names.values()) + 1
    for nation, level in report.levels.items():
        print("  " + _("{nation} {treasury} IPC   production {level}").format(
            nation=names[nation].ljust(width), treasury=f"{state.treasury.get(nation, 0):>4}",
            level=f"{level:>3}"))
    print("  " + _("British convoys {convoys}; Japan VP {vp}, kamikaze {kamikaze}").format(
        convoys=report.british_convoys, vp=state.victory_points,
        kamikaze=state.kamikaze_tokens))
    for space, listed in sorted(_units_by_place(state).items(),
                                key=lambda item: place_text(item[0], board)):
        print(f"  {place_text(space, board)}: {listed}")
    return 0


def _print_scenario(history: Any) -> int:
    from pacific.rules.decisions import ConvoySplit
    from pacific.rules.files.scenario import scenario_json, scenario_of

    state = history.state
    if state.pending is not None and not isinstance(state.pending, ConvoySplit):
        print(f"pacific: note: a scenario holds no pending decision; {state.pending.power.value}"
              f" must still {state.pending.describe(history.game.board.name)}", file=sys.stderr)
    print(scenario_json(scenario_of(history.game.board, state)), end="")
    return 0


def _units_by_place(state: Any) -> dict[str, str]:
    """Each space's units in words, by owner ("Japan: 2 infantry; China: 1 fighter")."""
    from pacific.rules.events import count_units
    from pacific.text.units import owned

    places: dict[str, list[tuple[Any, Any]]] = {}
    for u in state.units.values():
        places.setdefault(u.space, []).append((u.owner, u.type))
    return {space: owned(count_units(units)) for space, units in places.items()}


COMMANDS = [
    Command("new", N_("start a new game and save it"), _new_arguments, _run_new),
    Command("legal", N_("list the legal actions of a saved game"), _legal_arguments,
            _run_legal),
    Command("apply", N_("apply JSON actions to a saved game and print what happened"),
            _apply_arguments, _run_apply),
    Command("show", N_("show the situation of a saved game"), _show_arguments, _run_show),
]
