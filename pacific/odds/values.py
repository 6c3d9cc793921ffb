"""Hit values of units in a battle context, read from pacific.rules.units (the one source).

A side's fire is a list of dice groups (pool, value, count): `count` dice hitting on `value`
or less (R-COMBAT-5), whose hits may only fall on the units `pool` allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from pacific.odds.model import BattleKind
from pacific.rules.combat.values import attack_value, defense_value
from pacific.rules.units import UnitType, is_air


class Pool(IntEnum):
    """Which enemy units a hit may fall on. Hits are assigned pool by pool in this order, the
    most restricted first, so a restricted hit never steals a target an unrestricted hit
    needed."""

    AIR = 0  # AA fire: aircraft only (R-AA-2)
    SHIPS = 1  # submarine hits: never aircraft (R-SUB-4, OQ3-7)
    NON_SUB = 2  # aircraft without a friendly destroyer: never submarines (R-SUB-5)
    ANY = 3


POOLS = tuple(Pool)
Group = tuple[Pool, int, int]  # (pool, hit value, number of dice)


@dataclass(frozen=True)
class FireContext:
    kind: BattleKind
    attacking: bool
    first_turn: bool = False  # R-FIRSTTURN-1, only for the defending side
    marine_bonus: bool = False  # R-MARINE-2: an amphibious assault with a landing


@lru_cache(maxsize=1024)
def unit_value(unit_type: UnitType, ctx: FireContext, *, supported: bool = False) -> int:
    """The value a unit hits on in a normal round of fire (0 = it does not roll), as the rules
    engine computes it (pacific.rules.combat.values: one source of truth).

    `supported` = an attacking infantry or Marine paired with an artillery (R-ART-2/4).
    """
    if ctx.attacking:
        return attack_value(unit_type, supported=supported, amphibious_marine=ctx.marine_bonus)
    return defense_value(unit_type, surprise=ctx.first_turn)


@lru_cache(maxsize=64)
def _value_table(ctx: FireContext) -> dict[tuple[UnitType, bool], int]:
    return {(t, sup): unit_value(t, ctx, supported=sup) for t in UnitType for sup in (False, True)}


_AIR = frozenset(t for t in UnitType if is_air(t))
_PAIRED = (UnitType.MARINE, UnitType.INFANTRY)  # R-ART-2/4, OQ3-19: Marines paired first


def dice_groups(
    counts: Mapping[UnitType, int],
    ctx: FireContext,
    *,
    has_destroyer: bool,
    skip_submarines: bool = False,
) -> list[Group]:
    """The dice a side rolls in a normal round (R-LAND-1 step 3-4, R-NAVAL-1 step 3-4).

    `has_destroyer`: a destroyer of the firing side is present, so its aircraft may hit
    submarines (R-SUB-5). `skip_submarines`: they already made a first strike (R-SUB-2).
    Artillery pairs are redone every round from the units given (OQ3-19); no bonus on
    defense (R-ART-3).
    """
    values = _value_table(ctx)
    merged: dict[tuple[Pool, int], int] = {}

    def add(pool: Pool, value: int, n: int) -> None:
        if n > 0 and value > 0:
            merged[(pool, value)] = merged.get((pool, value), 0) + n

    supports = counts.get(UnitType.ARTILLERY, 0) if ctx.attacking else 0
    for paired_type in _PAIRED:
        n = counts.get(paired_type, 0)
        if n:
            k = min(n, supports)
            supports -= k
            add(Pool.ANY, values[(paired_type, True)], k)
            add(Pool.ANY, values[(paired_type, False)], n - k)
    air_pool = Pool.NON_SUB if ctx.kind is BattleKind.NAVAL and not has_destroyer else Pool.ANY
    for unit_type, n in counts.items():
        if unit_type in _PAIRED:
            continue
        if unit_type is UnitType.SUBMARINE:
            if not skip_submarines:
                add(Pool.SHIPS, values[(unit_type, False)], n)  # R-SUB-4: ships only
        else:
            add(air_pool if unit_type in _AIR else Pool.ANY, values[(unit_type, False)], n)
    return [(pool, value, n) for (pool, value), n in sorted(merged.items())]
