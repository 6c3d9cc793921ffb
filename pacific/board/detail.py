"""The map's levels of detail: every shape simplified at a few tolerances, and the lines the map
draws (the coast, the borders between territories, the borders between sea zones), each once.

At the overview zoom a pixel spans several scene units, and the full shapes (some 70,000
points) cost Qt's rasteriser most of a repaint for detail no one can see. The land and the sea
are two coverages (neighbours share their borders exactly), simplified each as a whole
(`shapely.coverage_simplify`) so that neighbours still meet without gaps. Computed once, with
the rest of the map's paths (pacific.gui.geometry_cache).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import shapely
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

if TYPE_CHECKING:
    from pacific.board.geometry import MapGeometry

# Scene units, coarsest first; the full shapes come after. A level serves the zooms where its
# tolerance is under a pixel (see `level_for`).
TOLERANCES = (6.0, 2.5, 1.0, 0.5)
PIXELS = 0.8  # the largest simplification, in pixels, a level may show


@dataclass(frozen=True)
class DetailLevel:
    tolerance: float  # 0: the full shapes
    shapes: dict[str, BaseGeometry]  # every region's shape (islands' outlines stay whole)
    coast: BaseGeometry  # where land meets sea (lines)
    land_borders: BaseGeometry  # between two land regions (lines)
    sea_borders: BaseGeometry  # between two sea zones, off the land (lines)


def level_for(tolerances: tuple[float, ...], scale: float) -> int:
    """The index of the coarsest level whose simplification stays under PIXELS at ``scale``
    (pixels per scene unit); len(tolerances) for the full shapes."""
    for i, tolerance in enumerate(tolerances):
        if tolerance * scale <= PIXELS:
            return i
    return len(tolerances)


def detail_levels(geometry: MapGeometry) -> list[DetailLevel]:
    """One level per TOLERANCES, then the full shapes. The lines are found once on the full
    shapes and simplified for each level (less than a pixel from the simplified fills)."""
    land_ids = [rid for rid, r in geometry.regions.items() if r.kind != "sea_zone"]
    sea_ids = [rid for rid, r in geometry.regions.items() if r.kind == "sea_zone"]
    land = [geometry.regions[rid].shape for rid in land_ids]
    sea = [geometry.regions[rid].shape for rid in sea_ids]
    all_land = shapely.coverage_union_all(land)
    coast = all_land.boundary
    land_borders = unary_union([g.boundary for g in land]).difference(coast)
    # The sea zones follow the coasts and run under the islands: only where two zones meet on
    # open water is drawn.
    sea_borders = unary_union([g.boundary for g in sea]).difference(all_land)
    # (joined into long lines: the differences leave them in pieces of one segment each)
    coast, land_borders, sea_borders = (shapely.line_merge(lines) for lines in
                                        (coast, land_borders, sea_borders))
    out = []
    for tolerance in TOLERANCES:
        land_s = shapely.coverage_simplify(land, tolerance)
        sea_s = shapely.coverage_simplify(sea, tolerance)
        shapes = dict(zip(land_ids, land_s, strict=True)) | dict(zip(sea_ids, sea_s,
                                                                      strict=True))
        out.append(DetailLevel(tolerance, shapes, *(
            shapely.simplify(lines, tolerance, preserve_topology=False)
            for lines in (coast, land_borders, sea_borders))))
    full = {rid: geometry.regions[rid].shape for rid in (*land_ids, *sea_ids)}
    out.append(DetailLevel(0.0, full, coast, land_borders, sea_borders))
    return out
