"""The unit syntax of `pacific odds` (docs/odds.md): "3 inf, 1 art, 2 arm, 1 ftr"."""

from __future__ import annotations

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


def parse_loads(text: str) -> list[Units]:
    """Read transport loads, one per transport, separated by "|": "2 inf | 1 arm, 1 inf".

    Raises:
        ValueError: naming the bad word.
    """
    return [parse_units(part) for part in text.split("|") if part.strip()]


def format_units(units: dict[UnitType, int]) -> str:
    parts = [f"{n} {t.value}" for t, n in units.items() if n]
    return ", ".join(parts) if parts else "nothing"
