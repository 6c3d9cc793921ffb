"""`legal_actions` for movement: for each stack (identical units in one space) and for one
unit of it, a move to every reachable destination; loads, unloads, patrols, convoy holds and
patrol landings. Finite and exact: every action listed is accepted by `Game.apply`."""

from __future__ import annotations

from collections.abc import Iterator

from pacific.rules.actions.movement import HoldConvoy, LandCap, Move, MovementAction, StartCap
from pacific.rules.board_map import BoardMap
from pacific.rules.groups import identical_groups
from pacific.rules.movement import spaces
from pacific.rules.movement.cap import (
    accepted,
    check_hold_convoy,
    check_land_cap,
    check_start_cap,
)
from pacific.rules.movement.check import NAVAL_BASE_MOVE, naval_bases_of, trip_origin
from pacific.rules.movement.confirm import shared_action
from pacific.rules.movement.fast import incremental
from pacific.rules.movement.fast.incremental import Dependencies
from pacific.rules.movement.landing import planned_carrier_rooms
from pacific.rules.movement.members import (
    AIR,
    BOMBER,
    CAP_LANDING,
    COMBAT_MOVE,
    FIGHTER,
    LAND,
    NONCOMBAT_MOVE,
    SEA,
    SUBMARINE,
)
from pacific.rules.movement.reach import Found, boardings, carrier_kinds, made_move, search
from pacific.rules.movement.tables import tables
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.registry import lists
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS


def stacks(state: GameState) -> list[list[Unit]]:
    """The current power's units in groups of identical units (`pacific.rules.groups`: the
    same in everything but the id, cargo included), each in id order, groups in order of
    their first id."""
    return incremental.stacks(state)


@lists(COMBAT_MOVE, NONCOMBAT_MOVE)
def movement_actions(board: BoardMap, state: GameState) -> list[MovementAction]:
    with spaces.read_only(state):
        return incremental.listing(board, state, stack_actions)


def stack_actions(board: BoardMap, state: GameState, stack: list[Unit],
                  before: incremental.Listed | None = None,
                  changed: frozenset[str] = frozenset()) -> incremental.Listed:
    """The moves of one stack of identical units (all of them, and one), its extras (convoy
    holds, patrols), the region of the board they depend on and the searches made
    (`pacific.rules.movement.fast.incremental`). ``before``: the stack's last listing, when only
    the spaces ``changed`` changed in what it read (aircraft: `reach.search`'s)."""
    last: tuple[Found | None, Found | None] = (None, None)
    if before is not None:
        last = before[2]   # type: ignore[assignment]
    ids = tuple(u.id for u in stack)
    whole = search(board, state, ids, state.phase, before=last[0], changed=changed)
    out = _actions(whole)
    plans = whole.carrier_plans
    single: Found | None = None
    if len(stack) > 1:
        one = (stack[0].id,)
        if _one_as_all(stack, whole, state.phase):
            out += [_made_by(action, one) for action in out]
        elif UNIT_SPECS[stack[0].type].domain is LAND:
            # Land units on land: one goes by land wherever the stack goes (no rule depends
            # on how many move), and only boarding depends on the room aboard (R-TRANS-1).
            out += [_made_by(action, one) for action in out if isinstance(action, Move)]
            out += _actions(boardings(board, state, one, state.phase))
        else:
            # One unit may do whatever the whole stack may (no rule requires company): the
            # stack's answers are trusted, only the rest is checked.
            single = search(board, state, one, state.phase, whole.accepted, last[1], changed)
            plans = plans or single.carrier_plans
            out += _actions(single)
    out.extend(_extras(board, state, stack, ids))
    # Only aircraft and ships are searched again in part (`Dependencies.in_part`): the other
    # searches are not kept, which spares the garbage collector the objects they hold for a
    # round.
    domain = UNIT_SPECS[stack[0].type].domain
    kept = (whole, single) if domain is AIR or domain is SEA else _NOT_KEPT
    return out, _dependencies(board, state, stack, plans), kept


