"""Order of loss and the assignment of hits to casualties (R-COMBAT-6).

A side is a tuple of counts over categories (unit type, damaged), listed in the side's order
of loss: identical units are interchangeable, so this is the whole state of a side.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

import numpy as np
import numpy.typing as npt

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
    # R-MULTI-4: units of the other Allied power in the sea zone; they never fire and do not
    # keep the battle going, but they can be casualties. Empty = none.
    bystander: tuple[bool, ...] = ()
    eligible: tuple[tuple[bool, ...], ...] = field(init=False)
    land: tuple[bool, ...] = field(init=False)
    air: tuple[bool, ...] = field(init=False)
    fresh_bb: int = field(init=False)
    damaged_bb: int = field(init=False)
    becomes: tuple[int, ...] = field(init=False)  # category a hit turns it into, -1: sunk
    # targets[pool][withdrawn]: the categories a hit may fall on, in the order of loss.
    targets: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)
    land_last_first: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        cats = self.categories
        if not self.bystander:
            object.__setattr__(self, "bystander", (False,) * len(cats))
        keyed = list(zip(cats, self.bystander, strict=True))
        object.__setattr__(
            self,
            "becomes",
            tuple(
                keyed.index(((UnitType.BATTLESHIP, True), by))
                if c == (UnitType.BATTLESHIP, False)
                else -1
                for c, by in keyed
            ),
        )
        object.__setattr__(
            self, "eligible", tuple(tuple(_eligible(c, p) for c in cats) for p in POOLS)
        )
        object.__setattr__(self, "land", tuple(is_land(c[0]) for c in cats))
        object.__setattr__(self, "air", tuple(is_air(c[0]) for c in cats))
        object.__setattr__(
            self,
            "targets",
            tuple(
                tuple(
                    tuple(
                        i
                        for i, ok in enumerate(self.eligible[pool])
                        if ok and not (withdrawn and self.air[i])
                    )
                    for withdrawn in (False, True)
                )
                for pool in POOLS
            ),
        )
        object.__setattr__(
            self, "land_last_first", tuple(i for i in reversed(range(len(cats))) if self.land[i])
        )
        object.__setattr__(
            self,
            "fresh_bb",
            keyed.index(((UnitType.BATTLESHIP, False), False))
            if ((UnitType.BATTLESHIP, False), False) in keyed
            else -1,
        )
        object.__setattr__(
            self,
            "damaged_bb",
            keyed.index(((UnitType.BATTLESHIP, True), False))
            if ((UnitType.BATTLESHIP, True), False) in keyed
            else -1,
        )

    @classmethod
    def build(
        cls,
        types: Sequence[UnitType],
        ctx: FireContext,
        order: Sequence[UnitType] | None = None,
        *,
        keep_land: bool = False,
        bystanders: Sequence[UnitType] = (),
    ) -> Layout:
        """Categories in the order of loss. Bystanders (R-MULTI-4) of a type come just before
        the side's own units of that type: they hit less (never), the default tie-break."""
        present = [t for t in dict.fromkeys([*types, *bystanders]) if t not in NOT_CASUALTIES]
        ranked = default_order(present, ctx)
        if order is not None:
            # The user's order first, then anything it does not name in the default order.
            ranked = [t for t in order if t in present] + [t for t in ranked if t not in order]
        keyed: list[tuple[Category, bool]] = []
        for t in ranked:
            for by in (True, False):
                if t in (bystanders if by else types):
                    keyed.append(((t, False), by))
        for by in (False, True):  # fresh battleships first, a bystander's first of all
            if ((UnitType.BATTLESHIP, False), by) in keyed:
                i = keyed.index(((UnitType.BATTLESHIP, False), by))
                keyed[i] = ((UnitType.BATTLESHIP, True), by)
                keyed.insert(0, ((UnitType.BATTLESHIP, False), by))
        return cls(tuple(c for c, _ in keyed), keep_land, tuple(by for _, by in keyed))

    def counts(
        self,
        units: Mapping[UnitType, int],
        damaged_battleships: int = 0,
        bystanders: Mapping[UnitType, int] | None = None,
    ) -> Counts:
        out = []
        for (unit_type, damaged), by in zip(self.categories, self.bystander, strict=True):
            source = (bystanders or {}) if by else units
            n = source.get(unit_type, 0)
            if unit_type is UnitType.BATTLESHIP:
                hurt = 0 if by else damaged_battleships
                n = hurt if damaged else n - hurt
            out.append(n)
        return tuple(out)

    def types(
        self, counts: Counts, *, skip_air: bool = False, skip_bystanders: bool = False
    ) -> dict[UnitType, int]:
        out: dict[UnitType, int] = {}
        for (unit_type, _), n, air, by in zip(
            self.categories, counts, self.air, self.bystander, strict=True
        ):
            if n and not (skip_air and air) and not (skip_bystanders and by):
                out[unit_type] = out.get(unit_type, 0) + n
        return out

    def own_index(self, category: Category) -> int:
        """Where the side's own units (not bystanders) of `category` are counted.

        Raises:
            ValueError: the side has no such category.
        """
        return list(zip(self.categories, self.bystander, strict=True)).index((category, False))

    def health(self, counts: Counts) -> int:
        """Hits still needed to wipe the side out (an undamaged battleship needs two)."""
        return sum(counts) + sum(n for n, b in zip(counts, self.becomes, strict=True) if b >= 0)

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
                    if self.becomes[i] >= 0:
                        c[self.becomes[i]] += k  # R-BB-1: the first hit only damages it
                    if not h:
                        break
                if not h or reserve < 0:
                    break
        return tuple(c)

    def one_hit(self, counts: Counts, pool: int, withdrawn_air: bool = False) -> Counts:
        """`allocate` of one hit of `pool` (the solver's step from state to state, side.py),
        without its general loops: the first eligible unit in the order of loss; the
        attacker's last land unit only when no other eligible unit is left (R-COMBAT-9); no
        change when nothing is eligible (OQ3-7)."""
        order = self.targets[pool][withdrawn_air]
        reserve = -1
        if self.keep_land:
            for i in self.land_last_first:
                if counts[i]:
                    reserve = i
                    break
        target = -1
        for i in order:
            n = counts[i]
            if n and (i != reserve or n > 1):
                target = i
                break
        if target < 0:
            if reserve < 0 or reserve not in order:
                return counts
            target = reserve
        c = list(counts)
        c[target] -= 1
        if self.becomes[target] >= 0:
            c[self.becomes[target]] += 1  # R-BB-1: the first hit only damages it
        return tuple(c)

    def reach(
        self,
        seeds: Sequence[Counts],
        kinds: Sequence[tuple[int, bool]],
        limit: int | None = None,
    ) -> tuple[StateList, list[npt.NDArray[np.intp]]] | None:
        """Every state `seeds` lead to by hits of the `kinds` (pool, aircraft withdrawn), one
        at a time (`one_hit`), and the steps: steps[k][s] = the state one hit of kind k
        leaves of state s. States are numbered as found, depth first from each seed in
        turn: from seeds on one line of states (one kind of hit), the fullest first, the
        line is numbered in order.
        None once past `limit` states (the solver's budget then switches method).

        The hot loop of a large battle's set-up (a fleet of 80 has thousands of states,
        each one hit of three kinds, R-SUB-4/5): a state is worked on as an integer code
        (counts in mixed radix) and a bit mask of its categories with units, so that a step
        is a few integer operations: the first eligible unit in the order of loss is the
        lowest bit of mask & eligible; the attacker's last land unit (R-COMBAT-9) is the
        highest bit of mask & land; whether a category holds more than one unit is
        code % (radix x base) >= 2 x base. No state's counts are built in the loop: they
        are decoded from the codes at the end, all at once (`StateList`)."""
        m = len(self.categories)
        radix = [1 + max((s[i] for s in seeds), default=0) for i in range(m)]
        for i, b in enumerate(self.becomes):
            if b >= 0:  # R-BB-1: a damaged battleship may come from each fresh one
                radix[b] += max((s[i] for s in seeds), default=0)
        base = [1] * m
        for i in range(1, m):
            base[i] = base[i - 1] * radix[i - 1]
        # Per category: the code's step down, the step up of what a hit turns it into and
        # its bit (R-BB-1: the first hit only damages a battleship), 2 x base, radix x base.
        steps_of = [
            (base[i], base[b] if b >= 0 else 0, 1 << b if b >= 0 else 0)
            for i, b in enumerate(self.becomes)
        ]
        twice = [2 * x for x in base]
        above = [r * x for r, x in zip(radix, base, strict=True)]
        land = sum(1 << i for i in range(m) if self.land[i]) if self.keep_land else 0
        masks = [sum(1 << i for i in self.targets[pool][flag]) for pool, flag in kinds]
        index: dict[int, int] = {}
        codes: list[int] = []
        bits: list[int] = []
        todo: list[int] = []
        # The seeds in turn, each once the states found from those before it are done (a seed
        # found by then keeps its number).
        later = [
            (sum(n * b for n, b in zip(counts, base, strict=True)),
             sum(1 << i for i in range(m) if counts[i]))
            for counts in reversed(seeds)
        ]
        # The states in the order they are taken, and the states one hit of each kind leaves
        # of each, one flat list (one conversion to an array at the end).
        heres: list[int] = []
        rows: list[int] = []
        most = limit if limit is not None else -1
        plans: dict[int, tuple[tuple[int, int, int, int] | None, ...]] = {}
        while todo or later:
            if not todo:
                code, mask = later.pop()
                if code not in index:
                    if len(codes) == most:
                        return None
                    index[code] = len(codes)
                    codes.append(code)
                    bits.append(mask)
                    todo.append(index[code])
                continue
            here = todo.pop()
            code, mask = codes[here], bits[here]
            # Each kind's step depends on the state's code only through the mask of its
            # categories with units and, when the attacker keeps its last land unit
            # (R-COMBAT-9), whether that category holds one unit only: worked out once per
            # such key (a side has few).
            kept = (mask & land).bit_length() - 1 if land else -1
            alone = kept >= 0 and code % above[kept] < twice[kept]
            key = 2 * mask + alone
            plan = plans.get(key)
            if plan is None:
                plan = plans[key] = tuple(
                    _plan(mask, _keep_last(mask & e, e, kept) if alone else e, steps_of)
                    for e in masks
                )
            for step in plan:
                if step is None:
                    rows.append(here)  # OQ3-7: nothing eligible, the hit is lost
                    continue
                delta, i, kept_bits, cleared = step
                after = code + delta
                at = index.get(after)
                if at is None:
                    at = index[after] = len(codes)
                    if at == most:
                        return None
                    codes.append(after)
                    # Its last unit gone, the category's bit is cleared.
                    bits.append(kept_bits if code % above[i] >= twice[i] else cleared)
                    todo.append(at)
                rows.append(at)
            heres.append(here)
        table = np.zeros((len(codes), len(kinds)), dtype=np.intp)
        table[heres] = np.fromiter(rows, dtype=np.intp, count=len(rows)).reshape(-1, len(kinds))
        steps = [table[:, k].copy() for k in range(len(kinds))]
        return StateList(codes, base, radix, index), steps

    def allocate_many(
        self, counts: npt.NDArray[np.intp], hits: npt.NDArray[np.intp],
        withdrawn_air: npt.NDArray[np.bool_],
    ) -> None:
        """`allocate` for many states at once, in place: row r of `counts` takes the hits
        `hits[r]` (one column per Pool); `withdrawn_air[r]`: its aircraft left (R-AMPH-3).
        The same steps as `allocate`, column by column over every row (the vectorised
        simulation, sampled.py; tests/test_odds_budget.py checks they agree)."""
        rows = counts.shape[0]
        land = [i for i, is_land_unit in enumerate(self.land) if is_land_unit]
        for pool in POOLS:
            h = hits[:, pool].copy()
            if not h.any():
                continue
            eligible = self.eligible[pool]
            for first_pass in (True, False):
                reserve = np.full(rows, -1, dtype=np.intp)
                if first_pass and self.keep_land:
                    # The attacker keeps one land unit to take the territory (R-COMBAT-9).
                    for i in land:
                        reserve[counts[:, i] > 0] = i
                for i in range(len(self.categories)):
                    if not eligible[i]:
                        continue
                    avail = counts[:, i] - (reserve == i)
                    if self.air[i]:
                        avail = np.where(withdrawn_air, 0, avail)
                    k = np.minimum(h, np.maximum(avail, 0))
                    counts[:, i] -= k
                    h -= k
                    if self.becomes[i] >= 0:
                        counts[:, self.becomes[i]] += k  # R-BB-1: the first hit only damages
                if not first_pass or not h.any() or not (reserve >= 0).any():
                    break
                # Second pass only where hits are left and a land unit was kept back.
                h = np.where(reserve >= 0, h, 0)


