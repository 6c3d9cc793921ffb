"""Exact odds against values computed by hand. Every fraction is derived in the
docstring: per round, P(only the attacker hits), P(only the defender hits), P(both), and the
stay probability that is divided out."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.model import BattleKind
from pacific.rules.units import UnitType as U


def land(att: dict[U, int], dfn: dict[U, int], **kw: object) -> BattleSpec:
    return BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), **kw)  # type: ignore[arg-type]


def naval(att: dict[U, int], dfn: dict[U, int], **kw: object) -> BattleSpec:
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), **kw)  # type: ignore[arg-type]


def close(x: float, y: F) -> bool:
    return x == pytest.approx(float(y), abs=1e-12)


def test_one_infantry_attacks_one_infantry_r_combat_5() -> None:
    """R-COMBAT-5/7: attacker hits on 1 (1/6), defender on 2 (1/3), simultaneously.
    A only 4/36, D only 10/36, both 2/36, stay 20/36 -> 1/4, 5/8, 1/8; rounds 36/16."""
    r = calculate(land({U.INFANTRY: 1}, {U.INFANTRY: 1}))
    assert close(r.attacker_wins, F(1, 4))
    assert close(r.defender_wins, F(5, 8))
    assert close(r.both_destroyed, F(1, 8))
    assert close(r.captured, F(1, 4))
    assert close(r.expected_rounds, F(9, 4))
    assert close(r.attacker_ipc_lost, 3 * F(6, 8))
    assert close(r.defender_ipc_lost, 3 * F(3, 8))


def test_fighter_cannot_hit_submarine_without_destroyer_r_sub_5_r_naval_4e() -> None:
    """R-SUB-5 + R-SUB-4: neither can hit the other: outcome E at once, nothing rolled."""
    r = calculate(naval({U.FIGHTER: 1}, {U.SUBMARINE: 1}))
    assert r.stalemate == 1.0
    assert r.expected_rounds == 0.0


def test_fighter_with_destroyer_hits_submarine_r_sub_5() -> None:
    """Fighter and destroyer each hit on 3: the sub dies with 3/4; the sub (2) can only hit the
    destroyer, 1/3. Sub dies: 3/4 (win); only the destroyer dies: 1/4*1/3 = 1/12 (then fighter
    vs sub: E); stay 1/4*2/3 = 1/6. -> win 9/10, stalemate 1/10, rounds 6/5."""
    r = calculate(naval({U.FIGHTER: 1, U.DESTROYER: 1}, {U.SUBMARINE: 1}))
    assert close(r.attacker_wins, F(9, 10))
    assert close(r.stalemate, F(1, 10))
    assert close(r.expected_rounds, F(6, 5))


def test_aa_gun_against_one_fighter_r_aa_2_oq3_13() -> None:
    """R-AA-2: one die, 1 destroys the fighter; then a defender with only an AA gun counts as
    wiped out (OQ3-13); aircraft never capture (R-COMBAT-9)."""
    r = calculate(land({U.FIGHTER: 1}, {U.AA_GUN: 1}))
    assert close(r.attacker_wins, F(5, 6))
    assert close(r.both_destroyed, F(1, 6))
    assert r.captured == 0.0
    assert close(r.attacker_ipc_lost, 12 * F(1, 6))


def test_battleship_needs_two_hits_r_bb_1() -> None:
    """1 destroyer (3) attacks 1 battleship (4). Fresh: D hits and BB misses 1/6 -> damaged,
    BB hits 1/2*2/3 + 1/2*2/3 = 2/3 -> defender wins, stay 1/6: to damaged 1/5, lost 4/5.
    Damaged: both hit 1/3, D only 1/6, BB only 1/3, stay 1/6 -> both 2/5, A 1/5, D 2/5.
    A = 1/25, both = 2/25, D = 22/25; a surviving damaged battleship is not lost."""
    r = calculate(naval({U.DESTROYER: 1}, {U.BATTLESHIP: 1}))
    assert close(r.attacker_wins, F(1, 25))
    assert close(r.both_destroyed, F(2, 25))
    assert close(r.defender_wins, F(22, 25))
    assert close(r.defender_ipc_lost, 24 * F(3, 25))


def test_first_strike_removes_at_once_r_sub_2() -> None:
    """1 sub attacks 1 transport (defends at 1): the sub's 1/3 sinks it before it fires;
    otherwise the transport fires, 1/6. A 1/3, D 2/3*1/6 = 1/9, stay 5/9 -> 3/4, 1/4."""
    r = calculate(naval({U.SUBMARINE: 1}, {U.TRANSPORT: 1}))
    assert close(r.attacker_wins, F(3, 4))
    assert close(r.defender_wins, F(1, 4))
    assert r.both_destroyed == 0.0


def test_destroyer_cancels_first_strike_r_sub_3() -> None:
    """1 sub attacks 1 destroyer: simultaneous fire, 1/3 and 1/2.
    A only 1/6, D only 1/3, both 1/6, stay 1/3 -> 1/4, 1/2, 1/4."""
    r = calculate(naval({U.SUBMARINE: 1}, {U.DESTROYER: 1}))
    assert close(r.attacker_wins, F(1, 4))
    assert close(r.defender_wins, F(1, 2))
    assert close(r.both_destroyed, F(1, 4))


def test_first_strike_on_damaged_battleship_sinks_it_unanswered_r_bb_4() -> None:
    """1 sub vs 1 damaged battleship: a hit (1/3) sinks it without return fire; else the
    battleship hits on 4: D 2/3*2/3 = 4/9, stay 2/9 -> A 3/7, D 4/7, never both."""
    spec = BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.SUBMARINE: 1}),
                      defender=ForceSpec(units={U.BATTLESHIP: 1}, damaged_battleships=1))
    r = calculate(spec)
    assert close(r.attacker_wins, F(3, 7))
    assert close(r.defender_wins, F(4, 7))
    assert r.both_destroyed == 0.0


def test_first_strike_on_fresh_battleship_only_damages_it_r_bb_4() -> None:
    """1 sub vs 1 fresh battleship: a first-strike hit only damages it and it fires back
    that round, so the sub can never win in round 1; both can be destroyed later."""
    r = calculate(naval({U.SUBMARINE: 1}, {U.BATTLESHIP: 1}))
    assert r.both_destroyed == 0.0
    # Sub wins only via: hit (BB damaged), BB misses (1/3*1/3 = 1/9), then from damaged 3/7.
    # From fresh: miss & BB hits 4/9 (lost); hit & BB hits 2/9 (lost); hit & miss 1/9; stay 2/9.
    to_damaged = F(1, 9) / (1 - F(2, 9))
    assert close(r.attacker_wins, to_damaged * F(3, 7))


def test_first_turn_defends_at_one_r_firstturn_1() -> None:
    """R-FIRSTTURN-1: a fighter defending at 1 against 1 infantry: 1/6 each side.
    A only 5/36, D only 5/36, both 1/36 -> 5/11, 5/11, 1/11."""
    r = calculate(land({U.INFANTRY: 1}, {U.FIGHTER: 1}, first_turn=True))
    assert close(r.attacker_wins, F(5, 11))
    assert close(r.defender_wins, F(5, 11))
    assert close(r.both_destroyed, F(1, 11))


def test_marine_attacks_at_two_in_an_assault_r_marine_2() -> None:
    """A landed Marine attacks at 2 against 1 infantry (2): A only 2/9, D only 2/9, both 1/9,
    stay 4/9 -> 2/5, 2/5, 1/5."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, landing={U.MARINE: 1},
                      defender=ForceSpec(units={U.INFANTRY: 1}))
    r = calculate(spec)
    assert close(r.attacker_wins, F(2, 5))
    assert close(r.both_destroyed, F(1, 5))


