"""A submarine of the careful Japan and one lone warship of ours meeting where the submarine
sails, the two making what blunder class 2 calls a fleet (`blunders.is_fleet`) and neither
alone one.

Against aircraft alone a submarine can neither hit nor be hit (R-SUB-5): the battle ends in a
stalemate with the other ships sunk (R-NAVAL-4 E), and the planner's plain look reads a zone
with a submarine in it as held. So the submarine sailed to a destroyer the enemy's fighters
sink, the two a fleet the counter's own look (`blunders.counter_look`) loses, when a zone that
look holds was in its reach. Such a destination is checked with that look (`fleet.priced_zone`).

The pair meets two ways, each checked so:
- the lone submarine sails to the warship; only where that warship stays (it moved, attacked
  or fought this turn: R-NONCOMBAT-2, R-COMBAT-3): a warship that can still sail on may leave
  the submarine alone, and checking the submarine there changed Japan's opening in every game
  and lost Japan games (docs/ai.md);
- the warship sailed to the submarine first, and the two would sail on together as one task
  force (the task forces move in their zones' order): where that look loses them together they
  part (`fleet.FleetMove._split`), the submarine to where it holds, the warship on alone."""

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
    """Whether ``force``, the careful Japan's lone submarine or the submarine with the one
    warship that sailed to it, would make a fleet in ``destination`` with that lone warship
    staying (the module docstring's two ways)."""
    subs = [u for u in force if u.type is UnitType.SUBMARINE]
    if not turn.level.careful or turn.view.side not in JOINING_SIDES or len(subs) != 1 \
            or len(force) > 2:
        return False
    there = {u.id: u for u in [*force, *turn.view.friends_at(destination)] if turn.ours(u)
             and is_warship(u.type) and u.carried_by is None and u.id != subs[0].id}
    others = list(there.values())
    if is_fleet(others) or not is_fleet([*others, *subs]):
        return False     # a fleet already there gains a submarine whatever the look
    return all(u.noncombat_moved or u.combat_moved or u.fought for u in others)


__all__ = ["JOINING_SIDES", "joins_as_pair"]
