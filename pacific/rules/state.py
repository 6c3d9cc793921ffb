"""The game state: everything needed to continue a game.

The state is a plain mutable pydantic model, but nothing outside the engine mutates it: the
engine copies it, applies an action to the copy, and hands the copy back (`pacific.rules.engine`).
Areas of the rules (movement, combat) may add fields here; every field has a default so that
older saves and small test scenarios stay valid.

States are cheap to keep: a copy shares its units with the state it
was made from (`pacific.rules.copying`). A unit is changed only through `GameState.unit(id)`,
which gives the copy its own unit first (copy on write). A unit still shared with an older
state refuses to be changed directly (`SharedUnitError`), so a rule that forgets this fails
loudly instead of rewriting the history. Control, the treasuries and a few small lists are
shared the same way (`SHARED_FIELDS`): a rule changes them in place only through
`GameState.own(name)`, and a shared one refuses (`pacific.rules.shared.SharedDataError`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal, overload

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from pacific.rules.battle_records import Battle
from pacific.rules.decisions import Decision
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.records import AmphibiousAssault, BombingRaid
from pacific.rules.shared import SharedDataError, SharedDict, SharedList
from pacific.rules.units import UnitType

# 2: `pending` is a typed decision (pacific.rules.decisions), not a dict.
STATE_SCHEMA_VERSION: Literal[2] = 2


class SharedUnitError(SharedDataError):
    """A rule changed a unit that an older state shares: change it through
    `GameState.unit(id)`. Always a bug of the engine, never a player's mistake."""


class Ownership:
    """Who may change a unit in place: a state hands one of these to the units it owns. When
    a copy of the state is made, the mark is sealed: the units are shared from then on."""

    __slots__ = ("sealed",)

    def __init__(self) -> None:
        self.sealed = False


# The mark of a state that owns no unit yet: a copy starts with it, and takes a mark of its
# own only when it changes or adds a unit (most actions do neither, and a mark per
# state was an object more for the garbage collector to visit). No unit ever carries it.
NO_UNITS_OWNED = Ownership()
NO_UNITS_OWNED.sealed = True


class _CopyOnWrite:
    """A unit knows its owner's mark; a unit whose mark is sealed refuses changes."""

    __slots__ = ("_owner",)

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        # No owner yet, set before __init__ assigns the fields: reading a slot that is set
        # costs far less than the failed look-up of one that is not (placing units).
        unit = super().__new__(cls)
        object.__setattr__(unit, "_owner", None)
        return unit

    def __setattr__(self, name: str, value: Any) -> None:
        owner = getattr(self, "_owner", None)
        if owner is not None and owner.sealed:
            raise SharedUnitError(
                f"unit #{getattr(self, 'id', '?')}.{name} changed while shared with an older "
                "state: change units through GameState.unit(id)")
        object.__setattr__(self, name, value)


@dataclass(slots=True)
class Unit(_CopyOnWrite):
    """One playing piece. Chips are a display matter (EX-1): the state stores single units."""

    __pydantic_config__ = ConfigDict(extra="forbid")
    id: int
    type: UnitType
    owner: Nation
    space: str
    # The transport, carrier or Japanese destroyer this unit is aboard (its space is the ship's).
    carried_by: int | None = None
    damaged: bool = False        # a battleship hit once this turn (R-BB-1)
    submerged: bool = False      # R-SUB-6, until phase 8
    # ---- bookkeeping for the current turn, cleared when a power's turn ends ----
    moves_used: int = 0          # spaces spent this turn over phases 3 and 6 (R-NONCOMBAT-1)
    start_space: str | None = None  # where it began the turn (retreat, landing rules)
    combat_moved: bool = False   # moved in phase 3
    noncombat_moved: bool = False
    fought: bool = False         # took part in a battle this turn (R-COMBAT-3)
    # Spaces the unit entered this turn, in order (retreat: "came from", R-LAND-2). Replaced,
    # never changed in place: the list may be shared with older states.
    path: list[str] = field(default_factory=list)
    # Aircraft: the landing place declared for a risky mission (R-AIR-3).
    landing: str | None = None
    cap: bool = False            # a fighter on combat air patrol (R-CAP-1..7)
    loaded_this_turn: bool = False
    unloaded_this_turn: bool = False
    cargo_locked: bool = False   # aboard a carrier that moved: cargo for the turn (R-CARRIER-2)
    captured_this_turn: bool = False  # an AA gun taken with its territory (R-CAPTURE-6)
    placed_this_turn: bool = False  # new in phase 7; a new IC works from next turn (R-PLACE-5)

    def copy(self) -> Unit:
        """An equal unit with no owner (the path list is shared: it is never changed)."""
        new = object.__new__(Unit)
        for name in UNIT_FIELDS:
            object.__setattr__(new, name, getattr(self, name))
        return new


