"""The Markov chain of a battle: one combat round per step, over the counts of both sides.

A node is (attacker counts, defender counts, attacker air withdrawn, rounds fought, set-aside
units of each side). `Battle` holds the rules of one round; solver.py solves the chain exactly,
and `Battle.round_once` with random dice is the Monte-Carlo simulator (simulate.py), so the two
share every rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

import numpy as np

from pacific.odds.casualties import Counts, Layout
from pacific.odds.model import BattleKind, Outcome
from pacific.odds.values import POOLS, FireContext, Group, Pool, dice_groups, unit_value
from pacific.rules.units import SUB_FIRST_STRIKE_HIT, UnitType

HitDist = dict[tuple[int, ...], float]
Node = tuple[Counts, Counts, bool, int, Counts, Counts]
Terminal = tuple[Outcome, Counts, Counts, bool, bool]  # ..., air withdrawn, submerged
Roller = Callable[[int, int], int]  # (dice, hit value) -> hits; random dice in the simulator


@lru_cache(maxsize=4096)
def binomial(n: int, value: int) -> tuple[float, ...]:
    """P(k hits) for n dice hitting on `value` or less (R-COMBAT-5)."""
    p = value / 6
    q = 1 - p
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))


def convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    """The distribution of the sum of two independent counts."""
    if len(a) * len(b) > 32:
        return tuple(np.convolve(a, b).tolist())
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


@lru_cache(maxsize=65536)
def pool_distributions(groups: tuple[Group, ...]) -> tuple[tuple[float, ...], ...]:
    """P(k hits) in each Pool for the dice groups (the pools are independent)."""
    per_pool: list[tuple[float, ...]] = [(1.0,)] * len(POOLS)
    for pool, value, n in groups:
        per_pool[pool] = convolve(per_pool[pool], binomial(n, value))
    return tuple(per_pool)


@lru_cache(maxsize=65536)
def hit_distribution(groups: tuple[Group, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Joint distribution of hits per Pool for the dice groups, as (hits per pool, p)."""
    joint: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for dist in pool_distributions(groups):
        joint = [((*hits, k), p * q) for hits, p in joint for k, q in enumerate(dist) if q]
    return tuple(joint)


def roll_hits(groups: tuple[Group, ...], roller: Roller) -> tuple[int, ...]:
    hits = [0] * len(POOLS)
    for pool, value, n in groups:
        hits[pool] += roller(n, value)
    return tuple(hits)


