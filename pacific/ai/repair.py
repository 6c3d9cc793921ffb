"""The hard level's last look at its non-combat movement (`Level.careful`): with every planned
move made, warships (two or more, or a battleship or carrier) and loaded transports in a zone
the enemy wins at >= 0.8 (the fleets `pacific.ai.blunders` counts) sail, all of the zone's
movable ships together, to the zone in reach where they are safest, if one is safe enough
(`blunders.LOST`), unless they hold there with the ships bought this turn, placed after them;
loaded transports with no such zone land their cargo on a friendly coast next to them
(`transport_move.ashore`).

Walk-ins (blunder class 3) are not mended here: a last look that sent a land unit into every
open territory worth >= 2 IPC lost games against the normal level (it thins the front the
plan built); the planner's own garrisons (`noncombat._garrisons`) answer them.

Ships that fought cannot sail away (R-NONCOMBAT-2): before the task forces move, `Join` sends
those that can reach such a fleet to it where together they hold.

A straggler that holds nowhere it can reach alone is met by another task force where
together they hold (`Gather`), also before the task forces move.

All are repeating steps: each zone is looked at once, and its moves are sent one per call."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.ai.blunders import LOST, is_fleet
from pacific.ai.fleet import (
    new_ships,
    new_ships_look,
    pull_by_sea,
    ships_at,
    waits_for_new_ships,
)
from pacific.ai.judge import value
from pacific.ai.steps import QueuedDrops, accepted, next_queued
from pacific.ai.transport_move import ashore
from pacific.ai.turn import Turn
from pacific.ai.us_fleet import task_force_look
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Unload
from pacific.rules.engine import Game
from pacific.rules.groups import identical_groups
from pacific.rules.nations import Power
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_land, is_sea, is_warship

U = UnitType
# Zones a threatened force's destination is chosen among with the exact odds, at most.
CHECKED = 6
# A force whose strength estimate in some zone of its reach is below this holds there.
CLEARLY_HOLDS = 0.2


class Repair:
    """Mend the blunders left once the non-combat plan has been played."""

    repeat = True
    kind = "safety"

    def __init__(self, turn0: Turn) -> None:
        self.turn0 = turn0
        self.looked: set[str] = set()
        self.queue: list[tuple[tuple[int, ...], str]] = []
        # Loaded transports that land their cargo (`transport_move.ashore`): (transport, coast).
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
            action = next_queued(game, state, self.queue)
            if action is not None:
                return action
            turn = self.turn0.at(state)
            if not self._next_problem(game, turn):
                return None

    def _next_problem(self, game: Game, turn: Turn) -> bool:
        """Queue the moves that take the next fleet in danger away (False: none left)."""
        for zone in self._zones(turn):
            if zone in self.looked:
                continue
            self.looked.add(zone)
            if turn.danger(zone) < LOST or self._waits(game, turn, zone):
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

    @staticmethod
    def _waits(game: Game, turn: Turn, zone: str) -> bool:
        """Whether the ships in ``zone`` hold there with the ships bought this turn, which are
        placed after the fleet has moved (R-PLACE-1) and would be sunk alone wherever they
        may be placed (`fleet.waits_for_new_ships`): then they stay for them."""
        force = [u for u in turn.view.friends_at(zone) if turn.ours(u) and not is_land(u.type)]
        return waits_for_new_ships(game, turn, zone, force)

    def _zones(self, turn: Turn) -> list[str]:
        """Zones with a fleet (`blunders.fleets_at_risk`'s) or loaded transports of ours."""
        out = []
        state = turn.state
        for zone in sorted({u.space for u in state.units.values() if turn.ours(u)
                            and is_sea(u.type) and turn.board.is_sea(u.space)}):
            fleet = is_fleet(turn.my_defenders(zone))
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


class Join(QueuedDrops):
    """Ships that fought cannot sail on (R-NONCOMBAT-2): where a fleet that fought (the fleets
    `pacific.ai.blunders` counts) stays in a zone the enemy wins at >= 0.8, the task forces
    of this side that can still reach it join it, when together the enemy wins there at less
    than that and the fleet and they risk fewer IPC together (P(lost) x value) than apart.
    The survivors of a sea battle thus keep the attack that left them there. A careful
    American force that waits for the ships bought this turn sends only a detachment
    (`_detachment`)."""

    def plan(self, game: Game, turn: Turn) -> list[tuple[tuple[int, ...], str]]:
        queue: list[tuple[tuple[int, ...], str]] = []
        for zone in _stuck_fleets(turn):
            queue += _joiners(game, turn, zone, {i for ids, _ in queue for i in ids})
        return queue


def _stuck_fleets(turn: Turn) -> list[str]:
    """Zones where warships of this side that fought form a fleet the enemy wins against at
    >= `LOST`."""
    out = []
    for zone in sorted({u.space for u in turn.state.units.values() if turn.ours(u)
                        and u.fought and is_warship(u.type) and turn.board.is_sea(u.space)}):
        if is_fleet(turn.my_defenders(zone)) and turn.danger(zone) >= LOST:
            out.append(zone)
    return out


def _joiners(game: Game, turn: Turn, zone: str, taken: set[int]
             ) -> list[tuple[tuple[int, ...], str]]:
    """The moves of the task forces (every movable warship of a zone, with the fighters on
    its carriers) that make ``zone`` hold, the strongest first, at most `CHECKED`; none if
    they do not, or if they would risk more than they save."""
    state = turn.state
    forces: list[tuple[str, list[tuple[int, ...]], list[Unit]]] = []
    for origin in sorted({u.space for u in state.units.values() if turn.ours(u)
                          and is_warship(u.type) and u.space != zone
                          and turn.board.is_sea(u.space) and u.id not in taken}):
        ships = [u for u in turn.view.friends_at(origin) if turn.ours(u) and is_sea(u.type)
                 and u.type is not U.TRANSPORT and u.carried_by is None
                 and u.id not in taken]
        groups: list[tuple[int, ...]] = []
        for group in identical_groups(ships):
            target = game.drop_targets(state, [group[0].id]).get(zone)
            if target is not None and target.meaning == "move":
                groups.append(tuple(u.id for u in group))
        if not groups:
            continue
        ids = {i for g in groups for i in g}
        units = [state.units[i] for i in sorted(ids)]
        units += [u for u in state.units.values() if u.carried_by in ids
                  and not is_land(u.type)]
        forces.append((origin, groups, units))
    forces.sort(key=lambda f: (-sum(UNIT_SPECS[u.type].defense for u in f[2]), f[0]))
    stuck = turn.my_defenders(zone)
    apart = turn.danger(zone) * value(stuck)
    joining: list[Unit] = []
    moves: list[tuple[tuple[int, ...], str]] = []
    for origin, groups, units in forces[:CHECKED]:
        if keeps_new_ships(game, turn, origin, units):
            part = _detachment(turn, zone, [*stuck, *joining], origin, units)
            if part is None:
                continue
            groups = [g for g in (tuple(i for i in g if i in part) for g in groups) if g]
            units = [u for u in units if u.id in part or u.carried_by in part]
        apart += turn.danger(origin) * value(units)
        joining += [moved(u, zone) for u in units]
        moves += [(g, zone) for g in groups]
        chance = turn.danger(zone, defenders=[*stuck, *joining])
        if chance < LOST:
            return moves if chance * value([*stuck, *joining]) <= apart else []
    return []


def keeps_new_ships(game: Game, turn: Turn, origin: str, force: list[Unit]) -> bool:
    """Whether the careful United States' task force ``force`` in ``origin`` is held there by
    the ships bought this turn (`fleet.waits_for_new_ships`, the priced look); never for the
    other powers and levels. The purchase bought them reading the task force's own move
    (`shipyard.left_alone`); a whole force sent to a fleet stuck after a battle left them to
    be placed alone (R-PLACE-1) where Japan's carrier fighters sank them."""
    return turn.level.careful and turn.state.power is Power.US \
        and waits_for_new_ships(game, turn, origin, force)


def _detachment(turn: Turn, zone: str, there: list[Unit], origin: str,
                force: list[Unit]) -> set[int] | None:
    """The ships of ``force`` (with the aircraft aboard) that join the fleet stuck in
    ``zone``, where ``there`` defend, while the rest wait in ``origin`` for the new ships: the
    strongest defenders first, until ``zone`` holds (< `LOST`) by the look the gathering of
    stragglers reads (`us_fleet.task_force_look`: a detachment the plain look holds beside
    the stuck submarines, R-SUB-5, but that look loses, is a straggler `Gather` then meets
    with the whole waiting force), if the rest and the new ships then hold ``origin`` by the
    look the wait reads (`fleet.new_ships_look`); else None."""
    ships = sorted((u for u in force if u.carried_by is None), key=lambda s: (
        -sum(UNIT_SPECS[u.type].defense for u in force if u.id == s.id or u.carried_by == s.id),
        s.id))
    look = new_ships_look(turn)
    held = task_force_look(turn) or turn
    sent: list[Unit] = []
    for ship in ships:
        sent += [u for u in force if u.id == ship.id or u.carried_by == ship.id]
        if held.danger(zone, defenders=[*there, *(moved(u, zone) for u in sent)]) < LOST:
            ids = {u.id for u in sent}
            new = [u for nation in turn.nations for u in new_ships(turn, nation, origin)]
            rest = [u for u in ships_at(turn, origin, ids)
                    if not (turn.ours(u) and u.type is U.TRANSPORT)]
            return ids if look.danger(origin, defenders=[*rest, *new]) < LOST else None
    return None


class Gather(QueuedDrops):
    """A straggler (the fleets `pacific.ai.blunders` counts: two warships, or a battleship or
    carrier) that holds in no zone it can reach (the enemy wins at >= 0.8 there against it and
    the ships that stay there) meets another task force of this side in a zone both reach
    where together they hold, before the task forces move: the strongest such force, in the
    zone nearest the goals. Only when together they risk fewer IPC (P(lost) x value) than the
    straggler alone where it risks least: the main fleet gathers its stragglers where they can
    reach (as in TripleA's ProAI), and is not pulled into a battle for them. A straggler
    that holds where the ships bought this turn are placed, with them, and without which they
    would be sunk there (`fleet.waits_for_new_ships`), stays for them. The ships that
    gathered are ``taken`` out of the task forces' own moves (`fleet.FleetMove`)."""

    def __init__(self, turn0: Turn, goals: dict[str, float], taken: set[int]) -> None:
        super().__init__(turn0)
        self.goals = goals
        self.taken = taken

    def plan(self, game: Game, turn: Turn) -> list[tuple[tuple[int, ...], str]]:
        return _gatherings(game, turn, self.goals, self.taken)


@dataclass
class _Force:
    """The movable warships of one zone (with the aircraft their carriers hold)."""

    zone: str
    groups: list[tuple[int, ...]]
    units: list[Unit]
    reach: set[str]


def _forces(game: Game, turn: Turn) -> list[_Force]:
    state = turn.state
    out = []
    for zone in sorted({u.space for u in state.units.values() if turn.ours(u)
                        and is_warship(u.type) and turn.board.is_sea(u.space)}):
        ships = [u for u in turn.view.friends_at(zone) if turn.ours(u) and is_sea(u.type)
                 and u.type is not U.TRANSPORT and u.carried_by is None]
        groups: list[tuple[int, ...]] = []
        reach: set[str] | None = None
        for group in identical_groups(ships):
            places = {s for s, t in game.drop_targets(state, [group[0].id]).items()
                      if t.meaning == "move" and turn.board.is_sea(s)
                      and not turn.view.enemies_at(s)}
            if not places:
                continue
            groups.append(tuple(u.id for u in group))
            reach = places if reach is None else reach & places
        if not groups or reach is None:
            continue
        ids = {i for g in groups for i in g}
        units = [state.units[i] for i in sorted(ids)]
        units += [u for u in state.units.values() if u.carried_by in ids
                  and not is_land(u.type)]
        out.append(_Force(zone, groups, units, {zone, *reach}))
    return out


def _gatherings(game: Game, turn: Turn, goals: dict[str, float], taken: set[int]
                ) -> list[tuple[tuple[int, ...], str]]:
    forces = _forces(game, turn)
    movable = {u.id for f in forces for u in f.units}

    def staying(zone: str) -> list[Unit]:
        """What holds ``zone`` whoever sails: not the ships that can still move, nor this
        power's transports (they sail after the task forces)."""
        return [u for u in turn.my_defenders(zone) if u.id not in movable
                and not (turn.ours(u) and u.type is U.TRANSPORT)]

    # The careful United States' stragglers meet where the counter's look holds them.
    look = task_force_look(turn) or turn

    def risk(zone: str, units: list[Unit]) -> float:
        return look.danger(zone, defenders=[*staying(zone), *(moved(u, zone) for u in units)])

    moves: list[tuple[tuple[int, ...], str]] = []
    used: set[str] = set()
    forces.sort(key=lambda f: (-value(f.units), f.zone))
    for straggler in reversed(forces):
        if straggler.zone in used or not is_fleet(straggler.units):
            continue
        rough = sorted((look.danger(z, defenders=[*staying(z), *(
            moved(u, z) for u in straggler.units)], exact=False), z) for z in straggler.reach)
        if not rough or rough[0][0] < CLEARLY_HOLDS:
            continue     # the strength estimate says it holds: no exact odds needed
        alone = min(risk(z, straggler.units) for _, z in rough[:CHECKED * 2])
        if alone < LOST or waits_for_new_ships(game, turn, straggler.zone, straggler.units):
            continue     # it holds, or stays for the ships bought this turn (R-PLACE-1)
        for helper in forces:
            if helper is straggler or helper.zone in used:
                continue
            together = [*straggler.units, *helper.units]
            # The helper waits or advances for its straggler; it does not turn back.
            ahead = pull_by_sea(turn.view, helper.zone, goals)
            meeting = sorted((z for z in straggler.reach & helper.reach
                              if pull_by_sea(turn.view, z, goals) >= ahead),
                             key=lambda z: (-pull_by_sea(turn.view, z, goals), z))
            found = None
            for zone in meeting[:CHECKED]:
                chance = risk(zone, together)
                if chance < LOST and chance * value(together) <= alone * value(
                        straggler.units):
                    found = zone
                    break
            if found is None:
                continue
            used.update((straggler.zone, helper.zone))
            for force in (helper, straggler):
                taken.update(u.id for u in force.units)
                moves += [(g, found) for g in force.groups if force.zone != found]
            break
    return moves
