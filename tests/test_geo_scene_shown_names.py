"""A battle marker keeps clear of the other spaces' names (R-COMBAT-1: each space's battle is
its own) as they stand now: the names' boxes the scene keeps between two battles are measured
again when a name moves or is hidden, and the bucket grid they are kept in finds the same
nearest name, to the last bit, as a look at every name."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPointF, QRectF
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)

from pacific.gui.geo_scene import GeoBoardScene
from pacific.gui.label_search import HIDDEN, Placement
from pacific.gui.scene import BattleMarker, has_geometry
from pacific.gui.shown_names import CELL, ShownNames, _nearest

ZOOM, PIXELS = 0.42, 18.0  # about a 1920×1080 window's fit


@pytest.fixture()
def scene(qapp: object) -> GeoBoardScene:
    path = has_geometry(BOARD)
    assert path is not None
    made = GeoBoardScene(BOARD, path)
    made.place_labels(ZOOM, PIXELS)
    return made


def centre(scene: GeoBoardScene, spot: tuple[QPointF, QPointF]) -> QPointF:
    scale = scene.map.label_scale
    assert scale is not None
    point, offset = spot
    return QPointF(point.x() + offset.x() / scale, point.y() + offset.y() / scale)


def fresh(scene: GeoBoardScene, space: str) -> tuple[QPointF, QPointF]:
    """``space``'s battle spot with the names measured anew."""
    scene._shown = None
    return scene._battle_spot(space)


@pytest.mark.parametrize("change", ["moved", "hidden"])
def test_a_battle_spot_follows_a_name_moved_or_hidden_after_the_names_were_kept(
        scene: GeoBoardScene, change: str) -> None:
    scale = scene.map.label_scale
    assert scale is not None
    labels = scene.map.labels
    changed = 0
    for space in ["sz_38", "philippines", "japan", "formosa", "sz_45", "korea"]:
        before = scene._battle_spot(space)   # the names' boxes are kept from here
        at = centre(scene, before)
        # The nearest other name shown: moved onto the marker, or hidden.
        other = min((rid for rid, label in labels.items() if rid != space and not label.hidden),
                    key=lambda rid: (labels[rid].pos() - at).manhattanLength())
        label = labels[other]
        if change == "moved":
            where = Placement(QPointF(at), label.index, False)
        else:
            where = Placement(QPointF(label.pos()), HIDDEN, False)
        scene.map._apply_plan({other: where}, scale)
        after = scene._battle_spot(space)
        anew = fresh(scene, space)
        assert (after[0], after[1]) == (anew[0], anew[1]), (space, other)
        changed += (anew[0], anew[1]) != (before[0], before[1])
    # (the change made a difference somewhere: the kept boxes were put to the test)
    assert changed


def test_the_grid_finds_the_nearest_name_as_a_look_at_every_name_does() -> None:
    rng = random.Random(7)
    boxes = []
    for n in range(60):
        x, y = rng.uniform(-900, 900), rng.uniform(-600, 600)
        if n % 10 == 0:   # on the cells' edges
            x, y = round(x / CELL) * CELL, round(y / CELL) * CELL
        boxes.append((f"r{n}", QRectF(x, y, rng.uniform(5, 180), rng.uniform(8, 40))))
    names = ShownNames((0, 1.0), boxes)
    points = [(rng.uniform(-1500, 1500), rng.uniform(-1000, 1000)) for _ in range(400)]
    points += [(b.left(), b.center().y()) for _, b in boxes]   # on a name's edge
    points += [(5000.0, -4000.0), (CELL, -CELL)]   # far off, and on a cell's corner
    for x, y in points:
        for space in ("r0", "r7", "none"):
            assert names.clearance(space, x, y, BattleMarker.RADIUS) == \
                _nearest(names.entries, space, x, y, BattleMarker.RADIUS), (space, x, y)
    assert ShownNames((0, 1.0), []).clearance("r0", 0.0, 0.0, 8.0) == float("inf")
