"""A band laid out a part per turn of the event loop (`idle_bands`) stops often enough: the
small spaces' markers' search of one group of neighbours stops every hundred tries or so,
and where it finds nothing, before each marker placed at the least covered candidate; the
names moved off hemmed spaces stop before each place a name is tried at; the names a layout
hides are looked for again one per part; the pieces' slots are asked of their layout in a
part after it is made. (What each part costs is benchmarks/gui_paint.py's "longest
event-loop turn".)"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import idle_bands, label_layout, label_refit, piece_layout, small_spaces
from pacific.gui.geo_scene import GeoBoardScene
from pacific.gui.idle_bands import NOTCH, neighbours
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_shapes import layout_zoom
from pacific.gui.pieces import PieceLayer

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
    for _step in puzzle._choose(small_spaces.SMALL_SPOTS):
        pass
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


def test_the_hidden_names_last_looks_stop_before_each_name(
        small_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the fit, a layout hides many territories' names: each is looked for a place
    again (`label_layout._last_looks`) in a part of its own."""
    scene = forget(small_window)
    band, pixels = band_and_pixels(small_window, -1)
    counts: dict[str, int] = {}
    real = label_layout._fine_spot

    def fine_spot(*args: object) -> object:
        if sys._getframe(1).f_code.co_name == "_last_looks":
            counts["looks"] = counts.get("looks", 0) + 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(label_layout, "_fine_spot", fine_spot)
    made = parts(scene.laying_out(band, pixels), counts)
    assert sum(part.get("looks", 0) for part in made) > 3
    assert max(part.get("looks", 0) for part in made) == 1


def test_the_pieces_slots_are_asked_in_a_part_after_the_layout_made(
        small_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pieces' step of a band makes its layout (the slots of the first stacks) in one
    part, and asks it for every stack's slots in the next."""
    scene = forget(small_window)
    band, pixels = band_and_pixels(small_window, 3)
    for step in (scene.laying_out(band, pixels), scene.keeping_off(band, pixels)):
        for _step in step:
            pass
    piece_layout._layouts.clear()
    counts: dict[str, int] = {}
    real_layout, real_room = piece_layout.Layout.__init__, PieceLayer._room

    def layout(self: piece_layout.Layout, *args: object) -> None:
        counts["made"] = counts.get("made", 0) + 1
        real_layout(self, *args)  # type: ignore[arg-type]

    def room(self: PieceLayer, *args: object) -> object:
        counts["asked"] = counts.get("asked", 0) + 1
        return real_room(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(piece_layout.Layout, "__init__", layout)
    monkeypatch.setattr(PieceLayer, "_room", room)
    made = parts(idle_bands._pieces_ahead(scene, small_window.pieces, band, pixels), counts)
    assert sum(part.get("made", 0) for part in made) == 1
    assert sum(part.get("asked", 0) for part in made) > 10
    assert not any(part.get("made") and part.get("asked") for part in made)
