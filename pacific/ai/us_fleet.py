"""The United States' task forces behind the main fleet (the careful level): the look with
which they choose their zone (`fleet.FleetMove`) and meet another force (`repair.Gather`).

The main fleet checks its destination with `Turn.priced` (`fleet.priced_zone`). The others
chose by the plain look: the ships left forward when the capital's screen
(`noncombat.KeepScreen`) takes the carriers and destroyers home, and the ships bought in
Sea Zone 5 that follow the main fleet. The plain look reads a battle in which Japan's
aircraft sink every ship but the submarines, which they cannot hit without a Japanese
destroyer there (R-SUB-5), as held (R-NAVAL-4 E), and counts every aircraft in reach, even
one with nowhere to land after the battle (R-AIR-2): so the forward ships sailed on beside
Japan's air bases, and the followers, reading every zone lost, went where the main fleet had
been and was no longer. These forces read the blunder counter's own look
(`blunders.counter_look`): the battle left to the submarines counted as lost, and only the
aircraft that can attack. Measured: docs/ai.md."""

from __future__ import annotations

from pacific.ai.blunders import counter_look
from pacific.ai.turn import Turn
from pacific.rules.nations import Power


def task_force_look(turn: Turn) -> Turn | None:
    """The look of the careful United States' task forces that are not the main fleet
    (`fleet.FleetMove`) and of the stragglers they gather (`repair.Gather`); None for every
    other power and level, which read as before."""
    if turn.level.careful and turn.state.power is Power.US:
        return counter_look(turn)
    return None
