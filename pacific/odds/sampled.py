"""The vectorised simulation: many battles with random dice at once, as whole arrays.

It is the engine `calculate` switches to when the exact chain would not fit its budget (see
budget.py). Every run is a row of unit counts per category of the side's `Layout`; a round is
a handful of array steps over all the rows still fighting: the dice of each state from
`fire.dice_counts` (the solver's own dice, R-COMBAT-5, R-ART-2, R-SUB-2/4/5), hits drawn per
(pool, hit value) as binomials, casualties by `Layout.allocate_many` (the order of loss of
`Layout.allocate`, R-COMBAT-6, R-BB-1/2, R-COMBAT-9). The ends are `Battle.end`'s tests
(R-LAND-4, R-NAVAL-4), the retreat conditions `Battle.wants_retreat`'s (R-LAND-2, R-NAVAL-3,
R-AMPH-3). The steps before round 1 come exact from calculate.py, as for the solver.

The answer's error is its 99% confidence interval: each probability p estimated from N runs
is within 2.576·sqrt(p(1-p)/N) of the truth in 99 cases out of 100.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pacific.odds.budget import STRIKE_WEIGHT
from pacific.odds.casualties import Layout
from pacific.odds.chain import Battle, Node, Terminal
from pacific.odds.fire import dice_counts
from pacific.odds.model import BattleKind, Outcome
from pacific.odds.solver import OUTCOMES
from pacific.odds.values import POOLS, FireContext, Pool
from pacific.rules.units import SUB_FIRST_STRIKE_HIT, UnitType

Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]

Z99 = 2.5758293035489004  # two-sided 99% quantile of the normal distribution

# Codes besides the indices of OUTCOMES: still fighting, the attacker's submarines
# submerged (R-NAVAL-4 B), the defender's last submarines about to submerge (R-SUB-6).
_GOING, _SUBMERGED, _DIVING = -1, 5, 6
_DEFENDER_SUBMERGED = 7  # R-NAVAL-4 C, or D: the attacker is gone as well


def half_width(p: float, runs: int) -> float:
    """Half-width of the 99% confidence interval of a probability estimated from `runs`
    runs. p(1-p) is kept at least 1/runs, so an outcome never (or always) seen still gets a
    width: with N runs an outcome of probability 1/N is missed about one time in three."""
    return Z99 * float(np.sqrt(max(p * (1.0 - p), 1.0 / runs) / runs))


def _columns(layout: Layout, unit_type: UnitType, *, own: bool = True) -> list[int]:
    return [
        c
        for c, (t, _) in enumerate(layout.categories)
        if t is unit_type and not (own and layout.bystander[c])
    ]


class _SideArrays:
    """What the vectorised rounds ask of one side's layout, as index lists and masks."""

    def __init__(self, layout: Layout, ctx: FireContext) -> None:
        self.layout, self.ctx = layout, ctx
        self.air: Bools = np.array(layout.air, dtype=bool)
        self.bystander: Bools = np.array(layout.bystander, dtype=bool)
        self.subs: Ints = np.array(_columns(layout, UnitType.SUBMARINE), dtype=np.intp)
        self.destroyers: Ints = np.array(
            _columns(layout, UnitType.DESTROYER, own=False), dtype=np.intp
        )
        # eligible[pool, category]: a hit of that pool may fall on that category.
        self.eligible: Bools = np.array(layout.eligible, dtype=bool)

    def dice(self, counts: Ints, withdrawn: Bools, skip_subs: Bools, destroyers: Ints) -> Ints:
        """dice[row, pool, value] of each row's normal fire (see fire.dice_counts)."""
        firing = counts.copy()
        firing[np.ix_(withdrawn, self.air)] = 0  # R-AMPH-3: withdrawn aircraft do not fire
        if len(self.subs):
            firing[np.ix_(skip_subs, self.subs)] = 0  # R-SUB-2: they struck first
        return dice_counts(self.layout, firing, self.ctx, destroyers=destroyers)

    def destroyer_count(self, counts: Ints) -> Ints:
        return np.asarray(counts[:, self.destroyers].sum(axis=1), dtype=np.intp)

    def active(self, counts: Ints, withdrawn: Bools) -> Ints:
        """Units still fighting: not withdrawn aircraft, not bystanders (R-MULTI-4)."""
        keep = counts * ~self.bystander[None, :]
        keep[np.ix_(withdrawn, self.air)] = 0
        return np.asarray(keep.sum(axis=1), dtype=np.intp)

    def targets(self, counts: Ints, withdrawn: Bools) -> Bools:
        """targets[row, pool]: a hit of that pool has a unit to fall on."""
        present = counts > 0
        present[np.ix_(withdrawn, self.air)] = False
        return np.asarray(present.astype(np.intp) @ self.eligible.T.astype(np.intp) > 0)


