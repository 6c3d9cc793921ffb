"""The map's geometry cache shipped with the program (`geometry_cache.SHIPPED_NAME`, written by
tools/geometry_cache.py): a first start ever reads it instead of building the paths with
shapely, copies it into the user's cache, and trusts it no more than any cache: a shipped copy
that is cut, padded, foreign, stale or a decompression bomb is ignored and the map is built."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pacific.gui import cache_writes
from pacific.gui import geometry_cache as gc

ROOT = Path(__file__).resolve().parent.parent
MAP_DIR = ROOT / "maps" / "pacific"
SHIPPED = MAP_DIR / gc.SHIPPED_NAME
REGENERATE = "python tools/geometry_cache.py"


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(gc.ENV_CACHE_DIR, str(folder))
    return folder


@pytest.fixture()
def on_its_way() -> Iterator[Callable[[], None]]:
    """A window on its way to its first paint: the cache writes wait until the function
    given is called (or the test ends)."""
    painted = cache_writes.hold()
    yield painted
    painted()


def test_the_shipped_cache_is_that_of_the_map_and_format_of_today(qtbot: object) -> None:
    """Fails when geometry.json or FORMAT changed and the shipped copy was not regenerated."""
    assert SHIPPED.is_file(), f"{SHIPPED} is missing: run `{REGENERATE}`"
    blob = gc.read_shipped(SHIPPED)
    assert blob is not None, f"{SHIPPED} is not a whole zlib file: run `{REGENERATE}`"
    digest = hashlib.sha256((MAP_DIR / "geometry.json").read_bytes()).hexdigest()
    assert gc.decode(blob, digest) is not None, (
        f"{SHIPPED} is not the cache of today's geometry.json at FORMAT {gc.FORMAT}: "
        f"run `{REGENERATE}` and commit it")


@pytest.mark.slow
def test_the_shipped_cache_is_what_the_tool_writes_today(qtbot: object) -> None:
    """Slow (a build with shapely): also catches a change to how the paths are built that
    forgot to bump FORMAT."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import geometry_cache as tool
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert tool.pack(MAP_DIR / "geometry.json") == SHIPPED.read_bytes(), (
        f"{SHIPPED} is not what the tool writes today: bump geometry_cache.FORMAT if the "
        f"layout changed, run `{REGENERATE}` and commit it")


FIRST_START = r"""
import sys
from pathlib import Path
from pacific.gui.geometry_cache import load_scene_geometry
geometry = load_scene_geometry(Path(sys.argv[1]))
print(len(geometry.regions), "shapely" in sys.modules)
"""


