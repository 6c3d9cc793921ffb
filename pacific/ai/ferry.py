"""The capital's ferry (non-combat movement): land units an island capital does not need (its
surplus, `Turn.surplus`) would wait there for good, since they cannot walk anywhere. Empty
transports in reach sail to the capital's coast, take them aboard and, in the same move, land
them on a friendly coast where they count most: a threatened territory they help hold, or the
one nearest the enemy's valuable territories. Loading, sailing and unloading in one move is
the transport's own nation's right in non-combat movement (R-TRANS-3, R-TRANS-9,
R-NONCOMBAT-8); the engine says whether each step is legal.

In the style of TripleA's ProAI, which shuttles Japan's infantry from the home islands to the
mainland and the islands it must hold (ideas only, the code is our own)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pacific.ai.attacks import fill_transport
from pacific.ai.stacks import Stack
from pacific.ai.steps import Step, accepted
from pacific.ai.turn import Turn
from pacific.ai.view import FAR, moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Unload
from pacific.rules.engine import Game
from pacific.rules.movement.spaces import same_turn
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    UnitType,
    can_capture,
    is_air,
    is_land,
    is_sea,
)

U = UnitType
# How a coast is worth landing the cargo on: (turn, territory, cargo ids) -> score.
Score = Callable[[Turn, str, tuple[int, ...]], float]
# What a staging coast is worth for each sea zone it is nearer the enemy than the capital.
STAGING = 1.0
# A staging coast where the enemy would take the cargo at least this likely is no stage.
STAGING_DANGER = 0.6


def landing_score(score: Score, capital: str | None) -> Score:
    """``score`` and two reasons of the ferry's own to land cargo on a friendly coast:

    - an empty territory that one enemy land unit could walk into (`Turn.needs_a_guard`)
      gains its printed IPC: one unit landed there makes the enemy fight for it instead of
      walking in (R-COMBATMOVE-5);
    - never a coast next to the capital by land (they walk there in one move);
    - from a capital, where ``score`` sees nothing worth it, a staging coast: a friendly
      territory nearer the enemy by sea than the capital, where the cargo is in no danger of
      being destroyed for nothing, from which the transports' next move reaches further (an
      island's land units go anywhere only by sea, R-TRANS-3).

    Both are the hard level's care (`Level.careful`)."""
    near: dict[str, int] = {}

    def by_sea(turn: Turn, territory: str) -> int:
        if territory not in near:
            view, board = turn.view, turn.board
            enemy = [z for t in view.enemy_territories()
                     if board.territory_by_id[t].ipc > 0 for z in view.coastal_zones(t)]
            near[territory] = min((view.sea_distance(z, e) for z in view.coastal_zones(territory)
                                   for e in enemy), default=FAR)
        return near[territory]

    def scored(turn: Turn, coast: str, cargo: tuple[int, ...]) -> float:
        if not turn.level.careful:
            return score(turn, coast, cargo)
        if capital is not None and turn.view.land_distance(capital, coast) <= 1:
            return 0.0      # they walk there in one move: the ferry gains nothing
        base = score(turn, coast, cargo) + _walk_in(turn, coast)
        if base > 0 or capital is None:
            return base
        gain = by_sea(turn, capital) - by_sea(turn, coast)
        if gain <= 0:
            return base
        units = [moved(turn.state.units[i], coast) for i in cargo]
        if turn.danger(coast, extra=units, exact=False) > STAGING_DANGER:
            return base
        return STAGING * gain
    return scored


def _walk_in(turn: Turn, coast: str) -> float:
    """The printed IPC of ``coast`` when it has no land unit of this side and an enemy land
    unit could walk in (R-COMBATMOVE-5), else 0."""
    if any(is_land(u.type) and can_capture(u.type) for u in turn.view.friends_at(coast)):
        return 0.0
    if not turn.needs_a_guard(coast):
        return 0.0
    return float(turn.board.territory_by_id[coast].ipc)


