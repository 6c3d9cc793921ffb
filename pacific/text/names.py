"""Display names in the active language: units, nations, powers and the board's spaces.

Ids stay the engine's (``UnitType.FIGHTER``, ``Nation.USA``, ``"sz_9"``); only what a person
reads goes through here.
"""

from __future__ import annotations

from pacific.rules.board_map import BoardMap
from pacific.rules.nations import Nation, Power
from pacific.rules.units import UnitType
from pacific.text.grammar import italian_name
from pacific.text.language import DEFAULT_LANGUAGE, N_, Nn_, active_language, gettext, ngettext

# The unit's name as a heading ("Fighter"); the same English as the unit table.
_UNIT_NAMES: dict[UnitType, str] = {
    UnitType.INFANTRY: N_("Infantry"),
    UnitType.MARINE: N_("Marines"),
    UnitType.ARTILLERY: N_("Artillery"),
    UnitType.ARMOR: N_("Armor"),
    UnitType.AA_GUN: N_("AA gun"),
    UnitType.FIGHTER: N_("Fighter"),
    UnitType.BOMBER: N_("Bomber"),
    UnitType.BATTLESHIP: N_("Battleship"),
    UnitType.CARRIER: N_("Aircraft carrier"),
    UnitType.DESTROYER: N_("Destroyer"),
    UnitType.TRANSPORT: N_("Transport"),
    UnitType.SUBMARINE: N_("Submarine"),
    UnitType.INDUSTRIAL_COMPLEX: N_("Industrial complex"),
}

# A number of units in running text ("3 fighters").
_UNIT_COUNTS: dict[UnitType, tuple[str, str]] = {
    UnitType.INFANTRY: Nn_("{count} infantry", "{count} infantry"),
    UnitType.MARINE: Nn_("{count} Marines", "{count} Marines"),
    UnitType.ARTILLERY: Nn_("{count} artillery", "{count} artillery"),
    UnitType.ARMOR: Nn_("{count} armor", "{count} armor"),
    UnitType.AA_GUN: Nn_("{count} AA gun", "{count} AA guns"),
    UnitType.FIGHTER: Nn_("{count} fighter", "{count} fighters"),
    UnitType.BOMBER: Nn_("{count} bomber", "{count} bombers"),
    UnitType.BATTLESHIP: Nn_("{count} battleship", "{count} battleships"),
    UnitType.CARRIER: Nn_("{count} aircraft carrier", "{count} aircraft carriers"),
    UnitType.DESTROYER: Nn_("{count} destroyer", "{count} destroyers"),
    UnitType.TRANSPORT: Nn_("{count} transport", "{count} transports"),
    UnitType.SUBMARINE: Nn_("{count} submarine", "{count} submarines"),
    UnitType.INDUSTRIAL_COMPLEX: Nn_("{count} industrial complex", "{count} industrial complexes"),
}

_NATION_NAMES: dict[Nation, str] = {
    Nation.JAPAN: N_("Japan"),
    Nation.INDIA: N_("India"),
    Nation.AUSTRALIA: N_("Australia"),
    Nation.USA: N_("United States"),
    Nation.CHINA: N_("China"),
}

_POWER_NAMES: dict[Power, str] = {
    Power.JAPAN: N_("Japan"),
    Power.UK: N_("Great Britain"),
    Power.US: N_("United States"),
}


def unit_name(unit_type: UnitType) -> str:
    """The unit type's name, capitalised as a heading ("Fighter", "Caccia")."""
    return gettext(_UNIT_NAMES[unit_type])


def unit_count(unit_type: UnitType, count: int) -> str:
    """A number of units in running text: "1 fighter", "3 fighters", "3 caccia"."""
    singular, plural = _UNIT_COUNTS[unit_type]
    return ngettext(singular, plural, count).format(count=count)


def named(text: str) -> str:
    """A name in the active language as a sentence uses it: in Italian a `Name` that a
    template may ask for its article and prepositions ("negli Stati Uniti"), in English the
    string as it is."""
    return text if active_language() == DEFAULT_LANGUAGE else italian_name(text)


def nation_name(nation: Nation) -> str:
    return named(gettext(_NATION_NAMES[nation]))


def power_name(power: Power) -> str:
    return named(gettext(_POWER_NAMES[power]))


def place_name(board: BoardMap, space: str) -> str:
    """A territory's or sea zone's name in the active language.

    The map's own name in that language wins where the map has one ("Territori del Nord");
    where the map repeats the English, the catalogue's usual name is used ("Nuova Zelanda").
    A space the board does not have is shown by its id.
    """
    english = board.name(space, DEFAULT_LANGUAGE)
    language = active_language()
    if language == DEFAULT_LANGUAGE:
        return english
    own = board.name(space, language)
    return named(own if own != english else gettext(english))
