"""The ships a sea battle leaves where they fought (the hard level). Ships that fought cannot
move on in non-combat movement (R-NONCOMBAT-2): a fleet that wins a battle stays in its zone
through the enemy's next turn, and the attack counts it lost whole where the enemy sinks it
there at >= `attacks.STUCK_LOST` (`attacks.score`). The careful level's planner reads that
chance with its own answer (`Turn.threat`), which the rows of `STUCK_LOOKS` read otherwise:

- the United Kingdom by the lower of two looks' "held": the planner's answer and the blunder
  counter's (`blunders.counter_look`: Japan's aircraft that reach over their island air bases,
  R-AIRBASE-1, and a battle left to submarines, R-SUB-5, counted as the fleet lost), in every
  sea battle's score. The planner's answer read Japan's fighters short and the battleship and
  destroyer of the Indian Ocean force were traded for transports in a zone those fighters
  reach (measured, docs/ai-journal.md);
- Japan, which plans its combat movement without the care (`levels.japan_attack_care`), by its
  planner's answer, as a veto only: a battle that does not pay for the fleet it leaves there is
  not fought; one that pays keeps its score (its opening and raids are not moved: measured,
  with the counter's look the round-1 strike on the Philippines was vetoed and Japan lost its
  games).

The United States read as before: their two cases were a battle's outcome (a submarine that
submerged, R-SUB-6) and a trade worth it by the engine's figures."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.ai.blunders import counter_look, is_fleet
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.state import Unit


@dataclass(frozen=True)
class Row:
    """How a power prices a fleet left where it fought: ``priced`` (every sea battle's score
    counts it, else a veto only) and ``counter`` (the counter's look as well as the planner's
    answer, else the planner's answer alone)."""

    priced: bool
    counter: bool


STUCK_LOOKS = {Power.UK: Row(priced=True, counter=True),
               Power.JAPAN: Row(priced=False, counter=False)}


def stuck_row(turn: Turn) -> Row | None:
    """The row of the power to act at the hard level (the level that searches whole plans:
    Japan plans without `careful`), or None: every other power and level, as before."""
    if not turn.level.plan_search:
        return None
    return STUCK_LOOKS.get(turn.state.power)


def stuck_chance(turn: Turn, row: Row, target: str, survivors: list[Unit],
                 counter: float) -> float:
    """The chance the enemy sinks ``survivors``, left in the sea zone ``target`` after their
    battle (R-NONCOMBAT-2): ``counter`` (the planner's answer) or, by ``row``, the higher of it
    and the counter's look; 0.0 where they are no fleet (what blunder class 2 counts)."""
    if not is_fleet(survivors):
        return 0.0
    if not row.counter:
        return counter
    return max(counter, counter_look(turn).danger(target, defenders=survivors))
