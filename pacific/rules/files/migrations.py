"""Old saved positions in today's form (a new rules version still opens an old
game). Each step takes the JSON form of a `GameState` from one schema version to the next; only
plain data is read and written, nothing is executed.

- 1 → 2: ``pending`` was a dict of string keys ("kinds", "power", "decision",
  "prompt", and fields of each area); it becomes a typed decision (`pacific.rules.decisions`).

Fields added with a default need no new schema: older positions read them as the default
(``edit_mode``, ``production_corrections``, ``british_convoy_correction``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pacific.rules.files.jsonfile import excerpt
from pacific.rules.state import STATE_SCHEMA_VERSION

JsonDict = dict[str, Any]


class MigrationError(ValueError):
    """A saved position too old, too new or too damaged to bring up to date."""


def _pending_v1_to_v2(state: JsonDict) -> JsonDict | None:
    old = state.get("pending")
    if old is None:
        return None
    if not isinstance(old, dict):
        raise MigrationError("pending: not an object")
    kinds = old.get("kinds") or []
    decision = old.get("decision")
    power = old.get("power")
    battle = old.get("battle")
    units = list(old.get("units") or [])
    if decision is None and "split_convoy_income" in kinds:
        return {"decision": "split_convoy_income", "power": power or "uk",
                "amount": state.get("convoy_split_due", 0)}
    if decision is None and "choose_owner" in kinds:
        return {"decision": "choose_owner", "power": power, "territory": old.get("territory"),
                "options": old.get("options") or []}
    if decision == "casualties":
        return {"decision": "casualties", "power": power, "battle": battle,
                "side": old.get("side"), "count": old.get("hits", 0)}
    if decision == "round":
        return {"decision": "round", "power": power, "battle": battle,
                "retreat_to": old.get("retreat_to") or [],
                "submarines": units if "submerge" in kinds else []}
    if decision == "defender_submerge":
        return {"decision": "defender_submerge", "power": power, "battle": battle,
                "submarines": units}
    if decision == "kamikaze":
        return {"decision": "kamikaze", "power": power, "battle": battle,
                "zones": old.get("zones") or [], "tokens": old.get("tokens", 0)}
    if decision == "intercept":
        return {"decision": "intercept", "power": power, "battle": battle, "fighters": units}
    if decision == "land_fighter":
        return {"decision": "land_fighter", "power": power, "battle": battle,
                "unit": old.get("unit"), "options": old.get("options") or []}
    raise MigrationError(f"pending: a decision of an unknown kind "
                         f"({excerpt(decision or kinds)})")


def _v1_to_v2(state: JsonDict) -> JsonDict:
    out = dict(state)
    out["pending"] = _pending_v1_to_v2(state)
    out["schema_version"] = 2
    return out


_STEPS: dict[int, Callable[[JsonDict], JsonDict]] = {1: _v1_to_v2}


def migrate_state(data: JsonDict) -> JsonDict:
    """The JSON form of a saved position, brought to `STATE_SCHEMA_VERSION`.

    Raises:
        MigrationError: the schema version is unknown or newer than this version of Pacific,
            or the old data cannot be read as that version.
    """
    version = data.get("schema_version", 1)
    if type(version) is not int or not 1 <= version <= STATE_SCHEMA_VERSION:
        raise MigrationError(f"schema_version {excerpt(version)} is not one this version of "
                             f"Pacific knows (1 to {STATE_SCHEMA_VERSION})")
    while version < STATE_SCHEMA_VERSION:
        data = _STEPS[version](data)
        version += 1
    return data
