"""The board as data: spaces, adjacency, bases, convoys, kamikaze zones and the starting setup.

The rules never hard-code a territory: everything specific to the A&A Pacific board lives in a
map file (``maps/<id>/board.json``) read into these models, so a test can build a small map of
its own and a variant needs no code. Geometry (polygons) lives apart, in ``pacific.board``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict

from pacific.rules.errors import Place
from pacific.rules.fields import Bool, ExactInt, MapId, SpaceId
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType

# ---- ranges: strict integers, each with the bound the rules give it ----
# The National Production Chart's tracks (R-SETUP-6): production 1-80, Japanese VP 0-22,
# kamikaze tokens 6 (R-KAMI-1). A map may lower them, never go past the chart.
MAX_PRODUCTION = 80
MAX_VICTORY_POINTS = 22
MAX_KAMIKAZE_TOKENS = 6
# What no real board comes near (the Pacific board: 62 territories, 54 sea zones, 246
# connections, 134 setup entries of at most 8 units, 211 units); they keep every check and the
# new game's setup small whatever the file says.
MAX_SPACES = 500
MAX_ADJACENCY = 5_000
MAX_SETUP_ENTRIES = 1_000
MAX_UNITS_PER_ENTRY = 99
MAX_STARTING_UNITS = 1_000
MAX_SEA_ZONE_NUMBER = 999
MAX_NAME_CHARS = 100

Value = Annotated[int, Strict(), Field(ge=0, le=MAX_PRODUCTION)]  # an IPC value or level
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]
SpaceList = Annotated[tuple[SpaceId, ...], Field(max_length=MAX_SPACES)]


class Names(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    en: Name
    it: Name


class ConvoyCenter(BaseModel):
    """A convoy centre (R-CONVOY-2): its value is paid to the British Convoy marker or the USA."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    ipc: Value
    pays: Literal["uk", "usa"]


class ConvoyRoute(BaseModel):
    """A convoy route (R-CONVOY-1): the territory it feeds, and the nation whose icon it bears."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    territory: SpaceId
    nation: Nation


class Territory(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: SpaceId
    names: Names
    ipc: Value = 0
    original_owner: Nation | None = None  # None only for impassable territories
    owner: Nation | None = None  # at the start of the game
    capital_of: Nation | None = None
    island: Bool = False
    # The sea zone an island or island group lies in (R-SETUP-10, R-MOVE-4).
    sea_zone: SpaceId | None = None
    impassable: Bool = False  # R-SETUP-12: Soviet Union, Himalaya
    naval_base: Bool = False
    air_base: Bool = False
    industrial_complex: Bool = False  # at the start of the game
    # Drawn light violet though Australian (R-SETUP-11): a display matter only.
    dutch_east_indies: Bool = False


class SeaZone(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: SpaceId
    number: Annotated[int, Strict(), Field(ge=1, le=MAX_SEA_ZONE_NUMBER)]
    names: Names
    kamikaze: Bool = False  # R-KAMI-2
    convoy_center: ConvoyCenter | None = None
    convoy_route: ConvoyRoute | None = None


class StartingUnit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    space: SpaceId
    owner: Nation
    type: UnitType
    count: Annotated[int, Strict(), Field(ge=1, le=MAX_UNITS_PER_ENTRY)] = 1


class Setup(BaseModel):
    """The position before turn 1 (R-SETUP-6, R-SETUP-8)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    units: Annotated[tuple[StartingUnit, ...], Field(max_length=MAX_SETUP_ENTRIES)]
    ipcs: dict[Nation, Value]  # equal to the production levels (OQ-3)
    british_convoy_ipcs: Value
    production: dict[Nation, Value]  # starting chart levels (OQ-3)
    victory_points: Annotated[int, Strict(), Field(ge=0, le=MAX_VICTORY_POINTS)] = 0
    kamikaze_tokens: Annotated[int, Strict(), Field(ge=0, le=MAX_KAMIKAZE_TOKENS)] = 6