def _keep_last(cand: int, eligible: int, kept: int) -> int:
    """The categories a hit may fall on when category `kept` holds the attacker's last land
    unit (R-COMBAT-9): not it, unless nothing else eligible is left."""
    cand &= ~(1 << kept)
    if not cand and eligible >> kept & 1:
        cand = 1 << kept
    return cand


def _plan(
    mask: int, eligible: int, steps_of: list[tuple[int, int, int]]
) -> tuple[int, int, int, int] | None:
    """One hit's step from any state whose categories with units are `mask` (Layout.reach,
    without a land unit to keep): (change of the code, the category hit, the mask if it
    keeps units, the mask if it was its last), or None when nothing is eligible (OQ3-7)."""
    cand = mask & eligible
    if not cand:
        return None
    first = cand & -cand
    i = first.bit_length() - 1
    down, up, bit = steps_of[i]
    return up - down, i, mask | bit, (mask ^ first) | bit


class StateList(Sequence[Counts]):
    """A side's states (Layout.reach) as counts, decoded from their integer codes (counts in
    mixed radix) all at once: `array[state, category]`; `index(counts)` finds a state by
    its code, and a state read by number is a tuple (Counts)."""

    def __init__(
        self, codes: list[int], base: list[int], radix: list[int], index: dict[int, int]
    ) -> None:
        self._base = base
        self._index = index
        if not base or base[-1] * radix[-1] < 2**62:  # the codes fit 64-bit integers
            c = np.array(codes, dtype=np.int64)[:, None]
            decoded = (c // np.array(base, dtype=np.int64)) % np.array(radix, dtype=np.int64)
        else:
            decoded = np.array(
                [[code // b % r for b, r in zip(base, radix, strict=True)] for code in codes],
                dtype=np.int64,
            )
        self.array: npt.NDArray[np.intp] = decoded.astype(np.intp).reshape(len(codes), -1)

    def __len__(self) -> int:
        return len(self.array)

    @overload
    def __getitem__(self, at: int) -> Counts: ...

    @overload
    def __getitem__(self, at: slice) -> list[Counts]: ...

    def __getitem__(self, at: int | slice) -> Counts | list[Counts]:
        if isinstance(at, slice):
            return [tuple(row) for row in self.array[at].tolist()]
        return tuple(self.array[at].tolist())

    def __iter__(self) -> Iterator[Counts]:
        return (tuple(row) for row in self.array.tolist())

    def index(self, counts: Any, start: int = 0, stop: int | None = None) -> int:
        """The number of the state with these counts.

        Raises:
            ValueError: no such state was reached.
        """
        del start, stop  # each state is found once
        at = self._index.get(sum(n * b for n, b in zip(counts, self._base, strict=True)))
        if at is None or tuple(self.array[at].tolist()) != tuple(counts):
            raise ValueError(f"{counts} is not a state of this side")
        return at
