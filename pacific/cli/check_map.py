"""`pacific check-map PATH`: load a board file, run every map check, say OK or list the errors.

Exit status 0 when the map is usable, 1 when it is not. The user never sees a traceback: a
missing file, bad JSON, a wrong type or an unknown id each get one line naming the file, the
entry and the field.
"""

from __future__ import annotations

import argparse
import sys

from pacific.cli.main import Command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH",
                        help="a board.json file, or a map folder holding one (e.g. maps/pacific)")


def run(args: argparse.Namespace) -> int:
    from pacific.rules.mapfile import check_map_file

    try:
        board, errors = check_map_file(args.path)
    except Exception as exc:  # the promise is "no traceback, ever"
        print(f"{args.path}: the map could not be checked: {type(exc).__name__}: {exc}",
              file=sys.stderr)
        return 1
    if errors or board is None:
        for line in errors:
            print(line, file=sys.stderr)
        print(f"{len(errors)} error(s) in {args.path}", file=sys.stderr)
        return 1
    pieces = sum(u.count for u in board.setup.units)
    print(f"OK: {len(board.territories)} territories, {len(board.sea_zones)} sea zones, "
          f"{len(board.adjacency)} connections, {pieces} units")
    return 0


COMMAND = Command(
    name="check-map",
    help="check a board file (e.g. maps/pacific) and list every error",
    add_arguments=add_arguments,
    run=run,
)