class BoardMap(BaseModel):
    """A whole board. Ids are stable snake_case; display names live in ``names``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    schema_version: Annotated[Literal[1], ExactInt] = 1
    id: MapId
    names: Names
    territories: Annotated[tuple[Territory, ...], Field(max_length=MAX_SPACES)]
    sea_zones: Annotated[tuple[SeaZone, ...], Field(max_length=MAX_SPACES)]
    adjacency: Annotated[tuple[tuple[SpaceId, SpaceId], ...], Field(max_length=MAX_ADJACENCY)]
    capitals: dict[Nation, SpaceId]  # R-CAPITAL-1
    burma_road: SpaceList = ()  # R-CHINA-3
    chinese_infantry_placement: SpaceId | None = None  # R-CHINA-2, R-PLACE-7
    # Territories that go to China when any Ally retakes them (R-CAPTURE-10, OQ-7).
    returns_to_china: SpaceList = ()
    # Territories whose Allied captor's power chooses the owner (R-CAPTURE-11).
    allied_choice_on_capture: SpaceList = ()
    victory_points_to_win: Annotated[int, Strict(), Field(ge=1, le=MAX_VICTORY_POINTS)] = 22
    setup: Setup

    # ---- derived look-ups (computed once; the model is frozen) ----

    @cached_property
    def territory_by_id(self) -> dict[str, Territory]:
        return {t.id: t for t in self.territories}

    @cached_property
    def sea_zone_by_id(self) -> dict[str, SeaZone]:
        return {z.id: z for z in self.sea_zones}

    @cached_property
    def valued_territories(self) -> tuple[tuple[str, int, tuple[str, Nation] | None], ...]:
        """The territories worth IPCs, in board order, as (id, IPC value, route), the route
        being its convoy route zone (`route_for_territory`) and the nation that route belongs
        to, or None: a production level sums only these."""
        rows: list[tuple[str, int, tuple[str, Nation] | None]] = []
        for t in self.territories:
            if t.ipc:
                zone = self.route_for_territory(t.id)
                route = zone.convoy_route if zone is not None else None
                rows.append((t.id, t.ipc, (zone.id, route.nation)
                             if zone is not None and route is not None else None))
        return tuple(rows)

    @cached_property
    def convoy_centres(self) -> tuple[SeaZone, ...]:
        """The sea zones with a convoy centre, in board order."""
        return tuple(z for z in self.sea_zones if z.convoy_center is not None)

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

    def place(self, space: str) -> Place:
        """A space as a message names it (`pacific.rules.errors.Place`): its id and English
        name, so that the presentation can show it in the player's language."""
        return Place(space, self.name(space))

    def name(self, space: str, language: str = "en") -> str:
        item: Territory | SeaZone | None = self.territory_by_id.get(space) or \
            self.sea_zone_by_id.get(space)
        if item is None:
            return space
        return item.names.it if language == "it" else item.names.en

    def is_convoy_zone(self, space: str) -> bool:
        """A sea zone with a convoy route or centre (R-CONVOY-1, R-CONVOY-2)."""
        zone = self.sea_zone_by_id.get(space)
        return zone is not None and (zone.convoy_route is not None or
                                     zone.convoy_center is not None)

    def convoy_zones(self) -> tuple[SeaZone, ...]:
        return tuple(z for z in self.sea_zones if z.convoy_center or z.convoy_route)

    def route_for_territory(self, territory: str) -> SeaZone | None:
        """The convoy route zone associated with a territory (R-CONVOY-9), if any."""
        return self._route_by_territory.get(territory)

    @cached_property
    def derived(self) -> dict[str, Any]:
        """Tables other modules derive from this board alone and keep with it, by name (the
        movement tables: `pacific.rules.movement.tables`). The board is frozen, so they never
        go stale; they live and die with the board, and two boards never share them."""
        return {}

    @cached_property
    def _route_by_territory(self) -> dict[str, SeaZone]:
        # The first zone naming a territory, as a scan of the zones in order would find.
        out: dict[str, SeaZone] = {}
        for z in self.sea_zones:
            if z.convoy_route is not None:
                out.setdefault(z.convoy_route.territory, z)
        return out