UNIT_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Unit))
# The fields a new unit takes by default, with their values or the factories making them: a
# unit is set up from these directly, without a checked assignment per field.
_NAMED = frozenset(("id", "type", "owner", "space"))
_UNIT_DEFAULTS: tuple[tuple[str, Any], ...] = tuple(
    (f.name, f.default) for f in fields(Unit) if f.name not in _NAMED and f.default is not MISSING)
_UNIT_FACTORIES: tuple[tuple[str, Callable[[], Any]], ...] = tuple(
    (f.name, f.default_factory) for f in fields(Unit)
    if f.name not in _NAMED and f.default_factory is not MISSING)
_FIELD_SET = frozenset(UNIT_FIELDS) - _NAMED


def _new_unit(unit_id: int, unit_type: UnitType, owner: Nation, space: str,
              values: dict[str, Any]) -> Unit:
    """``Unit(id=unit_id, type=unit_type, owner=owner, space=space, **values)``, made without
    the dataclass's checked assignments one by one (placing units).

    Raises:
        TypeError: ``values`` names something that is not a field of `Unit`.
    """
    if not values.keys() <= _FIELD_SET:
        return Unit(id=unit_id, type=unit_type, owner=owner, space=space, **values)
    unit = object.__new__(Unit)
    set_ = object.__setattr__
    set_(unit, "_owner", None)
    set_(unit, "id", unit_id)
    set_(unit, "type", unit_type)
    set_(unit, "owner", owner)
    set_(unit, "space", space)
    for name, default in _UNIT_DEFAULTS:
        set_(unit, name, default)
    for name, factory in _UNIT_FACTORIES:
        set_(unit, name, factory())
    for name, value in values.items():
        set_(unit, name, value)
    return unit


class UnitDict(SharedDict[int, Unit]):
    """A state's units by id, which copies of the state share until one of them changes its
    units (most actions change no unit, and a state then costs neither the time nor
    the memory of a dict of every unit). While ``shared``, the dict refuses changes made to it
    directly (`SharedUnitError`); `GameState.unit`, `add_unit` and `remove_unit` give the
    state a dict of its own first."""

    __slots__ = ()

    def _refuse(self) -> None:
        if self.shared:
            raise SharedUnitError("the units of a state were changed directly while shared "
                                  "with another state: use GameState.unit, add_unit or "
                                  "remove_unit")


class TypeIndex:
    """The ids of a state's units by type (a rule asking for the aircraft or the
    industrial complexes reads a few ids instead of every unit), right while the state's units
    are the dict ``units`` holding ``size`` units and its next unit id is ``next_id``. Never
    changed: a state that adds or removes a unit takes a new one, so copies share the ids."""

    __slots__ = ("ids", "next_id", "size", "units")

    def __init__(self, units: dict[int, Unit], size: int, next_id: int,
                 ids: dict[UnitType, tuple[int, ...]]) -> None:
        self.units = units
        self.size = size
        self.next_id = next_id
        self.ids = ids

    def __reduce__(self) -> tuple[Any, ...]:
        return (TypeIndex, (self.units, self.size, self.next_id, self.ids))

    def right_for(self, state: GameState) -> bool:
        """Whether these ids are still those of ``state``'s units: the same dict, as many
        units, the same next id (units enter through `GameState.add_unit`, which keeps the
        index, and a unit's type never changes)."""
        units = state.units
        return self.units is units and self.size == len(units) and \
            self.next_id == state.next_unit_id

    def moved_to(self, units: dict[int, Unit]) -> TypeIndex:
        """The same ids for an equal copy ``units`` of the dict."""
        return TypeIndex(units, self.size, self.next_id, self.ids)


