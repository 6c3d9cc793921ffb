"""The kinds of hit a fleet's chain follows (pacific/odds/side.py, solver.py).

- Aircraft without a friendly destroyer roll hits that skip submarines (R-SUB-5). On an enemy
  fleet without any submarine those hits fall as any other hit does, so the solver rolls them
  with the others: one kind of hit fewer on that side (no casualty table, no step of the
  search, one factor fewer in each pair's hit combinations), the same answer as the rounds
  played one by one (chain.Battle, hit_distribution, Layout.allocate).
- A side without submarines has one fire table (no first strike changes its dice, R-SUB-2);
  round 1 of units set aside (R-KAMI-8) builds the casualty tables as wide as the rounds
  need them, not as wide as the side's health; a fleet's states are found with each set of
  categories' steps worked out once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import pytest

from pacific.odds import BattleSpec, ForceSpec, casualties
from pacific.odds.calculate import _battle, _kamikazes, _start
from pacific.odds.casualties import Counts
from pacific.odds.chain import Battle, hit_distribution
from pacific.odds.model import BattleKind, KamikazeTarget, Outcome
from pacific.odds.solver import Solver
from pacific.odds.values import Pool
from pacific.rules.units import UnitType as U


def _played(battle: Battle, att: Counts, dfn: Counts) -> dict[Outcome, float]:
    """The outcomes from (att, dfn), every round's dice enumerated (no submarine on either
    side's attacker: no first strike), a round that changes nothing folded in."""

    @cache
    def outcomes(a: Counts, d: Counts) -> tuple[tuple[Outcome, float], ...]:
        end = battle.end(a, d, False)
        if end is not None:
            return ((end, 1.0),)
        zeros = (0,) * len(a), (0,) * len(d)
        stay, out = 0.0, dict.fromkeys(Outcome, 0.0)
        for a_hits, p in hit_distribution(battle._groups(True, a, zeros[0], False, False)):
            d2 = battle.defender.allocate(d, a_hits)
            for d_hits, q in hit_distribution(battle._groups(False, d, zeros[1], False, False)):
                a2 = battle.attacker.allocate(a, d_hits)
                if (a2, d2) == (a, d):
                    stay += p * q
                    continue
                for outcome, r in outcomes(a2, d2):
                    out[outcome] += p * q * r
        return tuple((o, v / (1.0 - stay)) for o, v in out.items())

    return dict(outcomes(att, dfn))


@pytest.mark.parametrize("attacker", [
    {U.DESTROYER: 1, U.BATTLESHIP: 1, U.FIGHTER: 2},
    {U.BATTLESHIP: 2, U.CARRIER: 1, U.FIGHTER: 1},
])
def test_aircraft_hits_on_a_fleet_without_submarines_are_any_hits_r_sub_5(
    attacker: dict[U, int],
) -> None:
    """The defender's aircraft, without a destroyer, roll hits that skip submarines (R-SUB-5);
    the attacker has none: the solver rolls them with the others (its side takes
    submarines' hits and the others', no third kind) and the answer is the rounds'."""
    spec = BattleSpec(
        kind=BattleKind.NAVAL, attacker=ForceSpec(units=attacker),
        defender=ForceSpec(units={U.CARRIER: 1, U.FIGHTER: 2, U.SUBMARINE: 1}),
    )
    battle = _battle(spec, BattleKind.NAVAL, spec.attacker, spec.defender, {})
    (a, d, aa, dd), p = next(iter(_start(battle, dict(attacker), 0, spec.defender).items()))
    solver = Solver(battle, {(a, d, False, 0, aa, dd): p})
    assert solver.att.pools == (int(Pool.SHIPS), int(Pool.ANY))
    assert not solver.dfn.dice(False, False)[:, Pool.NON_SUB].any()
    terminals, _ = solver.solve()
    got = dict.fromkeys(Outcome, 0.0)
    for (outcome, *_), mass in terminals.items():
        got[outcome] += mass
    want = _played(battle, a, d)
    for outcome in Outcome:
        # Short by at most what the chain left out (pairs below 1e-12 each).
        assert -1e-13 <= want[outcome] - got[outcome] <= solver.neglected + 1e-13, outcome


def test_aircraft_hits_on_a_fleet_with_submarines_stay_their_own_kind_r_sub_5() -> None:
    """With a submarine to skip, the same hits stay a kind of their own (R-SUB-5)."""
    spec = BattleSpec(
        kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.SUBMARINE: 1, U.BATTLESHIP: 1}),
        defender=ForceSpec(units={U.CARRIER: 1, U.FIGHTER: 2}),
    )
    battle = _battle(spec, BattleKind.NAVAL, spec.attacker, spec.defender, {})
    (a, d, aa, dd), p = next(iter(_start(battle, dict(spec.attacker.units), 0,
                                         spec.defender).items()))
    solver = Solver(battle, {(a, d, False, 0, aa, dd): p})
    assert int(Pool.NON_SUB) in solver.att.pools
    assert solver.dfn.dice(False, False)[:, Pool.NON_SUB].any()


