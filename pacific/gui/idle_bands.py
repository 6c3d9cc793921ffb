"""The bands of zooms one and two wheel steps in and out laid out in idle time (the nearest
first), so that the first wheel step or quick two-step turn into such a band does not wait
for them: their labels (`piece_shapes.layout_zoom`:
laying a band's labels out takes most of the wait after a wheel step into it), then the names
moved off the spaces they hem in (`MapScene.keep_labels_off`), then the pieces' slots
(`PieceLayer.prepare`), each made as the wheel's own step would make it from the labels
placed.

Nothing is done before the window's first paint (a band hurried before it waits for it:
`hurry`). Then, once no pointer or key input has come
for `IDLE_MS` and nothing moves (no zoom gesture, no drag or piece animation, no computer
turn), one of those steps is done per turn of the event loop (a zero timer), the nearest band
first; input that arrives, to the window or to a dialog of it, stops the next one from
starting (the idle wait starts over). What they make goes where the wheel's own goes, kept
and dropped with it (the pieces' slots made for stacks that have moved since are not used:
`piece_layout.layout_ahead`).

A band's labels are laid out a label at a time (`label_layout.placing`): a turn of the event
loop spends about `BUDGET_MS` of processor time on them and leaves the rest to the next.

The band a wheel gesture pauses in, when idle time has not laid it out (the wheel was used
before the window was idle, or turned three notches at once), is laid out the same way at
once (`hurry`): its steps one per turn of the event loop without the idle wait, input served
between them, then it is shown (`MapZoom.zoomed`), as the pause would have shown it in one
long turn. Until then the window shows what the gesture showed: the labels of the band
before, the pieces at their new size."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication

from pacific.gui.map_view import FIT_SLACK, MAX_SCALE, MIN_SCALE, WHEEL_STEP
from pacific.gui.piece_shapes import layout_zoom

if TYPE_CHECKING:
    from pacific.gui.geo_scene import GeoBoardScene
    from pacific.gui.pieces import PieceLayer
    from pacific.gui.zooming import MapWindow

IDLE_MS = 400  # no input for this long: the window is idle
NOTCH = WHEEL_STEP ** 120  # one wheel notch's zoom
AHEAD = (1, 2)  # the wheel notches in and out whose bands are laid out ahead, nearest first
# A band's steps, one per turn of the event loop: its labels, the names moved off the spaces
# they hem in, the pieces' slots.
STEPS = ("labels", "names", "pieces")
# Processor time a turn of the event loop spends on a band's step at most, unless one part
# alone takes longer: well under the 50 ms a player would feel, with room for a pass of the
# cyclic garbage collector (some 20-30 ms) landing in the same turn.
BUDGET_MS = 20
STEPS_UNDER_WAY = 4  # steps left half done that are kept, to go on with later

# What a player does: each one puts the idle work off.
INPUT = frozenset({
    QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove,
    QEvent.Type.MouseButtonDblClick, QEvent.Type.Wheel, QEvent.Type.KeyPress,
    QEvent.Type.KeyRelease, QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate,
    QEvent.Type.Gesture, QEvent.Type.NativeGesture, QEvent.Type.DragMove,
})


def neighbours(zoom: float, fit: float) -> list[float]:
    """The bands of the zooms one wheel notch in and one out of ``zoom``, then two notches in
    and two out (as `MapView.zoom_by` clamps them), other than ``zoom``'s own band: nearest
    first. A quick two-notch turn of the wheel is one gesture, laid out once at its pause,
    in the band two notches away."""
    here = layout_zoom(zoom, fit)
    lowest = max(MIN_SCALE, min(fit * FIT_SLACK, zoom))
    out: list[float] = []
    for notches in AHEAD:
        for target in (min(MAX_SCALE, zoom * NOTCH ** notches),
                       max(lowest, zoom / NOTCH ** notches)):
            band = layout_zoom(target, fit)
            if abs(band / here - 1) > 1e-6 and all(abs(band / b - 1) > 1e-6 for b in out):
                out.append(band)
    return out


class IdleBands(QObject):
    """A window's idle work on the neighbouring bands (`MapZoom` starts it)."""

    def __init__(self, window: MapWindow) -> None:
        super().__init__()
        self.window = window
        self.painted = False  # the map has painted once: idle work may start
        self._watching = False  # (`watch`)
        self.done: list[float] = []  # the bands whose labels were laid out (newest last)
        self._queue: list[tuple[float, str]] = []  # (band, step of `STEPS`)
        self._input = 0  # input events seen: one between two bands stops the next
        self._stacks: object = None  # the stacks shown when the bands were last queued
        # The steps under way (a labels' layout, names moved off), by band, the pieces' size
        # and step (the newest last: a hurried band's does not throw away the idle work's).
        self._jobs: dict[tuple[float, float, str], Iterator[None]] = {}
        # The band the wheel paused in, laid out at once (`hurry`): its steps left, what
        # shows it at their end, and a ticket (a hurry made since stops the turns before).
        self._rush: list[tuple[float, str]] = []
        self._show: Callable[[], None] | None = None
        self._ticket = 0
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(IDLE_MS)
        self._idle.timeout.connect(self._slot)

    def watch(self) -> None:
        """Wait for the map view's first paint (then follow the input to its window)."""
        view = self.window.view
        assert view is not None
        self.setParent(view)  # (gone with the view: its timers stop)
        view.viewport().installEventFilter(self)
        self._watching = True

    @property
    def before_paint(self) -> bool:
        """Is the map view watched (`watch`) and not painted yet?"""
        return self._watching and not self.painted

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in INPUT:
            self._input += 1
            if self._idle.isActive() or self._queue:
                self._idle.start()  # (the wait starts over)
        elif kind == QEvent.Type.Paint and self.painted:
            self.moved()
        elif kind == QEvent.Type.Paint:
            view = self.window.view
            if view is not None and watched is view.viewport():
                self.painted = True
                # The input to the window passes its system window first. (Not an
                # application's filter: PySide6, handed the widgets Qt made, would make the
                # enum classes of every widget class, which the start does without.)
                handle = view.window().windowHandle()
                if handle is not None:
                    handle.installEventFilter(self)
                # Keys typed in a dialog (Buy units, the dice typed in) pass its own system
                # window: a band laid out between two of them holds the next one back.
                app = QGuiApplication.instance()
                if isinstance(app, QGuiApplication):
                    app.focusWindowChanged.connect(self._follow)
                self.zoomed()
                if self._show is not None:  # (a band hurried before the paint: `hurry`)
                    # From the turn after next: the next one ends the window's hold on the
                    # collector and writes the cache files it held (`first_paint`).
                    ticket = self._ticket
                    QTimer.singleShot(0, self, lambda: self._start(ticket))
        return False

    def _follow(self, window: QWindow | None) -> None:
        """The window the keys now go to: its input puts the idle work off too."""
        if window is not None:
            window.installEventFilter(self)  # (once: Qt keeps one filter per object)

    def zoomed(self) -> None:
        """The zoom changed (or the map first painted): the new neighbours wait their turn."""
        view = self.window.view
        fit = view.fit_scale() if view is not None else None
        if not self.painted or view is None or not fit:
            return
        self._queue = [(band, step) for band in neighbours(view.scale_factor, fit)
                       for step in STEPS]
        self._stacks = self._shown()
        self._input += 1  # (a step under way for the zoom before stops: the wait starts over)
        self._idle.start()

    def moved(self) -> None:
        """The map painted: if the stacks changed since the bands were queued (a move), the
        neighbours' pieces' slots wait their turn again (those made for the stacks before
        are not used: `piece_layout.layout_ahead`)."""
        stacks, view = self._shown(), self.window.view
        if stacks is self._stacks or view is None:
            return
        fit = view.fit_scale()
        if not fit:
            return
        self._stacks = stacks
        again = [(band, "pieces") for band in neighbours(view.scale_factor, fit)]
        self._queue += [item for item in again if item not in self._queue]
        self._idle.start()

    def _shown(self) -> object:
        # (the pieces' layer makes its stacks anew after a change: `PieceLayer.sync`)
        pieces = self.window.pieces
        return None if pieces is None else pieces.items

    def busy(self) -> bool:
        """Something moves or the player is at work: a zoom gesture, a drag or a piece's
        animation, a mouse button held, the computer's turn. (Or the map is not shown: a
        window closed needs nothing ahead; or the band the wheel paused in is being laid
        out: `hurry`.)"""
        view = self.window.view
        if view is None or view.gesturing or not view.isVisible() or self.hurrying or \
                QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            return True
        drag = getattr(self.window, "drag", None)
        if drag is not None and (drag.active or drag.animating()):
            return True
        computer = getattr(self.window, "computer", None)
        return computer is not None and computer.driver.acting()

    def _slot(self) -> None:
        if not self._queue:
            return
        if self.busy():
            self._idle.start()
            return
        if self.lay_out(*self._queue[0]):
            self._queue.pop(0)
        if self._queue:
            seen = self._input
            QTimer.singleShot(0, self, lambda: self._next(seen))

    def _next(self, seen: int) -> None:
        if seen == self._input:  # no input since the last band
            self._slot()

    def hurry(self, band: float, show: Callable[[], None]) -> None:
        """The wheel paused in ``band``, not laid out: lay it out now, a step per turn of the
        event loop (input does not put them off), then ``show`` it. (Before the map's first
        paint, from the turn after it: the window's first fit, `MapZoom.zoomed`.)"""
        self._rush = [(band, step) for step in STEPS]
        self._show = show
        self._ticket += 1
        if not self.before_paint:
            self._start(self._ticket)

    def _start(self, ticket: int) -> None:
        QTimer.singleShot(0, self, lambda: self._hurried(ticket))

    def stop(self) -> None:
        """The zoom changed again: the band being laid out at once is not shown (its labels'
        layout under way is kept: the next pause may be in the same band)."""
        self._rush, self._show = [], None
        self._ticket += 1

    @property
    def hurrying(self) -> bool:
        """Is a band the wheel paused in being laid out (`hurry`)?"""
        return self._show is not None

    def _hurried(self, ticket: int) -> None:
        if ticket != self._ticket:
            return
        if self._rush:
            band, step = self._rush[0]
            if self.lay_out(band, step):
                self._rush.pop(0)
            self._start(ticket)
            return
        show, self._show = self._show, None
        if show is not None:
            show()

    def lay_out(self, band: float, step: str = "labels") -> bool:
        """Do ``step`` of `STEPS` for ``band`` as `MapZoom.zoomed` would for a zoom in it,
        for about `BUDGET_MS`: False when it is not done yet (it goes on at the next call)."""
        window = self.window
        view, pieces = window.view, window.pieces
        # (a scene without labels laid out per zoom, the plain one, has none to prepare)
        if view is None or pieces is None or not hasattr(window.board_scene, "planned_shapes"):
            return True
        scene = cast("GeoBoardScene", window.board_scene)
        fit = view.fit_scale()
        width = view.maximumViewportSize().width()
        pixels = pieces.pixels_at(band, (fit, width) if fit else None)
        job = self._jobs.pop((band, pixels, step), None)
        if job is None:
            job = scene.laying_out(band, pixels) if step == "labels" else \
                scene.keeping_off(band, pixels) if step == "names" else \
                _pieces_ahead(scene, pieces, band, pixels)
        if not _run(job):
            self._jobs[band, pixels, step] = job
            for old in list(self._jobs)[:-STEPS_UNDER_WAY]:
                del self._jobs[old]
            return False
        if step == "labels":
            self.done.append(band)
        return True


def _pieces_ahead(scene: GeoBoardScene, pieces: PieceLayer, band: float, pixels: float
                  ) -> Iterator[None]:
    """The pieces' slots laid out for ``band`` from its labels (`PieceLayer.prepare`)."""
    made = scene.planned_shapes(band, pixels)
    if made is not None:
        yield from pieces.prepare(band, made[0], pixels, made[1])


def _run(steps: Iterator[None]) -> bool:
    """Take ``steps`` until they end (True), or until the next one, as long as the longest
    taken, would pass `BUDGET_MS` of processor time (False: the turn ends)."""
    start = last = time.process_time()
    end, longest = start + BUDGET_MS / 1000, 0.0
    for _step in steps:
        now = time.process_time()
        longest, last = max(longest, now - last), now
        if now + longest > end:
            return False
    return True
