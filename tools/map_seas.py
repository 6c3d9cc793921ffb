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
    2: [(225, -10), (235, -20), (240, -5), (220, -20)],
    3: [(203, 0), (206, -7), (200, 4), (212, 3)],
    4: [(225, 12), (232, 20), (240, 12), (218, 6)],
    5: [(234, 40), (230, 48), (238, 30), (244, 22)],
    6: [(212, 50), (222, 55), (203, 50)],
    7: [(220, 32), (213, 28), (226, 27)],
    8: [(197, 38), (200, 44), (205, 33)],
    9: [(203, 21), (197, 24), (207, 17), (192, 26)],
    10: [(190, 10), (191, 17), (183, 3), (198, 11), (180, -5), (175, -9), (205, 12)],
    11: [(190, -14), (195, -20), (185, -22), (200, -14)],
    12: [(187, -38), (182, -44), (192, -30)],
    13: [(171, -40), (164, -45), (175, -33)],
    14: [(170, -17), (178, -18), (166, -22), (162, -25), (176, -25)],
    15: [(158, -8), (162, -10), (155, -5), (166, -12), (168, -8)],
    16: [(173, 0), (168, 0), (163, 2), (178, 3)],
    17: [(180, 12), (184, 20), (176, 15)],
    18: [(168, 8), (170, 12), (165, 5)],
    19: [(166, 20), (170, 25), (160, 17)],
    20: [(182, 30), (178, 35), (187, 33)],
    21: [(180, 50), (170, 53), (190, 51), (165, 57)],
    22: [(165, 38), (170, 45), (158, 33)],
    23: [(153, 44), (158, 50), (150, 40)],
    24: [(142, 27), (147, 30), (145, 24), (138, 30)],
    25: [(145, 15), (149, 18), (141, 18), (150, 12)],
    26: [(152, 7), (157, 6), (146, 6), (160, 10)],
    27: [(148, -3), (151, -2), (145, -2.5), (153, -4), (144, -2)],
    28: [(150, -9), (153, -11), (146, -9), (156, -12)],
    29: [(152, -17), (156, -22), (148, -14), (160, -17)],
    30: [(155, -33), (160, -38), (150, -41), (145, -42)],
    31: [(134, -37), (139, -39), (130, -35)],
    32: [(135, -10), (130, -11), (139, -11), (140, -14)],
    33: [(136, -0.5), (132, 0), (138, -1.5), (139, 1)],
    34: [(134, 7), (131, 5), (138, 10), (137, 4)],
    35: [(127, 26), (130, 28), (125, 23), (133, 25)],
    36: [(134, 40), (130, 37), (138, 44), (146, 44), (142, 37), (137, 33), (150, 47)],
    37: [(123, 31), (121, 35), (125, 28), (120, 38)],
    38: [(126, 12), (121, 13), (119, 10), (121, 8), (124, 6), (127, 7), (123, 19), (129, 16)],
    39: [(123, -4), (126, 0), (128, -4), (130, -6), (125, -7), (127, 3)],
    40: [(118, -15), (124, -13), (112, -19), (128, -11)],
    41: [(120, -38), (112, -30), (125, -36), (108, -38)],
    42: [(105, -22), (100, -30), (95, -40), (110, -30)],
    43: [(110, -5.5), (114, -5.5), (117, -6.5), (120, -7.5), (110, -10.5), (116, -11), (122, -11)],
    44: [(110, 6), (112, 2), (114, -3.8), (117, -2), (119, 0.5), (108, 2), (113, 9)],
    45: [(112, 17), (116, 20), (119, 23), (121, 21), (114, 13)],
    46: [(102, 10), (104, 7), (106, 4)],
    47: [(99, 3), (95, 2), (98, -3), (102, -5.5), (104, -3), (101, 1), (105, 0)],
    48: [(100, -12), (95, -10), (106, -13)],
    49: [(78, -22), (85, -35), (72, -38), (88, -25)],
    50: [(64, -15), (64, -30), (66, -42)],
    51: [(76, -6), (88, -5), (93, -3), (68, -5)],
    52: [(65, 6), (76, 3), (86, 5), (91, 6)],
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


def build_sea_zones(
    window: tuple[float, float, float, float],
    land: Mapping[str, BaseGeometry],
    neutral: BaseGeometry,
    coast_zones: Mapping[str, list[int]],
) -> dict[str, BaseGeometry]:
    """Sea zone id -> ocean polygon. ``coast_zones`` maps a territory id to its declared zones."""
    seed_xy: list[tuple[float, float]] = []
    seed_zone: list[int] = []
    for number, pts in SEEDS.items():
        for pt in pts:
            seed_xy.append(pt)
            seed_zone.append(number)
    seeds = np.asarray(seed_xy)
    zones_arr = np.asarray(seed_zone)

    xy: list[np.ndarray] = [seeds]
    label: list[np.ndarray] = [zones_arr]
    coasts: list[tuple[BaseGeometry, list[int]]] = [
        (geom, coast_zones.get(tid, [])) for tid, geom in land.items()
    ]
    coasts.append((neutral, []))
    for geom, allowed in coasts:
        pts = coast_points(geom)
        if not len(pts):
            continue
        mask = np.isin(zones_arr, allowed) if allowed else np.ones(len(zones_arr), bool)
        cand = seeds[mask]
        cand_zone = zones_arr[mask]
        # Longitudes are scaled by cos(lat) so "nearest" means nearest on the globe.
        coslat = np.cos(np.radians(pts[:, 1]))[:, None]
        dx = (pts[:, None, 0] - cand[None, :, 0]) * coslat
        dy = pts[:, None, 1] - cand[None, :, 1]
        nearest = np.argmin(dx * dx + dy * dy, axis=1)
        xy.append(pts)
        label.append(cand_zone[nearest])
    all_xy = np.concatenate(xy)
    all_label = np.concatenate(label)
    # Voronoi drops duplicate points, which would shift the cell order: deduplicate first.
    _, first = np.unique(np.round(all_xy, 6), axis=0, return_index=True)
    first.sort()
    all_xy, all_label = all_xy[first], all_label[first]
    frame = box(*window)
    cells = shapely.voronoi_polygons(
        MultiPoint(all_xy), extend_to=frame.buffer(5), ordered=True
    )
    by_zone: dict[int, list[BaseGeometry]] = defaultdict(list)
    for cell, zone in zip(cells.geoms, all_label, strict=True):
        by_zone[int(zone)].append(cell)
    all_land = shapely.union_all([*land.values(), neutral])
    ocean = frame.difference(all_land)
    return {
        zone_id(n): shapely.union_all(by_zone[n]).intersection(ocean)
        for n in sorted(by_zone)
    }
