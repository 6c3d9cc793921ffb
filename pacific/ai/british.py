"""The United Kingdom's fleets read with the blunder counter's own look (the careful level):
its raids on Japan's empty convoy routes, and its task forces' zones.

A warship that enters an empty enemy convoy zone in combat movement takes it (R-CONVOY-3),
and, having moved in combat movement, cannot sail on in non-combat movement
(R-NONCOMBAT-2): where Japan's aircraft reach the route over their island air bases
(R-AIRBASE-1), the ships left there are sunk in Japan's turn. The route is taken as well by a
ship that only passes through it (R-CONVOY-3: "enters or passes through"): the raider may end
its move in a zone beyond the route where it holds, and the route is Japan's again only when a
Japanese warship takes it back. Read with the blunder counter's own look
(`blunders.counter_look`), as the British main fleet and loaded transports already are
(`fleet.priced_zone`):

1. the route force holds the route by that look, or is lost there by the plain look too (the
   plan already prices that loss against the route, `attacks.score`): as before;
2. else (held by the hop count, lost priced) its cheapest ship passes through the route to the
   zone next to it where it holds;
3. else the raid is made only where the route's income denied this turn and, while held, the
   next (`attacks.HOLD_TURNS`), outweighs the ships times the chance they are sunk there.

Only a route force that is a fleet (two warships, or a battleship: what blunder class 2
counts), and only the United Kingdom's (`blunders.COUNTER_LOOK_POWERS`). Measured
(docs/ai-journal.md): read for a lone destroyer too, or where the plain look already reads the route
lost, the passing raids were new ones that took the fleet's ships apart and left its carrier
alone; the American raiders are the task forces' own reading.

Every British task force that is a fleet, not only the main fleet, checks the zone it sails
to with the same look (`uk_task_force`, `fleet.priced_zone`): the ships a raid leaves apart,
or a carrier alone, sailed by the hop count where Japan's fighters reach them over their
island air bases.

The main fleet's zone is read a turn deep too (`uk_open_zone`, the hard level's
`Level.fleet_forecast`): where Japan's own planner will base its aircraft once the British
phase is over (`pacific.ai.forecast`), a zone from which every zone of the fleet's next reach
is lost gives way to one that is not (R-AIRBASE-1). The transports, which sail after the
fleets, are read the same way (`uk_transport_trap`): a landing they threaten draws Japan's
aircraft too, and a transport whose move alone makes a fleet's zone such a trap stays.

Its capitals' land surplus too (`uk_capital_spare`, `uk_escort`): the British turn moves only
its own units (R-TURN-1, R-TURN-2), and the surplus, moving one stack at a time, judges the
front next door with the rest of it that follows (blunder class 5, idle capitals)."""

from __future__ import annotations

from pacific.ai.blunders import COUNTER_LOOK_POWERS, IDLE_UNITS, LOST, counter_look, is_fleet
from pacific.ai.forecast import cornered, rest_of_phase
from pacific.ai.judge import value
from pacific.ai.turn import Memory, Turn
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Move
from pacific.rules.engine import Game
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_land


def raids_priced(turn: Turn) -> bool:
    """Whether the power to act prices its convoy raids with the counter's look: the careful
    United Kingdom."""
    return turn.level.careful and turn.state.power in COUNTER_LOOK_POWERS


def uk_route_raid(turn: Turn, target: str, force: list[tuple[Unit, DropTarget]],
                  gain: float, hold_turns: float) -> list[tuple[Unit, DropTarget]] | None:
    """The British raid on the empty route ``target`` (see the module): ``force`` as it is
    where it holds the route, its cheapest ship passing through to a zone where it holds, the
    force as it is where the raid pays for its loss, or None (no raid)."""
    ships = [moved(u, target) for u, _ in force]
    if not is_fleet(ships):
        return force     # a lone destroyer or submarine raids as before: see the module
    defenders = [*_others(turn, target, set()), *ships]
    if turn.danger(target, defenders=defenders) >= LOST:
        return force     # the plain look sees the loss too: the plan prices it (`score`)
    look = counter_look(turn)
    lost = look.danger(target, defenders=defenders)
    if lost < LOST:
        return force
    passing = _pass_through(turn, look, target, force[0])
    if passing is not None:
        return [passing]
    if gain * (1 + hold_turns * (1 - lost)) > lost * value(ships):
        return force
    return None


