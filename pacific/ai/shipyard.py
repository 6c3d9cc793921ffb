"""The hard Allies' warships bought for the turns the task force can take them along: new ships
appear after the fleet has moved (R-PLACE-1), in the zones off the capital's industrial
complex. A task force that sails from there this turn leaves them alone, where the enemy's
carrier fighters sink all but their submarines, which aircraft cannot hit (R-SUB-5), a
stalemate that counts as the fleet lost (R-NAVAL-4 E).

A strong player builds in the turns the fleet stays home and sails in the others, rather than
splitting: where a task force of the power is in the shipyard's zones, the warships are bought
only where its own move (`fleet.FleetMove`, asked with the purchase as made, its wait for the
new ships included, read by the plain look: `fleet.new_ships_look`) leaves ships there with
which they hold by the priced look (`Turn.priced`). Otherwise their money is kept for a later
turn (R-PURCH-3: unspent IPCs carry over). With no task force there the purchase is the
planner's own: measured, asking it then too starved the task force of the ships it gathers from
home (docs/ai-journal.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pacific.ai.blunders import LOST
from pacific.ai.fleet import FleetMove
from pacific.ai.noncombat import fleet_goals
from pacific.ai.turn import Turn
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_land, is_sea

U = UnitType
# The nations whose purchase asks it: the United States, whose task force sails from the
# shipyard's zone while Japan's carriers reach it (docs/ai-journal.md).
BUILDERS = (Nation.USA,)
# Sea zones from the shipyard's zones within which an enemy transport with cargo keeps the task
# force home: a transport's move and one more, the enemy's fleet next to the coast a turn later.
INVASION_REACH = 3


def warship(unit_type: UnitType) -> bool:
    return is_sea(unit_type) and unit_type is not U.TRANSPORT


def _submarine(unit_type: UnitType) -> bool:
    return unit_type is U.SUBMARINE


def _surface(unit_type: UnitType) -> bool:
    return warship(unit_type) and unit_type is not U.SUBMARINE


def not_placed_alone(turn: Turn, nation: Nation, bought: Counter[UnitType]
                     ) -> Callable[[UnitType], bool] | None:
    """At the hard level and for `BUILDERS`, the kind of ships to leave out of ``bought`` (None:
    none) so that those bought are not placed alone where the enemy sinks them at once
    (`left_alone`). A build turn, where the task force stays home without warships bought,
    keeps the surface warships and leaves out the submarines, which the task force's wait
    reads as holding alone against aircraft (R-SUB-5): without them it waits for the
    carriers and destroyers. A sailing turn keeps only what holds alone and does not hold the
    task force back, the submarines if they do, so that it sails whole. With no warship of
    this power in the zones the ships are placed in, none."""
    if not (turn.level.careful and nation in BUILDERS) \
            or not any(warship(t) for t in bought) or not left_alone(turn, nation, bought):
        return None
    zones = _zones(_later(turn, nation, bought), nation, _kinds(bought)[0])
    if not _warship_in(turn, zones):
        return None
    building = _invasion_near(turn, zones) \
        or not _sails(turn, nation, _without(bought, warship), zones)
    for kind in ((_submarine, _surface) if building else (_surface,)):
        rest = _without(bought, kind)
        if any(warship(t) for t in rest) and not left_alone(turn, nation, rest) \
                and (building or _sails(turn, nation, rest, zones)):
            return kind
    return warship


def fleet_at_shipyard(turn: Turn, nation: Nation, bought: Counter[UnitType]) -> bool:
    """Whether a warship of ``nation`` is in a zone where the warships in ``bought`` may be
    placed this turn: its task force's own move then decides (`not_placed_alone`)."""
    kinds = _kinds(bought)
    return bool(kinds) and _warship_in(turn, _zones(_later(turn, nation, bought), nation,
                                                     kinds[0]))


