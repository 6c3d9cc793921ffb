"""Units in sentences: counted by type, with their owners, looked up in a position when an
event or an action names them by id ("no internal ids in front of a player")."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.events import UnitCount, count_units
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.language import Nn_, gettext, ngettext
from pacific.text.names import nation_name
from pacific.text.values import units_text

_SOME_UNITS = Nn_("{count} unit", "{count} units")


def lookup(state: GameState | None, ids: Iterable[int]) -> tuple[UnitCount, ...]:
    """The units ``ids`` of ``state`` counted by owner and type (ids it lacks are left out)."""
    if state is None:
        return ()
    return count_units((state.units[i].owner, state.units[i].type) for i in ids
                       if i in state.units)


def counted(counts: Iterable[UnitCount]) -> str:
    """"2 infantry, 1 armor": units by type, owners left out."""
    return units_text((c.unit_type, c.count) for c in counts)


def some_units(count: int) -> str:
    """"3 units": what a sentence says when it cannot tell which units."""
    return ngettext(*_SOME_UNITS, count).format(count=count)


def units_or_count(state: GameState | None, ids: tuple[int, ...]) -> str:
    """The units ``ids`` by type when ``state`` knows them, else how many."""
    counts = lookup(state, ids)
    return counted(counts) if counts else some_units(len(ids))


def by_owner(counts: Iterable[UnitCount]) -> list[tuple[Nation, str]]:
    """Each owner with its units in words, in the order of the counts."""
    owners: dict[Nation, list[UnitCount]] = {}
    for c in counts:
        owners.setdefault(c.nation, []).append(c)
    return [(nation, counted(group)) for nation, group in owners.items()]


def owned(counts: Iterable[UnitCount]) -> str:
    """"Japan: 2 infantry; China: 1 fighter": units by owner and type."""
    return "; ".join(gettext("{nation}: {units}").format(nation=nation_name(n), units=text)
                     for n, text in by_owner(counts))


def owner_of(counts: tuple[UnitCount, ...]) -> Nation | None:
    """The owner of the units, when there is one."""
    return counts[0].nation if counts else None


def one_unit(unit_type: UnitType) -> str:
    """"1 fighter" in the active language."""
    return units_text([(unit_type, 1)])
