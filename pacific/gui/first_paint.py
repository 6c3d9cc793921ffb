"""The cyclic collector paused while a window is built and until it has first painted.

A window's widgets, scene items and game live as long as it does: the collector's passes over
them while they are made free nothing, and at a start they cost about a twentieth of the
processor time to the first paint (docs/performance.md). Whatever builds the window (the
`pacific` command, a tool, a test) the window holds the collector from its first line until
the event loop's turn after its first paint, when the collector runs again as it did before.
A window that is not shown by the event loop's first turn, or is hidden or deleted before it
paints, ends its hold then; one that is shown but never painted (a window the system never
exposes), a few seconds later. The cache files the window's making left to write wait as long
(`cache_writes`).
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QTimer
from PySide6.QtGui import QHideEvent, QPaintEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from pacific.gui import cache_writes
from pacific.startup import hold_collector

# Milliseconds a shown window may wait for its first paint before the collector runs again.
LONGEST_WAIT_MS = 3000


class CollectorUntilPainted:
    """Holds the collector (`pacific.startup.hold_collector`) for ``window``, from now until
    the event loop's turn after the window's first paint (`painted`), and the cache files
    to write until then (`cache_writes.hold`)."""

    def __init__(self, window: QWidget) -> None:
        self._end = hold_collector()
        self._end_writes = cache_writes.hold()
        self.ended = False
        self._painted = False
        window.destroyed.connect(self.end)
        # (a weak reference: the timer does not keep a window its program let go of)
        shown = weakref.ref(window)
        QTimer.singleShot(0, lambda: self._first_turn(shown()))

    def end(self) -> None:
        """The collector runs again and the cache files waiting are written (unless another
        hold lasts)."""
        self.ended = True
        self._end()
        self._end_writes()

    def painted(self) -> None:
        """The window painted: the collector runs again after this paint."""
        if not self._painted and not self.ended:
            self._painted = True
            QTimer.singleShot(0, self.end)

    def _first_turn(self, window: QWidget | None) -> None:
        if self.ended or self._painted:
            return
        try:
            shown = window is not None and window.isVisible()
        except RuntimeError:   # (deleted)
            shown = False
        if shown:
            QTimer.singleShot(LONGEST_WAIT_MS, self.end)
        else:
            self.end()   # not being shown: a window built to be shown later, or never


class HoldsCollectorUntilPainted(QMainWindow):
    """A main window that holds the collector from its construction until after its first
    paint (`CollectorUntilPainted`), or until it is hidden first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.collector_hold = CollectorUntilPainted(self)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        self.collector_hold.painted()

    def hideEvent(self, event: QHideEvent) -> None:
        super().hideEvent(event)
        self.collector_hold.end()
