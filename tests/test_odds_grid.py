"""The pruned chain on a grid (pacific/odds/grid.py) against the exact chain, pair by pair
(pacific/odds/solver.py): the same battle's end states, each short by at most the stated
bound, never over (R-COMBAT-6/7, R-AA-2, R-COMBAT-9)."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pacific.odds import BattleSpec, ForceSpec, grid
from pacific.odds.calculate import evaluate, exact
from pacific.odds.chain import Battle, Node, Terminal
from pacific.odds.model import BattleKind
from pacific.odds.solver import Solver
from pacific.rules.units import UnitType as U


@st.composite
def _land(draw: st.DrawFn) -> BattleSpec:
    """Random land battles of up to 12 units a side, with AA fire (R-AA-2), artillery
    pairing (R-ART-2) and the attacker's kept land unit (R-COMBAT-9) or not."""
    counts = st.integers(0, 3)
    att = {t: draw(counts) for t in (U.INFANTRY, U.ARTILLERY, U.ARMOR, U.FIGHTER, U.BOMBER)}
    att[U.INFANTRY] += 1
    dfn = {t: draw(counts) for t in (U.INFANTRY, U.ARTILLERY, U.ARMOR, U.FIGHTER)}
    dfn[U.INFANTRY] += 1
    dfn[U.AA_GUN] = draw(st.integers(0, 1))
    return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), keep_land_unit=draw(st.booleans()),
                      first_turn=draw(st.booleans()))


@st.composite
def _assault(draw: st.DrawFn) -> BattleSpec:
    """Random amphibious assaults of up to 12 units a side without a naval battle: cover fire
    of battleships and destroyers (R-AMPH-6 step 2, R-BB-5; its casualties fire back in
    round 1), Marines landing (R-MARINE-2) and AA fire on the attacker's fighters (R-AA-2)."""
    counts = st.integers(0, 3)
    att = {t: draw(counts) for t in (U.INFANTRY, U.ARTILLERY, U.FIGHTER)}
    landing = {t: draw(counts) for t in (U.MARINE, U.ARMOR)}
    landing[U.INFANTRY] = 1 + draw(counts)
    dfn = {t: draw(counts) for t in (U.INFANTRY, U.ARTILLERY, U.ARMOR)}
    dfn[U.INFANTRY] += 1
    dfn[U.AA_GUN] = draw(st.integers(0, 1))
    bombard = {U.BATTLESHIP: draw(st.integers(0, 2)), U.DESTROYER: 1 + draw(st.integers(0, 2))}
    return BattleSpec(kind=BattleKind.AMPHIBIOUS, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), landing=landing, bombard=bombard)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_land(), st.sampled_from([(1e-12, 1e-9), (1e-6, 1e-6), (1e-4, 1e-4)]))
def test_the_grid_stays_within_its_bound_end_state_by_end_state(
    spec: BattleSpec, thresholds: tuple[float, float]
) -> None:
    """Each end state (outcome and both sides' survivors) of the grid is at most the exact
    chain's and short by at most the neglected mass in all; the expected rounds too."""
    _within_the_bound(spec, thresholds)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(_assault(), st.sampled_from([(1e-12, 1e-9), (1e-6, 1e-6), (1e-4, 1e-4)]))
def test_an_assault_with_cover_fire_goes_on_the_grid_within_its_bound_r_amph_6(
    spec: BattleSpec, thresholds: tuple[float, float]
) -> None:
    """Cover fire's casualties fire back in round 1 only (R-AMPH-6 step 2): that round is the
    grid's first step, each start state firing with its casualties set aside, and each end
    state stays within the bound of the exact chain's."""
    _within_the_bound(spec, thresholds)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(_assault(), st.sampled_from([(1e-12, 1e-9), (1e-4, 1e-4)]))
