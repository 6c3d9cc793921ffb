"""In idle time the window lays the whole of the neighbouring bands of zooms out
(`pacific.gui.idle_bands`): after the labels, the names moved off the spaces they hem in and
the pieces' slots, so that the wheel step into such a band makes neither; what it shows is
what the wheel alone makes, and a move between the idle time and the wheel step is not
shown with slots made for the stacks before it (`piece_layout.layout_ahead`)."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_gui_idle_bands import NOTCH, settle, shown, wheel
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import geo_scene, piece_layout
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_layout import Layout
from pacific.rules.state import GameState


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many pieces' layouts were made (`Layout`) and how many times the spaces hemmed in
    by names were looked for (`hemmed_boxes`, before the names are moved off them)."""
    counts = {"layouts": 0, "hemmed": 0}
    real_init, real_hemmed = Layout.__init__, geo_scene.hemmed_boxes

    def init(self: Layout, *args: object, **kwargs: object) -> None:
        counts["layouts"] += 1
        real_init(self, *args, **kwargs)  # type: ignore[arg-type]

    def hemmed(*args: object) -> object:
        counts["hemmed"] += 1
        return real_hemmed(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(Layout, "__init__", init)
    monkeypatch.setattr(geo_scene, "hemmed_boxes", hemmed)
    yield counts


def forget(window: MainWindow) -> None:
    """Every label and piece layout kept forgotten, no idle work waiting."""
    window.board_scene.map._label_plans.clear()  # type: ignore[attr-defined]
    piece_layout._layouts.clear()
    window.zooming.idle._queue.clear()


def at(window: MainWindow, factor: float) -> None:
    """The window fitted, then zoomed to ``factor`` times the fit, nothing kept."""
    window.fit_map()
    window.view.zoom_by(factor)
    forget(window)
    window.zooming.paused()
    settle(window)
    QApplication.processEvents()


def idle(window: MainWindow, queue: bool = True) -> None:
    """Leave the window idle at its zoom until its idle work is done (with ``queue``, all of
    the neighbouring bands' work queued first, as after a zoom)."""
    if queue:
        window.zooming.idle.zoomed()
    for _ in range(50):
        QTest.qWait(100)
        if not window.zooming.idle._queue:
            return
    raise AssertionError("the idle work did not end")


def ahead() -> list[Layout]:
    """The pieces' layouts made ahead of time and not yet given to the wheel."""
    return [layout for layout in piece_layout._layouts._values.values()
            if getattr(layout, "ahead", None) is not None]


def slots_found(window: MainWindow) -> tuple[object, ...]:
    """Every slot the layout shown found, whole or smaller, in the order found."""
    plan = window.pieces._plan
    assert plan is not None
    return tuple(plan._slots.items()), tuple(plan._squeezed.items())


def test_after_idle_a_wheel_step_makes_no_pieces_layout(small_window: MainWindow,
                                                        made: dict[str, int]) -> None:
    at(small_window, 1.9)
    idle(small_window)
    assert ahead()  # the idle work made the pieces' layouts of the neighbouring bands
    made["layouts"] = made["hemmed"] = 0
    wheel(small_window, NOTCH)
    assert made == {"layouts": 0, "hemmed": 0}


def test_the_idle_made_pieces_layout_is_the_wheels_own(small_window: MainWindow,
                                                       made: dict[str, int]) -> None:
    """The same labels, stacks and slots found, from the idle work or the wheel alone."""
    at(small_window, 2.6)
    idle(small_window)
    made["layouts"] = 0
    wheel(small_window, 1 / NOTCH)
    assert made["layouts"] == 0  # (the idle one was used)
    from_idle = shown(small_window), slots_found(small_window)
    at(small_window, 2.6)
    made["layouts"] = 0
    wheel(small_window, 1 / NOTCH)
    assert made["layouts"] == 1  # (the wheel made it)
    assert (shown(small_window), slots_found(small_window)) == from_idle


def moved(state: GameState) -> GameState:
    """``state`` with an infantry unit moved to another territory holding units, where its
    owner has no infantry: one stack more there (and one fewer where it left, if alone)."""
    out = copy.deepcopy(state)
    units = list(out.units.values())
    unit = next(u for u in units if u.carried_by is None and u.type.value == "infantry")
    target = next(space for space in sorted({u.space for u in units})
                  if space != unit.space and not any(
                      v.space == space and (v.owner, v.type) == (unit.owner, unit.type)
                      for v in units))
    out.unit(unit.id).space = target
    return out


def test_a_move_between_idle_and_wheel_gives_the_fresh_layout(small_window: MainWindow,
                                                              made: dict[str, int]) -> None:
    """A stack more on a space between the idle work and the wheel step: the wheel makes the
    layout afresh, and shows what it shows after the same move with no idle work first."""
    window = small_window
    before = window.controller.state
    after = moved(before)
    slot_of = dict(window.pieces._slot_of)  # (each stack's slot in its space, as they start)

    def step(idle_first: bool) -> tuple[object, ...]:
        window.pieces.sync(before, lambda _key: False)
        window.pieces._slot_of.clear()
        window.pieces._slot_of.update(slot_of)
        at(window, 2.6)
        made_ahead: list[Layout] = []
        if idle_first:
            idle(window)
            made_ahead = ahead()
            assert made_ahead  # the idle work made the neighbouring bands' layouts
        window.pieces.sync(after, lambda _key: False)
        made["layouts"] = 0
        wheel(window, 1 / NOTCH)
        assert made["layouts"] == 1  # made afresh for the stacks as they stand now
        assert all(window.pieces._plan is not layout for layout in made_ahead)
        return shown(window), slots_found(window)

    try:
        assert step(idle_first=True) == step(idle_first=False)
    finally:
        window.pieces.sync(before, lambda _key: False)


def test_after_a_move_the_idle_time_lays_the_pieces_out_again(small_window: MainWindow,
                                                              made: dict[str, int]) -> None:
    window = small_window
    before = window.controller.state
    try:
        at(window, 2.6)
        idle(window)
        window.pieces.sync(moved(before), lambda _key: False)
        window.view.viewport().repaint()  # (the map painted with the stacks moved)
        idle(window, queue=False)
        made["layouts"] = 0
        wheel(window, 1 / NOTCH)
        assert made["layouts"] == 0
    finally:
        window.pieces.sync(before, lambda _key: False)
