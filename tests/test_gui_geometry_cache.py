"""The map's paths cache (pacific.gui.geometry_cache): same paths as the shapely route, keyed by
the geometry file's hash, ignored when damaged (start without shapely)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pacific.gui import cache_writes
from pacific.gui import geometry_cache as gc

MAP_DIR = Path(__file__).resolve().parent.parent / "maps" / "pacific"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(gc.ENV_CACHE_DIR, str(folder))
    return folder


def test_cache_round_trip_gives_the_same_paths(qtbot: object, cache_dir: Path) -> None:
    built = first = gc.load_scene_geometry(MAP_DIR / "geometry.json")  # builds and writes
    cache_writes.flush()  # (written once a window on its way has painted)
    files = list(cache_dir.iterdir())
    assert len(files) == 1
    second = gc.load_scene_geometry(MAP_DIR / "geometry.json")  # reads the cache
    assert second.scene_rect == built.scene_rect == first.scene_rect
    assert second.credit == built.credit
    assert set(second.regions) == set(built.regions)
    for rid, region in built.regions.items():
        cached = second.regions[rid]
        assert cached.kind == region.kind
        assert cached.label == region.label
        assert cached.slots == region.slots
        assert cached.shape == region.shape
        assert cached.hit_area == region.hit_area
        assert (cached.outline is None) == (region.outline is None)
        assert cached.spots == region.spots
        assert len(region.spots) >= 3 or region.kind == "neutral"
    assert len(second.detail) == len(built.detail) >= 2
    for cached_level, level in zip(second.detail, built.detail, strict=True):
        assert cached_level.tolerance == level.tolerance
        assert cached_level.shapes == level.shapes
        assert cached_level.coast == level.coast and level.coast
        assert cached_level.sea_borders == level.sea_borders and level.sea_borders


def quick_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """The conversion left out (what these tests look at is the cache file, not the paths)."""
    monkeypatch.setattr(gc, "scene_geometry",
                        lambda g: gc.SceneGeometry({}, g.scene_rect, g.credit))


def test_a_changed_geometry_file_misses_the_cache(qtbot: object, cache_dir: Path,
                                                 tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    quick_build(monkeypatch)
    copy = tmp_path / "pacific" / "geometry.json"
    copy.parent.mkdir()
    shutil.copy(MAP_DIR / "geometry.json", copy)
    gc.load_scene_geometry(copy)
    copy.write_bytes(copy.read_bytes() + b"\n")  # same content for JSON, another hash
    gc.load_scene_geometry(copy)
    cache_writes.flush()
    assert len(list(cache_dir.iterdir())) == 2


def test_a_damaged_cache_is_rebuilt(qtbot: object, cache_dir: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    quick_build(monkeypatch)
    gc.load_scene_geometry(MAP_DIR / "geometry.json")
    cache_writes.flush()
    (target,) = cache_dir.iterdir()
    target.write_bytes(target.read_bytes()[:50])
    assert gc.decode(target.read_bytes(), target.name) is None
    again = gc.load_scene_geometry(MAP_DIR / "geometry.json")
    cache_writes.flush()
    assert again.scene_rect
    assert gc.decode(target.read_bytes(), gc._digest((MAP_DIR / "geometry.json").read_bytes()))
