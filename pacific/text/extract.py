"""A Babel extractor for the board's place names (used by ``bash scripts/i18n``, not at run
time): every territory's English name in a map's ``board.json`` becomes a message id, so the
catalogue can give the usual Italian name where the map repeats the English one."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any


def extract_board_names(fileobj: IO[bytes], keywords: Collection[str],
                        comment_tags: Collection[str], options: Mapping[str, Any]
                        ) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extractor interface: (line, function, message, comments) per place name.

    Sea zones are left out: their names are numbered ("Sea Zone 9") and every map names them
    in each language itself.
    """
    board = json.load(fileobj)
    for territory in board.get("territories", []):
        names = territory.get("names", {})
        english = names.get("en")
        if not english:
            continue
        comment = [f"Territory '{territory.get('id')}' of the map"]
        own = names.get("it")
        if own and own != english:
            comment.append(f"The map's Italian name is '{own}': use it")
        yield 1, None, english, comment
