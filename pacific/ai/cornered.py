"""Japan's main fleet cornered late in the game, sold dear (the careful level).

The main fleet (`fleet.main_fleet`: warships and the aircraft aboard worth most) checks its
destination with the enemy's flights priced as the engine prices them (`fleet.destination_look`,
R-AIRBASE-1). Late in a losing game the enemy's fleet and aircraft close in, and every zone of
its non-combat reach, its own included, can be one the enemy wins at >= `LOST` by that look and
by the counter's (`blunders.counter_look`): the non-combat movement has no zone that saves it,
and it waits to be sunk for nothing (blunder class 2). `doomed.sell_dear` does not see it: it
leaves a zone with aircraft aboard to the planner (they take off on their own, R-CARRIER-2),
and it reads the plain look, by which a zone the fighters reach only over an air base still
holds. Such a fleet attacks, in the combat movement, the best trade in its reach with its
warships and the aircraft aboard (the trade `doomed.sell_dear` weighs: its own loss counts
only for the chance it would have lived), and in that battle presses on where every retreat
is lost the same way (R-NAVAL-3)."""

from __future__ import annotations

from pacific.ai.attacks import Attack
from pacific.ai.blunders import LOST, counter_look, is_fleet
from pacific.ai.doomed import attack_targets, fleet_zones, sea_moves, sea_trade, sells_dear
from pacific.ai.fleet import main_fleet
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.state import Unit
from pacific.rules.units import is_air, is_sea, is_warship


def sell_main_fleet_dear(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """``attacks`` and, when the careful Japan's main fleet is sent by none of them and is
    lost wherever it ends (`cornered`), its best trade in reach: every warship and aircraft
    aboard that reaches the target. None where no trade is worth anything."""
    if not sells_dear(turn):
        return attacks
    used = {uid for a in attacks for uid in a.unit_ids()}
    targets = {a.target for a in attacks}
    for zone in fleet_zones(turn, used):
        force = _main_force(turn, zone, used)
        if not force:
            continue
        ships = [u for u in force if is_warship(u.type)]
        reach = set.intersection(*(sea_moves(turn, u) for u in ships))
        lost = cornered(turn, zone, force, reach)
        if lost < LOST:
            return attacks
        targets_of = {u.id: attack_targets(turn, u) for u in force}
        trades = [sea_trade(turn, t, force, targets_of, lost)
                  for t in sorted(set().union(*targets_of.values()) - targets)]
        best = max((t for t in trades if t is not None), key=lambda t: t.worth, default=None)
        return attacks if best is None else [*attacks, best.attack]
    return attacks


def _main_force(turn: Turn, zone: str, used: set[int]) -> list[Unit]:
    """The warships of ``zone`` with the aircraft aboard, when they are the main fleet, none
    of them is sent by an attack and none has moved in combat or fought; else none."""
    here = [u for u in turn.view.friends_at(zone) if turn.ours(u)]
    ships = [u for u in here if is_warship(u.type)]
    carriers = {u.id for u in ships}
    force = [*ships, *(u for u in here if is_air(u.type) and u.carried_by in carriers)]
    if not is_fleet(ships) or any(u.id in used or u.combat_moved or u.fought for u in force):
        return []
    return force if main_fleet(turn, zone, force) else []


def cornered(turn: Turn, zone: str, force: list[Unit], reach: set[str]) -> float:
    """The lowest chance, over ``zone`` and ``reach``, that the enemy wins against ``force``
    there (with this side's units already there) by the priced look and by the counter's,
    the lower of the two; 0.0 at the first zone where it is under `LOST`. The zones the plain
    estimate finds safest are asked first."""
    ids = {u.id for u in force}
    looks = (turn.priced(), counter_look(turn))

    def defenders(space: str) -> list[Unit]:
        return [*(u for u in turn.my_defenders(space) if u.id not in ids),
                *(moved(u, space) for u in force)]

    lowest = 1.0
    spaces = sorted({zone, *reach}, key=lambda s: (
        turn.danger(s, defenders=defenders(s), exact=False), s))
    for space in spaces:
        chance = min(look.danger(space, defenders=defenders(space)) for look in looks)
        if chance < LOST:
            return 0.0
        lowest = min(lowest, chance)
    return lowest


def main_fleet_presses_on(turn: Turn, zones: list[str], units: list[Unit]) -> bool:
    """Whether ``units`` (the careful Japan's attackers in a sea battle) are its main fleet
    and every zone they could retreat to (``zones``, R-NAVAL-3) is lost by `cornered`'s looks:
    retreating keeps nothing."""
    force = [u for u in units if is_sea(u.type) or is_air(u.type)]
    ships = [u for u in force if is_warship(u.type)]
    if not ships or not zones or not sells_dear(turn) \
            or not main_fleet(turn, ships[0].space, force):
        return False
    return all(cornered(turn, zone, force, set()) >= LOST for zone in zones)


__all__ = ["cornered", "main_fleet_presses_on", "sell_main_fleet_dear"]
