"""The task forces behind the main fleet (the careful level): the look with which they choose
their zone (`fleet.FleetMove`) and meet another force (`repair.Gather`), one table for the
powers whose forces read the blunder counter's own look (`TASK_FORCE_LOOKS`).

The main fleet checks its destination with `Turn.priced` (`fleet.priced_zone`). The others
chose by the plain look, which reads a battle in which the enemy's aircraft sink every ship
but the submarines, which they cannot hit without a destroyer of their side there (R-SUB-5),
as held (R-NAVAL-4 E), and counts every aircraft in reach, even one with nowhere to land
after the battle (R-AIR-2):

- the United States' ships left forward when the capital's screen (`noncombat.KeepScreen`)
  takes the carriers and destroyers home, and the ships bought in Sea Zone 5 that follow the
  main fleet, sailed on beside Japan's air bases, or, reading every zone lost, went where the
  main fleet had been and was no longer;
- Japan's small task forces of the middle game (a destroyer and a submarine, a carrier with
  them) sailed from the zone they held to one beside the Allies' air bases and carriers,
  their submarine reading it held, or stayed in such a zone beside their loaded transports.

These forces read the counter's look (`blunders.counter_look`): the battle left to the
submarines counted as lost, and only the aircraft that can attack. Measured: docs/ai-journal.md."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pacific.ai.blunders import counter_look
from pacific.ai.turn import Turn
from pacific.rules.engine import Game
from pacific.rules.nations import Power, Side
from pacific.rules.queries import DropTarget
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_warship


@dataclass(frozen=True)
class Row:
    """Which careful task forces of a power read the counter's look: from which round, and
    whether only a force with submarines beside its surface warships (the battle the
    enemy's aircraft leave to the submarines, R-SUB-5, R-NAVAL-4 E, the plain look's
    misreading)."""

    from_round: int
    with_submarines: bool


# Japan from round 3: its opening (rounds 1-2, the same position in every game) plays as
# measured, a check there changed the round-2 raids and lost Japan games; and only its forces
# with submarines beside surface warships: every force checked, a lone battleship kept off a
# raid turned games against the normal Allies (docs/ai-journal.md).
TASK_FORCE_LOOKS = {Power.US: Row(1, False), Power.JAPAN: Row(3, True)}


def task_force_look(turn: Turn, force: Iterable[Unit] = ()) -> Turn | None:
    """The look of the careful task forces that are not the main fleet (`fleet.FleetMove`,
    ``force``) and of the stragglers they gather (`repair.Gather`) of the powers of
    `TASK_FORCE_LOOKS`; None for every other power, level, round and force, which read as
    before."""
    row = TASK_FORCE_LOOKS.get(turn.state.power)
    if not turn.level.careful or row is None or turn.state.round < row.from_round:
        return None
    if row.with_submarines and not _submarines_beside_surface_ships(list(force)):
        return None
    return counter_look(turn)


def _submarines_beside_surface_ships(force: list[Unit]) -> bool:
    return any(u.type is UnitType.SUBMARINE for u in force) \
        and any(is_warship(u.type) and u.type is not UnitType.SUBMARINE for u in force)


def group_reach(game: Game, turn: Turn, ids: list[int]) -> dict[str, DropTarget]:
    """The drop targets from which a task force (`fleet.FleetMove`) reads where a group of
    identical ships can sail: for the careful Allies the whole group's, so that a group sails
    only where each of its ships can (a carrier on which a fighter has landed this turn may
    not move, R-CARRIER-5: eight American carriers, five of them decks for the fighters back
    from Japan, were read from the first one, free, and the destroyers and submarines sailed
    without them to a zone the priced look holds only with them); else the first ship's, as
    before."""
    if turn.level.careful and turn.view.side is Side.ALLIES:
        return game.drop_targets(turn.state, ids)
    return game.drop_targets(turn.state, ids[:1])
