"""Every action kind, joined in one discriminated union with a JSON form that round-trips."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError

from pacific.rules.actions.base import ActionBase
from pacific.rules.actions.combat import CombatAction
from pacific.rules.actions.economy import EconomyAction
from pacific.rules.actions.edit import EditAction
from pacific.rules.actions.movement import MovementAction
from pacific.rules.errors import N_
from pacific.rules.fields import MAX_UNITS_PER_ACTION
from pacific.rules.files.jsonfile import JsonFileError, decode_json, error_message, loc_text

Action = Annotated[EconomyAction | MovementAction | CombatAction | EditAction,
                   Field(discriminator="kind")]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action, config=ConfigDict(defer_build=True))

# Every action kind, as a type: the phase table, the decision table and the handler registry are
# typed with it, so a misspelt kind does not pass mypy. `action_kinds()` (from the union) and
# this literal must agree: tests/test_actions_typed.py checks it.
ActionKind = Literal[
    "end_phase", "purchase", "place", "split_convoy_income", "choose_owner",
    "move", "load", "unload", "hold_convoy", "start_cap", "land_cap",
    "select_battle", "select_casualty", "confirm_casualties", "choose_casualties", "press_on",
    "retreat", "submerge", "kamikaze_target", "kamikaze", "call_off_assault", "intercept",
    "land_fighter", "roll_dice",
    "edit_mode", "edit_add_units", "edit_remove_units", "edit_move_units", "edit_damaged",
    "edit_submerged",
    "edit_control", "edit_treasury", "edit_production", "edit_british_convoy",
    "edit_victory_points", "edit_kamikaze_tokens", "edit_purchased", "edit_turn", "edit_hits",
]
ACTION_KINDS: frozenset[str] = frozenset(get_args(ActionKind))
# The tabletop companion's kinds: allowed only while edit mode is on, in every phase
# and under any pending decision; `edit_mode` itself is always allowed.
EDIT_KINDS: frozenset[ActionKind] = frozenset(
    k for k in get_args(ActionKind) if k.startswith("edit_"))


# One action as JSON text: the largest legal one (a thousand unit ids) is far smaller.
MAX_ACTION_BYTES = 64 * 1024
_MAX_ACTION_VALUES = 4 * MAX_UNITS_PER_ACTION
_MAX_ACTION_DEPTH = 4


class ActionFormatError(ValueError):
    """A JSON action that is not well formed. The message says which field is wrong."""


def parse_action(data: str | bytes | dict[str, Any]) -> Action:
    """Read one action from JSON text or a decoded JSON object. Text goes through the same
    reader as every JSON file (`pacific.rules.files.jsonfile`: size, numbers, depth); numbers and
    booleans are strict (`pacific.rules.fields`: ``true`` or ``"2"`` is never a count).

    Raises:
        ActionFormatError: naming the field and what is wrong with it.
    """
    if not isinstance(data, dict):
        raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
        try:
            data = decode_json(raw, "", what=N_("action"), max_bytes=MAX_ACTION_BYTES,
                               max_depth=_MAX_ACTION_DEPTH, max_values=_MAX_ACTION_VALUES)
        except JsonFileError as exc:
            raise ActionFormatError(str(exc)) from None
    try:
        return ACTION_ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = loc_text(tuple(first["loc"])) if first["loc"] else "(action)"
        raise ActionFormatError(f"{where}: {error_message(first)}") from None


def action_kinds() -> list[str]:
    """Every action kind, for documentation and the phase table."""
    schema = ACTION_ADAPTER.json_schema()
    mapping = schema.get("discriminator", {}).get("mapping", {})
    return sorted(mapping)


__all__ = ["ACTION_ADAPTER", "ACTION_KINDS", "EDIT_KINDS", "MAX_ACTION_BYTES", "Action",
           "ActionBase",
           "ActionFormatError", "ActionKind", "action_kinds", "parse_action"]
