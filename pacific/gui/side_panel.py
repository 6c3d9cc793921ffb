"""The side panel of the main window: whose turn and which phase with the phase buttons, the
"Units per drag" box, and the tabs (production chart, units to place, convoys).

The panel keeps its width whatever its texts say: its labels wrap instead
of widening it, so the map beside it does not jump when the phase or the power changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.panels import ConvoyPanel, ProductionChart, TurnPanel
from pacific.gui.tray import PlacementTray
from pacific.text import _

PANEL_WIDTH = 300  # pixels: the side panel's width when the window opens


class DragCountBox(QSpinBox):
    """How many units of a stack a drag moves. It hands the keyboard back to the map once a
    value is chosen (Enter, Escape, an arrow click or the wheel), so the game's one-key
    shortcuts (N, B, F, +, -) do not end up typed into it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(0, 99)
        self.setSpecialValueText(_("whole stack"))
        self.setToolTip(_("How many units of a stack a drag moves (Shift: one, Ctrl: half)"))
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.release_focus: Callable[[], None] = self.clearFocus
        self.editingFinished.connect(self._done)

    def _done(self) -> None:
        if self.hasFocus():
            self.release_focus()

    def stepBy(self, steps: int) -> None:
        super().stepBy(steps)
        self._done()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.release_focus()
            return
        super().keyPressEvent(event)


class ScrollingTabBar(QTabBar):
    """A tab bar the mouse wheel does not switch: the wheel goes on to the scrolled panel
    around it, so that a player scrolling the panel never flips its tabs by accident."""

    def wheelEvent(self, event: QWheelEvent) -> None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QAbstractScrollArea):
            parent = parent.parentWidget()
        if parent is None:
            event.ignore()
            return
        QApplication.sendEvent(parent.verticalScrollBar(), event)


class SidePanel(QWidget):
    """The turn panel, the drag count and the tabs, in one column of a fixed width."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.turn_panel = TurnPanel()
        self.chart = ProductionChart()
        self.convoys = ConvoyPanel()
        self.tray = PlacementTray()
        self.move_count = DragCountBox()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.turn_panel)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel(_("Units per drag:")))
        count_row.addWidget(self.move_count, 1)
        layout.addLayout(count_row)
        self.tabs = QTabWidget()
        self.tabs.setTabBar(ScrollingTabBar())
        self.tabs.addTab(self.chart, _("Production"))
        self.tabs.addTab(self.tray, _("To place"))
        self.tabs.addTab(self.convoys, _("Convoys"))
        self.tabs.setUsesScrollButtons(False)
        layout.addWidget(self.tabs, 1)
        # Its width is the dock's to decide (the player may drag the separator), never the
        # length of a text: the size hint stays at PANEL_WIDTH.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(220)

    def sizeHint(self):  # type: ignore[no-untyped-def]
        hint = super().sizeHint()
        hint.setWidth(PANEL_WIDTH)
        return hint


class SideScroll(QScrollArea):
    """The side panel in a vertical scroll area: in a window under about 730 pixels high the panel
    scrolls rather than pushing the window past the screen's bottom edge (1024x700 must be usable).
    It keeps the panel's width."""

    def __init__(self, side: SidePanel) -> None:
        super().__init__()
        self.setWidget(side)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumSize(side.minimumWidth() + self._bar(), 120)

    def _bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def sizeHint(self):  # type: ignore[no-untyped-def]
        hint = super().sizeHint()
        hint.setWidth(PANEL_WIDTH)
        return hint


class SideColumn(QWidget):
    """The dock's column: whose turn with the phase buttons on top, always in view, and under
    them the rest of the side panel, which scrolls (`SideScroll`). Scrolled to the end of a
    long "To place" list, the panel keeps "Next phase" where the player's next click goes."""

    def __init__(self, side: SidePanel) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.setSpacing(2)
        layout.addWidget(side.turn_panel.header)   # taken out of the scrolled panel
        self.scroller = SideScroll(side)
        layout.addWidget(self.scroller, 1)
        self._brought: object = None

    def sizeHint(self):  # type: ignore[no-untyped-def]
        hint = super().sizeHint()
        hint.setWidth(PANEL_WIDTH)
        return hint

    def show_top(self) -> None:
        """The panel scrolled back to its top (the phases, the current one's help)."""
        self.scroller.verticalScrollBar().setValue(0)

    def bring_into_view(self, widget: QWidget, key: object) -> None:
        """The panel scrolled to ``widget`` (phase 7's "To place" tray, under the phases and
        their help at 1024x700), once for each ``key``: a panel the player scrolls afterwards
        stays where they put it."""
        if key != self._brought:
            self._brought = key
            self.scroller.ensureWidgetVisible(widget, 0, 0)