def test_cover_fires_round_pair_by_pair_still_stays_within_its_bound_r_amph_6(
    spec: BattleSpec, thresholds: tuple[float, float]
) -> None:
    """Start states whose units set aside are not one set per state cannot take round 1 as
    rows of the grid (grid.cover_fire_rows): that round is expanded pair by pair, and the
    grid goes on from its mass, within the same bound."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid, "cover_fire_rows", lambda *args: None)
        _within_the_bound(spec, thresholds)


def test_cover_fires_round_is_the_grids_first_step_r_amph_6(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each start state of an assault has its own casualties of cover fire set aside
    (R-AMPH-6 step 2): their round is a step of the grid (no pair-by-pair expansion), and
    a start state the cover fire wiped out still fires back in it."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS,
                      attacker=ForceSpec(units={U.INFANTRY: 2, U.FIGHTER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 2, U.AA_GUN: 1}),
                      landing={U.MARINE: 2},
                      bombard={U.BATTLESHIP: 2, U.DESTROYER: 1})
    truth = evaluate(spec, exact)

    def pair_by_pair(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("round 1 expanded pair by pair")

    monkeypatch.setattr(Solver, "_expand", pair_by_pair)
    got = evaluate(spec, partial(exact, negligible=1e-9, cut=1e-9))
    assert got.neglected < 1e-6
    for a, b in ((truth.attacker_wins, got.attacker_wins), (truth.captured, got.captured),
                 (truth.defender_wins, got.defender_wins),
                 (truth.expected_rounds, got.expected_rounds)):
        assert a - 1e-6 <= b <= a + 1e-12


def _within_the_bound(spec: BattleSpec, thresholds: tuple[float, float]) -> None:
    negligible, cut = thresholds
    checked = []

    def both(
        battle: Battle, start: dict[Node, float], weight: float
    ) -> tuple[dict[Terminal, float], float, float]:
        # The exact chain with every pair expanded (not even those below 1e-12 left out).
        truth, rounds, neglected = exact(battle, start, weight, negligible=0.0)
        solver = Solver(battle, start, negligible=negligible, cut=cut)
        assert solver._on_grid()
        got, got_rounds = solver.solve()
        bound = solver.neglected
        assert set(got) <= set(truth)
        for key, p in got.items():
            assert p <= truth[key] + 1e-12, key
        short = sum(truth[k] - got.get(k, 0.0) for k in truth)
        assert -1e-12 <= short <= bound + 1e-12
        assert got_rounds <= rounds + 1e-12
        if bound < 1e-8:
            assert rounds - got_rounds < 1e-6  # nearly nothing left out: the same rounds
        assert bound <= 0.05  # a useful bound at these thresholds
        checked.append(short)
        return truth, rounds, neglected

    evaluate(spec, both)
    assert checked


def test_cover_fires_start_states_are_on_the_defenders_line_r_amph_6() -> None:
    """Cover fire (R-AMPH-6 step 2) starts the land chain from several defender states, each
    after as many casualties in the order of loss (R-COMBAT-6): numbered from the fullest,
    depth first from each seed in turn, they stay a line, and the grid steps along it."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS,
                      attacker=ForceSpec(units={U.INFANTRY: 3, U.FIGHTER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 5, U.ARMOR: 2, U.AA_GUN: 1}),
                      landing={U.MARINE: 2, U.ARMOR: 2},
                      bombard={U.BATTLESHIP: 2, U.DESTROYER: 2})
    lines: list[bool] = []
    step = grid._step

    def counted(*args: Any) -> Any:
        lines.append(args[6] is not None)
        return step(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid, "_step", counted)
        evaluate(spec, partial(exact, negligible=1e-6, cut=1e-6))
    assert lines and all(lines)


def _solver(spec: BattleSpec, cut: float = 1e-5) -> Solver:
    from pacific.odds.calculate import _battle, _start

    kind = BattleKind.NAVAL if spec.kind is BattleKind.NAVAL else BattleKind.LAND
    battle = _battle(spec, kind, spec.attacker, spec.defender, spec.landing)
    (a, d, aa, dd), p = next(iter(_start(battle, dict(spec.attacker.units), 0,
                                         spec.defender).items()))
    return Solver(battle, {(a, d, False, 0, aa, dd): p}, negligible=1e-6, cut=cut)


def test_only_the_pruned_land_chain_without_retreat_goes_on_the_grid() -> None:
    """A retreat (R-LAND-2) and the hits of a naval battle (R-SUB-4/5) keep the chain pair by
    pair; so does the exact chain (no cut)."""
    land = BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.INFANTRY: 4}),
                      defender=ForceSpec(units={U.INFANTRY: 4}))
    assert _solver(land)._on_grid()
    assert not _solver(land, cut=0.0)._on_grid()
    assert not _solver(land.model_copy(update={"retreat_after": 2}))._on_grid()
    naval = BattleSpec(kind=BattleKind.NAVAL,
                       attacker=ForceSpec(units={U.SUBMARINE: 2, U.FIGHTER: 2}),
                       defender=ForceSpec(units={U.DESTROYER: 2, U.CARRIER: 1}))
    assert not _solver(naval)._on_grid()


