"""A saved position, checked as the JSON it was read from: brought to today's schema,
every key a position always holds present, strict types, bounded text, and the ranges of its
numbers beside the invariants of `pacific.rules.invariants`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from pacific.rules.errors import Message, SaveFileError
from pacific.rules.fields import MAX_COUNT, MAX_IPCS, MAX_PATH_SPACES, MAX_SEED, MAX_UNIT_ID
from pacific.rules.files.jsonfile import error_message, loc_part, loc_text
from pacific.rules.files.migrations import MigrationError, migrate_state
from pacific.rules.state import GameState


def validation_error(source: str, prefix: str, exc: ValidationError) -> SaveFileError:
    """A pydantic refusal as a `SaveFileError`: which field and what pydantic says of it, in
    the file format's own terms (not translated)."""
    err = exc.errors()[0]
    return SaveFileError("{field}: {problem}",
                         field=prefix + loc_text(tuple(err["loc"])),
                         problem=error_message(err)).at(source)


def validate_snapshot(data: dict[str, Any], source: str = "saved game",
                      entry: str = "snapshot") -> GameState:
    """The saved position, brought to today's schema and validated strictly: as the JSON it
    was read from, where a boolean, a string or a float is never a number (``GameState``
    itself is lax, for code), and no text is longer than `MAX_SNAPSHOT_TEXT`. The ranges of
    its numbers are checked with its invariants (`range_problems`).

    Raises:
        SaveFileError: naming the entry and what is wrong with it.
    """
    missing = next((key for key in REQUIRED_STATE_KEYS if key not in data), None)
    if missing is not None:
        # A default would invent part of the position (an empty board, empty treasuries).
        raise SaveFileError("{field} is missing: every saved position holds it",
                            field=f"{entry}.{missing}").at(source)
    long_text = _long_text(data)
    if long_text is not None:
        raise SaveFileError("{field}: text longer than {limit} characters",
                            field=f"{entry}.{long_text}",
                            limit=MAX_SNAPSHOT_TEXT).at(source)
    try:
        return GameState.model_validate_json(json.dumps(migrate_state(data)), strict=True)
    except MigrationError as exc:
        raise SaveFileError("{entry}: {problem}", entry=entry,
                            problem=str(exc)).at(source) from None
    except ValidationError as exc:
        raise validation_error(source, f"{entry}.", exc) from None


# What every saved position holds, since the first schema: a position without one of them is
# not one Pacific wrote. Fields added later with a default (`edit_mode`,
# `production_corrections`, `british_convoy_correction`) may be absent (an older save).
REQUIRED_STATE_KEYS = (
    "map_id", "players", "round", "power", "phase", "units", "next_unit_id", "territory_owner",
    "convoy_holder", "treasury", "purchased", "china_infantry_due", "victory_points",
    "kamikaze_tokens", "owner_at_turn_start", "captured_this_turn", "ipcs_seized_this_turn",
    "pending", "amphibious_assaults", "raids", "frozen_carriers", "transport_unloads",
    "battles", "owner_choices", "convoy_split_due", "placed_at", "seed", "dice_drawn",
    "winner", "win_reason")


# Ids in a position are at most 64 characters, its free text (why the game was won, what dice
# are for) about 150: a longer string is not one Pacific wrote, and messages quote them.
MAX_SNAPSHOT_TEXT = 300


def _long_text(data: Any) -> str | None:
    """Where the first too long string (or key) of ``data`` is, if there is one."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        node, where = stack.pop()
        if isinstance(node, str) and len(node) > MAX_SNAPSHOT_TEXT:
            return where or "(top level)"
        items = node.items() if isinstance(node, dict) else \
            enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            step = f"{where}.{loc_part(key)}" if where else loc_part(key)
            if isinstance(key, str) and len(key) > MAX_SNAPSHOT_TEXT:
                return step
            stack.append((value, step))
    return None


# The ranges of a saved position's numbers, beside what the invariants check
# (`pacific.rules.invariants`: no negative treasury, count, VP or amount due, round 1 on, the
# kamikaze track): upper bounds a real game never comes near, and the ids and seeds actions
# and dice accept. ``None``: the invariants check the lower bound.
MAX_TREASURY = 999_999
_STATE_BOUNDS: dict[str, tuple[int | None, int]] = {
    "round": (None, 9_999), "next_unit_id": (1, MAX_UNIT_ID + 1), "seed": (0, MAX_SEED),
    "dice_drawn": (0, 10**12), "victory_points": (None, 999),
    "china_infantry_due": (None, MAX_COUNT), "convoy_split_due": (None, MAX_IPCS),
    "ipcs_seized_this_turn": (0, MAX_IPCS),
    "british_convoy_correction": (-MAX_IPCS, MAX_IPCS),
}


def _numbers(state: GameState) -> Iterator[tuple[str, int, int | None, int]]:
    """Each number of a position with its range: (where, value, lowest, highest)."""
    for name, (low, high) in _STATE_BOUNDS.items():
        yield name, getattr(state, name), low, high
    for nation, held in state.treasury.items():
        yield f"treasury.{nation.value}", held, None, MAX_TREASURY
    for nation, correction in state.production_corrections.items():
        yield f"production_corrections.{nation.value}", correction, -MAX_IPCS, MAX_IPCS
    for nation, bought in state.purchased.items():
        for unit_type, count in bought.items():
            yield f"purchased.{nation.value}.{unit_type.value}", count, None, MAX_COUNT
    for space, count in state.placed_at.items():
        yield f"placed_at.{loc_part(space)}", count, 0, MAX_COUNT
    for key, unit in state.units.items():
        yield f"units.{key}.id", unit.id, 1, MAX_UNIT_ID
        if unit.carried_by is not None:
            yield f"units.{key}.carried_by", unit.carried_by, 1, MAX_UNIT_ID
        yield f"units.{key}.moves_used", unit.moves_used, 0, MAX_PATH_SPACES


def range_problems(state: GameState) -> list[Message]:
    """The numbers of a saved position outside their range, one message each (at most 20);
    each names the field in the file format's own terms."""
    out = [Message("{field} is {value:,}, outside {low:,} to {high:,}", field=where,
                   value=value, low=0 if low is None else low, high=high)
           for where, value, low, high in _numbers(state)
           if value > high or (low is not None and value < low)]
    return out[:20]