def _warship_in(turn: Turn, zones: list[str]) -> bool:
    return any(turn.ours(u) and warship(u.type) for z in zones for u in turn.view.friends_at(z))


def _invasion_near(turn: Turn, zones: list[str]) -> bool:
    """Whether an enemy transport with cargo is within `INVASION_REACH` sea zones of
    ``zones``: the shipyard's coast then wants the task force home with the new ships, whose
    screen keeps the landing off the capital (`Turn.screens`)."""
    return any(u.type is U.TRANSPORT and turn.state.cargo_of(u.id)
               and min(turn.view.sea_distance(u.space, z) for z in zones) <= INVASION_REACH
               for u in turn.enemies if turn.board.is_sea(u.space))


def _without(bought: Counter[UnitType], kind: Callable[[UnitType], bool]) -> Counter[UnitType]:
    return Counter({t: n for t, n in bought.items() if not kind(t)})


def _later(turn: Turn, nation: Nation, bought: Counter[UnitType]) -> Turn:
    """The non-combat movement of this turn as its steps see it, ``bought`` to be placed."""
    purchased = {**turn.state.purchased, nation: dict(bought)}
    return turn.at(turn.state.model_copy(
        update={"phase": Phase.NONCOMBAT_MOVE, "purchased": purchased}))


def _zones(turn: Turn, nation: Nation, unit_type: UnitType) -> list[str]:
    """The sea zones where ``nation`` may place a ship this turn (R-PLACE-1), as the engine
    lists them."""
    placing = turn.state.model_copy(update={"phase": Phase.PLACE})
    return sorted(z for z in turn.game.placement_targets(placing, nation, unit_type)
                  if turn.board.is_sea(z))


def _sails(turn: Turn, nation: Nation, bought: Counter[UnitType], zones: list[str]) -> bool:
    """Whether a task force of this power leaves one of ``zones`` with ``bought`` to place."""
    later = _later(turn, nation, bought)
    goals = fleet_goals(later)
    return any(_sailing(later, zone, goals) for zone in zones)


def _kinds(bought: Counter[UnitType]) -> list[UnitType]:
    return sorted((t for t in bought if warship(t) and bought[t] > 0), key=lambda t: t.value)


def left_alone(turn: Turn, nation: Nation, bought: Counter[UnitType]) -> bool:
    """Whether the warships in ``bought`` would be placed where the enemy sinks them at once
    (>= `LOST` by the priced look) in every zone they may be placed in, with the ships that
    stay there this turn: the task force there sails as its own move decides, this power's
    transports sail after it, and the ships of another power stay."""
    kinds = _kinds(bought)
    if not kinds:
        return False
    later = _later(turn, nation, bought)
    goals = fleet_goals(later)
    priced = later.priced()
    for zone in _zones(later, nation, kinds[0]):
        new = [Unit(id=-1 - i, type=t, owner=nation, space=zone)
               for i, t in enumerate(t for t in kinds for _ in range(bought[t]))]
        if priced.danger(zone, defenders=[*_staying(later, zone, goals), *new]) < LOST:
            return False
    return True


def _sailing(turn: Turn, zone: str, goals: dict[str, float]) -> set[int]:
    """The ships of the task force in ``zone`` that its own step would move out."""
    step = FleetMove(turn, zone, goals, priced_wait=False)
    return {i for ids, to in step.plan(turn.game, turn) if to != zone for i in ids}


def _staying(turn: Turn, zone: str, goals: dict[str, float]) -> list[Unit]:
    """The ships of this side in ``zone`` (with the aircraft aboard) after the task force
    there has moved as its own step would move it; this power's transports sail after it."""
    sailing = _sailing(turn, zone, goals)
    there = [u for u in turn.view.friends_at(zone) if not is_land(u.type)
             and (is_sea(u.type) or u.carried_by is not None)]
    return [u for u in there if u.id not in sailing and u.carried_by not in sailing
            and not (turn.ours(u) and u.type is U.TRANSPORT)]
