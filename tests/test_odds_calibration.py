"""The budget's time model (pacific/odds/budget.py: `solved_ms`, `predicted_ms`) and the
choices it makes, pinned without timing anything: the counts of the benchmark's battles
(benchmarks/odds_vs_vectorised.py, docs/performance.md "Odds within 50 ms") against the
default budget of 50 ms, and the light pairs' coarser cut (solver._GRADED).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from test_odds_budget import _benchmark, _solved

from pacific.odds import calculate
from pacific.odds.budget import Budget, predicted_ms, solved_ms
from pacific.odds.calculate import spec_units
from pacific.odds.model import BattleKind
from pacific.odds.side import GRADES, Side
from pacific.odds.solver import Solver

# (kind, states of both sides, entries expected by Budget.pruned_estimate, measured ms)
# of the pruned chains of the benchmark, on the development machine.
MEASURED = [
    (BattleKind.LAND, 1170, 103_518, 57.9),  # land, 80 a side
    (BattleKind.NAVAL, 3794, 42_492, 58.6),  # naval, 80 a side
    (BattleKind.LAND, 330, 24_008, 19.1),  # land, 40 a side
    (BattleKind.NAVAL, 3293, 62_805, 71.9),  # six kamikazes, 60 a side
]


# The same for land chains solved on a grid (grid.py; Budget(ms=200), in one process, median
# of 3 warm calls): land 60, 80, 90 and 100 a side.
ON_GRID = [(686, 56_013, 28.9), (1170, 103_518, 45.8), (1460, 133_448, 59.0), (1782, 167_663, 71.4)]
# Many aircraft against an AA gun (the benchmark's `aa`) at 60, 80 and 100 a side: the grid
# is cheaper than the model says, which only keeps them on the simulation a little longer.
ON_GRID_AA = [(992, 69_034, 20.6), (1722, 128_878, 40.1), (2652, 210_050, 71.1)]


@pytest.mark.parametrize(("states", "entries", "ms"), ON_GRID)
def test_the_grids_prediction_is_within_a_tenth_of_the_measured_time(
    states: int, entries: int, ms: float
) -> None:
    assert abs(predicted_ms(BattleKind.LAND, states, entries, on_grid=True) - ms) <= ms / 10


@pytest.mark.parametrize(("states", "entries", "ms"), ON_GRID_AA)
def test_the_grids_prediction_errs_on_the_slow_side_with_aa_fire_r_aa_2(
    states: int, entries: int, ms: float
) -> None:
    assert ms < predicted_ms(BattleKind.LAND, states, entries, on_grid=True) < 2 * ms


def test_a_land_battle_just_past_80_a_side_is_pruned_on_the_grid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The chain's model put land 84 a side at 64 ms, past the budget's allowance, so it
    went to the simulation (bound about 0.019); the grid's puts it at 54 ms."""
    solved = _solved(monkeypatch)
    result = calculate(_benchmark("land", 84))
    assert solved
    assert result.method == "pruned" and 0 < result.bound <= 0.005


@pytest.mark.parametrize(("kind", "states", "entries", "ms"), MEASURED)
def test_the_prediction_is_within_a_third_of_the_measured_time(
    kind: BattleKind, states: int, entries: int, ms: float
) -> None:
    assert abs(predicted_ms(kind, states, entries) - ms) <= ms / 3


def test_the_solved_chains_model_follows_its_counts() -> None:
    """Naval 80 a side: 3,794 states, 2,588 pairs, 165,137 combinations, 58.6 ms measured;
    land 80: 1,170 states, 14,609 pairs, 435,381 combinations, 57.9 ms."""
    assert 40 <= solved_ms(3794, 2588, 165_137) <= 60
    assert 45 <= solved_ms(1170, 14_609, 435_381) <= 75
    assert solved_ms(100, 10, 10) < solved_ms(100, 10, 11) < solved_ms(100, 11, 11)


