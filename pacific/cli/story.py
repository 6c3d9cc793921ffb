"""`pacific luck SAVE` (each power's luck and every battle against its odds) and `pacific
report SAVE -o game.html` (the story of the game in one HTML file to share)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pacific.cli.game_commands import EXIT_ERROR, _add_map, _fail, _load
from pacific.cli.main import Command
from pacific.text import N_, _, error_text, power_name


def _luck_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME.json")
    p.add_argument("--json", action="store_true", help=_(
        "each power's luck and every battle as JSON"))
    _add_map(p)


def _story(args: argparse.Namespace) -> Any:
    from pacific.story import read_story
    from pacific.story.game import collector_paused

    with collector_paused():   # (opening the save replays its actions: see read_story)
        return read_story(_load(args))


def _run_luck(args: argparse.Namespace) -> int:
    from pacific.rules.errors import SaveFileError
    from pacific.story.words import battle_data, battle_line, power_data, signed

    try:
        story = _story(args)
    except SaveFileError as exc:
        return _fail(error_text(exc))
    if args.json:
        print(json.dumps({"powers": {p.value: power_data(luck) for p, luck in story.luck.items()},
                          "battles": [battle_data(b) for b in story.battles]}, indent=1))
        return 0
    header = (_("Power"), _("Dice"), _("Hits"), _("Expected"), _("Luck (hits)"),
              _("IPC lost"), _("Expected"), _("Luck (IPC)"), _("Won"), _("Lost"))
    rows = [header]
    for power, luck in story.luck.items():
        rows.append((power_name(power), str(luck.dice), str(luck.hits),
                     f"{luck.expected_hits:.1f}", signed(luck.hit_luck), str(luck.ipc_lost),
                     f"{luck.expected_ipc_lost:.1f}", signed(luck.ipc_luck),
                     str(luck.battles_won), str(luck.battles_lost)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths, strict=True))))
    print()
    board = story.board
    for battle in story.battles:
        print(_("Round {round}: {line}").format(round=battle.round,
                                                line=battle_line(battle, board)))
    return 0


def _report_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME.json")
    p.add_argument("-o", "--output", required=True, metavar="GAME.html",
                   help=_("the HTML file to write"))
    _add_map(p)


def _run_report(args: argparse.Namespace) -> int:
    from pacific.rules.errors import SaveFileError

    try:
        story = _story(args)
    except SaveFileError as exc:
        return _fail(error_text(exc))
    from pacific.gui.chart_paint import report_html

    html = report_html(story)
    try:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(html)
    except OSError as exc:
        return _fail(_("cannot write {path}: {error}").format(path=args.output,
                                                            error=exc.strerror or exc),
                     EXIT_ERROR)
    print(_("Report written: {path}").format(path=args.output), file=sys.stderr)
    return 0


COMMANDS = [
    Command("luck", N_("each power's luck in a saved game: hits against the hits its dice "
                       "promised, IPC lost against the odds, every battle against its odds"),
            _luck_arguments, _run_luck),
    Command("report", N_("write the story of a saved game (summary, charts, luck, turn by "
                         "turn) as one HTML file"), _report_arguments, _run_report),
]
