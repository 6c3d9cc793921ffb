"""The room a hovered or moved name is fitted into is bucketed by the size of the boxes it
holds: with no name shown (a window so small that every name is hidden) the keep-out boxes
alone size its cells, so a large box fills a few buckets, not a million (the window froze
while the pointer moved over the map at the smallest window size)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from pacific.gui.label_refit import Refit


def _no_request(rid: str) -> object:
    raise AssertionError(f"no label is shown, so none is asked for: {rid}")


def test_a_room_with_no_name_shown_sizes_its_cells_by_the_keep_out_boxes() -> None:
    refit = Refit({}, _no_request, 0.05, QRectF(0.0, 0.0, 20000.0, 15000.0))  # type: ignore[arg-type]
    keep_out = {"sz_43 marker": (1000.0, 1000.0, 2000.0, 2000.0),
                "philippines marker": (5000.0, 5000.0, 5400.0, 5300.0)}
    room = refit.room("caroline_islands", keep_out)
    assert len(room.grid.buckets) <= 64
    # (the boxes are still kept out)
    assert not room((1500.0, 1500.0, 1600.0, 1600.0))
    assert room((3000.0, 3000.0, 3100.0, 3100.0))
