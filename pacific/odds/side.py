"""One side of the battle chain for the solver (solver.py): every state the side can reach by
losses, interned as indices, its casualty tables next[state, hits] per kind of hit
(R-COMBAT-6), its fire as one table per state (fire.py), and `spread`, which turns rows of
hit probabilities into rows of the side's next states; `Both` does that for the two sides of a
level at once, through `hit_combinations` (each row's own hit combinations, one flat array).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from pacific.odds.budget import TooLarge, WorkSpent
from pacific.odds.casualties import Counts, Layout
from pacific.odds.chain import Battle, pool_distributions
from pacific.odds.fire import dice_counts, hit_table, hit_table_fourier
from pacific.odds.values import POOLS, Group, Pool
from pacific.rules.units import UnitType

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
# Casualty tables next[state, hits]: 32-bit, half the memory of a battle's largest tables.
Table = npt.NDArray[np.int32]
# States as indices: 64-bit, or 32-bit when read out of a casualty table.
States = npt.NDArray[np.signedinteger[Any]]
Bools = npt.NDArray[np.bool_]


# The grades of the cut (Fire.prepare): a row of grade g leaves out the counts less likely than
# cut x 10^g at either end. The solver grades each pair by its mass (solver._grades): what a
# row's cut leaves out is its probability times the pair's mass, so a light pair may drop
# more of its tails for the same mass left out; the heaviest keep the plain cut.
GRADES = 4
_COARSEST = 0.01  # the coarsest cut a grade may reach (a coarser plain cut is kept as it is)


class TooManyCombinations(Exception):
    """A batch's hit combinations would pass the limit: expand fewer pairs at once."""


class LazyFire:
    """A side's fire table, (states, pools, hits) probabilities, whose rows are worked out
    from the dice (fire.hit_table) when gathered, `table[index]`: Fire keeps those it uses,
    and a large battle's mass reaches few of its states."""

    def __init__(self, dice: Ints, fourier: bool = False) -> None:
        """`fourier`: rows by fire.hit_table_fourier (the pruned chain's), else hit_table."""
        self.dice = dice
        self.fourier = fourier
        # Per pool, the most hits any state scores: the most dice of values 1 and up (the
        # columns added one by one: a sum over the short last axis took twice as long).
        rolled = dice[:, :, 1]
        for value in range(2, dice.shape[2]):
            rolled = rolled + dice[:, :, value]
        self.most: Ints = (
            rolled.max(axis=0) if len(dice) else np.zeros(dice.shape[1], dtype=np.intp)
        )
        self.shape = (len(dice), dice.shape[1], int(self.most.max()) + 1)

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, index: Ints) -> Floats:
        return self.of(self.dice[index])

    def of(self, dice: Ints) -> Floats:
        """The (pool, hits) probabilities of rows of dice, as this table works them out."""
        return hit_table_fourier(dice) if self.fourier else hit_table(dice)


