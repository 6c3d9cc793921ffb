"""Parts of the battle board: the dice drawn as dice, and the small tables and layouts the
board fills and empties at each refresh."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHeaderView,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.dice_entry import paint_die


class DiceStrip(QWidget):
    """Dice drawn as dice: a white face with pips; a hit has a red face (value ≤ hit number)."""

    SIZE = 26

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rolls: list[tuple[str, tuple[int, ...], int | None]] = []
        self.setMinimumHeight(self.SIZE + 8)

    def set_rolls(self, rolls: Sequence[tuple[str, tuple[int, ...], int | None]]) -> None:
        """Rows of (what the roll was for, the values, the hit number)."""
        self.rolls = list(rolls)
        rows = max(1, len(self.rolls))
        self.setMinimumHeight(rows * (self.SIZE + 20))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, max(1, len(self.rolls)) * (self.SIZE + 20))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = 2.0
        s = self.SIZE
        metrics = painter.fontMetrics()
        for purpose, values, hit_on in self.rolls:
            painter.setPen(self.palette().text().color())
            text = metrics.elidedText(purpose, Qt.TextElideMode.ElideRight, self.width() - 4)
            painter.drawText(QPointF(2, y + 12), text)
            y += 16
            for i, v in enumerate(values):
                paint_die(painter, QRectF(2 + i * (s + 4), y, s, s), v,
                          hit_on is not None and v <= hit_on)
            y += s + 4
        painter.end()


def clear_layout(layout: QGridLayout | QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # at once: deleteLater waits for the event loop
            widget.deleteLater()


def fit_rows(table: QTableWidget, most: int = 5) -> None:
    """As tall as its rows (up to ``most``; then it scrolls): a short list is never cut."""
    rows = min(table.rowCount(), most)
    height = table.horizontalHeader().height() + 2 * table.frameWidth() + sum(
        table.rowHeight(r) for r in range(rows))
    table.setFixedHeight(height + 2)


def spin_table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


__all__ = ["DiceStrip", "clear_layout", "fit_rows", "spin_table"]
