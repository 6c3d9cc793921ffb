"""Loading the map's geometry file (GeoJSON, lon 0..360) into scene-space regions.

The file is validated with pydantic (structure, ids, kinds) and its shapes are read with
shapely and projected once (`projection`). The rules never look at this: adjacency is
declared data; geometry is for drawing and hit-testing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
import shapely
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, ValidationError
from shapely.geometry import shape
from shapely.geometry.base import BaseGeometry

from pacific.board import MAX_GEOMETRY_BYTES, projection
from pacific.rules.errors import N_
from pacific.rules.fields import SpaceId
from pacific.rules.files.jsonfile import (
    JsonFileError,
    clip,
    error_message,
    excerpt,
    loc_text,
    read_json_file,
)

DEFAULT_GEOMETRY = Path(__file__).resolve().parents[2] / "maps" / "pacific" / "geometry.json"
# The Pacific geometry is 1.3 MB holding about 230,000 values (coordinates), nested 8 deep.
MAX_GEOMETRY_VALUES = 4_000_000
MAX_GEOMETRY_DEPTH = 24

_RAD = math.pi / 180.0


class GeometryError(ValueError):
    """The geometry file is missing, too big or malformed (the message names the entry)."""


class FeatureProperties(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: Literal["territory", "sea_zone", "neutral"]
    label: tuple[StrictFloat, StrictFloat] | None = None
    slots: tuple[tuple[StrictFloat, StrictFloat], ...] = ()
    outline: dict[str, Any] | None = None


class Feature(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["Feature"]
    id: SpaceId
    properties: FeatureProperties
    geometry: dict[str, Any]


class CollectionProperties(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)
    longitudes: Literal["0..360"]
    projection: Literal["miller"]
    window: tuple[StrictFloat, StrictFloat, StrictFloat, StrictFloat]
    credit: str


class FeatureCollection(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["FeatureCollection"]
    properties: CollectionProperties
    features: tuple[Feature, ...]


def _project_array(coords: np.ndarray) -> np.ndarray:
    out = np.empty_like(coords)
    out[:, 0] = (coords[:, 0] - projection.CENTRE_LONGITUDE) * projection.SCALE
    lat = np.clip(coords[:, 1], -89.0, 89.0) * _RAD
    out[:, 1] = -1.25 * np.log(np.tan(np.pi / 4 + 0.4 * lat)) * (projection.SCALE / _RAD)
    return out


def project_geometry(geom: BaseGeometry) -> BaseGeometry:
    """A (lon 0..360, lat) geometry in scene coordinates (vectorised `projection.project`)."""
    return shapely.transform(geom, _project_array)


@dataclass(frozen=True)
class Region:
    """One territory, sea zone or the neutral land, in scene coordinates."""

    id: str
    kind: Literal["territory", "sea_zone", "neutral"]
    shape: BaseGeometry  # the real land or water
    outline: BaseGeometry | None  # islands: the encircling, clickable outline
    label: tuple[float, float] | None
    slots: tuple[tuple[float, float], ...]

    @property
    def hit_area(self) -> BaseGeometry:
        """What a click or a drop must fall in: the outline for islands, else the shape."""
        return self.shape if self.outline is None else self.outline.union(self.shape)


@dataclass(frozen=True)
class MapGeometry:
    regions: dict[str, Region]
    window: tuple[float, float, float, float]  # lon/lat
    credit: str
    scene_rect: tuple[float, float, float, float] = field(default=(0.0, 0.0, 0.0, 0.0))

    def playable(self) -> dict[str, Region]:
        return {k: r for k, r in self.regions.items() if r.kind != "neutral"}


def _invalid(path: Path, exc: ValidationError) -> GeometryError:
    """A file of the wrong structure: its first error, where it is and what is wrong (the
    input is not echoed)."""
    first = exc.errors()[0]
    return GeometryError(f"{path}: {loc_text(tuple(first['loc']))}: {error_message(first)}")


def load_geometry(path: Path | str = DEFAULT_GEOMETRY) -> MapGeometry:
    """Read and project a geometry file.

    Raises:
        GeometryError: missing, oversized, not JSON, or not the expected structure.
    """
    p = Path(path)
    try:
        raw = read_json_file(p, what=N_("map geometry file"), max_bytes=MAX_GEOMETRY_BYTES,
                             max_depth=MAX_GEOMETRY_DEPTH, max_values=MAX_GEOMETRY_VALUES)
        doc = FeatureCollection.model_validate(raw)
    except JsonFileError as exc:
        raise GeometryError(str(exc)) from exc
    except ValidationError as exc:
        raise _invalid(p, exc) from exc
    regions: dict[str, Region] = {}
    for f in doc.features:
        if f.id in regions:
            raise GeometryError(f"{p}: feature {excerpt(f.id)} appears twice")
        try:
            geom = project_geometry(shape(f.geometry))
            outline = (
                project_geometry(shape(f.properties.outline)) if f.properties.outline else None
            )
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            raise GeometryError(f"{p}: feature {excerpt(f.id)}: bad geometry "
                                f"({clip(str(exc))})") from exc
        label = projection.project(*f.properties.label) if f.properties.label else None
        slots = tuple(projection.project(*s) for s in f.properties.slots)
        regions[f.id] = Region(f.id, f.properties.kind, geom, outline, label, slots)
    west, south, east, north = doc.properties.window
    x0, y0 = projection.project(west, north)
    x1, y1 = projection.project(east, south)
    return MapGeometry(
        regions, doc.properties.window, doc.properties.credit, (x0, y0, x1 - x0, y1 - y0)
    )


class AdjacencyException(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    a: str
    b: str
    reason: str = Field(min_length=10)


class AdjacencyExceptions(BaseModel):
    """maps/pacific/adjacency_exceptions.json: the one list of geometry/adjacency differences."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    about: str = ""
    declared_not_touching: tuple[AdjacencyException, ...] = ()
    touching_not_declared: tuple[AdjacencyException, ...] = ()

    @property
    def declared_not_touching_pairs(self) -> set[frozenset[str]]:
        return {frozenset((e.a, e.b)) for e in self.declared_not_touching}

    @property
    def touching_not_declared_pairs(self) -> set[frozenset[str]]:
        return {frozenset((e.a, e.b)) for e in self.touching_not_declared}


def load_exceptions(path: Path | str) -> AdjacencyExceptions:
    """Read the adjacency exceptions file.

    Raises:
        GeometryError: unreadable or malformed (every exception needs a reason).
    """
    p = Path(path)
    try:
        data = read_json_file(p, what=N_("list of adjacency exceptions"), max_bytes=1024 * 1024,
                              max_depth=8)
        return AdjacencyExceptions.model_validate(data)
    except JsonFileError as exc:
        raise GeometryError(str(exc)) from exc
    except ValidationError as exc:
        raise _invalid(p, exc) from exc
