"""A chain's set-up (pacific/odds/side.py, casualties.py, fire.py): the sides' states decoded
from their codes, casualty tables only as wide as a kind of hit can score, and fire rows
worked out in one call for several tables, and the answer's tally (R-COMBAT-5/6, R-BB-1,
R-SUB-4/5)."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
import pytest

from pacific.odds import BattleSpec, ForceSpec, calculate, side
from pacific.odds.calculate import _battle, _start, exact
from pacific.odds.casualties import Layout, StateList
from pacific.odds.fire import hit_table_fourier
from pacific.odds.model import BattleKind
from pacific.odds.side import Both, Fire, LazyFire
from pacific.odds.solver import Solver
from pacific.odds.values import POOLS, FireContext, Pool
from pacific.rules.units import UnitType as U


def _solver(spec: BattleSpec) -> Solver:
    battle = _battle(spec, spec.kind, spec.attacker, spec.defender, {})
    dist = _start(battle, dict(spec.attacker.units), 0, spec.defender)
    (a, d, a_aside, d_aside), p = next(iter(dist.items()))
    return Solver(battle, {(a, d, False, 0, a_aside, d_aside): p})


def _fleet() -> BattleSpec:
    """Submarines (R-SUB-4: their hits skip aircraft), aircraft (R-SUB-5), two-hit
    battleships (R-BB-1) on both sides."""
    att = {U.SUBMARINE: 6, U.DESTROYER: 1, U.BATTLESHIP: 2, U.FIGHTER: 3}
    dfn = {U.SUBMARINE: 2, U.DESTROYER: 1, U.BATTLESHIP: 1, U.CARRIER: 1, U.FIGHTER: 4}
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn))


def test_a_kinds_casualty_table_is_as_wide_as_its_most_dice_r_sub_4() -> None:
    """The submarines' kind of hit (R-SUB-4) scores at most one hit a submarine: its table
    keeps that many columns, not the battle's widest fire's; each column as the full one."""
    solver = _solver(_fleet())
    both = Both(solver.att, solver.dfn, False, 1e-5)
    for pool in POOLS:
        most = max(
            int(t.dice[:, pool, 1:].sum(axis=1).max())
            for t in (*solver.att.fire(False), *solver.dfn.fire(False))
        )
        table = both._table(pool)
        assert table.shape[1] == min(1 + most, both.fire.width)
        full = np.concatenate([
            solver.att.next_table_or_none(pool, False, solver.att.width),
            solver.dfn.next_table_or_none(pool, False, solver.dfn.width) + solver.att.n,
        ])
        assert np.array_equal(table, full[:, : table.shape[1]])
    assert both._table(int(Pool.SHIPS)).shape[1] == 7  # six submarines
    assert both._table(int(Pool.ANY)).shape[1] > 7


def test_a_sides_states_are_decoded_from_their_codes_r_combat_6() -> None:
    """Layout.reach gives the states as a StateList: counts by number, the array of all of
    them, and the number of a state by its counts; counts it never reached are refused."""
    layout = Layout.build([U.INFANTRY, U.ARMOR, U.FIGHTER], FireContext(BattleKind.LAND, True))
    reached = layout.reach([(2, 1, 1)], [(int(Pool.ANY), False)])
    assert reached is not None
    states, steps = reached
    assert isinstance(states, StateList)
    assert list(states) == [(2, 1, 1), (1, 1, 1), (0, 1, 1), (0, 0, 1), (0, 0, 0)]
    assert states[1] == (1, 1, 1) and states[1:3] == [(1, 1, 1), (0, 1, 1)]
    assert np.array_equal(states.array, np.array(list(states)))
    assert [states.index(s) for s in states] == list(range(len(states)))
    assert steps[0].tolist() == [1, 2, 3, 4, 4]
    with pytest.raises(ValueError, match="not a state"):
        states.index((1, 0, 1))


def test_codes_past_64_bits_are_decoded_exactly() -> None:
    """Counts whose codes pass 2^62 (many categories, many units) are decoded with Python's
    integers, not numpy's 64-bit ones."""
    types = [U.INFANTRY, U.ARTILLERY, U.ARMOR, U.MARINE, U.BOMBER]
    layout = Layout.build(types, FireContext(BattleKind.LAND, True))
    seed = (100_000,) * (len(layout.categories) - 1) + (1,)
    air = int(Pool.AIR)  # AA hits (R-AA-2): only the one aircraft category last in the order
    assert layout.categories[-1][0] is U.BOMBER
    reached = layout.reach([seed], [(air, False)])
    assert reached is not None
    states, _ = reached
    assert list(states) == [seed, (*seed[:-1], 0)]
    assert states.index((*seed[:-1], 0)) == 1


def test_fire_rows_of_several_tables_are_worked_out_in_one_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Fire.rows over tables of rows worked out from dice (LazyFire, the Fourier rows of the
    pruned chain): one transform for rows of every table, each row as its own table's."""
    rng = np.random.default_rng(3)
    parts = []
    for rows in (5, 7):
        dice = np.zeros((rows, len(POOLS), 7), dtype=np.intp)
        dice[:, int(Pool.ANY), 1:] = rng.integers(0, 12, (rows, 6))
        dice[:, int(Pool.SHIPS), 2] = rng.integers(0, 4, rows)
        parts.append(LazyFire(dice, fourier=True))
    fire = Fire(list(parts))
    calls: list[int] = []

    def counted(dice: Any) -> Any:
        calls.append(len(dice))
        return hit_table_fourier(dice)

    monkeypatch.setattr(side, "hit_table_fourier", counted)
    index = np.array([6, 0, 11, 3, 5])
    got = fire.rows(index)
    assert calls == [len(index)]
    for r, i in enumerate(index.tolist()):
        k = int(i >= 5)
        want = hit_table_fourier(parts[k].dice[[i - 5 * k]])[0]
        assert np.abs(got[r, :, : want.shape[1]] - want).max() < 1e-14
        assert not got[r, :, want.shape[1] :].any()


def test_the_tally_works_out_each_end_states_units_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer's tally (losses, survivors by type) reads each end state's units once per
    side: its key among the survivors comes from the same reading (R-COMBAT-9's capture
    too)."""
    read: list[tuple[int, tuple[int, ...]]] = []
    solved = [False]
    types = Layout.types

    def counted(self: Layout, counts: tuple[int, ...], **options: Any) -> Any:
        if solved[0]:
            read.append((id(self), counts))
        return types(self, counts, **options)

    def engine(*args: Any, **kwargs: Any) -> Any:
        out = exact(*args, **kwargs)
        solved[0] = True
        return out

    monkeypatch.setattr(Layout, "types", counted)
    # (The package's `calculate` is the function: the module by its name.)
    monkeypatch.setattr(importlib.import_module("pacific.odds.calculate"), "exact", engine)
    spec = BattleSpec(kind=BattleKind.LAND,
                      attacker=ForceSpec(units={U.INFANTRY: 4, U.ARMOR: 2, U.FIGHTER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 4, U.AA_GUN: 1}))
    result = calculate(spec)
    assert read and len(read) == len(set(read))
    assert result.captured > 0