def _others(turn: Turn, zone: str, ids: set[int]) -> list[Unit]:
    return [u for u in turn.my_defenders(zone) if u.id not in ids]


def _pass_through(turn: Turn, look: Turn, target: str, first: tuple[Unit, DropTarget]
                  ) -> tuple[Unit, DropTarget] | None:
    """``first`` (the cheapest raider) moving through ``target`` to the neighbouring zone,
    free of enemy units, where it holds by ``look`` (the safest such zone), if the engine
    accepts that move in combat movement (the route is taken on the way, R-CONVOY-3)."""
    unit, drop = first
    if drop.path[-1] != target:
        return None
    best: tuple[float, str, DropTarget] | None = None
    for zone in sorted(turn.board.neighbours[target]):
        # Back where it came from, or on: a zone it crossed already is no way out.
        if not turn.board.is_sea(zone) or zone in drop.path[1:] or turn.view.enemies_at(zone):
            continue
        path = (*drop.path, zone)
        action = Move(units=(unit.id,), path=path)
        if turn.game.why_illegal(turn.state, action) is not None:
            continue
        chance = look.danger(zone, defenders=[*_others(turn, zone, {unit.id}),
                                              moved(unit, zone)])
        if chance < LOST and (best is None or chance < best[0]):
            best = (chance, zone, DropTarget(space=zone, path=path, cost=drop.cost + 1,
                                             meaning="move", action=action))
    return (unit, best[2]) if best is not None else None


