"""What a chain of two sides' states will cost, counted before it is solved (solver.py), for
the budget's choice of method (budget.py): the memory of its tables, the fire rows the rest
of the memory holds, the hit combinations and kinds of hit of its start, and the states the
heavier start states lead to."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from pacific.odds.budget import Budget
from pacific.odds.casualties import Counts
from pacific.odds.chain import Battle, Node
from pacific.odds.side import Side
from pacific.odds.values import POOLS
from pacific.rules.units import UnitType

Ints = npt.NDArray[np.intp]

# A side's dice per state and pool, by hit value 0 to 6 (fire.dice_counts).
_DIE_VALUES = 7


def _start_states(att: Side, dfn: Side, start: Mapping[Node, float]) -> tuple[Ints, Ints]:
    """The start nodes' states of each side, as indices."""
    nodes = list(start)
    ii = np.array([att.states.index(n[0]) for n in nodes], dtype=np.intp)
    jj = np.array([dfn.states.index(n[1]) for n in nodes], dtype=np.intp)
    return ii, jj


def row_combinations(att: Side, dfn: Side, start: Mapping[Node, float]) -> float:
    """The hit combinations a pair's two rows list (Both.spread) at the start, the most
    any pair lists: per row, the product over the kinds of hit the enemy scores of the
    counts that matter (at most its dice, at most the target's health)."""
    ii, jj = _start_states(att, dfn, start)
    most = 0.0
    for firing, target, at, to in ((att, dfn, ii, jj), (dfn, att, jj, ii)):
        dice = firing.dice(False, False)[at]  # (nodes, pools, value)
        counts = np.minimum(dice[:, :, 1:].sum(axis=2), target.health[to][:, None]) + 1
        most += float(counts.prod(axis=1).max())
    return most


def kinds_of_hit(att: Side, dfn: Side, start: Mapping[Node, float]) -> int:
    """The kinds of hit (pools) both sides' fire scores together at the start."""
    ii, jj = _start_states(att, dfn, start)
    return sum(
        int(side.dice(False, False)[at][:, :, 1:].any(axis=(0, 2)).sum())
        for side, at in ((att, ii), (dfn, jj))
    )


def table_bytes(att: Side, dfn: Side) -> int:
    """Bytes of the solver's tables that grow with the states of the sides, as they are
    allocated: the dice (rows x pools x values, 64-bit; twice the attacker's rows when
    its submarines may strike first, R-SUB-2) and the casualty tables (32-bit, per kind
    of hit the side takes, at most as wide as a side's health; three times: the side's
    own, the copy a batch's two sides share, Both._table, and the doubling's gather,
    side.step_powers), and on a grid one fire row a state. The fire rows a batch works
    out pair by pair (side.Fire.prepare) come later, as the mass reaches their states,
    within what is left (`fire_rows`); the pairs' mass is bounded by the work limit."""
    rows = (2 if att.count_of(UnitType.SUBMARINE).any() else 1) * att.n
    dice = (rows + dfn.n) * len(POOLS) * _DIE_VALUES * 8
    kinds = att.n * len(att.pools) + dfn.n * len(dfn.pools)
    # On a grid every state's fire row of its one kind of hit (grid.solve), 64-bit.
    grid = (att.n + dfn.n) * 8
    return dice + att.width * (3 * 4 * kinds + grid)


def fire_rows(att: Side, dfn: Side, battle: Battle, budget: Budget | None) -> int | None:
    """The most fire rows each batch's `Both` may work out (side.Fire: P(h hits) and
    P(at least h hits) per pool and count, 64-bit): what the budget's memory holds past
    the tables (`table_bytes`), shared by the fires with and without the aircraft withdrawn
    (R-AMPH-3). None: no limit."""
    if budget is None:
        return None
    row = len(POOLS) * att.width * 2 * 8
    flags = 2 if battle.air_only_retreat else 1
    return max(0, int((budget.bytes - table_bytes(att, dfn)) // (row * flags)))


def live_states(side: Side, start: Mapping[Node, float], at: int, threshold: float) -> int:
    """The states of `side` that the seeds (element `at` of the start nodes) heavier than
    `threshold` lead to: all of them from one seed, or when none is lighter."""
    seeds: dict[Counts, float] = {}
    for n, p in start.items():
        seed = n[1] if at else n[0]
        seeds[seed] = seeds.get(seed, 0.0) + p
    if len(seeds) == 1:
        return side.n
    heavy = [side.states.index(s) for s, p in seeds.items() if p > threshold]
    if len(heavy) == len(seeds):
        return side.n
    return side.reached_from(np.array(heavy, dtype=np.intp)) if heavy else 0
