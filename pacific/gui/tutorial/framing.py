"""Framing a tutorial step on the map: its pieces and the places they go, in sight together,
at a zoom where the pieces are drawn as stacks of their own.

A small space zoomed out shows one marker per nation instead of its stacks (`PieceLayer`):
the player cannot pick a piece there. Zooming in on such a space alone can push the step's
other places (where the piece goes) out of the view; a learner at the smallest window
(1024x700) then sees the piece but not its destination. The step's view is therefore chosen
among zooms where every point that matters (the ringed stacks, the centres of the other
framed spaces) lies inside the view, clear of its edges and of the overview in its corner:
the closest such zoom that draws the stacks on their own, or, where none does, the closest
that still shows every point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

STEP = 1.25          # each zoom tried is this much closer than the one before
TRIES = 14           # at most this many zooms are tried (1.25**14: about 23 times)
EDGE = 0.75          # a point keeps this many piece sizes from the view's edges
CLOSE_ENOUGH = 1.25  # a zoom this close to the one a step wants is kept


@dataclass(frozen=True)
class Sight:
    """Where a view shows a set of scene points: the scene point to centre the view on."""

    centre: QPointF


def placement(points: Sequence[QPointF], zoom: float, view: QRectF, avoid: QRectF | None,
              margin: float) -> Sight | None:
    """Where to centre a view ``view`` (viewport pixels) at ``zoom`` (pixels per scene unit)
    so that every scene point of ``points`` shows at least ``margin`` pixels inside it and
    outside ``avoid`` (viewport pixels: the overview in the corner); None when no centre
    does. The points' box is centred, and moved the least that clears ``avoid``."""
    if not points:
        return None
    area = view.adjusted(margin, margin, -margin, -margin)
    min_x = min(p.x() for p in points)
    min_y = min(p.y() for p in points)
    width = (max(p.x() for p in points) - min_x) * zoom
    height = (max(p.y() for p in points) - min_y) * zoom
    if width > area.width() or height > area.height():
        return None
    left = area.center().x() - width / 2
    top = area.center().y() - height / 2
    pixels = [QPointF((p.x() - min_x) * zoom + left, (p.y() - min_y) * zoom + top)
              for p in points]
    if avoid is not None and not avoid.isEmpty():
        near = avoid.adjusted(-margin, -margin, margin, margin)
        if any(near.contains(p) for p in pixels):
            shifts = []
            # Up: every point right of the overview's left edge goes above its top.
            up = max((p.y() - near.top() for p in pixels if p.x() >= near.left()), default=0)
            if top - up >= area.top():
                shifts.append((up, 0.0, up))
            left_by = max((p.x() - near.left() for p in pixels if p.y() >= near.top()),
                          default=0)
            if left - left_by >= area.left():
                shifts.append((left_by, left_by, 0.0))
            if not shifts:
                return None
            _cost, dx, dy = min(shifts)
            left, top = left - dx, top - dy
    middle = view.center()
    return Sight(QPointF(min_x + (middle.x() - left) / zoom, min_y + (middle.y() - top) / zoom))


@dataclass
class Framer:
    """Frames a step in a view through narrow callables (the window's view and piece layer).

    ``zoom``: the view's zoom; ``zoom_to``: set it (the pieces are laid out again for it);
    ``centre_on``: centre the view on a scene point; ``points``: the scene points that must
    show at the current zoom (the step's stacks where the layout put them); ``hidden``: are
    any of the step's stacks inside a summary marker at the current zoom; ``viewport``: the
    view's rectangle in pixels; ``avoid``: the overview's rectangle there while it shows;
    ``piece``: a piece's size in pixels; ``to_pixel``: a scene point's place in the view."""

    zoom: Callable[[], float]
    zoom_to: Callable[[float], None]
    centre_on: Callable[[QPointF], None]
    points: Callable[[], list[QPointF]]
    hidden: Callable[[], bool]
    viewport: Callable[[], QRectF]
    avoid: Callable[[], QRectF | None]
    piece: Callable[[], float]
    to_pixel: Callable[[QPointF], QPointF]

    def sight(self) -> Sight | None:
        """Where the current zoom shows every point, if it can."""
        return placement(self.points(), self.zoom(), self.viewport(), self.avoid(),
                         self.piece() * EDGE)

    def shows(self) -> bool:
        """Does the view show every point, clear of its edges and of the overview, with every
        stack drawn on its own?"""
        if self.hidden():
            return False
        margin = self.piece() * EDGE
        area = self.viewport().adjusted(margin, margin, -margin, -margin)
        avoid = self.avoid()
        for point in self.points():
            pixel = self.to_pixel(point)
            if not area.contains(pixel) or (avoid is not None and avoid.contains(pixel)):
                return False
        return True

    def frame(self, wanted: float, lowest: float) -> None:
        """Frame the points from the zoom ``wanted`` (or the current one, when as good as
        equal; never further out than ``lowest``, the whole map): closer while the stacks
        hide in summary markers and every point still shows, further out while they do not
        all show."""
        if not 1 / CLOSE_ENOUGH <= self.zoom() / wanted <= CLOSE_ENOUGH:
            # A new zoom lays the labels and the pieces out again: only when it is worth it.
            self.zoom_to(wanted)
        best: tuple[float, Sight] | None = None
        sight = self.sight()
        if sight is None:
            # Too close for every point: further out until they all show.
            for _try in range(TRIES):
                current = self.zoom()
                if current <= lowest * 1.001:
                    break
                self.zoom_to(max(lowest, current / STEP))
                sight = self.sight()
                if sight is not None:
                    break
        else:
            best = (self.zoom(), sight)
            for _try in range(TRIES):
                if not self.hidden():
                    break
                self.zoom_to(self.zoom() * STEP)
                sight = self.sight()
                if sight is None:
                    # One step too close: the last zoom that showed every point.
                    self.zoom_to(best[0])
                    sight = self.sight() or best[1]
                    break
                best = (self.zoom(), sight)
        if sight is not None:
            self.centre_on(sight.centre)
        else:
            points = self.points()
            if points:
                box = QRectF(points[0], points[0])
                for point in points[1:]:
                    box = box.united(QRectF(point, point))
                self.centre_on(box.center())