@dataclass
class Battle:
    """The round logic of one land or naval battle (amphibious land rounds are land rounds)."""

    kind: BattleKind  # LAND or NAVAL
    attacker: Layout
    defender: Layout
    attack_ctx: FireContext
    defense_ctx: FireContext
    retreat_after: int | None = None
    retreat_below: int | None = None
    air_only_retreat: bool = False  # R-AMPH-3: in an assault only aircraft retreat
    # R-SUB-6 "when_alone" policies: a side whose own units are only submarines submerges.
    attacker_submerge: bool = False
    defender_submerge: bool = False
    _groups_cache: dict[tuple[object, ...], tuple[Group, ...]] = field(default_factory=dict)
    _end_cache: dict[tuple[Counts, Counts, bool], Outcome | None] = field(default_factory=dict)

    # ---- fire -------------------------------------------------------------------------
    def _groups(
        self, attacking: bool, counts: Counts, aside: Counts, withdrawn: bool, first_strike: bool
    ) -> tuple[Group, ...]:
        key = (attacking, counts, aside, withdrawn, first_strike)
        cached = self._groups_cache.get(key)
        if cached is not None:
            return cached
        layout = self.attacker if attacking else self.defender
        own = layout.types(counts, skip_air=withdrawn, skip_bystanders=True)
        firing = dict(own)
        for unit_type, n in layout.types(aside, skip_bystanders=True).items():
            firing[unit_type] = firing.get(unit_type, 0) + n
        ctx = self.attack_ctx if attacking else self.defense_ctx
        # R-MULTI-5: a bystander's destroyer lets the aircraft hit submarines too.
        has_dd = layout.types(counts).get(UnitType.DESTROYER, 0) > 0
        groups = tuple(dice_groups(firing, ctx, has_destroyer=has_dd, skip_submarines=first_strike))
        self._groups_cache[key] = groups
        return groups

    def _first_strike(self, att: Counts, dfn: Counts) -> tuple[Group, ...]:
        """R-SUB-2/3: attacking subs strike first unless an enemy destroyer is present."""
        subs = self.attacker.types(att, skip_bystanders=True).get(UnitType.SUBMARINE, 0)
        if self.kind is not BattleKind.NAVAL or not subs:
            return ()
        if self.defender.types(dfn).get(UnitType.DESTROYER, 0):
            return ()
        return ((Pool.SHIPS, SUB_FIRST_STRIKE_HIT, subs),)

    def round_once(
        self,
        att: Counts,
        dfn: Counts,
        withdrawn: bool,
        aside_att: Counts,
        aside_def: Counts,
        roller: Roller,
        *,
        diving: bool = False,
    ) -> tuple[Counts, Counts]:
        """One round with dice from `roller`: the simulator's step, same rules as above.
        `diving`: the defender has only submarines and they submerge instead of firing; only
        those sunk by the attacker's step 3 fire back (R-SUB-6, OQ3-8; see submerge.last_round)."""
        first = self._first_strike(att, dfn)
        if first:
            dfn = self.defender.allocate(dfn, roll_hits(first, roller))
        att_groups = self._groups(True, att, aside_att, withdrawn, bool(first))
        att_hits = roll_hits(att_groups, roller)
        new_def = self.defender.allocate(dfn, att_hits)
        if diving:
            sunk = sum(dfn) - sum(new_def)
            value = unit_value(UnitType.SUBMARINE, self.defense_ctx)
            def_groups: tuple[Group, ...] = ((Pool.SHIPS, value, sunk),) if sunk else ()
        else:
            def_groups = self._groups(False, dfn, aside_def, False, False)
        def_hits = roll_hits(def_groups, roller)
        new_att = self.attacker.allocate(att, def_hits, withdrawn_air=withdrawn)
        return new_att, new_def

    # ---- ends -----------------------------------------------------------------------
    def _can_hit(self, attacking: bool, counts: Counts, target: Counts, withdrawn: bool) -> bool:
        groups = self._groups(attacking, counts, (0,) * len(counts), withdrawn, False)
        if attacking:
            groups += self._first_strike(counts, target)
        layout = self.defender if attacking else self.attacker
        skip_air = withdrawn and not attacking
        for pool, _, _ in groups:
            for i, n in enumerate(target):
                if n and layout.eligible[pool][i] and not (skip_air and layout.air[i]):
                    return True
        return False

    def active_attackers(self, att: Counts, withdrawn: bool) -> int:
        """Attacking units still in the fight: not withdrawn aircraft (R-AMPH-3), not
        bystanders (R-MULTI-4: the battle ends when the attacking power's units are gone)."""
        layout = self.attacker
        return sum(
            n
            for n, air, by in zip(att, layout.air, layout.bystander, strict=True)
            if not (withdrawn and air) and not by
        )

    def end(self, att: Counts, dfn: Counts, withdrawn: bool) -> Outcome | None:
        """The outcome if the battle is over (R-LAND-4, R-NAVAL-4), else None."""
        key = (att, dfn, withdrawn)
        if key not in self._end_cache:
            self._end_cache[key] = self._end(att, dfn, withdrawn)
        return self._end_cache[key]

    def _end(self, att: Counts, dfn: Counts, withdrawn: bool) -> Outcome | None:
        att_alive = self.active_attackers(att, withdrawn) > 0
        def_alive = any(dfn)
        if not def_alive:
            return Outcome.ATTACKER_WINS if att_alive else Outcome.BOTH_DESTROYED
        if not att_alive:
            return Outcome.DEFENDER_WINS
        if not self._can_hit(True, att, dfn, withdrawn) and not self._can_hit(
            False, dfn, att, withdrawn
        ):
            return Outcome.STALEMATE  # R-NAVAL-4 E
        return None

    def attacker_submerges(self, att: Counts, withdrawn: bool) -> bool:
        """R-SUB-6 "when_alone": the attacker's own units left are only submarines, so they
        submerge in step 2 of the next round and the battle ends (R-NAVAL-4 B)."""
        if not self.attacker_submerge:
            return False
        subs = self.attacker.types(att, skip_bystanders=True).get(UnitType.SUBMARINE, 0)
        return subs > 0 and subs == self.active_attackers(att, withdrawn)

    def defender_submerges(self, dfn: Counts) -> bool:
        """R-SUB-6 "when_alone": the defender has only submarines left, so in the next round
        they take the attacker's fire, then submerge instead of firing (R-NAVAL-4 C)."""
        if not self.defender_submerge:
            return False
        subs = self.defender.types(dfn).get(UnitType.SUBMARINE, 0)
        return subs > 0 and subs == sum(dfn)

    def wants_retreat(self, att: Counts, withdrawn: bool, rounds: int) -> bool:
        """R-LAND-2, R-NAVAL-3, OQ3-10: after a full round, on the user's condition."""
        if self.air_only_retreat and (
            withdrawn or not any(n for n, air in zip(att, self.attacker.air, strict=True) if air)
        ):
            return False
        if self.retreat_after is not None and rounds >= self.retreat_after:
            return True
        return self.retreat_below is not None and (
            self.active_attackers(att, withdrawn) <= self.retreat_below
        )
