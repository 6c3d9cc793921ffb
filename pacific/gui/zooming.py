"""The map's zoom, for the main window: the labels are laid out anew for each zoom (none overlaps
another), then the pieces, which keep clear of the labels. During a wheel or pinch gesture the
labels wait until the zooming pauses: laying them out takes up to a tenth of a second. In idle
time the bands of zooms a wheel step away are laid out ahead (`idle_bands`).

The window's first paint does not wait for its labels when they are neither made nor kept on
disk by an earlier start (`label_cache`: a first start ever, a new window size): the map is
painted without names, the pieces laid out without them, each on its own space (the small
spaces' markers, which the pieces' layout needs, are found before), and the labels, the names
moved off the spaces they hem in and the pieces' slots are laid out from the turn after that
paint as a band the wheel paused in (`IdleBands.hurry`), then shown."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from pacific.gui.idle_bands import IdleBands
from pacific.gui.piece_shapes import BAND, layout_zoom

if TYPE_CHECKING:
    from pacific.gui.map_view import MapView
    from pacific.gui.picture_cache import PictureStore
    from pacific.gui.pieces import PieceLayer
    from pacific.gui.scene import BoardScene


BANDS_BELOW = 12  # the bands below a zoom's looked at for one laid out (`MapZoom.paused`)


class MapWindow(Protocol):
    """A window with a map: the main window, the replay."""

    @property
    def view(self) -> MapView | None: ...
    @property
    def pieces(self) -> PieceLayer | None: ...
    @property
    def board_scene(self) -> BoardScene | None: ...


class MapZoom:
    """A window's zoom (the main window's `zooming`, the replay's)."""

    def __init__(self, window: MapWindow) -> None:
        self.window = window
        self._label_timer = QTimer()
        self._label_timer.setSingleShot(True)
        self._label_timer.setInterval(150)
        self._label_timer.timeout.connect(self.paused)
        # The neighbouring bands' labels laid out in idle time (after the first paint).
        self.idle = IdleBands(window)
        self._shown: tuple[float, float] | None = None  # the zoom and band laid out for
        # The first fitted map's picture kept on disk (`MapView.picture_store`), set aside
        # while the first paint shows the map without its names: the picture kept is theirs.
        self._picture_store: PictureStore | None = None
        self._first = True  # no label laid out or put off yet

    def connect(self) -> None:
        """Follow the zoom of the map view just shown."""
        view = self.window.view
        assert view is not None
        view.zoom_changed.connect(lambda zoom: self.zoomed(zoom, view.gesturing))
        # (the layout timed for a gesture's pause must not outlive the view it lays out: a
        # window closed, or a game opened in its place, within the pause)
        view.destroyed.connect(self._label_timer.stop)
        self.idle.watch()

    def zoom(self, factor: float) -> None:
        if self.window.view is not None:
            self.window.view.zoom_by(factor)

    def fit(self) -> None:
        if self.window.view is not None:
            self.window.view.fit_to_window()

    def zoom_to_space(self, space: str) -> None:
        """Zoom in on ``space`` until its stacks show (a click on a nation's marker)."""
        window = self.window
        view, scene, pieces = window.view, window.board_scene, window.pieces
        if view is None or scene is None or pieces is None:
            return
        for _attempt in range(8):
            view.zoom_by(1.5)
            view.center_on_scene_point(scene.centre_of(space))
            pieces.layout()
            if not pieces.summarised(space):
                break

    def zoomed(self, zoom: float, gesturing: bool, band: float | None = None) -> None:
        """Labels are laid out anew for the zoom, then the pieces (as for ``band``, a band
        below the zoom's, when given). The window's first fit, before its first paint, lays
        labels neither made nor kept on disk out after that paint (see the module's
        docstring)."""
        self.idle.stop()  # (a band laid out at once for a pause before is not shown)
        window = self.window
        view, pieces = window.view, window.pieces
        place = getattr(window.board_scene, "place_labels", None)
        later = place is not None and gesturing
        if later:
            self._label_timer.start()  # restarted by every step: lays out when they pause
            place = None
        own = self._sizes(zoom)[1]
        fitted, band, pixels = self._sizes(zoom, band)
        below = band != own  # (a band below, shown at once at a pause: `paused`)
        if place is not None and self._first:
            self._first = False
            if self._after_paint(band, pixels):
                self._without_names(zoom, band, fitted)
                return
        if place is not None and view is not None and self._picture_store is not None:
            view.picture_store, self._picture_store = self._picture_store, None
        if place is not None:
            self._shown = (zoom, band)
            if place(zoom, pixels, band):
                if pieces is not None:
                    pieces.labels_moved()
                if view is not None:
                    view.labels_moved()
        if pieces is not None and (later or below):
            # (laid out at the pause, with the labels: not before it against the labels of
            # the band before, a layout thrown away that the stacks would stay near)
            pieces.resize_to(zoom, fitted)
            if below:
                pieces.layout(band)
        elif pieces is not None:
            pieces.scale_to(zoom, gesturing, fitted)
        self.idle.zoomed()

    def _after_paint(self, band: float, pixels: float | None) -> bool:
        """Are ``band``'s labels to be laid out after the window's first paint: neither made
        nor kept on disk (`GeoBoardScene.kept`), the map not painted yet and on its way?"""
        view, kept = self.window.view, getattr(self.window.board_scene, "kept", None)
        return view is not None and kept is not None and pixels is not None and \
            self.idle.before_paint and view.isVisible() and not kept(band, pixels)

    def _without_names(self, zoom: float, band: float, fitted: tuple[float, float] | None
                       ) -> None:
        """The map at ``zoom`` shown without its names, the pieces laid out without them
        (`PieceLayer.interim`); ``band`` laid out from the turn after the first paint on,
        then shown (`IdleBands.hurry`)."""
        window = self.window
        view, pieces, scene = window.view, window.pieces, window.board_scene
        getattr(scene, "hide_labels", lambda: None)()
        if view is not None:
            if view.picture_store is not None:
                self._picture_store, view.picture_store = view.picture_store, None
            view.labels_moved()
        if pieces is not None:
            pieces.labels_moved()
            pieces.interim = True
            pieces.resize_to(zoom, fitted)
            pieces.layout(band)
        self.idle.hurry(band, lambda: self.zoomed(zoom, False))

    def wait_until_laid_out(self, patience: float = 10.0) -> None:
        """Return once the labels and pieces are laid out for the zoom shown: those laid out
        over several turns of the event loop (the first paint's, a wheel's pause in a band
        not laid out: `IdleBands.hurry`) run their turns now (tests, tools). Turns that do
        not come within ``patience`` seconds (a window never shown again) give way to the
        layout done at once, so a caller never waits forever."""
        view = self.window.view
        if view is not None and self.idle.hurrying and self.idle.before_paint:
            view.viewport().repaint()
        deadline = time.monotonic() + patience
        while self.idle.hurrying and not self.idle.before_paint and \
                time.monotonic() < deadline:
            QApplication.processEvents()
        if self.idle.hurrying and view is not None:  # (never painted: laid out at once)
            self.zoomed(view.scale_factor, False)

    def _sizes(self, zoom: float, band: float | None = None
               ) -> tuple[tuple[float, float] | None, float, float | None]:
        """The zoom that shows the whole map and the view's width, the band of ``zoom``
        (`layout_zoom`, or ``band``) and the pieces' size there."""
        view, pieces = self.window.view, self.window.pieces
        fit = view.fit_scale() if view is not None else None
        # (the width without scroll bars: a zoomed view's come and go, and the pieces'
        # size at a zoom stays the same)
        width = view.maximumViewportSize().width() if view is not None else 0
        fitted = (fit, width) if fit else None
        # The labels keep clear of the markers of the spaces too small for a token: they
        # are told the pieces' size at this zoom.
        band = band or layout_zoom(zoom, fit)
        return fitted, band, pieces.pixels_at(band, fitted) if pieces is not None else None

    def paused(self) -> None:
        """The zooming paused: lay the labels and the pieces out for the zoom reached. In a
        band not laid out yet, over several turns of the event loop (`IdleBands.hurry`):
        laying a band out takes up to a tenth of a second, a hitch the player sees."""
        view = self.window.view
        if view is None:
            return
        zoom = view.scale_factor
        fitted, band, pixels = self._sizes(zoom)
        ready = getattr(self.window.board_scene, "ready", None)
        if ready is None or fitted is None or pixels is None or self._shown == (zoom, band) or \
                ready(band, pixels):
            self.zoomed(zoom, False)
            return
        # Zoomed out, the labels and markers of the band shown before stand too close at
        # this zoom (they keep their size in pixels): a band below laid out ahead stands
        # (`layout_zoom`), shown at once while this one is laid out.
        below = self._shown is not None and self._shown[1] > band
        at_hand = next((lower for lower in self._below(band, fitted[0])
                        if ready(lower, self._sizes(zoom, lower)[2])), None) if below else None
        if at_hand is not None:
            self.zoomed(zoom, False, at_hand)
        self.idle.hurry(band, lambda: self.zoomed(zoom, False))

    @staticmethod
    def _below(band: float, fit: float) -> list[float]:
        """The bands below ``band`` down to the fit's, nearest first."""
        return [layout_zoom(band / BAND ** steps, fit) for steps in range(1, BANDS_BELOW + 1)
                if band / BAND ** steps > fit / BAND]
