"""MapScene over the real Pacific board and its geometry (pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView
from pytestqt.qtbot import QtBot

from pacific.gui import label_layout, label_refit, label_search
from pacific.gui import map_style as style
from pacific.gui.geometry_cache import SceneGeometry
from pacific.gui.map_labels import LabelItem
from pacific.gui.map_scene import LinesItem, MapScene, RegionItem
from pacific.gui.map_view import MapView
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation

MAP_DIR = Path(__file__).resolve().parent.parent / "maps" / "pacific"


@pytest.fixture()
def scene(qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry) -> MapScene:
    return MapScene(pacific_board, pacific_geometry)


def test_every_space_is_drawn_with_its_slots(scene: MapScene, pacific_board: BoardMap) -> None:
    assert set(scene.regions) == set(pacific_board.space_ids)
    for rid, item in scene.regions.items():
        assert isinstance(item, RegionItem)
        assert len(scene.slot_points(rid)) >= 2
        assert item.contains(item.label_point) or item.shape().contains(item.label_point), rid
        assert rid in scene.labels


def test_starting_colours_follow_the_rulebook(scene: MapScene) -> None:
    """R-SETUP-11: China beige, Japan brown, India dark green, Australia light green,
    Dutch East Indies light violet, USA blue, impassable grey."""
    fill = {rid: item.fill().name() for rid, item in scene.regions.items()}
    assert fill["szechwan"] == style.NATION_COLOURS[Nation.CHINA].name()
    assert fill["japan"] == style.NATION_COLOURS[Nation.JAPAN].name()
    assert fill["india"] == style.NATION_COLOURS[Nation.INDIA].name()
    assert fill["queensland"] == style.NATION_COLOURS[Nation.AUSTRALIA].name()
    assert fill["java"] == style.DUTCH_EAST_INDIES.name()
    assert fill["united_states"] == style.NATION_COLOURS[Nation.USA].name()
    assert fill["himalayas"] == style.IMPASSABLE.name()
    assert fill["soviet_union"] == style.IMPASSABLE.name()


def test_chinese_territories_held_by_japan_start_brown_with_chinese_emblem(
    scene: MapScene,
) -> None:
    """R-SETUP-11: Manchuria, Korea and Shantung are Japanese at the start, drawn brown with
    the Chinese emblem."""
    for tid in ("manchuria", "korea", "shantung"):
        assert scene.regions[tid].fill().name() == style.NATION_COLOURS[Nation.JAPAN].name()
        assert scene.labels[tid].marker == (Nation.JAPAN, Nation.CHINA)
    assert scene.labels["szechwan"].marker is None


def test_set_control_recolours_and_marks_captured_territories(scene: MapScene) -> None:
    """R-CONTROL-3, R-SETUP-5: a marker (NCM) on a space held by another nation; it goes on
    liberation."""
    scene.set_control({"burma": Nation.JAPAN, "java": Nation.JAPAN}, {"sz_52": Nation.JAPAN})
    assert scene.regions["burma"].fill().name() == style.NATION_COLOURS[Nation.JAPAN].name()
    assert scene.labels["burma"].marker == (Nation.JAPAN, Nation.INDIA)
    # A Dutch East Indies island taken by Japan loses its violet.
    assert scene.regions["java"].fill().name() == style.NATION_COLOURS[Nation.JAPAN].name()
    assert ("convoy_centre", (4, Nation.JAPAN)) in scene.labels["sz_52"].symbols
    # Liberation: back to its original owner, no marker, violet again.
    scene.set_control({"burma": Nation.INDIA, "java": Nation.AUSTRALIA}, {"sz_52": None})
    assert scene.regions["burma"].fill().name() == style.NATION_COLOURS[Nation.INDIA].name()
    assert scene.labels["burma"].marker is None
    assert scene.regions["java"].fill().name() == style.DUTCH_EAST_INDIES.name()
    assert ("convoy_centre", (4, None)) in scene.labels["sz_52"].symbols


def test_symbols_show_bases_capitals_convoys_and_kamikaze(scene: MapScene) -> None:
    kinds = {rid: [k for k, _ in label.symbols] for rid, label in scene.labels.items()}
    assert "capital" in kinds["szechwan"] and "capital" in kinds["new_south_wales"]
    assert "naval_base" in kinds["japan"] and "air_base" in kinds["japan"]
    assert kinds["sz_3"][0] == "convoy_centre"
    assert "convoy_route" in kinds["sz_46"]
    for zone in ("sz_23", "sz_24", "sz_25", "sz_35", "sz_36", "sz_37"):  # R-KAMI-2
        assert "kamikaze" in kinds[zone]
    assert "kamikaze" not in kinds["sz_38"]


def test_highlight_kinds(scene: MapScene) -> None:
    item = scene.regions["sz_9"]
    for kind in ("legal", "illegal", "hover", "none"):
        item.set_highlight(kind)  # type: ignore[arg-type]
        assert item.highlight == kind
    with pytest.raises(ValueError, match="unknown highlight"):
        item.set_highlight("green")  # type: ignore[arg-type]


def test_click_on_an_atoll_outline_finds_the_island_not_the_sea(scene: MapScene) -> None:
    wake = scene.regions["wake"]
    assert scene.region_at(wake.label_point) == "wake"
    # Just inside the outline but off the atoll itself still counts as Wake.
    rect = wake.shape().boundingRect()
    near_edge = QPointF(rect.center().x(), rect.top() + 2)
    assert scene.region_at(near_edge) == "wake"
    assert scene.region_at(scene.regions["sz_19"].label_point) == "sz_19"


def test_items_cache_their_painting_and_labels_ignore_zoom(scene: MapScene) -> None:
    for item in scene.regions.values():
        assert item.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache
    for label in scene.labels.values():
        assert isinstance(label, LabelItem)
        assert label.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations


def test_scene_renders_in_a_view(qtbot: object, scene: MapScene) -> None:
    view = QGraphicsView(scene)
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    view.resize(960, 540)
    view.fitInView(scene.sceneRect())
    for label in scene.labels.values():  # look at the region fills underneath
        label.setVisible(False)
    image = QImage(480, 300, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 480, 300), scene.sceneRect())
    painter.end()
    # Japan's home islands are drawn in Japan's brown somewhere near their label.
    label = scene.regions["japan"].label_point
    rect = scene.sceneRect()
    x = int((label.x() - rect.left()) / rect.width() * 480)
    y = int((label.y() - rect.top()) / rect.height() * 300)
    colours = {image.pixelColor(x + dx, y + dy).name() for dx in range(-2, 3)
               for dy in range(-2, 3)}
    assert style.NATION_COLOURS[Nation.JAPAN].name() in colours


def label_rects(scene: MapScene, scale: float) -> dict[str, QRectF]:
    """Each shown label's ink in view pixels at ``scale`` (labels keep their pixel size); a
    label hidden for want of room is left out."""
    out = {}
    for rid, label in scene.labels.items():
        if label.hidden:
            continue
        p = label.pos()
        out[rid] = label.text_box().translated(p.x() * scale, p.y() * scale)
    return out


@pytest.mark.parametrize("size", [(1130, 800), (1300, 900), (1900, 1100)])
def test_labels_never_overlap_at_fit_zoom(scene: MapScene,
                                          size: tuple[int, int]) -> None:
    """At the overview (fit-to-window) zoom no two labels overlap, and each lies over
    its own region or has a leader line to it (tests/test_gui_labels.py measures how far)."""
    rect = scene.sceneRect()
    scale = min(size[0] / rect.width(), size[1] / rect.height())  # what fitInView gives
    scene.place_labels(scale)
    rects = sorted(label_rects(scene, scale).items())
    clashes = [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:]
               if ra.intersects(rb)]
    assert clashes == []
    for rid, label in scene.labels.items():
        region = scene.regions[rid]
        if label.leader is None:
            assert region.shape().contains(label.pos()), rid
        elif label.variant.apart:  # a capital's star apart, on its land at the line's end
            assert region.shape().contains(label.pos() + label.leader / scale), rid
        else:  # the leader ends on the region's label point
            end = label.pos() + label.leader / scale
            assert abs(end.x() - region.label_point.x()) < 1e-6, rid
            assert abs(end.y() - region.label_point.y()) < 1e-6, rid


def test_labels_return_to_their_label_points_when_zoomed_in(scene: MapScene) -> None:
    """The placement only moves labels where the zoom makes them clash."""
    scene.place_labels(0.4)
    scene.place_labels(4.0)
    for rid, label in scene.labels.items():
        assert label.pos() == scene.regions[rid].label_point, rid
        assert label.leader is None and label.index == 0, rid


# ---- what the map's picture costs to paint again

def image_array(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    return np.frombuffer(image.constBits(), np.uint8).copy()


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


def test_the_map_lines_are_a_pixel_wide_at_most(qtbot: QtBot, pacific_board: BoardMap,
                                                pacific_geometry: SceneGeometry) -> None:
    """Wider cosmetic pens leave Qt's fast line drawer for its general stroker, several times
    slower over the map's long coasts and dashed sea borders."""
    scene = MapScene(pacific_board, pacific_geometry)
    lines = [item for item in scene.items() if isinstance(item, LinesItem)]
    assert len(lines) == 3  # the coast, the land borders, the sea borders
    for item in lines:
        assert item.pen.isCosmetic()
        assert item.pen.widthF() <= 1.0