def island_capitals(turn: Turn) -> list[str]:
    """The power's capitals from which no land route leads to an enemy territory: their
    land units reach the front only by sea."""
    view = turn.view
    enemy = view.enemy_territories()
    out = []
    for capital in view.capitals():
        if not view.mine(view.owner(capital)) or capital not in turn.board.capital_nation:
            continue
        if turn.board.capital_nation[capital] not in turn.nations:
            continue
        if not view.coastal_zones(capital):
            continue
        if min((view.land_distance(capital, t) for t in enemy), default=FAR) >= FAR:
            out.append(capital)
    return out


def ferry_ships(turn: Turn, stacks: list[Stack], used: set[int], capital: str,
                score: Score) -> list[int]:
    """Empty transports that can reach the capital's coast this move, nearest first, as many
    as its surplus fills (two land units a transport, R-TRANS-1); none when no friendly coast
    within a transport's move of the capital is worth landing them on."""
    score = landing_score(score, capital)
    riders = [u for u in turn.surplus(capital, homecoming(turn, capital))
              if _boards(turn, u) and u.id not in used]
    wanted = (len(riders) + TRANSPORT_CAPACITY - 1) // TRANSPORT_CAPACITY
    if wanted == 0:
        return []
    homes = set(turn.view.coastal_zones(capital))
    view, board = turn.view, turn.board
    load = tuple(u.id for u in fill_transport(riders, TRANSPORT_CAPACITY))
    move = UNIT_SPECS[U.TRANSPORT].move
    # The fewest zones from the capital's coast to a friendly coast worth landing on: a
    # transport must still have them left when it has loaded (an estimate; the engine
    # answers each move).
    worth: dict[str, bool] = {}
    near = FAR
    for zone in board.sea_zones:
        d = min(view.sea_distance(h, zone.id) for h in homes)
        if d >= near:
            continue
        for t in sorted(board.neighbours[zone.id]):
            if t not in worth:
                worth[t] = board.is_land(t) and t != capital and view.mine(view.owner(t)) \
                    and not view.enemies_at(t) and score(turn, t, load) > 0
            if worth[t]:
                near = d
    if turn.level.careful:
        near = min([near, *(min(view.sea_distance(h, z) for h in homes)
                            for z in escort_zones(turn, homes, move))])
    if near > move:
        return []
    options: list[tuple[int, int]] = []
    for stack in stacks:
        if stack.type is not U.TRANSPORT or stack.first.carried_by is not None:
            continue
        if stack.space in homes:
            cost = 0
        else:
            costs = [stack.targets[z].cost for z in homes
                     if z in stack.targets and stack.targets[z].meaning == "move"]
            if not costs:
                continue
            cost = min(costs)
        if cost + near > move:
            continue
        for ship in stack.units:
            # A transport that moved or fought in combat movement may not sail now
            # (R-NONCOMBAT-2, R-TRANS-12).
            if ship.id not in used and not turn.state.cargo_of(ship.id) \
                    and not ship.combat_moved and not ship.fought:
                options.append((cost, ship.id))
    return [ship for _, ship in sorted(options)[:wanted]]


def homecoming(turn: Turn, capital: str) -> list[Unit]:
    """At the hard level, the power's aircraft that flew this turn and can still reach
    ``capital``, as if there: the ferry is planned before they land (they land first, R-AIR-3,
    and the capital they defend needs fewer land units; each ferry asks again when it
    loads)."""
    if not turn.level.careful:
        return []
    view = turn.view
    out = []
    for unit in turn.state.units.values():
        if not turn.ours(unit) or not is_air(unit.type) or unit.carried_by is not None \
                or unit.moves_used == 0 or unit.space == capital:
            continue
        if view.air_distance(unit.space, capital) <= UNIT_SPECS[unit.type].move - unit.moves_used:
            out.append(moved(unit, capital))
    return out


