"""Reading untrusted JSON files: one place for the file checks, size limits, UTF-8, syntax, numbers,
depth and the size of what decoding would build.

Map files, geometry files, saved games and action files all come from disk and may be malformed
or hostile; each error names the file and what is wrong, quotes at most `EXCERPT_CHARS`
characters of the input, and nothing in the file is ever executed. The cheap checks come first:

1. the path must name a regular file: a FIFO would block for ever, ``/dev/zero`` never ends, a
   folder or a device is not a document. It is opened without blocking and checked again on
   the open file, so swapping the path in between does not help;
2. at most ``max_bytes`` are read, counting the bytes actually read (``/proc`` files and
   devices report a size of 0);
3. before decoding, the count of ``,``, ``[`` and ``{`` bytes bounds the number of values the
   decoder would build, each a Python object several times larger than its text;
4. integers of more than `MAX_INTEGER_DIGITS` digits are refused before Python converts them
   (that costs quadratic time, and above 4,300 digits raises ValueError), and so are NaN,
   Infinity and numbers too large for a float;
5. nesting deeper than ``max_depth``.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any, NoReturn

from pydantic_core import ErrorDetails

from pacific.rules.errors import N_, PacificError, Term

EXCERPT_CHARS = 60        # what a message quotes of the input, at most (plus quotes and "…")
MAX_INTEGER_DIGITS = 19   # the largest integer anything in Pacific stores is a seed < 2**63
_CHUNK = 1 << 20


class JsonFileError(PacificError):
    """A JSON file that cannot be read. The message starts with the file's name."""


def clip(text: str, limit: int = 2 * EXCERPT_CHARS) -> str:
    """``text`` (a description built from input, e.g. an action's) cut to ``limit``
    characters."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``value`` quoted for a message, cut to ``limit`` characters: 'abc' or 'abcdef…' (9,000
    characters). A number or None is shown as it is."""
    if value is None or isinstance(value, int | float):
        return clip(repr(value), limit)
    text = str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


def loc_part(part: int | str) -> str:
    """One step of a validation error's location, safe to print: a key taken from the input
    (an unknown field, a dict key) is cut like any other quote."""
    text = str(part)
    return text if len(text) <= EXCERPT_CHARS and text.isprintable() else excerpt(text)


def loc_text(loc: tuple[int | str, ...]) -> str:
    """A validation error's location as "actions.3.action.units" ("(top level)" if empty)."""
    return ".".join(loc_part(p) for p in loc) or "(top level)"


def error_message(err: ErrorDetails) -> str:
    """A pydantic error's message without echoing the input: pydantic quotes a wrong
    discriminator ("kind") in full."""
    if err["type"] == "union_tag_invalid":
        ctx = err.get("ctx") or {}
        # The tabletop companion's corrections are named once ("'edit_…'", docs/actions.md).
        expected = re.sub(r"'edit_[a-z_]+'(, 'edit_[a-z_]+')*", "'edit_…'",
                          str(ctx.get('expected_tags', '')))
        return f"unknown kind {excerpt(ctx.get('tag', ''))} (expected one of {expected})"
    return err["msg"]


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


class _NumberRefused(ValueError):
    def __init__(self, token: str, why: str) -> None:
        super().__init__(why)
        self.token = token
        self.why = why


def _parse_int(token: str) -> int:
    digits = len(token) - token.startswith("-")
    if digits > MAX_INTEGER_DIGITS:
        raise _NumberRefused(token, f"an integer of {digits:,} digits (at most "
                             f"{MAX_INTEGER_DIGITS})")
    return int(token)


def _parse_float(token: str) -> float:
    value = float(token)
    if not math.isfinite(value):
        raise _NumberRefused(token, "a number too large for a float")
    return value


def _parse_constant(token: str) -> NoReturn:
    raise _NumberRefused(token, f"{token} (not a number JSON allows)")


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: JSON keeps the last of two equal keys, and
    silently drops the first value, which a person writing the file never meant."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


def _position(text: str, token: str, nth: int = 1) -> str:
    """Where ``token`` appears the ``nth`` time in ``text``, as "line L, column C" (a hint for
    the reader: json does not tell the hooks where they are)."""
    at = -1
    for _ in range(nth):
        at = text.find(token, at + 1)
    if at < 0:
        return "somewhere"
    line = text.count("\n", 0, at) + 1
    return f"line {line}, column {at - (text.rfind(chr(10), 0, at) + 1) + 1}"


def count_values(raw: bytes) -> int:
    """An upper bound of the lists, objects and items decoding ``raw`` would build (bytes
    inside strings count too), computed at C speed without building anything."""
    return raw.count(b",") + raw.count(b"[") + raw.count(b"{")


