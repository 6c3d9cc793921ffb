"""A band laid out a part per turn of the event loop (`idle_bands`) stops often enough: the
small spaces' markers' search of one group of neighbours stops every hundred tries or so,
and where it finds nothing, before each marker placed at the least covered candidate; the
names moved off hemmed spaces stop before each place a name is tried at. (What each part
costs is benchmarks/gui_paint.py's "longest event-loop turn".)"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import label_refit, small_spaces
from pacific.gui.geo_scene import GeoBoardScene
from pacific.gui.idle_bands import NOTCH, neighbours
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_shapes import layout_zoom

TRIES = 100  # the tries of a search between two stops, at most


def parts(steps: Iterator[None], counts: dict[str, int]) -> list[dict[str, int]]:
    """What ``counts`` counted in each part of ``steps`` (between two of its stops)."""
    out = []
    for _step in steps:
        out.append(dict(counts))
        counts.clear()
    out.append(dict(counts))
    counts.clear()
    return out


def forget(window: MainWindow) -> GeoBoardScene:
    scene = window.board_scene
    assert isinstance(scene, GeoBoardScene)
    small_spaces._small.clear()
    scene._keep_outs.clear()
    scene.map._label_plans.clear()
    return scene


def band_and_pixels(window: MainWindow, notches: int) -> tuple[float, float]:
    """The band ``notches`` wheel notches in from the fit (out: the nearest band below the
    fit's) and the pieces' size there."""
    window.fit_map()
    fit = window.view.fit_scale()
    band = min(neighbours(fit, fit)) if notches < 0 else layout_zoom(fit * NOTCH ** notches, fit)
    width = window.view.maximumViewportSize().width()
    return band, window.pieces.pixels_at(band, (fit, width))


def test_the_small_spaces_markers_stop_within_a_group_of_neighbours(
        small_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The band below the fit's has a group of some 70 small spaces whose search finds no
    choice in its tries: the search stops every hundred tries, then the markers placed where
    they cover the least stop before each one (each part a few ms, not the group's tens)."""
    scene = forget(small_window)
    band, pixels = band_and_pixels(small_window, -1)
    shapes = scene.layout_shapes()
    puzzle = small_spaces._SmallSpaces(shapes, band, pixels)
    puzzle._choose(small_spaces.SMALL_SPOTS)
    largest = max(puzzle._groups(), key=len)
    assert len(largest) > 50
    search = puzzle._solve(largest, puzzle.touching, small_spaces.SEARCH_STEPS)
    stops = 0
    with pytest.raises(StopIteration) as ended:
        while True:
            next(search)
            stops += 1
    assert ended.value.value is None  # (none found, after more than a hundred tries)
    assert stops >= 1

    counts: dict[str, int] = {}
    real_overlap = small_spaces.squares_overlap

    def overlap(*args: object) -> float:
        counts["overlaps"] = counts.get("overlaps", 0) + 1
        return real_overlap(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(small_spaces, "squares_overlap", overlap)
    made = parts(small_spaces.slots_ahead(shapes, band, pixels), counts)
    assert sum(part.get("overlaps", 0) for part in made) > 10 * small_spaces.SMALL_SPOTS
    assert max(part.get("overlaps", 0) for part in made) <= small_spaces.SMALL_SPOTS


def test_the_names_moved_off_hemmed_spaces_stop_before_each_place_tried(
        small_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three notches in from the fit, Manchuria's name hems in its space at several places:
    it is tried off each in turn, a part each."""
    scene = forget(small_window)
    band, pixels = band_and_pixels(small_window, 3)
    for _step in scene.laying_out(band, pixels):
        pass
    counts: dict[str, int] = {}
    real_fit = label_refit.Refit.fit

    def fit(self: label_refit.Refit, changed: list[str], *args: object) -> object:
        counts["fits"] = counts.get("fits", 0) + 1
        tried.extend(changed)
        return real_fit(self, changed, *args)  # type: ignore[arg-type]

    tried: list[str] = []

    monkeypatch.setattr(label_refit.Refit, "fit", fit)
    made = parts(scene.keeping_off(band, pixels), counts)
    fits = [part.get("fits", 0) for part in made]
    assert len(set(tried)) < len(tried)  # (a name was tried at several places)
    assert max(fits) == 1
