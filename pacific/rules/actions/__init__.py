"""Every action kind, joined in one discriminated union with a JSON form that round-trips."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from pacific.rules.actions.base import ActionBase
from pacific.rules.actions.combat import CombatAction
from pacific.rules.actions.economy import EconomyAction
from pacific.rules.actions.movement import MovementAction

Action = Annotated[EconomyAction | MovementAction | CombatAction, Field(discriminator="kind")]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


class ActionFormatError(ValueError):
    """A JSON action that is not well formed. The message says which field is wrong."""


def parse_action(data: str | bytes | dict[str, Any]) -> Action:
    """Read one action from JSON text or a decoded JSON object.

    Raises:
        ActionFormatError: naming the field and what is wrong with it.
    """
    try:
        if isinstance(data, dict):
            return ACTION_ADAPTER.validate_python(data)
        return ACTION_ADAPTER.validate_json(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(action)"
        raise ActionFormatError(f"{where}: {first['msg']}") from None


def action_kinds() -> list[str]:
    """Every action kind, for documentation and the phase table."""
    schema = ACTION_ADAPTER.json_schema()
    mapping = schema.get("discriminator", {}).get("mapping", {})
    return sorted(mapping)


__all__ = ["ACTION_ADAPTER", "Action", "ActionBase", "ActionFormatError", "action_kinds",
           "parse_action"]
