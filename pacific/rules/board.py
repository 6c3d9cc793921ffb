"""The board as data: spaces, adjacency, bases, convoys, kamikaze zones and the starting setup.

The rules never hard-code a territory: everything specific to the A&A Pacific board lives in a
map file (``maps/<id>/board.json``) read into these models, so a test can build a small map of
its own and a variant needs no code. Geometry (polygons) lives apart, in ``pacific.board``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pacific.rules.nations import Nation
from pacific.rules.units import UnitType


class Names(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str
    it: str


class ConvoyCenter(BaseModel):
    """A convoy centre (R-CONVOY-2): its value is paid to the British Convoy marker or the USA."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ipc: int = Field(ge=0)
    pays: Literal["uk", "usa"]


class ConvoyRoute(BaseModel):
    """A convoy route (R-CONVOY-1): the territory it feeds, and the nation whose icon it bears."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    territory: str
    nation: Nation


class Territory(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    names: Names
    ipc: int = Field(default=0, ge=0)
    original_owner: Nation | None = None  # None only for impassable territories
    owner: Nation | None = None  # at the start of the game
    capital_of: Nation | None = None
    island: bool = False
    # The sea zone an island or island group lies in (R-SETUP-10, R-MOVE-4).
    sea_zone: str | None = None
    impassable: bool = False  # R-SETUP-12: Soviet Union, Himalaya
    naval_base: bool = False
    air_base: bool = False
    industrial_complex: bool = False  # at the start of the game
    # Drawn light violet though Australian (R-SETUP-11): a display matter only.
    dutch_east_indies: bool = False


class SeaZone(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    number: int = Field(ge=1)
    names: Names
    kamikaze: bool = False  # R-KAMI-2
    convoy_center: ConvoyCenter | None = None
    convoy_route: ConvoyRoute | None = None


class StartingUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    space: str
    owner: Nation
    type: UnitType
    count: int = Field(default=1, ge=1)


class Setup(BaseModel):
    """The position before turn 1 (R-SETUP-6, R-SETUP-8)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    units: tuple[StartingUnit, ...]
    ipcs: dict[Nation, int]
    british_convoy_ipcs: int = Field(ge=0)
    production: dict[Nation, int]  # starting chart levels (OQ-3)
    victory_points: int = 0
    kamikaze_tokens: int = 6


class BoardMap(BaseModel):
    """A whole board. Ids are stable snake_case; display names live in ``names``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Literal[1] = 1
    id: str
    names: Names
    territories: tuple[Territory, ...]
    sea_zones: tuple[SeaZone, ...]
    adjacency: tuple[tuple[str, str], ...]
    capitals: dict[Nation, str]  # R-CAPITAL-1
    burma_road: tuple[str, ...] = ()  # R-CHINA-3
    chinese_infantry_placement: str | None = None  # R-CHINA-2, R-PLACE-7
    # Territories that go to China when any Ally retakes them (R-CAPTURE-10, OQ-7).
    returns_to_china: tuple[str, ...] = ()
    # Territories whose Allied captor's power chooses the owner (R-CAPTURE-11).
    allied_choice_on_capture: tuple[str, ...] = ()
    victory_points_to_win: int = 22  # R-VICTORY-2
    setup: Setup

    # ---- derived look-ups (computed once; the model is frozen) ----

    @cached_property
    def territory_by_id(self) -> dict[str, Territory]:
        return {t.id: t for t in self.territories}

    @cached_property
    def sea_zone_by_id(self) -> dict[str, SeaZone]:
        return {z.id: z for z in self.sea_zones}

    @cached_property
    def neighbours(self) -> dict[str, frozenset[str]]:
        out: dict[str, set[str]] = {s: set() for s in self.space_ids}
        for a, b in self.adjacency:
            out.setdefault(a, set()).add(b)
            out.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def space_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.territories) + tuple(z.id for z in self.sea_zones)

    @cached_property
    def islands_in(self) -> dict[str, tuple[str, ...]]:
        """Sea zone id → the islands that lie inside it."""
        out: dict[str, list[str]] = {z.id: [] for z in self.sea_zones}
        for t in self.territories:
            if t.sea_zone is not None:
                out.setdefault(t.sea_zone, []).append(t.id)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def capital_nation(self) -> dict[str, Nation]:
        return {tid: nation for nation, tid in self.capitals.items()}

    def is_land(self, space: str) -> bool:
        return space in self.territory_by_id

    def is_sea(self, space: str) -> bool:
        return space in self.sea_zone_by_id

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, frozenset())

    def name(self, space: str, language: str = "en") -> str:
        item: Territory | SeaZone | None = self.territory_by_id.get(space) or \
            self.sea_zone_by_id.get(space)
        if item is None:
            return space
        return item.names.it if language == "it" else item.names.en

    def convoy_zones(self) -> tuple[SeaZone, ...]:
        return tuple(z for z in self.sea_zones if z.convoy_center or z.convoy_route)

    def route_for_territory(self, territory: str) -> SeaZone | None:
        """The convoy route zone associated with a territory (R-CONVOY-9), if any."""
        for z in self.sea_zones:
            if z.convoy_route is not None and z.convoy_route.territory == territory:
                return z
        return None
