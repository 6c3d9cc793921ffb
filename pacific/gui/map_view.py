"""The map view: a QGraphicsView with smooth zoom (wheel, pinch, keys), pan (drag on empty sea,
scroll bars, arrow keys), fit-to-window, and a minimap in the corner.

The view only looks at the scene; it never touches game state.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QNativeGestureEvent,
    QPainter,
    QPixmap,
    QRegion,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from pacific.gui.edit_panel import EDIT_MIME_TYPE
from pacific.gui.label_pictures import paint_picture, picture_rect
from pacific.gui.map_labels import LabelItem
from pacific.gui.minimap import Minimap
from pacific.gui.recent import Recent
from pacific.gui.tray import MIME_TYPE, decode

if TYPE_CHECKING:
    from pacific.gui.label_pictures import LabelPictures
    from pacific.gui.picture_cache import PictureStore

MIN_SCALE = 0.05
MAX_SCALE = 40.0
# Zooming out stops a little beyond the whole map, so that a zoom in and out again by the wheel
# comes back where it was even when the fit lies between two of its steps.
FIT_SLACK = 0.95
WHEEL_STEP = 1.0015  # per wheel angle unit (120 units = one notch ≈ 20 %)
KEY_STEP = 1.25
PAN_STEP = 80  # pixels per arrow-key press
MAP_MARGIN = 0.05  # the map picture covers this fraction of the view more on each side
MAP_REDRAW_DELAY_MS = 120  # repaint the map picture once zooming pauses this long
MAX_PICTURE = 8192  # pixels, either side
MAX_LABEL_PICTURES = 800  # labels' pictures kept (5 to 20 kB each; 150 labels, a few ways each)
REFIT_DELAY_MS = 80  # a resized window fits the map again once the resizing pauses this long


class MapView(QGraphicsView):
    """Zoomable, pannable view of the map scene."""

    zoom_changed = Signal(float)
    # A unit from the placement tray dropped, or moved over the map: (Nation, UnitType, QPointF)
    tray_dropped = Signal(object, object, object)
    tray_hovered = Signal(object, object, object)
    # A unit dragged from edit mode's palette and dropped: the same arguments.
    palette_dropped = Signal(object, object, object)
    # A left click on the map itself, not on a piece and without panning: (scene QPointF,
    # global QPoint). Edit mode sets a territory's controller with it.
    space_clicked = Signal(object, object)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        # No scroll bars: the map pans by dragging, the arrow keys and the overview. A bar
        # that appeared with the first zoom step would shrink the viewport just after the
        # step, and the view, keeping its centre, would move the point under the pointer.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Dragging on empty sea pans; items that accept the press (pieces) take it instead.
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setBackgroundBrush(QColor("#a9cbe3"))
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setViewport(QWidget(self))  # made in Python: PySide6 need not look up its type
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.static_items: list[QGraphicsItem] = []
        self._map_picture: QPixmap | None = None
        # The labels' pictures by what they show.
        self._label_pictures: Recent[tuple[object, ...], QPixmap] = Recent(MAX_LABEL_PICTURES)
        self._picture_area = QRectF()
        self._picture_scale = 1.0
        # The labels' pictures kept on disk, while the first picture is painted.
        self._label_store: LabelPictures | None = None
        # Where the first picture of the fitted map is looked for, and kept (`picture_cache`).
        self.picture_store: PictureStore | None = None
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setSingleShot(True)
        self._redraw_timer.setInterval(MAP_REDRAW_DELAY_MS)
        self._redraw_timer.timeout.connect(self._redraw_map)
        self.minimap = Minimap(self)
        self._fit_pending = True
        self.fitted = False  # showing the whole map as "fit to window" left it
        self._refit_timer = QTimer(self)
        self._refit_timer.setSingleShot(True)
        self._refit_timer.setInterval(REFIT_DELAY_MS)
        self._refit_timer.timeout.connect(self.fit_to_window)
        self.gesturing = False
        self._centre = QPointF()  # the scene point at the view's centre (kept on a resize)
        self._click: QPointF | None = None
        self.setAcceptDrops(True)

    # ---- zoom ----

    @property
    def scale_factor(self) -> float:
        return self.transform().m11()

    def gesture_zoom(self, factor: float, anchor: QPointF | None = None) -> None:
        """`zoom_by` for a wheel or pinch step: ``gesturing`` is True while the zoom_changed
        listeners run, so they may put off costly work until the gesture pauses."""
        self.gesturing = True
        try:
            self.zoom_by(factor, anchor)
        finally:
            self.gesturing = False

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Multiply the zoom by ``factor`` (clamped), keeping ``anchor`` (view coords) still.
        No further out than the whole map fits the view: beyond it the map only shrinks into
        an empty frame, and the stacks crowd around its edge."""
        current = self.scale_factor
        lowest = MIN_SCALE
        fit = self.fit_scale()
        if fit is not None:
            # (a view already further out, the window having grown since, may still zoom in)
            lowest = max(lowest, min(fit * FIT_SLACK, current))
        target = min(MAX_SCALE, max(lowest, current * factor))
        if target == current:
            return
        self.fitted = False
        self._refit_timer.stop()  # the player's zoom wins over a pending refit
        vp = self.viewport().rect()
        middle = QPointF(vp.width() / 2, vp.height() / 2)
        where = anchor if anchor is not None else middle
        before = self._scene_point(where)
        self.setTransform(QTransform.fromScale(target, target))
        # The point under the pointer stays under it: the view's centre goes where that asks,
        # the scene's extent grown to allow it (beside the map's edge, or a map smaller
        # than the view, the scroll bars would otherwise pull the view back).
        self._show_centre(before + (middle - where) / target)
        self.zoom_changed.emit(self.scale_factor)
        self.minimap.place()
        self.minimap.update()

    def _scene_point(self, pos: QPointF) -> QPointF:
        """The scene point under ``pos`` (viewport pixels, fractions kept)."""
        return self.viewportTransform().inverted()[0].map(pos)

    def _show_centre(self, centre: QPointF) -> None:
        """Centre the view on ``centre`` (scene), letting the view's extent reach past the
        map as far as that needs."""
        vp = self.viewport().rect()
        scale = self.scale_factor
        half_w, half_h = vp.width() / 2 / scale, vp.height() / 2 / scale
        visible = QRectF(centre.x() - half_w, centre.y() - half_h, 2 * half_w, 2 * half_h)
        self.setSceneRect(self._map_rect().united(visible))
        self.centerOn(centre)
        self._centre = centre

    def shows_whole_map(self) -> bool:
        """Is the whole map in sight (at "fit to window" or zoomed further out)?"""
        rect = self._map_rect()
        visible = self._visible_scene_rect().adjusted(-2, -2, 2, 2)
        return rect.isEmpty() or visible.contains(rect)

    def _map_rect(self) -> QRectF:
        """The map's extent: the scene's own rectangle (the map scene sets it to the map's
        window; cheap, unlike the items' bounds)."""
        scene = self.scene()
        rect = scene.sceneRect() if scene is not None else QRectF()
        return rect.adjusted(-10, -10, 10, 10) if not rect.isEmpty() else rect

    def fit_scale(self) -> float | None:
        """The zoom at which the whole map fits the view (what `fit_to_window` sets), with the
        room the scroll bars of a zoomed-in view take given back: the whole map needs none."""
        rect = self._map_rect()
        size = self.maximumViewportSize()
        area = QRect(0, 0, size.width(), size.height()).adjusted(2, 2, -2, -2)  # fitInView's
        if rect.isEmpty() or area.width() <= 0 or area.height() <= 0:
            return None
        return min(area.width() / rect.width(), area.height() / rect.height())

    def fit_to_window(self) -> None:
        rect = self._map_rect()
        scale = self.fit_scale()
        if rect.isEmpty() or scale is None:
            return
        # `fit_scale`'s scale, not fitInView's: that one counts the scroll bars a zoomed view
        # shows, which go once the map fits. Zooming out stops at this scale (`zoom_by`).
        self.setTransform(QTransform.fromScale(scale, scale))
        self.setSceneRect(rect)
        self.centerOn(rect.center())
        self._centre = rect.center()
        self.fitted = True
        self.zoom_changed.emit(self.scale_factor)
        self.minimap.place()  # (hidden while the whole map is in sight; its picture kept)

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y()
        if delta == 0 and not event.pixelDelta().isNull():
            delta = event.pixelDelta().y()
        if delta:
            self.gesture_zoom(WHEEL_STEP ** delta, event.position())
        event.accept()

    def viewportEvent(self, event: QEvent) -> bool:
        # Touchpad pinch on macOS/Wayland arrives as a native zoom gesture.
        if isinstance(event, QNativeGestureEvent) and \
                event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
            self.gesture_zoom(1.0 + event.value(), event.position())
            return True
        if event.type() == QEvent.Type.Gesture:
            gesture = event.gesture(Qt.GestureType.PinchGesture)  # type: ignore[attr-defined]
            if gesture is not None:
                centre = self.viewport().mapFromGlobal(gesture.centerPoint().toPoint())
                self.gesture_zoom(gesture.scaleFactor(), QPointF(centre))
                return True
        return super().viewportEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(KEY_STEP)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(1 / KEY_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_Home):
            self.fit_to_window()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            dx = -PAN_STEP if key == Qt.Key.Key_Left else PAN_STEP if key == Qt.Key.Key_Right else 0
            dy = -PAN_STEP if key == Qt.Key.Key_Up else PAN_STEP if key == Qt.Key.Key_Down else 0
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fit_pending:
            self._fit_pending = False
            # With the view as context: a view replaced (another game opened) before the timer
            # fires is not fitted after its deletion.
            QTimer.singleShot(0, self, self.fit_to_window)
        elif self.fitted or (self.fit_scale() or 0.0) > self.scale_factor:
            # A window resized while the whole map was shown, or grown past its zoom (the map
            # shrunk in a corner): the whole map in the new size, once the resizing pauses.
            self._refit_timer.start()
        else:  # zoomed in: the point at the view's centre stays there
            self._show_centre(self._centre)
        self.minimap.place()

    # ---- the static map layer ----
    #
    # The regions and their labels change only when control changes, so the view paints them
    # into a picture of its own (the visible part of the map and a margin around it, at the
    # current zoom) and a frame just blits that picture under the pieces. While the player
    # zooms, the old picture is shown scaled and a fresh one is painted once the zooming
    # pauses (MAP_REDRAW_DELAY_MS), so zooming stays smooth; a pan past the margin paints
    # only the strips it uncovers, at once.
    # The items stay in the scene, flagged ItemHasNoContents, for hit-testing and tooltips.

    def set_static_layer(self, items: list[QGraphicsItem]) -> None:
        """Draw ``items`` (the map's regions and labels) from the view's cached picture."""
        for item in items:
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.static_items = sorted(items, key=lambda i: i.zValue())
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
        self.refresh_map()

    def refresh_map(self) -> None:
        """The map's colours changed (a capture): paint its picture and the overview's
        again."""
        self.labels_moved()
        self.minimap.refresh()

    def labels_moved(self) -> None:
        """The labels were laid out again: paint the map's picture again (the overview shows
        no labels and stays as it is)."""
        self._map_picture = None
        self.resetCachedContent()
        self.viewport().update()

    def map_extent(self, item: QGraphicsItem) -> QRectF:
        """The part of the scene ``item`` covers at the current zoom (a label keeps its size
        in pixels, so its extent in the scene changes with the zoom)."""
        scale = self.scale_factor
        transform = QTransform().scale(scale, scale)
        inverse = QTransform().scale(1 / scale, 1 / scale)
        return inverse.mapRect(item.deviceTransform(transform).mapRect(item.boundingRect()))

    def refresh_map_areas(self, areas: list[QRectF]) -> None:
        """Only ``areas`` (scene rectangles) of the map changed: paint just those parts of
        the cached picture again (a capture's region and label, not the whole map), or the
        whole picture when it no longer fits the view."""
        picture = self._map_picture
        if picture is None or not self._picture_fits():
            self.refresh_map()
            return
        scale, origin = self._picture_scale, self._picture_area.topLeft()
        transform = QTransform().scale(scale, scale).translate(-origin.x(), -origin.y())
        inverse, _invertible = transform.inverted()
        scene = self.scene()
        brush = scene.backgroundBrush() if scene is not None else None
        solid = brush is not None and brush.style() == Qt.BrushStyle.SolidPattern
        # Whole pixels, cleared and painted afresh in z order in one pass over the items:
        # the same as a full repaint inside them.
        clip = QRegion()
        for area in areas:
            clip += transform.mapRect(area.intersected(self._picture_area)).toAlignedRect()
        if clip.isEmpty():
            return
        painter = QPainter(picture)
        painter.setClipRegion(clip)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.fillRect(clip.boundingRect(), brush.color() if solid and brush is not None
                         else QColor(Qt.GlobalColor.transparent))
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        self.paint_static(painter, transform, inverse.mapRect(QRectF(clip.boundingRect())))
        painter.end()
        self.viewport().update()
        self.minimap.refresh()

    def _visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def render_map_picture(self) -> None:
        """Paint the static layer for the visible area plus a margin, at the current zoom."""
        self._redraw_timer.stop()
        scale = self.scale_factor
        area = self._wanted_area()
        transform = self._picture_transform(area, scale)
        picture = self._blank_picture(area, scale)
        kept, key, store = None, None, self.picture_store
        if store is not None and self.fitted:
            # The start's first fitted picture (`picture_cache`): read when an earlier start
            # over the same map, position and window size kept it, else painted and kept.
            self.picture_store = None
            scene = self.scene()
            background = scene.backgroundBrush().color() if scene is not None else None
            key = store.key(self.static_items, transform, area, picture.width(),
                            picture.height(), picture.devicePixelRatio(), background)
            if key is not None:
                kept = store.load(key, picture.width(), picture.height(),
                                  picture.devicePixelRatio())
        if kept is not None:
            picture = kept
        else:
            # The labels' pictures an earlier start painted, in any window size (`label_pictures`)
            self._label_store = store.labels(picture.devicePixelRatio()) if store else None
            painter = QPainter(picture)
            try:
                self.paint_static(painter, transform, area)
            finally:
                painter.end()
                self._label_store = None
            if store is not None and key is not None:
                store.save(key, picture)
        self._map_picture = picture
        self._picture_area = area
        self._picture_scale = scale

    def _wanted_area(self) -> QRectF:
        """What the map's picture covers: the visible area and a margin around it (scene)."""
        visible = self._visible_scene_rect()
        mx, my = visible.width() * MAP_MARGIN, visible.height() * MAP_MARGIN
        return visible.adjusted(-mx, -my, mx, my)

    @staticmethod
    def _picture_transform(area: QRectF, scale: float) -> QTransform:
        return QTransform().scale(scale, scale).translate(-area.x(), -area.y())

    def _blank_picture(self, area: QRectF, scale: float) -> QPixmap:
        """A picture of ``area`` at ``scale``, filled with the scene's background (the map's
        sea: regions of that colour need no fill)."""
        ratio = self.viewport().devicePixelRatioF()
        width = min(MAX_PICTURE, int(area.width() * scale * ratio) + 1)
        height = min(MAX_PICTURE, int(area.height() * scale * ratio) + 1)
        picture = QPixmap(width, height)
        picture.setDevicePixelRatio(ratio)
        scene = self.scene()
        brush = scene.backgroundBrush() if scene is not None else None
        solid = brush is not None and brush.style() == Qt.BrushStyle.SolidPattern
        picture.fill(brush.color() if solid and brush is not None else Qt.GlobalColor.transparent)
        return picture

    def _extend_picture(self) -> None:
        """The view was panned past the picture at the same zoom: a picture of the new area,
        the part the old one shows copied from it, and only the rest painted (a drag keeps
        the map whole under the pointer at the cost of the strips it uncovers)."""
        old, old_area, scale = self._map_picture, self._picture_area, self._picture_scale
        assert old is not None
        ratio = old.devicePixelRatioF()
        pixel = 1.0 / (scale * ratio)  # a device pixel of the picture, in scene units
        wanted = self._wanted_area()
        # The new area's corner on the old picture's pixel grid: the copy needs no resampling.
        dx = math.floor((wanted.x() - old_area.x()) / pixel)
        dy = math.floor((wanted.y() - old_area.y()) / pixel)
        area = QRectF(old_area.x() + dx * pixel, old_area.y() + dy * pixel,
                      wanted.width() + pixel, wanted.height() + pixel)
        picture = self._blank_picture(area, scale)
        width, height = picture.width(), picture.height()
        kept = QRect(-dx, -dy, old.width(), old.height()).intersected(QRect(0, 0, width, height))
        if kept.width() < width / 4 or kept.height() < height / 4:  # a jump, not a drag
            self.render_map_picture()
            return
        painter = QPainter(picture)
        painter.drawPixmap(QPointF(-dx / ratio, -dy / ratio), old)
        transform = self._picture_transform(area, scale)
        # What the old picture does not show: the strips above and below it, then those left
        # and right of it (device pixels).
        strips = [QRect(0, 0, width, kept.top()), QRect(0, kept.bottom() + 1, width, height),
                  QRect(0, kept.top(), kept.left(), kept.height()),
                  QRect(kept.right() + 1, kept.top(), width, kept.height())]
        for strip in strips:
            strip = strip.intersected(QRect(0, 0, width, height))
            if strip.isEmpty():
                continue
            painter.save()
            painter.setClipRect(QRectF(strip.x() / ratio, strip.y() / ratio,
                                       strip.width() / ratio, strip.height() / ratio))
            exposed = QRectF(area.x() + strip.x() * pixel, area.y() + strip.y() * pixel,
                             strip.width() * pixel, strip.height() * pixel)
            self.paint_static(painter, transform, exposed.adjusted(-pixel, -pixel, pixel, pixel))
            painter.restore()
        painter.end()
        self._map_picture = picture
        self._picture_area = area

    def _picture_fits(self) -> bool:
        return (self._map_picture is not None and abs(self._picture_scale / self.scale_factor
                                                       - 1) < 1e-9
                and self._picture_area.contains(self._visible_scene_rect()))

    def _redraw_map(self) -> None:
        if self.static_items and not self._picture_fits():
            self.render_map_picture()
            self.viewport().update()

    def paint_static(self, painter: QPainter, transform: QTransform, exposed: QRectF,
                     labels: bool = True) -> None:
        """Paint the static items seen through ``transform`` (scene → device) in ``exposed``
        (scene coordinates). Labels keep their size at every zoom, so each is painted once
        into a small picture and then only blitted."""
        device = transform.mapRect(exposed)
        option = QStyleOptionGraphicsItem()
        painter.save()
        for item in self.static_items:
            if not item.isVisible():
                continue
            ignores = bool(item.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            if ignores and not labels:
                continue
            placed = item.deviceTransform(transform)
            bounds = item.boundingRect()
            if not placed.mapRect(bounds).intersects(device):
                continue
            if ignores:
                self._blit_label(painter, item, placed)
                continue
            painter.setWorldTransform(placed)
            option.exposedRect = bounds
            item.paint(painter, option, None)
        painter.restore()

    def _blit_label(self, painter: QPainter, item: QGraphicsItem, placed: QTransform) -> None:
        """Draw a label (an item of a fixed size in pixels) placed by ``placed``: its kept
        picture blitted at a whole pixel and its leader line, which changes with the zoom
        while the rest does not, stroked straight onto the map (the same shift to the pixel)."""
        corner = placed.map(picture_rect(item).topLeft())
        whole = QPointF(round(corner.x()), round(corner.y()))
        if isinstance(item, LabelItem) and item.leader is not None:
            painter.setWorldTransform(placed * QTransform.fromTranslate(
                whole.x() - corner.x(), whole.y() - corner.y()))
            item.paint_leader(painter)
        painter.resetTransform()
        painter.drawPixmap(whole, self._label_picture(item))

    def _label_picture(self, item: QGraphicsItem) -> QPixmap:
        """``item``'s picture (a label's leader line left out), kept by what it shows
        (`LabelItem.picture_key`): a label laid out again, a leader's label at another zoom,
        or a control marker that comes back, is blitted, not painted again."""
        key_of = getattr(item, "picture_key", None)
        key = (key_of() if key_of is not None else id(item), self.viewport().devicePixelRatioF())
        picture = self._label_pictures.get(key)
        store = self._label_store if key_of is not None else None
        if picture is None and store is not None:
            picture = store.get(key)
            if picture is not None:
                self._label_pictures.put(key, picture)
        if picture is None:
            picture = paint_picture(item, self.viewport().devicePixelRatioF())
            self._label_pictures.put(key, picture)
            if store is not None:
                store.put(key, picture)
        return picture

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        super().drawBackground(painter, rect)
        if not self.static_items:
            return
        if self._map_picture is None:
            self.render_map_picture()
        elif not self._picture_fits():
            if abs(self._picture_scale / self.scale_factor - 1) < 1e-9:
                self._extend_picture()  # panned: the picture grows as the map moves
            else:
                self._redraw_timer.start()  # zoomed: the old picture until the zooming pauses
        picture = self._map_picture
        assert picture is not None
        # Picture pixel → scene point → device: the picture lands where its area is now,
        # scaled when the zoom has changed since it was painted.
        painter.save()
        if abs(self._picture_scale / self.scale_factor - 1) < 1e-9:
            # Same zoom: a plain blit at a whole pixel (no resampling).
            corner = self.viewportTransform().map(self._picture_area.topLeft())
            painter.resetTransform()
            painter.drawPixmap(round(corner.x()), round(corner.y()), picture)
        else:
            inverse = 1.0 / self._picture_scale
            placed = QTransform().translate(self._picture_area.x(), self._picture_area.y()) \
                .scale(inverse, inverse) * self.viewportTransform()
            painter.setWorldTransform(placed)
            # A stand-in for a few frames: speed over smoothness.
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.drawPixmap(0, 0, picture)
        painter.restore()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        vp = self.viewport().rect()
        self._centre = self._scene_point(QPointF(vp.width() / 2, vp.height() / 2))
        self.minimap.update()

    # ---- clicks on the map (edit mode) ----

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)
        scene = self.scene()
        grabbed = scene is not None and scene.mouseGrabberItem() is not None
        self._click = event.position() if event.button() == Qt.MouseButton.LeftButton and \
            not grabbed else None

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        start, self._click = self._click, None
        if start is not None and event.button() == Qt.MouseButton.LeftButton and \
                (event.position() - start).manhattanLength() < 5:
            self.space_clicked.emit(self.mapToScene(event.position().toPoint()),
                                    event.globalPosition().toPoint())

    # ---- drops from the placement tray (phase 7) and edit mode's palette ----

    def dragEnterEvent(self, event: QDragMoveEvent) -> None:   # (a move event too)
        mime = event.mimeData()
        if mime.hasFormat(MIME_TYPE) or mime.hasFormat(EDIT_MIME_TYPE):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.dragEnterEvent(event)
        if event.mimeData().hasFormat(MIME_TYPE) and (payload := decode(bytes(
                event.mimeData().data(MIME_TYPE).data()))) is not None:
            self.tray_hovered.emit(*payload, self.mapToScene(event.position().toPoint()))

    def dropEvent(self, event: QDropEvent) -> None:
        edit = event.mimeData().hasFormat(EDIT_MIME_TYPE)
        kind = EDIT_MIME_TYPE if edit else MIME_TYPE
        payload = decode(bytes(event.mimeData().data(kind).data()))
        if payload is None:
            event.ignore()
            return
        event.acceptProposedAction()
        nation, unit_type = payload
        signal = self.palette_dropped if edit else self.tray_dropped
        signal.emit(nation, unit_type, self.mapToScene(event.position().toPoint()))

    def center_on_scene_point(self, point: QPointF) -> None:
        self._show_centre(point)
        self.minimap.update()