def test_80_against_80_fits_only_with_the_pruned_chains_allowance() -> None:
    """Both 80-against-80 chains are predicted at about 56 ms: the pruned chain alone keeps
    their bound under 0.005, so it is allowed 15% past the budget, no more (60 ms is not
    enough for 80 a side at 40 ms)."""
    land, naval = MEASURED[0], MEASURED[1]
    for kind, states, entries, _ in (land, naval):
        assert Budget().pruned_fits(kind, states, entries)
        assert not Budget(ms=40).pruned_fits(kind, states, entries)
    # On the grid land 80 a side is predicted at 47 ms: within the budget without the
    # allowance, and still not within 40 ms with it.
    assert predicted_ms(BattleKind.LAND, 1170, 103_518, on_grid=True) <= Budget().ms
    assert not Budget(ms=40).pruned_fits(BattleKind.LAND, 1170, 103_518, on_grid=True)
    assert not Budget().pruned_fits(*MEASURED[3][:3])


def test_kamikazes_60_a_side_go_to_the_simulation_at_once_r_kami_8(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six kamikazes at 60 a side (R-KAMI-6/8): pruned, 60 to 72 ms measured and predicted at
    62, past the budget's allowance: the simulation answers at once, with the whole
    budget's battles."""
    solved = _solved(monkeypatch)
    spec = _benchmark("kamikaze", 60)
    result = calculate(spec)
    assert solved == []
    assert result.method == "simulation" and result.runs == Budget().runs(spec_units(spec))
    assert result.bound < 0.02


def test_a_smaller_budget_sends_80_against_80_to_the_simulation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solved = _solved(monkeypatch)
    result = calculate(_benchmark("land", 80), Budget(ms=40))
    assert solved == []
    assert result.method == "simulation"


def test_a_lighter_pair_gets_a_coarser_cut() -> None:
    """One grade more per factor of ten below the graded mass, up to the last grade; the
    exact chain (no cut) has none."""
    solver = Solver.__new__(Solver)
    solver.cut = 1e-5
    grades = solver._grades(np.array([0.5, 1e-2, 9e-4, 5e-5, 1e-12]))
    assert grades is not None
    assert grades.tolist() == [0, 0, 1, 2, GRADES - 1]
    solver.cut = 0.0
    assert solver._grades(np.array([1e-9])) is None


@pytest.mark.parametrize("kind", [BattleKind.LAND, BattleKind.NAVAL])
@pytest.mark.parametrize(("first", "width"), [(100, 40), (1089, 90), (2725, 130), (3000, 200)])
def test_past_the_second_sides_limit_nothing_fits(kind: BattleKind, first: int, width: int) -> None:
    """One state past `second_side_states` the chain fits neither exact nor pruned, however
    few kinds of hit and on whichever method: stopping the enumeration there loses nothing."""
    budget = Budget()
    n = budget.second_side_states(kind, first, width)
    assert 0 <= n <= budget.states
    if n == budget.states:
        return
    dense = float(first * (n + 1) * width)
    assert dense > budget.exact_work(kind)
    entries = Budget.pruned_estimate(kind, dense)
    for on_grid in (False, True):
        assert not budget.pruned_fits(kind, first + n + 1, entries, on_grid=on_grid)


def test_the_second_side_of_naval_90_is_not_enumerated_to_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Naval 90 a side: the attacker's 2,725 states leave the defender fewer than 2,000 states
    for the chain to fit; it has 2,053, and the enumeration stops at the limit (the
    simulation answers; 1 to 3 ms of a side's enumeration saved)."""
    finished: list[tuple[bool, int]] = []
    original = Side.__init__

    def init(self: Side, battle: Any, attacking: bool, *args: Any, **kwargs: Any) -> None:
        original(self, battle, attacking, *args, **kwargs)
        finished.append((attacking, self.n))

    monkeypatch.setattr(Side, "__init__", init)
    result = calculate(_benchmark("naval", 90))
    assert finished == [(True, 2725)]
    assert result.method == "simulation"
