"""Over whose land a name stands: a territory's name standing over a neighbour's land by
more than `SPILL` of its box reads as the neighbour's name (`label_search._astray`); one
whose anchor lies on its own land, by more than `SPILL_ON_LAND`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

# The share of a name's box that may stand over other territories' land: the box holds the
# name's lines, value and symbols with their margins; a tenth of it over a border is a
# letter's edge, more a word across the neighbour. A name on its own land (its anchor there)
# may reach further across a border, to a quarter: a province smaller than its name is
# named where the most of it is its own.
SPILL = 0.1
SPILL_ON_LAND = 0.25
# A box is asked at these many points across and down in turn; where the share of them on
# other land is the second number or more, it stands over it (a word's width of it over a
# neighbour's); else the share of the others is measured (`over`).
SAMPLES = (((4, 2), 2 / 8), ((8, 4), 6 / 32))
KNOWN = 200_000  # points whose land is kept (`Lands.at`)
KNOWN_BOXES = 100_000  # names' boxes whose answers are kept (`Lands.astray`)


def area(path: QPainterPath) -> float:
    """The area ``path`` fills (its polygons', by the shoelace formula)."""
    total = 0.0
    for polygon in path.toFillPolygons():
        points = [polygon.at(i) for i in range(polygon.size())]
        total += abs(sum(a.x() * b.y() - b.x() * a.y()
                         for a, b in zip(points, points[1:] + points[:1], strict=True))) / 2
    return total


def over(ink: QRectF, paths: Sequence[QPainterPath], share: float = SPILL) -> bool:
    """Do ``paths`` (apart from one another) cover more than ``share`` of ``ink``?"""
    box = QPainterPath()
    box.addRect(ink)
    most, covered = share * ink.width() * ink.height(), 0.0
    for path in paths:
        covered += area(path.intersected(box))
        if covered > most:
            return True
    return False


class Lands:
    """Which territory's land a point of the map lies on, each point asked once: the names'
    boxes tried around a label point lie on a grid of its steps, and so do the points they
    are asked at (`SAMPLES`), so that the next box's points are mostly known."""

    def __init__(self, regions: Mapping[str, QGraphicsPathItem], lands: Sequence[str]) -> None:
        self.regions = regions
        self.paths = {t: regions[t].path() for t in lands}
        self.rects = {t: regions[t].boundingRect() for t in lands}
        extent = QRectF()
        for rect in self.rects.values():
            extent = extent.united(rect)
        self.cell = max(extent.width(), extent.height(), 1.0) / 64
        self.buckets: dict[tuple[int, int], list[str]] = {}
        for t, r in self.rects.items():
            for i in range(int(r.left() // self.cell), int(r.right() // self.cell) + 1):
                for j in range(int(r.top() // self.cell), int(r.bottom() // self.cell) + 1):
                    self.buckets.setdefault((i, j), []).append(t)
        self.known: dict[tuple[float, float], str | None] = {}
        # (a territory's name's boxes asked: over other land?)
        self.answers: dict[tuple[str, float, float, float, float, float], bool] = {}

    def forget(self) -> None:
        """Forget the points' lands and the boxes' answers (as a new start knows none)."""
        self.known.clear()
        self.answers.clear()

    def at(self, x: float, y: float) -> str | None:
        """The territory whose land holds the point (x, y), if any."""
        key = (round(x, 3), round(y, 3))
        if key in self.known:
            return self.known[key]
        if len(self.known) >= KNOWN:
            self.known.clear()
        point = QPointF(x, y)
        found = next((t for t in self.buckets.get((int(x // self.cell), int(y // self.cell)),
                                                   ()) if self.paths[t].contains(point)), None)
        self.known[key] = found
        return found

    def astray(self, rid: str) -> Callable[[QRectF, float], bool]:
        """Does a name's box (scene) stand over other territories' land than ``rid``'s by
        more than a share of it? Asked at `SAMPLES`' points first, then measured."""
        own, paths, buckets, cell = self.paths[rid], self.paths, self.buckets, self.cell

        known = self.answers

        def test(ink: QRectF, share: float) -> bool:
            # (the layout asks a box again in its later rounds)
            key = (rid, round(ink.left(), 3), round(ink.top(), 3), round(ink.right(), 3),
                   round(ink.bottom(), 3), share)
            answer = known.get(key)
            if answer is None:
                if len(known) >= KNOWN_BOXES:
                    known.clear()
                answer = known[key] = measured(ink, share)
            return answer

        def measured(ink: QRectF, share: float) -> bool:
            # (a box on its own land, or over no other land but by its extent, is asked once;
            # one mostly over other land is known at a few points)
            if own.contains(ink):
                return False
            names = {t for i in range(int(ink.left() // cell), int(ink.right() // cell) + 1)
                     for j in range(int(ink.top() // cell), int(ink.bottom() // cell) + 1)
                     for t in buckets.get((i, j), ()) if t != rid}
            near = [paths[t] for t in sorted(names) if paths[t].intersects(ink)]
            if not near:
                return False
            x0, y0 = ink.left(), ink.top()
            for (across, down), sure in SAMPLES:
                w, h = ink.width() / across, ink.height() / down
                hits = sum(1 for i in range(across) for j in range(down)
                           if self.at(x0 + (i + 0.5) * w, y0 + (j + 0.5) * h) not in (None, rid))
                if hits >= max(sure, 2 * share) * across * down:
                    return True
            return over(ink, near, share)

        return test


def lands_of(regions: Mapping[str, QGraphicsPathItem], lands: Sequence[str]) -> Lands:
    """The `Lands` of ``regions`` (the last scene's, kept while its regions are the same)."""
    global _last
    if _last is None or _last.regions is not regions:
        _last = Lands(regions, lands)
    return _last


_last: Lands | None = None


def astray(regions: Mapping[str, QGraphicsPathItem], rid: str,
           lands: Sequence[str]) -> Callable[[QRectF, float], bool]:
    """Does a name's box (scene) stand over the territories ``lands`` other than ``rid``
    (their land: an island's, not its outline) by more than a share of it?"""
    return lands_of(regions, lands).astray(rid)