def escort_zones(turn: Turn, homes: Iterable[str], move: int) -> list[str]:
    """At the hard level, the zones within ``move`` of ``homes`` where a loaded transport with
    no coast worth landing on may wait aboard for a landing: this side's surface warships are
    there and the enemy wins against them and one transport below the level's `fleet_safety`,
    nearest the enemy's valuable coasts by sea first. Cargo at sea sinks with its transport
    (R-TRANS-14), so only an escorted zone is a stage; the transport then sails on with the
    ships, as staged cargo does (`Ferry` without a capital)."""
    view, board = turn.view, turn.board
    homes = list(homes)
    enemy = [z for t in view.enemy_territories() if board.territory_by_id[t].ipc > 0
             for z in view.coastal_zones(t)]
    ship = Unit(id=-1, type=U.TRANSPORT, owner=turn.nations[0], space="")
    out: list[tuple[int, str]] = []
    for zone in board.sea_zones:
        if min((view.sea_distance(h, zone.id) for h in homes), default=FAR) > move:
            continue
        escort = [u for u in view.friends_at(zone.id) if turn.ours(u)
                  and is_sea(u.type) and u.type not in (U.TRANSPORT, U.SUBMARINE)]
        if not escort:
            continue
        # Submarines are left out of the defence: aircraft cannot hit them without a
        # destroyer (R-SUB-5), so with them the enemy "loses" while it sinks the transport.
        shield = [u for u in view.friends_at(zone.id) if u.type is not U.SUBMARINE]
        if turn.danger(zone.id, defenders=[*shield, moved(ship, zone.id)]) \
                >= turn.level.fleet_safety:
            continue
        out.append((min((view.sea_distance(zone.id, e) for e in enemy), default=FAR), zone.id))
    return [zone for _, zone in sorted(out)]


def _boards(turn: Turn, unit: Unit) -> bool:
    """Whether the ferry takes ``unit`` aboard now. At the hard level only a unit of the power
    playing, by the engine's own test: an ally's land units in the capital (cargo it landed
    there) board only in their owner's turn (R-TRANS-13), and the engine's refusal of a load
    that holds one ends the ferry run with nothing carried."""
    return _can_board(unit) and (not turn.level.careful or same_turn(turn.state, unit))


def _can_board(unit: Unit) -> bool:
    return can_capture(unit.type) and is_land(unit.type) and unit.carried_by is None \
        and not unit.combat_moved and not unit.noncombat_moved and not unit.fought


