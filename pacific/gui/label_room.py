"""Where on a grid of points around a label point a label's box is free: the points' order
(ring by ring, nearest first, `ring_cells`; a grid's free points put in it, `in_ring_order`),
and the room the labels already placed leave (`Room`: their boxes, the markers they keep off
and the leader lines drawn, asked box by box or for a whole grid of points at once,
`Room.blocked`). `label_search` searches with them."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Container, Iterable
from functools import lru_cache

from pacific.gui.piece_shapes import Box, Grid

MAX_RINGS = 10  # the rings of the order kept per aspect: fewer rings are its head
SLACK = 1e-6  # scene units: more than a point worked out along a leader line is off by


def ring_cells(rings: int, aspect: float) -> tuple[tuple[int, int], ...]:
    """Grid cells around (0, 0), ring by ring, nearest first within a ring, for cells
    ``aspect`` times as wide as they are high. (The rings up to ``rings`` come first in the
    order of more rings: their cells are those of `MAX_RINGS`' order, cut.)"""
    if rings > MAX_RINGS:
        return _sorted_cells(rings, aspect)
    return _sorted_cells(MAX_RINGS, aspect)[:max(0, (2 * rings + 1) ** 2 - 1)]


@lru_cache(maxsize=256)
def _sorted_cells(rings: int, aspect: float) -> tuple[tuple[int, int], ...]:
    """The cells of `ring_cells`: a stable sort of them in rows of columns (``i`` then
    ``j`` ascending) by (ring, distance), made ring by ring (each ring's cells, in rows of
    columns, sorted by their distance: the same order, with plain numbers compared)."""
    cells, by_ring, columns, rows = _grid_cells(rings)
    distance = list(map(math.hypot, [i * aspect for i in columns], rows))
    get = distance.__getitem__
    return tuple(cells[k] for ring in by_ring for k in sorted(ring, key=get))


@lru_cache(maxsize=4)
def _grid_cells(rings: int) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...],
                                     tuple[int, ...], tuple[int, ...]]:
    """The cells around (0, 0) up to ``rings`` in rows of columns, (0, 0) left out; the
    numbers of each ring's cells, ring by ring; each cell's column and row."""
    cells = tuple((i, j) for i in range(-rings, rings + 1) for j in range(-rings, rings + 1)
                  if i or j)
    by_ring = tuple(tuple(k for k, (i, j) in enumerate(cells) if max(abs(i), abs(j)) == ring)
                    for ring in range(1, rings + 1))
    return cells, by_ring, tuple(i for i, _j in cells), tuple(j for _i, j in cells)


def order_key(i: int, j: int, aspect: float) -> tuple[int, float, int, int]:
    """Where the cell (``i``, ``j``) comes in `ring_cells`' order (its ring, its distance at
    ``aspect``, then rows of columns): the order sorted by it is that order."""
    a, b = abs(i), abs(j)
    return (a if a > b else b, math.hypot(i * aspect, j), i, j)


def in_ring_order(blocked: bytes | bytearray, skip: Container[int], width: int, c0: int,
                  r0: int, aspect: float) -> list[int]:
    """The points of a grid of cells (row by row, ``width`` a row, its first cell
    (``c0``, ``r0``)) that ``blocked`` leaves free (0), but ``skip``'s, in `ring_cells`'
    order (`cells_within`'s for the grid's window): a search tries its points in that
    order, and most are blocked, so only the free ones are put in order."""
    out: list[int] = []
    find = blocked.find
    p = find(0)
    while p >= 0:
        if p not in skip:
            out.append(p)
        p = find(0, p + 1)
    if len(out) > 1:
        out.sort(key=lambda p: order_key(c0 + p % width, r0 + p // width, aspect))
    return out


def ring_offsets(step_x: float, step_y: float, rings: int) -> list[tuple[float, float]]:
    """Offsets of the points on a grid around a centre, ring by ring (nearest first), in
    scene units: plain floats, as the layout tries hundreds of them at every zoom."""
    return [(i * step_x, j * step_y) for i, j in ring_cells(rings, round(step_x / step_y, 1))]


def line_crosses(line: Box, box: Box) -> bool:
    """Does the segment ``line`` (x0, y0, x1, y1) pass through the inside of ``box``?
    (Liang-Barsky clipping.)"""
    x0, y0 = line[0], line[1]
    dx, dy = line[2] - x0, line[3] - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]),
                 (dy, box[3] - y0)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return True


