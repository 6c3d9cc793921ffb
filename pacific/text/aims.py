"""Dice that each have a ship of their own (a kamikaze token's die, R-KAMI-6), in words: which
ship each die was rolled at and whether it hit, for the event log, the battle board and the
dice typed in from the table."""

from __future__ import annotations

from collections import Counter

from pacific.rules.events import Aim, DiceLabel
from pacific.text.language import N_, gettext, pgettext
from pacific.text.names import nation_name
from pacific.text.values import unit_noun


def ship_names(aimed: tuple[Aim, ...]) -> dict[int, str]:
    """Each ship aimed at, by id, in words: "destroyer (United States)"; where several ships
    of one owner and type are aimed at, numbered in the order of the dice ("destroyer 2
    (United States)") so that the dice at one ship read apart from the dice at another."""
    ships = {a.unit: a for a in aimed}
    alike = Counter((a.nation, a.unit_type) for a in ships.values())
    numbered: Counter[tuple[object, object]] = Counter()
    names: dict[int, str] = {}
    for unit, aim in ships.items():
        kind = (aim.nation, aim.unit_type)
        if alike[kind] > 1:
            numbered[kind] += 1
            names[unit] = gettext(N_("{unit} {number} ({nation})")).format(
                unit=unit_noun(aim.unit_type), number=numbered[kind],
                nation=nation_name(aim.nation))
        else:
            names[unit] = gettext(N_("{unit} ({nation})")).format(
                unit=unit_noun(aim.unit_type), nation=nation_name(aim.nation))
    return names


def aims_match(label: DiceLabel | None, values: tuple[int, ...] | int) -> bool:
    """Does ``label`` name one ship per die of the roll (``values``, or their count)?"""
    count = values if isinstance(values, int) else len(values)
    return label is not None and bool(label.aimed) and len(label.aimed) == count


def die_result(value: int, hit_on: int | None) -> str:
    """"hit" or "miss" for one die."""
    hit = hit_on is not None and value <= hit_on
    return pgettext("a die's result", "hit") if hit else pgettext("a die's result", "miss")


def aimed_dice(label: DiceLabel, values: tuple[int, ...], hit_on: int | None) -> str:
    """Every die of the roll with its ship and result, in the order rolled: "2 at destroyer
    (United States) → hit; 5 at battleship (United States) → miss"."""
    names = ship_names(label.aimed)
    return "; ".join(gettext(N_("{value} at {ship} → {result}")).format(
        value=value, ship=names[aim.unit], result=die_result(value, hit_on))
        for aim, value in zip(label.aimed, values, strict=True))


def dice_by_ship(label: DiceLabel, values: tuple[int, ...]
                 ) -> list[tuple[str, tuple[int, ...]]]:
    """The dice of the roll by the ship they were rolled at, ships in the order of their first
    die: [("destroyer (United States)", (2, 4)), ...]."""
    names = ship_names(label.aimed)
    rows: dict[int, list[int]] = {}
    for aim, value in zip(label.aimed, values, strict=True):
        rows.setdefault(aim.unit, []).append(value)
    return [(names[unit], tuple(dice)) for unit, dice in rows.items()]


__all__ = ["aimed_dice", "aims_match", "dice_by_ship", "die_result", "ship_names"]
