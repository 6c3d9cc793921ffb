"""What the map's picture costs to paint again: the lines stroked on Qt's fast path, the labels'
pictures kept by what they show."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from pacific.board.geometry import load_geometry
from pacific.gui.geometry_cache import SceneGeometry, scene_geometry
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_scene import LinesItem, MapScene
from pacific.gui.map_view import MapView
from pacific.rules.board import BoardMap
from pacific.rules.mapfile import load_board
from pacific.rules.nations import Nation

MAP_DIR = Path(__file__).resolve().parent.parent / "maps" / "pacific"


@pytest.fixture(scope="module")
def board() -> BoardMap:
    return load_board(MAP_DIR / "board.json")


@pytest.fixture(scope="module")
def geo() -> SceneGeometry:
    return scene_geometry(load_geometry(MAP_DIR / "geometry.json"))


def map_view(qtbot: QtBot, board: BoardMap, geo: SceneGeometry) -> tuple[MapView, MapScene]:
    scene = MapScene(board, geo)
    view = MapView(scene)
    scene.setParent(view)
    qtbot.addWidget(view)
    view.resize(1024, 700)
    view.show()
    qtbot.waitExposed(view)
    view.fit_to_window()
    scene.place_labels(view.scale_factor)
    view.set_static_layer(list(scene.items()))
    return view, scene


def test_the_map_lines_are_a_pixel_wide_at_most(qtbot: QtBot, board: BoardMap,
                                                geo: SceneGeometry) -> None:
    """Wider cosmetic pens leave Qt's fast line drawer for its general stroker, several times
    slower over the map's long coasts and dashed sea borders."""
    scene = MapScene(board, geo)
    lines = [item for item in scene.items() if isinstance(item, LinesItem)]
    assert len(lines) == 3  # the coast, the land borders, the sea borders
    for item in lines:
        assert item.pen.isCosmetic()
        assert item.pen.widthF() <= 1.0


def test_labels_laid_out_again_are_not_painted_again(qtbot: QtBot, board: BoardMap,
                                                     geo: SceneGeometry,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    view, scene = map_view(qtbot, board, geo)
    painted: list[str] = []
    rid_of = {id(label): rid for rid, label in scene.labels.items()}
    paint = LabelItem.paint

    def counting(self: LabelItem, *args: object) -> None:
        painted.append(rid_of.get(id(self), "?"))
        paint(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(LabelItem, "paint", counting)
    view.render_map_picture()
    assert len(painted) > 50  # the first picture paints every label in sight
    # The map painted again (a capture elsewhere, a zoom back): the labels are blitted.
    painted.clear()
    view.refresh_map()
    view.render_map_picture()
    assert painted == []
    # A control marker comes: only that label is painted again.
    scene.set_control({"queensland": Nation.JAPAN}, {})
    view.refresh_map()
    view.render_map_picture()
    assert "queensland" in painted
    assert len(set(painted)) <= 3  # (the labels the marker pushed aside, at most)


def test_a_label_picture_shows_what_its_label_says(qtbot: QtBot, board: BoardMap,
                                                   geo: SceneGeometry) -> None:
    view, scene = map_view(qtbot, board, geo)
    label: QGraphicsItem = scene.labels["japan"]
    before = view._label_picture(label).toImage()
    scene.labels["japan"].set_marker((Nation.USA, Nation.JAPAN))
    after = view._label_picture(label).toImage()
    assert before != after
