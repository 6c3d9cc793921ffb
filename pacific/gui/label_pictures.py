"""The labels' pictures kept on disk, beside the map geometry's cache.

A label's picture (its name and value with their halo, its symbols and control marker:
`LabelItem.paint_box`) depends on what it shows (`LabelItem.picture_key`), the labels' fonts
as the system resolves them, the pixel ratio and the code that paints it, never on the window's
size. The map's first picture in a window size new to the cache paints every label shown
(0.03 s of processor time at 1024×700, 0.06 s at 1920×1080, docs/performance.md): most of them
are the same pictures an earlier start painted in another size. So the labels' pictures the
view paints into its first picture are written to the cache folder
(`label-pictures-<key>.bin`, under a key made of the code, the fonts, the pixel ratio and the
platform), with the ones read from it, and the next start's first picture blits those it
finds there.

The file is read as untrusted input: one that cannot be read, has the wrong header or key, or
whose entries do not fit its bytes, is ignored (and written anew); an entry is only ever
shown for the exact label key it was kept under.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import struct
from contextlib import suppress
from pathlib import Path

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from pacific.gui.geometry_cache import cache_dir, read_regular, write_atomically
from pacific.gui.label_cache import code_digest
from pacific.gui.map_labels import LabelItem

MAGIC = b"pacific-label-pictures\n"
FORMAT = 1
PIXELS = QImage.Format.Format_ARGB32_Premultiplied
MAX_SIDE = 1024  # pixels, either side of one label's picture (a label is some 200 × 60)
MAX_ENTRIES = 3000  # pictures kept in a file, the most recently painted or read first ...
KEPT_BYTES = 4 * 1024 * 1024  # ... and their pixels' bytes at most (a first picture's labels
# take some 0.7 MB: a few window sizes' are kept, and a start reads them all in a millisecond)
MAX_BYTES = 64 * 1024 * 1024
MAX_INDEX = 4 * 1024 * 1024  # bytes of the file's list of entries
KEPT = 2  # files kept: one per pixel ratio in use, the least recently written going first
# The code a label's pixels come from: any change to it misses the cache.
CODE = ("pacific.gui.label_pictures", "pacific.gui.map_labels", "pacific.gui.map_style",
        "pacific.gui.palette")
_LENGTH = struct.Struct("<I")


def picture_rect(item: QGraphicsItem) -> QRectF:
    """What an item of a fixed size in pixels shows in its kept picture (a label's without
    its leader line), in its own pixels."""
    return item.picture_rect() if isinstance(item, LabelItem) else item.boundingRect()


def paint_picture(item: QGraphicsItem, ratio: float) -> QPixmap:
    """``item``'s picture at pixel ``ratio`` (a label's leader line left out: it changes with
    the zoom, the rest does not)."""
    bounds = picture_rect(item)
    picture = QPixmap(int(bounds.width() * ratio) + 1, int(bounds.height() * ratio) + 1)
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    painter.translate(-bounds.x(), -bounds.y())
    if isinstance(item, LabelItem):
        item.paint_box(painter)
    else:
        option = QStyleOptionGraphicsItem()
        option.exposedRect = bounds
        item.paint(painter, option, None)
    painter.end()
    return picture


class LabelPictures:
    """The labels' pictures kept in a file of ``folder`` for pictures at pixel ``ratio`` in
    the fonts ``fonts`` (`picture_cache.font_key`): read on the first question, written after
    the paint that asked (`write_later`) when it painted some anew."""

    def __init__(self, ratio: float, fonts: object, folder: Path | None = None) -> None:
        self.ratio = ratio
        self.folder = folder if folder is not None else cache_dir()
        code = code_digest(CODE)
        self.key: str | None = None
        if code is not None:
            # (the platform too: another one may draw a font's glyphs otherwise)
            self.key = json.dumps([FORMAT, code, fonts, ratio, QGuiApplication.platformName()],
                                  separators=(",", ":"))
        # label key's text -> (width, height, its pixels)
        self._kept: dict[str, tuple[int, int, bytes | memoryview]] | None = None
        self._new: dict[str, QImage] = {}
        self._used: list[str] = []  # the label keys read, in turn

    def path(self) -> Path:
        digest = hashlib.sha256((self.key or "").encode()).hexdigest()
        return self.folder / f"label-pictures-{digest[:24]}.bin"

    def _read(self) -> dict[str, tuple[int, int, bytes | memoryview]]:
        if self._kept is None:
            self._kept = {}
            if self.key is not None:
                with suppress(OSError, ValueError, TypeError, struct.error):
                    self._kept = _decode(read_regular(self.path(), MAX_BYTES + 1), self.key)
        return self._kept

    def get(self, label: tuple[object, ...]) -> QPixmap | None:
        """The picture kept for a label whose `picture_key` is ``label``; None if none is."""
        if self.key is None:
            return None
        text = repr(label)
        entry = self._read().get(text)
        if entry is None:
            return None
        self._used.append(text)
        width, height, pixels = entry
        image = QImage(pixels, width, height, 4 * width, PIXELS).copy()
        picture = QPixmap.fromImage(image)
        if picture.isNull():
            return None
        picture.setDevicePixelRatio(self.ratio)
        return picture

    def put(self, label: tuple[object, ...], picture: QPixmap) -> None:
        """Keep ``picture``, just painted for a label whose `picture_key` is ``label``."""
        if self.key is None:
            return
        image = picture.toImage()
        if image.format() != PIXELS:
            image = image.convertToFormat(PIXELS)
        if not (0 < image.width() <= MAX_SIDE and 0 < image.height() <= MAX_SIDE):
            return
        self._new[repr(label)] = image
        if len(self._new) == 1:
            _unwritten.append(self)
            if len(_unwritten) == 1:
                QTimer.singleShot(0, write_later)

    def write(self) -> None:
        """Write the pictures painted anew and the ones read (a file that cannot be written
        costs the next start these pictures, nothing else)."""
        if self.key is None or not self._new:
            return
        entries: dict[str, tuple[int, int, bytes | memoryview]] = {
            text: (image.width(), image.height(), bytes(image.constBits())[
                :4 * image.width() * image.height()])
            for text, image in self._new.items()}
        size = sum(4 * w * h for w, h, _ in entries.values())
        read = self._read()
        # (the pictures read by this start go before the others read)
        for text in [*self._used, *read]:
            if text in entries:
                continue
            entry = read[text]
            size += 4 * entry[0] * entry[1]
            if len(entries) >= MAX_ENTRIES or size > KEPT_BYTES:
                break
            entries[text] = entry
        self._new, self._used = {}, []
        index = [[text, w, h] for text, (w, h, _) in entries.items()]
        head = json.dumps({"key": self.key, "entries": index}, separators=(",", ":")).encode()
        data = b"".join([MAGIC, _LENGTH.pack(len(head)), head,
                         *(bytes(pixels) for _, _, pixels in entries.values())])
        with suppress(OSError):
            write_atomically(self.path(), data)
            kept = sorted(self.folder.glob("label-pictures-*.bin"),
                          key=lambda p: p.stat().st_mtime, reverse=True)
            for old in kept[KEPT:]:
                old.unlink()


def _decode(raw: bytes | None, key: str) -> dict[str, tuple[int, int, bytes | memoryview]]:
    """The entries of a file's bytes ``raw`` kept under ``key``; none when anything about
    the file is not as written."""
    if raw is None or len(raw) > MAX_BYTES or not raw.startswith(MAGIC):
        return {}
    start = len(MAGIC)
    (length,) = _LENGTH.unpack_from(raw, start)
    start += _LENGTH.size
    if length > MAX_INDEX or start + length > len(raw):
        return {}
    head = json.loads(raw[start:start + length])
    start += length
    if not isinstance(head, dict) or head.get("key") != key:
        return {}
    index = head.get("entries")
    if not isinstance(index, list) or len(index) > MAX_ENTRIES:
        return {}
    view = memoryview(raw)
    out: dict[str, tuple[int, int, bytes | memoryview]] = {}
    for entry in index:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
                and all(type(n) is int and 0 < n <= MAX_SIDE for n in entry[1:])):
            return {}
        text, width, height = entry
        size = 4 * width * height
        if start + size > len(raw):
            return {}
        out[text] = (width, height, view[start:start + size])
        start += size
    return out if start == len(raw) else {}


# The stores with pictures painted and not yet written: written after the first paint rather
# than on its way.
_unwritten: list[LabelPictures] = []


def write_later() -> None:
    """Write the pictures kept and not yet written."""
    while _unwritten:
        _unwritten.pop(0).write()


atexit.register(write_later)  # (a program that ends before its event loop runs)
