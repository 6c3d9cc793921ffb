"""In idle time the window lays out the labels of the bands of zooms one and two wheel steps in
and out (`pacific.gui.idle_bands`): the first wheel step into such a band lays no labels out, and
shows what the wheel alone would have; input puts the work off; nothing is done before the
window's first paint."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QVBoxLayout
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import label_layout
from pacific.gui.autosave import Autosave
from pacific.gui.controller import GameController
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_shapes import layout_zoom
from pacific.gui.settings import Preferences
from pacific.rules.engine import Game
from pacific.rules.history import History

IDLE_WAIT_MS = 1500  # the idle wait and two bands laid out, with room to spare
NOTCH = 1.0015 ** 120  # one wheel notch (`map_view.WHEEL_STEP`)


@pytest.fixture
def places(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The bands the labels are laid out for from now on (`label_layout.placing`'s calls:
    `place` lays out with it too)."""
    calls: list[float] = []
    real: Callable[..., object] = label_layout.placing

    def counted(requests: object, band: float, *args: object) -> object:
        calls.append(band)
        return real(requests, band, *args)

    monkeypatch.setattr(label_layout, "placing", counted)
    return calls


def zoomed_to(window: MainWindow, factor: float) -> None:
    """The window fitted, then zoomed to ``factor`` times the fit with every label layout
    forgotten (so that none is left from another test)."""
    window.fit_map()
    window.view.zoom_by(factor)
    window.board_scene.map._label_plans.clear()  # type: ignore[attr-defined]
    QApplication.processEvents()


def wheel(window: MainWindow, factor: float) -> float:
    """A wheel step, then its pause (the labels and pieces laid out for the zoom reached):
    the band reached."""
    window.view.gesture_zoom(factor)
    window.zooming.paused()
    settle(window)
    return layout_zoom(window.view.scale_factor, window.view.fit_scale())


def settle(window: MainWindow) -> None:
    """Until the band the wheel paused in is laid out and shown (`IdleBands.hurry`)."""
    for _ in range(400):
        if not window.zooming.idle.hurrying:
            return
        QTest.qWait(5)
    raise AssertionError("the band the wheel paused in was not shown")


def shown(window: MainWindow) -> tuple[object, ...]:
    """Every label's place and text and every stack's place."""
    scene = window.board_scene.map  # type: ignore[attr-defined]
    labels = tuple((rid, label.pos().x(), label.pos().y(), label.hidden,
                    label.text_box().getCoords()) for rid, label in scene.labels.items())
    stacks = tuple((key, item.isVisible(), item.scenePos().x(), item.scenePos().y())
                   for key, item in window.pieces.items.items())
    return labels, stacks


def test_after_idle_a_wheel_step_lays_no_labels_out(small_window: MainWindow,
                                                    places: list[float]) -> None:
    zoomed_to(small_window, 1.9)
    QTest.qWait(IDLE_WAIT_MS)
    before = len(places)
    assert before >= 1  # the idle work laid the neighbours out
    band = wheel(small_window, NOTCH)
    assert band not in places[before:]  # ... so the wheel step found its band's labels made


@pytest.mark.parametrize("notches", [2, -2])
def test_after_idle_a_quick_two_notch_turn_lays_no_labels_out(small_window: MainWindow,
                                                              places: list[float],
                                                              notches: int) -> None:
    """Two notches in one gesture (laid out once, at its pause) reach a band two notches
    away: the idle time laid that one out too, after the nearer ones."""
    zoomed_to(small_window, 1.9)
    idle = small_window.zooming.idle
    for _ in range(60):  # (until the idle work is done: four bands now)
        QTest.qWait(100)
        if not idle._queue:
            break
    before = len(places)
    band = wheel(small_window, NOTCH ** notches)
    assert band not in places[before:]


def test_a_band_laid_out_in_idle_time_shows_as_the_wheels_own(small_window: MainWindow,
                                                              places: list[float]) -> None:
    """The same label places and the same stack slots, from an idle layout or the wheel's."""
    zoomed_to(small_window, 2.6)
    QTest.qWait(IDLE_WAIT_MS)
    made = len(places)
    band = wheel(small_window, 1 / NOTCH)
    assert band not in places[made:]  # (the idle one was used)
    from_idle = shown(small_window)
    zoomed_to(small_window, 2.6)
    small_window.zooming.idle._queue.clear()  # (no idle work this time)
    made = len(places)
    wheel(small_window, 1 / NOTCH)
    assert places[made:].count(band) == 1  # (the wheel laid it out)
    assert shown(small_window) == from_idle


