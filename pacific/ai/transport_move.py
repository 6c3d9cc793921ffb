"""Transports in non-combat movement (phase 6): an empty one loads the land units waiting
beside it, then sails; a loaded one sails toward the coasts worth landing on, where the ships
already there keep it safe; one that is sunk wherever it can sail lands its cargo instead
(`ashore`). The task forces sail first (`fleet.FleetMove`), so each transport reads where
they went.

A repeating step (`repeat = True`): it decides once, from the position when its turn comes,
then sends one move per call until the transport has gone."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.ai.attacks import fill_transport
from pacific.ai.blunders import COUNTER_LOOK_POWERS, counter_look
from pacific.ai.british import uk_transport_trap
from pacific.ai.fleet import PRICING_SIDES, best_zone, force_lost, priced_zone, ships_at
from pacific.ai.steps import accepted
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.movement import Load, Unload
from pacific.rules.engine import Game
from pacific.rules.state import GameState, Unit
from pacific.rules.units import TRANSPORT_CAPACITY, UnitType, can_capture, is_land

U = UnitType


class TransportMove:
    """An empty transport loads waiting land units next to it, then sails; a loaded one
    sails toward the coasts worth landing on; an empty one with nothing to load goes where
    land units wait."""

    repeat = True
    kind = "transport"

    def __init__(self, turn0: Turn, ship: int, goals: dict[str, float],
                 keep: set[int]) -> None:
        self.turn0 = turn0
        self.ship = ship
        self.goals = goals
        self.keep = keep          # land units other plans need
        self.loaded = False
        self.sailed = False
        # The friendly coast the cargo goes ashore on once the transport is there.
        self.ashore: str | None = None

    def __call__(self, game: Game, state: GameState) -> Action | None:
        ship = state.units.get(self.ship)
        if ship is None:
            return None
        turn = self.turn0.at(state)
        if self.ashore is not None:
            coast, self.ashore = self.ashore, None
            return accepted(game, state, _unload(state, ship, coast))
        if not self.loaded:
            self.loaded = True
            riders = _riders(turn, ship, self.keep)
            if riders and turn.level.careful and not state.cargo_of(ship.id) \
                    and self._sunk_anywhere(game, state, turn, ship, riders):
                riders = []     # they would only go ashore again (`ashore`)
            if riders:
                action = accepted(game, state, Load(transport=ship.id,
                                                    units=tuple(u.id for u in riders)))
                if action is not None:
                    return action
        if self.sailed:
            return None
        self.sailed = True
        targets = game.drop_targets(state, (ship.id,))
        reach = {s for s, t in targets.items() if t.meaning == "move" and turn.board.is_sea(s)}
        if not reach:
            return None
        cargo = state.cargo_of(ship.id)
        goals = self._landing_goals(turn) if cargo else _waiting(turn, ship)
        force = [ship, *cargo]
        # At the careful level, loaded transports are drawn only to their own power's
        # warships: an ally's fleet moves in its own turn (R-TURN-1), wherever its goals lie,
        # and leaves the cargo behind far from any landing of its own.
        destination = best_zone(turn, ship.space, reach, force, goals, together_weight=3.0,
                                own_only=bool(cargo) and turn.level.careful)
        if cargo and turn.level.careful and turn.state.power in COUNTER_LOOK_POWERS:
            # The United Kingdom's cargo in the Indian Ocean: Japan's fighters reach it over
            # their island air bases (R-AIRBASE-1), as they reach its fleet.
            destination = priced_zone(turn, destination, ship.space, reach, force, goals,
                                      together_weight=3.0, own_only=True)
        lost = bool(cargo) and turn.level.careful and force_lost(turn, destination, force)
        if cargo and not lost and turn.level.careful and turn.view.side in PRICING_SIDES:
            destination, lost = _priced_transport_zone(turn, destination, ship.space, reach,
                                                       force, goals)
        if lost:
            zone, landing = ashore(game, state, turn, ship, reach)
            if landing is not None:
                if zone == ship.space:
                    return accepted(game, state, _unload(state, ship, landing))
                self.ashore = landing
                return accepted(game, state, targets[zone].action)
        if destination == ship.space:
            return None
        action = targets[destination].action
        if uk_transport_trap(turn, action) and not (
                cargo and (force_lost(turn, ship.space, force)
                           or force_lost(counter_look(turn), ship.space, force))):
            return None     # stays: its move would draw Japan's aircraft onto a fleet
        return accepted(game, state, action)


    def _landing_goals(self, turn: Turn) -> dict[str, float]:
        return {t: w for t, w in self.goals.items() if turn.board.is_land(t)
                and turn.view.enemy(turn.view.owner(t))}

    def _sunk_anywhere(self, game: Game, state: GameState, turn: Turn, ship: Unit,
                       riders: list[Unit]) -> bool:
        """Whether the transport loaded with ``riders`` would end where the enemy wins at
        >= `LOST` wherever it sails (then the riders stay ashore)."""
        targets = game.drop_targets(state, (ship.id,))
        reach = {s for s, t in targets.items() if t.meaning == "move"
                 and turn.board.is_sea(s)}
        force = [ship, *(moved(u, ship.space) for u in riders)]
        zone = best_zone(turn, ship.space, reach, force, self._landing_goals(turn),
                         together_weight=3.0)
        return force_lost(turn, zone, force)


def _priced_transport_zone(turn: Turn, chosen: str, here: str, reach: Iterable[str],
                           force: list[Unit], goals: dict[str, float]) -> tuple[str, bool]:
    """Japan's loaded transports (``force``, with their cargo) checked with the counter's look
    (`Turn.priced`): a submarine beside them is no escort against aircraft alone, which
    neither hit it nor are hit by it (R-SUB-5), so the battle ends with the transports sunk
    and the submarine left (R-NAVAL-4 E); and the enemy's fighters reach further over their
    air bases (R-AIRBASE-1). ``chosen`` when that look holds it, else the zone it holds
    nearest the goals (`priced_zone`); (zone, True) when it holds none: the cargo goes ashore
    (`ashore`) rather than down with the transports."""
    zone = priced_zone(turn, chosen, here, reach, force, goals)
    return zone, force_lost(turn.priced(), zone, force)


def _unload(state: GameState, ship: Unit, coast: str) -> Unload | None:
    cargo = tuple(sorted(u.id for u in state.cargo_of(ship.id)))
    if not cargo:
        return None
    return Unload(transport=ship.id, units=cargo, territory=coast)


def ashore(game: Game, state: GameState, turn: Turn, ship: Unit, reach: Iterable[str]
           ) -> tuple[str, str | None]:
    """Where a loaded transport with no zone in reach where it survives (the enemy wins at
    >= `LOST` everywhere: blunder class 1) lands its cargo instead of sailing it to the bottom:
    the zone (its own first, else the one in reach where the transport risks least) and a
    friendly coast next to it with no enemy units, the one the cargo holds best. Landing from
    a transport in non-combat movement is its nation's right (R-TRANS-3, R-NONCOMBAT-8); the
    engine says whether each move is legal. (zone, None): no such coast."""
    view, board = turn.view, turn.board
    cargo = state.cargo_of(ship.id)

    def coasts(zone: str) -> list[str]:
        return [t for t in sorted(board.neighbours[zone]) if board.is_land(t)
                and view.mine(view.owner(t)) and not view.enemies_at(t)]

    zones = [ship.space, *sorted(reach, key=lambda z: (
        turn.danger(z, defenders=[*ships_at(turn, z, {ship.id}), moved(ship, z)],
                    exact=False), view.sea_distance(ship.space, z), z))]
    for zone in zones:
        options = coasts(zone)
        if options:
            best = min(options, key=lambda t: (turn.danger(
                t, extra=[moved(u, t) for u in cargo], exact=False), t))
            return zone, best
    return ship.space, None


def _waiting(turn: Turn, ship: Unit) -> dict[str, float]:
    """Coastal territories of the ship's nation where land units wait for a ride."""
    out: dict[str, float] = {}
    for territory in turn.view.my_territories():
        if not turn.view.coastal_zones(territory):
            continue
        count = sum(1 for u in turn.view.friends_at(territory)
                    if u.owner is ship.owner and can_capture(u.type))
        if count >= 2:
            out[territory] = float(min(count, 8))
    return out


