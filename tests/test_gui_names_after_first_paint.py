"""A start that finds no layout of its names kept on disk (a first start ever, a window size new
to it) paints its first window without waiting for them: the map without names, every stack
on its own space, off the other spaces' markers and centres. The names are laid out in the turns
of the event loop after that paint, just as a layout made at once places them, and are kept for
the next start, which shows them at its first paint."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import close_quietly, start_window
from PySide6.QtWidgets import QApplication, QGraphicsItem
from test_gui_real_board import pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import crowded, misplaced, on_own_name

from pacific.gui.main_window import MainWindow


def where(item: QGraphicsItem) -> tuple[float, ...]:
    """Where ``item`` stands, when it is shown."""
    return (item.scenePos().x(), item.scenePos().y()) if item.isVisible() else ()


def shown(window: MainWindow) -> list[tuple[object, ...]]:
    """Every label's place, look and hidden flag, and where every stack and merged marker
    shown stands."""
    labels = [(rid, label.hidden, label.pos().x(), label.pos().y(), label.index,
               label.leader is not None)
              for rid, label in window.board_scene.map.labels.items()]
    pieces = [(str(key), item.size, *where(item)) for key, item in window.pieces.items.items()]
    merged = [(str(key), *where(item)) for key, item in window.pieces.summaries.items()]
    return [*labels, *sorted(pieces), *sorted(merged)]


def test_the_first_paint_does_not_wait_for_names_not_kept(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PACIFIC_CACHE_DIR", str(tmp_path / "cache"))
    first = start_window(tmp_path, laid_out=False)
    try:
        labels = first.board_scene.map.labels
        assert all(label.hidden and not label.isVisible() for label in labels.values())
        assert first.zooming.idle.hurrying
        assert not misplaced(first) and not crowded(first)
        first.zooming.wait_until_laid_out()
        assert not first.zooming.idle.hurrying
        assert sum(not label.hidden for label in labels.values()) > 50
        assert not misplaced(first) and not crowded(first) and not on_own_name(first)
        laid_out = shown(first)
    finally:
        close_quietly(first)
    # The next start finds them kept: shown at its first paint, the same.
    again = start_window(tmp_path, laid_out=False)
    try:
        assert not again.zooming.idle.hurrying
        assert shown(again) == laid_out
    finally:
        close_quietly(again)
    # A start that lays them out at once, right after its first paint, places them alike.
    monkeypatch.setenv("PACIFIC_CACHE_DIR", str(tmp_path / "other"))
    at_once = start_window(tmp_path, laid_out=False)
    try:
        at_once.zooming.zoomed(at_once.view.scale_factor, False)
        assert shown(at_once) == laid_out
    finally:
        close_quietly(at_once)


def test_a_wait_for_names_whose_turns_never_come_lays_them_out_at_once(
        qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A band whose steps never finish (the turns of the event loop do not come) must not hold
    # a caller (a test, a screenshot tool) forever: the wait gives way to the layout at once.
    monkeypatch.setenv("PACIFIC_CACHE_DIR", str(tmp_path / "cache"))
    window = start_window(tmp_path, laid_out=False)
    try:
        monkeypatch.setattr(window.zooming.idle, "lay_out", lambda *_: False)
        assert window.zooming.idle.hurrying
        window.zooming.wait_until_laid_out(patience=0.3)
        assert not window.zooming.idle.hurrying
        labels = window.board_scene.map.labels
        assert sum(not label.hidden for label in labels.values()) > 50
        assert not misplaced(window) and not crowded(window)
    finally:
        close_quietly(window)
