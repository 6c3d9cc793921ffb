"""Solve a battle's Markov chain fast, with whole arrays instead of node-by-node loops.

- Each side's reachable states are interned as indices (identical units are interchangeable,
  so a state is a count per (type, damaged, bystander)): side.py.
- Assigning h hits of one pool equals assigning them one by one (the order of loss is fixed),
  so a table next[state, h] per pool answers every casualty question (R-COMBAT-6).
- A round either takes health from the battle or changes nothing (every hit lands on a unit
  or is lost, OQ3-7), so all (attacker, defender) pairs with the same total health are
  independent: a level is expanded at once. A pair only loops onto itself; that loop is folded
  in exactly by scaling its mass by 1 / (1 - p_stay), which is also its expected number of
  rounds.
- Given the state before a round, the two sides' losses are independent (R-COMBAT-7), so the
  new mass of a batch is one matrix product: (attacker-loss rows)ᵀ · (defender-loss rows).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from pacific.odds.budget import Budget, TooLarge
from pacific.odds.casualties import Counts
from pacific.odds.chain import (
    Battle,
    Node,
    Terminal,
    binomial,
    hit_distribution,
)
from pacific.odds.model import Outcome
from pacific.odds.side import Both, Fire, Side
from pacific.odds.values import POOLS, Pool, unit_value
from pacific.rules.units import SUB_FIRST_STRIKE_HIT, UnitType, is_air

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]
AsideNode = tuple[int, int, float, Counts, Counts]

# Pairs reached with less probability than this are not expanded: in a 20-vs-20 naval battle
# more than half of the reachable pairs weigh less, all of them together about 1e-10 (2e-12 in
# the 20-vs-20 land battle of the benchmark). The mass left out is counted and reported
# (OddsResult.neglected), so the answer says how exact it is.
NEGLIGIBLE = 1e-12

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
        limit = budget.states if budget is not None else None
        self.att = Side(
            battle, True, {n[0] for n in start}, width, self._pools(start, False), limit
        )
        self.dfn = Side(
            battle, False, {n[1] for n in start}, width, self._pools(start, True), limit
        )
        self.subs = self.att.count_of(UnitType.SUBMARINE)
        self.has_dd = self.dfn.count_of(UnitType.DESTROYER) > 0
        # Row n: the first strike of n submarines (R-SUB-2).
        most = int(self.subs.max()) if self.att.n else 0
        if budget is not None:
            # The work grows with the pairs of states times the hit counts of a row.
            work = self.att.n * self.dfn.n * width
            if self.memory(most) > budget.bytes or work > budget.pruned_work(battle.kind):
                raise TooLarge
            if work > budget.exact_work(battle.kind):
                # Too much for every last 1e-12: leave out what weighs less than the
                # budget's pruning thresholds; `neglected` counts it (the stated bound).
                self.negligible, self.cut = budget.negligible, budget.cut
        fs = np.zeros((most + 1, len(POOLS), width))
        fs[:, :, 0] = 1.0  # no hit in any other pool
        for n in range(most + 1):
            fs[n, Pool.SHIPS, : n + 1] = binomial(n, SUB_FIRST_STRIKE_HIT)
        self.first_strike = Fire(fs)
        self._struck: tuple[Ints, Floats] | None = None
        self._both: dict[bool, Both] = {}
        self.neglected = 0.0

    def memory(self, most_subs: int) -> int:
        """Bytes of the solver's largest arrays: the mass of every pair per round kept and
        air flag, the level order (solve), and the first strike's table (one row per number
        of submarines and defender state, a column per defender state)."""
        pairs = self.att.n * self.dfn.n
        cap = max(1, self.b.retreat_after or 1)
        first_strike = (most_subs + 1) * self.dfn.n**2 if most_subs else 0
        return 8 * (pairs * (2 * (cap + 1) + 4) + first_strike)

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
        if self.b.kind.value == "naval" and any(t in _AIR for t in present):
            pools.add(int(Pool.NON_SUB))
        return tuple(sorted(pools))

    def _first_strike_table(self) -> tuple[Ints, Floats]:
        """(cols, rows): row n * (defender states) + j is the distribution of defender state
        j after the first strike of n submarines (R-SUB-2), for every n and j at once: the
        same few rows recur in every level."""
        if self._struck is None:
            dfn, counts = self.dfn, len(self.first_strike.probs)
            self._struck = dfn.spread(
                np.tile(np.arange(dfn.n), counts), self.first_strike,
                np.repeat(np.arange(counts), dfn.n), False,
            )
        return self._struck

    # ---- one round for a batch of pairs ---------------------------------------------
    def _expand(
        self,
        ii: Ints,
        jj: Ints,
        mass: Floats,
        withdrawn: bool,
        loops: bool,
        asides: list[AsideNode] | None = None,
    ) -> tuple[Ints, Ints, Floats, float]:
        """Mass after one round of the pairs (ii, jj). With `loops`, each pair's own return is
        folded in and left out of the answer. Returns (attacker states, defender states, new
        mass over them, expected rounds spent)."""
        att, dfn = self.att, self.dfn
        # R-SUB-2/3: attacking subs strike first unless the defender has a destroyer; the
        # defender's state after it (j1) is what fires back.
        fs = (self.subs[ii] > 0) & ~self.has_dd[jj]
        if self.b.kind.value != "naval":
            fs[:] = False
        node = np.arange(len(ii))
        row_node, row_j1, row_w = [node[~fs]], [jj[~fs]], [np.ones(int((~fs).sum()))]
        if fs.any():
            cols, struck = self._first_strike_table()
            after = struck[self.subs[ii[fs]] * dfn.n + jj[fs]]
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
            att_fire, att_rows_at = att.fire(withdrawn), r_i + att.n * r_fs
            def_fire, def_rows_at = dfn.fire(False), r_j1
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
                )
            )
            def_fire = Fire(
                np.stack(
                    [
                        dfn.fire_probs(b._groups(False, dfn.states[j], asides[n][4], False, False))
                        for j, n in zip(r_j1.tolist(), r_node.tolist(), strict=True)
                    ]
                )
            )
            att_rows_at = def_rows_at = np.arange(len(r_node))
        if asides is None:
            both = self._both.get(withdrawn)
            if both is None:
                both = self._both[withdrawn] = Both(att, dfn, withdrawn)
            a_cols, att_rows, d_cols, def_rows = both.spread(
                r_i, att_rows_at, r_j1, def_rows_at, self.cut
            )
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
            there = (d_at[jj] >= 0) & (a_at[ii] >= 0)
            out[a_at[ii[there]], d_at[jj[there]]] = 0.0
        if self.cut > 0.0:
            # What the cut left out of this round (the rows sum to less than 1).
            self.neglected += max(0.0, float(mass.sum()) - float(out.sum()))
        return a_cols, d_cols, out, float(scale.sum())

    # ---- ends -----------------------------------------------------------------------
    def _ends(self, withdrawn: bool) -> npt.NDArray[np.int8]:
        """end[i, j]: the outcome code (index in OUTCOMES) if the battle is over at
        (i, j), else -1 (R-LAND-4, R-NAVAL-4; the same tests as Battle.end)."""
        att, dfn = self.att, self.dfn
        a_alive = (att.active(withdrawn) > 0)[:, None]
        d_alive = (dfn.active(False) > 0)[None, :]
        a_hits = (att.fire_mask(withdrawn)[:, None] & dfn.eligible_mask(False)[None, :]) != 0
        d_hits = (dfn.fire_mask(False)[None, :] & att.eligible_mask(withdrawn)[:, None]) != 0
        code = np.full((att.n, dfn.n), -1, dtype=np.int8)
        code[~a_hits & ~d_hits] = 3  # R-NAVAL-4 E: what is left cannot hit each other
        code[np.broadcast_to(~d_alive & a_alive, code.shape)] = 0
        code[np.broadcast_to(d_alive & ~a_alive, code.shape)] = 1
        code[np.broadcast_to(~d_alive & ~a_alive, code.shape)] = 2
        return code

    def solve(self) -> tuple[dict[Terminal, float], float]:
        """Terminal states with their probability, and the expected number of rounds."""
        b = self.b
        att, dfn = self.att, self.dfn
        cap = max(1, b.retreat_after or 1)
        mass = np.zeros((cap + 1, 2, att.n, dfn.n))
        terminals: dict[Terminal, float] = {}
        rounds = 0.0
        flags = (0, 1) if b.air_only_retreat else (0,)
        ends = [self._ends(bool(w)) for w in flags]
        a_count = [att.active(bool(w)) for w in flags]
        has_air = att.active(False) > att.active(True)
        # R-SUB-6 "when_alone": a side whose own units left are only submarines.
        a_alone = [(self.subs > 0) & (self.subs == a_count[w]) for w in flags]
        d_subs = dfn.count_of(UnitType.SUBMARINE)
        d_alone = (d_subs > 0) & (d_subs == dfn.array.sum(axis=1))
        asides: list[AsideNode] = []
        for (a, d, _, _, a_aside, d_aside), p in self.start.items():
            i, j = att.index[a], dfn.index[d]
            # Units set aside before round 1 fire in it even if the rest of their side is
            # gone: that round is always fought (R-AMPH-6 step 2, R-KAMI-8).
            if any(a_aside) or any(d_aside):
                asides.append((i, j, p, a_aside, d_aside))
            else:
                mass[0, 0, i, j] += p
        if asides:
            # Units set aside before round 1 (cover fire, kamikazes) fire in round 1 only.
            ii = np.array([x[0] for x in asides], dtype=np.intp)
            jj = np.array([x[1] for x in asides], dtype=np.intp)
            m = np.array([x[2] for x in asides])
            a_cols, d_cols, out, spent = self._expand(ii, jj, m, False, loops=False, asides=asides)
            _add_block(mass[1, 0], a_cols, d_cols, out)
            rounds += spent
        total = (att.health[:, None] + dfn.health[None, :]).ravel()
        order = np.argsort(-total, kind="stable")
        bounds = np.nonzero(np.diff(total[order]))[0] + 1
        start_levels = {
            int(att.health[att.index[n[0]]] + dfn.health[dfn.index[n[1]]]) for n in self.start
        }
        for level in np.split(order, bounds):
            li, lj = level // dfn.n, level % dfn.n
            for r in range(cap + 1):
                if r == 0 and int(total[level[0]]) not in start_levels:
                    continue  # only start nodes are at round 0
                for w in flags:
                    flat = mass[r, w].reshape(-1)  # a view: `level` indexes it
                    here = flat[level]
                    nz = here > self.negligible
                    self.neglected += float(here[~nz].sum())
                    if not nz.any():
                        flat[level] = 0.0
                        continue
                    ii, jj, m = li[nz], lj[nz], here[nz]
                    flat[level] = 0.0
                    code = ends[w].reshape(-1)[level[nz]]
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
                            mass[r, 1, ii[want], jj[want]] += m[want]
                            code[want] = 5
                        else:
                            code[want] = 4
                    if b.attacker_submerge:
                        # They submerge in step 2 of the next round: outcome B.
                        code[(code < 0) & a_alone[w][ii]] = 6
                    if b.defender_submerge:
                        dive = (code < 0) & d_alone[jj]
                        if dive.any():
                            rounds += self._dive(ii[dive], jj[dive], m[dive], bool(w), terminals)
                            code[dive] = 7
                    for k in np.nonzero((code >= 0) & (code <= 4))[0].tolist():
                        key = (
                            OUTCOMES[code[k]],
                            att.states[ii[k]],
                            dfn.states[jj[k]],
                            bool(w),
                            False,
                        )
                        terminals[key] = terminals.get(key, 0.0) + float(m[k])
                    for k in np.nonzero(code == 6)[0].tolist():
                        key = (
                            Outcome.DEFENDER_WINS,
                            att.states[ii[k]],
                            dfn.states[jj[k]],
                            bool(w),
                            True,
                        )
                        terminals[key] = terminals.get(key, 0.0) + float(m[k])
                    go = code < 0
                    if go.any():
                        r_next = min(r + 1, cap)
                        a_cols, d_cols, out, spent = self._expand(
                            ii[go], jj[go], m[go], bool(w), loops=r_next == r
                        )
                        _add_block(mass[r_next, w], a_cols, d_cols, out)
                        rounds += spent
        return terminals, rounds

    def _dive(
        self, ii: Ints, jj: Ints, m: Floats, withdrawn: bool, terminals: dict[Terminal, float]
    ) -> float:
        """R-SUB-6, R-NAVAL-4 C: the defender's last units, submarines, take one more round of
        the attacker's fire; those it sinks in step 3 still fire back (simultaneous fire,
        R-COMBAT-7; a casualty cannot submerge, OQ3-8), those sunk by a first strike do not
        (R-SUB-2), the others submerge instead of firing. Few pairs: dice enumerated here.
        Returns the rounds spent."""
        b = self.b
        att_layout, def_layout = b.attacker, b.defender
        back_value = unit_value(UnitType.SUBMARINE, b.defense_ctx)
        for i, j, p in zip(ii.tolist(), jj.tolist(), m.tolist(), strict=True):
            att, dfn = self.att.states[i], self.dfn.states[j]
            first = b._first_strike(att, dfn)
            zeros = (0,) * len(att)
            struck = hit_distribution(first) if first else (((0,) * len(POOLS), 1.0),)
            for fs_hits, q1 in struck:
                d1 = def_layout.allocate(dfn, fs_hits)
                groups = b._groups(True, att, zeros, withdrawn, bool(first))
                for hits, q2 in hit_distribution(groups):
                    d2 = def_layout.allocate(d1, hits)
                    sunk = sum(d1) - sum(d2)
                    back = ((Pool.SHIPS, back_value, sunk),) if sunk else ()
                    for back_hits, q3 in hit_distribution(back):
                        a2 = att_layout.allocate(att, back_hits, withdrawn_air=withdrawn)
                        outcome = (
                            Outcome.ATTACKER_WINS
                            if b.active_attackers(a2, withdrawn)
                            else Outcome.BOTH_DESTROYED  # R-NAVAL-4 D: wiped out or submerged
                        )
                        key = (outcome, a2, d2, withdrawn, any(d2))
                        terminals[key] = terminals.get(key, 0.0) + p * q1 * q2 * q3
        return float(m.sum())


# OpenBLAS runs a product on several threads above about 2.6e5 multiply-adds; on a busy
# machine those threads spin and cost more than they save, so products are cut below that.
_SINGLE_THREAD_GEMM = 200_000


def _outer_sum(left: Floats, right: Floats, weights: Floats) -> Floats:
    """Σ_r weights[r] · outer(left[r], right[r]) as matrix products."""
    a = left * weights[:, None]
    step = max(1, _SINGLE_THREAD_GEMM // max(1, left.shape[1] * right.shape[1]))
    acc = np.zeros((left.shape[1], right.shape[1]))
    for k in range(0, a.shape[0], step):
        acc += a[k : k + step].T @ right[k : k + step]
    return acc


def _add_block(target: Floats, rows: Ints, cols: Ints, block: Floats) -> None:
    """target[rows x cols] += block, through flat indices (rows and cols are distinct; three
    times faster than np.ix_ indexing on these sizes).

    Raises:
        ValueError: `target` is not contiguous (its flat form would be a copy).
    """
    if not target.flags.c_contiguous:
        raise ValueError("_add_block needs a contiguous target")
    flat = target.reshape(-1)
    flat[(rows[:, None] * target.shape[1] + cols).ravel()] += block.ravel()


def _positions(cols: Ints, n: int) -> Ints:
    """pos[state] = its column in `cols`, or -1."""
    pos = np.full(n, -1, dtype=np.intp)
    pos[cols] = np.arange(len(cols))
    return pos
