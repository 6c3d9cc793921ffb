"""Japan's submarine and one lone warship of the careful Japan meeting where one of them
sails, the two making what blunder class 2 calls a fleet (`blunders.is_fleet`) and neither
alone one.

Against aircraft alone a submarine can neither hit nor be hit (R-SUB-5): the battle ends in a
stalemate with the other ships sunk (R-NAVAL-4 E), and the planner's plain look reads a zone
with a submarine in it as held. So the submarine sailed to a destroyer the enemy's fighters
sink, the two a fleet the counter's own look (`blunders.counter_look`) loses, when a zone that
look holds was in its reach. Such a destination is checked with that look (`fleet.priced_zone`).

The pair meets three ways, each checked so:
- the lone submarine sails to the warship; only where that warship stays (it moved, attacked
  or fought this turn: R-NONCOMBAT-2, R-COMBAT-3): a warship that can still sail on may leave
  the submarine alone, and checking the submarine there changed Japan's opening in every game
  and lost Japan games (docs/ai.md);
- the warship sailed to the submarine first, and the two would sail on together as one task
  force (the task forces move in their zones' order): where that look loses them together they
  part (`fleet.FleetMove._split`), the submarine to where it holds, the warship on alone;
- a lone warship sails to the lone submarine: it sails instead where that look holds it, if
  any zone of its reach does."""

from __future__ import annotations

from pacific.ai.blunders import is_fleet
from pacific.ai.turn import Turn
from pacific.rules.nations import Side
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_warship

# The sides whose careful ships check such a destination: Japan, whose round-2 raiders (a
# destroyer, a submarine) met beside its empty transports and off Japan, lost (docs/ai.md).
JOINING_SIDES = (Side.AXIS,)


def joins_as_pair(turn: Turn, force: list[Unit], destination: str) -> bool:
    """Whether ``force`` would make with the ships of ours in ``destination`` the careful
    Japan's pair of a submarine and one lone warship, met one of the module docstring's ways."""
    if not turn.level.careful or turn.view.side not in JOINING_SIDES or len(force) > 2:
        return False
    there = {u.id: u for u in [*force, *turn.view.friends_at(destination)] if turn.ours(u)
             and is_warship(u.type) and u.carried_by is None}
    subs = [u for u in there.values() if u.type is UnitType.SUBMARINE]
    others = [u for u in there.values() if u.type is not UnitType.SUBMARINE]
    if len(subs) != 1 or len(others) != 1 or is_fleet(others):
        return False     # a fleet already there gains a ship whatever the look
    sailing = {u.id for u in force}
    sub, other = subs[0], others[0]
    if sub.id in sailing:
        return other.noncombat_moved or other.combat_moved or other.fought
    return len(force) == 1


__all__ = ["JOINING_SIDES", "joins_as_pair"]