class Ferry:
    """One transport's ferry run: to the capital's coast, load its surplus, sail to the best
    friendly coast in reach, unload. A repeating step: one action per call."""

    repeat = True
    kind = "ferry"

    def __init__(self, turn0: Turn, ship: int, capital: str | None, keep: set[int],
                 score: Score, fallback: Step | None = None) -> None:
        self.turn0 = turn0
        # What the transport does when no coast is worth landing on (its usual staging).
        self.fallback = fallback
        self.landed = False
        self.ship = ship
        self.capital = capital
        self.keep = keep
        self.score = landing_score(score, capital)
        # Without a capital: a transport already loaded lands its cargo.
        self.stage = "approach" if capital is not None else "sail"
        self.coast: str | None = None
        # Where the cargo waits aboard with this side's warships when no coast is worth it.
        self.escort: str | None = None

    def __call__(self, game: Game, state: GameState) -> Action | None:
        ship = state.units.get(self.ship)
        if ship is None:
            return None
        turn = self.turn0.at(state)
        while self.stage != "done":
            action = self._next(game, state, turn, ship)
            if action is not None:
                return action
        if not self.landed and self.fallback is not None:
            self.kind = getattr(self.fallback, "kind", self.kind)
            return self.fallback(game, state)
        return None

    def _next(self, game: Game, state: GameState, turn: Turn, ship: Unit) -> Action | None:
        stage = self.stage
        capital = self.capital or ""
        if stage == "approach":
            self.stage = "load"
            if turn.level.careful and not self._spare(turn, capital):
                self.stage = "done"     # the aircraft landed elsewhere: nobody to ferry
                return None
            homes = turn.view.coastal_zones(capital)
            if ship.space not in homes:
                targets = game.drop_targets(state, (ship.id,))
                zones = sorted((targets[z].cost, z) for z in homes
                               if z in targets and targets[z].meaning == "move")
                if not zones:
                    self.stage = "done"
                    return None
                action = accepted(game, state, targets[zones[0][1]].action)
                if action is None:
                    self.stage = "done"
                return action
            return None
        if stage == "load":
            self.stage = "sail"
            load = fill_transport(self._spare(turn, capital), TRANSPORT_CAPACITY)
            cargo = tuple(u.id for u in load)
            if load and self._destination(game, state, turn, ship, cargo)[1] is None:
                if turn.level.careful:
                    self.escort = self._escort(game, state, turn, ship)
                if self.escort is None:
                    load = []
            if not load:
                self.stage = "done"     # none left to carry, or nowhere worth it
                return None
            action = accepted(game, state, Load(transport=ship.id,
                                                units=tuple(u.id for u in load)))
            if action is None:
                self.stage = "done"
            return action
        if stage == "sail":
            self.stage = "unload"
            cargo = tuple(u.id for u in state.cargo_of(ship.id))
            if not cargo:
                self.stage = "done"
                return None
            zone, self.coast = self._destination(game, state, turn, ship, cargo)
            if self.coast is None and self.escort is not None:
                zone = self.escort
                self.stage = "done"     # aboard with the escort, for a later landing
            elif self.coast is None:
                self.stage = "done"
                return None
            if zone != ship.space:
                target = game.drop_targets(state, (ship.id,)).get(zone)
                action = accepted(game, state, target.action) if target else None
                if action is None:
                    self.stage = "done"
                return action
            return None
        self.stage = "done"
        cargo = tuple(sorted(u.id for u in state.cargo_of(ship.id)))
        if not cargo or self.coast is None:
            return None
        action = accepted(game, state, Unload(transport=ship.id, units=cargo,
                                              territory=self.coast))
        self.landed = action is not None
        return action

    def _escort(self, game: Game, state: GameState, turn: Turn, ship: Unit) -> str | None:
        """The first of `escort_zones` the transport can sail to now (its own zone too)."""
        targets = game.drop_targets(state, (ship.id,))
        reach = {ship.space, *(z for z, t in targets.items() if t.meaning == "move")}
        return next((z for z in escort_zones(turn, (ship.space,), UNIT_SPECS[U.TRANSPORT].move)
                     if z in reach), None)

    def _spare(self, turn: Turn, capital: str) -> list[Unit]:
        """The capital's surplus as it is now (the aircraft have landed)."""
        return [u for u in turn.surplus(capital) if _boards(turn, u) and u.id not in self.keep]

    def _destination(self, game: Game, state: GameState, turn: Turn, ship: Unit,
                     cargo: tuple[int, ...]) -> tuple[str, str | None]:
        """The zone to sail to and the friendly coast to land on: the best score, less what
        the empty transport risks in that zone. None: no coast beats staying aboard."""
        view, board = turn.view, turn.board
        targets = game.drop_targets(state, (ship.id,))
        zones = [ship.space, *sorted(z for z, t in targets.items()
                                     if t.meaning == "move" and board.is_sea(z))]
        best: tuple[float, str, str] | None = None
        scored: dict[str, float] = {}
        for zone in zones:
            coasts = [t for t in sorted(board.neighbours[zone]) if board.is_land(t)
                      and t != self.capital and view.mine(view.owner(t))
                      and not view.enemies_at(t)]
            if not coasts:
                continue
            escort = [u for u in view.friends_at(zone) if u.id != ship.id]
            risk = turn.danger(zone, defenders=[*escort, moved(ship, zone)], exact=False) \
                * UNIT_SPECS[U.TRANSPORT].cost
            for coast in coasts:
                if coast not in scored:
                    scored[coast] = self.score(turn, coast, cargo)
                value = scored[coast] - risk
                if value > 0 and (best is None or value > best[0]):
                    best = (value, zone, coast)
        if best is None:
            return ship.space, None
        return best[1], best[2]
