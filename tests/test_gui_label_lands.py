"""Over whose land a name's box stands, told from the picture of the land (`Lands.told`):
never the other answer than the outlines' areas give (`label_lands.over`), on boxes of
names' sizes across every territory's extent, at both shares a name may spill."""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF

from pacific.gui import label_lands
from pacific.gui.geometry_cache import SceneGeometry
from pacific.gui.map_scene import MapScene
from pacific.rules.board_map import BoardMap


def test_the_pictures_answer_is_the_outlines(qtbot: object, pacific_board: BoardMap,
                                            pacific_geometry: SceneGeometry) -> None:
    scene = MapScene(pacific_board, pacific_geometry)
    ids = [t.id for t in pacific_board.territories]
    lands = label_lands.Lands(scene.regions, ids)
    pick = random.Random(3)
    told = 0
    for _ in range(400):
        rid = pick.choice(ids)
        extent = scene.regions[rid].boundingRect()
        w, h = pick.uniform(20, 200), pick.uniform(8, 60)
        ink = QRectF(pick.uniform(extent.left() - w, extent.right()),
                     pick.uniform(extent.top() - h, extent.bottom()), w, h)
        others = [lands.paths[t] for t in ids if t != rid and lands.paths[t].intersects(ink)]
        for share in (label_lands.SPILL, label_lands.SPILL_ON_LAND):
            answer = lands.told(lands.shade[rid], ink, share * w * h)
            if answer is not None:
                told += 1
                assert answer == label_lands.over(ink, others, share), (rid, ink, share)
    assert told > 600  # (most boxes told by the pixels alone)
