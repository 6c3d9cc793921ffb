"""Where an attacker may retreat to (R-LAND-2/3, R-NAVAL-3, R-AMPH-3, R-AIR-4/6, OQ3-10), and
doing it, AA fire at retreating aircraft included (R-AAFLY-6).

Land units and ships retreat together to one adjacent space one of them came from. Aircraft
retreating with them go along by default (with a fleet, only fighters its carriers have room
for; the others fly to the nearest landing place, `default_flights`); the attacker may instead
fly them (``air_path``) to any territory their side held at the start of the turn, or,
fighters only, to a zone with a friendly carrier with room, within their remaining allowance
(R-AIR-6, R-LAND-3). When only
aircraft retreat (an air-only attack, or an assault, R-AMPH-3) the retreat space is such a
place. A retreating aircraft that cannot pay the flight is lost (R-AIR-4: a fighter that spent
all 4 moves reaching a carrier's battle). A retreat spends moves and records the path like
any move, so non-combat movement continues from there (R-COMBAT-10: they never stay where they
fought).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import pairwise

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.casualties import note_loss
from pacific.rules.combat.events import UnitsLost, UnitsRetreated
from pacific.rules.combat.forces import fighting_attackers
from pacific.rules.errors import IllegalCombatChoice
from pacific.rules.events import DiceLabel, count_units
from pacific.rules.movement import spaces
from pacific.rules.nations import Nation, are_allied, are_enemies
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import AA_HIT, UnitType, count_phrase, is_air, is_land, is_sea


def came_from(unit: Unit, space: str) -> str | None:
    """The space the unit entered the battle from (Unit.path, else its start)."""
    if len(unit.path) >= 2 and unit.path[-1] == space:
        return unit.path[-2]
    if unit.start_space and unit.start_space != space:
        return unit.start_space
    return None


def _friendly(board: BoardMap, state: GameState, space: str, nation: Nation,
              at_start: bool) -> bool:
    if board.is_land(space):
        now = state.territory_owner.get(space)
        then = state.owner_at_turn_start.get(space, now)
        ok = now is not None and are_allied(now, nation)
        return ok and (not at_start or (then is not None and are_allied(then, nation)))
    return not any(are_enemies(u.owner, nation) and not u.submerged
                   for u in state.units_at(space))


def retreating_units(board: BoardMap, state: GameState, battle: Battle) -> list[Unit]:
    """Who retreats: the whole attacking force, but only aircraft in an assault (R-AMPH-3)."""
    units = fighting_attackers(state, battle)
    if battle.assault is not None:
        return [u for u in units if is_air(u.type)]
    return units


def air_places(board: BoardMap, state: GameState, battle: Battle, aircraft: list[Unit]
               ) -> dict[str, int]:
    """R-AIR-6 / R-LAND-3: where retreating ``aircraft`` may fly, with the least cost: a
    territory their side held at the start of the turn and holds now, or, when all are
    fighters, a zone with friendly carriers with room for all of them; within the allowance
    left to the aircraft with most moves; never the battle space (R-COMBAT-10)."""
    if not aircraft:
        return {}
    nation = aircraft[0].owner
    limit = max(spaces.left(u) for u in aircraft)
    dist = spaces.air_distances(board, state, battle.space, nation, limit)
    fighters = all(u.type is UnitType.FIGHTER for u in aircraft)
    out: dict[str, int] = {}
    for space, cost in dist.items():
        if space == battle.space:
            continue
        if board.is_land(space):
            if spaces.friendly_since_turn_start(state, space, nation):
                out[space] = cost
        elif fighters and sum(spaces.carrier_room(state, c) for c in
                              spaces.friendly_carriers(state, space, nation)) >= len(aircraft):
            out[space] = cost
    return out


def _split(units: list[Unit]) -> tuple[list[Unit], list[Unit]]:
    return [u for u in units if not is_air(u.type)], [u for u in units if is_air(u.type)]


def retreat_options(board: BoardMap, state: GameState, battle: Battle) -> list[str]:
    """The spaces the attacker may retreat to now; empty when it may not retreat."""
    if battle.kind not in (BattleKind.LAND, BattleKind.NAVAL) or battle.round < 1:
        return []  # OQ3-10: never before the first round
    units = retreating_units(board, state, battle)
    if not units:
        return []
    nation = units[0].owner
    movers, aircraft = _split(units)
    if not movers:
        return sorted(air_places(board, state, battle, aircraft))
    out: set[str] = set()
    for u in movers:
        origin = came_from(u, battle.space)
        if origin is None:
            continue
        if is_land(u.type) and not board.is_land(origin):
            continue
        if is_sea(u.type) and not (board.is_sea(origin) and board.adjacent(origin, battle.space)):
            continue
        # R-LAND-2: controlled at the start of the turn; R-NAVAL-3: no enemy units there.
        if _friendly(board, state, origin, nation, at_start=is_land(u.type)):
            out.add(origin)
    return sorted(out)


def air_route(board: BoardMap, state: GameState, start: str, to: str, nation: Nation
              ) -> tuple[str, ...]:
    """A cheapest flight from ``start`` to ``to`` (R-MOVE-3, R-AIRBASE-1), or () when there
    is none; neighbours in name order break ties, so the answer is always the same."""
    dist = {start: 0}
    parent: dict[str, str] = {}
    queue: deque[str] = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(board.neighbours[here]):
            if not spaces.passable(board, nxt):
                continue
            step = spaces.air_step_cost(board, state, here, nxt, nation)
            if dist[here] + step < dist.get(nxt, len(board.neighbours) + 1):
                dist[nxt] = dist[here] + step
                parent[nxt] = here
                (queue.appendleft if step == 0 else queue.append)(nxt)
    if to not in dist:
        return ()
    path = [to]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return tuple(reversed(path))


def check_air_path(board: BoardMap, state: GameState, battle: Battle, to: str,
                   air_path: Sequence[str]) -> IllegalCombatChoice | None:
    """Why the aircraft may not fly ``air_path`` in this retreat (the refusal), or None."""
    units = retreating_units(board, state, battle)
    movers, aircraft = _split(units)
    if not aircraft:
        return IllegalCombatChoice("R-AIR-6", "No aircraft retreat from this battle: leave "
                                   "out the flight.")
    if air_path[0] != battle.space or any(
            not board.adjacent(a, b) or not spaces.passable(board, b)
            for a, b in pairwise(air_path)):
        return IllegalCombatChoice("R-AIR-6", "The retreating aircraft's flight must start in "
                                   "the battle space and go one adjacent space at a time.")
    if not movers and air_path[-1] != to:
        return IllegalCombatChoice("R-AIR-6", "Aircraft retreating alone fly to the retreat "
                                   "space itself.")
    places = air_places(board, state, battle, aircraft)
    cost = spaces.air_path_cost(board, state, tuple(air_path), aircraft[0].owner)
    if air_path[-1] not in places or cost > max(spaces.left(u) for u in aircraft):
        return IllegalCombatChoice(
            "R-AIR-6", "Retreating aircraft cannot fly to {space}: they go to a territory held "
            "since the start of the turn, or fighters to a friendly carrier with room, within "
            "their remaining moves (see also R-LAND-3).", space=board.place(air_path[-1]))
    return None


def check_casualty_order(board: BoardMap, state: GameState, battle: Battle,
                         casualty_order: Sequence[int]) -> None:
    """The order in which AA fire over the retreat's flight takes the aircraft (R-AAFLY-2,
    R-AAFLY-6) names retreating aircraft only, each once.

    Raises:
        IllegalCombatChoice: R-AAFLY-2.
    """
    if not casualty_order:
        return
    flying = {u.id for u in retreating_units(board, state, battle) if is_air(u.type)}
    stranger = next((i for i in casualty_order if i not in flying), None)
    if stranger is not None:
        unit = state.units.get(stranger)
        if unit is None:
            raise IllegalCombatChoice("R-AAFLY-2", "There is no unit {id}", id=stranger)
        # (a player names units by their type and place, never by their number)
        raise IllegalCombatChoice("R-AAFLY-2", "The casualty order names the {unit} in "
                                  "{space}, which is not among the retreating aircraft",
                                  unit=unit.type, space=board.place(unit.space))
    if len(set(casualty_order)) != len(casualty_order):
        raise IllegalCombatChoice("R-AAFLY-2", "The casualty order names an aircraft twice")


def retreat(ctx: Context, battle: Battle, to: str, air_path: Sequence[str] = (),
            casualty_order: Sequence[int] = ()) -> list[int]:
    """Move the retreating units to ``to`` (cargo stays aboard) and fly the aircraft; returns
    the ids that left the battle. Call only with a space from ``retreat_options`` and a path
    ``check_air_path`` accepts: this rolls AA dice (R-AAFLY-6)."""
    state = ctx.state
    movers, aircraft = _split(retreating_units(ctx.board, state, battle))
    assault_ships = {s for a in state.amphibious_assaults for s in a.ships}
    for u in movers:
        u = state.unit(u.id)
        u.space = to
        u.fought = True
        u.path = [*u.path, to]      # movement reads "came from" and stops from the path
        for cargo in state.cargo_of(u.id):
            cargo = state.unit(cargo.id)
            cargo.space = to
            cargo.path = [*cargo.path, to]
            # R-TRANS-12 / R-AMPH-4: a transport retreating from an assault's naval battle
            # may not unload this turn.
            if u.id in assault_ships and is_land(cargo.type):
                cargo.cargo_locked = True
    flights = [(aircraft, tuple(air_path))] if air_path else \
        default_flights(ctx.board, state, battle, to, bool(movers), aircraft)
    flown = [uid for group, flight in flights
             for uid in _fly(ctx, battle, group, flight, casualty_order)]
    ids = [u.id for u in movers] + flown
    battle.attackers = [a for a in battle.attackers
                        if a not in ids and a in state.units]
    left = {state.units[i].owner for i in ids if i in state.units}
    battle.retreated_by = [n for n in Nation if n in left or n in battle.retreated_by]
    ctx.emit(UnitsRetreated(space=battle.space, to=to, units=tuple(ids)))
    return ids


def default_flights(board: BoardMap, state: GameState, battle: Battle, to: str,
                    with_force: bool, aircraft: list[Unit]
                    ) -> list[tuple[list[Unit], tuple[str, ...]]]:
    """Where retreating aircraft fly when the attacker names no ``air_path`` (R-AIR-6): alone,
    by the cheapest route to ``to``; with land units, to their territory; with a fleet, the
    fighters its zone's friendly carriers have room for (counted after the ships moved) go
    along, the others to the nearest place they may land. An empty flight: nowhere to go."""
    if not aircraft:
        return []
    nation = aircraft[0].owner
    if not with_force:
        return [(aircraft, air_route(board, state, battle.space, to, nation))]
    if board.is_land(to):
        return [(aircraft, (battle.space, to))]
    fighters = [u for u in aircraft if u.type is UnitType.FIGHTER]
    room = sum(spaces.carrier_room(state, c) for c in spaces.friendly_carriers(state, to, nation))
    along = fighters if len(fighters) <= room else []
    rest = [u for u in aircraft if u not in along]
    out: list[tuple[list[Unit], tuple[str, ...]]] = [(along, (battle.space, to))] if along \
        else []
    if rest:
        places = air_places(board, state, battle, rest)
        nearest = min(places, key=lambda s: (places[s], s)) if places else None
        out.append((rest, air_route(board, state, battle.space, nearest, nation)
                    if nearest else ()))
    return out


def _fly(ctx: Context, battle: Battle, aircraft: list[Unit], flight: tuple[str, ...],
         casualty_order: Sequence[int]) -> list[int]:
    """Fly the retreating aircraft along ``flight``: those without the moves are lost
    (R-AIR-4); enemy AA guns in each territory crossed fire once at the others (R-AAFLY-6,
    R-AAFLY-3)."""
    if not aircraft:
        return []
    state, board = ctx.state, ctx.board
    if not flight:
        _lose(ctx, battle, [u.id for u in aircraft],
              "no landing place within its remaining moves (R-AIR-6)", "R-AIR-6")
        return []
    nation = aircraft[0].owner
    cost = spaces.air_path_cost(board, state, flight, nation)
    stranded = [u.id for u in aircraft if spaces.left(u) < cost]
    _lose(ctx, battle, stranded, "it had no moves left to retreat with the others (R-AIR-4)",
          "R-AIR-4")
    alive = [u for u in aircraft if u.id not in stranded]
    order = [*casualty_order, *sorted(u.id for u in alive)]
    for space in dict.fromkeys(flight[1:-1]):
        if not alive or not spaces.aa_territory(board, state, space, nation):
            continue
        # The territory's owner fires its guns: at the table its player rolls (R-AAFLY-1).
        dice = ctx.roll(len(alive), f"AA fire over {board.name(space)} at retreating "
                        f"aircraft, hit on {AA_HIT}", AA_HIT, by=state.owner_of(space),
                        label=DiceLabel(kind="retreat_aa_fire", space=space,
                                        units=count_units((u.owner, u.type) for u in alive)))
        hits = sum(1 for d in dice if d <= AA_HIT)
        ids = {u.id for u in alive}
        lost = list(dict.fromkeys(i for i in order if i in ids))[:hits]
        _lose(ctx, battle, lost, f"AA fire over {space} during the retreat (R-AAFLY-6)",
              "R-AAFLY-6")
        alive = [u for u in alive if u.id not in lost]
    for u in alive:
        u = state.unit(u.id)
        u.space = flight[-1]
        u.carried_by = None
        u.moves_used += cost
        u.fought = True
        u.path = [*u.path, *flight[1:]]
    return [u.id for u in alive]


def _lose(ctx: Context, battle: Battle, ids: list[int], reason: str, rule: str) -> None:
    if not ids:
        return
    summary = count_phrase(ctx.state.units[uid].type for uid in ids)
    lost = count_units((ctx.state.units[uid].owner, ctx.state.units[uid].type) for uid in ids)
    for uid in ids:
        note_loss(battle, ctx.state.units[uid])
        ctx.state.remove_unit(uid)
    ctx.emit(UnitsLost(space=battle.space, units=tuple(ids), reason=reason, summary=summary,
                       lost=lost, rule=rule))