class Fire:
    """Rows of (pool, hits) probabilities, with what `Side.spread` asks of them: the last hit
    count each row can score per pool, each pool's tail sums (P(at least h hits)) and, with a
    `cut`, the counts likely enough to keep. They are worked out only for the
    rows a batch uses, once each (`prepare`): a large battle's tables have thousands of rows
    and its mass reaches few of them."""

    def __init__(
        self, probs: Floats | list[LazyFire], cut: float = 0.0, most: int | None = None
    ) -> None:
        """`probs`: (rows, pools, hits) probabilities, or several tables one after the other
        (rows numbered on through them, narrower ones padded with zeros), each worked out
        row by row when first used (LazyFire): they are not copied into one. `most`: the
        most rows worked out (the solver's memory budget), None for no limit."""
        self.most = most
        self.parts: list[Floats | LazyFire] = (
            list(probs) if isinstance(probs, list) else [probs]
        )
        self.starts = np.cumsum([0] + [len(p) for p in self.parts])
        self.cut = cut
        rows = int(self.starts[-1])
        pools = self.parts[0].shape[1]
        self.width = max(p.shape[2] for p in self.parts)
        self._slot = np.full(rows, -1, dtype=np.intp)  # row -> its place in the arrays below
        self._used = 0
        self.scored: Ints = np.zeros((0, pools), dtype=np.intp)
        # lo[slot, pool, grade], hi[...]: the counts kept at each grade of the cut (GRADES).
        self.grades = GRADES if cut > 0.0 else 1
        self.lo: Ints = np.zeros((0, pools, self.grades), dtype=np.intp)
        self.hi: Ints = np.zeros((0, pools, self.grades), dtype=np.intp)
        # folds[((slot * pools + pool) * hits + h) * 2 + 1] = P(at least h hits), [... + 0] =
        # P(h hits): one flat gather per pool in `spread`.
        self.folds: Floats = np.zeros(0)

    def prepare(self, firing: Ints) -> Ints:
        """The slots of rows `firing` in scored, lo, hi and folds (worked out if new)."""
        new = np.unique(firing[self._slot[firing] < 0])
        if len(new):
            probs = self.rows(new)
            # Only the pools these rows roll dice in (one of four on land): the others score
            # no hit, P(0) = P(at least 0) = 1, and their folds stay as _grow left them.
            live = np.flatnonzero(probs[:, :, 1:].any(axis=(0, 2)))
            probs = probs[:, live]
            hits = np.arange(self.width)
            tail = np.cumsum(probs[:, :, ::-1], axis=2)[:, :, ::-1]
            scored = np.zeros((len(new), len(POOLS)), dtype=np.intp)
            lo = np.zeros((len(new), len(POOLS), self.grades), dtype=np.intp)
            hi = np.zeros((len(new), len(POOLS), self.grades), dtype=np.intp)
            scored[:, live] = np.where(probs > 0, hits, 0).max(axis=2)
            if self.cut <= 0.0:
                hi[:, live] = self.width - 1
            else:
                below = 1.0 - tail[:, :, 1:]  # P(at most h hits), h = 0 .. width - 2
                for grade in range(self.grades):
                    cut = min(self.cut * 10.0**grade, max(self.cut, _COARSEST))
                    # P(at most h hits) = 1 - P(at least h + 1 hits) is below `cut` for
                    # the counts h < lo; P(at least h hits) is at least `cut` for h <= hi.
                    low = np.asarray((below < cut).sum(axis=2), dtype=np.intp)
                    lo[:, live, grade] = low
                    hi[:, live, grade] = np.maximum((tail >= cut).sum(axis=2) - 1, low)
            at, end = self._used, self._used + len(new)
            if self.most is not None and end > self.most:
                raise WorkSpent  # past the memory budget: the method switches (budget.py)
            if end > len(self.scored):
                grown = max(end, 2 * len(self.scored))
                self._grow(grown if self.most is None else min(grown, self.most))
            self._slot[new] = np.arange(at, end)
            self._used = end
            self.scored[at:end], self.lo[at:end], self.hi[at:end] = scored, lo, hi
            size = len(POOLS) * self.width * 2
            folds = self.folds[at * size : end * size].reshape(len(new), len(POOLS), -1, 2)
            folds[:, :, 0, :] = 1.0
            p_view, tail_view = folds[..., 0], folds[..., 1]  # views: assigned in place
            p_view[:, live] = probs
            tail_view[:, live] = tail
        return self._slot[firing]

    def rows(self, index: Ints) -> Floats:
        """probs[index], (len(index), pools, width), gathered from the parts."""
        out = np.zeros((len(index), len(POOLS), self.width))
        part = np.searchsorted(self.starts, index, side="right") - 1
        lazy = [t for t in self.parts if isinstance(t, LazyFire)]
        if len(lazy) == len(self.parts) and len({t.fourier for t in lazy}) == 1:
            # Every part works its rows out from dice: all of them in one call (the
            # Fourier transform's cost is mostly per call, fire.hit_table_fourier).
            got = lazy[0].of(np.concatenate(
                [t.dice[index[part == k] - self.starts[k]] for k, t in enumerate(lazy)]
            ))
            order = np.argsort(part, kind="stable")
            # (hit_table's rows may come padded with zeros past the most hits any scores.)
            got = got[:, :, : self.width]
            out[order, :, : got.shape[2]] = got
            return out
        for k, table in enumerate(self.parts):
            mine = np.flatnonzero(part == k)
            if len(mine):
                got = table[index[mine] - self.starts[k]]
                out[mine, :, : got.shape[2]] = got
        return out

    def _grow(self, rows: int) -> None:
        """Room for `rows` prepared rows (doubling: each row is copied a few times at most)."""
        pools = len(POOLS)
        for name in ("scored", "lo", "hi"):
            old = getattr(self, name)
            grown = np.zeros((rows, *old.shape[1:]), dtype=np.intp)
            grown[: len(old)] = old
            setattr(self, name, grown)
        folds = np.zeros(rows * pools * self.width * 2)
        folds[: len(self.folds)] = self.folds
        self.folds = folds


