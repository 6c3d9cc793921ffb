"""Build maps/pacific/geometry.json from Natural Earth (reproducible; CI does not run it).

    cd /tmp && apt-get update -qq && apt-get download qgis-common \
        && dpkg-deb -x qgis-common_*.deb /tmp/qgis
    /work/venv-dev/bin/python tools/build_map.py [--gpkg PATH] [--draft-exceptions]

Steps: compose land territories from admin units (tools/map_sources.py); draw the sea zones
(tools/map_seas.py); simplify everything together with shapely.coverage_simplify so
neighbours keep sharing their borders; draw island outlines; place labels and stack slots
(pacific/board/layout.py); measure adjacency and compare it with the board's declared
adjacency minus maps/pacific/adjacency_exceptions.json; write GeoJSON (lon 0..360).
Made with Natural Earth; generalized by the QGIS project.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import mapping
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import map_seas  # noqa: E402
import map_sources  # noqa: E402

from pacific.board import geometry as board_geometry  # noqa: E402
from pacific.board import layout  # noqa: E402
from pacific.board.adjacency import measured_adjacency  # noqa: E402
from pacific.board.projection import project, unproject  # noqa: E402

MAP_DIR = ROOT / "maps" / "pacific"
FACTS = Path("/work/shared/reference/pacific_facts.json")
SIMPLIFY_TOLERANCE = 0.03  # degrees
GRID = 0.001  # degrees: coordinates are stored to 3 decimals (~100 m)
ISLAND_OUTLINE = 0.9  # degrees around small islands: the clickable, always-visible area
BIG_ISLAND_AREA = 2.5  # square degrees of land: bigger islands need no outline


_T0 = [time.perf_counter()]


def tick(what: str) -> None:
    now = time.perf_counter()
    print(f"  {what}: {now - _T0[0]:.1f} s")
    _T0[0] = now


def polygonal(geom: BaseGeometry) -> BaseGeometry:
    """Only the polygons of ``geom`` (intersections can leave stray lines and points)."""
    polys = map_sources.parts(geom)
    return shapely.MultiPolygon(polys) if len(polys) != 1 else polys[0]


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def declared_board() -> tuple[set[str], set[str], set[frozenset[str]], dict[str, str | None]]:
    """(land ids, sea ids, adjacency pairs, island -> its sea zone) from board.json or facts."""
    board_file = MAP_DIR / "board.json"
    if board_file.exists():
        from pacific.rules.files.mapfile import load_board

        board = load_board(board_file)
        land = {t.id for t in board.territories}
        sea = {z.id for z in board.sea_zones}
        pairs = {frozenset(p) for p in board.adjacency}
        islands = {t.id: t.sea_zone for t in board.territories if t.island}
        return land, sea, pairs, islands
    facts = json.loads(FACTS.read_text())

    def fid(name: str) -> str:
        m = re.fullmatch(r"(\d+) Sea Zone", name)
        return f"sz_{m.group(1)}" if m else slug(name)

    land = {fid(t["name"]) for t in facts["territories"] if t["kind"] == "land"}
    sea = {fid(t["name"]) for t in facts["territories"] if t["kind"] == "sea"}
    pairs = {frozenset((fid(a), fid(b))) for a, b in facts["connections"]}
    isl: dict[str, str | None] = {}
    for t in facts["territories"]:
        if t["kind"] == "land" and t["island"]:
            tid = fid(t["name"])
            zones = [z for p in pairs if tid in p for z in p if z != tid and z in sea]
            isl[tid] = zones[0] if len(zones) == 1 else None
    return land, sea, pairs, isl


def to_scene(geom: BaseGeometry) -> BaseGeometry:
    return board_geometry.project_geometry(geom)


def to_lonlat(xy: tuple[float, float]) -> list[float]:
    lon, lat = unproject(*xy)
    return [round(lon, 4), round(lat, 4)]


def fill_enclosed_water(regions: dict[str, BaseGeometry], sea_ids: set[str]) -> None:
    """Give water cut off from the open sea (lakes, generalization gaps) to the land around it."""
    ocean = shapely.union_all([regions[z] for z in sea_ids])
    edge = shapely.box(*map_sources.WINDOW).exterior
    ponds = [p for p in map_sources.parts(ocean) if p.area < 0.5 and not p.intersects(edge)]
    if not ponds:
        return
    pond_union = shapely.union_all(ponds)
    for zid in sea_ids:
        if regions[zid].intersects(pond_union):
            regions[zid] = polygonal(regions[zid].difference(pond_union))
    land_ids = [r for r in regions if r not in sea_ids]
    tree = shapely.STRtree([regions[r] for r in land_ids])
    for pond in ponds:
        best, best_len = None, 0.0
        for i in tree.query(pond, predicate="dwithin", distance=1e-7):
            rid = land_ids[int(i)]
            shared = regions[rid].boundary.intersection(pond.buffer(1e-7)).length
            if shared > best_len:
                best, best_len = rid, shared
        if best is not None:
            regions[best] = polygonal(regions[best].union(pond))


def island_outlines(
    land: dict[str, BaseGeometry], seas: dict[str, BaseGeometry], islands: dict[str, str | None]
) -> dict[str, BaseGeometry]:
    """An encircling outline per island territory, split between close neighbours."""
    ids = [t for t in islands if t in land]
    pts, owner = [], []
    for tid in ids:
        c = map_seas.coast_points(land[tid])
        pts.append(c)
        owner.extend([tid] * len(c))
    xy = np.concatenate(pts)
    _, first = np.unique(np.round(xy, 6), axis=0, return_index=True)
    first.sort()
    xy = xy[first]
    owner_arr = np.asarray(owner)[first]
    frame = shapely.box(*map_sources.WINDOW).buffer(5)
    cells = shapely.voronoi_polygons(shapely.MultiPoint(xy), extend_to=frame, ordered=True)
    zone_of: dict[str, list[BaseGeometry]] = {t: [] for t in ids}
    for cell, tid in zip(cells.geoms, owner_arr, strict=True):
        zone_of[str(tid)].append(cell)
    out = {}
    for tid in ids:
        g = land[tid]
        if g.area > BIG_ISLAND_AREA:
            continue  # a big island is its own clickable area; a ring would only clutter
        r = ISLAND_OUTLINE
        ring = g.buffer(r, 16).buffer(r * 0.6).buffer(-r * 0.6)
        influence = shapely.union_all(zone_of[tid])
        home = seas.get(islands[tid] or "")
        allowed = g if home is None else g.union(home)
        out[tid] = ring.intersection(influence).intersection(allowed).buffer(0)
    return out


# Label boxes as drawn at the overview scale (about 0.8 screen pixels per scene unit): names
# in 11 px capitals (about 7 px a letter) over the IPC value.
OVERVIEW_PX_PER_UNIT = 0.8


def label_box(rid: str, xy: tuple[float, float]) -> BaseGeometry:
    half_w = (len(rid) * 7.0 + 6) / OVERVIEW_PX_PER_UNIT / 2
    half_h = 26 / OVERVIEW_PX_PER_UNIT / 2
    return shapely.box(xy[0] - half_w, xy[1] - half_h, xy[0] + half_w, xy[1] + half_h)


def place_land_labels(areas: dict[str, BaseGeometry]) -> dict[str, tuple[float, float]]:
    """Land labels, smallest territories first, each kept clear of the labels already placed
    where its territory leaves room (neighbouring names in China and Burma would collide)."""
    placed: dict[str, tuple[float, float]] = {}
    boxes: list[BaseGeometry] = []
    for rid in sorted(areas, key=lambda r: areas[r].area):
        avoid = shapely.union_all(boxes) if boxes else None
        xy = layout.label_point(areas[rid], avoid)
        placed[rid] = xy
        boxes.append(label_box(rid, xy))
    return placed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--gpkg", default=map_sources.DEFAULT_GPKG)
    ap.add_argument("--draft-exceptions", action="store_true",
                    help="write every difference to adjacency_exceptions.draft.json")
    args = ap.parse_args(argv)

    land_ids, sea_ids, pairs, islands = declared_board()
    atlas = map_sources.Atlas.read(args.gpkg)
    land, neutral_parts = map_sources.compose_territories(atlas)
    missing = land_ids - set(land)
    if missing:
        raise SystemExit(f"no recipe for territories: {sorted(missing)}")
    tick("land")
    neutral = shapely.union_all(neutral_parts).difference(shapely.union_all(list(land.values())))
    coast_zones: dict[str, list[int]] = {}
    for tid in land:
        coast_zones[tid] = sorted(
            int(z[3:]) for p in pairs if tid in p for z in p if z in sea_ids
        )
    # The Soviet Union is impassable (R-SETUP-12) and touches only zone 36 on the board; a
    # zone-36 strip along all of Kamchatka would make false sea-to-sea contacts (21, 22, 23),
    # so its Pacific coast goes to the nearest zone instead (listed as exceptions).
    coast_zones["soviet_union"] = [21, 22, 23, 36]
    seas = map_seas.build_sea_zones(map_sources.WINDOW, land, neutral, coast_zones)
    regions: dict[str, BaseGeometry] = {
        k: polygonal(g) for k, g in {**land, **seas, "neutral": neutral}.items()
    }
    tick("sea zones")
    fill_enclosed_water(regions, sea_ids)
    tick("enclosed water")

    # Simplify all shapes together: shared borders stay shared (no gaps, no overlaps).
    order = list(regions)
    simplified = shapely.coverage_simplify(
        [regions[k] for k in order], SIMPLIFY_TOLERANCE, simplify_boundary=False
    )
    regions = {
        k: shapely.set_precision(g, GRID).buffer(0) if not g.is_empty else g
        for k, g in zip(order, simplified, strict=True)
    }
    tick("simplify")
    outlines = island_outlines(regions, regions, islands)
    tick("outlines")
    outlines = {k: shapely.set_precision(g.simplify(0.02), GRID) for k, g in outlines.items()}
    # Simplifying may push an outline a hair past its sea zone: clip it back.
    outlines = {
        k: polygonal(g.intersection(regions[k].union(regions[islands[k] or k])))
        for k, g in outlines.items()
    }

    # Labels and slots are placed in scene space (what the player sees).
    scene = {k: to_scene(g) for k, g in regions.items()}
    scene_outlines = {k: to_scene(g) for k, g in outlines.items()}
    all_outlines = shapely.union_all(list(scene_outlines.values()))
    land_labels = place_land_labels(
        {k: scene_outlines[k].union(scene[k]) if k in scene_outlines else scene[k]
         for k in land_ids}
    )
    features = []
    for rid in sorted(regions, key=lambda r: (r == "neutral", r in sea_ids, r)):
        geom = regions[rid]
        kind = "neutral" if rid == "neutral" else ("sea_zone" if rid in sea_ids else "territory")
        props: dict[str, object] = {"kind": kind}
        if kind != "neutral":
            area = scene_outlines[rid].union(scene[rid]) if rid in scene_outlines else scene[rid]
            avoid = all_outlines if kind == "sea_zone" else None
            if area.is_empty:
                raise SystemExit(f"{rid}: empty after simplification")
            preferred = None
            if kind == "sea_zone":  # the zone's first seed is where the board prints its number
                preferred = project(*map_seas.SEEDS[int(rid[3:])][0])
            label = land_labels.get(rid) or layout.label_point(area, avoid, preferred)
            count = layout.SLOT_COUNT_SEA if kind == "sea_zone" else layout.SLOT_COUNT_LAND
            # Stacks stay off the label as drawn at overview scale, where the region has room.
            text = rid if kind == "territory" else "00"
            keep_clear = label_box(text, label)
            keep_clear = keep_clear if avoid is None else keep_clear.union(avoid)
            slots = layout.placement_slots(area, label, count, keep_clear)
            props["label"] = to_lonlat(label)
            props["slots"] = [to_lonlat(s) for s in slots]
            if rid in outlines:
                props["outline"] = mapping(outlines[rid])
        features.append(
            {"type": "Feature", "id": rid, "properties": props, "geometry": mapping(geom)}
        )
    tick("labels and slots")
    collection = {
        "type": "FeatureCollection",
        "properties": {
            "longitudes": "0..360",
            "longitude_note": "Longitudes are shifted to 0..360 (east of Greenwich) so the "
            "180th meridian crosses the board without a seam.",
            "window": list(map_sources.WINDOW),
            "projection": "miller",
            "centre_longitude": 150.0,
            "credit": "Made with Natural Earth; generalized by the QGIS project",
            "built_by": "tools/build_map.py",
        },
        "features": features,
    }
    MAP_DIR.mkdir(parents=True, exist_ok=True)
    out = MAP_DIR / "geometry.json"
    out.write_text(json.dumps(collection, separators=(",", ":")))
    print(f"wrote {out} ({out.stat().st_size / 1e6:.2f} MB, {len(features)} features)")

    geo = board_geometry.load_geometry(out)
    measured = measured_adjacency(geo)
    declared = {p for p in pairs if all(x in land_ids | sea_ids for x in p)}
    missing_pairs = sorted(sorted(p) for p in declared - measured)
    extra_pairs = sorted(sorted(p) for p in measured - declared)
    exc_file = MAP_DIR / "adjacency_exceptions.json"
    listed = board_geometry.load_exceptions(exc_file) if exc_file.exists() else None
    problems = 0
    for a, b in missing_pairs:
        if listed is None or frozenset((a, b)) not in listed.declared_not_touching_pairs:
            print(f"declared but not touching: {a} - {b}")
            problems += 1
    for a, b in extra_pairs:
        if listed is None or frozenset((a, b)) not in listed.touching_not_declared_pairs:
            print(f"touching but not declared: {a} - {b}")
            problems += 1
    if args.draft_exceptions:
        draft = {
            "declared_not_touching": [{"a": a, "b": b, "reason": ""} for a, b in missing_pairs],
            "touching_not_declared": [{"a": a, "b": b, "reason": ""} for a, b in extra_pairs],
        }
        (MAP_DIR / "adjacency_exceptions.draft.json").write_text(json.dumps(draft, indent=1))
    print(f"{problems} unexplained adjacency differences")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