def decode_json(raw: bytes, source: str, *, what: str, max_bytes: int,
                max_depth: int | None = None, max_values: int | None = None,
                unique_keys: bool = False) -> Any:
    """Decode bytes that should hold one JSON document. Messages start with ``source`` (a file
    name) when it is not empty. With ``unique_keys``, an object that names a key twice is
    refused (a file written by a person: the first value would be lost without a word).

    Raises:
        JsonFileError: too large, too many values, not UTF-8, not JSON, a number Pacific does
            not read (too many digits, NaN, Infinity), a key given twice in one object (with
            ``unique_keys``), or nested deeper than ``max_depth``.
    """
    kind = Term(what)
    if len(raw) > max_bytes:
        raise _refuse(source, _TOO_LARGE, what=kind, size=len(raw), limit=max_bytes)
    if max_values is not None and count_values(raw) > max_values:
        raise _refuse(source, "the {what} holds more than {limit:,} values (lists, objects "
                      "and their items), more than any real one", what=kind, limit=max_values)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _refuse(source, _NOT_UTF8, what=kind, byte=exc.start) from None
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant,
                          object_pairs_hook=_unique_keys if unique_keys else None)
    except _DuplicateKey as exc:
        raise _refuse(source, "{position}: the key {key} appears twice in one object; JSON "
                      "would keep only the second value: give each key once",
                      position=_position(text, json.dumps(exc.key), nth=2),
                      key=excerpt(exc.key)) from None
    except _NumberRefused as exc:
        # Which number, and why, in the technical terms of the JSON format (not translated).
        raise _refuse(source, "{position}: {problem}: {number}",
                      position=_position(text, exc.token), problem=exc.why,
                      number=excerpt(exc.token, 20)) from None
    except json.JSONDecodeError as exc:
        raise _refuse(source, "line {line}, column {column}: {problem} (not valid JSON)",
                      line=exc.lineno, column=exc.colno, problem=exc.msg) from None
    except RecursionError:
        raise _refuse(source, "the JSON is nested too deeply to read") from None
    if max_depth is not None and json_depth(data) > max_depth:
        raise _refuse(source, "the JSON is nested more than {depth} levels deep",
                      depth=max_depth)
    return data


def _refuse(source: str, template: str, **params: Any) -> JsonFileError:
    """A file refused: the message (its id, see pacific.rules.errors) about ``source``."""
    return JsonFileError(template, **params).at(source)


_TOO_LARGE = N_("the {what} is {size:,} bytes, more than the {limit:,} allowed")
_NOT_UTF8 = N_("the {what} is not UTF-8 text (byte {byte})")


_KINDS = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a pipe (FIFO)")),
          (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")),
          (stat.S_ISSOCK, N_("a socket")))


def file_kind(mode: int) -> Term:
    """What a non-regular file is, in words ("a pipe (FIFO)", "a device"...)."""
    return Term(next((words for test, words in _KINDS if test(mode)),
                     N_("not a regular file")))


def _refuse_special(path: Path, what: str, mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise _refuse(str(path), "is {kind}, not a file: a {what} must be a regular "
                      "file", kind=file_kind(mode), what=Term(what))


def read_limited(path: Path, *, what: str, max_bytes: int) -> bytes:
    """Read a regular file's bytes, at most ``max_bytes`` of them.

    Raises:
        JsonFileError: the file cannot be read, is not a regular file (a folder, a FIFO, a
            device...), or holds more than ``max_bytes`` bytes.
    """
    try:
        _refuse_special(path, what, path.stat().st_mode)  # before opening: a FIFO would block
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
            | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(path, flags)
        try:
            info = os.fstat(fd)
            _refuse_special(path, what, info.st_mode)  # the path may have changed meanwhile
            if info.st_size > max_bytes:
                raise _refuse(str(path), _TOO_LARGE, what=Term(what), size=info.st_size,
                              limit=max_bytes)
            chunks: list[bytes] = []
            total = 0
            # The size reported is a hint (a /proc file says 0 and reads on for ever): count
            # what is read. A file that tells the truth is read in one piece, with no copy.
            want = max(info.st_size + 1, _CHUNK)
            while total <= max_bytes:
                chunk = os.read(fd, want)
                want = _CHUNK
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
        finally:
            os.close(fd)
    except OSError as exc:
        raise _refuse(str(path), "cannot read the {what} ({problem})", what=Term(what),
                      problem=exc.strerror or str(exc)) from None
    if total > max_bytes:
        raise _refuse(str(path), "the {what} is more than the {limit:,} bytes allowed",
                      what=Term(what), limit=max_bytes)
    return b"".join(chunks)


def read_json_file(path: Path, *, what: str, max_bytes: int, max_depth: int | None = None,
                   max_values: int | None = None) -> Any:
    """Read and decode a JSON file.

    Raises:
        JsonFileError: `read_limited` or `decode_json` refuses it.
    """
    raw = read_limited(path, what=what, max_bytes=max_bytes)
    return decode_json(raw, str(path), what=what, max_bytes=max_bytes, max_depth=max_depth,
                       max_values=max_values)
