"""Reading a board file (``board.json``) into a `BoardMap`.

Errors name the file, the entry and the field; the user never sees a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from pacific.rules.board import BoardMap
from pacific.rules.errors import MapError
from pacific.rules.jsonfile import JsonFileError, read_json_file

MAX_MAP_BYTES = 16 * 1024 * 1024


def _label(node: Any) -> str:
    """What identifies a list entry for a reader: its id, its space, or its pair of ids."""
    if isinstance(node, dict):
        for field in ("id", "space"):
            if isinstance(node.get(field), str):
                return f" ({node[field]})"
    if isinstance(node, list) and node and all(isinstance(x, str) for x in node):
        return f" ({', '.join(node)})"
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
            parts.append(("." if parts else "") + str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "(top level)"


def parse_board(data: Any, source: str, limit: int | None = 20) -> BoardMap:
    """Validate decoded JSON as a board. ``limit`` caps the error lines (None: all of them;
    `pacific check-map` lists every error, a GUI dialog only the first few).

    Raises:
        MapError: one line per error, naming ``source``, the entry and the field.
    """
    try:
        return BoardMap.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        shown = errors if limit is None else errors[:limit]
        lines = [f"{source}: {_entry_name(data, tuple(err['loc']))}: {err['msg']}"
                 for err in shown]
        if len(shown) < len(errors):
            lines.append(f"{source}: ... and {len(errors) - len(shown)} more errors")
        raise MapError("\n".join(lines)) from None


def load_board(path: str | Path) -> BoardMap:
    """Read ``path`` (a board.json, or a map folder holding one).

    Raises:
        MapError: the file is missing, too large, not JSON, or not a valid board.
    """
    p = Path(path)
    if p.is_dir():
        p = p / "board.json"
    try:
        data = read_json_file(p, what="map file", max_bytes=MAX_MAP_BYTES)
    except JsonFileError as exc:
        raise MapError(str(exc)) from None
    return parse_board(data, str(p))
