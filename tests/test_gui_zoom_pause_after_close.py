"""The labels' layout timed for the pause after a wheel gesture must not outlive the window's
map view: a window closed (or a game opened in its place) within that pause laid the labels
out for a view already deleted ("Internal C++ object (MapView) already deleted"), and the
error surfaced in whatever ran next."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QCoreApplication, QEvent
from pytestqt.qtbot import QtBot

from pacific.gui.app import new_controller


def test_a_window_closed_during_a_wheel_gestures_pause_lays_nothing_out(
        qtbot: QtBot, tmp_path: Path) -> None:
    history = new_controller(players=2, seed=3).history
    window = build_window(tmp_path, history.game, history.state, size=(1024, 700))
    view = window.view
    assert view is not None
    zoom = window.zooming
    zoom.zoomed(view.scale_factor * 1.2, True)   # a wheel step of a gesture: the pause timed
    assert zoom._label_timer.isActive()
    close_quietly(window)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(300)   # past the pause: pytest-qt fails the test on an error in the loop
    assert not zoom._label_timer.isActive()