def test_labels_laid_out_again_are_not_painted_again(qtbot: QtBot, pacific_board: BoardMap,
                                                     pacific_geometry: SceneGeometry,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    view, scene = map_view(qtbot, pacific_board, pacific_geometry)
    painted: list[str] = []
    rid_of = {id(label): rid for rid, label in scene.labels.items()}
    paint = LabelItem.paint_box

    def counting(self: LabelItem, *args: object) -> None:
        painted.append(rid_of.get(id(self), "?"))
        paint(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(LabelItem, "paint_box", counting)
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


def test_a_leader_s_label_at_another_zoom_is_not_painted_again(
        qtbot: QtBot, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A leader line's length in pixels follows the zoom, the rest of its label does not:
    the line is stroked on the map and the label's kept picture blitted."""
    view, scene = map_view(qtbot, pacific_board, pacific_geometry)
    label = scene.labels["japan"]
    label.set_variant(label.index, QPointF(40, 30))
    view.refresh_map()
    view.render_map_picture()
    painted: list[LabelItem] = []
    paint = LabelItem.paint_box

    def counting(self: LabelItem, *args: object) -> None:
        painted.append(self)
        paint(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(LabelItem, "paint_box", counting)
    end = QPointF(-35, 45)  # the leader as a zoom further in would draw it
    label.set_variant(label.index, end)
    view.refresh_map()
    view.render_map_picture()
    assert label not in painted
    # The line's dot is drawn where the leader now ends (the label's pixels plus the end).
    picture = view._map_picture
    assert picture is not None
    tip = view._picture_transform(view._picture_area, view._picture_scale).map(
        label.scenePos()) + end
    colour = picture.toImage().pixelColor(round(tip.x()), round(tip.y()))
    assert colour.lightness() < 100, colour.name()


def test_a_label_picture_shows_what_its_label_says(qtbot: QtBot, pacific_board: BoardMap,
                                                   pacific_geometry: SceneGeometry) -> None:
    view, scene = map_view(qtbot, pacific_board, pacific_geometry)
    label: QGraphicsItem = scene.labels["japan"]
    before = view._label_picture(label).toImage()
    scene.labels["japan"].set_marker((Nation.USA, Nation.JAPAN))
    after = view._label_picture(label).toImage()
    assert before != after


def test_a_pan_past_the_picture_shows_the_whole_map_at_once(
        qtbot: QtBot, pacific_board: BoardMap, pacific_geometry: SceneGeometry) -> None:
    """The strips a pan uncovers are painted as it goes, not left empty until it pauses,
    and the picture they make is the one painted afresh."""
    view, _scene = map_view(qtbot, pacific_board, pacific_geometry)
    view.zoom_by(3.0)
    view.render_map_picture()
    view.viewport().repaint()
    for bar, step in ((view.horizontalScrollBar(), 260), (view.verticalScrollBar(), -170)):
        bar.setValue(bar.value() + step)  # past the picture's margin
    panned = view.viewport().grab().toImage()
    view.render_map_picture()
    fresh = view.viewport().grab().toImage()
    assert panned.size() == fresh.size()
    differ = np.count_nonzero(image_array(panned) != image_array(fresh)) / 4
    assert differ < panned.width() * panned.height() * 0.001


# ---- a capture's control marker fitted among the labels where they stand (label_refit)


def _ink(scene: MapScene, rid: str, scale: float) -> QRectF:
    label = scene.labels[rid]
    box, p = label.text_box(), label.pos()
    return QRectF(p.x() + box.left() / scale, p.y() + box.top() / scale,
                  box.width() / scale, box.height() / scale)


def _check(scene: MapScene, scale: float) -> None:
    shown = sorted((rid, _ink(scene, rid, scale)) for rid, label in scene.labels.items()
                   if not label.hidden)
    clashes = [(a, b) for i, (a, ra) in enumerate(shown) for b, rb in shown[i + 1:]
               if ra.intersects(rb)]
    assert clashes == []
    near = label_search.NEAR / scale
    for rid, ink in shown:
        region = scene.regions[rid].shape()
        assert region.intersects(ink.adjusted(-near, -near, near, near)), rid


@pytest.mark.parametrize("width", [1000, 1900])
def test_a_capture_fits_its_marker_without_laying_every_label_out(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """R-CONTROL-3: a captured territory's label gets the holder's marker; the other labels
    stay where they are, but for the few in its way when it has no other room (at 1000 px,
    Burma's name with its marker moves sea zone 54's number and Siam's name aside)."""
    scene = MapScene(pacific_board, pacific_geometry)
    scale = width / scene.sceneRect().width()
    scene.place_labels(scale)
    layouts: list[float] = []
    real = label_layout.place
    monkeypatch.setattr(label_layout, "place", lambda *a: layouts.append(a[1]) or real(*a))
    captured = {"burma": Nation.JAPAN, "queensland": Nation.JAPAN,
                "hawaiian_islands": Nation.JAPAN, "szechwan": Nation.JAPAN,
                "india": Nation.JAPAN}
    for rid, holder in captured.items():
        before = {other: label.pos() for other, label in scene.labels.items()
                  if other != rid and not label.hidden}
        scene.set_control({rid: holder}, {})
        assert scene.labels[rid].marker is not None and scene.labels[rid].marker[0] == holder
        assert layouts == [], rid
        moved = [other for other, at in before.items() if scene.labels[other].pos() != at]
        assert len(moved) <= label_refit.ASIDE, (rid, moved)
        _check(scene, scale)
    # Liberation: the marker goes, the label stays where it stood.
    where = scene.labels["burma"].pos()
    scene.set_control({"burma": Nation.INDIA}, {})
    assert scene.labels["burma"].marker is None and scene.labels["burma"].pos() == where
    assert layouts == []
    _check(scene, scale)


def test_every_territory_captured_in_turn_leaves_no_label_on_another(
        qtbot: object, pacific_board: BoardMap, pacific_geometry: SceneGeometry,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every territory with an original owner taken by another nation, one after the other at
    the overview zoom of a small window (the crowded case): the labels never overlap and stay
    on or beside their regions, however each marker was fitted; most captures need no whole
    layout (crowded China and the small islands may)."""
    scene = MapScene(pacific_board, pacific_geometry)
    scale = 1000 / scene.sceneRect().width()
    scene.place_labels(scale)
    layouts: list[float] = []
    real = label_layout.place
    monkeypatch.setattr(label_layout, "place", lambda *a: layouts.append(a[1]) or real(*a))
    captures = 0
    for terr in pacific_board.territories:
        if terr.original_owner is None or terr.impassable:
            continue
        holder = Nation.JAPAN if terr.original_owner != Nation.JAPAN else Nation.USA
        scene.set_control({terr.id: holder}, {})
        captures += 1
    _check(scene, scale)
    assert len(layouts) < captures / 2
