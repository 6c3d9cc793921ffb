"""The phase's main button stays in view: at 1024x700 and 800x500, with the "To place" list
full and the side panel scrolled to its end, "Next phase" is shown whole inside the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


@pytest.mark.parametrize("size", [(1024, 700), (800, 500)])
def test_next_phase_stays_in_view_with_the_panel_scrolled_to_its_end(
        qtbot: QtBot, tmp_path: Path, size: tuple[int, int]) -> None:
    bought = {t: 1 for t in UnitType}
    game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: bought})
    window = make_window(qtbot, tmp_path, game, state, size=size)
    window.tabs.setCurrentWidget(window.tray)
    assert window.tray.count() == len(bought)
    QApplication.processEvents()
    window.tray.scrollToBottom()
    for area in window.side_dock.findChildren(QScrollArea):   # every scroll of the panel
        area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    QApplication.processEvents()
    button = window.turn_panel.next_button
    assert button.isVisible()
    # Not clipped by a scrolled parent: the part of it drawn is all of it...
    assert button.visibleRegion().boundingRect() == button.rect()
    # ...and inside the window.
    where = QRect(button.mapTo(window, button.rect().topLeft()), button.size())
    assert window.rect().contains(where)


def test_the_wheel_over_the_tab_bar_scrolls_the_panel_and_keeps_the_tab(
        qtbot: QtBot, tmp_path: Path) -> None:
    bought = {t: 1 for t in UnitType}
    game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: bought})
    window = make_window(qtbot, tmp_path, game, state, size=(800, 500))
    window.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    bar = window.tabs.tabBar()
    scroll = window.side_dock.widget().scroller   # type: ignore[attr-defined]
    scrollbar = scroll.verticalScrollBar()
    assert scrollbar.maximum() > 0   # the panel has something to scroll at 800x500
    scrollbar.setValue(0)
    inside = QPointF(bar.tabRect(0).center())
    wheel = QWheelEvent(inside, QPointF(bar.mapToGlobal(inside.toPoint())), QPoint(0, 0),
                        QPoint(0, -120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(bar, wheel)
    QApplication.processEvents()
    assert window.tabs.currentIndex() == 0          # the tab stays
    assert scrollbar.value() > 0                    # the panel scrolled down