def test_input_puts_the_idle_work_off(small_window: MainWindow, places: list[float]) -> None:
    zoomed_to(small_window, 3.3)
    before = len(places)
    viewport = small_window.view.viewport()
    for step in range(12):  # a pointer moving over the map for about 1.2 s
        QTest.mouseMove(viewport, QPoint(300 + step * 5, 300))
        QTest.qWait(100)
    assert len(places) == before
    QTest.qWait(IDLE_WAIT_MS)
    assert len(places) > before


@pytest.fixture
def unshown(qapp: QApplication, tmp_path: Path, pacific_board: object) -> Iterator[MainWindow]:
    game = Game(pacific_board)  # type: ignore[arg-type]
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(GameController(History(game, game.new_game(players=3, seed=4))),
                        prefs=Preferences(settings),
                        autosave=Autosave(tmp_path / "autosaves", settings))
    window.resize(1024, 700)
    yield window
    window.close()


def test_nothing_is_laid_out_ahead_before_the_first_paint(unshown: MainWindow) -> None:
    QTest.qWait(IDLE_WAIT_MS)
    assert not unshown.zooming.idle.painted
    # (this window's layouts: another shown window of the module may be at its idle work)
    assert len(unshown.board_scene.map._label_plans) == 0  # type: ignore[attr-defined]
    unshown.show()
    QTest.qWaitForWindowExposed(unshown)
    QTest.qWait(IDLE_WAIT_MS)
    assert unshown.zooming.idle.painted
    assert unshown.zooming.idle.done


def test_keys_typed_in_a_dialog_put_the_idle_work_off(small_window: MainWindow) -> None:
    """A player typing in a dialog of the window (Buy units, the dice typed in) is at work:
    a band laid out between two keys holds the next key back."""
    zoomed_to(small_window, 3.3)
    idle = small_window.zooming.idle
    idle.done.clear()
    idle.zoomed()  # (the neighbours wait, whatever the zoom's own layout took)
    dialog = QDialog(small_window)
    field = QLineEdit(dialog)
    QVBoxLayout(dialog).addWidget(field)
    dialog.open()
    QTest.qWaitForWindowExposed(dialog)
    try:
        for _step in range(12):  # a key every 0.1 s for about 1.2 s
            QTest.keyClick(dialog.windowHandle(), Qt.Key.Key_1)
            QTest.qWait(100)
        assert field.text() == "1" * 12
        assert idle.done == []
    finally:
        dialog.close()
    QTest.qWait(IDLE_WAIT_MS)
    assert idle.done


@pytest.mark.parametrize("notches", [3, -3])
def test_a_pause_in_a_band_never_laid_out_lays_it_out_a_part_per_turn(
        small_window: MainWindow, places: list[float], notches: int) -> None:
    """A quick turn of three notches lands in a band idle time did not lay out: its pause
    lays nothing out in its own call (the band is laid out over the next turns of the event
    loop, `IdleBands.hurry`), and what is shown at the end is what one call made."""
    zoomed_to(small_window, 1.9)
    small_window.zooming.idle._queue.clear()
    view = small_window.view
    view.gesture_zoom(NOTCH ** notches)
    small_window.zooming.zoomed(view.scale_factor, False)  # (the whole band in one call)
    at_once = shown(small_window)
    zoomed_to(small_window, 1.9)
    small_window.zooming.idle._queue.clear()
    view.gesture_zoom(NOTCH ** notches)
    before = len(places)
    small_window.zooming.paused()
    assert len(places) == before
    assert small_window.zooming.idle.hurrying  # (its labels are laid out in the turns after)
    settle(small_window)
    assert shown(small_window) == at_once


def test_zoomed_out_into_a_band_never_laid_out_a_band_below_shows_at_once(
        small_window: MainWindow, places: list[float]) -> None:
    """Zoomed out, the names and markers of the band before stand too close together: until
    the band reached is laid out, the fit's (laid out, and below it) shows at once, nothing
    laid out for it; then what one call makes."""
    view, zooming = small_window.view, small_window.zooming

    def three_notches_out() -> None:
        small_window.board_scene.map._label_plans.clear()  # type: ignore[attr-defined]
        small_window.fit_map()  # (the fit's band laid out)
        view.zoom_by(2.9)
        zooming.idle._queue.clear()
        view.gesture_zoom(NOTCH ** -3)

    three_notches_out()
    zooming.zoomed(view.scale_factor, False)  # (the whole band in one call)
    at_once = shown(small_window)
    three_notches_out()
    before = len(places)
    zooming.paused()
    assert len(places) == before
    assert zooming._shown == (view.scale_factor, view.fit_scale())  # (the fit's band)
    settle(small_window)
    assert zooming._shown[1] > view.fit_scale()
    assert shown(small_window) == at_once
