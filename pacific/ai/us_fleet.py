"""The United States' task forces behind the main fleet (the careful level): which of them
check their destination with the priced look (`fleet.priced_zone`), as the main fleet does.

Where the capital's screen (`noncombat.KeepScreen`) takes the carriers, destroyers and
battleships home, the ships left in the forward zone (the submarines, with a carrier or
destroyer or two) are no longer the main fleet, and chose their zone by the plain look: a
battle in which Japan's aircraft sink every ship but the submarines, which they cannot hit
without a Japanese destroyer there (R-SUB-5), ends with the submarines left (R-NAVAL-4 E)
and reads held, so they sailed on toward Japan beside its air bases and the carriers and
destroyers were sunk. Measured: docs/ai.md."""

from __future__ import annotations

from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_warship


def prices_every_task_force(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force``, a task force of the careful United States that is not the main
    fleet, checks its destination with the priced look too: one whose submarines sail beside
    surface warships (the battle the plain look misreads, R-SUB-5, R-NAVAL-4 E)."""
    if not (turn.level.careful and turn.state.power is Power.US):
        return False
    ships = [u for u in force if is_warship(u.type)]
    return any(u.type is UnitType.SUBMARINE for u in ships) \
        and any(u.type is not UnitType.SUBMARINE for u in ships)
