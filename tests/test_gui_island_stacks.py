"""An island's stacks read as the island's: with land units and aircraft on every island
territory, at 1024×700 and 1920×1080, at "fit to window" and two zooms, every marker of an
island stands inside its clickable outline and, away from its name and from its land as seen
at that zoom, no nearer another space's name (three fighters on the Hawaiian Islands stood
on the ring of an islet too small to see, in Sea Zone 9's water beside the zone's number)."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
import shapely
from gui_helpers import build_window, close_quietly
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication
from test_gui_marker_by_name import distance, names
from test_gui_real_board import BOARD, pytestmark  # noqa: F401  (skipped without geometry)
from test_gui_stacks_on_spaces import zoom_to

from pacific.board.geometry import load_geometry
from pacific.gui.main_window import MainWindow
from pacific.gui.piece_items import StackItem
from pacific.rules.engine import Game
from pacific.rules.units import UnitType

SIZES = [(1024, 700), (1920, 1080)]
ISLANDS = [t.id for t in BOARD.territories if t.island and not t.impassable]
# Markers wide: a marker this far from its own name and land may stand nearer no other name.
FAR = 1.5
SEEN = 3.0  # pixels: a piece of land narrower and lower than this is not seen
LAND = {rid: list(getattr(region.shape, "geoms", [region.shape]))
        for rid, region in load_geometry().regions.items() if rid in ISLANDS}


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request: pytest.FixtureRequest, qapp: QApplication,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[MainWindow]:
    state = Game(BOARD).new_game(players=2, seed=3)
    for island in ISLANDS:
        owner = state.owner_of(island)
        if owner is None:
            continue
        for unit_type in (UnitType.INFANTRY, UnitType.INFANTRY, UnitType.ARTILLERY,
                          UnitType.FIGHTER, UnitType.FIGHTER, UnitType.FIGHTER,
                          UnitType.BOMBER):
            state.add_unit(unit_type, owner, island)
    win = build_window(tmp_path_factory.mktemp("islands"), Game(BOARD), state,
                       size=request.param)
    yield win
    close_quietly(win)


def _to_land(window: MainWindow, space: str, point: QPointF) -> float:
    """How far ``point`` (scene) lies from the land of ``space`` seen at the view's zoom, in
    pixels."""
    scale = window.view.scale_factor
    seen = [part for part in LAND[space]
            if max(part.bounds[2] - part.bounds[0], part.bounds[3] - part.bounds[1]) * scale
            >= SEEN]
    if not seen:
        return math.inf
    return min(shapely.distance(part, shapely.Point(point.x(), point.y())) for part in seen) \
        * scale


def astray(window: MainWindow) -> list[str]:
    """The island markers shown outside their island's outline, or far from its name and
    nearer another space's name, one line each."""
    view, scene = window.view, window.board_scene.map
    shown = names(window)
    wrong, count = [], 0
    for item in [*window.pieces.items.values(), *window.pieces.summaries.values()]:
        space = item.key.space if isinstance(item, StackItem) else item.space
        if space not in ISLANDS or not item.isVisible():
            continue
        count += 1
        if not scene.regions[space].shape().contains(item.scenePos()):
            wrong.append(f"{space}: outside its outline")
        own = shown.get(space)
        if own is None:
            continue
        at = QPointF(view.mapFromScene(item.scenePos()))
        mine = min(distance(own, at), _to_land(window, space, item.scenePos()))
        if mine > FAR * item.size:
            nearer = [rid for rid, box in shown.items()
                      if rid != space and distance(box, at) < mine]
            if nearer:
                wrong.append(f"{space}: {mine:.0f} px from its name, nearer {nearer[:3]}"
                           f" ({item.size:.0f} px)")
    assert count >= len(ISLANDS) - 2
    return wrong


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_an_island_s_stacks_stand_by_the_island(window: MainWindow, zoom: float) -> None:
    zoom_to(window, zoom)
    wrong = astray(window)
    assert not wrong, "\n".join(wrong)
