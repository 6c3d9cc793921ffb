"""Copying a game state for the engine's "work on a copy" guarantee (STYLE habits 2 and 17).

A copy costs little and shares most of its memory with the original: the units themselves are
shared (copy on write, `GameState.unit`), only the dict that holds them is new; the other
fields that can hold a mutable value (lists, dicts, nested models such as battles) are small
and are copied through, recursively, from the state's own data without validating it again.
Fields declared as str, int, bool, enums, literals, frozen decisions or unions of them are
shared, since those values are immutable.

The original is sealed by the copy: its units refuse to be changed in place from then on, so
the history's states can never be rewritten by a rule that forgot to ask `GameState.unit`.
"""

from __future__ import annotations

import copy
import types
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from pacific.rules.state import GameState, Ownership

# Types whose values are never changed in place; enum classes join on first sight.
_SHARED: set[type] = {str, int, float, bool, type(None)}
# Per model class: the fields that may hold a mutable value.
_DEEP_FIELDS: dict[type, tuple[str, ...]] = {}
# Per model class and field: a list or dict of immutable values, copied in one step.
_FLAT_FIELDS: dict[type, frozenset[str]] = {}


def clone_state(state: GameState) -> GameState:
    """A copy of ``state`` that may be changed freely; ``state`` itself is sealed (its units
    are shared with the copy and must not be changed in place any more)."""
    state.seal()
    cls = type(state)
    new = cls.__new__(cls)
    values = dict(state.__dict__)
    flat = _flat_fields(cls)
    for name in _deep_fields(cls):
        value = values[name]
        if name == "units" or name in flat:
            values[name] = value.copy()   # the units themselves: copy on write
        elif type(value) not in _SHARED:
            values[name] = _value(value)
    setattr_ = object.__setattr__
    setattr_(new, "__dict__", values)
    setattr_(new, "__pydantic_fields_set__", set(state.__pydantic_fields_set__))
    setattr_(new, "__pydantic_extra__", None)
    setattr_(new, "__pydantic_private__", {"_mark": Ownership()})
    return new


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


def _flat_fields(cls: type[BaseModel]) -> frozenset[str]:
    flat = _FLAT_FIELDS.get(cls)
    if flat is None:
        flat = _FLAT_FIELDS[cls] = frozenset(
            name for name, info in cls.model_fields.items()
            if get_origin(info.annotation) in (list, dict)
            and all(_immutable(a) for a in get_args(info.annotation)))
    return flat


def _deep_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    fields = _DEEP_FIELDS.get(cls)
    if fields is None:
        fields = _DEEP_FIELDS[cls] = tuple(
            name for name, info in cls.model_fields.items() if not _immutable(info.annotation))
    return fields


def _model(model: BaseModel) -> Any:
    # What pydantic's own __deepcopy__ does, without the generic deepcopy machinery.
    cls = type(model)
    if cls.model_config.get("frozen"):
        return model
    new = cls.__new__(cls)
    values = dict(model.__dict__)
    for name in _deep_fields(cls):
        value = values[name]
        if type(value) not in _SHARED:
            values[name] = _value(value)
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
        _SHARED.add(cls)
        return value
    return copy.deepcopy(value)
