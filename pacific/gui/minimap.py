"""The minimap: an overview of the whole map in the map view's corner, with a frame around
what the view shows; a click or a drag in it moves the view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QWidget

from pacific.text import _

if TYPE_CHECKING:
    from pacific.gui.map_view import MapView


class Minimap(QWidget):
    """An overview of the whole map in the view's corner; the red frame is what the view shows.
    Clicking or dragging in it moves the view."""

    WIDTH = 240  # pixels, at most ...
    MIN_WIDTH = 110  # ... and at least
    MAX_SHARE = 0.3  # of the view's width or height: past that it hides more map than it shows

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.view = view
        self.wanted = True  # View ▸ Minimap
        self._picture: QPixmap | None = None
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(_("Overview: click or drag to move the map"))
        self.resize(self.WIDTH, 140)

    def scene_rect(self) -> QRectF:
        scene = self.view.scene()
        return scene.sceneRect() if scene is not None else QRectF()

    def refresh(self) -> None:
        """Re-render the overview picture (after the map's colours changed)."""
        self._picture = None
        self.place()
        self.update()

    def set_wanted(self, wanted: bool) -> None:
        """Show or hide the overview (the player's choice)."""
        self.wanted = wanted
        self.place()

    def place(self) -> None:
        """Size the overview to the view (a fifth of its width, within limits) in its bottom
        right corner; hide it while the whole map is in sight, where it would only cover
        part of it, in a view too small for it (a tiny window: at its least it would cover
        half the map there), or when the player turned it off."""
        rect = self.scene_rect()
        if rect.isEmpty() or not self.wanted or self.view.shows_whole_map():
            self.hide()
            return
        vp = self.view.viewport().geometry()
        width = int(min(self.WIDTH, max(self.MIN_WIDTH, vp.width() * 0.2)))
        height = max(40, int(width * rect.height() / rect.width()))
        if width > vp.width() * self.MAX_SHARE or height > vp.height() * self.MAX_SHARE:
            self.hide()
            return
        self.resize(width, height)
        self.move(vp.right() - self.width() - 8, vp.bottom() - self.height() - 8)
        self.show()

    def _render(self) -> QPixmap:
        if self._picture is None or self._picture.size() != self.size():
            picture = QPixmap(self.size())
            picture.fill(QColor("#a9cbe3"))
            painter = QPainter(picture)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            scene = self.view.scene()
            source = self.scene_rect()
            if self.view.static_items:
                # Regions only: labels and pieces keep their screen size and would cover
                # the whole overview.
                scale = min(picture.width() / source.width(), picture.height() / source.height())
                transform = QTransform.fromScale(scale, scale)
                transform.translate(-source.x(), -source.y())
                self.view.paint_static(painter, transform, source, labels=False)
            elif scene is not None:
                scene.render(painter, QRectF(picture.rect()), source)
            painter.end()
            self._picture = picture
        return self._picture

    def _to_minimap(self, rect: QRectF) -> QRectF:
        src = self.scene_rect()
        sx, sy = self.width() / src.width(), self.height() / src.height()
        return QRectF((rect.x() - src.x()) * sx, (rect.y() - src.y()) * sy,
                      rect.width() * sx, rect.height() * sy)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.scene_rect().isEmpty():
            return
        painter = QPainter(self)
        painter.setOpacity(0.92)
        painter.drawPixmap(0, 0, self._render())
        painter.setOpacity(1.0)
        painter.setPen(QPen(QColor("#333333"), 1))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        visible = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        painter.setPen(QPen(QColor("#d0202a"), 2))
        painter.drawRect(self._to_minimap(visible).intersected(QRectF(self.rect())))
        painter.end()

    def _jump(self, pos: QPointF) -> None:
        """Centre the view on the map's point under ``pos``, held in so far that the view
        shows map up to its edge rather than the empty sea past it (a click near a corner)."""
        src = self.scene_rect()
        x = src.x() + pos.x() / self.width() * src.width()
        y = src.y() + pos.y() / self.height() * src.height()
        vp = self.view.viewport().rect()
        scale = self.view.scale_factor
        x = _within(x, src.left(), src.right(), vp.width() / 2 / scale)
        y = _within(y, src.top(), src.bottom(), vp.height() / 2 / scale)
        self.view.center_on_scene_point(QPointF(x, y))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._jump(event.position())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._jump(event.position())


def _within(centre: float, low: float, high: float, half: float) -> float:
    """``centre`` moved so that ``half`` either side of it stays within ``low`` to ``high``;
    the middle when the span is narrower than that."""
    if high - low <= 2 * half:
        return (low + high) / 2
    return min(max(centre, low + half), high - half)
