"""Second pass of the exact odds: several kamikazes on one ship, submerging, retreat
from the naval battle before a landing, Allied bystanders, and the array fire tables. Every
fraction is derived by hand in the docstring (P(only the attacker hits), P(only the defender
hits), P(both), the stay probability divided out)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import numpy as np
import pytest
from pydantic import ValidationError

from pacific.odds import BattleSpec, ForceSpec, calculate
from pacific.odds.casualties import Layout
from pacific.odds.chain import pool_distributions
from pacific.odds.fire import dice_counts, hit_table
from pacific.odds.model import BattleKind, KamikazeTarget, Outcome
from pacific.odds.simulate import simulate
from pacific.odds.values import POOLS, FireContext, dice_groups
from pacific.rules.units import UnitType as U


def close(x: float, y: F) -> bool:
    return x == pytest.approx(float(y), abs=1e-11)


def naval(att: dict[U, int], dfn: dict[U, int], **kw: object) -> BattleSpec:
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att),
                      defender=ForceSpec(units=dfn), **kw)  # type: ignore[arg-type]


# ---- several kamikazes on one ship (R-KAMI-5/6, OQ3-4) --------------------------------------

# Battleship + fighter attack a lone submarine (no destroyer: the fighter cannot hit it,
# R-SUB-5; the sub can only hit the battleship, R-SUB-4). From each battleship state:
#   sunk by kamikazes (set aside, fires once at 4, R-KAMI-8): win 2/3, then fighter vs sub: E 1/3
#   damaged: BB hits 2/3, sub 1/3: A only 4/9, both 2/9 (win), D only 1/9 (E), stay 2/9
#            -> win 6/7, E 1/7, rounds 9/7
#   fresh:   sub dies 2/3 (win, whatever the sub does); D only 1/9 -> damaged; stay 2/9
#            -> win (2/3 + 1/9*6/7)*9/7 = 48/49, E 1/49, rounds (1 + 1/9*9/7)*9/7 = 72/49
SUNK, DAMAGED, FRESH = (F(2, 3), F(1, 3), F(1)), (F(6, 7), F(1, 7), F(9, 7)), \
    (F(48, 49), F(1, 49), F(72, 49))


def _mix(*parts: tuple[F, tuple[F, F, F]]) -> tuple[F, F, F]:
    return (sum((p * s[0] for p, s in parts), F(0)), sum((p * s[1] for p, s in parts), F(0)),
            sum((p * s[2] for p, s in parts), F(0)))


def test_three_kamikazes_on_one_battleship_oq3_4_r_kami_6() -> None:
    """Three kamikazes at 2 on the same battleship: 0 hits (2/3)^3 = 8/27 (fresh), 1 hit
    12/27 (damaged, R-BB-1), 2+ hits 7/27 (sunk, set aside, fires in round 1)."""
    spec = naval({U.BATTLESHIP: 1, U.FIGHTER: 1}, {U.SUBMARINE: 1},
                 kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, kamikazes=3)])
    win, stale, rounds = _mix((F(8, 27), FRESH), (F(12, 27), DAMAGED), (F(7, 27), SUNK))
    r = calculate(spec)
    assert close(r.attacker_wins, win)
    assert close(r.stalemate, stale)
    assert close(r.expected_rounds, rounds)
    # The battleship is lost: always when sunk; damaged, when the sub hits (D only or both:
    # 3/7); fresh, when it is first damaged without sinking the sub (1/7) and then lost (3/7).
    assert close(r.attacker_ipc_lost, 24 * (F(7, 27) + F(12, 27) * F(3, 7) + F(8, 27) * F(3, 49)))


def test_two_kamikazes_on_a_damaged_battleship_oq3_9_r_kami_6() -> None:
    """An already damaged battleship sinks on one hit: 1 - (2/3)^2 = 5/9 sunk, 4/9 not."""
    spec = BattleSpec(kind=BattleKind.NAVAL,
                      attacker=ForceSpec(units={U.BATTLESHIP: 1, U.FIGHTER: 1},
                                         damaged_battleships=1),
                      defender=ForceSpec(units={U.SUBMARINE: 1}),
                      kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, kamikazes=2, damaged=True)])
    win, stale, _ = _mix((F(5, 9), SUNK), (F(4, 9), DAMAGED))
    r = calculate(spec)
    assert close(r.attacker_wins, win)
    assert close(r.stalemate, stale)


def test_kamikaze_targets_are_checked_r_kami_1_oq3_4() -> None:
    with pytest.raises(ValidationError, match="R-KAMI-1"):
        naval({U.BATTLESHIP: 1}, {U.SUBMARINE: 1},
              kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, kamikazes=7)])
    with pytest.raises(ValidationError, match="more ships"):
        naval({U.CARRIER: 1}, {U.SUBMARINE: 1},
              kamikazes=[KamikazeTarget(ship=U.CARRIER, kamikazes=2), U.CARRIER])
    with pytest.raises(ValidationError, match="damaged"):
        naval({U.BATTLESHIP: 1}, {U.SUBMARINE: 1},
              kamikazes=[KamikazeTarget(ship=U.BATTLESHIP, damaged=True)])


# ---- submerging (R-SUB-6, R-NAVAL-4 B/C, OQ3-8) ---------------------------------------------

def test_defending_submarine_submerges_when_alone_r_sub_6() -> None:
    """A destroyer (3) attacks a lone sub that submerges instead of firing. Round 1: the
    destroyer misses (1/2): the sub submerges (outcome C). It hits (1/2): the sub is a
    casualty, cannot submerge (OQ3-8) and fires back at 2 (simultaneous fire): destroyer sunk
    1/6 (both destroyed), else 1/3 (attacker wins). -> win 5/6, both 1/6, one round."""
    r = calculate(naval({U.DESTROYER: 1}, {U.SUBMARINE: 1}, defender_submerge="when_alone"))
    assert close(r.attacker_wins, F(5, 6))
    assert close(r.both_destroyed, F(1, 6))
    assert close(r.submerged, F(1, 2))
    assert close(r.expected_rounds, F(1))
    assert close(r.attacker_ipc_lost, 12 * F(1, 6))
    assert close(r.defender_ipc_lost, 8 * F(1, 2))
    dived = [s for s in r.survivors if s.submerged]
    assert len(dived) == 1 and dived[0].defender == {U.SUBMARINE: 1}
    assert dived[0].outcome is Outcome.ATTACKER_WINS


def test_attacking_submarine_submerges_when_alone_r_sub_6_r_naval_4b() -> None:
    """Sub (2) + destroyer (3) attack a destroyer (3); the attacker loses its destroyer first.
    No first strike (enemy destroyer, R-SUB-3). P(attacker hits) = 1 - 2/3*1/2 = 2/3.
    A only 1/3 (win), both 1/3 (win, the sub is left), D only 1/6 (the sub is alone and
    submerges next round: B), stay 1/6 -> win 4/5, defender 1/5, rounds 6/5."""
    r = calculate(BattleSpec(
        kind=BattleKind.NAVAL, attacker_submerge="when_alone",
        attacker=ForceSpec(units={U.SUBMARINE: 1, U.DESTROYER: 1},
                           order=[U.DESTROYER, U.SUBMARINE]),
        defender=ForceSpec(units={U.DESTROYER: 1})))
    assert close(r.attacker_wins, F(4, 5))
    assert close(r.defender_wins, F(1, 5))
    assert close(r.submerged, F(1, 5))
    assert close(r.expected_rounds, F(6, 5))
    assert close(r.attacker_ipc_lost, 12 * (F(1, 3) + F(1, 6)) / F(5, 6))


def test_first_strike_casualties_do_not_fire_back_while_diving_r_sub_2_r_sub_6() -> None:
    """A sub (first strike at 2) attacks a lone sub that submerges when alone: the first
    strike sinks it with 1/3 and it never fires; else the attacker has nothing more to fire
    (its sub struck already) and the defender submerges. -> win 1, submerged 2/3."""
    r = calculate(naval({U.SUBMARINE: 1}, {U.SUBMARINE: 1}, defender_submerge="when_alone"))
    assert close(r.attacker_wins, F(1))
    assert close(r.submerged, F(2, 3))
    assert r.attacker_ipc_lost == 0.0


def test_submerging_only_at_sea_r_sub_6() -> None:
    with pytest.raises(ValidationError, match="R-SUB-6"):
        BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.INFANTRY: 1}),
                   defender=ForceSpec(units={U.INFANTRY: 1}), defender_submerge="when_alone")


def test_submerging_default_is_never_r_sub_6() -> None:
    r = calculate(naval({U.DESTROYER: 1}, {U.SUBMARINE: 1}))
    assert r.submerged == 0.0
    # A only 1/2*2/3 = 1/3, both 1/6, D only 1/6, stay 1/3.
    assert close(r.attacker_wins, F(1, 2))
    assert close(r.both_destroyed, F(1, 4))


# ---- retreat from the naval battle before a landing (R-NAVAL-3, R-AMPH-4/7) ----------------

def test_retreat_from_the_naval_battle_before_landing_r_naval_3_r_amph_4() -> None:
    """Destroyer + transport (2 infantry) against a destroyer, retreating after round 1.
    Round 1: each destroyer hits 1/2; the defender's hit sinks the transport (cheapest).
    Only 'attacker hits, defender misses' (1/4) lands the 2 infantry; otherwise the
    transport is sunk or retreats (a retreating transport cannot unload, R-AMPH-4).
    Land: 2 inf (1) v 1 inf (2): A hits 11/36; A only 22/108 (win), both 11/108 (win),
    D only 25/108 -> 1 v 1 (win 1/4), stay 50/108 -> captured 33/58 + 25/58*1/4 = 157/232."""
    sea = ForceSpec(units={U.DESTROYER: 1, U.TRANSPORT: 1}, transport_loads=[{U.INFANTRY: 2}])
    spec = BattleSpec(kind=BattleKind.AMPHIBIOUS, sea_attacker=sea,
                      sea_defender=ForceSpec(units={U.DESTROYER: 1}),
                      defender=ForceSpec(units={U.INFANTRY: 1}), sea_retreat_after=1)
    r = calculate(spec)
    assert close(r.captured, F(1, 4) * F(157, 232))
    fought_on = calculate(spec.model_copy(update={"sea_retreat_after": None}))
    assert fought_on.captured > r.captured


# ---- Allied bystanders (R-MULTI-4, R-MULTI-5) ------------------------------------------------

def allied(att: dict[U, int], bystanders: dict[U, int], dfn: dict[U, int]) -> BattleSpec:
    return BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units=att, bystanders=bystanders),
                      defender=ForceSpec(units=dfn))


def test_bystander_destroyer_never_fires_but_lets_aircraft_hit_subs_r_multi_4_r_multi_5() -> None:
    """A US fighter (3) with a British destroyer in the zone attacks a Japanese sub. The
    destroyer does not fire, but lets the fighter hit the sub; the sub's hits fall on it.
    A only 1/2*2/3 = 1/3 (win), both 1/6 (win), D only 1/6 (destroyer sunk: fighter v sub, E),
    stay 1/3 -> win 3/4, stalemate 1/4, rounds 3/2."""
    r = calculate(allied({U.FIGHTER: 1}, {U.DESTROYER: 1}, {U.SUBMARINE: 1}))
    assert close(r.attacker_wins, F(3, 4))
    assert close(r.stalemate, F(1, 4))
    assert close(r.expected_rounds, F(3, 2))
    assert close(r.attacker_ipc_lost, 12 * F(1, 2))


def test_battle_ends_when_the_attacking_powers_units_are_gone_r_multi_4() -> None:
    """A US destroyer (3) and a British battleship (bystander) against a sub (2). The sub's
    first hit damages the battleship (free hit first), the second sinks the destroyer; then
    the battle ends though the battleship is still there.
    Fresh: A only 1/3 win, both 1/6 win, D only 1/6 -> damaged, stay 1/3.
    Damaged: A only 1/3 win, both 1/6 (both destroyed), D only 1/6 (defender wins), stay 1/3.
    -> win 3/4 + 1/4*1/2 = 7/8, both 1/16, defender 1/16."""
    r = calculate(allied({U.DESTROYER: 1}, {U.BATTLESHIP: 1}, {U.SUBMARINE: 1}))
    assert close(r.attacker_wins, F(7, 8))
    assert close(r.both_destroyed, F(1, 16))
    assert close(r.defender_wins, F(1, 16))
    lost = [s for s in r.survivors if s.outcome is Outcome.DEFENDER_WINS]
    assert [s.attacker for s in lost] == [{U.BATTLESHIP: 1}]


def test_bystanders_only_with_a_naval_attacker_r_multi_4() -> None:
    with pytest.raises(ValidationError, match="R-MULTI-4"):
        BattleSpec(kind=BattleKind.NAVAL, attacker=ForceSpec(units={U.DESTROYER: 1}),
                   defender=ForceSpec(units={U.DESTROYER: 1}, bystanders={U.CARRIER: 1}))
    with pytest.raises(ValidationError, match="R-MULTI-4"):
        BattleSpec(kind=BattleKind.LAND, attacker=ForceSpec(units={U.INFANTRY: 1},
                                                            bystanders={U.INFANTRY: 1}),
                   defender=ForceSpec(units={U.INFANTRY: 1}))


# ---- the simulator follows the same options ------------------------------------------------

def test_simulation_agrees_with_the_new_options_r_sub_6_r_multi_4() -> None:
    """The Monte-Carlo simulator (same round logic) lands within 4 sigma of the exact odds."""
    spec = BattleSpec(kind=BattleKind.NAVAL, attacker_submerge="when_alone",
                      defender_submerge="when_alone",
                      attacker=ForceSpec(units={U.SUBMARINE: 2, U.FIGHTER: 1},
                                         bystanders={U.DESTROYER: 1}),
                      defender=ForceSpec(units={U.SUBMARINE: 2, U.DESTROYER: 1}),
                      kamikazes=[KamikazeTarget(ship=U.DESTROYER, kamikazes=2)],
                      kamikaze_side="defender")
    exact = calculate(spec)
    runs = 4000
    sim = simulate(spec, runs, seed=3)
    for field in ("attacker_wins", "defender_wins", "submerged", "stalemate"):
        p = getattr(exact, field)
        sigma = max((p * (1 - p) / runs) ** 0.5, 1e-3)
        assert abs(getattr(sim, field) - p) <= 4 * sigma, field


# ---- array fire tables (speed) equal the per-state dice ------------------------------------

@pytest.mark.parametrize("kind", [BattleKind.LAND, BattleKind.NAVAL])
@pytest.mark.parametrize("attacking", [True, False])
def test_array_fire_tables_equal_per_state_dice_r_combat_5_r_art_2_r_sub_5(
        kind: BattleKind, attacking: bool) -> None:
    rng = random.Random(7)
    types = [U.INFANTRY, U.MARINE, U.ARTILLERY, U.ARMOR, U.FIGHTER, U.BOMBER] \
        if kind is BattleKind.LAND else \
        [U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER, U.FIGHTER, U.BOMBER, U.TRANSPORT]
    ctx = FireContext(kind, attacking=attacking, marine_bonus=attacking)
    layout = Layout.build(types, ctx)
    states = np.array([[rng.randint(0, 4) for _ in layout.categories] for _ in range(60)])
    table = hit_table(dice_counts(layout, states, ctx))
    for row, counts in zip(table, states.tolist(), strict=True):
        units = layout.types(tuple(counts))
        groups = dice_groups(units, ctx, has_destroyer=units.get(U.DESTROYER, 0) > 0)
        for pool, dist in zip(POOLS, pool_distributions(tuple(groups)), strict=True):
            want = np.zeros(table.shape[2])
            want[: len(dist)] = dist
            assert row[pool] == pytest.approx(want, abs=1e-15)


# ---- the command line ---------------------------------------------------------------------

def odds_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from pacific.cli.main import main

    code = main(["odds", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_kamikaze_syntax_oq3_4() -> None:
    from pacific.odds.text import parse_kamikazes

    assert parse_kamikazes("bb, cv") == [U.BATTLESHIP, U.CARRIER]
    assert parse_kamikazes("bb x3, damaged bb") == [
        KamikazeTarget(ship=U.BATTLESHIP, kamikazes=3),
        KamikazeTarget(ship=U.BATTLESHIP, damaged=True)]
    with pytest.raises(ValueError, match="xN"):
        parse_kamikazes("bb x0")


def test_cli_new_options_r_sub_6_r_multi_4_oq3_4(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = odds_cli(capsys, "--naval", "--attacker", "1 dd", "--defender", "1 sub",
                            "--defender-submerge", "when_alone", "--json")
    assert code == 0 and json.loads(out)["submerged"] == pytest.approx(0.5)
    code, out, _ = odds_cli(capsys, "--naval", "--attacker", "1 ftr", "--bystanders", "1 dd",
                            "--defender", "1 sub")
    assert code == 0 and "Stalemate (E):      25.00%" in out
    code, out, _ = odds_cli(capsys, "--naval", "--attacker", "1 bb, 1 ftr", "--defender",
                            "1 sub", "--kamikaze", "bb x3", "--json")
    assert json.loads(out)["stalemate"] == pytest.approx(float(_mix(
        (F(8, 27), FRESH), (F(12, 27), DAMAGED), (F(7, 27), SUNK))[1]))
    code, _, err = odds_cli(capsys, "--land", "--attacker", "1 inf", "--bystanders", "1 inf",
                            "--defender", "1 inf")
    assert code == 2 and "R-MULTI-4" in err and err.count("\n") == 1
