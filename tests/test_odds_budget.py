"""Odds within a budget (pacific/odds/budget.py): the fast methods against the exact solver.

- `Layout.allocate_many` (the vectorised simulation's casualties) equals `Layout.allocate` on
  random states and hits (R-COMBAT-6, R-BB-1/2, R-COMBAT-9, R-SUB-4/5, R-MULTI-4).
- The pruned solver never overshoots the exact answer and falls short by at most its stated
  bound (`neglected`), on random battles small enough for both: land with AA fire (R-AA-2),
  naval with submarines, destroyers, battleships, carriers and fighters (R-SUB-2/3/5,
  R-BB-1), kamikazes (R-KAMI-8), amphibious cover fire (R-AMPH-6).
- The vectorised simulation lands within its 99% interval of the exact answer on the same kind
  of battles (seeded, and hypothesis derandomised: the same examples every run).
- A large battle switches method instead of growing: under the default budget an 80-against-80
  naval battle takes less than 50 MB and says it was simulated, with its bound.
"""

from __future__ import annotations

import sys
import tracemalloc
from functools import partial
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pacific.odds import BattleSpec, ForceSpec, OddsResult, calculate
from pacific.odds.budget import UNLIMITED, Budget
from pacific.odds.calculate import evaluate, exact, simulated
from pacific.odds.casualties import Layout
from pacific.odds.model import BattleKind
from pacific.odds.values import POOLS, FireContext
from pacific.rules.units import UnitType as U

LAND = (U.INFANTRY, U.ARTILLERY, U.ARMOR, U.FIGHTER, U.BOMBER)
NAVAL = (U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER, U.FIGHTER, U.TRANSPORT)


def _shares(r: OddsResult) -> list[float]:
    return [r.attacker_wins, r.defender_wins, r.both_destroyed, r.stalemate, r.retreat,
            r.captured]


@st.composite
def _layouts(draw: st.DrawFn) -> tuple[Layout, int]:
    naval = draw(st.booleans())
    pool = NAVAL if naval else (*LAND, U.MARINE)
    types = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5, unique=True))
    bystanders = draw(st.lists(st.sampled_from(NAVAL), max_size=2, unique=True)) if naval else []
    ctx = FireContext(BattleKind.NAVAL if naval else BattleKind.LAND, attacking=True)
    layout = Layout.build(types, ctx, keep_land=not naval and draw(st.booleans()),
                          bystanders=bystanders)
    return layout, len(layout.categories)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(_layouts(), st.data())
def test_vectorised_casualties_equal_the_solvers_r_combat_6(
    built: tuple[Layout, int], data: st.DataObject
) -> None:
    layout, k = built
    rows = data.draw(st.integers(1, 6))
    counts = np.array(data.draw(st.lists(st.lists(st.integers(0, 4), min_size=k, max_size=k),
                                         min_size=rows, max_size=rows)), dtype=np.intp)
    hits = np.array(data.draw(st.lists(st.lists(st.integers(0, 6), min_size=len(POOLS),
                                                max_size=len(POOLS)),
                                       min_size=rows, max_size=rows)), dtype=np.intp)
    withdrawn = np.array(data.draw(st.lists(st.booleans(), min_size=rows, max_size=rows)))
    expected = [layout.allocate(tuple(c.tolist()), h.tolist(), withdrawn_air=bool(w))
                for c, h, w in zip(counts, hits, withdrawn, strict=True)]
    got = counts.copy()
    layout.allocate_many(got, hits, withdrawn)
    assert [tuple(r) for r in got.tolist()] == expected