def _roll(dice: Ints, rng: np.random.Generator) -> Ints:
    """Hits per pool: for each (pool, value) with dice, a binomial draw (R-COMBAT-5)."""
    hits = np.zeros((dice.shape[0], len(POOLS)), dtype=np.intp)
    for pool in POOLS:
        for value in range(1, dice.shape[2]):
            n = dice[:, pool, value]
            rolled = np.flatnonzero(n)
            if len(rolled):
                hits[rolled, pool] += rng.binomial(n[rolled], value / 6)
    return hits


class Vectorised:
    """An engine for `calculate.evaluate` that fights `runs` battles at once with random
    dice (numpy), instead of solving the chain. Seeded, so the same question gets the same
    answer (the computer player's games stay reproducible)."""

    def __init__(self, runs: int, seed: int) -> None:
        self.runs = runs
        self.rng = np.random.default_rng(seed)
        self.fought = 0  # battles actually fought, over every call
        # The work done, over every call (what the budget's time model counts,
        # Budget.runs): rows fought per round, and rows whose submarines struck first
        # (R-SUB-2), which roll and allocate twice in their round.
        self.row_rounds = 0
        self.strike_rows = 0

    def rounds_counted(self) -> float:
        """The rounds fought so far as the budget counts them (`Budget.runs`)."""
        return self.row_rounds + STRIKE_WEIGHT * self.strike_rows

    def __call__(
        self, battle: Battle, start: dict[Node, float], weight: float
    ) -> tuple[dict[Terminal, float], float, float]:
        runs = max(1, round(self.runs * weight))
        self.fought += runs
        nodes = list(start)
        p = np.array([start[n] for n in nodes])
        pick = self.rng.choice(len(nodes), size=runs, p=p / p.sum())

        def part(k: int) -> Ints:
            return np.array([n[k] for n in nodes], dtype=np.intp).reshape(len(nodes), -1)[pick]

        att, dfn, a_aside, d_aside = part(0), part(1), part(4), part(5)
        return self._fight(battle, att, dfn, a_aside, d_aside, runs)

    def _fight(
        self, b: Battle, att: Ints, dfn: Ints, a_aside: Ints, d_aside: Ints, runs: int
    ) -> tuple[dict[Terminal, float], float, float]:
        rng = self.rng
        A = _SideArrays(b.attacker, b.attack_ctx)
        D = _SideArrays(b.defender, b.defense_ctx)
        naval = b.kind is BattleKind.NAVAL
        withdrawn = np.zeros(runs, dtype=bool)
        fought = np.zeros(runs, dtype=np.intp)
        code = np.full(runs, _GOING, dtype=np.intp)
        live = np.arange(runs)
        # Units set aside before round 1 fire in it whatever else is left (R-AMPH-6 step 2,
        # R-KAMI-8): that round is fought before any end is checked.
        first_round = bool(a_aside.any() or d_aside.any())
        while len(live):
            a, d, w = att[live], dfn[live], withdrawn[live]
            # Each row's dice as `_ends` found them, for the rows still fighting: the same
            # as the round's fire unless submarines strike first (R-SUB-2) or units set
            # aside fire (R-AMPH-6, R-KAMI-8).
            dice: tuple[Ints, Ints] | None = None
            if not first_round:
                ends, a_dice, d_dice = self._ends(b, A, D, a, d, w, fought[live])
                code[live] = ends
                if b.air_only_retreat:
                    # R-AMPH-3: the aircraft leave (code 4 here) and the land units fight on.
                    leave = ends == 4
                    withdrawn[live[leave]] = True
                    code[live[leave]] = _GOING
                    if leave.any():
                        continue  # their ends are checked again without the aircraft
                diving = code[live] == _DIVING
                if diving.any():
                    rows = live[diving]
                    a_dive, d_dive = att[rows], dfn[rows]
                    self._dive(b, a_dive, d_dive, a_aside[rows], d_aside[rows])
                    att[rows], dfn[rows] = a_dive, d_dive
                    fought[rows] += 1
                    gone = A.active(a_dive, withdrawn[rows]) == 0
                    still = d_dive.sum(axis=1) > 0
                    # R-NAVAL-4 C (submerged) or D; a defender wiped out: A or D.
                    code[rows] = np.where(gone, 2, 0)
                    code[rows[still]] = np.where(gone[still], 2, _DEFENDER_SUBMERGED)
                going = code[live] == _GOING
                live, a, d, w = live[going], a[going], d[going], w[going]
                if not len(live):
                    break
                dice = a_dice[going], d_dice[going]
            a_fire = a + a_aside[live] if first_round else a
            d_fire = d + d_aside[live] if first_round else d
            # R-SUB-2/3: attacking submarines strike first unless the defender has a
            # destroyer; their casualties do not fire back.
            subs = a[:, A.subs].sum(axis=1) if len(A.subs) and naval else np.zeros(len(live), int)
            strike = (subs > 0) & (D.destroyer_count(d) == 0)
            self.row_rounds += len(live)
            if strike.any():
                self.strike_rows += int(strike.sum())
                fs = np.zeros((len(live), len(POOLS)), dtype=np.intp)
                fs[strike, Pool.SHIPS] = rng.binomial(subs[strike], SUB_FIRST_STRIKE_HIT / 6)
                D.layout.allocate_many(d, fs, np.zeros(len(live), dtype=bool))
                d_fire = d + d_aside[live] if first_round else d
            if dice is None or strike.any():
                no_one = np.zeros(len(live), dtype=bool)
                dice = (
                    A.dice(a_fire, w, strike, A.destroyer_count(a)),
                    D.dice(d_fire, no_one, no_one, D.destroyer_count(d)),
                )
            a_hits = _roll(dice[0], rng)
            d_hits = _roll(dice[1], rng)
            D.layout.allocate_many(d, a_hits, np.zeros(len(live), dtype=bool))
            A.layout.allocate_many(a, d_hits, w)
            att[live], dfn[live] = a, d
            fought[live] += 1
            first_round = False
        return self._terminals(att, dfn, withdrawn, code, runs), float(fought.mean()), 0.0

    @staticmethod
    def _ends(
        b: Battle, A: _SideArrays, D: _SideArrays, a: Ints, d: Ints, w: Bools, fought: Ints
    ) -> tuple[Ints, Ints, Ints]:
        """Each row's code: an index of OUTCOMES, _SUBMERGED, or _GOING (Battle.end,
        wants_retreat, attacker_submerges); and the dice of each side's rows (`_SideArrays.dice`,
        no first strike), which the round's fire rolls when no submarine strikes first."""
        n = len(a)
        no_one = np.zeros(n, dtype=bool)
        a_alive = A.active(a, w) > 0
        d_alive = d.sum(axis=1) > 0
        # R-NAVAL-4 E: neither side can hit the other (the first strike counts as a hit).
        subs = a[:, A.subs].sum(axis=1) if len(A.subs) and b.kind is BattleKind.NAVAL else 0
        a_all = A.dice(a, w, no_one, A.destroyer_count(a))
        d_all = D.dice(d, no_one, no_one, D.destroyer_count(d))
        a_dice = a_all[:, :, 1:].sum(axis=2) > 0
        a_dice[:, Pool.SHIPS] |= np.asarray(subs) > 0
        d_dice = d_all[:, :, 1:].sum(axis=2) > 0
        a_can = (a_dice & D.targets(d, no_one)).any(axis=1)
        d_can = (d_dice & A.targets(a, w)).any(axis=1)
        code = np.full(n, _GOING, dtype=np.intp)
        code[~a_can & ~d_can] = 3
        code[~d_alive & a_alive] = 0
        code[d_alive & ~a_alive] = 1
        code[~d_alive & ~a_alive] = 2
        going = code == _GOING
        want = np.zeros(n, dtype=bool)
        if b.retreat_after is not None:
            want |= (fought >= 1) & (fought >= b.retreat_after)
        if b.retreat_below is not None:
            want |= (fought >= 1) & (A.active(a, w) <= b.retreat_below)
        if b.air_only_retreat:
            has_air = (a[:, A.air].sum(axis=1) > 0) & ~w
            want &= has_air
        code[going & want] = 4
        if b.attacker_submerge and len(A.subs):
            # R-SUB-6: the attacker's own units left are only submarines (R-NAVAL-4 B).
            own_subs = a[:, A.subs].sum(axis=1)
            alone = (own_subs > 0) & (own_subs == A.active(a, w))
            code[(code == _GOING) & alone] = _SUBMERGED
        if b.defender_submerge and len(D.subs):
            own_subs = d[:, D.subs].sum(axis=1)
            code[(code == _GOING) & (own_subs > 0) & (own_subs == d.sum(axis=1))] = _DIVING
        return code, a_all, d_all

    def _dive(self, b: Battle, a: Ints, d: Ints, a_aside: Ints, d_aside: Ints) -> None:
        """R-SUB-6, R-NAVAL-4 C: the few rows whose defender dives are fought one by one
        with `Battle.round_once(diving=True)` (rows changed in place)."""

        def roller(dice: int, value: int) -> int:
            return int(self.rng.binomial(dice, value / 6))

        for r in range(len(a)):
            new_a, new_d = b.round_once(
                tuple(a[r].tolist()), tuple(d[r].tolist()), False,
                tuple(a_aside[r].tolist()), tuple(d_aside[r].tolist()), roller, diving=True,
            )
            a[r], d[r] = new_a, new_d

    @staticmethod
    def _terminals(
        att: Ints, dfn: Ints, withdrawn: Bools, code: Ints, runs: int
    ) -> dict[Terminal, float]:
        rows = np.concatenate(
            [code[:, None], withdrawn[:, None].astype(np.intp), att, dfn], axis=1
        )
        # One key per row (a byte string), sorted as one flat array: far faster than
        # np.unique(axis=0) on many runs.
        rows = np.ascontiguousarray(rows)
        keys = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
        _, first, counts = np.unique(keys, return_index=True, return_counts=True)
        unique = rows[first]
        na = att.shape[1]
        out: dict[Terminal, float] = {}
        for row, k in zip(unique.tolist(), counts.tolist(), strict=True):
            c, w = row[0], bool(row[1])
            dfn_left = tuple(row[2 + na :])
            if c == _SUBMERGED:
                outcome, submerged = Outcome.DEFENDER_WINS, True
            elif c == _DEFENDER_SUBMERGED:
                outcome, submerged = Outcome.ATTACKER_WINS, True
            else:
                # A dive that left both sides gone or submerged counts as D, submerged when
                # submarines are left (submerge.last_round).
                outcome, submerged = OUTCOMES[c], c == 2 and any(dfn_left)
            key = (outcome, tuple(row[2 : 2 + na]), dfn_left, w, submerged)
            out[key] = out.get(key, 0.0) + k / runs
        return out
