"""What one odds query may cost, and the choice of method it implies.

`calculate` first tries the exact chain (solver.py) under limits derived from the budget: the
states of each side and the solver's work and arrays are counted before anything large is
allocated. Within the first limit the chain is solved exact (pairs below 1e-12 aside); within
the second it is pruned (pairs below `negligible` are not expanded, each round's hit counts
less likely than `cut` at either end are left out), and the mass left out is the stated bound;
past both, `TooLarge` is raised instead of growing, and the answer comes from the vectorised
simulation (sampled.py) with as many runs as the budget pays for (counted in simulated rounds,
`Budget.runs`). The answer says which:
`OddsResult.method` and `OddsResult.bound`. docs/odds.md gives the measured figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from pacific.odds.model import BattleKind


class TooLarge(Exception):
    """The exact chain would pass its limits: answer by another method."""


@dataclass(frozen=True)
class Budget:
    """The processor time (ms) and memory (MB) one query may take, and the pruning
    thresholds of the solver when exact would not fit (see the module docstring).

    The limits are work counts (pairs of states x hit counts per row; mass entries stored)
    that the 2-core development machine gets through in `ms`, measured on the battles of
    benchmarks/odds_vs_vectorised.py (figures in docs/odds.md). Past 50 MB nothing is
    allocated: the method switches. `exact_only`: never prune nor switch, whatever it costs.

    Raises:
        ValueError: `ms` or `mb` is not positive (a budget that pays for nothing).
    """

    ms: float = 50.0
    mb: float = 50.0
    # None: the default of the battle's kind (`thresholds`).
    negligible: float | None = None
    cut: float = 1e-5
    exact_only: bool = False

    def __post_init__(self) -> None:
        if not (self.ms > 0 and self.mb > 0):
            raise ValueError(f"an odds budget needs positive ms and mb, not {self.ms}, {self.mb}")

    def thresholds(self, kind: BattleKind) -> tuple[float, float]:
        """(negligible, cut) of the pruned chain for a battle of `kind`: by default 1.5e-6 on
        land and 1e-5 at sea, which keep the bound of 80 against 80 near 0.004 and 0.003
        (below 0.005 with the light pairs' coarser cut, solver._GRADED; docs/performance.md);
        the mass of a naval battle keeps to fewer pairs, so the same threshold leaves less
        out."""
        if self.negligible is not None:
            return self.negligible, self.cut
        return _NEGLIGIBLE[kind is BattleKind.NAVAL], self.cut

    def exact_work(self, kind: BattleKind) -> float:
        return self.ms * _SHARE * _EXACT_PER_MS[kind is BattleKind.NAVAL]

    def pruned_work(self, kind: BattleKind) -> float:
        """The most mass entries the solver may store (Solver._store): what the memory
        budget holds (their time is counted by `spent`)."""
        del kind  # an entry takes the same memory on land and at sea
        return self.bytes / _ENTRY_BYTES

    def pruned_fits(
        self,
        kind: BattleKind,
        states: int,
        entries: float,
        *,
        on_grid: bool = False,
        aside: bool = False,
    ) -> bool:
        """Whether a pruned chain of `states` states (both sides) expected to store
        `entries` mass entries (`pruned_estimate`) answers within the budget, by
        `predicted_ms` (`on_grid`: solved on a grid, grid.py; `aside`: from states with
        units set aside, R-AMPH-6 step 2, R-KAMI-8)."""
        return predicted_ms(kind, states, entries, on_grid=on_grid, aside=aside) <= self.ms

    def second_side_states(
        self,
        kind: BattleKind,
        first: int,
        width: int,
        live: int | None = None,
        *,
        aside: bool = False,
    ) -> int:
        """The most states the second side of a chain may have, the first having `first`
        (with `width` hit counts a row), for the chain to fit the budget at all: exact
        (`exact_work`) or pruned (`pruned_fits`, with the lowest estimate of its entries
        and the cheaper time per entry; `live`: the first side's states its seeds heavier
        than the pruned chain's threshold lead to, chain_cost.live_states, all by default;
        `aside`: the chain starts from states with units set aside, whose naval chains
        have their own time model, `predicted_ms`). Both only grow with the states, so
        past this neither fits, and the side's enumeration can stop there (TooLarge)
        instead of finishing only to be turned down."""
        exact = int(self.exact_work(kind) // max(1, first * width))
        kamikaze = aside and kind is BattleKind.NAVAL
        per_entry = min(_MS_PER_ENTRY_GRID, _MS_PER_ENTRY[kind is BattleKind.NAVAL])
        per_state = _MS_PER_STATE if kind is BattleKind.NAVAL else _MS_PER_STATE_GRID
        if kamikaze:
            per_state, per_entry = _MS_PER_STATE_ASIDE_SEA, _MS_PER_ENTRY[True]
        live = first if live is None else live
        most = self.side_states(kind, aside)

        def fits(n: int) -> bool:
            entries = self.pruned_estimate(kind, float(live * n * width), 2, kamikaze)
            ms = _MS_FIXED + (first + n) * per_state + entries * per_entry
            return ms <= self.ms

        low, high = 0, most  # the most that fits lies in [low, high]
        if fits(high):
            return most
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if fits(middle) else (low, middle)
        return min(most, max(exact, low))

    def spent(
        self, states: int, pairs: int, combinations: int, *, aside_at_sea: bool = False
    ) -> bool:
        """Whether a chain that has expanded `pairs` pairs and listed `combinations` hit
        combinations so far (`solved_ms`) has passed what the budget allows it: the
        solver then gives up (WorkSpent). A safety net: `pruned_fits` and the exact
        limits decide before solving, and they err by a third either way.
        `aside_at_sea`: a naval chain from states with units set aside (kamikazes,
        R-KAMI-8), which `solved_ms` counts `1 / _SOLVED_ASIDE_SEA` times its time."""
        ms = solved_ms(states, pairs, combinations)
        if aside_at_sea:
            ms *= _SOLVED_ASIDE_SEA
        return ms > self.ms * _GIVE_UP

    def combinations(self) -> float:
        """The most hit combinations the exact chain may be expected to list
        (side.hit_combinations; chain_cost.row_combinations before solving) to be solved
        exact: with three kinds of hit at sea (submarines', aircraft's without a destroyer,
        the others') a pair's combinations multiply, which the work estimate does not see."""
        return self.ms * _SHARE * _COMBINATIONS_PER_MS

    def split(self, kind: BattleKind, starts: int) -> tuple[float, float]:
        """(negligible, cut) for a chain that starts from `starts` states with units set aside
        (cover fire, R-AMPH-6 step 2; kamikazes, R-KAMI-8): the mass is spread over as many
        chains, each pruned at the same threshold, so at sea `negligible` is divided by
        sqrt(`starts`) to keep the total left out near a single chain's (measured, docs/odds.md:
        kamikazes at 40 and 60 a side, 18 start states, 0.0069 and 0.0110 at 1e-5, 0.0015
        and 0.0026 split). On land, where the chain's rounds are a grid (grid.py) whose time
        follows its states more than its threshold, it is `_NEGLIGIBLE_ASIDE_LAND`: an
        assault of 80 a side with cover fire and AA fire (99 start states) leaves 0.0050 out
        at the land battle's 1.5e-6 and 0.0034 at 1e-6 in the same time (60 a side: 0.0030
        and 0.0021). A `negligible` given to the Budget is used as it is."""
        negligible, cut = self.thresholds(kind)
        if self.negligible is not None:
            return negligible, cut
        if kind is not BattleKind.NAVAL:
            return _NEGLIGIBLE_ASIDE_LAND, cut
        return negligible / max(1, starts) ** 0.5, cut

    @staticmethod
    def pruned_estimate(
        kind: BattleKind, dense_work: float, kinds_of_hit: int = 2, aside: bool = False
    ) -> float:
        """The entries the pruned solver is expected to store for a chain of `dense_work`
        (pairs x hit counts): the mass keeps to few pairs, the more so at sea (measured,
        docs/odds.md), so it grows much slower than the pairs do. `kinds_of_hit`: the kinds
        both sides' fire scores together at the start; with five or six (a side takes
        submarines' hits, aircraft's that skip submarines and the others', R-SUB-4/5) a
        pair's combinations multiply and the fit, made on battles with four at most, is
        up to `_MORE_KINDS` times too low. `aside`: the chain starts from states with units
        set aside (`split`), which the fit, made on chains without, counts `_ASIDE` times
        too low (per kind of battle)."""
        naval = kind is BattleKind.NAVAL
        factor, power = _PRUNED_FIT[naval]
        more = _MORE_KINDS.get(min(kinds_of_hit, 6), 1.0) * (_ASIDE[naval] if aside else 1.0)
        return float(more * factor * dense_work**power)

    @property
    def states(self) -> int:
        """The most states of one side the solver enumerates (past it: TooLarge)."""
        return int(self.ms * _STATES_PER_MS)

    def side_states(self, kind: BattleKind, aside: bool = False) -> int:
        """`states` for a chain of `kind` (`aside`: from states with units set aside): a
        naval chain from kamikazes' start states (R-KAMI-8) sets a side up for about 2 µs
        a state (`_MS_PER_STATE_ASIDE_SEA`), so it may enumerate more."""
        if aside and kind is BattleKind.NAVAL:
            return int(self.ms * _STATES_PER_MS_ASIDE_SEA)
        return self.states

    @property
    def bytes(self) -> float:
        return self.mb * 2**20 * _SOLVER_MEMORY

    def runs(self, rounds: float) -> int:
        """Simulation runs (sampled.Vectorised) for a battle whose runs last `rounds`
        rounds each on average (a round whose submarines strike first, R-SUB-2, counting
        `STRIKE_WEIGHT` more): the rounds the budget pays for, shared out, in hundreds, at
        least `_MIN_RUNS`. A run's round costs about the same from 40 to 200 units (the
        arrays are rows of unit counts per category), so the size of the battle does not
        enter; its length does.

        (With less time than the whole budget, call it on a smaller Budget.)"""
        paid = (self.ms * _SHARE - _MS_SIMULATION_FIXED) / _MS_PER_RUN_ROUND
        return max(_MIN_RUNS, int(paid / max(1.0, rounds)) // 100 * 100)

    def simulated_runs(self, kind: BattleKind) -> int:
        """`runs` for a battle of `kind`, at the rounds a run of that kind lasts
        (`_ROUNDS_PER_RUN`, measured: an amphibious assault's land battle as a land
        battle's)."""
        return self.runs(_ROUNDS_PER_RUN[kind is BattleKind.NAVAL])


UNLIMITED = Budget(ms=float("inf"), mb=float("inf"), exact_only=True)


def solved_ms(states: int, pairs: int, combinations: int) -> float:
    """The processor ms a chain takes on the development machine, from what it has done:
    its sides' states (found, with their fire and casualty tables), the pairs it expanded
    and the hit combinations it listed (a least-squares fit on the battles of
    benchmarks/odds_vs_vectorised.py, exact and pruned, 10 to 100 a side; within a third
    of the measured time on 29 of 34, the others small land chains it overestimates;
    docs/performance.md)."""
    return _MS_FIXED + states * _MS_PER_STATE + pairs * _MS_PER_PAIR + (
        combinations * _MS_PER_COMBINATION
    )


def predicted_ms(
    kind: BattleKind,
    states: int,
    entries: float,
    *,
    on_grid: bool = False,
    aside: bool = False,
) -> float:
    """`solved_ms` before solving: the pairs and combinations are not known yet, the mass
    entries the pruned chain will store are estimated (`Budget.pruned_estimate`) and stand
    for both (fitted on the same battles). `on_grid`: the chain's rounds are solved on a
    grid (grid.py, land battles whose sides take hits of one kind), whose times per state
    and per entry are its own (`_MS_PER_STATE_GRID`, `_MS_PER_ENTRY_GRID`). `aside` at
    sea: a chain from kamikazes' start states (R-KAMI-8), whose time per state is its own
    (`_MS_PER_STATE_ASIDE_SEA`)."""
    if on_grid:
        return _MS_FIXED + states * _MS_PER_STATE_GRID + entries * _MS_PER_ENTRY_GRID
    naval = kind is BattleKind.NAVAL
    per_state = _MS_PER_STATE_ASIDE_SEA if aside and naval else _MS_PER_STATE
    return _MS_FIXED + states * per_state + entries * _MS_PER_ENTRY[naval]


class WorkSpent(TooLarge):
    """The pruned solver passed its work limit while solving: the time is partly spent."""

# Calibration (benchmarks/odds_vs_vectorised.py's battles; docs/odds.md, "Budget, methods and
# error bounds"), in processor time of the 2-core development machine. The exact chain's
# limits below were measured at a load average of 7 to 8 and divided by 3; the time model
# (solved_ms, predicted_ms) at a load of 4 to 6, which costs about what no load does
# (docs/performance.md, "Odds within 50 ms").
# Exact: work (pairs x hit counts) per ms, [land, naval]. Land pairs cost more: AA fire before
# round 1 leaves one chain per number of aircraft shot down.
# On land 15,000 sent chains of 35 and 40 a side to exact at 52 to 67 ms where pruned took 33
# to 40 (bound 0.0016 at most; aa and land battles the same, docs/odds.md).
_EXACT_PER_MS = (7_000.0, 30_000.0)
# The pruned solver's mass entries (Solver._store) at the default thresholds as
# factor x dense_work ** power (a least-squares fit, raised by 10% on land and 40% at sea so
# that it rather overestimates; predicted_ms turns them into time).
_PRUNED_FIT = ((13.0, 0.565), (90.0, 0.314))
# Fleets with three kinds of hit on a side (benchmarks/odds_vs_vectorised.py `fleet3`, the
# fleets of tests/test_odds_budget.py): entries stored 1.3 to 8 times the fit, and the chain
# given up late (`WorkSpent`) from 25 a side on both sides and 40 on one, after most of the
# budget. These keep 20 against 20 pruned (predicted 44 ms, measured 36) and send 25 against
# 25 (predicted 58, measured 55) and larger to the simulation at once; keyed by the kinds of
# hit both sides score. (14 and 12 with the naval time per entry before, 0.46 µs: both
# scaled by 0.46 / 0.27 x 0.8, the fleets' share of the speed-up, measured at 20 and 25.)
_MORE_KINDS = {5: 17.0, 6: 20.0}
# Chains from states with units set aside, at the thresholds of `Budget.split`, [land,
# naval]. On land cover fire's round 1 is the grid's first step (grid.solve's `first`):
# assaults of 60, 80 and 90 a side with cover fire and AA fire took 33, 41 and 64 ms on the
# grid (medians of 5 fresh processes, load 3.7), which 1.2 predicts as 29, 44 and 54: 90 a
# side is simulated (tests/test_odds_calibration.py; docs/performance.md, "Odds for cover
# fire's round on the grid"). At sea (kamikazes, R-KAMI-8) the chain has its own time model,
# below.
_ASIDE = (1.2, 2.2)
# A naval chain from kamikazes' start states (R-KAMI-8): a side's states are found and their
# casualty tables built for about 2 µs each (the chain's mass reaches a tenth of them), not
# the 7.6 of the model's mix of sides, and its entries cost 2.2 times the fit's. Fitted on
# the benchmark's kamikazes at 40 to 100 a side, pruned in fresh processes (3 calls each,
# 3 processes, load 5 to 7): predicted about 1.3 times their median, the first call's time
# in a process (the slowest of its three): 40, 80, 90 and 100 a side measured 16.8, 35.6,
# 41.3 and 46.3 ms, predicted 21, 47, 56 and 64 (docs/performance.md, "Kamikazes at 80 a
# side pruned"). So up to about 80 a side they are pruned (bound 0.0042 at 80), past it
# simulated. On `solved_ms`'s scale (naval 80: 2.4 times its time at that load) such a
# chain would be about 1.7 times naval 80's and never fit.
_MS_PER_STATE_ASIDE_SEA = 0.0020
# The most states of the first side (the attacker) per ms of the budget: past 5,000 at 50 ms
# the second may have fewer than 1,230 (`Budget.second_side_states`), where a kamikaze
# battle's defender has about a quarter of its attacker's states (4,559 and 1,121 at 80 a
# side): the enumeration stops there, not 2,000 states later (100 a side: 6,990).
_STATES_PER_MS_ASIDE_SEA = 100
# `solved_ms` counts such a chain about twice its time (kamikazes 40, 60 and 80 a side:
# 38, 62 and 91 against 21, 33 and 47 predicted): `Budget.spent` scales it by this.
_SOLVED_ASIDE_SEA = 0.52
# A side's states are found one by one (about 30 µs each at sea, three kinds of hit): past
# this many per ms the enumeration alone would take the budget.
_STATES_PER_MS = 60
# Hit combinations the exact chain may be expected to list per ms of the budget (before
# solving, chain_cost.row_combinations; about 600,000 for the land battle of 80 a side).
_COMBINATIONS_PER_MS = 20_000
_SHARE = 0.8  # of the budget: the steps before round 1 and the answer's tally take the rest
# The pruned chain's default `negligible`, [land, naval] (Budget.thresholds).
_NEGLIGIBLE = (1.5e-6, 1e-5)
# A land chain's with units set aside before round 1 (cover fire, R-AMPH-6; Budget.split).
_NEGLIGIBLE_ASIDE_LAND = 1e-6
_SOLVER_MEMORY = 0.6  # of the memory budget: numpy's own and the answer's objects the rest
# The vectorised simulation's time (Budget.runs): a fixed part and a time per run's round,
# measured on the benchmark's battles simulated (fleet3 20 to 100, kamikaze 60 to 100, naval,
# land, aa and amphibious 100, land and naval 40; docs/performance.md, "Simulated runs counted
# in rounds"). Fixed: the steps before round 1 (1 to 1.5 ms) and the rounds' array calls,
# whatever the rows (4.5 to 6 ms at a load of 2, the longest battles' last rounds). Per
# round: 1,000 and 4,000 runs differ by 1.2 to 1.7 µs per run's round at a load of 2 (1.35 on
# average), the same at 40 and at 100 a side; doubled for what processor time grows to under
# a load of 4 to 5 (fleet3 40 with 5,000 runs: 34 ms at load 1.8, 51 to 54 at 4).
_MS_SIMULATION_FIXED = 6.0
_MS_PER_RUN_ROUND = 0.0027
# A round whose submarines strike first (R-SUB-2) rolls the dice and allocates the hits twice:
# fleets without destroyers cost 1.15 times the others' per round, their strikes 0.4 of a round.
STRIKE_WEIGHT = 0.4
_MIN_RUNS = 1000
# The rounds a run lasts, [land, naval], as `Budget.runs` counts them: the longest of the
# benchmark's battles of each kind but one, counted by a pilot of 200 runs (a pilot in each
# query cost 5 to 8 ms, a quarter of the simulation: the rounds' array calls twice).
# Naval: fleets without destroyers 3.2 to 3.3 rounds, 1.3 of them first strikes (3.8 in
# all), kamikazes 3.6 to 3.75, naval 100 3.8. Land: land 40 and 100 3.9 and 4.2, aa 100 3.7;
# the assault of 100 with cover fire 4.9, 1.17 times the rounds paid for.
_ROUNDS_PER_RUN = (4.2, 3.85)
# The time model (solved_ms, predicted_ms): ms, ms per state, per pair expanded, per hit
# combination listed; and per mass entry expected, [land, naval].
_MS_FIXED = 7.5
_MS_PER_STATE = 0.0076
_MS_PER_PAIR = 0.0020
_MS_PER_COMBINATION = 0.000052
# At sea fitted on naval 60 to 85 a side with the sides' states decoded from their codes,
# narrower casualty tables and the fire rows in one transform (docs/performance.md, "Odds at
# sea: a cheaper set-up..."): 0.27 µs, naval 80 predicted 47.8 ms against 47.6 measured at
# load 9 (in one process, median of 15 warm calls); 0.46 before those changes.
_MS_PER_ENTRY = (0.00038, 0.00027)
# The same per state and per entry for a chain on a grid (grid.py), its entries counted on
# the states its heavier seeds lead to (chain_cost.live_states): fitted on the benchmark's land
# battles and its many aircraft against an AA gun, 60 to 100 a side, each solved on the
# grid in fresh processes (docs/performance.md, "Odds with AA and cover fire on the
# grid"): a side taking hits of one kind is set up for about 2 µs a state, not the 7.6 of
# the model's mix of land and naval sides, and AA fire's many seeds (R-AA-2) had made its
# states and entries count two to three times what the grid works on.
_MS_PER_STATE_GRID = 0.0020
_MS_PER_ENTRY_GRID = 0.00038
# A chain solving gives up (WorkSpent) this far past the budget: the prediction errs by a
# third either way, and by giving up the time spent is lost.
_GIVE_UP = 1.5
# Memory of one mass entry kept (Solver._store: key, value and the band's sort).
_ENTRY_BYTES = 32
