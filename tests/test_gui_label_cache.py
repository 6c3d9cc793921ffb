"""The first label layout kept on disk (pacific.gui.label_cache): a second start over the same
map, position and window lays no label out and shows the labels exactly where the layout put
them; a damaged, hostile or stale file is ignored and written anew, never trusted."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pacific.gui import cache_writes, label_cache, label_layout, label_refit, label_search
from pacific.gui import geometry_cache as gc
from pacific.gui.geometry_cache import SceneGeometry
from pacific.gui.map_scene import MapScene
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation

MAP_DIR = Path(__file__).resolve().parent.parent / "maps" / "pacific"
SCALE = 0.5  # pixels per scene unit: a 1920-pixel window's fit, quick to lay out
KEEP_OUT = {"sz_27": (10.0, 20.0, 30.0, 40.0)}


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(gc.ENV_CACHE_DIR, str(tmp_path))
    return tmp_path / "map-labels.json"


def laid_out(scene: MapScene) -> dict[str, tuple[object, ...]]:
    """Each label's exact place, whether it shows, its variant and leader line."""
    return {rid: (label.pos().x(), label.pos().y(), label.hidden, label.index,
                  None if label.leader is None else (label.leader.x(), label.leader.y()))
            for rid, label in scene.labels.items()}


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    made: list[float] = []
    real = label_layout.place

    def counting(*args: Any) -> dict[str, label_search.Placement]:
        made.append(args[1])
        return real(*args)

    monkeypatch.setattr(label_layout, "place", counting)
    return made


def start(board: BoardMap, geo: SceneGeometry, scale: float = SCALE,
          control: dict[str, Nation | None] | None = None) -> MapScene:
    scene = MapScene(board, geo, control)
    scene.place_labels(scale, keep_out=KEEP_OUT)
    cache_writes.flush()  # (written once the start's window has painted)
    return scene


