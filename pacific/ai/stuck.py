"""The ships a sea battle leaves where they fought (the careful level). Ships that fought
cannot move on in non-combat movement (R-NONCOMBAT-2): a fleet that wins a battle stays in its
zone through the enemy's next turn, and the attack counts it lost whole where the enemy sinks
it there at >= `attacks.STUCK_LOST` (`attacks.score`).

The planner reads that chance with its own answer (`Turn.threat`), which reads Japan's fighters
over their island air bases short (R-AIRBASE-1): the United Kingdom's battleship and destroyer
of the Indian Ocean force were traded for Japanese transports in a zone those fighters reach.
The powers of `STUCK_LOOK_POWERS` read the chance by the lower of two looks' "held": the
planner's answer and the blunder counter's (`blunders.counter_look`), in every sea battle's
score (walk-ins on empty routes are `british.uk_route_raid`'s).

Measured per power (docs/ai-journal.md): Japan's fleets that fought were lost wherever they
could have sailed (a veto on its battles moved the counts to the zones they sailed to, and
with the counter's look vetoed its round-1 strike on the Philippines); the United States'
were a battle's outcome (a submarine that submerged, R-SUB-6) and a trade worth it."""

from __future__ import annotations

from pacific.ai.blunders import counter_look, is_fleet
from pacific.ai.turn import Turn
from pacific.rules.nations import Power
from pacific.rules.state import Unit

STUCK_LOOK_POWERS = (Power.UK,)


def stuck_chance(turn: Turn, target: str, survivors: list[Unit], counter: float) -> float:
    """The chance the enemy sinks ``survivors``, left in the sea zone ``target`` after their
    battle (R-NONCOMBAT-2): for a fleet (what blunder class 2 counts) of a power of
    `STUCK_LOOK_POWERS` at the careful level, the higher of ``counter`` (the planner's answer)
    and the counter's look; else ``counter``."""
    if not (turn.level.careful and turn.state.power in STUCK_LOOK_POWERS
            and is_fleet(survivors)):
        return counter
    return max(counter, counter_look(turn).danger(target, defenders=survivors))


def lone_raider(turn: Turn, gain: float, hold_turns: float, alone: tuple[float, int],
                together: tuple[float, int]) -> bool:
    """Whether the cheapest warship takes an empty enemy convoy route alone rather than with
    the other warships of its zone, for a power of `STUCK_LOOK_POWERS` at the careful level:
    one ship takes the route as all of them do (R-CONVOY-3), and the ships that took it
    cannot sail on (R-NONCOMBAT-2), so each force is worth the route's ``gain`` this turn and,
    while held, the next ``hold_turns``, less the ships the enemy sinks there. ``alone`` and
    ``together``: the chance the enemy sinks that force there, and its value. A force lost
    there either way is sent whole for a route's income: a battleship and a destroyer went
    where one destroyer took the same route. Only where the lone raid is worth making at all:
    a raid worth nothing either way is not made, and is left to be judged as before."""
    if not (turn.level.careful and turn.state.power in STUCK_LOOK_POWERS):
        return False

    def worth(force: tuple[float, int]) -> float:
        lost, ships = force
        return gain * (1 + hold_turns * (1 - lost)) - lost * ships

    return worth(alone) > max(worth(together), 0.0)
