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
  and lost Japan games (docs/ai-journal.md);
- the warship sailed to the submarine first, and the two would sail on together as one task
  force (the task forces move in their zones' order): where that look loses them together they
  part (`fleet.FleetMove._split`), the submarine to where it holds, the warship on alone.

And the lone submarine itself, from round 4 (`stays_as_lone_submarine`): the submarine sent
home by that parting waited off Japan, where the plain look reads it held beside the
transports and the counter's look loses it, and the destroyer lost everywhere sailed to it
there, the two a fleet that look loses. Such a submarine, where it would stay (or wait for
the new ships), checks its zone with that look too, and sails where that look holds it, if
its reach has such a zone; one that sails on to another zone plays as before."""

from __future__ import annotations

from pacific.ai.blunders import is_fleet
from pacific.ai.turn import Turn
from pacific.rules.nations import Side
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_warship

# The sides whose careful ships check such a destination: Japan, whose round-2 raiders (a
# destroyer, a submarine) met beside its empty transports and off Japan, lost (docs/ai-journal.md).
JOINING_SIDES = (Side.AXIS,)
# The first round in which a lone submarine checks its zone with the counter's look: Japan's
# opening and its round-2 raiders' return (rounds 1-3) play as measured; a lone submarine
# checked there changed the opening in every game and lost Japan games (docs/ai-journal.md).
LONE_FROM_ROUND = 4
# The first round in which a task force that a straggler joined reads the counter's look
# (`joiner_bounds`): Japan's opening (rounds 1-2) plays as measured.
JOINER_FROM_ROUND = 3


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


def submarines_together(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force`` is the careful Japan's task force of submarines alone, two or more (a
    fleet, `blunders.is_fleet`), from `JOINER_FROM_ROUND`: its zone is checked with the
    counter's look as a lone submarine's is (against aircraft alone the plain look reads it
    held, R-SUB-5; two submarines left their zone, held by that look, for one where the enemy's
    ships sink them, docs/ai-journal.md)."""
    if not turn.level.careful or turn.view.side not in JOINING_SIDES \
            or turn.state.round < JOINER_FROM_ROUND:
        return False
    return len(force) >= 2 and all(u.type is UnitType.SUBMARINE for u in force)


def stays_as_lone_submarine(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force`` is the careful Japan's lone submarine (no other warship of ours
    beside it, R-SUB-5's battle against aircraft alone) from `LONE_FROM_ROUND`: where it
    would stay, its zone is checked with the counter's look (the module docstring's last
    paragraph)."""
    if not turn.level.careful or turn.view.side not in JOINING_SIDES \
            or turn.state.round < LONE_FROM_ROUND:
        return False
    if [u.type for u in force] != [UnitType.SUBMARINE]:
        return False
    here = force[0].space
    return not any(turn.ours(u) and is_warship(u.type) and u.id != force[0].id
                   for u in turn.view.friends_at(here))


def joiner_bounds(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force`` is a task force of the careful Japan, from `JOINER_FROM_ROUND`, that a
    warship joined in this non-combat movement (the task forces move in their zones' order:
    a straggler of a zone named before sailed into this one first). With less of its move
    left (R-NONCOMBAT-2) the joiner bounds where the force can sail, and the plain look held
    the force in the zone the straggler had sailed to. `fleet.FleetMove._joiners_left` then
    reads the force's destination with the counter's look, as for the main fleet: where that
    look loses it, the joiners stay and the rest sails where that look holds it, if its own
    reach has such a zone. Only joiners that are no fleet themselves (a destroyer, a
    submarine): a battleship left behind is a fleet left where it is lost (measured: it
    turned a game against the normal Allies, docs/ai-journal.md)."""
    if not turn.level.careful or turn.view.side not in JOINING_SIDES \
            or turn.state.round < JOINER_FROM_ROUND:
        return False
    joined = [u for u in force if is_warship(u.type) and u.noncombat_moved]
    return is_fleet(force) and bool(joined) and not is_fleet(joined)


__all__ = ["JOINER_FROM_ROUND", "JOINING_SIDES", "LONE_FROM_ROUND", "joiner_bounds",
           "joins_as_pair", "stays_as_lone_submarine"]
