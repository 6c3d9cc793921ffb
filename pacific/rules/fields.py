"""Strict, bounded field types for what Pacific reads from a file or a command line.

pydantic's default ("lax") mode would read ``true`` as the number 1, and ``"2"`` or ``2.0`` as
2: in a purchase, ``{"infantry": true}`` would buy one infantry. Every integer and boolean field
of an action, a save file or a map is therefore *strict* (a boolean, a string or a float is
never a number), and every integer has a range, so that no value read from a file can make the
engine loop, allocate or print without bound.

Strictness is set per scalar type, not with ``ConfigDict(strict=True)`` on the models: a strict
model refuses ``"japan"`` for a `Nation` and a JSON list for a tuple when it validates an
already decoded JSON object (`parse_action` on a save's actions), and those must stay readable.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, Strict
from pydantic_core import PydanticCustomError

# ---- bounds (what a real game needs, with a wide margin) ----
MAX_UNIT_ID = 999_999           # unit ids count up from 1 as units are placed
MAX_COUNT = 999                 # units bought of one type, or placed at once
MAX_IPCS = 9_999                # an amount of IPCs named in an action
MAX_SEED = 2**63 - 1            # dice seeds are 0..2**63-1 (`pacific new` draws below 2**31)
MAX_UNITS_PER_ACTION = 1_000    # unit ids listed in one action
MAX_PATH_SPACES = 32            # spaces in one path; the longest legal move is far shorter
MAX_DICE_PER_ROLL = 1_000       # dice typed in for one roll (one per unit that fires)
MAX_ID_CHARS = 64               # a board id, a map id

ID_PATTERN = rf"^[a-z0-9_]{{1,{MAX_ID_CHARS}}}$"


def _exact_int(value: Any) -> Any:
    """Refuse what lax validation would turn into an int: True, 2.0, "2"."""
    if type(value) is not int:
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


# A strict int: in JSON only a number without a fraction or exponent.
Int = Annotated[int, Strict()]
Bool = Annotated[bool, Strict()]
# For Literal[...] ints (players, schema versions), where pydantic cannot apply Strict().
ExactInt = BeforeValidator(_exact_int)

UnitId = Annotated[int, Strict(), Field(ge=1, le=MAX_UNIT_ID)]
Count = Annotated[int, Strict(), Field(ge=1, le=MAX_COUNT)]
# A count whose sign the rules judge, with their own message (R-PURCH-2: "buy at least one").
Quantity = Annotated[int, Strict(), Field(ge=-MAX_COUNT, le=MAX_COUNT)]
Ipcs = Annotated[int, Strict(), Field(ge=0, le=MAX_IPCS)]
Seed = Annotated[int, Strict(), Field(ge=0, le=MAX_SEED)]
Die = Annotated[int, Strict(), Field(ge=1, le=6)]

# Ids of territories and sea zones ("new_south_wales", "sz_12") and of maps: snake_case ASCII,
# so an id can be quoted in a message without echoing a megabyte or a control character.
SpaceId = Annotated[str, Field(pattern=ID_PATTERN)]
MapId = Annotated[str, Field(pattern=ID_PATTERN)]
UnitIds = Annotated[tuple[UnitId, ...], Field(max_length=MAX_UNITS_PER_ACTION)]