class Side:
    """Every state one side can reach by losses, as indices, with its casualty tables."""

    def __init__(
        self,
        battle: Battle,
        attacking: bool,
        seeds: set[Counts],
        width: int,
        pools: tuple[int, ...] = tuple(POOLS),
        limit: int | None = None,
    ) -> None:
        """`pools`: the kinds of hit the enemy's fire can score in a round (the others are
        looked up only if ever asked for). `limit`: the most states to enumerate; past it
        TooLarge is raised (the budget's switch of method, budget.py).

        Raises:
            TooLarge: the side has more than `limit` states.
        """
        self.battle = battle
        self.attacking = attacking
        self.layout: Layout = battle.attacker if attacking else battle.defender
        self.pools = pools
        flags = (False, True) if attacking and battle.air_only_retreat else (False,)
        kinds = [(pool, flag) for pool in pools for flag in flags]
        # The fullest state first: from one line of states (one kind of hit, several start
        # states on it, cover fire) the search then numbers them in order (grid.solve).
        reached = self.layout.reach(sorted(seeds, key=lambda s: (-sum(s), s)), kinds, limit)
        if reached is None:
            raise TooLarge
        self.states, found = reached
        self.n = len(self.states)
        self.width = width
        self.array: Ints = self.states.array
        becomes = np.array(self.layout.becomes)
        self.health = self.array.sum(axis=1) + self.array[:, becomes >= 0].sum(axis=1)
        self._steps = dict(zip(kinds, found, strict=True))
        self._next: dict[tuple[int, bool], Table] = {}
        self._fire: dict[tuple[bool, bool], LazyFire] = {}
        self._dice: dict[tuple[bool, bool], Ints] = {}
        # The pruned chain's fire rows by Fourier transform (fire.hit_table_fourier).
        self.fourier = False
        # Without submarines no first strike (R-SUB-2) changes the side's dice: its fire
        # after one is its normal fire, the same table.
        self._submarines = any(t is UnitType.SUBMARINE for t, _ in self.layout.categories)
        # The columns the casualty table of each kind of hit will need in the rounds
        # (Both.width): a table first asked for narrower is built this wide at once.
        self.widths: dict[int, int] = {}

    def reached_from(self, seeds: Ints) -> int:
        """How many states hits of the side's kinds lead to from the states `seeds` (them
        included): those that may hold mass when the others' seeds are too light to be
        expanded (Budget.pruned_estimate's live states)."""
        seen = np.zeros(self.n, dtype=bool)
        seen[seeds] = True
        front = seeds
        while len(front):
            new = np.zeros(self.n, dtype=bool)
            for step in self._steps.values():
                new[step[front]] = True
            new &= ~seen
            seen |= new
            front = np.flatnonzero(new)
        return int(seen.sum())

    def next_table(self, pool: int, withdrawn: bool, width: int | None = None) -> Table:
        """next[state, h]: the state after h hits of `pool` (saturating), for h below `width`
        (at most the side's: the most hits any enemy fire scores is enough)."""
        key = (pool, withdrawn)
        width = self.width if width is None else min(width, self.width)
        table = self._next.get(key)
        if table is None or table.shape[1] < width:
            step = self._steps.get(key)
            if step is None:
                one_hit, at = self.layout.one_hit, self.states.index
                step = self._steps[key] = np.array(
                    [at(one_hit(s, pool, withdrawn)) for s in self.states], dtype=np.intp
                )
            self._next[key] = table = step_powers(step.astype(np.int32), width)
        return table

    def next_table_or_none(self, pool: int, withdrawn: bool, width: int) -> Table:
        """next_table, or "no change" for a kind of hit the enemy never scores (its rows then
        take 0 hits of it; the states found are not closed under such hits)."""
        if pool in self.pools:
            return self.next_table(pool, withdrawn, width)
        return np.repeat(np.arange(self.n, dtype=np.int32)[:, None], width, axis=1)

    def fire_probs(self, groups: tuple[Group, ...]) -> Floats:
        """(pool, hits) probabilities of some dice groups, as a (4, width) array."""
        out = np.zeros((len(POOLS), self.width))
        for pool, dist in enumerate(pool_distributions(groups)):
            out[pool, : len(dist)] = dist
        return out

    def dice(self, withdrawn: bool, skip_subs: bool) -> Ints:
        """dice[state, pool, value] of this side's normal fire (fire.dice_counts)."""
        key = (withdrawn, skip_subs and self._submarines)
        dice = self._dice.get(key)
        if dice is None:
            ctx = self.battle.attack_ctx if self.attacking else self.battle.defense_ctx
            dice = dice_counts(
                self.layout, self.array, ctx, withdrawn=withdrawn, skip_submarines=skip_subs
            )
            if same_hits(self.battle.defender if self.attacking else self.battle.attacker):
                # R-SUB-5's aircraft hits skip submarines: on an enemy without any they are
                # hits like the others, rolled together (one kind of hit fewer a row).
                dice[:, Pool.ANY] += dice[:, Pool.NON_SUB]
                dice[:, Pool.NON_SUB] = 0
            self._dice[key] = dice
        return dice

    def fire_table(self, withdrawn: bool, skip_subs: bool) -> LazyFire:
        """fire[state] = (pool, hits) probabilities of this side's normal fire, each row
        worked out when first asked for (a large battle's mass reaches few of its states)."""
        key = (withdrawn, skip_subs and self._submarines)
        table = self._fire.get(key)
        if table is None:
            table = self._fire[key] = LazyFire(self.dice(*key), self.fourier)
        return table

    def fire(self, withdrawn: bool) -> list[LazyFire]:
        """This side's fire in a round, (rows, pools, hits) probabilities for `Both`: row i is
        state i's normal fire; for the attacker, row n + i (the second table) is the same
        state's fire after its submarines struck first (R-SUB-2; only an attacker's
        submarines do)."""
        normal = self.fire_table(withdrawn, False)
        if not self.attacking:
            return [normal]
        return [normal, self.fire_table(withdrawn, True)]

    def spread(
        self, start: Ints, fire: Fire, firing: Ints, withdrawn: bool
    ) -> tuple[Ints, Floats]:
        """The distribution of this side's state after the enemy's fire `fire.probs[firing]`
        (one row each) falls on states `start`, as (cols, rows): rows[r, c] is the
        probability of state cols[c]. Only the states some row reaches get a column, so the
        rows and their products stay small.

        Every row enumerates its own combinations of hits per pool, no more than its fire can
        score and no more than the target's health: a hit either costs the target one health
        or is lost for good (no eligible unit, OQ3-7), so after `health` hits more change
        nothing and the tail of each pool's distribution is folded into that count. All rows'
        combinations form one flat (ragged) array: a few whole-array steps per batch, and
        about a tenth of the combinations a cut-off common to the batch would give.
        """
        k = len(start)
        row, state, weight, _ = hit_combinations(
            self.health,
            lambda pool, need: self.next_table(
                pool, withdrawn, max(need, self.widths.get(pool, 0))
            ),
            start, fire, firing,
        )
        reached = np.zeros(self.n, dtype=bool)
        reached[state] = True
        column = np.cumsum(reached) - 1  # a reached state's column among `cols`
        cols = np.flatnonzero(reached)
        out: Floats = np.asarray(
            np.bincount(row * len(cols) + column[state], weights=weight, minlength=k * len(cols)),
            dtype=np.float64,
        )
        return cols, out.reshape(k, len(cols))

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
        # A die of value 1 or more may hit: the pool rolls (fire.hit_table).
        rolls: Bools = np.asarray(self.dice(withdrawn, False)[:, :, 1:].any(axis=2))
        out = np.zeros(self.n, dtype=np.intp)
        for pool in POOLS:
            out |= rolls[:, pool].astype(np.intp) << pool
        return out