def _riders(turn: Turn, ship: Unit, keep: set[int]) -> list[Unit]:
    """Land units of the ship's nation next to its zone that have not moved, up to a load;
    never a capital's defenders when the capital would then be in danger."""
    zone = ship.space
    shore = [t for t in sorted(turn.board.neighbours[zone]) if turn.board.is_land(t)]
    units = [u for t in shore for u in turn.view.friends_at(t)
             if u.owner is ship.owner and can_capture(u.type) and u.id not in keep
             and u.carried_by is None and not u.combat_moved and not u.noncombat_moved
             and not u.fought]
    # A guarded territory keeps one land unit (`Turn.needs_a_guard`).
    for territory in shore:
        here = [u for u in units if u.space == territory]
        leaving = {u.id for u in here}
        staying = [u for u in turn.view.friends_at(territory) if is_land(u.type)
                   and u.type is not U.AA_GUN and u.id not in leaving]
        if here and not staying and turn.needs_a_guard(territory):
            units.remove(min(here, key=lambda u: (u.type is not U.INFANTRY, u.id)))
    load = fill_transport(units, TRANSPORT_CAPACITY)
    safe: list[Unit] = []
    for unit in load:
        if unit.space in turn.board.capital_nation and turn.view.mine(
                turn.view.owner(unit.space)):
            staying = [u for u in turn.my_defenders(unit.space)
                       if u.id not in {x.id for x in [*safe, unit]}]
            if 1 - turn.danger(unit.space, defenders=staying) < turn.level.capital_safety:
                continue
        safe.append(unit)
    return safe