@lru_cache(maxsize=256)
def _row_starts(nx: int, ny: int) -> tuple[int, ...]:
    """The bits of the first point of each of the first 0 to ``ny`` rows of a grid ``nx``
    points wide (`Room.blocked`: rows ``j0`` to ``j1`` are ``[j1] - [j0]``)."""
    starts, bits = [0], 0
    for j in range(ny):
        bits |= 1 << (j * nx)
        starts.append(bits)
    return tuple(starts)


_BYTES = bytes.maketrans(b"01", b"\x00\x01")  # a bit's digit to its byte


class Room:
    """Is a box free for a label: inside ``frame`` (when one is given) and off the boxes of
    ``grid``? Called as a function; the layout's searches also ask it where, on a grid of
    points, a box of one size is not free (`blocked`), box by box rather than point by point."""

    def __init__(self, grid: Grid, frame: Box | None = None) -> None:
        self.grid, self.frame = grid, frame
        self.names = Grid(grid.cell)  # the labels placed (the grid holds the markers too)
        self.leaders: dict[str, Box] = {}  # the leader lines drawn: (x0, y0, x1, y1)

    def add(self, box: Box) -> None:
        """A label placed at ``box``."""
        self.grid.add(box)
        self.names.add(box)

    def add_all(self, boxes: Iterable[Box]) -> None:
        """Labels placed at ``boxes``: `add`, the buckets of both grids filled in one pass
        (a refit makes a room of every label shown for each label it moves)."""
        grid, names, c = self.grid.buckets, self.names.buckets, self.grid.cell
        assert self.names.cell == c
        for box in boxes:
            j0, j1 = int(box[1] // c), int(box[3] // c) + 1
            for i in range(int(box[0] // c), int(box[2] // c) + 1):
                for j in range(j0, j1):
                    grid[i, j].append(box)
                    names[i, j].append(box)

    def remove(self, box: Box) -> None:
        self.grid.remove(box)
        self.names.remove(box)

    def crosses(self, line: Box) -> bool:
        """Does the leader line ``line`` (x0, y0, x1, y1) cross a label placed?"""
        area = (min(line[0], line[2]), min(line[1], line[3]), max(line[0], line[2]),
                max(line[1], line[3]))
        return any(line_crosses(line, o) for o in self.names.under_box(area))

    def __call__(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        f = self.frame
        if f is not None and not (x0 >= f[0] and y0 >= f[1] and x1 <= f[2] and y1 <= f[3]):
            return False
        # (`Grid.hits`, written out: the layout asks this some ten thousand times)
        c, get = self.grid.cell, self.grid.buckets.get
        j0, j1 = int(y0 // c), int(y1 // c) + 1
        for i in range(int(x0 // c), int(x1 // c) + 1):
            for j in range(j0, j1):
                for o in get((i, j), ()):
                    if o[0] < x1 and x0 < o[2] and o[1] < y1 and y0 < o[3]:
                        return False
        for line in self.leaders.values():
            # (the line's extent first: most boxes are nowhere near it)
            if (line[0] <= x0 and line[2] <= x0) or (line[0] >= x1 and line[2] >= x1) or \
                    (line[1] <= y0 and line[3] <= y0) or (line[1] >= y1 and line[3] >= y1):
                continue
            if line_crosses(line, box):
                return False
        return True

    def near(self, area: Box) -> list[Box]:
        """The boxes in the grid's buckets that overlap or touch ``area``, each once."""
        grid = self.grid
        cell, get = grid.cell, grid.buckets.get
        west, top, east, bottom = area
        found: dict[int, Box] = {}
        b0, b1 = int(top // cell), int(bottom // cell) + 1
        for i in range(int(west // cell), int(east // cell) + 1):
            for j in range(b0, b1):
                for o in get((i, j), ()):
                    if o[0] <= east and west <= o[2] and o[1] <= bottom and top <= o[3]:
                        found[id(o)] = o
        return list(found.values())

    def blocked(self, xs: list[float], ys: list[float], kept: Box,
                near: list[Box] | None = None) -> bytearray:
        """Where on the grid of points ``xs`` × ``ys`` (both ascending) the box ``kept``
        around a point is not free, as one byte per point, row by row (1: not free): the
        same answers as asking each point's box. ``near``: the grid's boxes near the
        points' boxes, or more (`near` of an area holding them all), found by the caller
        once for several sizes."""
        k0, k1, k2, k3 = kept
        ax0 = [x + k0 for x in xs]
        ax2 = [x + k2 for x in xs]
        ay1 = [y + k1 for y in ys]
        ay3 = [y + k3 for y in ys]
        nx, ny = len(xs), len(ys)
        # (worked out as the bits of one number, a bit a point, row by row: a box blocks a
        # span of columns in a span of rows, its columns' bits times the rows' first bits)
        rows, whole = _row_starts(nx, ny), (1 << (nx * ny)) - 1
        out = 0
        f = self.frame
        if f is not None:
            # (the boxes' edges ascend with the points: the columns and the rows inside the
            # frame are one run each)
            c0, c1 = bisect_left(ax0, f[0]), bisect_right(ax2, f[2])
            r0, r1 = bisect_left(ay1, f[1]), bisect_right(ay3, f[3])
            if c0 >= c1 or r0 >= r1:
                out = whole
            elif c0 or c1 < nx or r0 or r1 < ny:
                out = whole ^ ((1 << c1) - (1 << c0)) * (rows[r1] - rows[r0])
        top, bottom = ay1[0], ay3[-1]
        if near is None:
            near = self.near((ax0[0], top, ax2[-1], bottom))
        for o in near:
            # (overlapping is strict on both sides, touching is free; a box away from every
            # point's box marks none: its span of columns or rows is empty)
            i0, i1 = bisect_right(ax2, o[0]), bisect_left(ax0, o[2])
            if i0 >= i1:
                continue
            j0, j1 = bisect_right(ay3, o[1]), bisect_left(ay1, o[3])
            if j0 >= j1:
                continue
            out |= ((1 << i1) - (1 << i0)) * (rows[j1] - rows[j0])
            if out == whole:
                return bytearray(b"\x01" * (nx * ny))  # (no point left: most often)
        left, right = ax0[0] - SLACK, ax2[-1] + SLACK
        # (a leader line drawn blocks the points whose boxes it crosses: row by row, the
        # span of the line within the row's boxes, then the columns that span reaches)
        for x0, y0, x1, y1 in self.leaders.values():
            # (most lines are nowhere near: passed over on their extent, the columns' with
            # a margin for the rounding of the points worked out along the line)
            if (y0 <= top and y1 <= top) or (y0 >= bottom and y1 >= bottom) or \
                    (x0 < left and x1 < left) or (x0 > right and x1 > right):
                continue
            dx, dy = x1 - x0, y1 - y0
            for j in range(bisect_right(ay3, min(y0, y1)), bisect_left(ay1, max(y0, y1))):
                if dy == 0:
                    xa, xb = min(x0, x1), max(x0, x1)
                else:
                    ta, tb = sorted(((ay1[j] - y0) / dy, (ay3[j] - y0) / dy))
                    ta, tb = max(ta, 0.0), min(tb, 1.0)
                    if ta >= tb:
                        continue
                    xa, xb = sorted((x0 + ta * dx, x0 + tb * dx))
                i0, i1 = bisect_right(ax2, xa), bisect_left(ax0, xb)
                if i0 < i1:
                    out |= ((1 << i1) - (1 << i0)) << (j * nx)
        # (the bits written out, lowest first, one byte each)
        return bytearray(format(out, f"0{nx * ny}b")[::-1].encode().translate(_BYTES))


def blocked_sizes(room: Room, cols: list[float], rows: list[float], sizes: list[Box],
                   boxes: list[Box]) -> list[bytearray]:
    """`Room.blocked` for each of ``sizes`` on the same points, smallest first: a size
    around the points that holds a smaller one whose every point is blocked has every point
    blocked too (it overlaps all the other one overlaps, crosses every line it crosses, and
    leaves the frame wherever it does), and is not worked out."""
    out: list[bytearray | None] = [None] * len(sizes)
    full: list[Box] = []
    for n in sorted(range(len(sizes)), key=lambda n: (sizes[n][2] - sizes[n][0]) *
                    (sizes[n][3] - sizes[n][1])):
        k0, k1, k2, k3 = sizes[n]
        if any(k0 <= f[0] and k1 <= f[1] and f[2] <= k2 and f[3] <= k3 for f in full):
            out[n] = bytearray(b"\x01" * (len(cols) * len(rows)))
            continue
        marks = out[n] = room.blocked(cols, rows, sizes[n], boxes)
        if 0 not in marks:
            full.append(sizes[n])
    return [marks for marks in out if marks is not None]
