"""Hit values: the number a unit's die must not exceed to score a hit (R-COMBAT-5).

Pure functions over unit types and a few battle facts, with no game state, so that the rules
engine and the odds calculator (pacific.odds) compute every value the same way. The numbers
themselves live in `pacific.rules.units` (UNIT_SPECS and the named constants), the one source
of truth.

Which fire a value is for:
- a normal round of a land or naval battle: `attack_values` / `defense_value`;
- AA fire (R-AA-2, R-SBR-4 step 1): `AA_HIT` for every die;
- submarine first strike (R-SUB-2): the submarine's attack value (2), only the timing differs;
- cover fire (R-AMPH-6 step 2): `cover_fire_value`;
- the fighter clash of a bombing raid (R-SBR-4 step 2): `sbr_value`;
- kamikaze (R-KAMI-6): `KAMIKAZE_HIT`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.units import (
    AA_HIT,
    ARTILLERY_SUPPORTED_ATTACK,
    COVER_FIRE_HIT,
    FIRST_TURN_DEFENSE,
    KAMIKAZE_HIT,
    MARINE_AMPHIBIOUS_ARTILLERY_ATTACK,
    MARINE_AMPHIBIOUS_ATTACK,
    SBR_ESCORT_HIT,
    SBR_INTERCEPTOR_HIT,
    SUB_FIRST_STRIKE_HIT,
    UNIT_SPECS,
    UnitType,
)

__all__ = [
    "AA_HIT", "KAMIKAZE_HIT", "SUB_FIRST_STRIKE_HIT", "attack_value", "attack_values",
    "cover_fire_value", "defense_value", "fires_in_rounds", "sbr_value",
]

_SUPPORTABLE = (UnitType.INFANTRY, UnitType.MARINE)


def fires_in_rounds(unit_type: UnitType, attacking: bool) -> bool:
    """Whether the unit rolls in the normal rounds of fire.

    AA guns and industrial complexes never do (R-AA-1, R-COMBAT-6); transports never fire
    when attacking (R-NAVAL-2) but defend at 1.
    """
    if unit_type in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX):
        return False
    spec = UNIT_SPECS[unit_type]
    return (spec.attack if attacking else spec.defense) > 0


def attack_value(
    unit_type: UnitType, *, supported: bool = False, amphibious_marine: bool = False
) -> int:
    """The attack value of one unit in a normal round.

    ``supported``: an infantry or Marine paired with one attacking artillery (R-ART-2, R-ART-4).
    ``amphibious_marine``: a Marine in an amphibious assault in which at least one friendly
    unit lands from the sea (R-MARINE-2, OQ3-16). Both flags are ignored for other types.
    Transports, AA guns and complexes return 0: they never fire when attacking.
    """
    if unit_type is UnitType.MARINE and amphibious_marine:
        # R-MARINE-3 / R-ART-4: 2 in the assault, 3 with artillery.
        return MARINE_AMPHIBIOUS_ARTILLERY_ATTACK if supported else MARINE_AMPHIBIOUS_ATTACK
    if unit_type in _SUPPORTABLE and supported:
        return ARTILLERY_SUPPORTED_ATTACK  # R-ART-2
    if not fires_in_rounds(unit_type, attacking=True):
        return 0
    return UNIT_SPECS[unit_type].attack


def attack_values(units: Sequence[UnitType], *, amphibious_marines: bool = False) -> list[int]:
    """The attack value of each unit of one attacking force in a normal round, in input order.

    Artillery pairing is one to one and redone every round from the survivors (R-ART-2,
    OQ3-19): each artillery supports one infantry or Marine. The pairing gives the same +1
    whoever receives it, so the function supports Marines first (then infantry), each in
    input order; this is the attacker's best choice and the one the engine uses.
    ``amphibious_marines`` is true when Marines of this force get R-MARINE-2's bonus.
    """
    support = sum(1 for t in units if t is UnitType.ARTILLERY)
    supported: set[int] = set()
    for wanted in (UnitType.MARINE, UnitType.INFANTRY):
        for i, t in enumerate(units):
            if support == 0:
                break
            if t is wanted:
                supported.add(i)
                support -= 1
    return [
        attack_value(t, supported=i in supported, amphibious_marine=amphibious_marines)
        for i, t in enumerate(units)
    ]


def defense_value(unit_type: UnitType, *, surprise: bool = False) -> int:
    """The defense value of one unit in a normal round.

    ``surprise``: Japan's first turn and the unit is Allied and does not defend in a Chinese
    territory (R-FIRSTTURN-1/2, OQ3-21): it defends at 1 whatever its printed value.
    Artillery gives no bonus on defense (R-ART-3). AA guns and complexes return 0: they never
    roll in the rounds (R-AA-1); their AA fire uses AA_HIT.
    """
    if not fires_in_rounds(unit_type, attacking=False):
        return 0
    value = UNIT_SPECS[unit_type].defense
    return min(value, FIRST_TURN_DEFENSE) if surprise else value


def cover_fire_value(unit_type: UnitType) -> int:
    """Cover fire before an amphibious landing: battleship 4, destroyer 2 (R-AMPH-6, R-BB-5).

    Returns 0 for every other type: they give no cover fire.
    """
    return COVER_FIRE_HIT.get(unit_type, 0)


def sbr_value(intercepting: bool, *, surprise: bool = False) -> int:
    """A fighter's value in the one-round clash of a bombing raid (R-SBR-4 step 2).

    Interceptors hit on 2, escorts on 1. ``surprise``: Japan's first turn lowers Allied
    interceptors to 1 as well (OQ3-21).
    """
    if intercepting:
        return min(SBR_INTERCEPTOR_HIT, FIRST_TURN_DEFENSE) if surprise else SBR_INTERCEPTOR_HIT
    return SBR_ESCORT_HIT
