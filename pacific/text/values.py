"""The values of a message shown by their names in the active language: a
`Place` by the map's name, `Units` as counted units ("3 fanterie"), a unit type, nation, power,
side or phase by its name, a tuple as a list, `Sentences` one after the other. Numbers stay
numbers, so that a template may format them (``{count:,}``).

Where a board is given, a place takes the map's own name in the active language; without
one, the catalogue's name for its English name (sea zones by their number).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pacific.rules.actions.base import ActionBase
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import DecisionBase
from pacific.rules.errors import Message, Nations, Place, Sentences, Template, Term, Units
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.text.grammar import fill, names_together, within
from pacific.text.language import N_, gettext, ngettext, pgettext
from pacific.text.names import named, nation_name, place_name, power_name, unit_count
from pacific.text.phases import phase_name

_SEA_ZONE = re.compile(r"^Sea Zone (\d+)$")
SEA_ZONE_NAME = N_("Sea Zone {number}")


def unit_noun(unit_type: UnitType) -> str:
    """A unit type in running text, without a number: "fighter", "caccia"."""
    # The "in a sentence" context keeps these apart from the headings ("Fighter").
    nouns = {
        UnitType.INFANTRY: pgettext("unit in a sentence", "infantry"),
        UnitType.MARINE: pgettext("unit in a sentence", "Marines"),
        UnitType.ARTILLERY: pgettext("unit in a sentence", "artillery"),
        UnitType.ARMOR: pgettext("unit in a sentence", "armor"),
        UnitType.AA_GUN: pgettext("unit in a sentence", "AA gun"),
        UnitType.FIGHTER: pgettext("unit in a sentence", "fighter"),
        UnitType.BOMBER: pgettext("unit in a sentence", "bomber"),
        UnitType.BATTLESHIP: pgettext("unit in a sentence", "battleship"),
        UnitType.CARRIER: pgettext("unit in a sentence", "aircraft carrier"),
        UnitType.DESTROYER: pgettext("unit in a sentence", "destroyer"),
        UnitType.TRANSPORT: pgettext("unit in a sentence", "transport"),
        UnitType.SUBMARINE: pgettext("unit in a sentence", "submarine"),
        UnitType.INDUSTRIAL_COMPLEX: pgettext("unit in a sentence", "industrial complex"),
    }
    return nouns[unit_type]


def side_name(side: Side) -> str:
    return gettext("the Axis") if side is Side.AXIS else gettext("the Allies")


def units_text(counts: Iterable[tuple[UnitType, int]]) -> str:
    """"3 infantry, 1 armor" in the active language, in the unit table's order."""
    total: dict[UnitType, int] = {}
    for unit_type, count in counts:
        total[unit_type] = total.get(unit_type, 0) + count
    return ", ".join(unit_count(t, total[t]) for t in UNIT_SPECS if total.get(t))


def place_text(place: Place | str, board: BoardMap | None = None) -> str:
    """A space's name in the active language: the map's own where the board is known."""
    space, english = (place.id, place.name) if isinstance(place, Place) else (place, None)
    if board is not None and (space in board.territory_by_id or space in board.sea_zone_by_id):
        return place_name(board, space)
    if english is None:
        return named(space)
    match = _SEA_ZONE.match(english)
    if match is not None:
        return named(gettext(SEA_ZONE_NAME).format(number=int(match.group(1))))
    return named(gettext(english))


def shown(value: object, board: BoardMap | None = None) -> object:
    """How a message value reads in the active language: names, never ids."""
    if isinstance(value, Place):
        return place_text(value, board)
    if isinstance(value, Message):   # a sentence inside another
        return within(message_text(value, board, with_where=False))
    if isinstance(value, Term):
        return gettext(value.text)
    if isinstance(value, Sentences):
        return "; ".join(within(message_text(m, board, with_where=False))
                         for m in value.messages)
    if isinstance(value, Units):
        return units_text(value.counts)
    if isinstance(value, UnitType):
        return unit_noun(value)
    if isinstance(value, Nation):
        return nation_name(value)
    if isinstance(value, Nations):
        return names_together(nation_name(n) for n in value.nations)
    if isinstance(value, Power):
        return power_name(value)
    if isinstance(value, Side):
        return side_name(value)
    if isinstance(value, Phase):
        return phase_name(value)
    if isinstance(value, tuple | list):
        return ", ".join(str(shown(v, board)) for v in value)
    if isinstance(value, DecisionBase):  # what a pending decision asks
        from pacific.text.decisions import decision_question

        return decision_question(value, board) if board is not None else value.describe()
    if isinstance(value, ActionBase):  # an action refused (EDIT-1, EDIT-2)
        from pacific.text.decisions import describe_action

        if board is None:
            return value.describe()
        return describe_action(value, board)  # type: ignore[arg-type]
    return value


def template_text(template: Template, params: Mapping[str, object] | None = None,
                  board: BoardMap | None = None) -> str:
    """A message of the rules layer (an English template, or a singular/plural pair chosen by
    its ``count`` value) in the active language, its values shown by their names.

    Raises:
        KeyError: the template has a placeholder that ``params`` lacks.
    """
    if isinstance(template, tuple):
        count = (params or {}).get("count")
        text = ngettext(template[0], template[1], count if isinstance(count, int) else 2)
    else:
        text = gettext(template)
    if not params:
        return text
    return fill(text, {k: shown(v, board) for k, v in params.items()})


def message_text(message: Message, board: BoardMap | None = None,
                 with_where: bool = True) -> str:
    """A `Message` (an error, a note) in the active language, after the file or place it is
    about when it names one."""
    text = template_text(message.template, message.params, board)
    if with_where and message.where:
        return gettext("{where}: {message}").format(where=message.where, message=text)
    return text
