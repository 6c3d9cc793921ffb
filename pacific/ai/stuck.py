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
from pacific.rules.units import UnitType

STUCK_LOOK_POWERS = (Power.UK,)
# The ships whose loss where they fought a power of `STUCK_LOOK_POWERS` does not trade for a
# battle (`vetoes_stuck_fleet`): its battleship and carrier, the Indian Ocean force's core.
# Two destroyers raiding Japan's transports are traded as the score weighs them: vetoed too,
# the opening's round-3 raid in Sea Zone 3 went in nearly every game and Japan won 8 of 10
# games it won 4 of (docs/ai-journal.md).
CAPITAL_SHIPS = (UnitType.BATTLESHIP, UnitType.CARRIER)


def stuck_chance(turn: Turn, target: str, survivors: list[Unit], counter: float) -> float:
    """The chance the enemy sinks ``survivors``, left in the sea zone ``target`` after their
    battle (R-NONCOMBAT-2): for a fleet (what blunder class 2 counts) of a power of
    `STUCK_LOOK_POWERS` at the careful level, the higher of ``counter`` (the planner's answer)
    and the counter's look; else ``counter``."""
    if not (turn.level.careful and turn.state.power in STUCK_LOOK_POWERS
            and is_fleet(survivors)):
        return counter
    return max(counter, counter_look(turn).danger(target, defenders=survivors))


def stuck_at(turn: Turn, target: str, staying: list[Unit]) -> float:
    """The chance the enemy sinks ``staying`` (ships of a sea attack that won) in ``target``,
    where they cannot move on from (R-NONCOMBAT-2): the planner's answer, read with the
    counter's look where `stuck_chance` reads it so."""
    return stuck_chance(turn, target, staying, turn.danger(target, defenders=staying))


def vetoes_stuck_fleet(turn: Turn, staying: list[Unit]) -> bool:
    """Whether the power to act leaves out a sea attack whose survivors ``staying`` stay as a
    fleet lost where they fought (at >= `attacks.STUCK_LOST`, by `stuck_at`) when no smaller
    force wins it (`combat_move.spare_fleets`): a power of `STUCK_LOOK_POWERS` at the careful
    level, where a battleship or a carrier stays (`CAPITAL_SHIPS`). The United Kingdom's
    Indian battleship was traded for a zone of Japan's empty transports, worth a few IPC by the
    score (six transports sunk, the battleship counted lost), and left as the fleet blunder
    class 2 counts; its carrier in reach was no cover (0.78 with its one fighter left). Another
    time the planner's answer read the battleship held where it fought (0.69) and the
    counter's look, Japan's flights over their air bases priced, sank it (1.00): the veto reads
    `stuck_at` (docs/ai-journal.md)."""
    return turn.level.careful and turn.state.power in STUCK_LOOK_POWERS \
        and any(u.type in CAPITAL_SHIPS for u in staying)


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
