"""The map's first picture kept on disk (pacific.gui.picture_cache): a second start over the
same map, position and window paints no map and shows the very same pixels; a picture of
another position is not shown; a damaged, hostile or stale file is ignored and written anew,
never trusted."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_helpers import close_quietly, start_window
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui import geometry_cache as gc
from pacific.gui import picture_cache
from pacific.gui.main_window import MainWindow
from pacific.gui.map_view import MapView
from pacific.gui.picture_cache import PictureStore


@pytest.fixture(scope="module")
def window(qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    window = start_window(tmp_path_factory.mktemp("picture"))
    yield window
    close_quietly(window)


def painted(view: MapView, store: PictureStore, _monkeypatch: pytest.MonkeyPatch) -> bool:
    """Render the view's picture through ``store``: was the map painted (not read)?"""
    calls: list[bool] = []
    real = MapView.paint_static

    def counting(self: MapView, *args: object, **kwargs: object) -> None:
        calls.append(True)
        real(self, *args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MapView, "paint_static", counting)
        view.picture_store = store
        view.render_map_picture()
    assert view.picture_store is None  # (asked once)
    picture_cache.write_later()  # (as the event loop's next pass does)
    return bool(calls)


def image(view: MapView) -> QImage:
    picture = view._map_picture
    assert picture is not None
    return picture.toImage()


def store_at(window: MainWindow, folder: Path) -> PictureStore:
    digest = window.board_scene.map.geometry.digest  # type: ignore[attr-defined]
    assert digest
    return PictureStore(digest, folder)


def kept(folder: Path) -> list[Path]:
    return sorted(folder.glob("map-picture-*.qds"))


def test_a_second_start_reads_the_first_picture(qtbot: QtBot, window: MainWindow,
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    view, path = window.view, tmp_path
    assert painted(view, store_at(window, path), monkeypatch)
    first = image(view)
    assert len(kept(path)) == 1
    assert not painted(view, store_at(window, path), monkeypatch)
    assert image(view) == first  # the very same pixels
    # Another position (a territory's colour changed) is another picture: painted, kept.
    region = window.board_scene.map.regions["burma"]  # type: ignore[attr-defined]
    colour = region.fill()
    region.set_fill(QColor("#ff00ff"))
    try:
        assert painted(view, store_at(window, path), monkeypatch)
        assert image(view) != first
        assert not painted(view, store_at(window, path), monkeypatch)
    finally:
        region.set_fill(colour)
    assert not painted(view, store_at(window, path), monkeypatch)  # (both kept)
    assert image(view) == first
    assert len(kept(path)) == 2
    # Only the last few pictures are kept.
    for shade in ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff"][:picture_cache.KEPT]:
        region.set_fill(QColor(shade))
        painted(view, store_at(window, path), monkeypatch)
    region.set_fill(colour)
    assert len(kept(path)) == picture_cache.KEPT
    assert painted(view, store_at(window, path), monkeypatch)


def test_a_changed_font_or_code_misses(window: MainWindow, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    view, path = window.view, tmp_path
    assert painted(view, store_at(window, path), monkeypatch)
    monkeypatch.setattr(picture_cache, "_font_key", lambda: ["another font"])
    assert painted(view, store_at(window, path), monkeypatch)
    assert not painted(view, store_at(window, path), monkeypatch)
    # Code that cannot be read: no key, the map painted and nothing kept.
    for old in kept(path):
        old.unlink()
    monkeypatch.setattr(picture_cache, "code_digest", lambda code: None)
    assert painted(view, store_at(window, path), monkeypatch) and not kept(path)


@pytest.mark.parametrize("damage", ["empty", "garbage", "truncated", "other key",
                                    "huge size", "fifo", "folder", "too large"])
def test_a_bad_file_is_ignored_and_written_anew(window: MainWindow, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                damage: str) -> None:
    view = window.view
    assert painted(view, store_at(window, tmp_path), monkeypatch)
    (path,) = kept(tmp_path)
    good = path.read_bytes()
    first = image(view)
    path.unlink()
    if damage == "empty":
        path.write_bytes(b"")
    elif damage == "garbage":
        path.write_bytes(os.urandom(5000))
    elif damage == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif damage == "other key":
        path.write_bytes(good[:60] + bytes(20) + good[80:])  # (the key's characters)
    elif damage == "huge size":
        # A header that claims a picture of 8192 × 8192 pixels with a few bytes behind it.
        start = len(good) - first.sizeInBytes() - 4 - 16
        path.write_bytes(good[:start] + (8192).to_bytes(4, "big") * 2 + good[start + 8:])
    elif damage == "fifo":
        os.mkfifo(path)
    elif damage == "folder":
        path.mkdir()
    elif damage == "too large":
        path.write_bytes(good)
        monkeypatch.setattr(picture_cache, "MAX_BYTES", len(good) - 1)
    assert painted(view, store_at(window, tmp_path), monkeypatch)  # the file not trusted
    assert image(view) == first
    monkeypatch.setattr(picture_cache, "MAX_BYTES", len(good) + 1)
    if damage not in ("fifo", "folder"):
        assert path.read_bytes() == good  # written anew
        assert not painted(view, store_at(window, tmp_path), monkeypatch)


def test_only_the_first_scene_of_a_process_has_a_store(window: MainWindow,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setenv(gc.ENV_CACHE_DIR, str(tmp_path))
    monkeypatch.setattr(picture_cache, "_asked", [])
    first = picture_cache.first_picture_store(window.board_scene)
    assert first is not None and first.folder == tmp_path
    assert picture_cache.first_picture_store(window.board_scene) is None


def test_the_picture_read_last_is_kept_before_older_ones(window: MainWindow, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """As many window sizes (or positions) as are kept, used in turn, each read its own
    picture: the one read goes last, not the one written first."""
    view, path = window.view, tmp_path
    region = window.board_scene.map.regions["burma"]  # type: ignore[attr-defined]
    colour = region.fill()
    shades = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff"][:picture_cache.KEPT]
    try:
        for age, shade in enumerate(shades):
            before = set(kept(path))
            region.set_fill(QColor(shade))
            assert painted(view, store_at(window, path), monkeypatch)
            (new,) = set(kept(path)) - before
            os.utime(new, (1_000_000 + age, 1_000_000 + age))  # the first shade the oldest
        region.set_fill(QColor(shades[0]))
        assert not painted(view, store_at(window, path), monkeypatch)  # read, not painted
        region.set_fill(QColor("#ff00ff"))  # one more picture: another goes
        assert painted(view, store_at(window, path), monkeypatch)
        assert len(kept(path)) == picture_cache.KEPT
        region.set_fill(QColor(shades[0]))
        assert not painted(view, store_at(window, path), monkeypatch)
    finally:
        region.set_fill(colour)


def test_the_picture_is_written_after_the_paint(window: MainWindow, tmp_path: Path) -> None:
    """The write (megabytes) is not on the way to the first frame: the picture is written
    when the event loop next runs, as it was when painted."""
    view = window.view
    view.picture_store = store_at(window, tmp_path)
    view.render_map_picture()
    assert not kept(tmp_path)
    first = image(view)
    assert view._map_picture is not None
    painter = QPainter(view._map_picture)  # (painted over before the event loop runs)
    painter.fillRect(0, 0, 50, 50, QColor("#ff00ff"))
    painter.end()
    assert image(view) != first
    QApplication.processEvents()
    assert len(kept(tmp_path)) == 1
    assert not picture_cache._unwritten
    view.picture_store = store_at(window, tmp_path)
    view.render_map_picture()
    assert image(view) == first  # (what was painted, not what was painted over it after)