class Both:
    """The two sides as one set of states (the attacker's first, then the defender's), so
    that a round's losses of both sides are one `hit_combinations` pass: half the calls of
    two `Side.spread`s, which matters in the many small batches of a battle's last levels."""

    def __init__(
        self, att: Side, dfn: Side, withdrawn: bool, cut: float = 0.0, rows: int | None = None
    ) -> None:
        """`cut`: see Fire (the hit counts too unlikely to follow); `rows`: the most fire
        rows worked out (Fire's `most`)."""
        self.att, self.dfn, self.withdrawn = att, dfn, withdrawn
        self.health: Ints = np.concatenate([att.health, dfn.health])
        a_fire, d_fire = att.fire(withdrawn), dfn.fire(False)
        # Rows 0 .. 2 n - 1: the attacker's fire; then the defender's.
        self.fire = Fire([*a_fire, *d_fire], cut, rows)
        self.def_fire_at = sum(len(t) for t in a_fire)
        # Per kind of hit, the most dice any state of either side rolls in it (not always
        # a first state: at sea a side's aircraft roll for the hits that skip submarines
        # once its own last destroyer is gone, R-SUB-5): no row scores more hits of it.
        self.most = np.max([table.most for table in (*a_fire, *d_fire)], axis=0)
        self._tables: dict[int, Table] = {}
        self.combinations = 0  # hit combinations spread so far (the solver's work)

    def width(self, pool: int) -> int:
        """The columns of the casualty tables of hits of `pool`: up to the most hits of this
        kind any row of either side's fire scores (the combinations never look further,
        hit_combinations). At sea the submarines' and aircraft's kinds score a fraction of
        the others' hits."""
        return int(min(self.att.width, self.dfn.width, self.fire.width, int(self.most[pool]) + 1))

    def _table(self, pool: int, need: int = 0) -> Table:
        del need  # `width` covers every row of the sides' fire
        table = self._tables.get(pool)
        if table is None:
            width = self.width(pool)
            table = self._tables[pool] = np.concatenate(
                [
                    self.att.next_table_or_none(pool, self.withdrawn, width)[:, :width],
                    self.dfn.next_table_or_none(pool, False, width)[:, :width] + self.att.n,
                ]
            )
        return table

    def spread(
        self,
        att_start: Ints,
        att_firing: Ints,
        def_start: Ints,
        def_firing: Ints,
        limit: int | None = None,
        grades: Ints | None = None,
    ) -> tuple[Ints, Floats, Ints, Floats]:
        """`Side.spread` of both sides at once: the defender's states `def_start` under the
        attacker's fire rows `att_firing` (Side.fire), the attacker's states `att_start`
        under the defender's fire rows `def_firing`. Returns (attacker cols, attacker rows,
        defender cols, defender rows).

        `grades`: each pair's grade of the cut (GRADES; 0 for all if None).

        Raises:
            TooManyCombinations: the rows have more than `limit` hit combinations.
        """
        k = len(att_start)
        na = self.att.n
        start = np.concatenate([def_start + na, att_start])
        firing = np.concatenate([att_firing, def_firing + self.def_fire_at])
        row, state, weight, first = hit_combinations(
            self.health, self._table, start, self.fire, firing, limit,
            None if grades is None else np.concatenate([grades, grades]),
        )
        self.combinations += len(row)
        reached = np.zeros(len(self.health), dtype=bool)
        reached[state] = True
        cols = np.flatnonzero(reached)
        ca = int(np.searchsorted(cols, na))  # reached attacker states come first
        cd = len(cols) - ca
        # Defender rows (row < k) fill a k x cd block, attacker rows (k .. 2k - 1) a k x ca
        # block: `column` maps a state to its column within its side's block, less k x ca
        # for an attacker's (its rows are numbered from k), so that each entry's place is
        # row x block width + column[state] (offsets per state, not per entry).
        column = np.cumsum(reached) - 1
        column[na:] -= ca
        column[:na] -= k * ca
        # The defender's rows come first (rows 0 .. k - 1), then the attacker's: slices.
        split = int(first[k]) if k < len(first) else len(row)
        local = column[state]
        d_out = np.bincount(row[:split] * cd + local[:split], weights=weight[:split],
                            minlength=k * cd)
        a_out = np.bincount(row[split:] * ca + local[split:], weights=weight[split:],
                            minlength=k * ca)
        return (
            cols[:ca],
            np.asarray(a_out, dtype=np.float64).reshape(k, ca),
            cols[ca:] - na,
            np.asarray(d_out, dtype=np.float64).reshape(k, cd),
        )


