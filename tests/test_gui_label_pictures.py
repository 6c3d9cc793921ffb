"""The labels' pictures kept on disk (pacific.gui.label_pictures): the map's first picture in
a window size the cache has no picture for blits the labels an earlier start painted, with the
very same pixels; pictures of other fonts or pixel ratios are not shown; a damaged or hostile
file is ignored and written anew, never trusted."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_helpers import close_quietly, start_window
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtWidgets import QApplication

from pacific.gui import label_pictures, picture_cache
from pacific.gui.label_pictures import LabelPictures
from pacific.gui.main_window import MainWindow
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_view import MAX_LABEL_PICTURES
from pacific.gui.picture_cache import PictureStore
from pacific.gui.recent import Recent


@pytest.fixture(scope="module")
def window(qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    window = start_window(tmp_path_factory.mktemp("labels"))
    yield window
    close_quietly(window)


def labels_painted(window: MainWindow, folder: Path) -> tuple[int, QImage]:
    """The map's picture painted anew through a store in ``folder`` (no map picture kept, no
    label picture in the view's memory, as at a start in a new window size): how many labels
    were painted, and the picture."""
    view = window.view
    for old in folder.glob("map-picture-*.qds"):
        old.unlink()
    view._label_pictures = Recent(MAX_LABEL_PICTURES)
    calls: list[bool] = []
    real = LabelItem.paint_box

    def counting(self: LabelItem, *args: object) -> None:
        calls.append(True)
        real(self, *args)  # type: ignore[arg-type]

    digest = window.board_scene.map.geometry.digest  # type: ignore[attr-defined]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(LabelItem, "paint_box", counting)
        view.picture_store = PictureStore(digest, folder)
        view.render_map_picture()
    label_pictures.write_later()  # (as the event loop's next pass does)
    picture_cache.write_later()
    picture = view._map_picture
    assert picture is not None
    return len(calls), picture.toImage()


def kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("label-pictures-*.bin"))


def test_a_new_window_size_blits_the_labels_painted_before(window: MainWindow,
                                                          tmp_path: Path) -> None:
    count, first = labels_painted(window, tmp_path)
    assert count > 50  # (every label shown at fit)
    assert len(kept(tmp_path)) == 1
    again, second = labels_painted(window, tmp_path)
    assert again == 0
    assert second == first
    # Nothing new was painted: the file is not written again.
    stamp = kept(tmp_path)[0].stat().st_mtime_ns
    labels_painted(window, tmp_path)
    assert kept(tmp_path)[0].stat().st_mtime_ns == stamp


def test_other_fonts_or_pixel_ratios_miss(window: MainWindow, tmp_path: Path) -> None:
    labels_painted(window, tmp_path)
    [path] = kept(tmp_path)
    key = next(label for label in window.view.static_items if isinstance(label, LabelItem)
               and label.isVisible()).picture_key()
    fonts = picture_cache._font_key()
    found = LabelPictures(1.0, fonts, tmp_path)
    assert found.path() == path and found.get((key, 1.0)) is not None
    assert LabelPictures(2.0, fonts, tmp_path).get((key, 1.0)) is None
    assert LabelPictures(1.0, [["Another", "Bold", 12, True]], tmp_path).get((key, 1.0)) is None


def _damaged(raw: bytes) -> list[bytes]:
    magic = label_pictures.MAGIC
    start = len(magic) + 4
    (length,) = label_pictures._LENGTH.unpack_from(raw, len(magic))
    head = json.loads(raw[start:start + length])
    pixels = raw[start + length:]

    def with_head(changed: dict[str, object]) -> bytes:
        text = json.dumps(changed).encode()
        return magic + label_pictures._LENGTH.pack(len(text)) + text + pixels

    first = head["entries"][0]
    return [
        raw[: len(raw) // 2],  # cut short
        raw + b"\0",  # a byte more than its entries take
        b"not a picture file",
        magic + label_pictures._LENGTH.pack(1 << 30) + raw[start:],  # an index past the end
        with_head({**head, "key": "another"}),
        with_head({**head, "entries": [[first[0], 100000, 100000], *head["entries"][1:]]}),
        with_head({**head, "entries": [[first[0], -4, first[2]], *head["entries"][1:]]}),
        with_head({**head, "entries": [[first[0], first[1] + 1, first[2]],
                                       *head["entries"][1:]]}),
        with_head({**head, "entries": "everything"}),
        magic + label_pictures._LENGTH.pack(5) + b"[1,2]" + pixels,
    ]


def test_a_bad_file_is_ignored_and_written_anew(window: MainWindow, tmp_path: Path) -> None:
    _, first = labels_painted(window, tmp_path)
    [path] = kept(tmp_path)
    raw = path.read_bytes()
    for bad in _damaged(raw):
        path.write_bytes(bad)
        count, picture = labels_painted(window, tmp_path)
        assert count > 50
        assert picture == first
        assert path.read_bytes() == raw  # written anew


def test_the_file_keeps_the_pictures_painted_and_read_first(qapp: QApplication, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    def picture(shade: int) -> QPixmap:
        made = QPixmap(10, 10)  # 400 bytes
        made.fill(QColor(shade, 0, 0))
        return made

    first = LabelPictures(1.0, ["fonts"], tmp_path)
    for n, name in enumerate("abc"):
        first.put((name,), picture(n))
    first.write()
    monkeypatch.setattr(label_pictures, "KEPT_BYTES", 1000)
    second = LabelPictures(1.0, ["fonts"], tmp_path)
    shown = second.get(("c",))
    assert shown is not None and shown.toImage().pixelColor(5, 5) == QColor(2, 0, 0)
    second.put(("d",), picture(3))
    second.write()
    third = LabelPictures(1.0, ["fonts"], tmp_path)
    assert [name for name in "abcd" if third.get((name,)) is not None] == ["c", "d"]