class OwnerChoice(BaseModel):
    """A captured territory whose new owner the capturing player picks (R-CAPTURE-11, OQ-6).
    Frozen: copies of a state share their choices (`GameState.own`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    territory: str
    power: Power
    options: list[Nation]


# The fields copies of a state share until one of them changes the value in place
# (`GameState.own`): control and the treasuries change in few actions, and the two
# dicts of control, some 100 entries each, were most of a state's own memory.
SHARED_FIELDS: tuple[str, ...] = ("territory_owner", "owner_at_turn_start", "convoy_holder",
                                  "treasury", "captured_this_turn", "owner_choices",
                                  "frozen_carriers")
# Lists of records changed in place (battles advance step by step): copies share them only
# while empty, which they are outside the combat phase. A rule adding the first record asks
# `GameState.own`; a non-empty list is copied with its records, as any other field.
SHARED_WHEN_EMPTY: tuple[str, ...] = ("battles", "amphibious_assaults", "raids")


class GameState(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)
    schema_version: Literal[2] = STATE_SCHEMA_VERSION
    map_id: str
    players: Literal[2, 3] = 3
    round: int = 1
    power: Power = Power.JAPAN
    phase: Phase = Phase.PURCHASE
    units: dict[int, Unit] = Field(default_factory=dict)
    next_unit_id: int = 1
    # Controller of every land territory except the impassable ones (R-CONTROL-1).
    territory_owner: dict[str, Nation] = Field(default_factory=dict)
    # Convoy zones held by a nation other than their original controller (their NCM, R-CONVOY-7).
    convoy_holder: dict[str, Nation] = Field(default_factory=dict)
    treasury: dict[Nation, int] = Field(default_factory=dict)
    # Units bought in phase 1 and not yet placed (R-PURCH-2), by nation and type.
    purchased: dict[Nation, dict[UnitType, int]] = Field(default_factory=dict)
    china_infantry_due: int = 0
    victory_points: int = 0
    kamikaze_tokens: int = 6
    # Control at the start of the current power's turn (R-CONTROL-5).
    owner_at_turn_start: dict[str, Nation] = Field(default_factory=dict)
    captured_this_turn: list[str] = Field(default_factory=list)
    # IPCs Japan seized from Allied capitals this turn; they count for VP (R-VP-2).
    ipcs_seized_this_turn: int = 0
    # The decision the engine waits for (pacific.rules.decisions), if any.
    pending: Decision | None = None
    # Declared in combat movement, resolved in combat (pacific.rules.records).
    amphibious_assaults: list[AmphibiousAssault] = Field(default_factory=list)
    raids: list[BombingRaid] = Field(default_factory=list)
    # Movement, this turn: carriers a fighter landed on (R-CARRIER-5, OQ2-15) and the one
    # territory each transport or Japanese destroyer unloaded into (R-TRANS-5).
    frozen_carriers: list[int] = Field(default_factory=list)
    transport_unloads: dict[int, str] = Field(default_factory=dict)
    # Battles of the current combat phase (pacific.rules.battle_records).
    battles: list[Battle] = Field(default_factory=list)
    # Owner decisions still open (R-CAPTURE-11, OQ-6); the first one is in `pending`.
    owner_choices: list[OwnerChoice] = Field(default_factory=list)
    # British convoy IPCs collected and waiting to be split (R-INCOME-3, R-SETUP-8).
    convoy_split_due: int = 0
    # Units placed this turn at each industrial complex, against its limit (R-PLACE-3, OQ-14).
    placed_at: dict[str, int] = Field(default_factory=dict)
    seed: int = 0
    dice_drawn: int = 0
    # The tabletop companion (pacific.rules.editing): while `edit_mode` is on, only
    # edit actions are allowed. A production level or the British Convoy marker set by an edit
    # is kept as a correction added to the level computed from control (R-INCOME-2 stays true:
    # income and the chart read the same corrected level).
    edit_mode: bool = False
    production_corrections: dict[Nation, int] = Field(default_factory=dict)
    british_convoy_correction: int = 0
    winner: Side | None = None
    win_reason: str | None = None
    # Copy on write: the mark of the units this state owns (None: a new state whose units
    # were never shared; `NO_UNITS_OWNED`: a copy that has changed no unit yet). Not part of
    # the position: not saved, not compared.
    _mark: Ownership | None = PrivateAttr(default=None)
    # The units' ids by type (`units_of_types`), built on first use, kept by `add_unit` and
    # `remove_unit`, shared with copies; rebuilt whenever the unit count or the next unit id
    # says the units changed some other way. Not part of the position either.
    _types: TypeIndex | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name)
                   for name in type(self).model_fields)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> GameState:
        """A wholly independent state that owns all its units (tests and tools use it)."""
        return GameState.model_validate(self.model_dump())

    @overload
    def own(self, name: Literal["territory_owner", "owner_at_turn_start", "convoy_holder"]
            ) -> dict[str, Nation]: ...

    @overload
    def own(self, name: Literal["treasury"]) -> dict[Nation, int]: ...

    @overload
    def own(self, name: Literal["captured_this_turn"]) -> list[str]: ...

    @overload
    def own(self, name: Literal["owner_choices"]) -> list[OwnerChoice]: ...

    @overload
    def own(self, name: Literal["battles"]) -> list[Battle]: ...

    @overload
    def own(self, name: Literal["frozen_carriers"]) -> list[int]: ...

    @overload
    def own(self, name: Literal["amphibious_assaults"]) -> list[AmphibiousAssault]: ...

    @overload
    def own(self, name: Literal["raids"]) -> list[BombingRaid]: ...

    def own(self, name: str) -> Any:
        """The field ``name`` (in `SHARED_FIELDS` or `SHARED_WHEN_EMPTY`), ready to be changed
        in place in this state: a container still shared with another state is copied first
        (copy on write, `pacific.rules.shared`). Every rule that changes one of these fields
        in place asks here; replacing the whole value needs no call."""
        value = self.__dict__[name]
        kind = type(value)
        if (kind is SharedDict or kind is SharedList) and value.shared:
            # Not through pydantic's __setattr__: the field keeps its value, in a new container.
            value = self.__dict__[name] = kind(value)
        return value

    def unit(self, unit_id: int) -> Unit:
        """The unit ``unit_id``, ready to be changed in this state: a unit still shared with
        the state this one was copied from is copied first (copy on write).

        Raises:
            KeyError: there is no such unit.
        """
        unit = self.units[unit_id]
        # The private field read straight from its dict: pydantic's __getattr__ costs more
        # than the rest of this method.
        private = self.__pydantic_private__
        assert private is not None   # a GameState always has its private field
        mark = private["_mark"]
        if mark is None or getattr(unit, "_owner", None) is mark:
            return unit
        if mark is NO_UNITS_OWNED:
            mark = private["_mark"] = Ownership()
        own = unit.copy()
        object.__setattr__(own, "_owner", mark)
        # The dict is this state's own now: stored without UnitDict's check for sharing.
        dict.__setitem__(self._own_units(), unit_id, own)
        return own

    def _own_units(self) -> dict[int, Unit]:
        """The state's units, in a dict no other state shares (copied first if shared)."""
        units = self.units
        if type(units) is UnitDict and units.shared:
            own = UnitDict(units)
            # Not through pydantic's __setattr__: the field is the same, only its dict is new.
            self.__dict__["units"] = own
            private = self.__pydantic_private__
            assert private is not None
            index: TypeIndex | None = private.get("_types")
            if index is not None and index.units is units:
                private["_types"] = index.moved_to(own)
            return own
        return units

    def seal(self) -> None:
        """Before a copy is made: the units this state owns become shared (their mark is
        sealed); the units it changes from now on will take a new mark (`NO_UNITS_OWNED`
        until then)."""
        private = self.__pydantic_private__
        assert private is not None
        mark = private["_mark"]
        if mark is NO_UNITS_OWNED:
            return
        if mark is None:
            mark = Ownership()
            for unit in self.units.values():
                object.__setattr__(unit, "_owner", mark)
        mark.sealed = True
        private["_mark"] = NO_UNITS_OWNED

    # ---- simple queries shared by every area ----

    def units_at(self, space: str) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.space == space)

    def units_of(self, nation: Nation) -> Iterator[Unit]:
        return (u for u in self.units.values() if u.owner is nation)

    def cargo_of(self, unit_id: int) -> list[Unit]:
        return [u for u in self.units.values() if u.carried_by == unit_id]

    def owner_of(self, territory: str) -> Nation | None:
        return self.territory_owner.get(territory)

    def units_of_types(self, types: Iterable[UnitType]) -> list[Unit]:
        """The units of the given types: those of the first type in the order they entered
        the state, then those of the next type, and so on."""
        ids = self._type_index().ids
        units = self.units
        found = []
        for unit_type in types:
            for uid in ids.get(unit_type, ()):
                unit = units[uid]
                if unit.type is unit_type:   # not a unit put in another's place directly
                    found.append(unit)
        return found

    def _type_index(self) -> TypeIndex:
        private = self.__pydantic_private__
        assert private is not None
        index: TypeIndex | None = private.get("_types")
        if index is None or not index.right_for(self):
            units = self.units
            ids: dict[UnitType, list[int]] = {}
            for uid, unit in units.items():
                ids.setdefault(unit.type, []).append(uid)
            index = private["_types"] = TypeIndex(units, len(units), self.next_unit_id, {
                unit_type: tuple(found) for unit_type, found in ids.items()})
        return index

    def _kept_index(self) -> TypeIndex | None:
        """The type index when it is right now, before a change that keeps it, else None."""
        private = self.__pydantic_private__
        assert private is not None
        index: TypeIndex | None = private.get("_types")
        return index if index is not None and index.right_for(self) else None

    def add_unit(self, unit_type: UnitType, owner: Nation, space: str, **values: Any) -> Unit:
        private = self.__pydantic_private__
        assert private is not None
        unit = _new_unit(self.next_unit_id, unit_type, owner, space, values)
        mark = private["_mark"]
        if mark is not None:
            if mark is NO_UNITS_OWNED:
                mark = private["_mark"] = Ownership()
            object.__setattr__(unit, "_owner", mark)
        units = self._own_units()
        index = self._kept_index()
        if index is not None and unit.id not in units:
            ids = dict(index.ids)
            ids[unit_type] = (*ids.get(unit_type, ()), unit.id)
            private["_types"] = TypeIndex(units, index.size + 1, index.next_id + 1, ids)
        dict.__setitem__(units, unit.id, unit)   # its own dict (`_own_units`)
        self.next_unit_id += 1
        return unit

    def remove_unit(self, unit_id: int) -> Unit:
        """Take unit ``unit_id`` off the board (lost, or removed by an edit) and return it.

        Raises:
            KeyError: there is no such unit.
        """
        units = self._own_units()
        index = self._kept_index()
        unit = dict.pop(units, unit_id)   # its own dict (`_own_units`)
        if index is not None:
            ids = dict(index.ids)
            ids[unit.type] = tuple(uid for uid in ids.get(unit.type, ()) if uid != unit_id)
            private = self.__pydantic_private__
            assert private is not None
            private["_types"] = TypeIndex(units, index.size - 1, index.next_id, ids)
        return unit

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def japan_first_turn(self) -> bool:
        """R-FIRSTTURN-1: Japan's first turn of the game."""
        return self.round == 1 and self.power is Power.JAPAN
