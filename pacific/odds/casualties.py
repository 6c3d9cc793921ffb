"""Order of loss and the assignment of hits to casualties (R-COMBAT-6).

A side is a tuple of counts over categories (unit type, damaged), listed in the side's order
of loss: identical units are interchangeable, so this is the whole state of a side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pacific.odds.values import POOLS, FireContext, Pool, unit_value
from pacific.rules.units import UNIT_SPECS, UnitType, is_air, is_land, is_sea

Category = tuple[UnitType, bool]  # (type, damaged); only battleships are ever damaged
Counts = tuple[int, ...]

# Never casualties (R-COMBAT-6, R-AA-1): they are not part of a side's state.
NOT_CASUALTIES = frozenset({UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX})


def default_order(types: Sequence[UnitType], ctx: FireContext) -> list[UnitType]:
    """Cheapest first; among equal costs the unit that hits less first."""
    return sorted(
        types, key=lambda t: (UNIT_SPECS[t].cost, unit_value(t, ctx), list(UnitType).index(t))
    )


def _eligible(category: Category, pool: Pool) -> bool:
    unit_type = category[0]
    if pool is Pool.AIR:
        return is_air(unit_type)
    if pool is Pool.SHIPS:
        return is_sea(unit_type)
    if pool is Pool.NON_SUB:
        return unit_type is not UnitType.SUBMARINE
    return True


@dataclass(frozen=True)
class Layout:
    """The categories of one side in its order of loss.

    An undamaged battleship comes first: its free hit costs nothing (R-BB-2); the damaged
    battleship it becomes sits where its cost puts it.
    """

    categories: tuple[Category, ...]
    keep_land: bool = False  # the attacker keeps its last land unit as long as it can
    eligible: tuple[tuple[bool, ...], ...] = field(init=False)
    land: tuple[bool, ...] = field(init=False)
    air: tuple[bool, ...] = field(init=False)
    fresh_bb: int = field(init=False)
    damaged_bb: int = field(init=False)

    def __post_init__(self) -> None:
        cats = self.categories
        object.__setattr__(
            self, "eligible", tuple(tuple(_eligible(c, p) for c in cats) for p in POOLS)
        )
        object.__setattr__(self, "land", tuple(is_land(c[0]) for c in cats))
        object.__setattr__(self, "air", tuple(is_air(c[0]) for c in cats))
        object.__setattr__(
            self,
            "fresh_bb",
            cats.index((UnitType.BATTLESHIP, False))
            if (UnitType.BATTLESHIP, False) in cats
            else -1,
        )
        object.__setattr__(
            self,
            "damaged_bb",
            cats.index((UnitType.BATTLESHIP, True)) if (UnitType.BATTLESHIP, True) in cats else -1,
        )

    @classmethod
    def build(
        cls,
        types: Sequence[UnitType],
        ctx: FireContext,
        order: Sequence[UnitType] | None = None,
        *,
        keep_land: bool = False,
    ) -> Layout:
        present = [t for t in dict.fromkeys(types) if t not in NOT_CASUALTIES]
        ranked = default_order(present, ctx)
        if order is not None:
            # The user's order first, then anything it does not name in the default order.
            ranked = [t for t in order if t in present] + [t for t in ranked if t not in order]
        cats: list[Category] = [(t, False) for t in ranked]
        if UnitType.BATTLESHIP in ranked:
            i = ranked.index(UnitType.BATTLESHIP)
            cats[i] = (UnitType.BATTLESHIP, True)
            cats.insert(0, (UnitType.BATTLESHIP, False))
        return cls(tuple(cats), keep_land)

    def counts(self, units: Mapping[UnitType, int], damaged_battleships: int = 0) -> Counts:
        out = []
        for unit_type, damaged in self.categories:
            n = units.get(unit_type, 0)
            if unit_type is UnitType.BATTLESHIP:
                n = damaged_battleships if damaged else n - damaged_battleships
            out.append(n)
        return tuple(out)

    def types(self, counts: Counts, *, skip_air: bool = False) -> dict[UnitType, int]:
        out: dict[UnitType, int] = {}
        for (unit_type, _), n, air in zip(self.categories, counts, self.air, strict=True):
            if n and not (skip_air and air):
                out[unit_type] = out.get(unit_type, 0) + n
        return out

    def health(self, counts: Counts) -> int:
        """Hits still needed to wipe the side out (an undamaged battleship needs two)."""
        total = sum(counts)
        if self.fresh_bb >= 0:
            total += counts[self.fresh_bb]
        return total

    def allocate(
        self, counts: Counts, hits: Sequence[int], *, withdrawn_air: bool = False
    ) -> Counts:
        """Remove casualties for `hits` (one number per Pool) in the order of loss.

        Hits with no eligible target are lost (OQ3-7).
        """
        c = list(counts)
        for pool in POOLS:
            h = hits[pool]
            if not h:
                continue
            eligible = self.eligible[pool]
            for first_pass in (True, False):
                reserve = -1
                if first_pass and self.keep_land:
                    # The attacker keeps one land unit to take the territory (R-COMBAT-9).
                    for i in range(len(c) - 1, -1, -1):
                        if self.land[i] and c[i]:
                            reserve = i
                            break
                for i, n in enumerate(c):
                    if not eligible[i] or (withdrawn_air and self.air[i]):
                        continue
                    avail = n - (i == reserve)
                    if avail <= 0:
                        continue
                    k = min(h, avail)
                    c[i] -= k
                    h -= k
                    if i == self.fresh_bb:
                        c[self.damaged_bb] += k  # R-BB-1: the first hit only damages it
                    if not h:
                        break
                if not h or reserve < 0:
                    break
        return tuple(c)
