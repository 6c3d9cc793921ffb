"""Reading the map's paths cache from its file (`geometry_cache.decode_file`): Qt reads the
file itself, and a block's length is checked against what the file still holds before it is
read, so a damaged cache is refused rather than read past its end or made into a huge buffer."""

from __future__ import annotations

import os
import struct
import zlib
from array import array
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath

from pacific.gui import geometry_cache as gc


def _rect(x: float, y: float) -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(x, y, 10, 8))
    return path


def _geometry() -> gc.SceneGeometry:
    regions = {rid: gc.RegionPaths(rid, kind, _rect(i * 20, 0), None, _rect(i * 20, 0),
                                   (i * 20 + 5.0, 4.0), ((i * 20 + 2.0, 2.0),),
                                   array("f", [i * 20 + 5.0, 4.0, 3.0] * (i + 1)))
               for i, (rid, kind) in enumerate((("a", "territory"), ("b", "sea_zone")))}
    coarse = gc.DetailPaths(2.0, {"a": _rect(0, 0)}, (_rect(0, 0),), (), (_rect(20, 0),))
    full = gc.DetailPaths(0.0, {}, (_rect(0, 0),), (_rect(20, 0),), ())
    return gc.SceneGeometry(regions, (0.0, 0.0, 40.0, 8.0), "credit", (coarse, full))


def test_the_cache_file_reads_back_as_written(qtbot: object, tmp_path: Path) -> None:
    target = tmp_path / "map.qds"
    target.write_bytes(gc.encode(_geometry(), "d1"))
    read = gc.decode_file(target, "d1")
    assert read is not None and read.digest == f"d1-v{gc.FORMAT}"
    for rid, region in _geometry().regions.items():
        assert read.regions[rid].shape == region.shape
        assert read.regions[rid].spots == region.spots
        assert read.regions[rid].slots == region.slots
    assert not any(level.read for level in read.detail)   # each level waits for its zoom
    assert read.detail[0].shapes == {"a": _rect(0, 0)}
    assert read.detail[0].sea_borders == (_rect(20, 0),)
    assert read.detail[1].land_borders == (_rect(20, 0),)
    assert gc.decode_file(target, "another digest") is None
    assert gc.decode_file(tmp_path / "missing.qds", "d1") is None


def test_a_damaged_cache_file_is_refused(qtbot: object, tmp_path: Path) -> None:
    blob = gc.encode(_geometry(), "d1")
    target = tmp_path / "map.qds"
    for cut in range(0, len(blob) - 1, 7):   # cut anywhere: in a path, a spots block, a level
        target.write_bytes(blob[:cut])
        assert gc.decode_file(target, "d1") is None, cut
    # A level's block that the head says is longer than the file: refused, not read.
    block = bytes(gc._encode_level(_geometry().detail[-1]).data())
    entry = struct.pack(">dII", 0.0, len(block), zlib.adler32(block))
    at = blob.index(entry)
    target.write_bytes(blob[:at] + struct.pack(">dII", 0.0, 0x7FFFFFF0, zlib.adler32(block))
                       + blob[at + len(entry):])
    assert gc.decode_file(target, "d1") is None


def test_a_level_is_read_from_the_file_when_first_painted(qtbot: object,
                                                          tmp_path: Path) -> None:
    """A level's block is read when the level is first asked for, and checked then: one
    whose bytes are not those written (its Adler-32 in the head) is an empty level (the
    regions' own shapes, no lines), not paths made of whatever the block holds."""
    blob = gc.encode(_geometry(), "d1")
    target = tmp_path / "map.qds"
    target.write_bytes(blob)
    read = gc.decode_file(target, "d1")
    assert read is not None
    block = bytes(gc._encode_level(_geometry().detail[0]).data())
    start = blob.index(block)
    damaged = bytearray(blob)
    damaged[start + len(block) - 1] ^= 1   # (after the head and regions were read)
    target.write_bytes(bytes(damaged))
    assert read.detail[0].shapes == {} and read.detail[0].sea_borders == ()
    assert read.level_shapes("a")[0] == read.regions["a"].shape
    assert read.detail[1].land_borders == (_rect(20, 0),)   # intact: read as written
    target.unlink()
    again = gc.decode(blob, "d1")
    assert again is not None and again.detail[0].sea_borders == (_rect(20, 0),)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_level_of_a_file_become_a_fifo_is_empty_not_waited_for(qtbot: object,
                                                                  tmp_path: Path) -> None:
    target = tmp_path / "map.qds"
    target.write_bytes(gc.encode(_geometry(), "d1"))
    read = gc.decode_file(target, "d1")
    assert read is not None
    target.unlink()
    os.mkfifo(target)   # (opened to read, it would wait for a writer for ever)
    assert read.detail[0].shapes == {} and read.detail[0].coast == ()
