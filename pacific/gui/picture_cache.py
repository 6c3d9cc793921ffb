"""The map's first picture kept on disk, beside the map geometry's cache.

The view paints the map's regions, lines and labels once into a picture (`MapView`), and then
only blits it: at a start that picture is 0.05 s of processor time at 1024×700 and 0.1 s at
1920×1080 (docs/performance.md). A start over the same position in a window of the size of an
earlier start paints the very same picture, so the first picture a view paints is written to
the cache folder (`map-picture-<key>.qds`, the last three window sizes'), under a key made of
everything the picture shows: the geometry the paths come from (its file's digest), every item
painted (each region's fill, pen, highlight and place; each line's pen; each label's text,
symbols, marker, leader, place and extent), the zoom and area, the picture's size and pixel
ratio, the background, the labels' font as the system resolves it, and the source of the code
that paints (so that a change to it misses the cache). An item of a kind this module does not
know makes no key: that picture is painted, never read.

The file is read as untrusted input: one that cannot be read, is larger than a picture can
be, has the wrong header, key, size or pixel format, is ignored (and written anew); it never
stops a start nor shows anything but a picture of the exact key asked for.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRectF, QTimer
from PySide6.QtGui import QColor, QFontInfo, QImage, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem

from pacific.gui import map_style as style
from pacific.gui.geometry_cache import cache_dir, read_regular, write_atomically
from pacific.gui.label_cache import code_digest
from pacific.gui.label_pictures import LabelPictures
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_scene import LinesItem, RegionItem

MAGIC = "pacific-map-picture"
FORMAT = 1
MAX_SIDE = 8192  # pixels, either side (the view's largest picture, `map_view.MAX_PICTURE`)
# The pixel formats a view's picture comes in (an opaque fill or a transparent one).
FORMATS = (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied,
           QImage.Format.Format_ARGB32)
MAX_BYTES = MAX_SIDE * MAX_SIDE * 4 + 4096
HEADER = 1024  # bytes, more than a picture's header (the key, the size) takes
KEPT = 4  # pictures kept: a few window sizes used in turn (a few MB each), the least
# recently read or written going first
# The code a picture's pixels come from: any change to it misses the cache.
CODE = ("pacific.gui.picture_cache", "pacific.gui.map_view", "pacific.gui.map_scene",
        "pacific.gui.map_items", "pacific.gui.map_labels", "pacific.gui.map_style",
        "pacific.gui.palette", "pacific.gui.geometry_cache", "pacific.gui.geometry_paths",
        "pacific.gui.label_pictures")


def _colour(colour: QColor) -> int:
    return colour.rgba()


def _pen(pen: QPen) -> list[object]:
    return [_colour(pen.color()), pen.widthF(), pen.style().value, pen.isCosmetic(),
            pen.capStyle().value, pen.joinStyle().value]


def _rect(rect: QRectF) -> list[float]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def _item_look(item: QGraphicsItem) -> list[object] | None:
    """What ``item`` paints, or None for an item of an unknown kind."""
    placed = item.sceneTransform()  # (its place, and any turn or scale of its own)
    common = [item.isVisible(), item.zValue(), placed.m11(), placed.m12(), placed.m21(),
              placed.m22(), placed.dx(), placed.dy(), _rect(item.boundingRect())]
    if isinstance(item, RegionItem):
        return ["region", *common, item.region_id, item.is_sea, _colour(item.fill()),
                _pen(item.pen()), _colour(item.brush().color()), item.brush().style().value,
                item.highlight]
    if isinstance(item, LabelItem):
        leader = None if item.leader is None else [item.leader.x(), item.leader.y()]
        return ["label", *common, repr(item.picture_key()), leader, item.hidden]
    if isinstance(item, LinesItem):
        return ["lines", *common, _pen(item.pen), list(item.tolerances)]
    return None


def _font_key() -> list[object]:
    """The labels' font as this system resolves it (another font installed, or removed,
    draws other pixels)."""
    looks: list[object] = []
    for bold in (False, True):
        info = QFontInfo(style.label_font(12, bold))
        looks.append([info.family(), info.styleName(), info.pixelSize(), info.bold()])
    return looks


class PictureStore:
    """The view's first picture of the map over ``geometry`` (`SceneGeometry.digest`), kept
    in a file of the cache folder (`cache_dir`) named by its key."""

    def __init__(self, geometry: str, folder: Path | None = None) -> None:
        self.geometry = geometry
        self.folder = folder if folder is not None else cache_dir()

    def path(self, key: str) -> Path:
        return self.folder / f"map-picture-{key[:32]}.qds"

    def labels(self, ratio: float) -> LabelPictures:
        """The labels' pictures kept at pixel ``ratio`` in this folder (a picture painted
        anew blits the labels an earlier start painted, in any window size)."""
        return LabelPictures(ratio, _font_key(), self.folder)

    def key(self, items: Sequence[QGraphicsItem], transform: QTransform, area: QRectF,
            width: int, height: int, ratio: float, background: QColor | None) -> str | None:
        """The key of the picture of ``items`` painted through ``transform`` over ``area``
        into ``width`` × ``height`` pixels at ``ratio``; None when it cannot be told."""
        code = code_digest(CODE)
        if code is None or not self.geometry:
            return None
        looks: list[object] = []
        for item in items:
            look = _item_look(item)
            if look is None:
                return None
            looks.append(look)
        what = [FORMAT, code, self.geometry, _font_key(),
                [transform.m11(), transform.m12(), transform.m21(), transform.m22(),
                 transform.dx(), transform.dy()], _rect(area), width, height, ratio,
                None if background is None else _colour(background), looks]
        text = json.dumps(what, separators=(",", ":"), allow_nan=True)
        return hashlib.sha256(text.encode()).hexdigest()

    def load(self, key: str, width: int, height: int, ratio: float) -> QPixmap | None:
        """The picture kept under ``key``, of ``width`` × ``height`` pixels; None when there
        is none."""
        try:
            raw = read_regular(self.path(key), MAX_BYTES + 1)
        except OSError:
            return None
        if raw is None or len(raw) > MAX_BYTES:
            return None
        buffer = QByteArray(raw[:HEADER])  # kept alive while the stream reads it
        stream = QDataStream(buffer, QIODevice.OpenModeFlag.ReadOnly)
        if stream.readQString() != MAGIC or stream.readInt32() != FORMAT \
                or stream.readQString() != key:
            return None
        w, h, line, kind, size = (stream.readInt32() for _ in range(5))
        device = stream.device()
        start = device.pos() if device is not None else -1
        formats = {f.value: f for f in FORMATS}
        if stream.status() != QDataStream.Status.Ok or start < 0 \
                or (w, h) != (width, height) or not 0 < w <= MAX_SIDE or not 0 < h <= MAX_SIDE \
                or line != 4 * w or kind not in formats or size != line * h \
                or len(raw) - start != size:
            return None
        # The pixels read where they lie in the file's bytes (a picture is megabytes: no
        # copy but the image's own).
        image = QImage(memoryview(raw)[start:], w, h, line, formats[kind]).copy()
        picture = QPixmap.fromImage(image)
        if picture.isNull():
            return None
        picture.setDevicePixelRatio(ratio)
        with suppress(OSError):  # read now: the last to go when only the last few are kept
            os.utime(self.path(key))
        return picture

    def save(self, key: str, picture: QPixmap) -> None:
        """Keep ``picture`` under ``key`` once the paint that made it is over: written when
        the event loop next runs, or at the program's exit if it ends before (`write_later`);
        the picture as it is now, whatever is painted on it after."""
        _unwritten.append((self, key, picture.toImage()))
        if len(_unwritten) == 1:
            QTimer.singleShot(0, write_later)

    def write(self, key: str, image: QImage) -> None:
        """Write ``image`` under ``key`` (a file that cannot be written costs the next start
        its picture, nothing else)."""
        if image.format() not in FORMATS or image.bytesPerLine() != 4 * image.width():
            image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        data = QByteArray()
        out = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
        out.writeQString(MAGIC)
        out.writeInt32(FORMAT)
        out.writeQString(key)
        for value in (image.width(), image.height(), image.bytesPerLine(),
                      image.format().value):
            out.writeInt32(value)
        out.writeUInt32(image.sizeInBytes())  # (a QByteArray's header: the pixels follow)
        write_atomically(self.path(key), bytes(data.data()) + bytes(image.constBits()))
        try:  # the oldest pictures beyond the last few go
            kept = sorted(self.folder.glob("map-picture-*.qds"),
                          key=lambda p: p.stat().st_mtime, reverse=True)
            for old in kept[KEPT:]:
                old.unlink()
        except OSError:
            pass


# The pictures kept but not yet written (`PictureStore.save`): a few MB each, written after
# the first paint rather than on its way (0.005-0.03 s of a start in a new window size).
_unwritten: list[tuple[PictureStore, str, QImage]] = []


def write_later() -> None:
    """Write the pictures kept and not yet written."""
    while _unwritten:
        store, key, image = _unwritten.pop(0)
        store.write(key, image)


atexit.register(write_later)  # (a program that ends before its event loop runs)

_asked: list[bool] = []  # has this process's first map scene had its store?


def first_picture_store(board_scene: object) -> PictureStore | None:
    """The store of the process's first map scene (the start's window), None for any later
    one (a game loaded or begun later would only replace the start's picture) and for a scene
    whose geometry is not from the cache (its paths have no digest)."""
    if _asked:
        return None
    _asked.append(True)
    scene = getattr(board_scene, "map", None)
    geometry = getattr(getattr(scene, "geometry", None), "digest", "")
    return PictureStore(geometry) if isinstance(geometry, str) and geometry else None
