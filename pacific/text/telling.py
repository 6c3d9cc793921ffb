"""How a record's events are told, as a person tells them: a move before what it took on its
way, and the facts of an amphibious assault's landing that let a log say every ship's
landing there on one line."""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.events import Event
from pacific.rules.movement.events import UnitsMoved, UnitsUnloaded
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.units import lookup


def told_order(events: Sequence[Event]) -> list[Event]:
    """A record's events in the order a person tells them: a move (or a ship's landing)
    before the captures the engine made as the units entered (R-CAPTURE-1), so that "China
    takes Kwangsi" follows "China moved 6 infantry Kweichow → Kwangsi"."""
    moved = next((i for i, e in enumerate(events) if isinstance(e, UnitsMoved | UnitsUnloaded)),
                 None)
    if not moved:
        return list(events)
    return [events[moved], *events[:moved], *events[moved + 1:]]


def assault_landing(event: Event, before: GameState | None
                    ) -> tuple[str, list[tuple[Nation, UnitType]]] | None:
    """The territory and the units (one pair a unit) of a ship's landing in an amphibious
    assault (R-AMPH-1); None for any other event."""
    if not isinstance(event, UnitsUnloaded) or not event.assault:
        return None
    return event.territory, [(c.nation, c.unit_type) for c in lookup(before, event.units)
                             for _ in range(c.count)]


__all__ = ["assault_landing", "told_order"]
