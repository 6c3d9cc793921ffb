"""Positions from a file: the scenario format (docs/scenarios.md).

A scenario is a position written for people: units per space (cargo nested under its ship,
damage and submersion marked), controllers, convoy zones held by someone else, treasuries,
production corrections, victory points, kamikaze tokens, units bought, round, power and phase.
`read_scenario` checks a file strictly (size, UTF-8, depth, unknown keys, types, bounds: see
`pacific.rules.files.jsonfile`) and then against every invariant of a position
(`pacific.rules.invariants`); each error names the file and the space or entry at fault.
`scenario_of` writes a state in the same form, so ``pacific show GAME --scenario`` and
``pacific new --scenario`` round-trip.

A scenario is a moment between decisions: it holds no pending decision except the British
convoy split (``convoy_split_due``), and no bookkeeping of the turn (moves made, battles
fought): every unit stands where the turn found it, control at the start of the turn is the
control given. In phase 4 the battles are found where both sides stand.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pacific.rules.board_map import BoardMap
from pacific.rules.combat.start import find_battles
from pacific.rules.decisions import ConvoySplit
from pacific.rules.economy.control import convoy_original_controller
from pacific.rules.errors import N_, PacificError, Place, Sentences
from pacific.rules.fields import ID_PATTERN, MAX_IPCS
from pacific.rules.files.jsonfile import (
    JsonFileError,
    decode_json,
    error_message,
    loc_text,
    read_limited,
)
from pacific.rules.invariants import position_problems
from pacific.rules.nations import Nation, Power, are_allied
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType

SCENARIO_FORMAT: Literal["pacific-scenario"] = "pacific-scenario"
SCENARIO_SCHEMA_VERSION: Literal[1] = 1
MAX_SCENARIO_BYTES = 1024 * 1024
MAX_SCENARIO_DEPTH = 8
MAX_UNITS = 3000

# Ids follow the action format's pattern (pacific.rules.fields), so a message may quote them.
Id = Annotated[str, Field(pattern=ID_PATTERN)]
Small = Annotated[int, Field(ge=0, le=MAX_IPCS)]


class ScenarioError(PacificError):
    """A scenario file that cannot be used; the message (an id with values,
    shown in the player's language by `pacific.text.error_text`) names the file as its
    ``where``, and the entry and what is wrong."""


def _refuse(source: str, template: str, /, **params: object) -> ScenarioError:
    """A scenario refused: the message ``template`` with its values, about ``source``."""
    return ScenarioError(template, **params).at(source)


def _file_error(exc: JsonFileError) -> ScenarioError:
    """A file refused while reading it (size, UTF-8, JSON, depth), with the same message."""
    return ScenarioError(exc.template, **exc.params).at(exc.where)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Cargo(_Strict):
    """Units aboard a ship; ``nation`` defaults to the ship's."""

    type: UnitType
    nation: Nation | None = None
    count: int = Field(default=1, ge=1, le=4)


class Stack(_Strict):
    """``count`` identical units of one nation in one space, each with the same cargo."""

    nation: Nation
    type: UnitType
    count: int = Field(default=1, ge=1, le=100)
    damaged: bool = False
    submerged: bool = False
    cap: bool = False                 # a fighter on combat air patrol (R-CAP-1)
    cargo: tuple[Cargo, ...] = Field(default=(), max_length=4)


class Scenario(_Strict):
    format: Literal["pacific-scenario"]
    schema_version: Literal[1]
    map_id: Id
    title: str = Field(default="", max_length=200)
    description: str = Field(default="", max_length=4000)
    players: Literal[2, 3] = 3
    round: int = Field(ge=1, le=999)
    power: Power
    phase: Phase
    # Territories not listed keep their controller from the board's setup.
    control: dict[Id, Nation] = Field(default_factory=dict, max_length=1000)
    # Convoy zones held by a nation other than their original controller (R-CONVOY-7).
    convoys: dict[Id, Nation] = Field(default_factory=dict, max_length=1000)
    treasury: dict[Nation, Small] = Field(default_factory=dict)
    production_corrections: dict[Nation, Annotated[int, Field(ge=-1000, le=1000)]] = \
        Field(default_factory=dict)
    british_convoy_correction: int = Field(default=0, ge=-1000, le=1000)
    purchased: dict[Nation, dict[UnitType, Annotated[int, Field(ge=1, le=100)]]] = \
        Field(default_factory=dict)
    china_infantry_due: int = Field(default=0, ge=0, le=100)
    convoy_split_due: int = Field(default=0, ge=0, le=1000)
    victory_points: int = Field(default=0, ge=0, le=100)
    kamikaze_tokens: int = Field(default=6, ge=0, le=100)
    units: dict[Id, tuple[Stack, ...]] = Field(default_factory=dict, max_length=1000)


# ---- reading ----

def parse_scenario(raw: bytes, source: str = "scenario") -> Scenario:
    """Decode and validate a scenario file's bytes (no board check yet).

    Raises:
        ScenarioError: too large, not UTF-8 or JSON, too deep, a key given twice in one
            object, unknown keys, wrong types or values out of bounds (naming the entry).
    """
    try:
        decode_json(raw, source, what=_SCENARIO, max_bytes=MAX_SCENARIO_BYTES,
                    max_depth=MAX_SCENARIO_DEPTH, unique_keys=True)
    except JsonFileError as exc:
        raise _file_error(exc) from None
    try:
        # Strict JSON validation: enums from their values, numbers never from strings.
        return Scenario.model_validate_json(raw)
    except ValidationError as exc:
        # Which entry and what pydantic says of it: the file format's own terms (as for a
        # saved game, pacific.rules.files.savefile), not translated.
        err = exc.errors()[0]
        raise _refuse(source, "{field}: {problem}", field=loc_text(tuple(err["loc"])),
                      problem=error_message(err)) from None


def read_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file (see `parse_scenario`).

    Raises:
        ScenarioError: the file cannot be read or is not a valid scenario.
    """
    p = Path(path)
    try:
        raw = read_limited(p, what=_SCENARIO, max_bytes=MAX_SCENARIO_BYTES)
    except JsonFileError as exc:
        raise _file_error(exc) from None
    return parse_scenario(raw, str(p))


def _space(board: BoardMap, source: str, entry: str, space: str, sea: bool | None = None) -> str:
    if space not in board.neighbours:
        raise _refuse(source, "{entry}: '{space}' is not a space of map '{map_id}'",
                      entry=entry, space=space, map_id=board.id)
    if sea is not None and board.is_sea(space) is not sea:
        place = _place(board, space)
        if sea:
            raise _refuse(source, _NOT_A_SEA_ZONE, entry=entry, space=place)
        raise _refuse(source, _NOT_A_TERRITORY, entry=entry, space=place)
    return space


def _place(board: BoardMap, space: str) -> Place:
    return Place(space, board.name(space))


_SCENARIO = N_("scenario")
_NOT_A_SEA_ZONE = N_("{entry}: {space} is not a sea zone")
_NOT_A_TERRITORY = N_("{entry}: {space} is not a land territory")


def _place_units(board: BoardMap, state: GameState, scenario: Scenario, source: str) -> None:
    total = sum(s.count * (1 + sum(c.count for c in s.cargo))
                for stacks in scenario.units.values() for s in stacks)
    if total > MAX_UNITS:
        raise _refuse(source, "units: {total:,} units, more than the {limit:,} allowed",
                      total=total, limit=MAX_UNITS)
    for space, stacks in scenario.units.items():
        _space(board, source, "units", space)
        for stack in stacks:
            for _ in range(stack.count):
                ship = state.add_unit(stack.type, stack.nation, space, start_space=space,
                                      damaged=stack.damaged, submerged=stack.submerged,
                                      cap=stack.cap)
                for cargo in stack.cargo:
                    for _ in range(cargo.count):
                        state.add_unit(cargo.type, cargo.nation or stack.nation, space,
                                       start_space=space, carried_by=ship.id)


def _books(board: BoardMap, state: GameState, scenario: Scenario, source: str) -> None:
    for territory, nation in scenario.control.items():
        _space(board, source, "control", territory, sea=False)
        state.territory_owner[territory] = nation
    for zone, nation in scenario.convoys.items():
        _space(board, source, "convoys", zone, sea=True)
        sz = board.sea_zone_by_id[zone]
        if sz.convoy_center is None and sz.convoy_route is None:
            raise _refuse(source, "convoys: {space} has no convoy (R-CONTROL-4)",
                          space=_place(board, zone))
        original = convoy_original_controller(board, zone)
        if are_allied(nation, original):
            raise _refuse(source, "convoys: {space} is a convoy zone of {nation}; list only "
                          "zones held by the other side (R-CONVOY-7)",
                          space=_place(board, zone), nation=original)
        state.convoy_holder[zone] = nation
    if Nation.CHINA in scenario.treasury or Nation.CHINA in scenario.production_corrections:
        raise _refuse(source, "China has no treasury and no production level (R-CHINA-1)")
    state.treasury = {n: scenario.treasury.get(n, 0) for n in Nation if n is not Nation.CHINA}
    state.production_corrections = {n: c for n, c in scenario.production_corrections.items()
                                    if c}
    state.british_convoy_correction = scenario.british_convoy_correction
    for nation, bought in scenario.purchased.items():
        for unit_type in bought:
            if nation not in UNIT_SPECS[unit_type].buyers:
                raise _refuse(source, "purchased: {nation} cannot buy {unit} (R-PURCH-5)",
                              nation=nation, unit=unit_type)
    state.purchased = {n: dict(b) for n, b in scenario.purchased.items() if b}
    state.china_infantry_due = scenario.china_infantry_due
    state.victory_points = scenario.victory_points
    state.kamikaze_tokens = scenario.kamikaze_tokens


def scenario_state(board: BoardMap, scenario: Scenario, seed: int = 0,
                   source: str = "scenario") -> GameState:
    """The game state a scenario describes, on ``board``.

    Raises:
        ScenarioError: another map, an unknown space, a convoy or a purchase the rules do not
            allow, or a position that breaks an invariant (each problem names its space, e.g.
            "3 infantry aboard one transport (#57) in Sea Zone 36: room for 2, or 1 armor
            (R-TRANS-1)").
    """
    if scenario.map_id != board.id:
        raise _refuse(source, "the scenario is for map '{wanted}', not '{given}'",
                      wanted=scenario.map_id, given=board.id)
    state = GameState(map_id=board.id, players=scenario.players, seed=seed,
                      round=scenario.round, power=scenario.power, phase=scenario.phase)
    state.territory_owner = {t.id: t.owner for t in board.territories
                             if t.owner is not None and not t.impassable}
    _books(board, state, scenario, source)
    _place_units(board, state, scenario, source)
    state.owner_at_turn_start = dict(state.territory_owner)
    if scenario.convoy_split_due:
        state.convoy_split_due = scenario.convoy_split_due
        state.pending = ConvoySplit(power=Power.UK, amount=scenario.convoy_split_due)
    if state.phase is Phase.COMBAT:
        state.battles = find_battles(board, state)
    problems = position_problems(board, state)
    if problems:
        raise _refuse(source, "the position is inconsistent: {problems}",
                      problems=Sentences(tuple(problems)))
    return state


def load_scenario(path: str | Path, board: BoardMap, seed: int = 0) -> GameState:
    """Read a scenario file and build its position on ``board``.

    Raises:
        ScenarioError: see `read_scenario` and `scenario_state`.
    """
    return scenario_state(board, read_scenario(path), seed, str(path))


# ---- writing ----

def _stack_key(state: GameState, unit: Unit) -> tuple[object, ...]:
    cargo = Counter((c.owner, c.type) for c in state.cargo_of(unit.id))
    return (unit.owner, unit.type, unit.damaged, unit.submerged, unit.cap,
            tuple(sorted(cargo.items())))


_NATION_ORDER = {n: i for i, n in enumerate(Nation)}
_TYPE_ORDER = {t: i for i, t in enumerate(UnitType)}


def _stacks(state: GameState, units: list[Unit]) -> tuple[Stack, ...]:
    groups: dict[tuple[object, ...], list[Unit]] = {}
    for unit in sorted(units, key=lambda u: (_NATION_ORDER[u.owner], _TYPE_ORDER[u.type], u.id)):
        groups.setdefault(_stack_key(state, unit), []).append(unit)
    out = []
    for same in groups.values():
        first = same[0]
        cargo = Counter((c.owner, c.type) for c in state.cargo_of(first.id))
        out.append(Stack(
            nation=first.owner, type=first.type, count=len(same), damaged=first.damaged,
            submerged=first.submerged, cap=first.cap,
            cargo=tuple(Cargo(type=t, nation=None if n is first.owner else n, count=c)
                        for (n, t), c in sorted(cargo.items(), key=lambda i: (
                            _NATION_ORDER[i[0][0]], _TYPE_ORDER[i[0][1]])))))
    return tuple(out)


def scenario_of(board: BoardMap, state: GameState, title: str = "",
                description: str = "") -> Scenario:
    """The scenario form of ``state``: its position, without the bookkeeping of the turn and
    without a pending decision other than the British convoy split (see the module)."""
    by_space: dict[str, list[Unit]] = {}
    for unit in state.units.values():
        if unit.carried_by is None:
            by_space.setdefault(unit.space, []).append(unit)
    order = {s: i for i, s in enumerate(board.space_ids)}
    return Scenario(
        format=SCENARIO_FORMAT, schema_version=SCENARIO_SCHEMA_VERSION, map_id=state.map_id,
        title=title, description=description, players=state.players, round=state.round,
        power=state.power, phase=state.phase,
        control=dict(sorted(state.territory_owner.items())),
        convoys=dict(sorted(state.convoy_holder.items())),
        treasury={n: state.treasury.get(n, 0) for n in Nation if n is not Nation.CHINA},
        production_corrections={n: c for n, c in state.production_corrections.items() if c},
        british_convoy_correction=state.british_convoy_correction,
        purchased={n: {t: c for t, c in b.items() if c} for n, b in state.purchased.items()
                   if any(b.values())},
        china_infantry_due=state.china_infantry_due,
        convoy_split_due=state.convoy_split_due if isinstance(state.pending, ConvoySplit)
        else 0,
        victory_points=state.victory_points, kamikaze_tokens=state.kamikaze_tokens,
        units={s: _stacks(state, by_space[s])
               for s in sorted(by_space, key=lambda s: order.get(s, len(order)))},
    )


def scenario_json(scenario: Scenario) -> str:
    """The scenario as JSON text, without the entries left at their defaults."""
    return scenario.model_dump_json(indent=1, exclude_defaults=True) + "\n"
