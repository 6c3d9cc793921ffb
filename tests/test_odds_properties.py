"""Property tests of the exact odds (hypothesis): probabilities sum to 1, symmetric battles are
symmetric, and small land battles match an independent brute-force recursion written here with
exact fractions from the printed unit values (R-COMBAT-5/7, R-ART-2, R-LAND-4)."""

from __future__ import annotations

from fractions import Fraction as F
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.model import BattleKind
from pacific.rules.units import UnitType as U

# Printed values (EX-3), cost, for the reference below: deliberately not read from the code.
ATTACK = {"inf": 1, "art": 2, "arm": 3, "ftr": 3}
DEFENSE = {"inf": 2, "art": 2, "arm": 2, "ftr": 4}
COST = {"inf": 3, "art": 4, "arm": 5, "ftr": 12}
TYPES = {"inf": U.INFANTRY, "art": U.ARTILLERY, "arm": U.ARMOR, "ftr": U.FIGHTER}


def _hits(values: list[int]) -> list[F]:
    dist = [F(1)]
    for v in values:
        p = F(v, 6)
        new = [F(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            new[k] += q * (1 - p)
            new[k + 1] += q * p
        dist = new
    return dist


def _attack_values(units: tuple[str, ...]) -> list[int]:
    support = units.count("art")
    out = []
    for u in units:
        if u == "inf" and support:
            support -= 1
            out.append(2)
        else:
            out.append(ATTACK[u])
    return out


def _lose(units: tuple[str, ...], n: int, keep_land: bool) -> tuple[str, ...]:
    order = sorted(units, key=lambda u: COST[u])
    if keep_land:
        land = [u for u in order if u != "ftr"]
        if land:
            keeper = land[-1]
            order.remove(keeper)
            order.append(keeper)
    return tuple(sorted(order[n:]))


@cache
def reference(att: tuple[str, ...], dfn: tuple[str, ...]) -> tuple[F, F, F]:
    """(attacker wins, defender wins, both destroyed) by brute force."""
    if not dfn:
        return (F(1), F(0), F(0)) if att else (F(0), F(0), F(1))
    if not att:
        return F(0), F(1), F(0)
    a_hits = _hits(_attack_values(att))
    d_hits = _hits([DEFENSE[u] for u in dfn])
    stay = a_hits[0] * d_hits[0]
    total = [F(0)] * 3
    for i, p in enumerate(a_hits):
        for j, q in enumerate(d_hits):
            if i == 0 and j == 0:
                continue
            sub = reference(_lose(att, j, True), _lose(dfn, i, False))
            for k in range(3):
                total[k] += p * q * sub[k]
    return total[0] / (1 - stay), total[1] / (1 - stay), total[2] / (1 - stay)


force = st.lists(st.sampled_from(sorted(ATTACK)), min_size=1, max_size=4)


def _spec(att: list[str], dfn: list[str]) -> BattleSpec:
    def units(xs: list[str]) -> dict[U, int]:
        out: dict[U, int] = {}
        for x in xs:
            out[TYPES[x]] = out.get(TYPES[x], 0) + 1
        return out

    return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=units(att)),
                      defender=ForceSpec(units=units(dfn)))


@settings(max_examples=40, deadline=None)
@given(att=force, dfn=force)
def test_small_land_battles_match_brute_force(att: list[str], dfn: list[str]) -> None:
    r = calculate(_spec(att, dfn))
    want = reference(tuple(sorted(att)), tuple(sorted(dfn)))
    assert r.attacker_wins == pytest.approx(float(want[0]), abs=1e-12)
    assert r.defender_wins == pytest.approx(float(want[1]), abs=1e-12)
    assert r.both_destroyed == pytest.approx(float(want[2]), abs=1e-12)


naval_type = st.sampled_from([U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER, U.FIGHTER,
                              U.TRANSPORT, U.BOMBER])
naval_force = st.dictionaries(naval_type, st.integers(1, 3), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None)
@given(att=naval_force, dfn=naval_force, retreat=st.none() | st.integers(1, 3))
def test_naval_probabilities_sum_to_one(att: dict[U, int], dfn: dict[U, int],
                                        retreat: int | None) -> None:
    r = calculate(BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                             defender=ForceSpec(units=dfn), retreat_after=retreat))
    total = r.attacker_wins + r.defender_wins + r.both_destroyed + r.retreat + r.stalemate
    assert total == pytest.approx(1.0, abs=1e-9)
    assert sum(s.probability for s in r.survivors) == pytest.approx(1.0, abs=1e-9)
    assert r.captured == 0.0
    assert 0.0 <= r.attacker_ipc_lost <= sum(n * 24 for n in att.values()) + 1e-9


@settings(max_examples=25, deadline=None)
@given(n=st.integers(1, 8))
def test_mirror_battle_is_symmetric(n: int) -> None:
    """Japan's first turn: n infantry attack (1) n infantry defending at 1 (R-FIRSTTURN-1):
    a mirror image, so either side wins equally often."""
    r = calculate(BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.INFANTRY: n}),
                             defender=ForceSpec(units={U.INFANTRY: n}), first_turn=True))
    assert r.attacker_wins == pytest.approx(r.defender_wins, abs=1e-12)
    assert r.attacker_ipc_lost == pytest.approx(r.defender_ipc_lost, abs=1e-9)


@settings(max_examples=25, deadline=None)
@given(att=force, dfn=force, k=st.integers(0, 3))
def test_land_outcomes_consistent(att: list[str], dfn: list[str], k: int) -> None:
    r = calculate(_spec(att, dfn).model_copy(update={"retreat_below": k}))
    total = r.attacker_wins + r.defender_wins + r.both_destroyed + r.retreat + r.stalemate
    assert total == pytest.approx(1.0, abs=1e-9)
    assert r.captured <= r.attacker_wins + 1e-12
    assert r.defender_holds == pytest.approx(r.defender_wins + r.retreat)