def uk_task_force(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force`` (a task force about to sail) checks its zone with the counter's look
    though it is not the main fleet: every fleet of the careful United Kingdom (two warships,
    or a battleship or a carrier: what blunder class 2 counts)."""
    return raids_priced(turn) and is_fleet(force)


def uk_forecasts(turn: Turn, force: list[Unit]) -> bool:
    """Whether ``force`` checks the zone it ends its move in against where Japan's aircraft
    will base (`uk_open_zone`): a fleet of the United Kingdom at a level that forecasts."""
    return turn.level.fleet_forecast and uk_task_force(turn, force)


# Zones `uk_open_zone` reads after the chosen one, at most.
OPEN_CHECKED = 6


def uk_open_zone(turn: Turn, look: Turn, chosen: str, ranked: list[str], force: list[Unit]
                 ) -> str:
    """The zone the British main fleet ``force`` ends its move in: ``chosen`` (held by the
    task force's ``look`` this turn), unless it is a trap a turn deep (`forecast.cornered`):
    the rest of this phase played on a copy by this level's own planner (`rest_of_phase`),
    and Japan's aircraft based where its planner lands them in its turn between, every zone
    of the force's next reach is lost. Then the first zone of ``ranked`` (the task force's
    own order, `fleet.ranked_zones`) that both ``look`` and the hop count hold this turn and
    that is no trap, else ``chosen``. The British units' moves draw Japan's aircraft (a
    territory taken, a landing threatened), so the trap is read at the turn's end, not from
    the fleet alone. Ships of this power that fought or moved in combat movement in
    ``chosen`` cannot sail on (R-NONCOMBAT-2): the force joins them there as their shield."""
    ids = {u.id for u in force}
    if any(turn.ours(u) and (u.fought or u.combat_moved) and u.id not in ids
           for u in turn.view.friends_at(chosen)):
        return chosen
    end = rest_of_phase(turn)
    ahead = Turn(turn.game, end, turn.level, turn.judge, Memory(exact_left=0))
    there = [end.units[u.id] for u in force if u.id in end.units]
    if not there or not cornered(ahead, chosen, there):
        return chosen

    def held(by: Turn, zone: str) -> bool:
        defenders = [*(u for u in turn.my_defenders(zone) if u.id not in ids),
                     *(moved(u, zone) for u in force if not is_land(u.type))]
        return by.danger(zone, defenders=defenders) < LOST

    for zone in [z for z in ranked if z != chosen][:OPEN_CHECKED]:
        if held(look, zone) and held(turn, zone) and not cornered(ahead, zone, there):
            return zone
    return chosen


def uk_fleets(turn: Turn) -> list[tuple[str, list[Unit]]]:
    """The careful United Kingdom's fleets (`is_fleet`) by zone, their ships and what they
    carry (transports apart: they are the cargo's, not the fleet's)."""
    zones: dict[str, list[Unit]] = {}
    for unit in turn.state.units.values():
        if turn.ours(unit) and unit.carried_by is None and turn.board.is_sea(unit.space) \
                and not is_land(unit.type) and unit.type is not UnitType.TRANSPORT:
            zones.setdefault(unit.space, []).append(unit)
    return [(zone, ships) for zone, ships in sorted(zones.items()) if is_fleet(ships)]


def uk_transport_trap(turn: Turn, action: Action) -> bool:
    """Whether the careful United Kingdom's transport move ``action`` (non-combat movement,
    after the task forces sailed) makes a British fleet's zone a trap a turn deep
    (`forecast.cornered`) that it is not without the move. A transport's threat of a landing
    draws Japan's aircraft to the island air base that holds it (its planner's "helps hold",
    `noncombat.grounded_landing`), and from there they reach the fleet's every next zone
    (R-AIRBASE-1); the fleet has sailed, and ships that moved in combat movement cannot sail
    on (R-NONCOMBAT-2), so the transport is what can keep out of it."""
    if not (turn.level.fleet_forecast and raids_priced(turn)):
        return False
    fleets = uk_fleets(turn)
    if not fleets:
        return False
    game = turn.game
    after, _ = game.apply(turn.state, action)
    later = Turn(game, after, turn.level, turn.judge, Memory(exact_left=0))
    now = Turn(game, turn.state, turn.level, turn.judge, Memory(exact_left=0))
    for zone, ships in fleets:
        moved_ships = [after.units[u.id] for u in ships if u.id in after.units]
        if cornered(later, zone, moved_ships) and not cornered(now, zone, ships):
            return True
    return False


def uk_capital_spare(turn: Turn, capital: str) -> list[Unit] | None:
    """The careful United Kingdom's own land units that ``capital`` can spare, when they are
    at least `IDLE_UNITS` (what blunder class 5 counts idle), else None (the planner's surplus
    as before). An ally's land units there hold the capital all the same but move only in
    their owner's turn (R-TURN-1, R-TURN-2): they are counted among the holders, never as
    the British surplus, so the surplus is what the British turn can move."""
    if not raids_priced(turn):
        return None
    spare = turn.surplus(capital, own=True)
    return spare if len(spare) >= IDLE_UNITS else None


def uk_escort(game: Game, state: GameState, spare: list[Unit], moving: tuple[int, ...]
              ) -> dict[str, list[Unit]]:
    """The rest of the capital's British surplus (``spare`` but ``moving``), by the land
    territories each of them can still move to this phase: they follow ``moving`` under the
    same rule, so a front next door is judged held by the whole surplus, not by the first
    stack alone (the surplus moves one stack at a time)."""
    out: dict[str, list[Unit]] = {}
    for unit in spare:
        if unit.id in moving:
            continue
        for space, target in game.drop_targets(state, (unit.id,)).items():
            if target.meaning == "move":
                out.setdefault(space, []).append(unit)
    return out
