"""Copying a game state for the engine's "work on a copy" guarantee.

A copy costs little and shares most of its memory with the original: the units are shared,
and so is the dict that holds them until the copy or the original changes its units (copy on
write, `GameState.unit`, `add_unit`, `remove_unit`; `UnitDict`), and so are control, the
treasuries and the other `SHARED_FIELDS` until one side changes them (`GameState.own`). The
other fields that can hold a mutable value (lists, dicts, nested models such as battles) are
small and are copied through, recursively, from the state's own data without validating it
again. Fields declared as str, int, bool, enums, literals, frozen decisions or unions of them
are shared, since those values are immutable.

The original is sealed by the copy: its units, the dict of units while shared and its shared
fields refuse to be changed in place from then on, so the history's states can never be
rewritten by a rule that forgot to ask `GameState.unit` (or `add_unit`, `remove_unit`, `own`).

The copy is made the way pydantic's own `model_copy` makes one (a new instance whose field
dict, fields set, extra and private attributes are set directly), written out: through
`model_copy` and pydantic's attribute hooks for the private attributes, a copy took twice as
long (docs/performance.md, "Copying a state"), and the engine copies the state at every action.
What pydantic's internals must keep for this to hold is checked by
tests/test_movement_fast.py (the copy equals a pickle round trip, dumps the same JSON, and
shares no mutable container it should not), so a pydantic upgrade that changed them fails the
tests rather than the game.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Final, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from pacific.rules.shared import SharedDict, SharedList
from pacific.rules.state import (
    NO_UNITS_OWNED,
    SHARED_FIELDS,
    SHARED_WHEN_EMPTY,
    GameState,
    UnitDict,
)

# Types whose values are never changed in place (the enums a state holds join them below, once
# the models are planned: `_planned`).
_SHARED: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def clone_state(state: GameState) -> GameState:
    """A copy of ``state`` that may be changed freely; ``state`` itself is sealed (its units
    are shared with the copy and must not be changed in place any more)."""
    state.seal()
    private = state.__pydantic_private__
    assert private is not None   # a GameState always has its private fields
    cls = type(state)
    values = state.__dict__.copy()
    units = values["units"]
    if type(units) is UnitDict:
        # Shared until the state or its copy changes its units (`UnitDict`).
        units.shared = True
    else:
        units = values["units"] = UnitDict(units)
    for name in SHARED_FIELDS:
        # Shared until the state or its copy changes them in place (`GameState.own`).
        value = values[name]
        kind = type(value)
        if kind is SharedDict or kind is SharedList:
            value.shared = True
        else:
            # A plain value (a new or loaded state, a value replaced whole): the copy's own
            # from now on, shared by the copies made from it.
            values[name] = SharedDict(value) if kind is dict else SharedList(value)
    _copy_fields(values, _STATE_PLANS.get(cls) or _state_plan(cls))
    for name, copier in _WHEN_EMPTY.get(cls) or _when_empty_plan(cls):
        value = values[name]
        if value:
            values[name] = copier(value)
        elif type(value) is SharedList:
            value.shared = True
        else:
            values[name] = SharedList()
    new = _new(cls)
    _set(new, "__dict__", values)
    _set(new, "__pydantic_fields_set__", state.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    # The units' type index is never changed in place: the copy shares it while it shares
    # the dict of units, else takes its ids for its own dict (`GameState.units_of_types`).
    index = private.get("_types")
    if index is not None:
        if not index.right_for(state):
            index = None
        elif index.units is not units:
            index = index.moved_to(units)
    _set(new, "__pydantic_private__", {"_mark": NO_UNITS_OWNED, "_types": index})
    return new


_new = object.__new__
_set = object.__setattr__


# Per model class: the fields copied flat (containers of immutable values), and the others
# with their copiers: planned once per class from its annotations, so a copy runs no type
# tests per value, and no call per flat field. The plans of `GameState` and of every model it
# can hold are made when this module is imported (`_planned`) and never change; a model of
# another class (a subclass, a test's own) is planned again at each copy.
Copier = Callable[[Any], Any]
Plan = tuple[tuple[str, ...], tuple[tuple[str, Copier], ...]]


def _plan(cls: type[BaseModel]) -> Plan:
    plan = _PLANS.get(cls)
    return plan if plan is not None else _split(cls, _deep_fields(cls))


def _state_plan(cls: type[GameState]) -> Plan:
    """A state's plan, but for its units, `SHARED_FIELDS` and `SHARED_WHEN_EMPTY`:
    `clone_state` shares them (copied on write, `GameState.unit`, `GameState.own`)."""
    return _split(cls, tuple(name for name in _deep_fields(cls) if name != "units"
                             and name not in SHARED_FIELDS and name not in SHARED_WHEN_EMPTY))


def _when_empty_plan(cls: type[GameState]) -> tuple[tuple[str, Copier], ...]:
    """The copiers of a state's `SHARED_WHEN_EMPTY` fields (they give a plain list)."""
    return tuple((name, _copier(cls.model_fields[name].annotation))
                 for name in SHARED_WHEN_EMPTY)


def _split(cls: type[BaseModel], names: tuple[str, ...]) -> Plan:
    copiers = [(name, _copier(cls.model_fields[name].annotation)) for name in names]
    return (tuple(name for name, c in copiers if c is _flat),
            tuple((name, c) for name, c in copiers if c is not _flat))


