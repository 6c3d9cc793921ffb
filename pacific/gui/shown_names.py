"""`ShownNames`: the map's names shown at one zoom, as boxes in view pixels, in a bucket grid,
for asking how far a battle marker would stand from the nearest other space's name
(`GeoBoardScene._battle_spot` asks it for hundreds of places per space)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QRectF

CELL = 96.0  # pixels: a grid cell about as wide as a name
# Pixels added to the bound on the names not yet looked at: a distance measured in floats may
# come out a hair under the cell's edge, and the nearest name must be found exactly.
SLACK = 1.0

Entry = tuple[str, float, float, float, float]  # region, left, top, right, bottom


class ShownNames:
    """The names shown (by region, their ink in view pixels), made for ``key`` (the owner's
    labels version and zoom: the owner makes a new one when either changes)."""

    def __init__(self, key: tuple[int, float], boxes: Iterable[tuple[str, QRectF]]) -> None:
        self.key = key
        self.entries: list[Entry] = [(rid, box.left(), box.top(), box.right(), box.bottom())
                                     for rid, box in boxes]
        self._cells: dict[tuple[int, int], list[Entry]] = {}
        for entry in self.entries:
            _rid, left, top, right, bottom = entry
            for i in range(math.floor(left / CELL), math.floor(right / CELL) + 1):
                for j in range(math.floor(top / CELL), math.floor(bottom / CELL) + 1):
                    self._cells.setdefault((i, j), []).append(entry)
        cells = self._cells.keys()
        self._span = (min((c[0] for c in cells), default=0), min((c[1] for c in cells), default=0),
                      max((c[0] for c in cells), default=0), max((c[1] for c in cells), default=0))

    def clearance(self, space: str, x: float, y: float, radius: float) -> float:
        """Pixels between a burst of ``radius`` centred at (``x``, ``y``) and the nearest name
        of a space other than ``space`` (negative: it overlaps it; infinite: no other name is
        shown). The grid's rings around the burst are searched nearest first until the names
        not yet looked at are all farther than the nearest found; the result is the same
        float a look at every name gives (the same measure, the same minimum)."""
        near = math.inf
        i, j = math.floor(x / CELL), math.floor(y / CELL)
        low_i, low_j, high_i, high_j = self._span
        rings = max(i - low_i, high_i - i, j - low_j, high_j - j, 0)
        for k in range(rings + 1):
            # Every name not looked at yet lies in cells of ring k or farther: at least
            # k - 1 cells away.
            if near + SLACK <= (k - 1) * CELL - radius:
                return near
            if (2 * k + 1) ** 2 > 4 * len(self.entries):
                # A grid sparse here: one look at every name costs less than the rings.
                return min(near, _nearest(self.entries, space, x, y, radius))
            for cell in _ring(i, j, k):
                found = self._cells.get(cell)
                if found:
                    near = min(near, _nearest(found, space, x, y, radius))
        return near


def _nearest(entries: Iterable[Entry], space: str, x: float, y: float, radius: float) -> float:
    near = math.inf
    for rid, left, top, right, bottom in entries:
        if rid == space:
            continue
        dx = max(left - x, 0.0, x - right)
        dy = max(top - y, 0.0, y - bottom)
        near = min(near, math.hypot(dx, dy) - radius)
    return near


def _ring(i: int, j: int, k: int) -> Iterable[tuple[int, int]]:
    """The cells at Chebyshev distance ``k`` from cell (``i``, ``j``)."""
    if k == 0:
        yield i, j
        return
    for di in range(-k, k + 1):
        yield i + di, j - k
        yield i + di, j + k
    for dj in range(-k + 1, k):
        yield i - k, j + dj
        yield i + k, j + dj
