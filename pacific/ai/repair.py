"""The hard level's last look at its non-combat movement (`Level.careful`): with every planned
move made, warships (two or more, or a battleship or carrier) and loaded transports in a zone
the enemy wins at >= 0.8 (the fleets `pacific.ai.blunders` counts) sail, all of the zone's
movable ships together, to the zone in reach where they are safest, if one is safe enough
(`blunders.LOST`); loaded transports with no such zone land their cargo on a friendly coast
next to them (`fleet.ashore`).

Walk-ins (blunder class 3) are not mended here: a last look that sent a land unit into every
open territory worth >= 2 IPC lost games against the normal level (it thins the front the
plan built); the planner's own garrisons (`noncombat._garrisons`) answer them.

It is a repeating step: each zone is looked at once, and its moves are sent one per call."""

from __future__ import annotations

from pacific.ai.blunders import LOST
from pacific.ai.fleet import ashore
from pacific.ai.steps import accepted
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Unload
from pacific.rules.engine import Game
from pacific.rules.groups import identical_groups
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_land, is_sea, is_warship

U = UnitType
# Zones a threatened force's destination is chosen among with the exact odds, at most.
CHECKED = 6


class Repair:
    """Mend the blunders left once the non-combat plan has been played."""

    repeat = True
    kind = "safety"

    def __init__(self, turn0: Turn) -> None:
        self.turn0 = turn0
        self.looked: set[str] = set()
        self.queue: list[tuple[tuple[int, ...], str]] = []
        # Loaded transports that land their cargo (`fleet.ashore`): (transport, coast).
        self.landings: list[tuple[int, str]] = []

    def __call__(self, game: Game, state: GameState) -> Action | None:
        while True:
            while self.landings:
                ship, coast = self.landings.pop(0)
                cargo = tuple(sorted(u.id for u in state.cargo_of(ship)))
                if ship not in state.units or not cargo:
                    continue
                action = accepted(game, state, Unload(transport=ship, units=cargo,
                                                      territory=coast))
                if action is not None:
                    return action
            while self.queue:
                ids, destination = self.queue.pop(0)
                ids = tuple(i for i in ids if i in state.units)
                if not ids:
                    continue
                action = accepted(game, state, game.drop_action(state, ids, destination))
                if action is not None:
                    return action
            turn = Turn(game, state, self.turn0.level, self.turn0.judge, self.turn0.memory)
            if not self._next_problem(game, turn):
                return None

    def _next_problem(self, game: Game, turn: Turn) -> bool:
        """Queue the moves that take the next fleet in danger away (False: none left)."""
        for zone in self._zones(turn):
            if zone in self.looked:
                continue
            self.looked.add(zone)
            if turn.danger(zone) < LOST:
                continue
            self.queue = self._sail_away(game, turn, zone)
            if self.queue:
                return True
            # Nowhere safe in reach: the cargo goes ashore rather than down with the ships.
            for ship in sorted(u.id for u in turn.view.friends_at(zone) if turn.ours(u)
                               and u.type is U.TRANSPORT and turn.state.cargo_of(u.id)):
                place, coast = ashore(game, turn.state, turn, turn.state.units[ship], ())
                if coast is not None and place == zone:
                    self.landings.append((ship, coast))
            if self.landings:
                return True
        return False

    def _zones(self, turn: Turn) -> list[str]:
        """Zones with a fleet (`blunders.fleets_at_risk`'s) or loaded transports of ours."""
        out = []
        state = turn.state
        for zone in sorted({u.space for u in state.units.values() if turn.ours(u)
                            and is_sea(u.type) and turn.board.is_sea(u.space)}):
            ships = [u for u in turn.my_defenders(zone) if is_warship(u.type)]
            fleet = len(ships) >= 2 or any(u.type in (U.BATTLESHIP, U.CARRIER) for u in ships)
            loaded = any(u.type is U.TRANSPORT and state.cargo_of(u.id) and turn.ours(u)
                         for u in turn.view.friends_at(zone))
            if fleet or loaded:
                out.append(zone)
        return out

    def _sail_away(self, game: Game, turn: Turn, zone: str) -> list[tuple[tuple[int, ...], str]]:
        state = turn.state
        ships = [u for u in turn.view.friends_at(zone) if turn.ours(u) and is_sea(u.type)
                 and u.carried_by is None]
        moving: list[tuple[int, ...]] = []
        reach: set[str] | None = None
        for group in identical_groups(ships):
            targets = game.drop_targets(state, [group[0].id])
            places = {s for s, t in targets.items() if t.meaning == "move"
                      and turn.board.is_sea(s) and not turn.view.enemies_at(s)}
            if not places:
                continue
            moving.append(tuple(u.id for u in group))
            reach = places if reach is None else reach & places
        if not moving or not reach:
            return []
        ids = {i for group in moving for i in group}
        force = [state.units[i] for i in sorted(ids)]
        force += [u for u in state.units.values() if u.carried_by in ids and not is_land(u.type)]

        def defenders(place: str) -> list[Unit]:
            return [*(u for u in turn.my_defenders(place) if u.id not in ids),
                    *(moved(u, place) for u in force)]

        ranked = sorted(reach, key=lambda z: (turn.danger(z, defenders=defenders(z),
                                                          exact=False), z))
        for place in ranked[:CHECKED]:
            if turn.danger(place, defenders=defenders(place)) < LOST:
                return [(group, place) for group in moving]
        return []