def test_cover_fire_casualty_fires_back_r_amph_6() -> None:
    """Battleship cover fire (4) on 1 infantry; 1 infantry lands. Hit 2/3: the set-aside
    defender still fires in round 1 (1/3): both destroyed 2/9, attacker wins 4/9. Miss 1/3:
    1 inf vs 1 inf (1/4, 5/8, 1/8). A = 19/36, both = 19/72, D = 15/72."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, landing={U.INFANTRY: 1},
                      bombard={U.BATTLESHIP: 1}, defender=ForceSpec(units={U.INFANTRY: 1}))
    r = calculate(spec)
    assert close(r.attacker_wins, F(19, 36))
    assert close(r.both_destroyed, F(19, 72))
    assert close(r.defender_wins, F(15, 72))


def test_kamikaze_before_round_one_r_kami_6_r_kami_8() -> None:
    """A kamikaze (2) at the attacking destroyer, which attacks 1 transport. Hit 1/3: the
    destroyer still fires in round 1 (1/2): D 1/6, both 1/6. Miss 2/3: destroyer (3) vs
    transport (1): A 5/7, D 1/7, both 1/7. A = 10/21, D = both = 11/42."""
    r = calculate(naval({U.DESTROYER: 1}, {U.TRANSPORT: 1}, kamikazes=[U.DESTROYER]))
    assert close(r.attacker_wins, F(10, 21))
    assert close(r.defender_wins, F(11, 42))
    assert close(r.both_destroyed, F(11, 42))


def test_retreat_after_one_round_r_land_2() -> None:
    """1 inf vs 1 inf, retreat after round 1: the 20/36 with no hit retreat."""
    r = calculate(land({U.INFANTRY: 1}, {U.INFANTRY: 1}, retreat_after=1))
    assert close(r.retreat, F(5, 9))
    assert close(r.attacker_wins, F(1, 9))
    assert close(r.defender_holds, F(5, 18) + F(5, 9))
    assert close(r.expected_rounds, F(1))


def test_transport_cargo_sinks_with_it_r_naval_2() -> None:
    """A defending transport carrying 2 infantry: its loss costs 8 + 6 IPC. Destroyer (3) vs
    transport (1): transport sunk with probability 1/2*(5/6+1/6) / (1 - 5/12) = 6/7."""
    spec = BattleSpec(
        kind=BattleKind.NAVAL,
        attacker=ForceSpec(units={U.DESTROYER: 1}),
        defender=ForceSpec(units={U.TRANSPORT: 1}, transport_loads=[{U.INFANTRY: 2}]),
    )
    r = calculate(spec)
    assert close(r.defender_ipc_lost, 14 * F(6, 7))


def test_transports_never_attack_r_naval_2() -> None:
    """An attacking transport alone cannot hit: it is sunk by a defending transport (1/6 a
    round) for sure, and never wins."""
    r = calculate(naval({U.TRANSPORT: 1}, {U.TRANSPORT: 1}))
    assert close(r.defender_wins, F(1))


def test_the_survivors_are_checked_in_one_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A large battle ends in hundreds of states: the answer's survivors are checked by the
    result's one validation, not one model built per state (each took a few µs, a few ms a
    query), and say the same: the outcome, both sides' units left (R-COMBAT-9) and P."""
    from pacific.odds.model import Outcome, Survivors

    def built_one_by_one(self: Survivors, **data: object) -> None:
        raise AssertionError("a Survivors model built per end state")

    monkeypatch.setattr(Survivors, "__init__", built_one_by_one)
    r = calculate(land({U.INFANTRY: 1}, {U.INFANTRY: 1}))
    assert [(s.outcome, s.attacker, s.defender) for s in r.survivors] == [
        (Outcome.DEFENDER_WINS, {}, {U.INFANTRY: 1}),
        (Outcome.ATTACKER_WINS, {U.INFANTRY: 1}, {}),
        (Outcome.BOTH_DESTROYED, {}, {}),
    ]
    assert close(r.survivors[0].probability, F(5, 8))
    assert all(isinstance(s, Survivors) for s in r.survivors)
