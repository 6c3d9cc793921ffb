"""Reading a board file (``board.json``) into a `BoardMap`: read, validate the shape, check the
meaning (`pacific.rules.files.mapcheck`), in that order.

`load_board` is what starts a game (`pacific new --map`, the GUI, the maps a save names) and
`check_map_file` is `pacific check-map`: both run `read_board`, so a map refused by one is
refused by the other, with the same lines. Errors name the file, the entry and the
field; the user never sees a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pacific.rules.board_map import BoardMap
from pacific.rules.errors import N_, MapError
from pacific.rules.files.jsonfile import (
    JsonFileError,
    error_message,
    excerpt,
    loc_part,
    read_json_file,
)
from pacific.rules.files.mapcheck import check_board

MAX_MAP_BYTES = 16 * 1024 * 1024
# The Pacific board is 42 KB holding about 2,400 values, nested 5 deep.
MAX_MAP_VALUES = 200_000
MAX_MAP_DEPTH = 16
ERROR_LINES = 20  # what a GUI dialog or `pacific new` shows; check-map lists them all

# Rule ids for range errors of the fields that carry a rule's bound.
_FIELD_RULES = {
    "victory_points": "R-SETUP-6", "victory_points_to_win": "R-VICTORY-2",
    "kamikaze_tokens": "R-KAMI-1", "production": "R-SETUP-6", "ipcs": "OQ-3",
    "ipc": "R-SETUP-6", "british_convoy_ipcs": "R-SETUP-6",
}


def _label(node: Any) -> str:
    """What identifies a list entry for a reader: its id, its space, or its pair of ids."""
    if isinstance(node, dict):
        for field in ("id", "space"):
            if isinstance(node.get(field), str):
                return f" ({loc_part(node[field])})"
    if isinstance(node, list) and node and all(isinstance(x, str) for x in node):
        return f" ({', '.join(loc_part(x) for x in node[:4])})"
    return ""


def _entry_name(data: Any, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into words: "territories[3] (burma).ipc"."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int):
            label = f"[{key}]"
            if isinstance(node, list) and 0 <= key < len(node):
                node = node[key]
                label += _label(node)
            else:
                node = None
            parts.append(label)
        elif key == "[key]":  # pydantic's marker for a bad dict key, e.g. an unknown nation
            parts.append(" (the key)")
        else:
            parts.append(("." if parts else "") + loc_part(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "(top level)"


def _message(loc: tuple[int | str, ...], err: Any) -> str:
    message = error_message(err)
    fields = [k for k in loc if isinstance(k, str) and k in _FIELD_RULES]
    if fields and err["type"] in ("less_than_equal", "greater_than_equal"):
        message += f" ({_FIELD_RULES[fields[0]]})"
    return message


def parse_board(data: Any, source: str, limit: int | None = ERROR_LINES) -> BoardMap:
    """Validate decoded JSON as a board (its shape only). ``limit`` caps the error lines (None:
    all of them).

    Raises:
        MapError: one line per error, naming ``source``, the entry and the field.
    """
    try:
        return BoardMap.model_validate(data)
    except ValidationError as exc:
        lines = [f"{source}: {_entry_name(data, tuple(err['loc']))}: "
                 f"{_message(tuple(err['loc']), err)}" for err in exc.errors()]
        raise MapError("\n".join(_cut(lines, limit))) from None


def _cut(lines: list[str], limit: int | None) -> list[str]:
    if limit is None or len(lines) <= limit:
        return lines
    return [*lines[:limit], f"... and {len(lines) - limit} more errors"]


def check_board_data(data: Any, source: str) -> list[str]:
    """Validate decoded JSON as a board, then check it. Returns the error lines ([] if fine)."""
    try:
        board = parse_board(data, source, limit=None)
    except MapError as exc:
        return str(exc).splitlines()
    return check_board(board, source)


def _board_file(path: str | Path) -> Path:
    p = Path(path)
    return p / "board.json" if p.is_dir() else p


def check_map_file(path: str | Path) -> tuple[BoardMap | None, list[str]]:
    """Read, validate and check a map file (or a folder holding board.json): what
    `pacific check-map` reports and what `load_board` refuses.

    Returns the board (None if it could not be read or validated) and every error line.
    Raises nothing.
    """
    p = _board_file(path)
    try:
        data = read_json_file(p, what=N_("map file"), max_bytes=MAX_MAP_BYTES,
                              max_depth=MAX_MAP_DEPTH, max_values=MAX_MAP_VALUES)
    except JsonFileError as exc:
        return None, [str(exc)]
    try:
        board = parse_board(data, str(p), limit=None)
    except MapError as exc:
        return None, str(exc).splitlines()
    return board, check_board(board, str(p))


def load_board(path: str | Path) -> BoardMap:
    """Read ``path`` (a board.json, or a map folder holding one) and run every map check, so
    that no game ever starts on a board `pacific check-map` refuses.

    Raises:
        MapError: the file is missing, not a regular file, too large, not JSON, not a valid
            board, or fails a map check; the first `ERROR_LINES` lines.
    """
    board, errors = check_map_file(path)
    if errors or board is None:
        raise MapError("\n".join(_cut(errors, ERROR_LINES)) or
                       f"{excerpt(path)}: the map cannot be used")
    return board
