"""A line's token in the unit picker (`pacific.gui.unit_picker`): the unit's icon and how
many go; pressed and dragged onto the map, it drags them through the picker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QContextMenuEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QSpinBox, QWidget

from pacific.gui.icons import unit_pixmap
from pacific.gui.stacks import PickRow, StackKey
from pacific.text import _

TOKEN = 34  # a line's token, in pixels


class Picker(Protocol):
    """What a token asks of the picker it stands in."""

    on_context_menu: Callable[[StackKey, QPoint], None] | None
    on_unmovable: Callable[[StackKey, tuple[int, ...]], None] | None

    def start_drag(self, token: Token, global_pos: QPoint) -> None: ...

    def drag_to(self, global_pos: QPoint) -> None: ...

    def drop_at(self, global_pos: QPoint) -> None: ...


class Token(QWidget):
    """A line's token: the unit's icon and how many go; pressed and dragged, it drags them."""

    def __init__(self, picker: Picker, row: PickRow, spin: QSpinBox | None) -> None:
        super().__init__()
        self.picker = picker
        self.row = row
        self.spin = spin
        self.setFixedSize(QSize(TOKEN, TOKEN))
        self._pixmap = unit_pixmap(row.key.unit_type, row.key.owner, TOKEN - 6)
        if spin is not None:
            self.setCursor(Qt.CursorShape.OpenHandCursor)
            self.setToolTip(_("Drag onto the map to move the number chosen"))
            spin.valueChanged.connect(lambda _value: self.update())

    def count(self) -> int:
        return self.spin.value() if self.spin is not None else len(self.row.ids)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(40, 40, 40))
        painter.setBrush(QColor("#fffbe6") if self.spin is not None else QColor("#d8d8d8"))
        painter.drawRoundedRect(QRect(0, 0, TOKEN - 1, TOKEN - 1), 6, 6)
        if not self.row.ids:
            painter.setOpacity(0.35)   # none left here: the line keeps its place, greyed
        painter.drawPixmap(3, 3, self._pixmap)
        count = self.count()
        if self.row.ids and (count > 1 or self.spin is not None):
            badge = QRect(TOKEN - 17, 0, 17, 14)
            painter.setBrush(QColor(20, 20, 20, 220))
            painter.drawRoundedRect(badge, 4, 4)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()
        if event.button() is not Qt.MouseButton.LeftButton:
            return
        if self.spin is None:
            # Nothing of this line moves now: the press says why (the engine's words).
            if self.row.aboard is None and self.row.ids and self.picker.on_unmovable:
                self.picker.on_unmovable(self.row.key, self.row.ids)
            return
        self.picker.start_drag(self, event.globalPosition().toPoint())

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right-click on a stack's line: the stack's own menu (edit mode's, or the odds')."""
        event.accept()
        if self.row.aboard is None and self.row.ids and self.picker.on_context_menu:
            self.picker.on_context_menu(self.row.key, event.globalPos())

    # After the press this widget gets every move and the release, wherever the pointer goes
    # (Qt's implicit grab): they are passed on to the map's drag.
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.picker.drag_to(event.globalPosition().toPoint())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self.picker.drop_at(event.globalPosition().toPoint())
