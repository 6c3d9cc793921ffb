"""Adjacency measured from the drawn map, to check it against the declared adjacency."""

from __future__ import annotations

import shapely

from pacific.board.geometry import MapGeometry

# Two regions touch when they share a border at least this long (scene units; 16 = 1° of
# longitude). Shorter contacts are corner points left by the Voronoi construction.
MIN_SHARED_BORDER = 3.0
_SNAP = 0.05  # scene units: borders are shared exactly, this only absorbs rounding


def measured_adjacency(geo: MapGeometry) -> set[frozenset[str]]:
    """Every pair of playable regions whose real shapes share a border (islands: their coast)."""
    regions = geo.playable()
    ids = list(regions)
    shapes = [regions[i].shape for i in ids]
    tree = shapely.STRtree(shapes)
    pairs: set[frozenset[str]] = set()
    left, right = tree.query(shapes, predicate="dwithin", distance=_SNAP)
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i >= j:
            continue
        a, b = shapes[i], shapes[j]
        shared = a.boundary.intersection(b.buffer(_SNAP)).length
        # An atoll's whole coast may be shorter than the threshold: half its coast will do.
        needed = min(MIN_SHARED_BORDER, 0.5 * a.boundary.length, 0.5 * b.boundary.length)
        if shared >= needed:
            pairs.add(frozenset((ids[i], ids[j])))
    return pairs