def hit_combinations(
    health: Ints,
    table: Callable[[int, int], Table],
    start: Ints,
    fire: Fire,
    firing: Ints,
    limit: int | None = None,
    grades: Ints | None = None,
) -> tuple[Ints, States, Floats, Ints]:
    """Every combination of hits per pool that matters for each row (see Side.spread), as
    flat arrays (row, state it leads to, probability), rows in order (each row has one
    combination at least), and where each row's combinations start. `table(pool, need)` is
    the casualty table next[state, h] of the states `start` and `health` index, at least
    `need` columns wide.

    With a `fire.cut`, each pool's counts less likely than that at either end of its
    distribution are left out (Fire.prepare): the rows then sum to less than 1, and the
    solver counts what is missing as neglected (a bound, budget.py); `grades[r]`: row r's
    grade of the cut (GRADES), 0 for every row if None.

    Raises:
        TooManyCombinations: more than `limit` combinations (nothing large allocated yet).
    """
    k = len(start)
    slot = fire.prepare(firing)
    # top[r, p]: the hit counts of pool p that matter for row r are 0 .. top - 1.
    top = np.minimum(fire.scored[slot], health[start][:, None]) + 1
    # low[r, p] .. low + span - 1: the counts kept (all of them without a cut).
    grade = np.zeros(k, dtype=np.intp) if grades is None else np.minimum(grades, fire.grades - 1)
    low = np.minimum(fire.lo[slot, :, grade], top - 1)
    span = np.minimum(fire.hi[slot, :, grade], top - 1) - low + 1
    used: list[bool] = np.asarray((top > 1).any(axis=0)).tolist()
    active = [int(pool) for pool in POOLS if used[pool]] or [int(Pool.ANY)]
    sizes = span[:, active[0]]
    for pool in active[1:]:
        sizes = sizes * span[:, pool]
    if limit is not None and int(sizes.sum()) > limit:
        raise TooManyCombinations
    # P(h hits) and P(at least h hits) of (slot, pool, h), flat; the count top - 1 stands
    # for it and every count above it (the tail).
    probs, tails = fire.folds[0::2], fire.folds[1::2]
    # One pool at a time, in POOLS order (hits are assigned pool by pool, casualties.Layout
    # .allocate): each entry so far (row, state, probability) takes its row's counts of the
    # next pool. The whole-array passes over the last pool's entries, the most numerous,
    # are a handful of gathers: every per-row or per-entry offset is worked out before.
    row = np.arange(k)
    state: States = start
    weight: Floats | None = None
    for pool in active:
        tab = table(pool, int(top[:, pool].max()) if k else 1)
        width = tab.shape[1]
        n = span[row, pool]
        first = np.cumsum(n) - n  # each entry's first new entry
        at = np.arange(int(first[-1] + n[-1]) if len(n) else 0)
        lo_r = low[row, pool]
        p_base = (slot[row] * len(POOLS) + pool) * fire.width + lo_r  # P(low hits)
        s_base = state * np.intp(width) + lo_r
        # Each entry's offsets repeated from its row's (np.repeat: a copy in order, cheaper
        # than gathering them through an index per entry).
        p = probs[np.repeat(p_base - first, n) + at]
        # The last count kept is the tail when it is top - 1.
        last = first + n - 1
        folded = lo_r + n - 1 == top[row, pool] - 1
        p[last[folded]] = tails[(p_base + n - 1)[folded]]
        state = tab.ravel()[np.repeat(s_base - first, n) + at]
        weight = p if weight is None else np.repeat(weight, n) * p
        row = np.repeat(row, n)
    assert weight is not None
    first = np.cumsum(sizes) - sizes
    # The states stay 32-bit (the casualty tables'): they only index arrays from here on.
    return row, state, weight, first


def same_hits(target: Layout) -> bool:
    """Whether aircraft hits that skip submarines (R-SUB-5) fall on `target` as any other hit
    does: it has no submarine to skip (then Layout.allocate takes them in the same order)."""
    return target.eligible[Pool.NON_SUB] == target.eligible[Pool.ANY]


def step_powers(step: Table, width: int) -> Table:
    """table[s, h] = step applied h times to s, for h < width. By doubling: columns m .. 2m - 1
    are step^m of columns 0 .. m - 1, one gather per doubling (a few calls, not one per column:
    a naval side of 3,000 states has tables 160 columns wide)."""
    n = len(step)
    table = np.empty((n, max(width, 1)), dtype=np.int32)
    table[:, 0] = np.arange(n, dtype=np.int32)
    if width > 1:
        table[:, 1] = step
    power = step  # step^m
    m = 2 if width > 1 else width
    while m < width:
        power = power[power]  # step^m from step^(m/2)
        end = min(2 * m, width)
        table[:, m:end] = power[table[:, : end - m]]
        m = end
    return table
