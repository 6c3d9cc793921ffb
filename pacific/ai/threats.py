"""What the enemy could throw at a space in its next turn: the counter-attack a capture exposes,
the danger to a capital, the safety of a fleet. An estimate, as the strongest A&A computer
players make it (TripleA's ProAI "max enemy attackers"): every enemy unit within its reach is
counted, as if the enemy sent everything everywhere, so the answer errs on the side of caution.

Reach is counted in steps over the board's adjacency (`pacific.ai.view.Distances`) with each
unit's movement from the unit table; aircraft need to get home, so they count up to one space
less than their movement; land units may come by sea, two to a transport, when an enemy
transport can reach a zone next to the space (except from the zones the caller names as
screened: see `screen`)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from pacific.ai.judge import rough_win, strength
from pacific.ai.view import View
from pacific.rules.nations import power_of
from pacific.rules.state import Unit
from pacific.rules.units import TRANSPORT_CAPACITY, UNIT_SPECS, UnitType, is_air, is_land, is_sea

# How far an aircraft can strike and still land: one space less than its movement.
AIR_STRIKE = {UnitType.FIGHTER: 3, UnitType.BOMBER: 5}


def _moves(unit: Unit) -> int:
    return UNIT_SPECS[unit.type].move


def _attacks(unit: Unit) -> bool:
    return UNIT_SPECS[unit.type].attack > 0 and unit.type is not UnitType.AA_GUN


def enemy_units(view: View) -> list[Unit]:
    return sorted((u for u in view.state.units.values() if view.enemy(u.owner)),
                  key=lambda u: u.id)


def attackers_of(view: View, space: str, enemies: list[Unit] | None = None,
                 screened: Collection[str] = (), air_bases: bool = False) -> list[Unit]:
    """Enemy units that could attack ``space`` in the enemy's next turn; no transport's cargo
    lands from the ``screened`` zones (`screen`). With ``air_bases``, an aircraft's flight is
    counted as the engine prices it (`_strikes`)."""
    enemies = enemy_units(view) if enemies is None else enemies
    out: list[Unit] = []
    at_sea = view.board.is_sea(space)
    by_transport: list[Unit] = []
    for u in enemies:
        if not _attacks(u) and u.type is not UnitType.TRANSPORT:
            continue
        if is_air(u.type):
            strikes = _strikes(view, u, space) if air_bases else \
                view.air_distance(u.space, space) <= AIR_STRIKE.get(u.type, _moves(u) - 1)
            if strikes:
                out.append(u)
        elif is_sea(u.type):
            near = view.sea_distance(u.space, space) <= _moves(u) if at_sea else False
            if near and u.type is not UnitType.TRANSPORT:
                out.append(u)
            if u.type is UnitType.TRANSPORT and not at_sea:
                by_transport.append(u)
        elif not at_sea and u.carried_by is None \
                and view.land_distance(u.space, space) <= _moves(u):
            out.append(u)
    if not at_sea and by_transport:
        out.extend(_landing_threat(view, space, by_transport, enemies, out, screened))
    return out


def _strikes(view: View, aircraft: Unit, space: str) -> bool:
    """Whether ``aircraft`` can fly to ``space`` and still have a move to land, its flight
    priced by the engine: the step between an air base its side holds and the sea zone
    beside it is free (R-AIRBASE-1), on the way out and on the way home, so a fighter on an
    air base strikes a zone five steps away whose coast has another (what the hop count of
    `AIR_STRIKE` does not see)."""
    landing = 0 if view.lands_free(aircraft.owner, space) else 1
    return view.air_cost(aircraft.owner, aircraft.space, space) <= _moves(aircraft) - landing


def screen(view: View, zone: str, enemies: list[Unit], safety: float,
           sails: Callable[[Unit], bool] = lambda ship: True) -> list[Unit]:
    """The fewest warships of the power to act (strongest first, with the aircraft aboard
    their carriers), in ``zone`` or within a move of it and able to end there (``sails``),
    against which what the enemy can
    send to ``zone`` wins below ``safety`` (the strength estimate); none if all of them do
    not. Ending this turn in ``zone``, they screen it: an enemy transport unloading from it
    must win the naval battle there first (R-AMPH-6, R-COMBAT-2), and its cargo sinks with
    it (R-TRANS-14)."""
    power = view.state.power
    units = view.state.units.values()
    ships = [u for u in units if power_of(u.owner) is power and is_sea(u.type)
             and u.type is not UnitType.TRANSPORT and u.carried_by is None
             and view.sea_distance(u.space, zone) <= _moves(u) and sails(u)]
    if not ships:
        return []
    attackers = attackers_of(view, zone, enemies)
    ships.sort(key=lambda u: (-strength([u], attacking=False), u.id))
    chosen: list[Unit] = []
    for ship in ships:
        chosen += [ship, *(u for u in units if u.carried_by == ship.id and is_air(u.type))]
        if rough_win(attackers, chosen) < safety:
            return chosen
    return []


def _landing_threat(view: View, space: str, transports: list[Unit], enemies: list[Unit],
                    already: list[Unit], screened: Collection[str] = ()) -> list[Unit]:
    """Land units enemy transports could land on ``space``: their cargo, or land units next to
    their zone, two to a transport (R-TRANS-1), best attackers first; none from the
    ``screened`` zones."""
    zones = [z for z in view.coastal_zones(space) if z not in screened]
    if not zones:
        return []
    taken = {u.id for u in already}
    out: list[Unit] = []
    for ship in transports:
        if min((view.sea_distance(ship.space, z) for z in zones), default=99) > _moves(ship):
            continue
        cargo = [u for u in enemies if u.carried_by == ship.id]
        if not cargo:
            shore = [t for t in view.board.neighbours[ship.space] if view.board.is_land(t)]
            cargo = [u for u in enemies if u.space in shore and u.carried_by is None
                     and is_land(u.type) and _attacks(u) and u.id not in taken]
            cargo.sort(key=lambda u: (-UNIT_SPECS[u.type].attack, u.id))
            room, chosen = TRANSPORT_CAPACITY, []
            for u in cargo:
                size = UNIT_SPECS[u.type].transport_size
                if size <= room:
                    chosen.append(u)
                    room -= size
            cargo = chosen
        for u in cargo:
            if u.id not in taken:
                taken.add(u.id)
                out.append(u)
    return out
