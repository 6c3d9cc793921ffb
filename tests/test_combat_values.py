"""Hit values (pacific.rules.combat.values): one test per rule that sets a number."""

from pacific.rules.combat.values import (
    attack_value,
    attack_values,
    cover_fire_value,
    defense_value,
    fires_in_rounds,
    sbr_value,
)
from pacific.rules.units import UnitType as T


def test_r_combat_5_printed_values() -> None:
    """R-COMBAT-5 / EX-7a-c: infantry attacks at 1, fighter at 3, infantry defends at 2."""
    assert attack_value(T.INFANTRY) == 1
    assert attack_value(T.FIGHTER) == 3
    assert defense_value(T.INFANTRY) == 2


def test_r_naval_2_transport_never_attacks_defends_at_1() -> None:
    assert attack_value(T.TRANSPORT) == 0
    assert not fires_in_rounds(T.TRANSPORT, attacking=True)
    assert defense_value(T.TRANSPORT) == 1


def test_r_aa_1_aa_gun_never_rolls_in_rounds() -> None:
    assert defense_value(T.AA_GUN) == 0
    assert not fires_in_rounds(T.AA_GUN, attacking=False)
    assert not fires_in_rounds(T.INDUSTRIAL_COMPLEX, attacking=False)


def test_r_art_2_one_to_one_pairing_ex_18a() -> None:
    """EX-18a: 2 artillery + 6 infantry: artillery at 2, two infantry at 2, four at 1."""
    force = [T.ARTILLERY, T.ARTILLERY] + [T.INFANTRY] * 6
    values = attack_values(force)
    assert sorted(values) == [1, 1, 1, 1, 2, 2, 2, 2]
    assert values[:2] == [2, 2]


def test_r_art_3_no_bonus_on_defense() -> None:
    assert defense_value(T.INFANTRY) == 2
    assert defense_value(T.ARTILLERY) == 2


def test_r_marine_2_and_r_art_4_amphibious_marines() -> None:
    assert attack_value(T.MARINE) == 1
    assert attack_value(T.MARINE, supported=True) == 2                       # R-MARINE-3
    assert attack_value(T.MARINE, amphibious_marine=True) == 2               # R-MARINE-2
    assert attack_value(T.MARINE, supported=True, amphibious_marine=True) == 3  # R-ART-4
    # EX-18c: artillery lifts a landing Marine from 2 to 3 before any infantry.
    assert attack_values([T.INFANTRY, T.MARINE, T.ARTILLERY], amphibious_marines=True) == [
        1, 3, 2]


def test_r_firstturn_1_surprise_defends_at_1() -> None:
    assert defense_value(T.FIGHTER, surprise=True) == 1
    assert defense_value(T.BATTLESHIP, surprise=True) == 1
    assert defense_value(T.FIGHTER, surprise=False) == 4


def test_r_amph_6_cover_fire_values() -> None:
    """R-AMPH-6 step 2, R-BB-5: cover fire at 4 for a battleship, 2 for a destroyer."""
    assert cover_fire_value(T.BATTLESHIP) == 4    # R-BB-5
    assert cover_fire_value(T.DESTROYER) == 2
    assert cover_fire_value(T.CARRIER) == 0


def test_r_sbr_4_clash_values() -> None:
    assert sbr_value(intercepting=True) == 2
    assert sbr_value(intercepting=False) == 1
    assert sbr_value(intercepting=True, surprise=True) == 1  # OQ3-21
