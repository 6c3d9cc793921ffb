"""Odds rules one by one: dice values, order of loss, who can hit whom, retreats, assaults,
bombing raids. Each test names the rule id it checks."""

from __future__ import annotations

import numpy as np
import pytest

from pacific.odds import BattleSpec, ForceSpec, SbrSpec, bombing, calculate
from pacific.odds.casualties import Layout
from pacific.odds.model import BattleKind, Outcome
from pacific.odds.values import FireContext, Pool, dice_groups
from pacific.rules.units import UnitType as U

LAND_ATTACK = FireContext(BattleKind.LAND, attacking=True)
ASSAULT = FireContext(BattleKind.LAND, attacking=True, marine_bonus=True)
NAVAL_DEFENSE = FireContext(BattleKind.NAVAL, attacking=False)


def test_artillery_pairs_one_to_one_r_art_2() -> None:
    """EX-18a: 2 artillery + 6 infantry: artillery at 2, two infantry at 2, four at 1."""
    groups = dice_groups({U.ARTILLERY: 2, U.INFANTRY: 6}, LAND_ATTACK, has_destroyer=False)
    assert groups == [(Pool.ANY, 1, 4), (Pool.ANY, 2, 4)]


def test_artillery_gives_no_defense_bonus_r_art_3() -> None:
    """R-ART-3: defending infantry beside artillery still defends at 2."""
    ctx = FireContext(BattleKind.LAND, attacking=False)
    groups = dice_groups({U.ARTILLERY: 1, U.INFANTRY: 1}, ctx, has_destroyer=False)
    assert groups == [(Pool.ANY, 2, 2)]


def test_artillery_lifts_marine_to_three_in_assault_r_art_4_r_marine_3() -> None:
    groups = dice_groups({U.ARTILLERY: 1, U.MARINE: 2}, ASSAULT, has_destroyer=False)
    assert groups == [(Pool.ANY, 2, 2), (Pool.ANY, 3, 1)]


def test_marine_attacks_at_one_outside_assault_r_marine_1() -> None:
    groups = dice_groups({U.MARINE: 1}, LAND_ATTACK, has_destroyer=False)
    assert groups == [(Pool.ANY, 1, 1)]