@st.composite
def _battles(draw: st.DrawFn) -> BattleSpec:
    """Random battles of up to 7 units a side, of every kind the budget may prune or
    simulate."""
    kind = draw(st.sampled_from(["land", "naval", "amphibious"]))
    counts = st.integers(0, 3)
    if kind == "naval":
        att = {t: draw(counts) for t in (U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.FIGHTER)}
        dfn = {t: draw(counts) for t in (U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER,
                                          U.FIGHTER)}
        att[U.DESTROYER] += 1
        dfn[U.DESTROYER] += draw(st.integers(0, 1))
        kamikazes = [U.BATTLESHIP] if att[U.BATTLESHIP] and draw(st.booleans()) else []
        return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                          defender=ForceSpec(units=dfn), kamikazes=kamikazes,
                          kamikaze_side="attacker")
    att = {t: draw(counts) for t in (U.INFANTRY, U.ARTILLERY, U.ARMOR, U.FIGHTER)}
    att[U.INFANTRY] += 1
    dfn = {t: draw(counts) for t in (U.INFANTRY, U.ARMOR, U.FIGHTER)}
    dfn[U.INFANTRY] += 1
    dfn[U.AA_GUN] = draw(st.integers(0, 1))  # R-AA-2
    if kind == "land":
        return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=att),
                          defender=ForceSpec(units=dfn))
    landing = {U.MARINE: draw(counts), U.INFANTRY: draw(counts)}
    return BattleSpec(kind=BattleKind.AMPHIBIOUS, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), landing=landing,
                      bombard={U.BATTLESHIP: draw(st.integers(0, 2))})


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_battles())
def test_the_pruned_solver_stays_within_its_bound(spec: BattleSpec) -> None:
    """Pruning only leaves mass out: each probability is short by at most `neglected`."""
    truth = evaluate(spec, exact)
    pruned = evaluate(spec, partial(exact, negligible=1e-4, cut=1e-5))
    for p, q in zip(_shares(truth), _shares(pruned), strict=True):
        assert q <= p + 1e-12
        assert p - q <= pruned.neglected + 1e-12
    assert pruned.neglected <= 0.05  # and it is a useful bound at these thresholds


@settings(max_examples=25, deadline=None, derandomize=True)
@given(_battles(), st.integers(0, 2**31))
def test_the_vectorised_simulation_lands_within_its_99_percent_interval(
    spec: BattleSpec, seed: int
) -> None:
    truth = calculate(spec, UNLIMITED)
    sampled = simulated(spec, 3000, seed)
    assert sampled.method == "simulation" and sampled.runs == 3000
    assert abs(sampled.attacker_wins - truth.attacker_wins) <= sampled.bound
    assert abs(sampled.defender_holds - truth.defender_holds) <= sampled.bound


def _naval(n: int) -> BattleSpec:
    """The benchmark's naval battle of n units a side (benchmarks/odds_vs_vectorised.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from odds_vs_vectorised import naval

    spec: BattleSpec = naval(n)
    return spec


def test_a_large_battle_switches_method_instead_of_growing() -> None:
    """80 against 80 at sea: the exact chain would hold millions of pairs (about 700 MB);
    the budget sees it before allocating and simulates instead."""
    tracemalloc.start()
    try:
        result = calculate(_naval(80))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20
    assert result.method == "simulation" and result.runs >= 1000
    assert 0 < result.bound < 0.03
    assert 0.15 < result.attacker_wins < 0.35  # exact: 0.2363


def test_the_budget_picks_exact_then_pruned_as_battles_grow() -> None:
    small = calculate(_naval(6))
    assert small.method == "exact" and small.bound == small.neglected < 1e-8
    middle = calculate(_naval(30), Budget(ms=200))
    assert middle.method == "pruned" and 1e-8 < middle.bound < 1e-3
    truth = calculate(_naval(30), UNLIMITED)
    assert 0 <= truth.attacker_wins - middle.attacker_wins <= middle.bound
    assert calculate(_naval(30), Budget(ms=20)).method == "simulation"


def test_with_time_enough_80_against_80_is_pruned_within_0_005() -> None:
    """The pruned solver keeps to the pairs that carry the mass (a few thousand of the
    millions there are at sea): 80 against 80 with a bound far below 0.005."""
    result = calculate(_naval(80), Budget(ms=1000))
    assert result.method == "pruned" and result.bound < 0.005
    assert abs(result.attacker_wins - 0.236275) <= result.bound + 1e-6  # exact, 2.5 s
