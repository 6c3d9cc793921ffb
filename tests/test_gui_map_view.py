"""The map view: zoom by wheel and keys within limits, fit to window, pan by keys,
and the overview (minimap) that moves the view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene
from pytestqt.qtbot import QtBot

from pacific.gui.map_view import FIT_SLACK, MAX_SCALE, MIN_SCALE, MapView


def make_view(qtbot: QtBot) -> MapView:
    scene = QGraphicsScene()
    scene.addRect(QRectF(0, 0, 4000, 2000), brush=QColor("#88aa88"))
    view = MapView(scene)
    scene.setParent(view)  # the view does not own its scene: keep it alive with the view
    qtbot.addWidget(view)
    view.resize(800, 500)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(20)  # the first resize schedules a fit to the window
    view.fit_to_window()
    qtbot.wait(20)
    return view


def test_fit_to_window_shows_the_whole_map(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(QRectF(0, 0, 4000, 2000))


def test_keys_zoom_pan_and_fit(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    fitted = view.scale_factor
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert abs(view.scale_factor - fitted * 1.25) < 1e-9
    qtbot.keyClick(view, Qt.Key.Key_Plus)  # zoomed in far enough to scroll
    before = view.horizontalScrollBar().value()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.wait(20)
    assert view.horizontalScrollBar().value() > before
    qtbot.keyClick(view, Qt.Key.Key_0)
    # Fitted again (the scroll bars of the zoomed view may change the viewport a little).
    assert abs(view.scale_factor / fitted - 1) < 0.03


def test_zoom_is_clamped(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    for _ in range(100):
        view.zoom_by(2.0)
    assert view.scale_factor == MAX_SCALE
    for _ in range(100):
        view.zoom_by(0.5)
    # No further out than the whole map: it stops just beyond the scale that fits it.
    fit = view.fit_scale()
    assert fit is not None and abs(view.scale_factor - fit * FIT_SLACK) < 1e-9
    assert view.shows_whole_map()


def test_zoom_out_stops_at_the_whole_map(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    fitted = view.scale_factor
    view.zoom_by(0.5)
    view.gesture_zoom(0.8)   # a wheel step
    lowest = view.scale_factor
    assert abs(lowest - fitted * FIT_SLACK) < 1e-9
    view.zoom_by(1.25)
    assert abs(view.scale_factor - lowest * 1.25) < 1e-9


def test_an_empty_view_zooms_out_to_the_lowest_scale(qtbot: QtBot) -> None:
    scene = QGraphicsScene()   # nothing drawn: no map to fit
    view = MapView(scene)
    scene.setParent(view)
    qtbot.addWidget(view)
    for _ in range(100):
        view.zoom_by(0.5)
    assert view.scale_factor == MIN_SCALE


def test_zoom_keeps_the_point_under_the_cursor(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.zoom_by(3.0)
    anchor = QPointF(200, 150)
    before = view.mapToScene(anchor.toPoint())
    view.zoom_by(1.5, anchor)
    after = view.mapToScene(anchor.toPoint())
    assert abs(before.x() - after.x()) < 2 and abs(before.y() - after.y()) < 2


def test_clicking_the_overview_moves_the_view(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    view.zoom_by(4.0)
    mini = view.minimap
    assert mini.isVisible()
    qtbot.mouseClick(mini, Qt.MouseButton.LeftButton,
                     pos=QPoint(mini.width() - 3, mini.height() - 3))
    qtbot.wait(20)
    centre = view.mapToScene(view.viewport().rect().center())
    assert centre.x() > 3000 and centre.y() > 1400


def test_a_click_near_the_overview_s_corner_keeps_the_view_on_the_map(qtbot: QtBot) -> None:
    """The view shows map up to its edge, never the empty sea past it (India's corner)."""
    view = make_view(qtbot)
    view.zoom_by(4.0)
    mini = view.minimap
    for corner in (QPoint(1, 1), QPoint(mini.width() - 2, mini.height() - 2)):
        qtbot.mouseClick(mini, Qt.MouseButton.LeftButton, pos=corner)
        qtbot.wait(20)
        visible = view.mapToScene(view.viewport().rect()).boundingRect()
        assert QRectF(-12, -12, 4024, 2024).contains(visible), visible


def test_a_resized_window_shows_the_whole_map_again_if_it_did(qtbot: QtBot) -> None:
    """Made smaller at "fit to window", the view fits the map to its new size;
    zoomed in by the player, it keeps the zoom."""
    view = make_view(qtbot)
    view.resize(500, 320)
    qtbot.waitUntil(lambda: view.mapToScene(view.viewport().rect()).boundingRect()
                    .contains(QRectF(0, 0, 4000, 2000)), timeout=2000)
    assert view.fitted
    view.zoom_by(2.0)
    zoom = view.scale_factor
    view.resize(700, 450)
    qtbot.wait(200)
    assert view.scale_factor == zoom and not view.fitted


def wheel(view: MapView, pos: QPointF, notches: int = 1) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    vp = view.viewport()
    event = QWheelEvent(pos, QPointF(vp.mapToGlobal(pos.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)


def test_the_wheel_zooms_around_the_pointer_from_the_whole_map(qtbot: QtBot) -> None:
    """From "fit to window", near the map's corner (where the view could not scroll) and
    at its middle, in and out: the scene point under the pointer stays under it."""
    view = make_view(qtbot)
    for pos in (QPointF(30, 40), QPointF(700, 460), QPointF(400, 250)):
        view.fit_to_window()
        for notches in (1, 2, 1, -1):
            before = view.mapToScene(pos.toPoint())
            wheel(view, pos, notches)
            after = view.mapToScene(pos.toPoint())
            tolerance = 2 / view.scale_factor   # a pixel or two: the view scrolls in whole pixels
            assert abs(before.x() - after.x()) <= tolerance, (pos, notches)
            assert abs(before.y() - after.y()) <= tolerance, (pos, notches)


def test_a_resized_zoomed_view_keeps_the_point_at_its_centre(qtbot: QtBot) -> None:
    view = make_view(qtbot)
    wheel(view, QPointF(60, 60), 4)   # zoomed in near a corner
    middle = view.viewport().rect().center()
    before = view.mapToScene(middle)
    view.resize(600, 420)
    qtbot.wait(150)
    after = view.mapToScene(view.viewport().rect().center())
    assert not view.fitted
    assert abs(before.x() - after.x()) * view.scale_factor <= 2
    assert abs(before.y() - after.y()) * view.scale_factor <= 2


def test_the_point_under_the_pointer_stays_once_the_wheel_zoom_has_settled(
        qtbot: QtBot) -> None:
    """After the events that follow a wheel step have run (a window system lays the view out
    again after the first step from "fit to window"), the scene point under the pointer is
    still under it: nothing the view shows or hides after the step moves it."""
    view = make_view(qtbot)
    for pos in (QPointF(30, 40), QPointF(700, 460), QPointF(400, 250)):
        view.fit_to_window()
        qtbot.wait(30)
        for notches in (1, 2, 1, -1):
            before = view.mapToScene(pos.toPoint())
            wheel(view, pos, notches)
            qtbot.wait(30)
            after = view.mapToScene(pos.toPoint())
            tolerance = 2 / view.scale_factor
            assert abs(before.x() - after.x()) <= tolerance, (pos, notches)
            assert abs(before.y() - after.y()) <= tolerance, (pos, notches)
    assert view.horizontalScrollBar().maximum() > 0   # zoomed in: the map can still pan


def test_a_window_grown_past_its_zoom_shows_the_whole_map(qtbot: QtBot) -> None:
    """Zoomed in a little in a small window, then made large: at the old zoom the whole map
    would stand shrunk in a corner of the larger view; it fits the view instead."""
    view = make_view(qtbot)
    view.resize(500, 320)
    qtbot.waitUntil(lambda: view.fitted, timeout=2000)
    view.zoom_by(1.3)
    assert not view.fitted
    view.resize(1200, 800)
    qtbot.waitUntil(lambda: view.fitted, timeout=2000)
    fit = view.fit_scale()
    assert fit is not None and abs(view.scale_factor - fit) < 1e-6
