"""Finding boards by id: the bundled build's own folder, the repository's ``maps/`` folder next to
the package, and an installed share folder (``<prefix>/share/pacific/maps``). A map id is a folder
name holding a board.json.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pacific
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import MapError, SaveFileError
from pacific.rules.fields import ID_PATTERN
from pacific.rules.files.jsonfile import excerpt
from pacific.rules.files.mapfile import load_board

DEFAULT_MAP_ID = "pacific"
_MAP_ID = re.compile(ID_PATTERN)


def data_roots(folder: str) -> list[Path]:
    """The folders that may hold Pacific's data folder ``folder`` ("maps", "resources"), in the
    order searched: the bundled build's (PyInstaller unpacks the data beside the code, in
    ``sys._MEIPASS``), the checkout's (next to the package), the installed wheel's
    (``<sys.prefix>/share/pacific``, pyproject's data-files)."""
    roots = []
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str):
        roots.append(Path(bundle) / folder)
    package = Path(pacific.__file__).resolve().parent
    roots += [package.parent / folder, Path(sys.prefix) / "share" / "pacific" / folder]
    return list(dict.fromkeys(roots))  # in the bundle the first two are one folder


def map_roots() -> list[Path]:
    """Folders that may hold maps, in the order searched."""
    return data_roots("maps")


def find_map(map_id: str) -> Path:
    """The folder of the map ``map_id``.

    Raises:
        MapError: the id is malformed or no such map is installed.
    """
    if not _MAP_ID.match(map_id):
        raise MapError(f"{excerpt(map_id)} is not a map id (lowercase letters, digits and _)")
    for root in map_roots():
        if (root / map_id / "board.json").is_file():
            return root / map_id
    searched = ", ".join(str(r) for r in map_roots())
    raise MapError(f"no map {map_id!r} found (looked in {searched})")


def board_resolver(explicit: str | Path | None = None) -> Callable[[str], BoardMap]:
    """A function map id → board for loading saves. With ``explicit`` (a map folder or
    board.json), that board is used and the save's map id must match it.

    The returned function raises SaveFileError when the map is unknown or different.
    """
    cache: dict[str, BoardMap] = {}

    def resolve(map_id: str) -> BoardMap:
        if map_id in cache:
            return cache[map_id]
        try:
            board = load_board(explicit) if explicit is not None else load_board(find_map(map_id))
        except MapError as exc:
            # What is wrong with the map: the map checks' own terms (not translated).
            raise SaveFileError("the saved game's map '{map_id}' cannot be loaded: {problem}",
                                map_id=map_id, problem=str(exc)) from None
        if board.id != map_id:
            raise SaveFileError("the saved game is on map '{map_id}' but the map given is "
                                "'{given}'", map_id=map_id, given=board.id)
        cache[map_id] = board
        return board

    return resolve