def _kamikaze_solver(n: int) -> Solver:
    """The pruned chain of six kamikazes (R-KAMI-6/8) on a fleet of `n` a side without
    submarines, against submarines, destroyers, battleships, carriers and fighters."""
    spec = BattleSpec(
        kind=BattleKind.NAVAL,
        attacker=ForceSpec(units={U.BATTLESHIP: 2, U.CARRIER: 2, U.DESTROYER: 2, U.FIGHTER: n}),
        defender=ForceSpec(units={U.SUBMARINE: 2, U.DESTROYER: 1, U.BATTLESHIP: 1,
                                  U.CARRIER: 1, U.FIGHTER: n}),
        kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, kamikazes=3), U.CARRIER, U.DESTROYER],
        kamikaze_side="attacker",
    )
    battle = _battle(spec, BattleKind.NAVAL, spec.attacker, spec.defender, {})
    dist = _kamikazes(spec, battle.attacker, _start(battle, dict(spec.attacker.units), 0,
                                                   spec.defender), on_defender=False)
    start = {(a, d, False, 0, aa, dd): p for (a, d, aa, dd), p in dist.items()}
    return Solver(battle, start, negligible=1e-9, cut=1e-9)


def test_round_one_of_units_set_aside_builds_the_rounds_casualty_tables_r_kami_8() -> None:
    """Round 1, where the ships the kamikazes sank still fire (R-KAMI-8), asks for the
    attacker's casualty tables first: they are built as wide as the rounds need them
    (Both.width: submarines' hits, R-SUB-4, at most the defender's two), not as wide as the
    side's health."""
    solver = _kamikaze_solver(4)
    solver.solve()
    both = solver._both[False]
    for pool in solver.att.pools:
        assert solver.att._next[(pool, False)].shape[1] == both.width(pool)
    assert both.width(int(Pool.SHIPS)) == 3 < solver.att.width


def test_a_side_without_submarines_keeps_one_fire_table_r_sub_2() -> None:
    """No submarine of the side strikes first (R-SUB-2): its fire after a first strike is
    its normal fire, one table (worked out once), whose most hits per kind of hit are its
    dice's."""
    solver = _kamikaze_solver(2)
    normal, struck = solver.att.fire(False)
    assert normal is struck
    dice = solver.dfn.dice(False, False)
    assert (solver.dfn.fire(False)[0].most == dice[:, :, 1:].sum(axis=2).max(axis=0)).all()


def test_round_one_of_units_set_aside_leaves_out_what_the_cut_does_r_kami_8() -> None:
    """Round 1 with the ships the kamikazes sank (R-KAMI-8) leaves out the hit counts less
    likely than the pruned chain's cut, as its other rounds do, and counts them in the
    stated bound: fewer pairs to store, every probability still short by at most it."""
    solvers = [_kamikaze_solver(6), _kamikaze_solver(6)]
    solvers[0].cut, solvers[1].cut = 0.0, 1e-3
    blocks = []
    for solver in solvers:
        nodes = [(solver.att.states.index(n[0]), solver.dfn.states.index(n[1]), p, n[4], n[5])
                 for n, p in solver.start.items()]
        ii, jj = (np.array([x[k] for x in nodes], dtype=np.intp) for k in (0, 1))
        mass = np.array([x[2] for x in nodes])
        *_, out, _ = solver._expand(ii, jj, mass, False, loops=False, asides=nodes)
        blocks.append(out)
    whole, cut = blocks
    assert whole.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.count_nonzero(cut) < np.count_nonzero(whole)
    assert solvers[1].neglected == pytest.approx(1.0 - cut.sum(), abs=1e-12)
    assert solvers[1].neglected > 0.0


def test_a_fleets_steps_are_worked_out_once_per_set_of_categories_r_combat_6(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a land unit to keep (R-COMBAT-9: at sea), one hit's step from a state depends
    on its code only through which categories hold units: Layout.reach works each such set's
    steps out once (and they are `one_hit`'s, tests/test_odds_budget.py), not once a state."""
    calls: list[int] = []
    original = casualties._plan

    def plan(mask: int, *args: Any) -> Any:
        calls.append(mask)
        return original(mask, *args)

    monkeypatch.setattr(casualties, "_plan", plan)
    solver = _kamikaze_solver(6)
    kinds = len(solver.att.pools), len(solver.dfn.pools)
    masks = [
        {sum(1 << c for c, n in enumerate(row) if n) for row in side.array.tolist()}
        for side in (solver.att, solver.dfn)
    ]
    assert len(calls) == len(masks[0]) * kinds[0] + len(masks[1]) * kinds[1]
    assert len(calls) < solver.att.n + solver.dfn.n
