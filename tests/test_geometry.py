"""The drawn board (maps/pacific/geometry.json) against the board data (issue #4).

These read only the committed files; tools/build_map.py is not run here.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point

from pacific.board import layout, projection
from pacific.board.adjacency import measured_adjacency
from pacific.board.geometry import (
    GeometryError,
    MapGeometry,
    load_exceptions,
    load_geometry,
)
from pacific.rules.board_map import BoardMap
from pacific.rules.files.mapfile import load_board

MAP_DIR = Path(__file__).resolve().parent.parent / "maps" / "pacific"
OVERLAP_TOLERANCE = 1.0  # square scene units (1 unit is about 7 km): rounding only


@pytest.fixture(scope="module")
def geo() -> MapGeometry:
    return load_geometry(MAP_DIR / "geometry.json")


@pytest.fixture(scope="module")
def board() -> BoardMap:
    return load_board(MAP_DIR / "board.json")


def test_every_board_space_has_geometry_and_every_geometry_a_board_space(
    geo: MapGeometry, board: BoardMap
) -> None:
    assert set(geo.playable()) == set(board.space_ids)
    assert {r.kind for r in geo.playable().values()} == {"territory", "sea_zone"}
    for t in board.territories:
        assert geo.regions[t.id].kind == "territory"
    for z in board.sea_zones:
        assert geo.regions[z.id].kind == "sea_zone"


def test_file_declares_shifted_longitudes_and_stays_in_the_window() -> None:
    raw = json.loads((MAP_DIR / "geometry.json").read_text())
    assert raw["properties"]["longitudes"] == "0..360"
    west, south, east, north = raw["properties"]["window"]
    for f in raw["features"]:
        coords = shapely.get_coordinates(shapely.geometry.shape(f["geometry"]))
        assert coords[:, 0].min() >= west - 1e-9 and coords[:, 0].max() <= east + 1e-9, f["id"]
        assert coords[:, 1].min() >= south - 1e-9 and coords[:, 1].max() <= north + 1e-9, f["id"]


def test_file_is_reasonably_small() -> None:
    assert (MAP_DIR / "geometry.json").stat().st_size < 3_000_000


def test_all_polygons_are_valid(geo: MapGeometry) -> None:
    for rid, region in geo.regions.items():
        assert region.shape.is_valid, rid
        assert region.shape.geom_type in ("Polygon", "MultiPolygon"), rid
        assert not region.shape.is_empty, rid
        if region.outline is not None:
            assert region.outline.is_valid, rid


def test_land_territories_do_not_overlap(geo: MapGeometry, board: BoardMap) -> None:
    shapes = {t.id: geo.regions[t.id].shape for t in board.territories}
    for a, b in itertools.combinations(shapes, 2):
        if shapes[a].intersects(shapes[b]):
            assert shapes[a].intersection(shapes[b]).area < OVERLAP_TOLERANCE, (a, b)


def test_sea_zones_overlap_neither_each_other_nor_land(geo: MapGeometry, board: BoardMap) -> None:
    seas = {z.id: geo.regions[z.id].shape for z in board.sea_zones}
    for a, b in itertools.combinations(seas, 2):
        if seas[a].intersects(seas[b]):
            assert seas[a].intersection(seas[b]).area < OVERLAP_TOLERANCE, (a, b)
    land = shapely.union_all(
        [geo.regions[t.id].shape for t in board.territories] + [geo.regions["neutral"].shape]
    )
    for zid, shape in seas.items():
        assert shape.intersection(land).area < OVERLAP_TOLERANCE, zid


def test_sea_and_land_tile_the_whole_window(geo: MapGeometry) -> None:
    """No gap opened between neighbours (coverage simplification kept shared borders)."""
    _, _, w, h = geo.scene_rect
    covered = shapely.union_all([r.shape for r in geo.regions.values()])
    assert covered.area == pytest.approx(w * h, rel=1e-4)


def test_seam_at_180_degrees_is_closed(geo: MapGeometry) -> None:
    """Fiji and the Aleutians straddle 180°: one region each, no halves left split at the seam.

    (The source clips at ±179.9°; the build snaps both cut edges to 180° and merges them.)
    """
    seam_x = projection.project(180.0, 0.0)[0]
    for rid in ("fiji", "aleutian_islands"):
        minx, _, maxx, _ = geo.regions[rid].shape.bounds
        assert minx < seam_x < maxx, rid
    seam = shapely.LineString([(seam_x, -1e4), (seam_x, 1e4)])
    for rid, region in geo.regions.items():
        if region.kind == "sea_zone":
            continue
        at_seam = [p for p in getattr(region.shape, "geoms", [region.shape])
                   if p.distance(seam) < 1e-6]
        for p, q in itertools.combinations(at_seam, 2):
            assert p.intersection(q).length == 0, rid


def test_measured_adjacency_agrees_with_declared_except_listed(
    geo: MapGeometry, board: BoardMap
) -> None:
    """The declared adjacency (R-SETUP-10) is checked against the drawn map."""
    declared = {frozenset(p) for p in board.adjacency}
    measured = measured_adjacency(geo)
    exc = load_exceptions(MAP_DIR / "adjacency_exceptions.json")
    assert declared - measured == exc.declared_not_touching_pairs
    assert measured - declared == exc.touching_not_declared_pairs


def test_every_exception_names_real_spaces_and_has_a_reason(board: BoardMap) -> None:
    exc = load_exceptions(MAP_DIR / "adjacency_exceptions.json")
    for e in (*exc.declared_not_touching, *exc.touching_not_declared):
        assert e.a in board.space_ids and e.b in board.space_ids
        assert len(e.reason) > 20
    declared = {frozenset(p) for p in board.adjacency}
    assert exc.declared_not_touching_pairs <= declared
    assert not exc.touching_not_declared_pairs & declared


def test_islands_lie_in_their_sea_zone_only(geo: MapGeometry, board: BoardMap) -> None:
    """R-SETUP-10: an island group sits in exactly one sea zone; so does its outline."""
    for t in board.territories:
        if not t.island or t.sea_zone is None:
            continue
        region = geo.regions[t.id]
        home = geo.regions[t.sea_zone].shape.union(region.shape)
        if region.outline is not None:
            assert region.outline.difference(home).area < OVERLAP_TOLERANCE, t.id


def test_small_islands_have_an_outline_big_enough_to_click(
    geo: MapGeometry, board: BoardMap
) -> None:
    for tid in ("wake", "midway", "johnston", "guam", "gilbert_islands"):
        region = geo.regions[tid]
        assert region.outline is not None, tid
        minx, miny, maxx, maxy = region.outline.bounds
        assert min(maxx - minx, maxy - miny) >= 16.0, tid  # one degree at least
        assert region.outline.contains(region.shape.representative_point()), tid


def test_label_points_lie_inside_their_regions(geo: MapGeometry) -> None:
    outlines = shapely.union_all(
        [r.outline for r in geo.playable().values() if r.outline is not None]
    )
    for rid, region in geo.playable().items():
        assert region.label is not None, rid
        assert region.hit_area.covers(Point(region.label)), rid
        if region.kind == "sea_zone":  # clear of the islands drawn in the zone
            assert not outlines.contains(Point(region.label)), rid


def test_slots_lie_inside_and_do_not_collide(geo: MapGeometry) -> None:
    for rid, region in geo.playable().items():
        assert len(region.slots) >= 2, rid
        area = region.hit_area.buffer(0.5)
        for s in region.slots:
            assert area.covers(Point(s)), (rid, s)
            lx, ly = region.label or (0.0, 0.0)
            assert math.hypot(s[0] - lx, s[1] - ly) >= layout.LABEL_CLEARANCE * 0.5 - 0.5, rid
        for p, q in itertools.combinations(region.slots, 2):
            assert math.hypot(p[0] - q[0], p[1] - q[1]) >= layout.SLOT_SPACING * 0.5 - 0.5, rid


def test_projection_round_trips_and_is_centred_near_150_east() -> None:
    assert projection.project(150.0, 0.0) == pytest.approx((0.0, 0.0), abs=1e-9)
    for lon, lat in [(60.0, 59.0), (250.0, -47.5), (180.0, 20.0)]:
        assert projection.unproject(*projection.project(lon, lat)) == pytest.approx((lon, lat))
    # North is up (y grows southwards, as in Qt).
    assert projection.project(150.0, 40.0)[1] < projection.project(150.0, -40.0)[1]


def test_malformed_geometry_file_is_refused_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "geometry.json"
    bad.write_text('{"type": "FeatureCollection", "features": []}')
    with pytest.raises(GeometryError, match=r"geometry\.json"):
        load_geometry(bad)
    bad.write_text("not json")
    with pytest.raises(GeometryError, match="not valid JSON"):
        load_geometry(bad)
    with pytest.raises(GeometryError, match="cannot read"):
        load_geometry(tmp_path / "missing.json")


def test_exception_without_a_reason_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "exc.json"
    f.write_text('{"touching_not_declared": [{"a": "x", "b": "y", "reason": ""}]}')
    with pytest.raises(GeometryError):
        load_exceptions(f)
