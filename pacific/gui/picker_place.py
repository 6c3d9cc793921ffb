"""Where the unit picker may stand beside the stack clicked, in the map's viewport pixels.

The picker never covers the stack it was opened from (`pacific.gui.unit_picker`): its places
are beside it. Where the whole picker fits beside no side of it (a small window), the picker
shrinks into the room one side leaves (`rooms`), its lines scrolling; where no side leaves
even a small picker's room, the map moves (`shift_for_room`) so that one does. What the view
draws over its map (`view_covers`: the overview) is kept off by a refusal's note and a drag's
label too.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QWidget

GAP = 16  # pixels between the clicked point and the picker
MARGIN = 4  # pixels kept free along the viewport's edges


def inside(x: int, y: int, size: QSize, viewport: QSize) -> QPoint:
    """``(x, y)`` moved so that a box of ``size`` there stays inside the viewport."""
    right = viewport.width() - MARGIN - size.width()
    bottom = viewport.height() - MARGIN - size.height()
    return QPoint(max(MARGIN, min(x, right)), max(MARGIN, min(y, bottom)))


def beside(stack: QRect, anchor: QPoint, size: QSize, viewport: QSize) -> list[QPoint]:
    """Top left corners of a box of ``size`` beside ``stack``: right of it, left, below and
    above, on each side centred on the clicked point ``anchor`` or level with either end of
    the stack; each kept inside the viewport."""
    width, height = size.width(), size.height()
    ys = (anchor.y() - height // 3, stack.top(), stack.bottom() - height)
    xs = (anchor.x() - width // 2, stack.left(), stack.right() - width)
    return [inside(stack.right() + GAP, y, size, viewport) for y in ys] + \
        [inside(stack.left() - GAP - width, y, size, viewport) for y in ys] + \
        [inside(x, stack.bottom() + GAP, size, viewport) for x in xs] + \
        [inside(x, stack.top() - GAP - height, size, viewport) for x in xs]


def rooms(stack: QRect, viewport: QSize) -> list[QRect]:
    """The free room on each side of ``stack`` (right, left, below, above), inside the
    viewport's margins and a gap away from the stack; empty where there is none."""
    full = QRect(MARGIN, MARGIN, viewport.width() - 2 * MARGIN,
                 viewport.height() - 2 * MARGIN)
    sides = (
        QRect(QPoint(stack.right() + 1 + GAP, full.top()), full.bottomRight()),
        QRect(full.topLeft(), QPoint(stack.left() - 1 - GAP, full.bottom())),
        QRect(QPoint(full.left(), stack.bottom() + 1 + GAP), full.bottomRight()),
        QRect(full.topLeft(), QPoint(full.right(), stack.top() - 1 - GAP)),
    )
    return [side.intersected(full) if side.isValid() else QRect() for side in sides]


def near(room: QRect, size: QSize, anchor: QPoint) -> QPoint:
    """The top left corner of a box of ``size`` (no larger than ``room``) in ``room``, as near
    the clicked point ``anchor`` as the room lets it be."""
    x = max(room.left(), min(anchor.x() - size.width() // 2, room.right() + 1 - size.width()))
    y = max(room.top(), min(anchor.y() - size.height() // 3,
                            room.bottom() + 1 - size.height()))
    return QPoint(x, y)


def shift_for_room(stack: QRect, viewport: QSize, least: QSize, want: QSize) -> QPoint | None:
    """How far to move the map (viewport pixels: the stack goes up and left by it) so that one
    side of ``stack`` leaves room for a picker of at least ``least``, up to ``want``, while the
    stack stays whole in sight; the smallest such move, or None if there is none."""
    free_w = viewport.width() - 2 * MARGIN - GAP - stack.width()
    free_h = viewport.height() - 2 * MARGIN - GAP - stack.height()
    moves = []
    if free_h >= least.height() and viewport.width() - 2 * MARGIN >= least.width():
        need = min(want.height(), free_h) + GAP
        # below: the stack's bottom at most `need` above the viewport's bottom margin; above
        below = stack.bottom() + 1 + need - (viewport.height() - MARGIN)
        above = MARGIN + need - stack.top()
        moves += [QPoint(0, max(below, 0)), QPoint(0, -max(above, 0))]
    if free_w >= least.width() and viewport.height() - 2 * MARGIN >= least.height():
        need = min(want.width(), free_w) + GAP
        right = stack.right() + 1 + need - (viewport.width() - MARGIN)
        left = MARGIN + need - stack.left()
        moves += [QPoint(max(right, 0), 0), QPoint(-max(left, 0), 0)]
    return min(moves, key=lambda m: m.manhattanLength(), default=None)


def view_covers(viewport: QWidget | None) -> list[QRect]:
    """What the view draws over its viewport (the overview, a scroll bar), in the viewport's
    pixels: the viewport's shown siblings."""
    view = viewport.parentWidget() if viewport is not None else None
    if viewport is None or view is None:
        return []
    return [child.geometry().translated(-viewport.pos()) for child in view.children()
            if isinstance(child, QWidget) and child is not viewport and child.isVisible()]
