"""The cyclic collector paused while a window is built and until it has first painted.

A window's widgets, scene items and game live as long as it does: the collector's passes over
them while they are made free nothing, and at a start they cost about a twentieth of the
processor time to the first paint (docs/performance.md). Whatever builds the window (the
`pacific` command, a tool, a test) the window holds the collector from its first line until
the event loop's turn after its first paint, when the collector runs again as it did before.
A window that is not shown by the event loop's first turn, or is hidden, closed or deleted
before it paints, ends its hold then; one that is shown but never painted (a window the
system never exposes), a few seconds later.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

from pacific.startup import hold_collector

# Milliseconds a shown window may wait for its first paint before the collector runs again.
LONGEST_WAIT_MS = 3000
# The window's events that end the wait: its paint, and its hiding or closing first.
_PAINTED = (QEvent.Type.Paint, QEvent.Type.UpdateRequest)
_GONE = (QEvent.Type.Hide, QEvent.Type.Close)


class CollectorUntilPainted(QObject):
    """Holds the collector (`pacific.startup.hold_collector`) for ``window``, from now until
    the event loop's turn after the window's first paint."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        end = hold_collector()
        self._end = end
        self.ended = False
        # (a plain function: it runs when the window and this object are deleted)
        self.destroyed.connect(lambda *_args: end())
        window.installEventFilter(self)
        QTimer.singleShot(0, self, self._first_turn)

    def end(self) -> None:
        """The collector runs again (unless another hold lasts); this object's work is done."""
        if self.ended:
            return
        self.ended = True
        parent = self.parent()
        if parent is not None:
            parent.removeEventFilter(self)
        self._end()

    def _first_turn(self) -> None:
        window = self.parent()
        if not isinstance(window, QWidget) or not window.isVisible():
            self.end()   # not being shown: a window built to be shown later, or never
        elif not self.ended:
            QTimer.singleShot(LONGEST_WAIT_MS, self, self.end)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _PAINTED:
            # The paint runs while this event is handled: the collector waits until after it.
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self.end)
        elif kind in _GONE:
            self.end()
        return False
