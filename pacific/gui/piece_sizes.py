"""A piece's size on screen: legible at "fit to window" whatever the window, growing with the
zoom from there (`pieces.PieceLayer`)."""

from __future__ import annotations

MIN_PIXELS = 18.0  # the smallest piece on screen: icon and count still readable
# The smallest a crowded space's stacks are drawn (`Layout.squeezed`): the icon is still told
# apart and the count keeps its own readable font (BADGE_PIXELS), so each stack shows rather
# than one merged marker.
SQUEEZED_PIXELS = 16.0
FIT_PIXELS = 22.0  # a piece's size at "fit to window" in a big window (see fit_pixels)
MAX_PIXELS = 56.0
GROWTH = 0.6  # zoomed in k times from the fit, a piece is k ** GROWTH times bigger
# A piece is FIT_PIXELS wide where its scene ``size`` shows this many times smaller (the
# whole map in a full-HD window), and grows from there with the map's scale, whatever the
# window: zoomed in to the same scale, a small window shows the pieces a big one shows, and
# the spaces the same room for them.
SCALE_SPAN = 2.5
# Up to this many times its fit a window's pieces grow from their fit size alone: that far
# in, a small window shows the map at a full-HD window's fit scale or less, where the names
# fill the crowded coasts and smaller pieces would free no space.
FREE_GROWTH = 2.0


def fit_pixels(view_width: float) -> float:
    """A piece's size when the whole map is shown in a view ``view_width`` pixels wide: the
    biggest that leaves room around the crowded coasts of China and Japan (a 1024-pixel
    window shows them at MIN_PIXELS, a full-HD one at FIT_PIXELS)."""
    return min(FIT_PIXELS, max(MIN_PIXELS, view_width / 60))


def pixels_at(zoom: float, fit_zoom: float | None, fit_width: float, size: float) -> float:
    """A piece's size on screen at ``zoom`` when ``fit_zoom`` shows the whole map in a view
    ``fit_width`` pixels wide (without it: ``size``, in scene units, times the zoom)."""
    if fit_zoom:
        base = fit_pixels(fit_width)
        wanted = base * float(max(1.0, zoom / fit_zoom) ** GROWTH)
        # (never more than a big window's at the same scale: growing from a small
        # window's fit, the pieces would outgrow the spaces and merge zoomed in)
        at_scale = FIT_PIXELS * float(
            (zoom * size * SCALE_SPAN / FIT_PIXELS) ** GROWTH)
        early = base * float(min(FREE_GROWTH, max(1.0, zoom / fit_zoom)) ** GROWTH)
        wanted = min(wanted, max(early, at_scale))
    else:
        wanted = size * zoom
    return min(MAX_PIXELS, max(MIN_PIXELS, wanted))
