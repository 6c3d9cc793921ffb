"""A small task force's look two turns ahead (the careful level's Japan).

A few destroyers and submarines away from the main fleet, sent to a zone that holds this turn,
can be caught there the turn after: the enemy's aircraft fly to a territory within strike of
every zone the force can reach, its carriers sail nearer, and the force, holding this turn,
has nowhere to go next turn (blunder class 2: a fleet sunk with no zone of its reach safe).
Among the zones that hold this turn, such a force prefers one from which, next turn, a zone
still holds by a cheap bound (every enemy warship within two of its moves and every aircraft
within a move plus its strike, by the strength estimate), or from which the main fleet's
zone is in reach. No exact odds are asked: the bound is only a tie-break between zones that
already hold."""

from __future__ import annotations

from pacific.ai.blunders import LOST
from pacific.ai.judge import rough_win, value
from pacific.ai.threats import AIR_STRIKE, enemy_units
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Side
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_air, is_sea

U = UnitType
# The sides whose careful level's small task forces look two turns ahead: Japan, whose set-up
# destroyers and submarines were caught apart from its main fleet (docs/ai.md).
LOOKING_SIDES = (Side.AXIS,)
SMALL = (U.DESTROYER, U.SUBMARINE)


def main_fleet_zone(turn: Turn) -> str | None:
    """The zone of this power's warships worth most (the main fleet)."""
    worth: dict[str, int] = {}
    for u in turn.state.units.values():
        if turn.ours(u) and is_sea(u.type) and u.type is not U.TRANSPORT \
                and turn.board.is_sea(u.space):
            worth[u.space] = worth.get(u.space, 0) + UNIT_SPECS[u.type].cost
    return max(sorted(worth), key=lambda z: worth[z], default=None)


class TwoTurns:
    """Whether a small force in a zone has, next turn, a zone that still holds."""

    def __init__(self, turn: Turn, force: list[Unit]) -> None:
        self.turn = turn
        self.force = force
        self.ids = {u.id for u in force}
        self.main = main_fleet_zone(turn)
        self.enemies = [u for u in enemy_units(turn.view)
                        if UNIT_SPECS[u.type].attack > 0 and u.carried_by is None
                        and (is_air(u.type) or (is_sea(u.type) and u.type is not U.TRANSPORT))]
        self.moves = min((UNIT_SPECS[u.type].move for u in force), default=0)
        self._holds: dict[str, bool] = {}

    @staticmethod
    def applies(turn: Turn, here: str, force: list[Unit]) -> bool:
        """A careful Japan's force of destroyers and submarines only, away from the main
        fleet."""
        return turn.level.careful and turn.view.side in LOOKING_SIDES and bool(force) \
            and all(u.type in SMALL for u in force) and main_fleet_zone(turn) != here

    def _reaches(self, enemy: Unit, zone: str) -> bool:
        view = self.turn.view
        move = UNIT_SPECS[enemy.type].move
        if is_air(enemy.type):
            return view.air_distance(enemy.space, zone) <= move + AIR_STRIKE.get(enemy.type,
                                                                                 move - 1)
        return view.sea_distance(enemy.space, zone) <= 2 * move

    def holds(self, zone: str) -> bool:
        """The force (with this side's ships there) holds ``zone`` against every enemy
        warship and aircraft that can arrive within two moves, by the strength estimate."""
        if zone not in self._holds:
            mine = [u for u in self.turn.view.friends_at(zone) if u.id not in self.ids
                    and is_sea(u.type) and u.type is not U.TRANSPORT]
            defenders = [*mine, *(moved(u, zone) for u in self.force)]
            attackers = [u for u in self.enemies if self._reaches(u, zone)]
            self._holds[zone] = not attackers or value(attackers) == 0 \
                or rough_win(attackers, defenders) < LOST
        return self._holds[zone]

    def way_out(self, zone: str) -> bool:
        """From ``zone``, next turn, the main fleet's zone or a zone that holds is in reach."""
        view = self.turn.view
        for other in sorted(z.id for z in self.turn.board.sea_zones):
            if view.sea_distance(zone, other) > self.moves:
                continue
            if other == self.main or self.holds(other):
                return True
        return False


__all__ = ["LOOKING_SIDES", "TwoTurns", "main_fleet_zone"]