def test_no_marine_bonus_when_nothing_lands_oq3_16() -> None:
    """A Marine from an adjacent territory attacks at 2 only if a unit lands from the sea."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, attacker=ForceSpec(units={U.MARINE: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 1}))
    landed = spec.model_copy(update={"landing": {U.INFANTRY: 1}})
    assert calculate(spec).attacker_wins == pytest.approx(0.25)  # 1 vs 1 at 1 and 2
    assert calculate(landed).attacker_wins > 0.25


def test_submarine_hits_never_fall_on_aircraft_r_sub_4() -> None:
    layout = Layout.build([U.FIGHTER, U.CARRIER], NAVAL_DEFENSE)
    counts = layout.counts({U.FIGHTER: 2, U.CARRIER: 1})
    after = layout.allocate(counts, [0, 3, 0, 0])  # three submarine hits
    assert layout.types(after) == {U.FIGHTER: 2}


def test_aircraft_hits_skip_submarines_without_destroyer_r_sub_5() -> None:
    ctx = FireContext(BattleKind.NAVAL, attacking=True)
    assert dice_groups({U.FIGHTER: 2}, ctx, has_destroyer=False) == [(Pool.NON_SUB, 3, 2)]
    assert dice_groups({U.FIGHTER: 2}, ctx, has_destroyer=True) == [(Pool.ANY, 3, 2)]
    layout = Layout.build([U.SUBMARINE, U.TRANSPORT], NAVAL_DEFENSE)
    after = layout.allocate(layout.counts({U.SUBMARINE: 1, U.TRANSPORT: 1}), [0, 0, 2, 0])
    assert layout.types(after) == {U.SUBMARINE: 1}


def test_undamaged_battleship_takes_the_free_hit_first_r_bb_2() -> None:
    layout = Layout.build([U.INFANTRY, U.BATTLESHIP], NAVAL_DEFENSE)
    counts = layout.counts({U.BATTLESHIP: 1, U.TRANSPORT: 0, U.INFANTRY: 0})
    assert layout.categories[0] == (U.BATTLESHIP, False)
    once = layout.allocate(counts, [0, 0, 0, 1])
    assert layout.types(once) == {U.BATTLESHIP: 1}
    assert layout.health(once) == 1
    assert layout.types(layout.allocate(once, [0, 0, 0, 1])) == {}


def test_default_order_is_cheapest_first_and_keeps_a_land_unit_r_combat_9() -> None:
    layout = Layout.build([U.FIGHTER, U.ARMOR, U.INFANTRY], LAND_ATTACK, keep_land=True)
    counts = layout.counts({U.INFANTRY: 2, U.ARMOR: 1, U.FIGHTER: 1})
    after = layout.allocate(counts, [0, 0, 0, 3])  # 2 inf, then the fighter, not the armor
    assert layout.types(after) == {U.ARMOR: 1}
    assert layout.types(layout.allocate(after, [0, 0, 0, 1])) == {}


def test_user_order_of_loss_r_combat_6() -> None:
    layout = Layout.build([U.FIGHTER, U.INFANTRY], LAND_ATTACK, [U.FIGHTER, U.INFANTRY])
    after = layout.allocate(layout.counts({U.INFANTRY: 1, U.FIGHTER: 1}), [0, 0, 0, 1])
    assert layout.types(after) == {U.INFANTRY: 1}


def test_aircraft_alone_never_capture_r_combat_9() -> None:
    r = calculate(BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.BOMBER: 2}),
                             defender=ForceSpec(units={U.INFANTRY: 1})))
    assert r.attacker_wins > 0.5
    assert r.captured == 0.0


def test_retreat_when_attacker_has_k_units_or_fewer_r_land_2() -> None:
    r = calculate(BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.INFANTRY: 3}),
                             defender=ForceSpec(units={U.INFANTRY: 3}), retreat_below=1))
    assert r.retreat > 0
    for s in r.survivors:
        if s.outcome is Outcome.RETREAT:
            assert sum(s.attacker.values()) <= 1
            assert s.defender


def test_only_aircraft_retreat_from_an_assault_r_amph_3() -> None:
    """With retreat after round 1 the fighter leaves but the landed infantry fights on: no
    RETREAT outcome, and the fighter survives in every outcome where it was not shot."""
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, landing={U.INFANTRY: 2},
                      attacker=ForceSpec(units={U.FIGHTER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 3}), retreat_after=1)
    r = calculate(spec)
    assert r.retreat == 0.0
    assert r.attacker_wins + r.defender_wins + r.both_destroyed == pytest.approx(1.0)
    no_retreat = calculate(spec.model_copy(update={"retreat_after": None}))
    assert r.attacker_ipc_lost < no_retreat.attacker_ipc_lost


def test_naval_battle_before_landing_r_amph_6_step_1() -> None:
    """Enemy ships in the landing zone: nothing lands unless the naval battle is won, and only
    the cargo of surviving transports lands; no cover fire."""
    sea = ForceSpec(units={U.DESTROYER: 1, U.TRANSPORT: 1}, transport_loads=[{U.INFANTRY: 2}])
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, sea_attacker=sea,
                      sea_defender=ForceSpec(units={U.DESTROYER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 1}), bombard={U.BATTLESHIP: 1})
    naval = calculate(BattleSpec(kind=BattleKind.NAVAL, attacker=sea,
                                 defender=ForceSpec(units={U.DESTROYER: 1})))
    r = calculate(spec)
    assert r.captured < naval.attacker_wins
    total = r.attacker_wins + r.defender_holds + r.both_destroyed + r.stalemate
    assert total == pytest.approx(1.0)
    assert r.attacker_ipc_lost > naval.attacker_ipc_lost


def test_kamikaze_limits_r_kami_1_r_kami_5() -> None:
    with pytest.raises(ValueError, match="R-KAMI-5"):
        BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.SUBMARINE: 1}),
                   kamikazes=[U.SUBMARINE])
    with pytest.raises(ValueError, match="R-KAMI-1"):
        BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.TRANSPORT: 7}),
                   kamikazes=[U.TRANSPORT] * 7)


def test_sbr_one_bomber_r_sbr_4() -> None:
    r = bombing(SbrSpec(bombers=1, aa_gun=False))
    assert r.ipc_lost == {k: pytest.approx(1 / 6) for k in range(1, 7)}
    assert r.expected_ipc_lost == pytest.approx(3.5)


def test_sbr_aa_fire_r_sbr_4_step_1() -> None:
    r = bombing(SbrSpec(bombers=1))
    assert r.ipc_lost[0] == pytest.approx(1 / 6)
    assert r.expected_bombers_lost == pytest.approx(1 / 6)


def test_sbr_interceptors_hit_on_two_escorts_on_one_r_sbr_4_step_2() -> None:
    r = bombing(SbrSpec(bombers=1, escorts=1, interceptors=1, aa_gun=False))
    # The interceptor's hit (1/3) falls on the escort first; the escort hits on 1.
    assert r.expected_escorts_lost == pytest.approx(1 / 3)
    assert r.expected_interceptors_lost == pytest.approx(1 / 6)
    assert r.expected_bombers_lost == 0.0
    first_turn = bombing(SbrSpec(bombers=1, escorts=1, interceptors=1, aa_gun=False,
                                 first_turn=True))
    assert first_turn.expected_escorts_lost == pytest.approx(1 / 6)  # OQ3-21


def test_sbr_damage_capped_at_treasury_ex_12_r_sbr_5() -> None:
    r = bombing(SbrSpec(bombers=5, aa_gun=False, treasury=19))
    assert max(r.ipc_lost) == 19
    assert sum(r.ipc_lost.values()) == pytest.approx(1.0)
    vp = sum((k // 10) * p for k, p in r.ipc_lost.items())
    assert r.expected_vp_lost == pytest.approx(vp)
    assert r.ipc_lost[19] > r.ipc_lost[18]  # everything from 19 to 30 pays 19


@pytest.mark.parametrize("spec", [
    BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.SUBMARINE: 2, U.FIGHTER: 2}),
               defender=ForceSpec(units={U.FIGHTER: 1, U.CARRIER: 1, U.TRANSPORT: 1})),
    BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.DESTROYER: 1, U.BOMBER: 1}),
               defender=ForceSpec(units={U.SUBMARINE: 2, U.DESTROYER: 1})),
    BattleSpec(kind=BattleKind.AMPHIBIOUS, landing={U.INFANTRY: 1},
               attacker=ForceSpec(units={U.FIGHTER: 1}), defender=ForceSpec(units={U.INFANTRY: 2}),
               retreat_after=1),
])
def test_solver_ends_match_the_round_logic_r_naval_4_r_land_4(spec: BattleSpec) -> None:
    """The exact solver's table of battle ends equals Battle.end (used by the simulator) for
    every pair of states, withdrawn aircraft included."""
    from pacific.odds.calculate import _battle, _start
    from pacific.odds.solver import OUTCOMES, Solver

    kind = BattleKind.NAVAL if spec.kind is BattleKind.NAVAL else BattleKind.LAND
    battle = _battle(spec, kind, spec.attacker, spec.defender, spec.landing)
    units = dict(spec.attacker.units)
    for t, n in spec.landing.items():
        units[t] = units.get(t, 0) + n
    (a, d, aa, dd), p = next(iter(_start(battle, units, 0, spec.defender).items()))
    solver = Solver(battle, {(a, d, False, 0, aa, dd): p})
    for w in ((False, True) if battle.air_only_retreat else (False,)):
        ii, jj = (x.ravel() for x in np.indices((solver.att.n, solver.dfn.n)))
        ends = solver._ends(ii, jj, w).reshape(solver.att.n, solver.dfn.n)
        for i, att in enumerate(solver.att.states):
            for j, dfn in enumerate(solver.dfn.states):
                want = battle.end(att, dfn, w)
                got = None if ends[i, j] < 0 else OUTCOMES[ends[i, j]]
                assert got == want, (att, dfn, w)