def test_a_step_in_parts_gives_the_same_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The attacker's states stepped in parts (grid._ENTRIES, the memory of a step) add up
    to the same mass as one step."""
    spec = BattleSpec(kind=BattleKind.LAND,
                      attacker=ForceSpec(units={U.INFANTRY: 6, U.ARTILLERY: 2, U.FIGHTER: 2}),
                      defender=ForceSpec(units={U.INFANTRY: 7, U.ARMOR: 2, U.AA_GUN: 1}))
    whole = evaluate(spec, partial(exact, negligible=1e-9, cut=1e-9))
    monkeypatch.setattr(grid, "_ENTRIES", 50)
    parts = evaluate(spec, partial(exact, negligible=1e-9, cut=1e-9))
    assert parts.neglected == pytest.approx(whole.neglected, abs=1e-12)
    for a, b in ((whole.attacker_wins, parts.attacker_wins),
                 (whole.defender_wins, parts.defender_wins),
                 (whole.expected_rounds, parts.expected_rounds)):
        assert b == pytest.approx(a, abs=1e-12)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(_land(), st.sampled_from([(1e-9, 1e-9), (1e-6, 1e-5), (1e-4, 1e-3)]))
def test_the_defenders_line_gives_the_general_steps_answer(
    spec: BattleSpec, thresholds: tuple[float, float]
) -> None:
    """On land the defender's states are a line (one start state, one kind of hit,
    R-COMBAT-6): a step through a strided view (grid._on_line), from the fewest hits any row
    keeps (grid._first_kept), gives the general step's mass, to rounding."""
    negligible, cut = thresholds
    lines: list[int] = []
    step = grid._step

    def counted(*args: Any) -> Any:
        lines.append(args[6] is not None)
        return step(*args)

    def general(scaled: Any, h: Any, g: Any, to_a: Any, to_d: Any, nd: int, line: Any) -> Any:
        del line  # the general step, whatever the defender's states
        return step(scaled, h, g, to_a, to_d, nd)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid, "_step", counted)
        fast = evaluate(spec, partial(exact, negligible=negligible, cut=cut))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(grid, "_step", general)
        patch.setattr(grid, "_first_kept", lambda rows: 0)
        slow = evaluate(spec, partial(exact, negligible=negligible, cut=cut))
    assert any(lines)
    assert fast.neglected == pytest.approx(slow.neglected, abs=1e-13)
    for a, b in ((slow.attacker_wins, fast.attacker_wins), (slow.captured, fast.captured),
                 (slow.defender_wins, fast.defender_wins),
                 (slow.expected_rounds, fast.expected_rounds)):
        assert b == pytest.approx(a, abs=1e-12)


def test_the_step_starts_at_the_fewest_hits_any_row_keeps() -> None:
    """The cut leaves the low counts of a large force's fire out (R-COMBAT-5): the step's
    columns before the first count any row keeps are zeros, and are left out."""
    assert grid._first_kept(np.array([[0.0, 0.0, 0.3, 0.7], [0.0, 0.1, 0.9, 0.0]])) == 1
    assert grid._first_kept(np.zeros((2, 3))) == 0


@pytest.mark.parametrize("kind", [BattleKind.LAND, BattleKind.NAVAL])
def test_every_pairs_end_at_once_is_each_pairs_r_land_4_r_naval_4(kind: BattleKind) -> None:
    """The grid asks the outcome of every pair at once, the states as a column and a row:
    the same codes as pair by pair (wins, both destroyed, and at sea the stalemate of what
    cannot hit each other, R-NAVAL-4 E: a submarine against an aircraft, R-SUB-4)."""
    if kind is BattleKind.LAND:
        att, dfn = {U.INFANTRY: 3, U.FIGHTER: 1}, {U.INFANTRY: 2, U.ARMOR: 1}
    else:
        att, dfn = {U.SUBMARINE: 2, U.FIGHTER: 1}, {U.FIGHTER: 2, U.DESTROYER: 1}
    solver = _solver(BattleSpec(kind=kind, attacker=ForceSpec(units=att),
                                defender=ForceSpec(units=dfn)))
    na, nd = solver.att.n, solver.dfn.n
    every = solver._ends(np.arange(na)[:, None], np.arange(nd)[None, :], False)
    ii, jj = np.divmod(np.arange(na * nd), nd)
    assert every.shape == (na, nd)
    assert (every.ravel() == solver._ends(ii, jj, False)).all()
    codes = set(every.ravel().tolist())
    assert {-1, 0, 1, 2} <= codes
    assert (3 in codes) == (kind is BattleKind.NAVAL)
