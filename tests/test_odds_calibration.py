"""The budget's time model (pacific/odds/budget.py: `solved_ms`, `predicted_ms`) and the
choices it makes, pinned without timing anything: the counts of the benchmark's battles
(benchmarks/odds_vs_vectorised.py, docs/performance.md "Odds within 50 ms") against the
default budget of 50 ms, and the light pairs' coarser cut (solver._GRADED).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_odds_budget import _benchmark, _solved

from pacific.odds import calculate
from pacific.odds.budget import Budget, predicted_ms, solved_ms
from pacific.odds.calculate import spec_units
from pacific.odds.model import BattleKind
from pacific.odds.side import GRADES
from pacific.odds.solver import Solver

# (kind, states of both sides, entries expected by Budget.pruned_estimate, measured ms)
# of the pruned chains of the benchmark, on the development machine.
MEASURED = [
    (BattleKind.LAND, 1170, 103_518, 57.9),  # land, 80 a side
    (BattleKind.NAVAL, 3794, 42_492, 58.6),  # naval, 80 a side
    (BattleKind.LAND, 330, 24_008, 19.1),  # land, 40 a side
    (BattleKind.NAVAL, 3293, 62_805, 71.9),  # six kamikazes, 60 a side
]


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
