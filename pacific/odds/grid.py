"""The pruned chain of a land battle on a grid: the mass of every (attacker state, defender
state) as one array, moved a round at a time by whole-array steps instead of pair by pair.

It answers the same chain as `Solver.solve` (solver.py) where each side takes hits of one
kind only, the land battles' rounds without a retreat (AA fire before round 1 only sets the
start states, R-AA-2; cover fire's round 1, R-AMPH-6 step 2, is the grid's first step when
each start state has its own casualties set aside, `cover_fire_rows`, else it is expanded
pair by pair and the grid starts from the mass it leaves, Solver._solve_on_grid): a round
either takes health from the battle or changes nothing (every hit lands on a unit or is
lost, OQ3-7),
the two sides' losses are independent given the state before the round (R-COMBAT-7), and
a pair's return to itself is folded in exactly by scaling its mass by 1 / (1 - p_stay), as
the solver does.
One step, for the states `ra` x `rd` holding mass:

- Q[d, a, d'] = S[a, d] · h_a(k'), at d' = next_d[d, k'] (the attacker's k' hits on the
  defender's state d, casualty table of the order of loss, R-COMBAT-6);
- R[k, (a, d')] = Σ_d g_d(k) · Q[d, a, d'], one matrix product (the defender's k hits);
- the new mass at (next_a[a, k], d') gets R[k, (a, d')], one count over the entries.

The scans keep to the rows and columns the last round reached (the box of the mass), and
each part of a step adds its new mass over the rows it reaches only. Every state holding
mass is expanded once a round, so a pair that the solver's bands would
expand once may be expanded in several rounds, and the rectangle `ra` x `rd` holds pairs
without mass; the gain is in the calls: a round is a dozen numpy calls, where the solver
spends its time in per-pair bookkeeping (docs/performance.md). Pairs below `negligible`
are not expanded and hit counts less likely than `cut` are left out, both counted in the
neglected mass: the answer is the exact chain's with that mass removed, so every
probability is short by at most it, never over (the bound the solver states).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from pacific.odds.casualties import Counts
from pacific.odds.chain import Battle
from pacific.odds.side import LazyFire, Side, Table
from pacific.odds.values import Pool

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
# A start node by index: (attacker state, defender state, mass, the units each side has set
# aside before round 1: cover fire's casualties, R-AMPH-6 step 2; kamikazes', R-KAMI-8).
AsideNode = tuple[int, int, float, Counts, Counts]

# The most entries one step's largest arrays hold (attacker states x hit counts x defender
# columns): past it the attacker's states are stepped in parts (each entry about 24 bytes
# in its arrays: 3 MB). At land 80 parts of 125,000 to 1,000,000 entries took the same
# time; the peak was 9.9 MB at 125,000 and 31 MB at 1,000,000 (docs/performance.md).
_ENTRIES = 125_000
# The most cells (attacker states x defender states) of a grid (six arrays of them, 8 bytes
# each: 24 MB); a larger chain is solved pair by pair (Solver.solve).
CELLS = 500_000


def fits(att: Side, dfn: Side) -> bool:
    """Whether both sides take hits of one kind only (`Pool.ANY`, the land battles' rounds)
    and roll dice of that kind only, so that a round's hits are one count per side, and the
    grid has at most `CELLS` cells."""
    if att.n * dfn.n > CELLS:
        return False
    for side in (att, dfn):
        if side.pools != (int(Pool.ANY),):
            return False
        dice = side.dice(False, False)
        others = [p for p in range(dice.shape[1]) if p != int(Pool.ANY)]
        if dice[:, others, 1:].any():
            return False
    return True


def solve(
    att: Side,
    dfn: Side,
    start: tuple[Ints, Ints, Floats],
    ends: Callable[[Ints, Ints], npt.NDArray[np.int8]],
    negligible: float,
    cut: float,
    first: tuple[dict[int, Floats], dict[int, Floats]] | None = None,
) -> tuple[list[tuple[int, int, int, float]], float, float]:
    """The chain from `start` (attacker states, defender states, probabilities) to its ends:
    (the terminal cells as (outcome code, attacker state, defender state, probability), the
    expected rounds, the mass left out). `ends(ii, jj)` is the outcome code of each pair, or
    -1 while the battle goes on (Solver._ends; `ii` a column, `jj` a row: every pair).

    `first`: the fire rows (hit count probabilities) of round 1 of the start states whose
    side has units set aside, by state, (attacker's, defender's): those units fire in round 1
    only, even if the rest of their side is gone (cover fire's casualties, R-AMPH-6 step 2),
    so a cell with one of them is not ended before round 1, and round 1 folds no pair's return
    to itself (its mass with no hit goes on to round 2 without the units set aside)."""
    na, nd = att.n, dfn.n
    pool = int(Pool.ANY)
    to_a: Table = att.next_table(pool, False)
    to_d = dfn.next_table(pool, False)
    # Every pair's outcome code at once: the states as a column and a row.
    code = ends(np.arange(na, dtype=np.intp)[:, None], np.arange(nd, dtype=np.intp)[None, :])
    over = code >= 0
    fire_a, fire_d = att.fire_table(False, False), dfn.fire_table(False, False)
    rows_a = np.zeros((na, min(fire_a.shape[2], to_d.shape[1])))
    rows_d = np.zeros((nd, min(fire_d.shape[2], to_a.shape[1])))
    # The defender's states on a line: state i after k hits is min(i + k, nd - 1) (one start
    # state, one kind of hit, found depth first: each hit leads to the next state found).
    line = nd > 1 and bool(
        np.array_equal(to_d[:, 1], np.minimum(np.arange(1, nd + 1), nd - 1))
    )
    known_a, known_d = np.zeros(na, dtype=bool), np.zeros(nd, dtype=bool)
    s_i, s_j, s_p = start
    mass: Floats = np.asarray(
        np.bincount(s_i * nd + s_j, s_p, na * nd), dtype=np.float64
    ).reshape(na, nd)
    first_a, first_d = first if first is not None else ({}, {})
    # The cells round 1 is fought in whatever their state (units set aside on either side).
    fought = np.zeros((na, nd), dtype=bool)
    if first_a:
        fought[list(first_a)] = True
    if first_d:
        fought[:, list(first_d)] = True
    round_one = first is not None
    ended = np.zeros((na, nd))
    neglected = rounds = 0.0
    # The rows and columns that may hold mass: the scans keep to them.
    box = (int(s_i.min()), int(s_i.max()) + 1, int(s_j.min()), int(s_j.max()) + 1)
    while True:
        r0, r1, c0, c1 = box
        here, ends_here = mass[r0:r1, c0:c1], ended[r0:r1, c0:c1]  # views
        done = over[r0:r1, c0:c1] & (here > 0.0)
        if round_one:
            done &= ~fought[r0:r1, c0:c1]
        ends_here[done] += here[done]
        here[done] = 0.0
        light = (here > 0.0) & (here < negligible)
        neglected += float(here[light].sum())
        here[light] = 0.0
        ra = r0 + np.flatnonzero(here.any(axis=1))
        if not len(ra):
            break
        rd = c0 + np.flatnonzero(here.any(axis=0))
        if line:  # every column between the first and the last (on a line, `_step`)
            rd = np.arange(rd[0], rd[-1] + 1)
        _rows(fire_a, ra, known_a, rows_a, pool)
        _rows(fire_d, rd, known_d, rows_d, pool)
        fire_h, fire_g = rows_a[ra], rows_d[rd]
        if round_one:
            fire_h, fire_g = _first(fire_h, ra, first_a), _first(fire_g, rd, first_d)
        h, g = _cut(fire_h, cut), _cut(fire_g, cut)
        before = mass[np.ix_(ra, rd)]
        here[...] = 0.0
        # Round 1 of units set aside is not repeated: its "no hit" goes on to round 2.
        stay = np.zeros((len(ra), len(rd))) if round_one else h[:, :1] * g[:, 0][None, :]
        round_one = False
        scaled = before / (1.0 - stay)
        rounds += float(scaled.sum())
        # The fewest hits any row keeps (the cut leaves the counts below out): the columns
        # before it are zeros in every row, so the step starts there.
        h_lo, g_lo = _first_kept(h), _first_kept(g)
        h, g = h[:, h_lo:], g[:, g_lo:]
        entries = len(ra) * max(g.shape[1], len(rd)) * (len(rd) + h.shape[1])
        parts = min(len(ra), max(1, -(-entries // _ENTRIES)))
        box = (na, 0, nd, 0)
        to_a_kept, to_d_kept = to_a[:, g_lo:], to_d[rd, h_lo:]
        for part in np.array_split(np.arange(len(ra)), parts):
            lo, block, (col_lo, col_hi) = _step(
                scaled[part], h[part], g, to_a_kept[ra[part]], to_d_kept, nd,
                int(rd[0]) + h_lo if line and rd[0] + h_lo < nd else None,
            )
            mass[lo : lo + len(block)] += block
            box = (min(box[0], lo), max(box[1], lo + len(block)),
                   min(box[2], col_lo), max(box[3], col_hi + 1))
        # The pair's own return is folded in (the scale): take it out.
        mass[np.ix_(ra, rd)] -= scaled * stay
        r0, r1, c0, c1 = box
        here = mass[r0:r1, c0:c1]
        np.maximum(here, 0.0, out=here)
        # What the cut left out of this round (the rows sum to less than 1).
        neglected += max(0.0, float(before.sum()) - float(here.sum()))
    i_end, j_end = np.nonzero(ended)
    cells = list(
        zip(
            code[i_end, j_end].tolist(),
            i_end.tolist(),
            j_end.tolist(),
            ended[i_end, j_end].tolist(),
            strict=True,
        )
    )
    return cells, rounds, neglected


def _rows(
    fire: LazyFire, states: Ints, known: npt.NDArray[np.bool_], rows: Floats, pool: int
) -> None:
    """Work out the fire rows (hit count probabilities) of `states` not known yet."""
    new = states[~known[states]]
    if len(new):
        got = fire[new][:, pool]
        width = min(got.shape[1], rows.shape[1])
        rows[new, :width] = got[:, :width]
        # Hits past the target's table are folded into its last column (saturating).
        if got.shape[1] > width:
            rows[new, width - 1] += got[:, width:].sum(axis=1)
        known[new] = True


def _first(rows: Floats, states: Ints, first: dict[int, Floats]) -> Floats:
    """`rows` (of `states`) with the round-1 rows of the states in `first` instead, each as
    wide as `rows` (the hits past it folded into the last column: they saturate)."""
    if not first:
        return rows
    rows = rows.copy()
    width = rows.shape[1]
    for at, state in enumerate(states.tolist()):
        row = first.get(state)
        if row is not None:
            kept = min(width, len(row))
            rows[at] = 0.0
            rows[at, :kept] = row[:kept]
            rows[at, width - 1] += row[kept:].sum()
    return rows


def _cut(rows: Floats, cut: float) -> Floats:
    """The rows without their counts less likely than `cut`, as wide as the last kept."""
    kept = np.where(rows >= cut, rows, 0.0)
    last = np.flatnonzero(kept.any(axis=0))
    return kept[:, : int(last[-1]) + 1] if len(last) else kept[:, :1]


def _first_kept(rows: Floats) -> int:
    """The first hit count any of the rows keeps (0 if none does)."""
    kept = np.flatnonzero(rows.any(axis=0))
    return int(kept[0]) if len(kept) else 0


def _step(
    scaled: Floats,
    h: Floats,
    g: Floats,
    to_a: Table,
    to_d: Table,
    nd: int,
    line: int | None = None,
) -> tuple[int, Floats, tuple[int, int]]:
    """One round of the pairs (rows of `scaled` x its columns), as (the first attacker state
    it reaches, the new mass over the rows from it on, the first and last defender state it
    reaches): see the module docstring. `line`: the defender's states are on a line and
    its columns consecutive, the first after the first count of `h` at this state."""
    a, d = scaled.shape
    ka, kd = h.shape[1], g.shape[1]
    cols: Ints
    q: Floats
    if line is not None:
        cols, q = _on_line(scaled, h, line, nd)
    else:
        # The defender's states after the attacker's 0 .. ka-1 hits, as columns of Q.
        targets = to_d[:, :ka]
        cols, where = np.unique(targets, return_inverse=True)
        where = where.reshape(d, ka)
        at = (np.arange(d)[:, None, None] * a + np.arange(a)[None, :, None]) * len(
            cols
        ) + where[:, None, :]
        q = np.asarray(np.bincount(
            at.ravel(), (scaled.T[:, :, None] * h[None, :, :]).ravel(), d * a * len(cols)
        ), dtype=np.float64).reshape(d, a * len(cols))
    r = g.T @ q  # (kd, a x the columns)
    rows = to_a[:, :kd].T.astype(np.intp)  # (kd, a): the attacker's state after k hits
    lo, hi = int(rows.min()), int(rows.max()) + 1
    keys = (rows - lo)[:, :, None] * nd + cols[None, None, :]
    block = np.bincount(keys.ravel(), r.ravel(), (hi - lo) * nd).reshape(hi - lo, nd)
    return lo, np.asarray(block, dtype=np.float64), (int(cols[0]), int(cols[-1]))


def _on_line(scaled: Floats, h: Floats, first: int, nd: int) -> tuple[Ints, Floats]:
    """Q of `_step` when the defender's states are on a line and the columns of `scaled`
    consecutive: column t's state after k' more hits is first + t + k' (up to the last
    state, nd - 1, where the hits past it are folded), so Q[t, a, t + k'] = S[a, t] h_a(k')
    is one assignment through a strided view (rows t start one entry further each), with no
    index per entry. Returns (the defender states of Q's columns, Q as (d, a x width))."""
    a, d = scaled.shape
    ka = h.shape[1]
    span = d + ka - 1
    q = np.zeros(d * a * span)
    step = q.strides[0]
    view = np.lib.stride_tricks.as_strided(
        q, shape=(d, a, ka), strides=((a * span + 1) * step, span * step, step), writeable=True
    )
    view[...] = scaled.T[:, :, None] * h[None, :, :]
    grid = q.reshape(d, a, span)
    width = min(span, nd - first)
    if width < span:  # past the last state: it stays the last (every unit gone)
        grid[:, :, width - 1] += grid[:, :, width:].sum(axis=2)
        grid = grid[:, :, :width]
    cols = np.arange(first, first + width, dtype=np.intp)
    return cols, np.ascontiguousarray(grid).reshape(d, a * width)


def cover_fire_rows(
    battle: Battle, att: Side, dfn: Side, nodes: list[AsideNode]
) -> tuple[dict[int, Floats], dict[int, Floats]] | None:
    """Round 1's fire rows (hits of `Pool.ANY`, the grid's one kind) of the start states
    whose side has units set aside (cover fire's casualties fire in round 1 only,
    R-AMPH-6 step 2), by state, (attacker's, defender's); None unless each start state
    has one set of units set aside (then a state's round-1 fire is its own: the grid
    takes it as a row, `solve`'s `first`) and they roll dice of that kind only.
    `nodes`: the start nodes as (attacker state, defender state, mass, units set aside
    of each)."""
    found: tuple[dict[int, Counts], dict[int, Counts]] = ({}, {})
    for i, j, _, a_aside, d_aside in nodes:
        for seen, state, aside in ((found[0], i, a_aside), (found[1], j, d_aside)):
            if seen.setdefault(state, aside) != aside:
                return None
    rows: tuple[dict[int, Floats], dict[int, Floats]] = ({}, {})
    for attacking, side, seen, out in (
        (True, att, found[0], rows[0]), (False, dfn, found[1], rows[1])
    ):
        for state, aside in seen.items():
            if not any(aside):
                continue
            probs = side.fire_probs(
                battle._groups(attacking, side.states[state], aside, False, False)
            )
            others = [p for p in range(len(probs)) if p != int(Pool.ANY)]
            if probs[others, 1:].any():
                return None
            out[state] = probs[int(Pool.ANY)]
    return rows if rows[0] or rows[1] else None