def test_a_first_start_reads_the_shipped_cache_without_shapely(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = dict(os.environ, PACIFIC_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", FIRST_START, str(MAP_DIR / "geometry.json")],
                          capture_output=True, text=True, env=env, check=True, timeout=120)
    regions, shapely = proc.stdout.split()
    assert int(regions) > 100
    assert shapely == "False"  # built with shapely, it would be imported
    (written,) = cache.iterdir()  # copied into the user's cache, read plainly next time
    digest = hashlib.sha256((MAP_DIR / "geometry.json").read_bytes()).hexdigest()
    assert written.name == gc.cache_file(MAP_DIR / "geometry.json", digest).name
    assert written.read_bytes() == zlib.decompress(SHIPPED.read_bytes())


def _map_copy(tmp_path: Path, shipped: bytes | None) -> Path:
    """A copy of the Pacific map's geometry.json, with ``shipped`` as its shipped cache."""
    folder = tmp_path / "pacific"
    folder.mkdir()
    shutil.copy(MAP_DIR / "geometry.json", folder / "geometry.json")
    if shipped is not None:
        (folder / gc.SHIPPED_NAME).write_bytes(shipped)
    return folder / "geometry.json"


def _built(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The shapely route made quick: the calls to it are counted, the map neither read nor
    converted."""
    from pacific.board import geometry

    calls: list[int] = []
    monkeypatch.setattr(geometry, "load_geometry", lambda path: None)

    def quick(geometry: object) -> gc.SceneGeometry:
        calls.append(1)
        return gc.SceneGeometry({}, (0.0, 0.0, 1.0, 1.0), "built")
    monkeypatch.setattr(gc, "scene_geometry", quick)
    return calls


def test_the_shipped_cache_is_read_then_the_users(qtbot: object, cache_dir: Path,
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _built(monkeypatch)
    geometry_file = _map_copy(tmp_path, SHIPPED.read_bytes())
    first = gc.load_scene_geometry(geometry_file)
    assert len(first.regions) > 100 and not calls
    cache_writes.flush()  # (written once a window on its way has painted)
    (written,) = cache_dir.iterdir()
    (geometry_file.parent / gc.SHIPPED_NAME).unlink()  # the next start reads the user's cache
    again = gc.load_scene_geometry(geometry_file)
    assert set(again.regions) == set(first.regions) and again.digest == first.digest
    assert not calls and list(cache_dir.iterdir()) == [written]


PACKED = SHIPPED.read_bytes()
DAMAGED = {
    "cut": PACKED[: len(PACKED) // 2],
    "cut at the end": PACKED[:-1],
    "padded": PACKED + b"\0" * 4,
    "one byte changed": PACKED[:1000] + bytes([PACKED[1000] ^ 1]) + PACKED[1001:],
    "not zlib": zlib.decompress(PACKED),
    "empty": b"",
    # A whole zlib file, of a cache of another geometry file (or an edited map): its key differs.
    "foreign key": zlib.compress(zlib.decompress(PACKED).replace(
        hashlib.sha256((MAP_DIR / "geometry.json").read_bytes()).hexdigest().encode("utf-16-be"),
        b"0" * 128)),
}


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_shipped_cache_is_ignored(qtbot: object, cache_dir: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            damage: str) -> None:
    calls = _built(monkeypatch)
    built = gc.load_scene_geometry(_map_copy(tmp_path, DAMAGED[damage]))
    assert calls and built.credit == "built"
    cache_writes.flush()
    (written,) = cache_dir.iterdir()  # the built paths are cached, not the damaged copy
    digest = hashlib.sha256((MAP_DIR / "geometry.json").read_bytes()).hexdigest()
    cached = gc.decode_file(written, digest)
    assert cached is not None and cached.credit == "built"
    assert gc.read_shipped(tmp_path / "pacific" / gc.SHIPPED_NAME) is None \
        or damage == "foreign key"


def test_a_stale_shipped_cache_is_ignored(qtbot: object, cache_dir: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited geometry.json (here one more byte: the same map for JSON, another hash)
    beside the shipped cache of the original: the paths are built from the file."""
    calls = _built(monkeypatch)
    geometry_file = _map_copy(tmp_path, SHIPPED.read_bytes())
    geometry_file.write_bytes(geometry_file.read_bytes() + b"\n")
    assert gc.load_scene_geometry(geometry_file).credit == "built" and calls


def test_a_decompression_bomb_is_refused_before_it_is_unpacked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bomb = tmp_path / gc.SHIPPED_NAME
    bomb.write_bytes(zlib.compress(b"\0" * 3000))
    monkeypatch.setattr(gc, "MAX_CACHE_BYTES", 2000)
    assert gc.read_shipped(bomb) is None
    monkeypatch.setattr(gc, "MAX_CACHE_BYTES", 3000)
    assert gc.read_shipped(bomb) == b"\0" * 3000


def test_a_damaged_shipped_cache_falls_back_to_the_same_paths_as_shapely(
        qtbot: object, cache_dir: Path, tmp_path: Path) -> None:
    """The whole shapely route (a few seconds): the map built from a damaged shipped copy is
    the map the intact copy gives."""
    built = gc.load_scene_geometry(_map_copy(tmp_path, DAMAGED["cut"]))
    shipped = gc.decode(zlib.decompress(PACKED), built.digest.rsplit("-v", 1)[0])
    assert shipped is not None
    assert set(built.regions) == set(shipped.regions)
    for rid, region in shipped.regions.items():
        assert built.regions[rid].shape == region.shape
        assert built.regions[rid].spots == region.spots


def test_the_shipped_cache_goes_wherever_the_map_goes() -> None:
    """The wheel's data files (installed to <prefix>/share/pacific/maps) and the bundle's
    datas (sys._MEIPASS/maps): `pacific.rules.files.maps.data_roots` finds the map there, and
    the shipped cache beside its geometry.json."""
    import tomllib

    relative = SHIPPED.relative_to(ROOT).as_posix()
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["data-files"]
    assert any(Path(relative).match(pattern) for pattern in data_files[
        f"share/pacific/{Path(relative).parent.as_posix()}"]), "pyproject.toml's data-files"
    spec = (ROOT / "packaging" / "pacific.spec").read_text(encoding="utf-8")
    assert f'"{gc.SHIPPED_NAME}"), "maps/pacific")' in spec, "packaging/pacific.spec's datas"


def test_a_first_start_unpacks_the_head_and_the_levels_it_paints(
        qtbot: object, cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        on_its_way: Callable[[], None]) -> None:
    """A first start ever unpacks the shipped copy's head and regions, and a level when it
    is first painted: the same paths as the copy unpacked whole, and the user's cache, once
    written, the whole copy's bytes."""
    calls = _built(monkeypatch)
    unpacked: list[int] = []
    unpack = gc.Unpacking._unpack

    def counted(self: gc.Unpacking, upto: int) -> None:
        unpack(self, upto)
        unpacked.append(len(self._out))
    monkeypatch.setattr(gc.Unpacking, "_unpack", counted)
    geometry_file = _map_copy(tmp_path, PACKED)
    whole = zlib.decompress(PACKED)
    first = gc.load_scene_geometry(geometry_file)
    assert not calls and max(unpacked) < len(whole) // 2   # the head and regions alone
    plain = gc.decode(whole, first.digest.rsplit("-v", 1)[0])
    assert plain is not None and set(first.regions) == set(plain.regions)
    for rid, region in plain.regions.items():
        assert first.regions[rid].shape == region.shape
        assert first.regions[rid].spots == region.spots
    assert first.detail[1].coast == plain.detail[1].coast and plain.detail[1].coast
    assert max(unpacked) < len(whole)   # the levels up to the one asked for
    assert first.detail[1].shapes == plain.detail[1].shapes
    on_its_way()   # (painted: the copy is written)
    (written,) = cache_dir.iterdir()
    assert written.read_bytes() == whole
    assert first.detail[-1].land_borders == plain.detail[-1].land_borders


def test_a_shipped_copy_damaged_past_the_head_is_not_copied(
        qtbot: object, cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        on_its_way: Callable[[], None]) -> None:
    """A byte changed in the last level's packed bytes is found only when that level is
    unpacked (the head and the regions are sound, and the stream's end is whole): that
    level is empty, the others are read, and the copy is not copied into the user's cache
    (the next start tries it again)."""
    calls = _built(monkeypatch)
    damaged = bytearray(PACKED)
    damaged[-100] ^= 0x10
    geometry = gc.load_scene_geometry(_map_copy(tmp_path, bytes(damaged)))
    assert not calls and geometry.detail[0].coast
    assert geometry.detail[-1].coast == () and geometry.detail[-1].land_borders == ()
    on_its_way()
    assert not cache_dir.exists() or not list(cache_dir.iterdir())


@pytest.mark.parametrize("seed", range(3))
def test_adler32_combine_is_that_of_the_bytes_one_after_the_other(seed: int) -> None:
    import random

    rng = random.Random(seed)
    for _ in range(300):
        first = rng.randbytes(rng.randrange(0, 400))
        second = rng.randbytes(rng.choice([0, 1, 65520, 65521, 65522, rng.randrange(200_000)]))
        assert gc.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) \
            == zlib.adler32(first + second)
