"""Solve a battle's Markov chain fast, with whole arrays instead of node-by-node loops.

- Each side's reachable states are interned as indices (identical units are interchangeable,
  so a state is a count per (type, damaged, bystander)): side.py.
- Assigning h hits of one pool equals assigning them one by one (the order of loss is fixed),
  so a table next[state, h] per pool answers every casualty question (R-COMBAT-6).
- A round either takes health from the battle or changes nothing (every hit lands on a unit
  or is lost, OQ3-7): mass only flows from a level of total health to lower ones. A pair
  only loops onto itself; that loop is folded in exactly by scaling its mass by
  1 / (1 - p_stay), which is also its expected number of rounds. Levels are expanded highest
  first, a band of `bands.BAND` levels per batch (bands.py).
- Given the state before a round, the two sides' losses are independent (R-COMBAT-7), so the
  new mass of a batch is one matrix product: (attacker-loss rows)ᵀ · (defender-loss rows).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from pacific.odds import grid
from pacific.odds.bands import Bands, summed
from pacific.odds.budget import Budget, TooLarge, WorkSpent
from pacific.odds.chain import Battle, Node, Terminal, binomial
from pacific.odds.chain_cost import (
    fire_rows,
    kinds_of_hit,
    live_states,
    row_combinations,
    table_bytes,
)
from pacific.odds.grid import AsideNode
from pacific.odds.model import BattleKind, Outcome
from pacific.odds.side import GRADES, Both, Fire, Side, TooManyCombinations, same_hits
from pacific.odds.submerge import last_round
from pacific.odds.values import POOLS, Pool
from pacific.rules.units import SUB_FIRST_STRIKE_HIT, UnitType, is_air

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]

# Pairs reached with less probability than this are not expanded: in a 20-vs-20 naval battle
# more than half of the reachable pairs weigh less, all of them together about 1e-10 (2e-12 in
# the 20-vs-20 land battle of the benchmark). The mass left out is counted and reported
# (OddsResult.neglected), so the answer says how exact it is.
NEGLIGIBLE = 1e-12

# The most pairs one expansion takes (pairs in key order, so neighbouring states: a batch's
# arrays grow with its pairs times the states they reach; a batch is a band of levels,
# bands.py); measured on the battles of benchmarks/odds_vs_vectorised.py, docs/odds.md. More
# pairs per expansion mean larger arrays, which went back to the system after each expansion
# and faulted in again (system time) until the heap kept them (heap.py): since then 2,000
# pairs are 5 to 10% faster than 1,000 at 60 and 80 a side (docs/performance.md).
_PAIRS = 2000
# The most hit combinations one expansion lists (about 120 bytes each in its arrays: 24 MB):
# past it the pairs are expanded in halves.
_COMBINATIONS = 200_000
# The share of its pairs times their start-sized hit combinations (chain_cost.row_combinations)
# that the exact chain lists: the pairs its mass reaches, each listing fewer as the sides
# shrink (measured: 0.14 for 20 against 20 at sea with three kinds of hit, 0.05 for the
# 20-against-20 naval battle of benchmarks/odds_vs_vectorised.py; docs/odds.md).
_EXACT_REACH = 0.15
# Pairs heavier than this keep the plain cut; each factor of ten lighter, a cut ten times
# coarser (Solver._grades, up to side.GRADES - 1 grades). Measured on the battles of
# benchmarks/odds_vs_vectorised.py: docs/performance.md, "Odds within 50 ms".
_GRADED = 1e-2

_AIR = frozenset(t for t in UnitType if is_air(t))

OUTCOMES = (
    Outcome.ATTACKER_WINS,
    Outcome.DEFENDER_WINS,
    Outcome.BOTH_DESTROYED,
    Outcome.STALEMATE,
    Outcome.RETREAT,
)


class Solver:
    def __init__(
        self,
        battle: Battle,
        start: Mapping[Node, float],
        budget: Budget | None = None,
        *,
        negligible: float = NEGLIGIBLE,
        cut: float = 0.0,
    ) -> None:
        """`negligible`: pairs reached with less probability are not expanded; `cut`: each
        round's hit counts less likely than that at either end of their distribution are
        left out (Fire.likely). Both only lose mass, which `neglected` counts: every
        probability of the answer is short by at most `neglected`, never over.

        Raises:
            TooLarge: with a `budget`, the chain has more states or pairs of states than it
                allows, or its arrays would take more memory (nothing large is allocated).
        """
        self.b = battle
        self.start = start
        self.negligible = negligible
        self.cut = cut
        width = 2 + max(
            max(sum(n[0]) + sum(n[4]), sum(n[1]) + sum(n[5])) + len(n[0]) + len(n[1]) for n in start
        )
        aside = any(any(n[4]) or any(n[5]) for n in start)
        self._aside_at_sea = aside and battle.kind is BattleKind.NAVAL
        limit = budget.side_states(battle.kind, aside) if budget is not None else None
        self.att = Side(
            battle, True, {n[0] for n in start}, width, self._pools(start, False), limit
        )
        live_a = self.att.n
        if budget is not None:
            pruned = (
                budget.split(battle.kind, len(start)) if aside else budget.thresholds(battle.kind)
            )
            if battle.kind is not BattleKind.NAVAL:
                live_a = live_states(self.att, start, 0, pruned[0])
            limit = budget.second_side_states(
                battle.kind, self.att.n, width, live_a, aside=aside
            )
        self.dfn = Side(
            battle, False, {n[1] for n in start}, width, self._pools(start, True), limit
        )
        self.subs = self.att.count_of(UnitType.SUBMARINE)
        self.has_dd = self.dfn.count_of(UnitType.DESTROYER) > 0
        # Row n: the first strike of n submarines (R-SUB-2).
        most = int(self.subs.max()) if self.att.n else 0
        # Mass of the pairs reached, by band of levels (total health), highest first.
        self._bands = Bands(self.att.health, self.dfn.health)
        self._end_masks: dict[bool, tuple[Bools, Bools, Ints, Ints, Ints, Ints]] = {}
        self._work = 0
        self._pairs = 0
        self._budget = budget
        self._work_limit: float | None = None
        if budget is not None:
            if table_bytes(self.att, self.dfn) > budget.bytes:
                raise TooLarge
            self._work_limit = budget.pruned_work(battle.kind)
            # Every pair of states, each with its hit counts: what the exact chain may cost;
            # and the hit combinations it would list (with three kinds of hit at sea a pair's
            # combinations multiply: the chain would pass the combination limit, WorkSpent).
            pairs = self.att.n * self.dfn.n
            dense = pairs * width
            kinds = kinds_of_hit(self.att, self.dfn, start)
            # With five or six kinds of hit the pairs the mass reaches list about twice
            # their start-sized share (a 15-against-15 fleet with three kinds a side:
            # 940,000 combinations for 490,000 expected, 81 ms exact, 28 pruned).
            reach = _EXACT_REACH * (2.0 if kinds >= 5 else 1.0)
            combinations = pairs * row_combinations(self.att, self.dfn, start) * reach
            if dense > budget.exact_work(battle.kind) or combinations > budget.combinations():
                # The pruned chain never expands the states that only seeds lighter than
                # its threshold lead to (AA fire's many aircraft shot down, R-AA-2; cover
                # fire's many casualties, R-AMPH-6): its entries follow the states the
                # heavier seeds lead to.
                # (At sea the fits were made counting every state: kamikazes, R-KAMI-8.)
                live = dense
                if battle.kind is not BattleKind.NAVAL:
                    live = live_a * live_states(self.dfn, start, 1, pruned[0]) * width
                entries = budget.pruned_estimate(battle.kind, live, kinds, aside)
                states = self.att.n + self.dfn.n
                if not budget.pruned_fits(
                    battle.kind, states, entries, on_grid=self._grid_shape(), aside=aside
                ):
                    raise TooLarge
                # Too much for every last 1e-12: leave out what weighs less than the
                # budget's pruning thresholds; `neglected` counts it (the stated bound).
                self.negligible, self.cut = (
                    budget.split(battle.kind, len(start))
                    if aside
                    else budget.thresholds(battle.kind)
                )
        # A chain with a cut leaves out the counts below it anyway: its fire rows may come
        # from the Fourier transform (off by about 1e-16, fire.hit_table_fourier).
        self.att.fourier = self.dfn.fourier = self.cut > 0.0
        fs = np.zeros((most + 1, len(POOLS), width))
        fs[:, :, 0] = 1.0  # no hit in any other pool
        for n in range(most + 1):
            fs[n, Pool.SHIPS, : n + 1] = binomial(n, SUB_FIRST_STRIKE_HIT)
        self.first_strike = Fire(fs)
        self._both: dict[bool, Both] = {}
        self.neglected = 0.0

    def _pools(self, start: Mapping[Node, float], attacking: bool) -> tuple[int, ...]:
        """The kinds of hit one side's fire can score in the rounds (AA fire comes before):
        submarine hits (R-SUB-4) and, at sea, aircraft hits without a destroyer (R-SUB-5)."""
        layout = self.b.attacker if attacking else self.b.defender
        present = {
            t
            for n in start
            for counts in ((n[0], n[4]) if attacking else (n[1], n[5]))
            for t in layout.types(counts)
        }
        pools = {int(Pool.ANY)}
        if UnitType.SUBMARINE in present:
            pools.add(int(Pool.SHIPS))
        target = self.b.defender if attacking else self.b.attacker
        if self.b.kind.value == "naval" and any(t in _AIR for t in present) and not same_hits(
            target
        ):
            pools.add(int(Pool.NON_SUB))
        return tuple(sorted(pools))

    def _first_strike_rows(self, subs: Ints, jj: Ints) -> tuple[Ints, Floats]:
        """(cols, rows): row k is the distribution of defender state jj[k] after the first
        strike of subs[k] submarines (R-SUB-2), each (subs, state) worked out once."""
        dfn = self.dfn
        keys = subs * dfn.n + jj
        unique, inverse = np.unique(keys, return_inverse=True)
        cols, rows = dfn.spread(unique % dfn.n, self.first_strike, unique // dfn.n, False)
        return cols, rows[inverse]

    # ---- one round for a batch of pairs ---------------------------------------------
    def _expand(
        self,
        ii: Ints,
        jj: Ints,
        mass: Floats,
        withdrawn: bool,
        loops: bool,
        asides: list[AsideNode] | None = None,
        limit: int | None = _COMBINATIONS,
    ) -> tuple[Ints, Ints, Floats, float]:
        """Mass after one round of the pairs (ii, jj). With `loops`, each pair's own return is
        folded in and left out of the answer. Returns (attacker states, defender states, new
        mass over them, expected rounds spent).

        Raises:
            TooManyCombinations: the pairs' hit combinations pass `limit` (expand fewer).
            WorkSpent: with a budget, the chain's work so far passes what it allows
                (Budget.spent)."""
        att, dfn = self.att, self.dfn
        # R-SUB-2/3: attacking subs strike first unless the defender has a destroyer; the
        # defender's state after it (j1) is what fires back.
        fs = (self.subs[ii] > 0) & ~self.has_dd[jj]
        if self.b.kind.value != "naval":
            fs[:] = False
        node = np.arange(len(ii))
        row_node, row_j1, row_w = [node[~fs]], [jj[~fs]], [np.ones(int((~fs).sum()))]
        if fs.any():
            cols, after = self._first_strike_rows(self.subs[ii[fs]], jj[fs])
            k, c = np.nonzero(after)
            row_node.append(node[fs][k])
            row_j1.append(cols[c])
            row_w.append(after[k, c])
        r_node = np.concatenate(row_node)
        r_j1 = np.concatenate(row_j1)
        r_w = np.concatenate(row_w)
        r_i = ii[r_node]
        r_fs = fs[r_node]
        if asides is None:
            # Submarines that struck first do not fire again (R-SUB-2): rows n + i.
            att_rows_at, def_rows_at = r_i + att.n * r_fs, r_j1
        else:
            b = self.b
            rows = zip(r_i.tolist(), r_node.tolist(), r_fs.tolist(), strict=True)
            att_fire = Fire(
                np.stack(
                    [
                        att.fire_probs(
                            b._groups(True, att.states[i], asides[n][3], withdrawn, bool(f))
                        )
                        for i, n, f in rows
                    ]
                ),
                self.cut,
            )
            def_fire = Fire(
                np.stack(
                    [
                        dfn.fire_probs(b._groups(False, dfn.states[j], asides[n][4], False, False))
                        for j, n in zip(r_j1.tolist(), r_node.tolist(), strict=True)
                    ]
                ),
                self.cut,  # the rounds' cut, counted in `neglected` below like theirs
            )
            att_rows_at = def_rows_at = np.arange(len(r_node))
        if asides is None:
            both = self._both.get(withdrawn)
            if both is None:
                both = self._both[withdrawn] = Both(
                    att, dfn, withdrawn, self.cut, fire_rows(att, dfn, self.b, self._budget)
                )
            a_cols, att_rows, d_cols, def_rows = both.spread(
                r_i, att_rows_at, r_j1, def_rows_at, limit, self._grades(r_w * mass[r_node])
            )
            self._pairs += len(ii)
            if self._budget is not None and self._budget.spent(
                self.att.n + self.dfn.n,
                self._pairs,
                sum(b.combinations for b in self._both.values()),
                aside_at_sea=self._aside_at_sea,
            ):
                raise WorkSpent
        else:
            d_cols, def_rows = dfn.spread(r_j1, att_fire, att_rows_at, False)
            a_cols, att_rows = att.spread(r_i, def_fire, def_rows_at, withdrawn)
        a_at = _positions(a_cols, att.n)
        d_at = _positions(d_cols, dfn.n)
        scale = mass
        if loops:
            rr = np.arange(len(r_node))
            # Without a cut a side always may take no hit, so r_i is reached; with one, "no
            # hit" may be left out, and then so is the pair's own return.
            back = (r_j1 == jj[r_node]) & (d_at[jj[r_node]] >= 0) & (a_at[r_i] >= 0)
            own = (
                r_w
                * att_rows[rr, np.maximum(a_at[r_i], 0)]
                * np.where(back, def_rows[rr, np.maximum(d_at[jj[r_node]], 0)], 0.0)
            )
            stay = np.bincount(r_node, weights=own, minlength=len(ii))
            scale = mass / (1.0 - stay)
        out = _outer_sum(att_rows, def_rows, r_w * scale[r_node])
        if loops:
            # The pair's own return is folded in: take it out (and only it: in a batch of
            # several levels, other pairs of the batch may reach this one).
            there = (d_at[jj] >= 0) & (a_at[ii] >= 0)
            cells = a_at[ii[there]], d_at[jj[there]]
            out[cells] = np.maximum(out[cells] - (scale * stay)[there], 0.0)
        if self.cut > 0.0:
            # What the cut left out of this round (the rows sum to less than 1).
            self.neglected += max(0.0, float(mass.sum()) - float(out.sum()))
        return a_cols, d_cols, out, float(scale.sum())

    def _grades(self, mass: Floats) -> Ints | None:
        """Each row's grade of the cut (side.GRADES): one more per factor of ten its mass is
        below `_GRADED`, so that what a cut may leave out of a pair, its tail probability
        times its mass, stays under about cut x `_GRADED` whatever the pair weighs. None
        without a cut."""
        if self.cut <= 0.0:
            return None
        below = np.log10(_GRADED / np.maximum(mass, 1e-300))
        return np.clip(below, 0, GRADES - 1).astype(np.intp)

    # ---- ends -----------------------------------------------------------------------
    def _ends(self, ii: Ints, jj: Ints, withdrawn: bool) -> npt.NDArray[np.int8]:
        """The outcome code of each pair (ii, jj) (index in OUTCOMES) if the battle is over
        there, else -1 (R-LAND-4, R-NAVAL-4; the same tests as Battle.end). `ii` and `jj`
        may be any shapes that broadcast together (a column and a row: every pair)."""
        att, dfn = self.att, self.dfn
        key = bool(withdrawn)
        per_state = self._end_masks.get(key)
        if per_state is None:
            per_state = self._end_masks[key] = (
                att.active(withdrawn) > 0, dfn.active(False) > 0,
                att.fire_mask(withdrawn), dfn.eligible_mask(False),
                dfn.fire_mask(False), att.eligible_mask(withdrawn),
            )
        a_live, d_live, a_fire, d_target, d_fire, a_target = per_state
        a_alive, d_alive = a_live[ii], d_live[jj]
        a_hits = (a_fire[ii] & d_target[jj]) != 0
        d_hits = (d_fire[jj] & a_target[ii]) != 0
        code = np.full(np.broadcast_shapes(ii.shape, jj.shape), -1, dtype=np.int8)
        code[~a_hits & ~d_hits] = 3  # R-NAVAL-4 E: what is left cannot hit each other
        code[~d_alive & a_alive] = 0
        code[d_alive & ~a_alive] = 1
        code[~d_alive & ~a_alive] = 2
        return code

    def _store(self, r: int, w: int, a_cols: Ints, d_cols: Ints, block: Floats) -> None:
        """Keep the mass `block` (a_cols x d_cols) for round r, air flag w (bands.py): only
        the pairs reached, and within the work limit (the memory the budget holds)."""
        rows, cols = np.nonzero(block)
        if not len(rows):
            return
        self._work += len(rows)
        if self._work_limit is not None and self._work > self._work_limit:
            raise WorkSpent
        self._bands.add(r, w, a_cols[rows], d_cols[cols], block[rows, cols])

    def solve(self) -> tuple[dict[Terminal, float], float]:
        """Terminal states with their probability, and the expected number of rounds.

        Raises:
            TooLarge: with a budget, the pairs expanded pass its work limit (the answer is
                then found by another method: the solver does not grow past its budget).
        """
        b = self.b
        att, dfn = self.att, self.dfn
        if self._on_grid():
            return self._solve_on_grid()
        cap = max(1, b.retreat_after or 1)
        terminals: dict[Terminal, float] = {}
        rounds = 0.0
        flags = (0, 1) if b.air_only_retreat else (0,)
        a_count = [att.active(bool(w)) for w in flags]
        has_air = att.active(False) > att.active(True)
        # R-SUB-6 "when_alone": a side whose own units left are only submarines.
        a_alone = [(self.subs > 0) & (self.subs == a_count[w]) for w in flags]
        d_subs = dfn.count_of(UnitType.SUBMARINE)
        d_alone = (d_subs > 0) & (d_subs == dfn.array.sum(axis=1))
        asides: list[AsideNode] = []
        for (a, d, _, _, a_aside, d_aside), p in self.start.items():
            i, j = att.states.index(a), dfn.states.index(d)
            # Units set aside before round 1 fire in it even if the rest of their side is
            # gone: that round is always fought (R-AMPH-6 step 2, R-KAMI-8).
            if any(a_aside) or any(d_aside):
                asides.append((i, j, p, a_aside, d_aside))
            else:
                one = np.array([i], dtype=np.intp), np.array([j], dtype=np.intp)
                self._store(0, 0, *one, np.array([[p]]))
        if asides:
            # Units set aside before round 1 (cover fire, kamikazes) fire in round 1 only.
            # Its casualty tables are the rounds' (Both.width), built once at their width.
            rows = fire_rows(att, dfn, self.b, self._budget)
            both = self._both[False] = Both(att, dfn, False, self.cut, rows)
            for side in (att, dfn):
                side.widths = {pool: both.width(pool) for pool in side.pools}
            ii = np.array([x[0] for x in asides], dtype=np.intp)
            jj = np.array([x[1] for x in asides], dtype=np.intp)
            m = np.array([x[2] for x in asides])
            a_cols, d_cols, out, spent = self._expand(ii, jj, m, False, loops=False, asides=asides)
            self._store(1, 0, a_cols, d_cols, out)
            rounds += spent
        groups = [(r, w) for r in range(cap + 1) for w in flags]
        while self._bands:
            band, here_by = self._bands.pop()
            for at, (r, w) in enumerate(groups):
                chunks = here_by.pop((r, w), None)
                if not chunks:
                    continue
                unique, here = summed(chunks)
                nz = here > self.negligible
                self.neglected += float(here[~nz].sum())
                if not nz.any():
                    continue
                ii, jj, m = unique[nz] // dfn.n, unique[nz] % dfn.n, here[nz]
                code = self._ends(ii, jj, bool(w))
                if r >= 1 and (b.retreat_after is not None or b.retreat_below is not None):
                    want = np.zeros(len(ii), dtype=bool)
                    if b.retreat_after is not None and r >= b.retreat_after:
                        want[:] = True
                    if b.retreat_below is not None:
                        want |= a_count[w][ii] <= b.retreat_below
                    want &= code < 0
                    if b.air_only_retreat:
                        # R-AMPH-3: only aircraft leave; the land units fight on.
                        want &= (w == 0) & has_air[ii]
                        if want.any():
                            here_by.setdefault((r, 1), []).append(
                                (ii[want] * dfn.n + jj[want], m[want])
                            )
                        code[want] = 5
                    else:
                        code[want] = 4
                if b.attacker_submerge:
                    # They submerge in step 2 of the next round: outcome B.
                    code[(code < 0) & a_alone[w][ii]] = 6
                if b.defender_submerge:
                    dive = (code < 0) & d_alone[jj]
                    if dive.any():
                        rounds += last_round(
                            b, att.states, dfn.states, (ii[dive], jj[dive], m[dive]),
                            bool(w), terminals,
                        )
                        code[dive] = 7
                # Terminal pairs: many in a large battle's last batches, so their fields are
                # taken out of the arrays together (one numpy scalar each would cost more).
                ends = np.flatnonzero(((code >= 0) & (code <= 4)) | (code == 6))
                states_a, states_d = att.states, dfn.states
                for c, i, j, p in zip(
                    code[ends].tolist(), ii[ends].tolist(), jj[ends].tolist(), m[ends].tolist(),
                    strict=True,
                ):
                    # Code 6: the attacker's submarines submerge, outcome B (R-NAVAL-4).
                    key = (
                        Outcome.DEFENDER_WINS if c == 6 else OUTCOMES[c],
                        states_a[i],
                        states_d[j],
                        bool(w),
                        c == 6,
                    )
                    terminals[key] = terminals.get(key, 0.0) + p
                go = np.flatnonzero(code < 0)
                if len(go):
                    r_next = min(r + 1, cap)
                    # At most _PAIRS pairs per expansion; halves of them while their hit
                    # combinations pass _COMBINATIONS.
                    parts = _split(go, -(-len(go) // _PAIRS))
                    while parts:
                        part = parts.pop()
                        try:
                            a_cols, d_cols, out, spent = self._expand(
                                ii[part], jj[part], m[part], bool(w), loops=r_next == r
                            )
                        except TooManyCombinations:
                            if len(part) > 1:
                                parts.extend(_split(part, 2))
                                continue
                            if self._work_limit is not None:
                                raise TooLarge from None  # one pair's hits alone
                            a_cols, d_cols, out, spent = self._expand(
                                ii[part], jj[part], m[part], bool(w), r_next == r, limit=None
                            )
                        self._store(r_next, w, a_cols, d_cols, out)
                        rounds += spent
                    # Mass this batch sent into its own band, for a group still to come
                    # (a later round or air flag), joins that group now.
                    self._bands.take_back(band, here_by, groups[at + 1 :])
        return terminals, rounds

    def _on_grid(self) -> bool:
        """Whether the pruned chain is solved on a grid (grid.py). The exact chain stays pair
        by pair (its answers to the last rounding, tests/test_odds_solver_regression.py)."""
        return self.cut > 0.0 and self._grid_shape()

    def _grid_shape(self) -> bool:
        """Whether the chain's rounds fit a grid, if pruned: a land battle's rounds without
        a retreat (R-LAND-2), each side taking hits of one kind (round 1 of units set aside,
        R-AMPH-6 step 2, is expanded pair by pair first, `_solve_on_grid`)."""
        b = self.b
        return (
            b.kind.value != "naval"
            and b.retreat_after is None
            and b.retreat_below is None
            and grid.fits(self.att, self.dfn)
        )

    def _solve_on_grid(self) -> tuple[dict[Terminal, float], float]:
        att, dfn = self.att, self.dfn
        nodes = [
            (att.states.index(n[0]), dfn.states.index(n[1]), p, n[4], n[5])
            for n, p in self.start.items()
        ]
        first = grid.cover_fire_rows(self.b, att, dfn, nodes)
        plain = [x for x in nodes if first is not None or not (any(x[3]) or any(x[4]))]
        asides = [x for x in nodes if first is None and (any(x[3]) or any(x[4]))]
        ii = np.array([x[0] for x in plain], dtype=np.intp)
        jj = np.array([x[1] for x in plain], dtype=np.intp)
        mass = np.array([x[2] for x in plain], dtype=np.float64)
        rounds = 0.0
        if asides:
            # Units set aside before round 1 (cover fire, R-AMPH-6 step 2) fire in round 1
            # only, even if the rest of their side is gone: that round is expanded pair by
            # pair (as `solve` does), and the grid goes on from the mass it leaves.
            a_cols, d_cols, out, rounds = self._expand(
                np.array([x[0] for x in asides], dtype=np.intp),
                np.array([x[1] for x in asides], dtype=np.intp),
                np.array([x[2] for x in asides]),
                False,
                loops=False,
                asides=asides,
            )
            rows, cols = np.nonzero(out)
            ii = np.concatenate([ii, a_cols[rows]])
            jj = np.concatenate([jj, d_cols[cols]])
            mass = np.concatenate([mass, out[rows, cols]])
        cells, more, neglected = grid.solve(
            att, dfn, (ii, jj, mass), lambda i, j: self._ends(i, j, False), self.negligible,
            self.cut, first,
        )
        rounds += more
        self.neglected += neglected
        terminals: dict[Terminal, float] = {}
        for c, i, j, p in cells:
            key = (OUTCOMES[c], att.states[i], dfn.states[j], False, False)
            terminals[key] = terminals.get(key, 0.0) + p
        return terminals, rounds




def _outer_sum(left: Floats, right: Floats, weights: Floats) -> Floats:
    """Σ_r weights[r] · outer(left[r], right[r]), one matrix product. Products over groups
    of rows, each covering only the columns its rows reach, do a tenth of the multiply-adds
    but cost more in numpy's calls, with OpenBLAS on one thread or on several (docs/odds.md).
    The weights scale the narrower of the two (on land the attacker's rows reach about four
    times the defender's columns: one pass over the smaller array, docs/performance.md)."""
    if left.shape[1] > right.shape[1]:
        return left.T @ (right * weights[:, None])
    return (left * weights[:, None]).T @ right


def _split(a: Ints, parts: int) -> list[Ints]:
    """`np.array_split(a, parts)` as plain slices (its own loop cost more than the slicing,
    a batch of many small expansions)."""
    size, extra = divmod(len(a), parts)
    ends = [(size + 1) * k if k <= extra else (size + 1) * extra + size * (k - extra)
            for k in range(parts + 1)]
    return [a[x:y] for x, y in itertools.pairwise(ends)]


def _positions(cols: Ints, n: int) -> Ints:
    """pos[state] = its column in `cols`, or -1."""
    pos = np.full(n, -1, dtype=np.intp)
    pos[cols] = np.arange(len(cols))
    return pos
