"""The cache files a start writes wait until its window has painted (`pacific.gui.cache_writes`):
a first start ever writes none of them before its first paint, all of them after."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from pacific.gui import cache_writes
from pacific.gui import first_paint as first_paint_module
from pacific.gui import geometry_cache as gc
from pacific.gui.main_window import MainWindow
from pacific.gui.settings import Preferences

PACIFIC_MAP = Path(__file__).resolve().parent.parent / "maps" / "pacific"
# What a start misses and makes when the cache folder is empty (the pictures of the map and
# of its labels are painted, and written after their paint, by their own stores).
MADE = ("map-labels.json", "map-pieces.json", "map-small-spaces.json", "pacific-geometry-")


def test_writes_wait_for_every_hold_and_run_once_in_order() -> None:
    done: list[int] = []
    cache_writes.later(lambda: done.append(0))
    assert done == [0]   # (no window on its way: at once)
    first, second = cache_writes.hold(), cache_writes.hold()
    cache_writes.later(lambda: done.append(1))
    cache_writes.later(lambda: done.append(2))
    first()
    first()   # (a second call does nothing)
    assert done == [0]
    second()
    assert done == [0, 1, 2]
    second()
    cache_writes.flush()
    assert done == [0, 1, 2]


def _made(folder: Path) -> list[str]:
    names = sorted(os.listdir(folder)) if folder.is_dir() else []
    return [made for made in MADE if any(name.startswith(made) for name in names)]


def test_a_first_start_ever_writes_its_caches_after_its_first_paint(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pacific.gui.app import new_controller

    cache = tmp_path / "cache"
    monkeypatch.setenv(gc.ENV_CACHE_DIR, str(cache))
    # On a loaded machine a first start ever may take longer than the hold's safety wait
    # before its first paint; this test is about the paint, not that wait.
    monkeypatch.setattr(first_paint_module, "LONGEST_WAIT_MS", 60_000)
    prefs = Preferences(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(new_controller(players=3, seed=1), prefs=prefs)
    qtbot.addWidget(window)
    at_paint: list[list[str]] = []
    painted = window.collector_hold.painted

    def first_paint() -> None:
        if not at_paint:
            at_paint.append(_made(cache))
        painted()

    window.collector_hold.painted = first_paint  # type: ignore[method-assign]
    window.resize(1024, 700)
    window.show()
    qtbot.waitUntil(lambda: window.collector_hold.ended, timeout=60_000)
    assert at_paint == [[]]
    # (the names, and the pieces' slots found off them, are laid out after that paint)
    window.zooming.wait_until_laid_out()
    assert _made(cache) == list(MADE)
    # The geometry written is the shipped copy's bytes, whole.
    geometry = next(cache.glob("pacific-geometry-*"))
    assert geometry.read_bytes() == zlib.decompress((PACIFIC_MAP / gc.SHIPPED_NAME).read_bytes())
    window.close()
