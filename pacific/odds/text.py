"""The unit syntax of `pacific odds` (docs/odds.md): "3 inf, 1 art, 2 arm, 1 ftr"."""

from __future__ import annotations

from pacific.odds.model import KamikazeTarget
from pacific.rules.units import UnitType, parse_unit_type

Units = dict[UnitType, int]


def parse_units(text: str) -> Units:
    """Read "3 inf, 1 art, bb" (a missing count is 1; the same unit twice adds up).

    Raises:
        ValueError: naming the bad word, for an unknown unit or a bad count.
    """
    out: Units = {}
    for part in text.replace(";", ",").split(","):
        words = part.split()
        if not words:
            continue
        count = 1
        if words[0].isdigit():
            count = int(words[0])
            words = words[1:]
        elif words[0].lstrip("-").isdigit():
            raise ValueError(f"a count cannot be negative: {words[0]!r}")
        if len(words) != 1:
            raise ValueError(f"expected '<count> <unit>', got {part.strip()!r}")
        unit_type = parse_unit_type(words[0])
        out[unit_type] = out.get(unit_type, 0) + count
    return out


def parse_order(text: str) -> list[UnitType]:
    """Read an order of loss: "inf, art, arm, ftr".

    Raises:
        ValueError: naming the bad word.
    """
    return [parse_unit_type(w) for w in text.replace(";", ",").split(",") if w.strip()]


def parse_kamikazes(text: str) -> list[UnitType | KamikazeTarget]:
    """Read kamikaze targets: "bb, cv" (one kamikaze each, on different ships), "bb x3"
    (three on one battleship, OQ3-4), "damaged bb" (on a battleship already damaged).

    Raises:
        ValueError: naming the bad word or count.
    """
    out: list[UnitType | KamikazeTarget] = []
    for part in text.replace(";", ",").split(","):
        words = part.lower().split()
        if not words:
            continue
        damaged = words[0] == "damaged"
        words = words[1:] if damaged else words
        count = 1
        if len(words) == 2 and words[1].startswith("x") and words[1][1:].isdigit():
            count = int(words[1][1:])
            words = words[:1]
        if len(words) != 1 or count < 1:
            raise ValueError(f"expected '[damaged] <ship> [xN]', got {part.strip()!r}")
        ship = parse_unit_type(words[0])
        if count == 1 and not damaged:
            out.append(ship)
        else:
            out.append(KamikazeTarget(ship=ship, kamikazes=count, damaged=damaged))
    return out


def parse_loads(text: str) -> list[Units]:
    """Read transport loads, one per transport, separated by "|": "2 inf | 1 arm, 1 inf".

    Raises:
        ValueError: naming the bad word.
    """
    return [parse_units(part) for part in text.split("|") if part.strip()]


def format_units(units: dict[UnitType, int]) -> str:
    parts = [f"{n} {t.value}" for t, n in units.items() if n]
    return ", ".join(parts) if parts else "nothing"