def test_a_second_start_reads_the_first_layout(qtbot: object, pacific_board: BoardMap,
                                               pacific_geometry: SceneGeometry, cache: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert pacific_geometry.digest
    first = laid_out(start(pacific_board, pacific_geometry))
    assert cache.is_file()
    made = count_layouts(monkeypatch)
    second = start(pacific_board, pacific_geometry)
    assert made == []
    assert laid_out(second) == first
    assert sum(1 for place in first.values() if not place[2]) > 50  # (most labels show)
    # Only the first layout is read: another zoom is laid out, and kept for no start.
    second.place_labels(SCALE * 1.7)
    assert made == [SCALE * 1.7]


def test_what_the_layout_reads_is_in_the_key(qtbot: object, pacific_board: BoardMap,
                                             pacific_geometry: SceneGeometry, cache: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    start(pacific_board, pacific_geometry)
    made = count_layouts(monkeypatch)
    start(pacific_board, pacific_geometry, scale=SCALE * 1.25)  # another window's size
    # A control marker makes Burma's label wider (R-CONTROL-3).
    captured = start(pacific_board, pacific_geometry, control={"burma": Nation.JAPAN})
    monkeypatch.setattr(label_cache, "_code_digests",
                        {label_cache.CODE: "another version of the layout's code"})
    start(pacific_board, pacific_geometry)
    assert made == [SCALE * 1.25, SCALE, SCALE]
    monkeypatch.undo()
    again = start(pacific_board, pacific_geometry, control={"burma": Nation.JAPAN})
    assert laid_out(again) == laid_out(captured)
    # Kept: the last few layouts, the newest first.
    assert len(json.loads(cache.read_text())["layouts"]) == label_cache.KEPT


def damage(text: str) -> list[Any]:
    """Ways a kept file may be damaged or forged, each from a good one's ``text``."""
    data = json.loads(text)
    places = data["layouts"][0]["value"]
    rid = next(iter(places))
    out: list[Any] = ["{not json", text[: len(text) // 2], b"\xff\xfe\x00garbage", "[]",
                      "null", "[" * 100_000 + "]" * 100_000, json.dumps({**data, "format": 99}),
                      json.dumps({**data, "layouts": "none"}), json.dumps({**data, "layouts": [7]})]
    for bad in ([1e9, 0.0, 0, False], ["x", 0.0, 0, False], [0.0, 0.0, 99, False],
                [0.0, 0.0, True, False], [0.0, 0.0, 0, 1], [0.0, 0.0], None, "NaN"):
        forged = json.loads(text)
        forged["layouts"][0]["value"][rid] = bad
        out.append(json.dumps(forged))
    fewer = json.loads(text)
    del fewer["layouts"][0]["value"][rid]
    out.append(json.dumps(fewer))
    more = json.loads(text)
    more["layouts"][0]["value"]["atlantis"] = places[rid]
    out.append(json.dumps(more))
    return out


def test_a_damaged_or_forged_file_is_laid_out_anew(qtbot: object, pacific_board: BoardMap,
                                                   pacific_geometry: SceneGeometry, cache: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = laid_out(start(pacific_board, pacific_geometry))
    good = cache.read_text()
    made = count_layouts(monkeypatch)
    for number, bad in enumerate(damage(good)):
        if isinstance(bad, bytes):
            cache.write_bytes(bad)
        else:
            cache.write_text(bad)
        assert laid_out(start(pacific_board, pacific_geometry)) == fresh, number
        assert len(made) == number + 1, number
        assert json.loads(cache.read_text())["layouts"][0]["value"] == \
            json.loads(good)["layouts"][0]["value"], number  # written anew
    cache.unlink()
    cache.mkdir()  # (a folder where the file goes: neither read nor written)
    assert laid_out(start(pacific_board, pacific_geometry)) == fresh
    if hasattr(os, "mkfifo"):  # a pipe would make a plain read wait for a writer for ever
        cache.rmdir()
        os.mkfifo(cache)
        assert laid_out(start(pacific_board, pacific_geometry)) == fresh


def test_a_file_past_the_size_limit_is_not_read(qtbot: object, pacific_board: BoardMap,
                                                pacific_geometry: SceneGeometry, cache: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    start(pacific_board, pacific_geometry)
    good = cache.read_text()
    cache.write_text(good + " " * label_cache.MAX_BYTES)
    made = count_layouts(monkeypatch)
    start(pacific_board, pacific_geometry)
    assert made == [SCALE]


def test_a_second_start_reads_the_names_kept_off_the_stacks_places(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry, cache: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A name moved off the only place left for its space's stacks (`keep_labels_off`) is
    kept on disk where it went: the next start in that window reads it there, and neither
    lays out nor moves a name."""
    pixels = 22.0
    first = start_with_pieces(pacific_board, pacific_geometry, pixels)
    label = first.labels["western_australia"]
    ink, at = label.text_box(), label.pos()
    under = (at.x() + ink.left() / SCALE, at.y() + ink.top() / SCALE,
             at.x() + ink.right() / SCALE, at.y() + ink.bottom() / SCALE)
    assert first.keep_labels_off(lambda _labels: {"western_australia": [under]}, pixels)
    assert first.labels["western_australia"].pos() != at
    moved = laid_out(first)
    made = count_layouts(monkeypatch)
    refits: list[object] = []
    monkeypatch.setattr(label_refit.Refit, "fit", lambda *a: refits.append(a))
    second = start_with_pieces(pacific_board, pacific_geometry, pixels)
    assert second.labels_kept_off(pixels)
    assert made == [] and refits == []
    assert laid_out(second) == moved


def start_with_pieces(board: BoardMap, geo: SceneGeometry, pixels: float) -> MapScene:
    cache_writes.flush()  # (what the start before kept, once its window painted)
    scene = MapScene(board, geo)
    scene.place_labels(SCALE, keep_out=KEEP_OUT, pixels=pixels)
    return scene


def test_a_capitals_star_apart_from_its_name_is_kept_with_it(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry, cache: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At a small window's fit some capitals' stars stand alone on their land, their names
    beside them (Japan's, New South Wales'): the next start reads both places; a kept star
    that no name apart from it could have, or one off the map, is not trusted."""
    frame = MapScene(pacific_board, pacific_geometry).sceneRect()
    small = 712 / frame.width()
    first = start(pacific_board, pacific_geometry, scale=small)
    rid = next(rid for rid in pacific_board.capital_nation
               if first.labels[rid].variant.apart and first.labels[rid].variant.lines)
    label = first.labels[rid]
    assert label.leader is not None
    made = count_layouts(monkeypatch)
    assert laid_out(start(pacific_board, pacific_geometry, scale=small)) == laid_out(first)
    assert made == []
    good = json.loads(cache.read_text())
    row = good["layouts"][0]["value"][rid]
    assert len(row) == 6
    for bad in ([*row[:2], 0, *row[3:]], [*row[:3], False, *row[4:]], [*row[:4], 1e9, row[5]],
                [*row[:4], row[4], "x"], row[:5]):
        forged = json.loads(json.dumps(good))
        forged["layouts"][0]["value"][rid] = bad
        cache.write_text(json.dumps(forged))
        assert laid_out(start(pacific_board, pacific_geometry, scale=small)) == \
            laid_out(first), bad
    assert len(made) == 5
