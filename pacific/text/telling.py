"""How a record's events are told, as a person tells them: a move before what it took on its
way, a battle before the capture it brings, and the facts of an amphibious assault's landing
that let a log say every ship's landing there on one line."""

from __future__ import annotations

from collections.abc import Sequence

from pacific.rules.combat.events import BattleEnded
from pacific.rules.events import Event, TerritoryCaptured
from pacific.rules.movement.events import UnitsMoved, UnitsUnloaded
from pacific.rules.nations import Nation
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text.units import lookup


def told_order(events: Sequence[Event]) -> list[Event]:
    """A record's events in the order a person tells them, each thing once: a move (or a
    ship's landing) before the captures the engine made as the units entered (R-CAPTURE-1),
    so that "China takes Kwangsi" follows "China moved 6 infantry Kweichow → Kwangsi"; and a
    battle won before the capture it brings (R-COMBAT-9), the capture said by its own line
    ("Japan wins the battle in Kiangsi", "Japan takes Kiangsi from China"), not twice."""
    told = list(events)
    moved = next((i for i, e in enumerate(told) if isinstance(e, UnitsMoved | UnitsUnloaded)),
                 None)
    if moved:
        told = [told[moved], *told[:moved], *told[moved + 1:]]
    for index, event in enumerate(told):
        if not isinstance(event, BattleEnded) or event.captured_by is None:
            continue
        taken = next((i for i, e in enumerate(told[:index])
                      if isinstance(e, TerritoryCaptured) and e.space == event.space), None)
        if taken is not None:   # the capture and what it brought (a capital's IPC) after
            won = event.model_copy(update={"captured_by": None})
            told = [*told[:taken], won, *told[taken:index], *told[index + 1:]]
            break
    return told


def assault_landing(event: Event, before: GameState | None
                    ) -> tuple[str, list[tuple[Nation, UnitType]]] | None:
    """The territory and the units (one pair a unit) of a ship's landing in an amphibious
    assault (R-AMPH-1); None for any other event."""
    if not isinstance(event, UnitsUnloaded) or not event.assault:
        return None
    return event.territory, [(c.nation, c.unit_type) for c in lookup(before, event.units)
                             for _ in range(c.count)]


__all__ = ["assault_landing", "told_order"]
