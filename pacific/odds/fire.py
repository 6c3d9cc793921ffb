"""A whole side's fire at once: for every state of one side, the probability of each number of
hits in each Pool, as one (states, pools, hits) array.

It is `dice_groups` + `pool_distributions` (values.py, chain.py) done with arrays instead of one
Python call per state: the same dice (R-COMBAT-5), the same artillery pairing (R-ART-2/4,
OQ3-19), the same submarine and aircraft restrictions (R-SUB-2/4/5), the same values read from
pacific.rules.combat.values. tests/test_odds_options.py checks it equals the per-state version.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from pacific.odds.casualties import Layout
from pacific.odds.model import BattleKind
from pacific.odds.values import POOLS, FireContext, Pool, unit_value
from pacific.rules.units import UnitType, is_air

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]

_PAIRED = (UnitType.MARINE, UnitType.INFANTRY)  # R-ART-2/4, OQ3-19: Marines paired first
_SIDES = 7  # hit values 0..6


@lru_cache(maxsize=256)
def _binomial_rows(top: int, value: int) -> Floats:
    """rows[n, k] = P(k hits | n dice hitting on `value`), n = 0..top."""
    # Row by row, n dice from n - 1 (Pascal's rule on probabilities): a few array steps
    # instead of (top + 1)^2 / 2 binomial coefficients.
    p = value / 6
    rows = np.zeros((top + 1, top + 1))
    rows[0, 0] = 1.0
    for n in range(1, top + 1):
        rows[n, : n + 1] = rows[n - 1, : n + 1] * (1 - p)
        rows[n, 1 : n + 1] += rows[n - 1, :n] * p
    rows.setflags(write=False)
    return rows


def _convolve_rows(a: Floats, b: Floats) -> Floats:
    """Row by row, the distribution of the sum of two independent counts."""
    if a.shape[1] < b.shape[1]:
        a, b = b, a
    out = np.zeros((a.shape[0], a.shape[1] + b.shape[1] - 1))
    for k in range(b.shape[1]):
        out[:, k : k + a.shape[1]] += a * b[:, k : k + 1]
    return out


def dice_counts(
    layout: Layout,
    states: Ints,
    ctx: FireContext,
    *,
    withdrawn: bool = False,
    skip_submarines: bool = False,
    bystanders: bool = True,
    destroyers: Ints | None = None,
) -> Ints:
    """dice[state, pool, value]: how many dice of each side's state hit on `value` in `pool`.

    `withdrawn`: the side's aircraft left (R-AMPH-3); `skip_submarines`: its submarines made
    a first strike this round (R-SUB-2). Bystander categories (R-MULTI-4) never roll, but a
    bystander destroyer lets aircraft hit submarines (R-MULTI-5) when `bystanders` is true.
    `destroyers`: the side's destroyers in each state, when they are not the ones in `states`
    (units set aside before round 1 fire but are no longer there, R-AMPH-6, R-KAMI-8).
    """
    n = states.shape[0]
    cats = layout.categories
    counts = states.copy()
    rolls = np.array([not layout.bystander[c] for c in range(len(cats))], dtype=bool)
    if withdrawn:
        counts[:, np.array(layout.air, dtype=bool)] = 0
    per_type: dict[UnitType, Ints] = {}
    for c, (unit_type, _) in enumerate(cats):
        if rolls[c]:
            per_type[unit_type] = per_type.get(unit_type, 0) + counts[:, c]
    if destroyers is None:
        destroyers = np.zeros(n, dtype=np.intp)
        for c, (unit_type, _) in enumerate(cats):
            if unit_type is UnitType.DESTROYER and (rolls[c] or bystanders):
                destroyers = destroyers + counts[:, c]
    dice = np.zeros((n, len(POOLS), _SIDES), dtype=np.intp)

    rows = np.arange(n)

    def add(pool: int | Ints, value: int, k: Ints) -> None:
        if value > 0 and isinstance(pool, int):
            dice[:, pool, value] += k
        elif value > 0:
            dice[rows, pool, value] += k  # one entry per row: no repeated index

    supports = per_type.get(UnitType.ARTILLERY, np.zeros(n, dtype=np.intp)) if ctx.attacking \
        else np.zeros(n, dtype=np.intp)
    for paired in _PAIRED:
        if paired in per_type:
            k = np.minimum(per_type[paired], supports)
            supports = supports - k
            add(int(Pool.ANY), unit_value(paired, ctx, supported=True), k)
            add(int(Pool.ANY), unit_value(paired, ctx), per_type[paired] - k)
    air_pool = np.where(
        (destroyers > 0) | (ctx.kind is not BattleKind.NAVAL), int(Pool.ANY), int(Pool.NON_SUB)
    )
    for unit_type, k in per_type.items():
        if unit_type in _PAIRED:
            continue
        value = unit_value(unit_type, ctx)
        if unit_type is UnitType.SUBMARINE:
            if not skip_submarines:
                add(int(Pool.SHIPS), value, k)  # R-SUB-4: ships only
        elif is_air(unit_type):
            add(air_pool, value, k)  # R-SUB-5
        else:
            add(int(Pool.ANY), value, k)
    return dice


def hit_table(dice: Ints) -> Floats:
    """table[state, pool, hits] from dice[state, pool, value] (pools are independent)."""
    n = dice.shape[0]
    per_pool: list[Floats] = []
    for pool in POOLS:
        dist = np.ones((n, 1))
        for value in range(1, _SIDES):
            k = dice[:, pool, value]
            top = int(k.max()) if n else 0
            if top:
                dist = _convolve_rows(dist, _binomial_rows(top, value)[k])
        per_pool.append(dist)
    width = max(d.shape[1] for d in per_pool)
    out = np.zeros((n, len(POOLS), width))
    for index, dist in enumerate(per_pool):
        out[:, index, : dist.shape[1]] = dist
    return out


def hit_table_fourier(dice: Ints) -> Floats:
    """`hit_table` through the discrete Fourier transform: a pool's hits are a sum of
    binomials, whose generating function is the product of (q + p z)^n over the dice values,
    so each row's distribution is the inverse transform of exp(Σ n log(q + p z)) at the
    roots of unity: one matrix product and one transform for all rows, where `hit_table`
    convolves binomial rows column by column (a large battle's rows score 40 hits and more).

    Each probability is off by about 1e-16 (rounding); entries below 1e-14 are set to 0.
    The pruned solver alone uses it: it leaves out the counts less likely than its cut
    (1e-5 by default) anyway, so the exact chain's answers stay those of `hit_table`."""
    n = dice.shape[0]
    most = dice[:, :, 1:].sum(axis=2)  # (rows, pools): the most hits each can score
    width = int(most.max()) + 1 if n else 1
    out = np.zeros((n, len(POOLS), width))
    out[:, :, 0] = 1.0
    size = 1 << max(int(width - 1).bit_length(), 1)  # no wrap-around: size >= width
    # Every (row, pool) that rolls, in one product and one transform: a transform's own
    # cost per call (about 60 µs) passed that of its rows at the batch sizes of a chain.
    rows, pools = np.nonzero(most > 0)
    if len(rows):
        counts = dice[rows, pools, 1:].astype(np.float64)
        dist = np.fft.irfft(np.exp(counts @ _log_factors(size)), size)[:, :width]
        # Below 1e-14, and past a row's own dice of the pool, rounding only.
        dist[(dist < 1e-14) | (np.arange(width)[None, :] > most[rows, pools][:, None])] = 0.0
        out[rows, pools] = dist
    return out


@lru_cache(maxsize=16)
def _log_factors(size: int) -> npt.NDArray[np.complex128]:
    """log(q + p z) for each die value (rows) at the roots of unity z of a transform of
    `size` (columns): the same few sizes serve every batch of a battle, so each is worked
    out once."""
    z = np.exp(-2j * np.pi * np.arange(size // 2 + 1) / size)
    p = (np.arange(1, _SIDES) / 6)[:, None]
    logs: npt.NDArray[np.complex128] = np.asarray(
        np.log((1.0 - p) + p * z[None, :]), dtype=np.complex128
    )
    logs.flags.writeable = False  # shared between calls
    return logs
