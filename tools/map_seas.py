"""The 54 sea zones as ocean polygons (used by tools/build_map.py).

Method: every sea zone has hand-placed seed points in open water (placed from the board's
neighbourhoods: which zones touch which, which coasts each zone washes). Every coast is also
sampled densely, and each coast point is given to the nearest seed *among the sea zones that
coast's territory is declared to touch*, so a coast meets only its own zones. The Voronoi
cells of all points, grouped by zone and clipped to the ocean inside the board's window,
tile the sea exactly and follow the coasts. The seeds were moved by hand until the measured
adjacency matched the declared one; what still differs is listed, with reasons, in
maps/pacific/adjacency_exceptions.json.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

import numpy as np
import shapely
from shapely.geometry import MultiPoint, box
from shapely.geometry.base import BaseGeometry

# Seeds in (lon 0..360, lat). Several per zone shape the long or bent zones.
SEEDS: dict[int, list[tuple[float, float]]] = {
    1: [(205, -35), (215, -28), (225, -40), (200, -45)],
    2: [(225, -10), (235, -20), (240, -12), (220, -20), (213, -15)],
    3: [(203, 0), (206, -7), (200, 4), (212, 2), (222, -1), (232, -1), (246, -1)],
    4: [(225, 12), (232, 20), (240, 12), (218, 6), (248, 9)],
    5: [(234, 40), (230, 48), (238, 30), (244, 22), (226, 56), (223, 58.5)],
    6: [(212, 50), (222, 55), (203, 50)],
    7: [(220, 32), (213, 28), (226, 27)],
    8: [(197, 38), (200, 44), (205, 33)],
    9: [(203, 21), (197, 24), (207, 17), (192, 26)],
    10: [(188, 7), (190, 10), (191, 17), (183, 3), (198, 11), (180, -5), (175, -9), (205, 12)],
    11: [(190, -14), (195, -20), (185, -22), (200, -14), (204, -17)],
    12: [(187, -38), (182, -44), (192, -30)],
    13: [(171, -40), (164, -45), (175, -33)],
    14: [(170, -17), (178, -18), (166, -22), (176, -25)],
    15: [(158, -8), (162, -10), (156, -6), (166, -12), (168, -8)],
    16: [(173, 0), (168, 0), (163, 1), (178, 3), (158, -1), (155, 0)],
    17: [(180, 12), (184, 20), (176, 15)],
    18: [(168, 8), (170, 12), (165, 5), (160, 12), (154, 15)],
    19: [(166, 20), (170, 25), (160, 20), (154, 23), (150, 26)],
    20: [(180, 34), (182, 30), (178, 35), (187, 33)],
    21: [(180, 50), (170, 53), (190, 51), (172, 58)],
    22: [(165, 38), (170, 45), (158, 33), (163, 54)],
    23: [(153, 44), (159, 51), (150, 40), (153, 38)],
    24: [(142, 27), (147, 30), (145, 24), (138, 30), (150, 34)],
    25: [(145, 15), (149, 18), (141, 18), (150, 12), (137, 20)],
    26: [(152, 7), (157, 6), (146, 6), (160, 10)],
    27: [(148, -3), (151, -2), (145, -2.5), (153, -4), (144, -2), (143, 1), (141, 3)],
    28: [(150, -9), (153, -11), (146, -9), (156, -12), (160, -14)],
    29: [(152, -17), (156, -22), (148, -14), (160, -19), (162, -22)],
    30: [(155, -33), (160, -38), (150, -41), (145, -42)],
    31: [(134, -37), (139, -39), (130, -35)],
    32: [(135, -10), (130, -11), (139, -11), (140, -14)],
    33: [(134, -0.5), (137, -1), (131, 0.5), (131, 2.5), (129.5, 4.5)],
    34: [(134, 7), (132, 8), (138, 10), (137, 4), (133, 15), (132, 19)],
    35: [(127, 26), (130, 28), (133, 25), (129, 23.5), (133, 24)],
    36: [(134, 40), (130, 37), (138, 44), (146, 44), (142, 37), (137, 33), (150, 47)],
    # 37 passes between Yonaguni (Ryukyu, zone 35) and Formosa (zone 45), as on the board:
    # a line of seeds halfway between the two coasts.
    37: [(123, 31), (121, 35), (125, 28), (120, 38), (124, 24.5), (123.5, 22), (122.8, 24.0),
         *((122.45, 23.6 + 0.15 * i) for i in range(13))],
    38: [(126, 12), (121, 13), (119, 10), (121, 8), (124, 6), (127, 7), (123, 19), (129, 16),
         (127, 19.5)],
    39: [(123, -4), (126, 0), (128, -4), (130, -6), (125, -7), (127.5, 0.5)],
    40: [(118, -15), (124, -13), (117, -19), (128, -11)],
    41: [(120, -38), (112, -30), (125, -36), (108, -38)],
    42: [(106, -24), (105, -22), (100, -30), (95, -40), (110, -30), (110, -14), (113, -13.5)],
    43: [(110, -5.5), (114, -5.5), (117, -6.5), (120, -7.5), (110, -10.5), (116, -11), (122, -11)],
    44: [(110, 6), (112, 2), (114, -3.8), (117, -2), (119, 0.5), (108, 2), (113, 9)],
    45: [(112, 17), (116, 20), (119, 23), (121, 21), (114, 13)],
    46: [(102, 10), (104, 7), (106, 4)],
    47: [(99, 3), (95, 2), (98, -3), (102, -5.5), (104, -3), (101, 1), (105, 0)],
    48: [(100, -12), (95, -10)],
    49: [(78, -22), (85, -35), (72, -38), (88, -25)],
    50: [(64, -15), (64, -30), (66, -42)],
    51: [(88, -5), (76, -6), (93, -3), (68, -5)],
    52: [(86, 5), (76, 3), (65, 6), (91, 6), (93, 6), (81, 2), (83, 4)],
    53: [(96, 12), (97, 8), (94, 9)],
    54: [(88, 17), (86, 12), (72, 16), (66, 21), (78, 11)],
}

COAST_STEP = 0.2  # degrees between coast samples


def zone_id(number: int) -> str:
    return f"sz_{number}"


def coast_points(geom: BaseGeometry) -> np.ndarray:
    """Points along the boundary of ``geom``, about COAST_STEP apart."""
    lines = shapely.segmentize(geom.boundary, COAST_STEP)
    return np.asarray(shapely.get_coordinates(lines))


def _voronoi_zones(
    xy: np.ndarray, label: np.ndarray, frame: BaseGeometry, ocean: BaseGeometry
) -> dict[int, BaseGeometry]:
    # Voronoi drops duplicate points, which would shift the cell order: deduplicate first.
    _, first = np.unique(np.round(xy, 6), axis=0, return_index=True)
    first.sort()
    xy, label = xy[first], label[first]
    cells = shapely.voronoi_polygons(MultiPoint(xy), extend_to=frame.buffer(5), ordered=True)
    by_zone: dict[int, list[BaseGeometry]] = defaultdict(list)
    for cell, zone in zip(cells.geoms, label, strict=True):
        by_zone[int(zone)].append(cell)
    return {n: shapely.union_all(by_zone[n]).intersection(ocean) for n in sorted(by_zone)}


def merge_orphans(zones: dict[int, BaseGeometry]) -> dict[int, BaseGeometry]:
    """Hand every piece of a zone that holds none of its seeds to the neighbour sharing its
    longest border (coast cells can leak across a narrow isthmus into the next sea)."""
    kept: dict[int, list[BaseGeometry]] = {}
    orphans: list[tuple[int, BaseGeometry]] = []
    for n, geom in zones.items():
        polys = [p for p in getattr(geom, "geoms", [geom]) if p.geom_type == "Polygon"]
        mine = [p for p in polys if any(p.covers(shapely.Point(s)) for s in SEEDS[n])]
        kept[n] = mine or polys
        orphans.extend((n, p) for p in polys if mine and p not in mine)
    merged = {n: shapely.union_all(ps) for n, ps in kept.items()}
    for home, piece in sorted(orphans, key=lambda o: -o[1].area):
        ring = piece.buffer(1e-6)
        shared = {n: g.boundary.intersection(ring).length
                  for n, g in merged.items() if n != home and g.intersects(ring)}
        # An enclosed pond touches no other zone: it stays (build_map gives it to the land).
        best = max(shared, key=lambda n: shared[n]) if shared else home
        if shared and shared[best] == 0:
            best = home
        merged[best] = merged[best].union(piece)
    return merged


def build_sea_zones(
    window: tuple[float, float, float, float],
    land: Mapping[str, BaseGeometry],
    neutral: BaseGeometry,
    coast_zones: Mapping[str, list[int]],
) -> dict[str, BaseGeometry]:
    """Sea zone id -> ocean polygon. ``coast_zones`` maps a territory id to its declared zones.

    Two passes: first the seeds and the coasts that touch a single zone; then every other
    coast point goes to the nearest first-pass zone among those its territory may touch
    (nearest by water, so a narrow isthmus does not pull the far sea across).
    """
    seeds = np.asarray([pt for pts in SEEDS.values() for pt in pts], dtype=float)
    seed_zone = np.asarray([n for n, pts in SEEDS.items() for _ in pts])
    frame = box(*window)
    ocean = frame.difference(shapely.union_all([*land.values(), neutral]))

    fixed_xy, fixed_label = [seeds], [seed_zone]
    open_coasts: list[tuple[np.ndarray, list[int]]] = []
    for tid, geom in [*land.items(), ("", neutral)]:
        pts = coast_points(geom)
        if not len(pts):
            continue
        allowed = coast_zones.get(tid, []) if tid else []
        if len(allowed) == 1:
            fixed_xy.append(pts)
            fixed_label.append(np.full(len(pts), allowed[0]))
        else:
            open_coasts.append((pts, allowed))
    first_xy, first_label = np.concatenate(fixed_xy), np.concatenate(fixed_label)
    provisional = merge_orphans(_voronoi_zones(first_xy, first_label, frame, ocean))

    xy, label = [first_xy], [first_label]
    for pts, allowed in open_coasts:
        numbers = [n for n in (allowed or list(provisional)) if n in provisional]
        tree = shapely.STRtree([provisional[n] for n in numbers])
        # (input index, tree index) pairs; all_matches=False keeps one zone per point.
        idx = tree.query_nearest(shapely.points(pts), all_matches=False)
        chosen = np.empty(len(pts), dtype=int)
        chosen[idx[0]] = np.asarray(numbers)[idx[1]]
        xy.append(pts)
        label.append(chosen)
    final = _voronoi_zones(np.concatenate(xy), np.concatenate(label), frame, ocean)
    zones = merge_orphans(final)
    return {zone_id(n): g for n, g in zones.items()}
