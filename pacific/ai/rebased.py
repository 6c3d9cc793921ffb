"""A look a turn ahead for the careful United Kingdom's fleets: where the enemy's aircraft can
base before the British turn after this one.

Between two British turns the enemy moves once (R-TURN-1): its aircraft may end that turn's
non-combat movement on any territory of their side within their move (R-AIR-3), and an island
air base gives them a free step to its sea zone (R-AIRBASE-1), so that from the Philippines
Japan's fighters reach every zone the Indian Ocean force can sail to. A zone the counter's
look (`blunders.counter_look`) holds now can then be a trap: at the next British turn every
zone of the force's reach, its own included, is lost, and the force is counted wherever it
goes (blunder class 2).

`Rebased` reads that position: the enemy's reach at each zone as the counter's look reads it,
plus every aircraft that can fly to a territory of its side in one move and strike the zone
from there with somewhere to land after (R-AIR-2). Each zone is read on its own, every
aircraft basing where it best reaches that zone: a bound on what the enemy can do, not a plan
of its move. The force's next reach (`exits`) counts a zone two steps away only through a zone
no enemy ship can enter in its turn between: a ship there stops the force (R-MOVE-7), and a
lone transport closed the only way west of Sea Zone 46 (docs/ai-journal.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pacific.ai.blunders import LOST, Seen
from pacific.ai.turn import Memory, Turn
from pacific.ai.view import moved
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, is_air, is_land, is_sea

# Exact odds one `Rebased` look may ask for; past it the strength estimate answers (a count,
# not a time, so that a game stays the same for a given seed on any machine).
REBASED_BUDGET = 60


@dataclass
class Rebased(Seen):
    """The counter's look (``now``: `blunders.counter_look`) a turn later, with the enemy's
    aircraft that can fly to ``base`` in their next non-combat move based there too (each
    counted where it reaches the zone from: where it is, or ``base``)."""

    now: Seen | None = None
    base: str = ""
    movers: list[Unit] = field(default_factory=list)
    ahead: dict[str, list[Unit]] = field(default_factory=dict)

    def reach(self, space: str) -> list[Unit]:
        if self.now is None:
            return super().reach(space)
        if space not in self.ahead:
            found = list(self.now.reach(space))
            ids = {u.id for u in found}
            found += [moved(u, self.base) for u in self.movers
                      if u.id not in ids and self._lands(moved(u, self.base), space)]
            self.ahead[space] = found
        return self.ahead[space]


def rebased_looks(turn: Turn) -> list[Rebased]:
    """``turn``'s position read a turn ahead: the counter's look as it is, and one `Rebased`
    look for each territory of the enemy's that its aircraft can fly to in one move (R-AIR-3,
    their flights priced, R-AIRBASE-1), sharing one memory and odds budget."""
    memory = Memory(exact_left=REBASED_BUDGET)
    now = Seen(turn.game, turn.state, turn.level, turn.judge, memory, enemy_kamikazes=True,
               air_bases=True)
    view = turn.view
    aircraft = [u for u in turn.enemies if is_air(u.type) and u.carried_by is None]
    looks = [Rebased(turn.game, turn.state, turn.level, turn.judge, memory,
                     enemy_kamikazes=True, air_bases=True)]
    for base, owner in sorted(turn.state.territory_owner.items()):
        if not view.enemy(owner):
            continue
        movers = [u for u in aircraft if u.space != base and view.air_cost(
            u.owner, u.space, base) <= UNIT_SPECS[u.type].move]
        if movers:
            looks.append(Rebased(turn.game, turn.state, turn.level, turn.judge, memory,
                                 enemy_kamikazes=True, air_bases=True, now=now, base=base,
                                 movers=movers))
    return looks


def exits(turn: Turn, zone: str, force: list[Unit]) -> list[str]:
    """The sea zones ``force`` can sail to from ``zone`` in its next turn (``zone`` included):
    within its slowest ship's move, through zones no enemy ship can enter in its turn between
    (the hop count of each ship's move, R-MOVE-7)."""
    move = min((UNIT_SPECS[u.type].move for u in force if is_sea(u.type)), default=0)
    view, board = turn.view, turn.board
    ships = [u for u in turn.enemies if is_sea(u.type) and u.carried_by is None]

    def closable(sea: str) -> bool:
        return any(view.sea_distance(u.space, sea) <= UNIT_SPECS[u.type].move for u in ships)

    found, frontier = {zone}, {zone}
    for _ in range(move):
        further: set[str] = set()
        for here in sorted(frontier):
            for sea in sorted(board.neighbours[here]):
                if board.is_sea(sea) and sea not in found:
                    found.add(sea)
                    if not closable(sea):
                        further.add(sea)
        frontier = further
    return sorted(found)


def cornered_next_turn(turn: Turn, looks: list[Rebased], zone: str, force: list[Unit]
                       ) -> bool:
    """Whether ``force`` ending this turn in ``zone`` is lost at >= `LOST`, by one of the
    ``looks`` (`rebased_looks`: the enemy's aircraft flown to one base), in every zone of its
    next reach (`exits`), with this side's ships there now beside it: the trap of the
    module."""
    ids = {u.id for u in force}
    sailing = [u for u in force if not is_land(u.type)]
    reach = exits(turn, zone, force)

    def defenders(sea: str) -> list[Unit]:
        return [*(u for u in turn.my_defenders(sea) if u.id not in ids),
                *(moved(u, sea) for u in sailing)]

    for look in looks:
        ranked = sorted(reach, key=lambda z: (
            look.danger(z, defenders=defenders(z), exact=False), z))
        if all(look.danger(z, defenders=defenders(z)) >= LOST for z in ranked):
            return True
    return False
