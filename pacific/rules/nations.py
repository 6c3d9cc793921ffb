"""Nations, powers, sides and the order of play (R-SETUP-1..3, R-TURN-1..2)."""

from __future__ import annotations

from enum import StrEnum


class Nation(StrEnum):
    """An economic entity with its own units and treasury (R-SETUP-3)."""

    JAPAN = "japan"
    INDIA = "india"
    AUSTRALIA = "australia"
    USA = "usa"
    CHINA = "china"


class Power(StrEnum):
    """What one player runs: Japan, Great Britain (India, Australia), United States (USA, China)."""

    JAPAN = "japan"
    UK = "uk"
    US = "us"


class Side(StrEnum):
    AXIS = "axis"
    ALLIES = "allies"


POWER_NATIONS: dict[Power, tuple[Nation, ...]] = {
    Power.JAPAN: (Nation.JAPAN,),
    Power.UK: (Nation.INDIA, Nation.AUSTRALIA),
    Power.US: (Nation.USA, Nation.CHINA),
}

NATION_POWER: dict[Nation, Power] = {
    nation: power for power, nations in POWER_NATIONS.items() for nation in nations
}

# R-TURN-1: the order never changes.
TURN_ORDER: tuple[Power, ...] = (Power.JAPAN, Power.UK, Power.US)

DISPLAY_NAMES: dict[Nation | Power, dict[str, str]] = {
    Nation.JAPAN: {"en": "Japan", "it": "Giappone"},
    Nation.INDIA: {"en": "India", "it": "India"},
    Nation.AUSTRALIA: {"en": "Australia", "it": "Australia"},
    Nation.USA: {"en": "United States", "it": "Stati Uniti"},
    Nation.CHINA: {"en": "China", "it": "Cina"},
    Power.UK: {"en": "Great Britain", "it": "Gran Bretagna"},
    Power.US: {"en": "United States", "it": "Stati Uniti"},
}


def side_of(nation: Nation) -> Side:
    return Side.AXIS if nation is Nation.JAPAN else Side.ALLIES


def power_of(nation: Nation) -> Power:
    return NATION_POWER[nation]


# Nation.JAPAN read once: on Python 3.11 every `Nation.JAPAN` in a function goes through the
# enum class's attribute hook and costs more than the test it feeds.
_JAPAN = Nation.JAPAN


def are_allied(a: Nation, b: Nation) -> bool:
    """True for the same nation or two Allied nations (R-TURN-5: Allies never fight each other)."""
    # side_of written out: the movement search asks this hundreds of thousands of times.
    return (a is _JAPAN) is (b is _JAPAN)


def are_enemies(a: Nation, b: Nation) -> bool:
    return (a is _JAPAN) is not (b is _JAPAN)


def display_name(who: Nation | Power, language: str = "en") -> str:
    if isinstance(who, Power) and who is Power.JAPAN:
        who = Nation.JAPAN
    return DISPLAY_NAMES[who][language]


# R-SETUP-2: who sits in which seat. Seat numbers start at 1.
SEATINGS: dict[int, dict[int, tuple[Power, ...]]] = {
    3: {1: (Power.JAPAN,), 2: (Power.UK,), 3: (Power.US,)},
    2: {1: (Power.JAPAN,), 2: (Power.UK, Power.US)},
}


def seat_of(power: Power, players: int) -> int:
    for seat, powers in SEATINGS[players].items():
        if power in powers:
            return seat
    raise ValueError(f"no seat for {power} with {players} players")