_NOT_KEPT: tuple[Found | None, Found | None] = (None, None)


def _actions(found: Found) -> list[MovementAction]:
    out: list[MovementAction] = []
    for dest in found.destinations.values():
        out.append(dest.action)
        if dest.raid_action is not None:
            out.append(dest.raid_action)
        out.extend(dest.more)
    return out


def _one_as_all(stack: list[Unit], whole: Found, phase: Phase) -> bool:
    """Whether one unit of ``stack`` may go exactly where the whole stack may: when no choice
    depends on how many move. No rule requires company, so one may do whatever all may; only
    room makes a difference: on carriers (R-CARRIER-1, OQ2-18) and on ships taking troops
    aboard (R-TRANS-1). Ships, cargo and bombers never meet it; fighters do landing in phase
    6 and declaring a risky mission's landing; land units boarding."""
    first = stack[0]
    domain = UNIT_SPECS[first.type].domain
    if domain is SEA:
        return True
    if domain is LAND:
        return first.carried_by is not None
    return first.type is BOMBER or (
        phase is COMBAT_MOVE and not whole.carrier_plans)


def _made_by(action: MovementAction, ids: tuple[int, ...]) -> MovementAction:
    """``action`` made by ``ids`` instead of the units it names."""
    if isinstance(action, Move):
        return made_move(ids, action.path, action.raid, action.landing, action.carrier)
    return action.model_copy(update={"units": ids})


def _dependencies(board: BoardMap, state: GameState, stack: list[Unit], carrier_plans: bool
                  ) -> Dependencies:
    """What the moves of ``stack`` can depend on (`pacific.rules.movement.fast.incremental`): the
    spaces its paths can reach, and what the checks look at beside them.

    - Land units: enemy units and control along their paths (R-MOVE-7, R-BLITZ-*,
      R-NONCOMBAT-3), and the ships, the power's own and its allies', in the zones next to
      them where they could board (R-TRANS-4); cargo: the territories next to its zone.
    - Ships: enemy units and convoys in the zones along their paths, and in phase 6 the
      naval bases beside the zones where a trip starts and ends (R-NAVALBASE-1). Their own
      side's units never stop them.
    - Aircraft: enemy units (battles, AA guns, raids) and control where they can reach, and
      the territories held since the start of the turn where they could land afterwards
      (R-AIR-2); in phase 6 the carriers, its own and allied, where they may land (R-MOVE-6);
      for a risky flight
      the carriers that could come within 2 zones of a landing place, and the landings other
      fighters declared (R-AIR-3, R-CARRIER-6, OQ2-18).
    """
    first = stack[0]
    left = spaces.left(first)
    domain = UNIT_SPECS[first.type].domain
    space = first.space
    phase = state.phase
    if domain is SEA and phase is NONCOMBAT_MOVE:
        origin = trip_origin(first)
        key: tuple[object, ...] = (domain, phase, space, left, origin, first.moves_used,
                                   bool(naval_bases_of(board, state, origin, first.owner)))
    elif domain is AIR and (carrier_plans or (phase is NONCOMBAT_MOVE and
                                              first.type is FIGHTER)):
        return _carrier_dependencies(board, state, stack, left, carrier_plans)
    else:
        key = (domain, phase, space, left, first.type is FIGHTER)
    # The same for every stack of the same kind, place and movement left (no carriers read):
    # made once per board and kept with its tables (a stack listed afresh would otherwise make
    # its regions' unions again).
    derived = tables(board).derived
    full = ("dependencies", *key)
    found: Dependencies | None = derived.get(full)
    if found is None:
        found = derived[full] = _fixed_dependencies(board, state, first, left, domain)
    return found


