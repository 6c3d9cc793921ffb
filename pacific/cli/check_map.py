"""`pacific check-map PATH`: load a board file, run every map check, say OK or list the errors.

Exit status 0 when the map is usable, 1 when it is not. The user never sees a traceback: a
missing file, bad JSON, a wrong type or an unknown id each get one line naming the file, the
entry and the field.
"""

from __future__ import annotations

import argparse
import sys

from pacific.cli.main import Command
from pacific.text import N_, Nn_, _, ngettext

_ERRORS = Nn_("{count} error in {path}", "{count} errors in {path}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help=_(
        "a board.json file, or a map folder holding one (e.g. maps/pacific)"))


def run(args: argparse.Namespace) -> int:
    from pacific.rules.files.mapfile import check_map_file

    try:
        board, errors = check_map_file(args.path)
    except Exception as exc:  # the promise is "no traceback, ever"
        print(_("{path}: the map could not be checked: {problem}").format(
            path=args.path, problem=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return 1
    if errors or board is None:
        # The map checks speak the map file's own terms (entries and fields): not translated.
        for line in errors:
            print(line, file=sys.stderr)
        print(ngettext(*_ERRORS, len(errors)).format(count=len(errors), path=args.path),
              file=sys.stderr)
        return 1
    pieces = sum(u.count for u in board.setup.units)
    print(_("OK: {territories} territories, {sea_zones} sea zones, {connections} connections, "
            "{units} units").format(territories=len(board.territories),
                                    sea_zones=len(board.sea_zones),
                                    connections=len(board.adjacency), units=pieces))
    return 0


COMMAND = Command(
    name="check-map",
    help=N_("check a board file (e.g. maps/pacific) and list every error"),
    add_arguments=add_arguments,
    run=run,
)
