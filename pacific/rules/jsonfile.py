"""Reading untrusted JSON files: one place for the size limit, UTF-8, syntax and depth checks.

Map files, geometry files and saved games all come from disk and may be malformed or hostile;
each error names the file and what is wrong, and nothing in the file is ever executed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pacific.rules.errors import PacificError


class JsonFileError(PacificError):
    """A JSON file that cannot be read. The message starts with the file's name."""


def json_depth(data: Any) -> int:
    """How deeply lists and objects nest (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            depth += 1
            stack.extend((v, depth) for v in node.values())
        elif isinstance(node, list):
            depth += 1
            stack.extend((v, depth) for v in node)
        deepest = max(deepest, depth)
    return deepest


def decode_json(raw: bytes, source: str, *, what: str, max_bytes: int,
                max_depth: int | None = None) -> Any:
    """Decode bytes that should hold one JSON document.

    Raises:
        JsonFileError: too large, not UTF-8, not JSON, or nested deeper than ``max_depth``.
    """
    if len(raw) > max_bytes:
        raise JsonFileError(f"{source}: the {what} is {len(raw)} bytes, more than the "
                            f"{max_bytes} allowed")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JsonFileError(f"{source}: the {what} is not UTF-8 text (byte {exc.start})") \
            from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JsonFileError(f"{source}: line {exc.lineno}, column {exc.colno}: {exc.msg} "
                            "(not valid JSON)") from None
    except RecursionError:
        raise JsonFileError(f"{source}: the JSON is nested too deeply to read") from None
    if max_depth is not None and json_depth(data) > max_depth:
        raise JsonFileError(f"{source}: the JSON is nested more than {max_depth} levels deep")
    return data


def read_limited(path: Path, *, what: str, max_bytes: int) -> bytes:
    """Read a file's bytes, checking its size before reading it.

    Raises:
        JsonFileError: the file cannot be read or is larger than ``max_bytes``.
    """
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise JsonFileError(f"{path}: the {what} is {size} bytes, more than the "
                                f"{max_bytes} allowed")
        return path.read_bytes()
    except OSError as exc:
        raise JsonFileError(f"{path}: cannot read the {what} ({exc.strerror or exc})") from None


def read_json_file(path: Path, *, what: str, max_bytes: int,
                   max_depth: int | None = None) -> Any:
    """Read and decode a JSON file.

    Raises:
        JsonFileError: the file cannot be read, or `decode_json` refuses it.
    """
    raw = read_limited(path, what=what, max_bytes=max_bytes)
    return decode_json(raw, str(path), what=what, max_bytes=max_bytes, max_depth=max_depth)
