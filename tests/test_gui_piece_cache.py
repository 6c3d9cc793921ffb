"""The first fit's small spaces' slots and pieces' layout kept on disk (pacific.gui.piece_cache):
a second start over the same map and window chooses nothing and finds every slot where the
first start chose it; a damaged, hostile or stale file is ignored and written anew, never
trusted (a kept slot can only be one of its own space's candidate points)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui import cache_writes, label_cache, piece_cache, piece_layout, small_spaces
from pacific.gui.geo_scene import GeoBoardScene
from pacific.gui.piece_shapes import SpaceShape
from pacific.gui.scene import has_geometry

ZOOM, PIXELS = 0.42, 18.0  # about a 1920×1080 window's fit


@pytest.fixture(scope="module")
def shapes(qapp: object) -> dict[str, SpaceShape]:
    path = has_geometry(BOARD)
    assert path is not None
    return GeoBoardScene(BOARD, path).layout_shapes()


def forget() -> None:
    """Forget the slots chosen in this process (a new start)."""
    small_spaces._small.clear()
    piece_layout._layouts.clear()


def chosen(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What is chosen anew from now on: "small" for the small spaces' slots, "layout" for
    every space's first slot."""
    made: list[str] = []
    real_small, real_first = small_spaces._SmallSpaces.slots, piece_layout.Layout._first_slots

    def small(self: Any) -> Any:
        made.append("small")
        return real_small(self)

    def first(self: Any, marked: Any) -> None:
        made.append("layout")
        real_first(self, marked)

    monkeypatch.setattr(small_spaces._SmallSpaces, "slots", small)
    monkeypatch.setattr(piece_layout.Layout, "_first_slots", first)
    return made


def start(shapes: dict[str, SpaceShape], folder: Path, zoom: float = ZOOM
          ) -> tuple[dict[str, tuple[float, float]], dict[str, list[tuple[float, float]]]]:
    """A start's first fit: the small spaces' slots, then the layout (three slots asked of
    every space, more than its first: the later slots follow from the first)."""
    forget()
    store = piece_cache.PieceStore(folder)
    small = dict(store.small_space_slots(shapes, zoom, PIXELS))
    layout = store.layout(shapes, zoom, PIXELS)
    slots = {sid: [(p.x(), p.y()) for p in layout.slots(sid, 3)] for sid in shapes
             if shapes[sid].holds_units and shapes[sid].spots}
    cache_writes.flush()  # (written once the start's window has painted)
    return small, slots


def test_a_second_start_reads_the_first_slots(shapes: dict[str, SpaceShape], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    made = chosen(monkeypatch)
    first = start(shapes, tmp_path)
    assert made == ["small", "layout"]
    assert len(first[0]) > 10  # (the small spaces)
    made.clear()
    assert start(shapes, tmp_path) == first
    assert made == []
    # Only a scene's first choice is read: another zoom is chosen anew, and kept for no start.
    store = piece_cache.PieceStore(tmp_path)
    store.small_space_slots(shapes, ZOOM, PIXELS)
    store.small_space_slots(shapes, ZOOM * 1.5, PIXELS)
    assert made == ["small"]


def test_what_the_choice_reads_is_in_the_key(shapes: dict[str, SpaceShape], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    start(shapes, tmp_path)
    made = chosen(monkeypatch)
    start(shapes, tmp_path, zoom=ZOOM * 1.25)  # another window's size
    assert made == ["small", "layout"]
    monkeypatch.setattr(label_cache, "_code_digests",
                        {piece_cache.CODE: "another version of the layout's code"})
    start(shapes, tmp_path)
    assert made == ["small", "layout"] * 2
    monkeypatch.setattr(label_cache, "_code_digests", {})
    moved = dict(shapes)
    sid = next(iter(moved))
    moved[sid] = SpaceShape(moved[sid].spots, None, moved[sid].label_box,
                            moved[sid].holds_units, moved[sid].name_at, moved[sid].name_box,
                            moved[sid].centre)  # a label hidden: the layout is chosen anew
    start(moved, tmp_path)
    assert made == ["small", "layout"] * 2 + ["layout"]


def damage(text: str, what: str) -> list[Any]:
    """Ways a kept file may be damaged or forged, each from a good one's ``text``."""
    data = json.loads(text)
    value = data["layouts"][0]["value"]
    out: list[Any] = ["{not json", text[: len(text) // 2], b"\xff\xfe\x00garbage", "[]", "null",
                      "[" * 100_000 + "]" * 100_000, json.dumps({**data, "format": 99}),
                      json.dumps({**data, "layouts": [7]})]

    def forged(change: Any) -> str:
        copy = json.loads(text)
        change(copy["layouts"][0]["value"])
        return json.dumps(copy)

    slots = value if what == "small" else value["slots"]
    sid = next(iter(slots))

    def put(v: dict[str, Any], bad: Any) -> None:
        (v if what == "small" else v["slots"])[sid] = bad

    for bad in ([10**9], [-1], [1.5], [True], ["0"], [], None, [0] * 1000, "0"):
        out.append(forged(lambda v, bad=bad: put(v, bad)))
    out.append(forged(lambda v: (v if what == "small" else v["slots"]).pop(sid)))
    out.append(forged(lambda v: put(v, slots[sid]) or
                      (v if what == "small" else v["slots"]).update(atlantis=[0])))
    if what == "layout":
        for key, bad in (("full", ["atlantis"]), ("full", "all"), ("next", {sid: 1}),
                         ("next", {sid: -3}), ("next", {sid: 10**9}), ("next", {"x": 0}),
                         ("next", []), ("slots", [])):
            out.append(forged(lambda v, key=key, bad=bad: v.update({key: bad})))
    return out


@pytest.mark.parametrize("what", ["small", "layout"])
def test_a_damaged_or_forged_file_is_chosen_anew(shapes: dict[str, SpaceShape], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 what: str) -> None:
    fresh = start(shapes, tmp_path)
    path = tmp_path / ("map-small-spaces.json" if what == "small" else "map-pieces.json")
    good = path.read_text()
    made = chosen(monkeypatch)
    for number, bad in enumerate(damage(good, what)):
        if isinstance(bad, bytes):
            path.write_bytes(bad)
        else:
            path.write_text(bad)
        assert start(shapes, tmp_path) == fresh, number
        assert made.count(what) == number + 1, number
        assert json.loads(path.read_text())["layouts"][0]["value"] == \
            json.loads(good)["layouts"][0]["value"], number  # written anew
    path.write_text(good + " " * label_cache.MAX_BYTES)  # past the size limit: not read
    assert start(shapes, tmp_path) == fresh
    assert made.count(what) == len(damage(good, what)) + 1
