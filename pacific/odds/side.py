"""One side of the battle chain for the solver (solver.py): every state the side can reach by
losses, interned as indices, its casualty tables next[state, hits] per kind of hit
(R-COMBAT-6), its fire as one table per state (fire.py), and `spread`, which turns rows of
hit probabilities into rows of the side's next states.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pacific.odds.casualties import Counts, Layout
from pacific.odds.chain import Battle, pool_distributions
from pacific.odds.fire import dice_counts, hit_table
from pacific.odds.values import POOLS, Group, Pool
from pacific.rules.units import UnitType

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]


class Side:
    """Every state one side can reach by losses, as indices, with its casualty tables."""

    def __init__(
        self,
        battle: Battle,
        attacking: bool,
        seeds: set[Counts],
        width: int,
        pools: tuple[int, ...] = tuple(POOLS),
    ) -> None:
        """`pools`: the kinds of hit the enemy's fire can score in a round (the others are
        looked up only if ever asked for)."""
        self.battle = battle
        self.attacking = attacking
        self.layout: Layout = battle.attacker if attacking else battle.defender
        flags = (False, True) if attacking and battle.air_only_retreat else (False,)
        self.states: list[Counts] = []
        self.index: dict[Counts, int] = {}
        # One hit of each pool from each state, found while the states are found.
        steps: dict[tuple[int, bool], dict[int, int]] = {
            (pool, flag): {} for pool in pools for flag in flags
        }
        todo = list(seeds)
        for s in todo:
            self._add(s)
        while todo:
            counts = todo.pop()
            here = self.index[counts]
            for pool in pools:
                for flag in flags:
                    after = self.layout.allocate(counts, _one(pool), withdrawn_air=flag)
                    if after not in self.index:
                        self._add(after)
                        todo.append(after)
                    steps[(pool, flag)][here] = self.index[after]
        self.n = len(self.states)
        self.width = width
        self.array: Ints = np.array(self.states, dtype=np.intp).reshape(self.n, -1)
        becomes = np.array(self.layout.becomes)
        self.health = self.array.sum(axis=1) + self.array[:, becomes >= 0].sum(axis=1)
        self._steps = {
            key: np.array([step[i] for i in range(self.n)], dtype=np.intp)
            for key, step in steps.items()
        }
        self._next: dict[tuple[int, bool], Ints] = {}
        self._fire: dict[tuple[bool, bool], Floats] = {}

    def _add(self, counts: Counts) -> None:
        if counts not in self.index:
            self.index[counts] = len(self.states)
            self.states.append(counts)

    def next_table(self, pool: int, withdrawn: bool) -> Ints:
        """next[state, h]: the state after h hits of `pool` (saturating)."""
        key = (pool, withdrawn)
        table = self._next.get(key)
        if table is None:
            step = self._steps.get(key)
            if step is None:
                step = self._steps[key] = np.array(
                    [
                        self.index[self.layout.allocate(s, _one(pool), withdrawn_air=withdrawn)]
                        for s in self.states
                    ],
                    dtype=np.intp,
                )
            table = np.empty((self.n, self.width), dtype=np.intp)
            table[:, 0] = np.arange(self.n)
            for h in range(1, self.width):
                table[:, h] = step[table[:, h - 1]]
            self._next[key] = table
        return table

    def fire_probs(self, groups: tuple[Group, ...]) -> Floats:
        """(pool, hits) probabilities of some dice groups, as a (4, width) array."""
        out = np.zeros((len(POOLS), self.width))
        for pool, dist in enumerate(pool_distributions(groups)):
            out[pool, : len(dist)] = dist
        return out

    def fire_table(self, withdrawn: bool, skip_subs: bool) -> Floats:
        """fire[state] = (pool, hits) probabilities of this side's normal fire."""
        key = (withdrawn, skip_subs)
        table = self._fire.get(key)
        if table is None:
            ctx = self.battle.attack_ctx if self.attacking else self.battle.defense_ctx
            dice = dice_counts(
                self.layout, self.array, ctx, withdrawn=withdrawn, skip_submarines=skip_subs
            )
            table = hit_table(dice)
            # Keep only the hit counts some state can score: smaller rows to carry around.
            reached = np.flatnonzero(table.any(axis=(0, 1)))
            table = table[:, :, : int(reached[-1]) + 1]
            self._fire[key] = table
        return table

    def spread(self, start: Ints, probs: Floats, withdrawn: bool) -> tuple[Ints, Floats]:
        """The distribution of this side's state after fire with (pool, hits) probabilities
        `probs` (one per row) falls on states `start`, as (cols, rows): rows[r, c] is the
        probability of state cols[c]. Only the states some row reaches get a column (about a
        third of them), so the rows and their products stay small."""
        cap = self.health[start]
        k = len(start)
        if k < 256:
            # A small batch costs more in calls than in arithmetic: one piece.
            parts = [(np.arange(k), self._walk(start, probs, withdrawn, int(cap.max()) + 1))]
        else:
            # More hits than the target's health change nothing more: rows are bucketed by
            # health so that each bucket only walks the hit counts that still matter.
            parts = []
            for low, high in ((0, 3), (4, 9), (10, 1 << 30)):
                rows = np.nonzero((cap >= low) & (cap <= high))[0]
                if len(rows):
                    parts.append(
                        (rows, self._walk(start[rows], probs[rows], withdrawn, high + 1))
                    )
        # The states reached: the last pool's table applied to the distinct states before it.
        reached = np.zeros(self.n, dtype=bool)
        for _, (idx, _, last, top, _) in parts:
            before = np.zeros(self.n, dtype=bool)
            before[idx] = True
            reached[self.next_table(last, withdrawn)[before, :top]] = True
        cols = np.flatnonzero(reached)
        width = len(cols)
        column = np.zeros(self.n, dtype=np.intp)
        column[cols] = np.arange(width)
        out = np.zeros(k * width)
        for rows, (idx, prob, last, top, last_probs) in parts:
            # One gather straight to columns: the last pool's table composed with them.
            flat = column[self.next_table(last, withdrawn)[:, :top]][idx]
            flat += (rows * width)[:, None, None]
            weights = prob[:, :, None] * last_probs[:, None, :]
            out += np.bincount(flat.ravel(), weights=weights.ravel(), minlength=k * width)
        return cols, out.reshape(k, width)

    def _walk(
        self, start: Ints, probs: Floats, withdrawn: bool, limit: int
    ) -> tuple[Ints, Floats, int, int, Floats]:
        """Every combination of hits per pool but the last pool used, row by row:
        (states, probabilities, last pool, its hit counts, their probabilities per row)."""
        k = len(start)
        if probs.shape[2] > limit:
            folded = probs[:, :, :limit].copy()
            folded[:, :, limit - 1] += probs[:, :, limit:].sum(axis=2)
            probs = folded
        used: Bools = np.asarray(probs.any(axis=0))  # (pool, hits) reached by some row
        tops = np.where(
            used.any(axis=1), used.shape[1] - np.argmax(used[:, ::-1], axis=1), 1
        ).tolist()
        pools = [pool for pool in POOLS if tops[pool] > 1]  # pools where some row scores
        last = pools.pop() if pools else int(Pool.ANY)
        idx = start[:, None]
        prob = np.ones((k, 1))
        for pool in pools:
            top = tops[pool]
            table = self.next_table(pool, withdrawn)[:, :top]
            idx = table[idx].reshape(k, -1)
            prob = (prob[:, :, None] * probs[:, None, pool, :top]).reshape(k, -1)
        top = tops[last]
        return idx, prob, last, top, probs[:, last, :top]

    def count_of(self, unit_type: UnitType) -> Ints:
        """The side's own units of a type in each state (bystanders left out, R-MULTI-4)."""
        cols = [
            c
            for c, (t, _) in enumerate(self.layout.categories)
            if t is unit_type and not self.layout.bystander[c]
        ]
        return np.asarray(self.array[:, cols].sum(axis=1), dtype=np.intp)

    def active(self, withdrawn: bool) -> Ints:
        """Units still fighting: not withdrawn aircraft (R-AMPH-3), not bystanders."""
        keep = ~np.array(self.layout.bystander, dtype=bool)
        if withdrawn:
            keep &= ~np.array(self.layout.air, dtype=bool)
        return np.asarray(self.array[:, keep].sum(axis=1), dtype=np.intp)

    def eligible_mask(self, withdrawn: bool) -> Ints:
        """Bit p set when a hit of pool p has a target in the state."""
        present = self.array > 0
        if withdrawn:
            present &= ~np.array(self.layout.air, dtype=bool)[None, :]
        out = np.zeros(self.n, dtype=np.intp)
        for pool in POOLS:
            eligible = np.array(self.layout.eligible[pool], dtype=bool)
            out |= (present & eligible[None, :]).any(axis=1).astype(np.intp) << pool
        return out

    def fire_mask(self, withdrawn: bool) -> Ints:
        """Bit p set when the state rolls dice of pool p."""
        rolls: Bools = np.asarray(self.fire_table(withdrawn, False)[:, :, 1:].any(axis=2))
        out = np.zeros(self.n, dtype=np.intp)
        for pool in POOLS:
            out |= rolls[:, pool].astype(np.intp) << pool
        return out


def pad(probs: Floats, width: int) -> Floats:
    """Widen (rows, pool, hits) probabilities to `width` hit counts (zeros on the right)."""
    if probs.shape[2] == width:
        return probs
    out = np.zeros((probs.shape[0], probs.shape[1], width))
    out[:, :, : probs.shape[2]] = probs
    return out


def _one(pool: int) -> list[int]:
    hits = [0] * len(POOLS)
    hits[pool] = 1
    return hits
