"""The unit table (R-SETUP-16, EX-3) and every combat number the rules use.

This module is the single source of truth for costs, movement and hit values: the rules engine
and the odds calculator both read it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from pacific.rules.nations import Nation


class UnitType(StrEnum):
    INFANTRY = "infantry"
    MARINE = "marine"
    ARTILLERY = "artillery"
    ARMOR = "armor"
    AA_GUN = "aa_gun"
    FIGHTER = "fighter"
    BOMBER = "bomber"
    BATTLESHIP = "battleship"
    CARRIER = "carrier"
    DESTROYER = "destroyer"
    TRANSPORT = "transport"
    SUBMARINE = "submarine"
    INDUSTRIAL_COMPLEX = "industrial_complex"


class Domain(StrEnum):
    LAND = "land"
    AIR = "air"
    SEA = "sea"


@dataclass(frozen=True)
class UnitSpec:
    type: UnitType
    cost: int
    move: int
    attack: int
    defense: int
    domain: Domain
    # Nations allowed to buy it (R-PURCH-5). China never buys.
    buyers: frozenset[Nation]
    names: tuple[str, str]  # (English, Italian)
    # Space taken on a transport: 2 = a whole transport (armor), 1 = half (R-TRANS-1).
    transport_size: int = 0

    @property
    def name(self) -> str:
        return self.names[0]


_ALL_BUYERS = frozenset({Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA})
_USA_ONLY = frozenset({Nation.USA})

# R-SETUP-16 / EX-3. Bomber cost 15 per OQ-1 (card value), not the 25 of the unit section.
UNIT_SPECS: dict[UnitType, UnitSpec] = {
    s.type: s
    for s in (
        UnitSpec(UnitType.INFANTRY, 3, 1, 1, 2, Domain.LAND, _ALL_BUYERS,
                 ("Infantry", "Fanteria"), 1),
        UnitSpec(UnitType.MARINE, 4, 1, 1, 2, Domain.LAND, _USA_ONLY, ("Marines", "Marines"), 1),
        UnitSpec(UnitType.ARTILLERY, 4, 1, 2, 2, Domain.LAND, _ALL_BUYERS,
                 ("Artillery", "Artiglieria"), 1),
        UnitSpec(UnitType.ARMOR, 5, 2, 3, 2, Domain.LAND, _ALL_BUYERS,
                 ("Armor", "Unità corazzata"), 2),
        UnitSpec(UnitType.AA_GUN, 5, 1, 0, 1, Domain.LAND, _ALL_BUYERS,
                 ("AA gun", "Cannone antiaereo"), 1),
        UnitSpec(UnitType.FIGHTER, 12, 4, 3, 4, Domain.AIR, _ALL_BUYERS, ("Fighter", "Caccia")),
        UnitSpec(UnitType.BOMBER, 15, 6, 4, 1, Domain.AIR, _ALL_BUYERS,
                 ("Bomber", "Bombardiere")),
        UnitSpec(UnitType.BATTLESHIP, 24, 2, 4, 4, Domain.SEA, _ALL_BUYERS,
                 ("Battleship", "Corazzata")),
        UnitSpec(UnitType.CARRIER, 18, 2, 1, 3, Domain.SEA, _ALL_BUYERS,
                 ("Aircraft carrier", "Portaerei")),
        UnitSpec(UnitType.DESTROYER, 12, 2, 3, 3, Domain.SEA, _ALL_BUYERS,
                 ("Destroyer", "Cacciatorpediniere")),
        UnitSpec(UnitType.TRANSPORT, 8, 2, 0, 1, Domain.SEA, _ALL_BUYERS,
                 ("Transport", "Nave da trasporto")),
        UnitSpec(UnitType.SUBMARINE, 8, 2, 2, 2, Domain.SEA, _ALL_BUYERS,
                 ("Submarine", "Sottomarino")),
        UnitSpec(UnitType.INDUSTRIAL_COMPLEX, 15, 0, 0, 0, Domain.LAND, _USA_ONLY,
                 ("Industrial complex", "Complesso industriale")),
    )
}

# Short forms accepted in text (CLI, odds syntax), mapped to types.
UNIT_ALIASES: dict[str, UnitType] = {
    "inf": UnitType.INFANTRY, "infantry": UnitType.INFANTRY,
    "mar": UnitType.MARINE, "marine": UnitType.MARINE, "marines": UnitType.MARINE,
    "art": UnitType.ARTILLERY, "artillery": UnitType.ARTILLERY,
    "arm": UnitType.ARMOR, "armor": UnitType.ARMOR, "armour": UnitType.ARMOR,
    "tank": UnitType.ARMOR,
    "aa": UnitType.AA_GUN, "aa_gun": UnitType.AA_GUN, "aagun": UnitType.AA_GUN,
    "ftr": UnitType.FIGHTER, "fig": UnitType.FIGHTER, "fighter": UnitType.FIGHTER,
    "bmb": UnitType.BOMBER, "bom": UnitType.BOMBER, "bomber": UnitType.BOMBER,
    "bb": UnitType.BATTLESHIP, "battleship": UnitType.BATTLESHIP,
    "cv": UnitType.CARRIER, "car": UnitType.CARRIER, "carrier": UnitType.CARRIER,
    "dd": UnitType.DESTROYER, "des": UnitType.DESTROYER, "destroyer": UnitType.DESTROYER,
    "tr": UnitType.TRANSPORT, "trn": UnitType.TRANSPORT, "transport": UnitType.TRANSPORT,
    "sub": UnitType.SUBMARINE, "ss": UnitType.SUBMARINE, "submarine": UnitType.SUBMARINE,
    "ic": UnitType.INDUSTRIAL_COMPLEX, "factory": UnitType.INDUSTRIAL_COMPLEX,
    "industrial_complex": UnitType.INDUSTRIAL_COMPLEX,
    "industrial_complexes": UnitType.INDUSTRIAL_COMPLEX,
    "aircraft_carrier": UnitType.CARRIER,   # the names the game shows ("2 aircraft carriers")
}

# Hit values outside the table, each with the rule that sets it.
ARTILLERY_SUPPORTED_ATTACK = 2         # R-ART-2: infantry or Marine paired with artillery
MARINE_AMPHIBIOUS_ATTACK = 2           # R-MARINE-2
MARINE_AMPHIBIOUS_ARTILLERY_ATTACK = 3  # R-ART-4 / R-MARINE-3
FIRST_TURN_DEFENSE = 1                 # R-FIRSTTURN-1
AA_HIT = 1                             # R-AA-2, R-AAFLY-1
SUB_FIRST_STRIKE_HIT = 2               # R-SUB-2
COVER_FIRE_HIT: dict[UnitType, int] = {  # R-AMPH-6 step 2, R-BB-5
    UnitType.BATTLESHIP: 4,
    UnitType.DESTROYER: 2,
}
SBR_INTERCEPTOR_HIT = 2                # R-SBR-4
SBR_ESCORT_HIT = 1                     # R-SBR-4
KAMIKAZE_HIT = 2                       # R-KAMI-6
KAMIKAZE_ZONE_TOKENS = 6               # R-KAMI-1
BATTLESHIP_HITS = 2                    # R-BB-1
CARRIER_CAPACITY = 2                   # R-CARRIER-1
TRANSPORT_CAPACITY = 2                 # R-TRANS-1, in transport_size units
JAPANESE_DESTROYER_CAPACITY = 1        # R-JDD-1: one Japanese infantry


# The unit types of each domain, for tests inside loops over every unit.
LAND_TYPES: frozenset[UnitType] = frozenset(
    t for t, s in UNIT_SPECS.items() if s.domain is Domain.LAND)
AIR_TYPES: frozenset[UnitType] = frozenset(
    t for t, s in UNIT_SPECS.items() if s.domain is Domain.AIR)
SEA_TYPES: frozenset[UnitType] = frozenset(
    t for t, s in UNIT_SPECS.items() if s.domain is Domain.SEA)


def spec(unit_type: UnitType) -> UnitSpec:
    return UNIT_SPECS[unit_type]


def is_land(unit_type: UnitType) -> bool:
    return unit_type in LAND_TYPES


def is_air(unit_type: UnitType) -> bool:
    return unit_type in AIR_TYPES


def is_sea(unit_type: UnitType) -> bool:
    return unit_type in SEA_TYPES


def can_capture(unit_type: UnitType) -> bool:
    """R-UNIT-6: only infantry, Marines, artillery and armor capture territory."""
    return unit_type in {UnitType.INFANTRY, UnitType.MARINE, UnitType.ARTILLERY, UnitType.ARMOR}


def is_warship(unit_type: UnitType) -> bool:
    """A naval unit with an attack value: captures convoy zones (R-CONVOY-3, R-UNIT-8)."""
    s = UNIT_SPECS[unit_type]
    return s.domain is Domain.SEA and s.attack > 0


def is_surface_ship(unit_type: UnitType) -> bool:
    """Any ship but a submarine: kamikaze targets (R-KAMI-5)."""
    return is_sea(unit_type) and unit_type is not UnitType.SUBMARINE


_UNCOUNTABLE = {UnitType.INFANTRY, UnitType.MARINE, UnitType.ARTILLERY, UnitType.ARMOR}


def unit_noun(unit_type: UnitType, count: int = 1) -> str:
    """The unit's English name in running text: "fighter", "2 AA guns" style plurals."""
    name = UNIT_SPECS[unit_type].name
    name = name if name.startswith("AA") else name.lower()
    if count == 1 or unit_type in _UNCOUNTABLE:
        return name
    return name + ("es" if name.endswith("x") else "s")


def count_phrase(types: Iterable[UnitType]) -> str:
    """"2 infantry, 3 fighters": how many of each type, in the unit table's order."""
    counts = Counter(types)
    return ", ".join(f"{counts[t]} {unit_noun(t, counts[t])}" for t in UNIT_SPECS if counts[t])


def find_unit_type(word: str, aliases: Mapping[str, UnitType] = UNIT_ALIASES) -> UnitType | None:
    """The unit type ``aliases`` give a name or short form ("inf", "aircraft carrier", "AA
    guns": case, spaces and hyphens aside, an English plural "s" allowed), or None."""
    key = "_".join(word.lower().replace("-", " ").split())
    if key.endswith("s") and key not in aliases and key[:-1] in aliases:
        key = key[:-1]
    return aliases.get(key)


def parse_unit_type(word: str) -> UnitType:
    """Read a unit name or short form ("inf", "bb", "fighter").

    Raises:
        ValueError: naming the word, when no unit type is called that.
    """
    found = find_unit_type(word)
    if found is None:
        known = ", ".join(sorted({a for a in UNIT_ALIASES if len(a) <= 4}))
        raise ValueError(f"unknown unit type {word!r} (known short forms: {known})")
    return found