def _fixed_dependencies(board: BoardMap, state: GameState, first: Unit, left: int,
                        domain: object) -> Dependencies:
    """`_dependencies` of a stack whose moves read nothing of the carriers: they depend on
    its kind, space, movement left and, for ships in phase 6, where their trip began and
    whether a naval base is by it (the key `_dependencies` keeps them under)."""
    space = first.space
    if domain is LAND:
        zones = incremental.ball(board, space, 1, "sea")
        land = incremental.ball(board, space, max(left, 1), "land")
        return Dependencies(enemy=land | zones, control=land, records=zones, shipping=zones,
                            allies=zones)
    if domain is SEA:
        # Records name the units they concern: a ship's own freeze or unloading counts as a
        # change of that ship. Searched again in part: only the destinations whose paths
        # can cross a space where something changed (`reach._first_legal_again`).
        if state.phase is COMBAT_MOVE:
            zones = incremental.ball(board, space, max(left, 1), "sea")
            return Dependencies(enemy=zones, control=zones, in_part=True)
        origin = trip_origin(first)
        bases = incremental.ball(board, origin, 1, "land")   # whether a bonus may apply
        if not naval_bases_of(board, state, origin, first.owner):
            return Dependencies(enemy=incremental.ball(board, space, max(left, 1), "sea"),
                                control=bases, in_part=True)
        reach = max(left, NAVAL_BASE_MOVE - first.moves_used)
        return Dependencies(enemy=incremental.ball(board, space, reach, "sea"),
                            control=incremental.ball(board, space, reach + 1) | bases,
                            in_part=True)
    flight = _flight(board, space, left)
    if state.phase is NONCOMBAT_MOVE:
        # Enemy units never stop a landing flight (no AA fire, no battle in phase 6); they
        # stop a patrol taking off into their zone (R-CAP-1).
        # Only fighters land on carriers (R-MOVE-6): a bomber's landings ignore them.
        return Dependencies(enemy=incremental.ball(board, space, 1, "sea"), control=flight,
                            in_part=True)
    return Dependencies(enemy=flight, control=flight, records=flight, in_part=True)


def _flight(board: BoardMap, space: str, left: int) -> frozenset[str]:
    """Where an aircraft at ``space`` with ``left`` to spend can reach, and the spaces next
    to its own."""
    return incremental.air_region(board, space, left, 0) | incremental.ball(board, space, 1)


def _carrier_dependencies(board: BoardMap, state: GameState, stack: list[Unit], left: int,
                          carrier_plans: bool) -> Dependencies:
    """`_dependencies` of fighters whose moves read the carriers
    (`Dependencies.read_carriers`)."""
    first = stack[0]
    space = first.space
    flight = _flight(board, space, left)
    if carrier_plans:
        wide = incremental.air_region(board, space, left, 2) | incremental.ball(board, space, 1)
        plans = _planned_rooms_reading(wide, first.owner, tuple(u.id for u in stack))
        # Enemy units beyond its flight matter only where they stop carriers.
        return Dependencies(enemy=flight, enemy_for_carriers=wide, control=wide, records=wide,
                            carriers=wide, allied_carriers=wide, read_carriers=plans,
                            carriers_read=plans(board, state), in_part=True)
    decks = _decks_reading(flight, first.owner, len(stack))
    return Dependencies(enemy=incremental.ball(board, space, 1, "sea"), control=flight,
                        carriers=flight, allied_carriers=flight, read_carriers=decks,
                        carriers_read=decks(board, state), in_part=True)


# ---- what fighters' moves read of the carriers (`Dependencies.read_carriers`) ----
# A carrier that moves, or a fighter that lands on one or takes off, changes the fighters'
# moves around it only when it changes these answers: the other fighter stacks nearby are not
# listed again for nothing.

def _decks_reading(region: frozenset[str], nation: Nation, count: int
                   ) -> incremental.CarrierReading:
    """Non-combat movement: in each zone of ``region`` with friendly carriers, the room of
    each (up to the stack's size) and the carriers a landing of the stack, or of one of it,
    may name (R-MOVE-6, R-CARRIER-1, `reach_air.carrier_kinds`)."""
    def read(board: BoardMap, state: GameState) -> object:
        # Only the zones with friendly carriers (the keys of `carrier_rooms_at`); what a zone
        # says is the same for every stack of the nation and size (remembered).
        return tuple(_decks(state, zone, nation, count)
                     for zone in sorted(region & spaces.carrier_rooms_at(state, nation).keys()))
    return read


