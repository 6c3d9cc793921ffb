"""Write a map's shipped geometry cache: its Qt paths (pacific.gui.geometry_cache), built from
its geometry.json with shapely and zlib-compressed, beside it as `SHIPPED_NAME`, so that a
user's first start needs no shapely; and the picture of its land drawn from those paths
(pacific.gui.lands_cache, beside them as its `SHIPPED_NAME`), so that a first start draws none.
Run it after every change to geometry.json or board.json, to the way the paths are built or
the picture drawn, or to either's FORMAT (tests/test_gui_shipped_geometry.py and
tests/test_gui_lands_cache.py say when):

    python tools/geometry_cache.py [MAP_FOLDER ...]      (default: maps/pacific)

The same geometry.json gives the same bytes: the paths are written in a fixed order and zlib
is run at a fixed level, so a regenerated file changes in git only when its content does.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pacific.board.geometry import load_geometry  # noqa: E402
from pacific.gui import lands_cache  # noqa: E402
from pacific.gui.geometry_cache import (  # noqa: E402
    MAX_CACHE_BYTES,
    SHIPPED_NAME,
    decode,
    encode,
    scene_geometry,
)

# zlib at its strongest: a first start unpacks it in half the time xz's smallest file takes,
# for a file five times as big (docs/performance.md).
LEVEL = 9


def pack(geometry_file: Path) -> bytes:
    """The shipped cache of ``geometry_file``: its paths' cache, zlib-compressed."""
    blob = encode(scene_geometry(load_geometry(geometry_file)),
                  hashlib.sha256(geometry_file.read_bytes()).hexdigest())
    if len(blob) > MAX_CACHE_BYTES:
        raise SystemExit(f"{geometry_file}: the cache is {len(blob)} bytes, over the "
                         f"{MAX_CACHE_BYTES} a start unpacks (geometry_cache.MAX_CACHE_BYTES)")
    return zlib.compress(blob, LEVEL)


def land_picture(folder: Path, packed: bytes) -> bytes:
    """The shipped picture of the land of the map in ``folder``, drawn from the paths of its
    shipped geometry cache ``packed`` as a start reads them."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from pacific.gui.label_lands import Lands
    from pacific.gui.map_scene import MapScene
    from pacific.rules.files.mapfile import load_board

    _app = QApplication.instance() or QApplication([])
    digest = hashlib.sha256((folder / "geometry.json").read_bytes()).hexdigest()
    geometry = decode(zlib.decompress(packed), digest)
    assert geometry is not None
    board = load_board(folder / "board.json")
    scene = MapScene(board, geometry)  # (kept while its regions' paths are read)
    lands = Lands(scene.regions, [t.id for t in board.territories], geometry)
    key = lands.key()
    assert key is not None
    return lands_cache.pack(key, lands.drawn())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", type=Path, default=[ROOT / "maps" / "pacific"],
                        help="map folders (each holding a geometry.json)")
    for folder in parser.parse_args().maps:
        target = folder / SHIPPED_NAME
        packed = pack(folder / "geometry.json")
        target.write_bytes(packed)
        print(f"{target}: {len(packed)} bytes")
        picture = folder / lands_cache.SHIPPED_NAME
        picture.write_bytes(land_picture(folder, packed))
        print(f"{picture}: {picture.stat().st_size} bytes")


if __name__ == "__main__":
    main()
