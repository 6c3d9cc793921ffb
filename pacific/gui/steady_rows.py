"""Lines that keep their places while a list is shown again and again (the unit picker's, the
placement tray's): as a board game's tray keeps its slots, a line whose units are all gone
stays where it was, empty (greyed by its list), and a new line goes at the end, so the line
under the pointer never becomes another between two drags."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Row = TypeVar("Row")


class SteadyRows(Generic[Row]):
    """The order a list first showed its lines in, kept until `reset` (the list closes, the
    phase ends)."""

    def __init__(self, ident: Callable[[Row], Hashable], emptied: Callable[[Row], Row]) -> None:
        """``ident``: what a line shows (the same from one showing to the next);
        ``emptied``: a line as it shows once its units are all gone."""
        self._ident, self._emptied = ident, emptied
        self._order: list[Hashable] = []
        self._shown: dict[Hashable, Row] = {}

    def reset(self) -> None:
        self._order, self._shown = [], {}

    def arrange(self, rows: list[Row]) -> list[Row]:
        """``rows`` in the order first shown: a line gone since stays, emptied, in its
        place; a new one goes at the end."""
        now = {self._ident(row): row for row in rows}
        for ident in now:
            if ident not in self._shown:
                self._order.append(ident)
        out = []
        for ident in self._order:
            row = now.get(ident)
            out.append(row if row is not None else self._emptied(self._shown[ident]))
        self._shown = dict(zip(self._order, out, strict=True))
        return out