def _decks(state: GameState, zone: str, nation: Nation, count: int) -> object:
    return spaces.remembered(state, ("decks", zone, nation, count),
                             lambda: _zone_decks(state, zone, nation, count))


def _zone_decks(state: GameState, zone: str, nation: Nation, count: int) -> object:
    carriers = spaces.friendly_carriers(state, zone, nation)
    return (zone, tuple((c.id, min(spaces.carrier_room(state, c), count)) for c in carriers),
            tuple(carrier_kinds(state, zone, nation, count)),
            tuple(carrier_kinds(state, zone, nation, 1)))


def _planned_rooms_reading(region: frozenset[str], nation: Nation, ids: tuple[int, ...]
                           ) -> incremental.CarrierReading:
    """Combat movement, a risky flight: the room on carriers after non-combat movement in
    each zone of ``region``, up to the stack's size: where it, or one of it, may declare a
    landing (R-AIR-3, OQ2-18)."""
    def read(board: BoardMap, state: GameState) -> object:
        # As the searches ask: for the whole stack (its own fighters not counted aboard) and
        # for its first unit alone.
        return tuple(
            tuple(sorted((zone, min(room, len(group))) for zone, room in
                         planned_carrier_rooms(board, state, nation, set(group)).items()
                         if room > 0 and zone in region))
            for group in (ids, ids[:1]))
    return read


def _extras(board: BoardMap, state: GameState, stack: list[Unit], ids: tuple[int, ...]
            ) -> Iterator[MovementAction]:
    """Submarines staying to capture their convoy zone (R-CONVOY-4) and fighters taking up a
    patrol (R-CAP-1): the whole stack, and one of it."""
    first = stack[0]
    groups = [ids] if len(ids) == 1 else [ids, ids[:1]]
    if state.phase is COMBAT_MOVE and first.type is SUBMARINE:
        for group in groups:
            hold = shared_action(HoldConvoy, units=group)
            if accepted(check_hold_convoy, board, state, hold):
                yield hold
    if state.phase is NONCOMBAT_MOVE and first.type is FIGHTER and \
            board.is_land(first.space):
        for zone in sorted(board.neighbours[first.space]):
            for group in groups:
                cap = shared_action(StartCap, units=group, sea_zone=zone)
                if board.is_sea(zone) and accepted(check_start_cap, board, state, cap):
                    yield cap


@lists(CAP_LANDING)
def cap_landings(board: BoardMap, state: GameState) -> Iterator[MovementAction]:
    """R-CAP-7: every landing place of every patrol group (the whole stack, and one of it)."""
    # Being on patrol is part of what makes units identical: the patrols' stacks are those
    # of the patrolling units alone (most turns have none).
    patrols = [u for u in incremental.movers(state) if u.cap]
    for stack in identical_groups(patrols, spaces.cargo_by_ship(state)) if patrols else []:
        zone = stack[0].space
        for group in ([stack] if len(stack) == 1 else [stack, stack[:1]]):
            ids = tuple(u.id for u in group)
            for space in sorted(board.neighbours[zone] | {zone}):
                for carrier in _patrol_carriers(board, state, group, space):
                    action = shared_action(LandCap, units=ids, space=space, carrier=carrier)
                    if accepted(check_land_cap, board, state, action):
                        yield action


def _patrol_carriers(board: BoardMap, state: GameState, stack: list[Unit], space: str
                     ) -> list[int | None]:
    """R-CAP-7: a patrol landing at sea takes any friendly carrier with room (None), or the
    one the player names: each carrier of its own kind is a choice (it may not move again
    this turn, R-CARRIER-5)."""
    if not board.is_sea(space):
        return [None]
    carriers = [c for c in spaces.friendly_carriers(state, space, stack[0].owner)
                if spaces.carrier_room(state, c) >= len(stack)]
    return [None, *(kind[0].id for kind in identical_groups(carriers, spaces.cargo_by_ship(state)))]
