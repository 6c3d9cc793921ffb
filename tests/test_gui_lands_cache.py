"""The picture of the land kept on disk and shipped with the map (`lands_cache`): a start in a
new window size, or a first start ever, reads it instead of drawing it; the shipped copy is the
picture of today's map and code; a kept file that is damaged, foreign or stale is ignored, the
picture drawn and kept anew."""

from __future__ import annotations

import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from pacific.gui import label_lands, lands_cache
from pacific.gui.geometry_cache import ENV_CACHE_DIR, SceneGeometry
from pacific.gui.map_scene import MapScene
from pacific.rules.board_map import BoardMap

ROOT = Path(__file__).resolve().parent.parent
MAP_DIR = ROOT / "maps" / "pacific"
REGENERATE = "python tools/geometry_cache.py"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(ENV_CACHE_DIR, str(folder))
    return folder


@pytest.fixture(scope="module")
def scene(qapp: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry) -> MapScene:
    return MapScene(pacific_board, pacific_geometry)


def _lands(scene: MapScene, geometry: SceneGeometry | None) -> label_lands.Lands:
    return label_lands.Lands(scene.regions, [t.id for t in scene.board.territories], geometry)


class Drawn:
    """Counts the pictures drawn afresh."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        draw = label_lands.Lands.drawn

        def counted(lands: label_lands.Lands) -> lands_cache.Picture:
            self.count += 1
            return draw(lands)

        monkeypatch.setattr(label_lands.Lands, "drawn", counted)


def _picture(lands: label_lands.Lands) -> lands_cache.Picture:
    lands.told(1, lands.extent, 1.0)  # (the picture drawn or read when first asked)
    return lands.width, lands.height, lands.stride, lands.pixels


def test_the_shipped_picture_is_that_of_todays_map_and_code(
        scene: MapScene, pacific_geometry: SceneGeometry) -> None:
    """Fails when the map, the board's territories or the drawing changed and the shipped
    copy was not regenerated."""
    shipped = MAP_DIR / lands_cache.SHIPPED_NAME
    assert shipped.is_file(), f"{shipped} is missing: run `{REGENERATE}`"
    lands = _lands(scene, pacific_geometry)
    key = lands.key()
    assert key is not None
    assert lands_cache.unpack(shipped.read_bytes(), key) == lands.drawn(), (
        f"{shipped} is not the picture of today's map: run `{REGENERATE}` and commit it")


def test_a_first_start_reads_the_shipped_picture_and_draws_none(
        scene: MapScene, pacific_geometry: SceneGeometry, cache_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = _lands(scene, None).drawn()
    drawn = Drawn(monkeypatch)
    assert _picture(_lands(scene, pacific_geometry)) == fresh
    assert drawn.count == 0
    assert not cache_dir.exists() or not list(cache_dir.iterdir())  # (nothing to keep)


def test_a_picture_drawn_is_kept_and_read_by_the_next_start(
        scene: MapScene, pacific_geometry: SceneGeometry, cache_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = replace(pacific_geometry, folder=cache_dir.parent / "no-map")  # (none shipped)
    drawn = Drawn(monkeypatch)
    first = _picture(_lands(scene, elsewhere))
    assert drawn.count == 1
    assert len(list(cache_dir.glob("land-picture-*.zlib"))) == 1
    assert _picture(_lands(scene, elsewhere)) == first
    assert drawn.count == 1


@pytest.mark.parametrize("damage", ["garbage", "cut", "other key", "wrong size", "bomb"])
def test_a_damaged_or_foreign_kept_picture_is_drawn_again_and_kept_anew(
        scene: MapScene, pacific_geometry: SceneGeometry, cache_dir: Path,
        monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    elsewhere = replace(pacific_geometry, folder=cache_dir.parent / "no-map")
    lands = _lands(scene, elsewhere)
    fresh = _lands(scene, None).drawn()
    key = lands.key()
    assert key is not None
    good = lands_cache.pack(key, fresh)
    width, height, stride, pixels = fresh
    bad = {"garbage": b"not a picture" * 100,
           "cut": good[: len(good) // 2],
           "other key": lands_cache.pack(bytes(32), fresh),
           "wrong size": lands_cache.pack(key, (width, height - 1, stride, pixels[:-stride])),
           "bomb": zlib.compress(lands_cache.MAGIC + bytes(lands_cache.MAX_PIXELS + 64))}[damage]
    cache_dir.mkdir(parents=True)
    [path] = [cache_dir / f"land-picture-{key.hex()[:24]}.zlib"]
    path.write_bytes(bad)
    drawn = Drawn(monkeypatch)
    assert _picture(lands) == fresh
    assert drawn.count == 1
    assert path.read_bytes() == good  # (kept anew)


def test_another_map_misses_the_shipped_picture(
        scene: MapScene, pacific_geometry: SceneGeometry, cache_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A changed geometry file (another digest) draws its own picture: the shipped one is
    keyed by the paths it was drawn from."""
    changed = replace(pacific_geometry, digest="0" * 64 + "-v9")
    drawn = Drawn(monkeypatch)
    assert _picture(_lands(scene, changed)) == _lands(scene, None).drawn()
    assert drawn.count == 2  # (the start's, and the one compared with)
