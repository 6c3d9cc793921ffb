"""Japan's small pair lost wherever it can end together: its ships part (the careful level).

A pair of small warships (a destroyer and a submarine, two submarines) is a fleet by blunder
class 2's measure (`blunders.is_fleet`); alone, neither is. Japan's round-2 raiders, kept beside
its transports in the Indies, were lost in every zone of their reach by the counter's own look
(`blunders.counter_look`) once the Philippines fell to the Allies' aircraft and a carrier came
where those aircraft could land after attacking (R-AIR-2, R-AIR-3): no zone to choose, and the
turn before no zone read the trap (docs/ai-journal.md, "Japan's pair lost in Sea Zone 52 once
the Philippines fall"). Together they are one battle the enemy wins with one strike, the
aircraft sinking the destroyer and the submarine left to a stalemate it cannot win
(R-SUB-5, R-NAVAL-4 E); apart, each is a battle of its own, the enemy's aircraft must find a
landing from each, and a lone submarine is no target for aircraft alone (R-SUB-5).

`scattered` reads a task force's plan so: where its small warships would end as a fleet that
look loses (at >= `LOST`), alone or with small warships of ours that stay there (a destroyer
that sailed there in the combat movement, R-NONCOMBAT-2), and no other zone of their common
reach holds them, each ship sails alone, the dearest first: to the zone the force chose if it
is no fleet there, else to the zone of its own reach (or stays) where that look loses it least
likely and it is no fleet with the ships of ours there. (The dearest ship keeps the force's
zone: the transports of the Indies follow their escort, and a destroyer sent to its own best
zone, lost there at 0.90 rather than 1.00, drew fourteen land units aboard after it.)"""

from __future__ import annotations

from pacific.ai.blunders import LOST, counter_look, is_fleet
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.rules.nations import Side
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_warship

U = UnitType
# The careful sides whose pairs part so: Japan, whose raiders were lost together
# (docs/ai-journal.md).
SCATTER_SIDES = (Side.AXIS,)
# From this round: Japan's opening (rounds 1-2, the same position in every game) plays as
# measured (`pairs.PAIR_FROM_ROUND`).
SCATTER_FROM_ROUND = 3
# The ships a pair is made of: small warships, no battleship or carrier (a fleet alone).
SCATTER_TYPES = (U.SUBMARINE, U.DESTROYER)

Plan = list[tuple[tuple[int, ...], str]]


def scattered(turn: Turn, here: str, moving: dict[tuple[int, ...], set[str]],
              plan: Plan) -> Plan:
    """``plan``, the moves of the task force of ``here`` (``moving``: each group of its ships
    that can still sail, with the zones it can end in), or where it is such a pair (the
    module's docstring) the pair's ships parted, each alone (ship by ship)."""
    if not (turn.level.careful and turn.view.side in SCATTER_SIDES
            and turn.state.round >= SCATTER_FROM_ROUND and moving):
        return plan
    state = turn.state
    ships = [state.units[i] for group in moving for i in group]
    if any(u.type not in SCATTER_TYPES for u in ships):
        return plan
    end = {i: zone for group, zone in plan for i in group}
    planned = {end.get(u.id, here) for u in ships}
    if len(planned) != 1:
        return plan      # already parted
    destination = next(iter(planned))
    ids = {u.id for u in ships}
    look = counter_look(turn)

    def others(zone: str) -> list[Unit]:
        return [u for u in turn.my_defenders(zone) if u.id not in ids]

    def warships(units: list[Unit]) -> list[Unit]:
        return [u for u in units if is_warship(u.type)]

    def chance(zone: str, units: list[Unit]) -> float:
        return look.danger(zone, defenders=[*others(zone), *(moved(u, zone) for u in units)])

    staying = warships(others(destination))
    if any(u.type not in SCATTER_TYPES for u in staying) \
            or not is_fleet([*staying, *ships]) or chance(destination, ships) < LOST:
        return plan
    reach = set.intersection(*moving.values()) | {here}
    if any(chance(zone, ships) < LOST for zone in sorted(reach - {destination})):
        return plan      # a zone holds the force: the force's own choice
    out: Plan = []
    ending: dict[str, list[Unit]] = {}
    group_of = {i: group for group in moving for i in group}
    for ship in sorted(ships, key=lambda u: (-UNIT_SPECS[u.type].cost, u.id)):
        best: tuple[tuple[bool, float, str], str] | None = None
        for zone in sorted(moving[group_of[ship.id]] | {here}):
            if is_fleet([*warships(others(zone)), *ending.get(zone, []), ship]):
                continue
            key = (zone != destination, chance(zone, [ship]), zone)
            if best is None or key < best[0]:
                best = (key, zone)
        if best is None:
            return plan      # no zone where it is alone
        ending.setdefault(best[1], []).append(ship)
        out.append(((ship.id,), best[1]))
    return out


__all__ = ["SCATTER_FROM_ROUND", "SCATTER_SIDES", "SCATTER_TYPES", "scattered"]