def _copy_fields(values: dict[str, Any], plan: Plan) -> None:
    """Replace the mutable values among a model's ``values`` by copies, following ``plan``."""
    flat, deep = plan
    for name in flat:
        # Copied here rather than through `_flat`: a call per field costs as much as the
        # copy itself, and a state or a battle record has a dozen such fields.
        value = values[name]
        kind = type(value)
        if kind is dict or kind is list:
            values[name] = value.copy()
        elif value is not None:
            values[name] = _flat(value)
    for name, copier in deep:
        value = values[name]
        if value:
            values[name] = copier(value)
        elif value is not None:
            # Nearly always an empty list or dict (no battle, no assault): a plain copy.
            kind = type(value)
            values[name] = value.copy() if kind is list or kind is dict else copier(value)


def _flat(value: Any) -> Any:
    """A list, dict or set of immutable values (anything else: copied the generic way)."""
    return value.copy() if type(value) in (list, dict, set) else _value(value)


def _copier(annotation: Any) -> Copier:
    """The copier of a field declared ``annotation`` (not immutable, `_immutable`)."""
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin in (list, dict):
        inner = args[-1] if args else Any
        if _immutable(inner):
            return _flat
        if origin is list:
            if isinstance(inner, type) and issubclass(inner, BaseModel):
                return lambda value: [_model(v) for v in value] \
                    if isinstance(value, list) else _value(value)
            return _value
        nested = _copier(inner)
        if nested is _flat:
            # e.g. losses: dict[Nation, dict[UnitType, int]]
            return lambda value: {k: _flat(v) for k, v in value.items()} \
                if type(value) is dict else _value(value)
        return _value
    if origin is Union or origin is types.UnionType:
        # None is never copied (the plan's caller skips it): one other arm decides.
        mutable = [a for a in args if a is not type(None) and not _immutable(a)]
        if len(mutable) == 1 and len(args) == 2 and type(None) in args:
            return _copier(mutable[0])
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _model
    return _value


def _immutable(annotation: Any) -> bool:
    if annotation in _SHARED or annotation is None:
        return True
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and \
            annotation.model_config.get("frozen"):
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return all(type(a) in _SHARED or isinstance(a, Enum) for a in get_args(annotation))
    if origin is Union or origin is types.UnionType:
        return all(_immutable(a) for a in get_args(annotation))
    if str(origin) == "typing.Annotated":
        return _immutable(get_args(annotation)[0])
    return False


def _deep_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``cls`` that may hold a mutable value."""
    return tuple(name for name, info in cls.model_fields.items()
                 if not _immutable(info.annotation))


def _model(model: BaseModel) -> Any:
    # What pydantic's own __deepcopy__ does, without the generic deepcopy machinery.
    cls = type(model)
    if cls.model_config.get("frozen"):
        return model
    new = cls.__new__(cls)
    values = model.__dict__.copy()
    _copy_fields(values, _plan(cls))
    setattr_ = object.__setattr__
    setattr_(new, "__dict__", values)
    setattr_(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    extra = model.__pydantic_extra__
    setattr_(new, "__pydantic_extra__", None if extra is None else _value(extra))
    private = model.__pydantic_private__
    setattr_(new, "__pydantic_private__", None if private is None else _value(private))
    return new


def _value(value: Any) -> Any:
    cls = type(value)
    if cls in _SHARED:
        return value
    if cls is list:
        return [v if type(v) in _SHARED else _value(v) for v in value]
    if cls is dict:
        # Keys are str, int or enum members: immutable.
        return {k: v if type(v) in _SHARED else _value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return _model(value)
    if cls is tuple:
        return tuple(v if type(v) in _SHARED else _value(v) for v in value)
    if cls is set or cls is frozenset:
        return cls(_value(v) for v in value)
    if isinstance(value, Enum):
        return value
    return copy.deepcopy(value)


def _types_in(annotation: Any) -> Iterator[type]:
    """The classes named anywhere in ``annotation`` (its arguments too)."""
    if isinstance(annotation, type) and get_origin(annotation) is None:
        yield annotation
    for arg in get_args(annotation):
        yield from _types_in(arg)


def _planned(root: type[GameState]) -> tuple[frozenset[type], Mapping[type, Plan]]:
    """The enums a state can hold, and the plans of every model class it can hold."""
    enums: set[type] = set()
    plans: dict[type, Plan] = {}
    todo: list[type] = [root]
    while todo:
        cls = todo.pop()
        if cls in plans or not issubclass(cls, BaseModel):
            continue
        plans[cls] = _split(cls, _deep_fields(cls))
        for info in cls.model_fields.values():
            for kind in _types_in(info.annotation):
                if issubclass(kind, Enum):
                    enums.add(kind)
                elif issubclass(kind, BaseModel):
                    todo.append(kind)
    return frozenset(enums), MappingProxyType(plans)


_ENUMS, _PLANS = _planned(GameState)
_SHARED = _SHARED | _ENUMS
_STATE_PLANS: Final[Mapping[type, Plan]] = MappingProxyType({GameState: _state_plan(GameState)})
_WHEN_EMPTY: Final[Mapping[type, tuple[tuple[str, Copier], ...]]] = MappingProxyType(
    {GameState: _when_empty_plan(GameState)})
