"""Warships lost wherever they end, sold dear (the careful level's Japan).

A fleet (two warships or more, or a battleship or a carrier: what blunder class 2 counts)
whose every zone of reach, its own included, is one the enemy wins at >= `LOST`
(by the planner's estimate and by what the enemy can attack with, `blunders.Seen`) has nothing
to keep: the non-combat movement cannot save it. Its value then counts as already lost, and in
the combat movement it attacks the best trade in its reach (a transport group, a lone ship)
rather than waiting to be sunk, as TripleA's ProAI uses the units it cannot hold for attacks.
The attack's own losses count only for the chance the force would have lived; in the battle,
a force whose every retreat is lost presses on (`presses_on`). Lone warships lost wherever they
end, that the non-combat movement would bring together into such a fleet, are sold the same
way (`_meeting`). A task force that chooses its zone by the blunder counter's look
(`us_fleet.task_force_look`: from round 3, submarines beside surface warships) is read lost
by that look too: the enemy's aircraft that took an island next to it reach every zone it can
sail to, and the plain look reads the battle they leave to its submarine as held."""

from __future__ import annotations

from dataclasses import dataclass

from pacific.ai.attacks import Attack
from pacific.ai.blunders import LOST, Seen, is_fleet
from pacific.ai.fleet import best_zone
from pacific.ai.noncombat import fleet_goals
from pacific.ai.turn import Turn
from pacific.ai.us_fleet import task_force_look
from pacific.ai.view import moved
from pacific.odds import OddsResult
from pacific.rules.nations import Side
from pacific.rules.phases import Phase
from pacific.rules.queries import DropTarget
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_air, is_sea, is_warship

U = UnitType
# The sides whose careful level sells its lost warships dear: Japan, whose new warships are
# placed off Japan while its main fleet is away (R-PLACE-1) and picked off alone
# (docs/ai-journal.md).
SELLING_SIDES = (Side.AXIS,)
# Below this rough chance of the enemy's win in a zone of reach the force is not lost (the
# exact odds are not asked).
ROUGH_SAFE = 0.5


@dataclass
class _Trade:
    attack: Attack
    worth: float


def sells_dear(turn: Turn) -> bool:
    """Whether the power to act sells its lost warships dear: the careful level's Japan."""
    return turn.level.careful and turn.view.side in SELLING_SIDES


def sell_dear(turn: Turn, attacks: list[Attack]) -> list[Attack]:
    """``attacks`` and, for each zone's warships that no attack sends, when they are a fleet
    lost wherever it ends (`doom`), its best trade in reach: a sea attack whose expected enemy
    loss, plus the chance of winning times the zone's worth (a convoy route, R-CONVOY-3),
    beats the force's own expected loss counted only for the chance it would have lived.
    None where no such trade is in reach. Then the same for lone warships of a fleet in the
    making (`_meeting`), the best sale first."""
    out = list(attacks)
    used = {uid for a in out for uid in a.unit_ids()}
    targets = {a.target for a in out}
    for zone in fleet_zones(turn, used):
        force = [u for u in _force(turn, zone) if u.id not in used]
        if not is_fleet(force):
            continue     # a lone ship plays as before: the class counts fleets
        targets_of = {u.id: attack_targets(turn, u) for u in force}
        reach = set.intersection(*(sea_moves(turn, u) for u in force))
        lost = doom(turn, zone, force, reach, task_force_look(turn, force))
        if lost < LOST:
            continue
        best: _Trade | None = None
        for target in sorted(set().union(*targets_of.values()) - targets):
            trade = sea_trade(turn, target, force, targets_of, lost)
            if trade is not None and (best is None or trade.worth > best.worth):
                best = trade
        if best is not None:
            out.append(best.attack)
            targets.add(best.attack.target)
            used.update(best.attack.unit_ids())
    sales = []
    for ship, lost_alone, partners in _meeting(turn, used):
        reachable = {ship.id: attack_targets(turn, ship)}
        for target in sorted(set(reachable[ship.id]) - targets):
            trade = sea_trade(turn, target, [ship], reachable, lost_alone)
            if trade is not None:
                sales.append((trade, partners))
    # The best sale first: a ship whose partners were all sold is no longer a fleet in the
    # making, and plays as a lone ship does.
    for trade, partners in sorted(sales, key=lambda s: -s[0].worth):
        ids = trade.attack.unit_ids()
        if set(ids) & used or trade.attack.target in targets or partners <= used:
            continue
        out.append(trade.attack)
        targets.add(trade.attack.target)
        used.update(ids)
    return out


def _meeting(turn: Turn, used: set[int]) -> list[tuple[Unit, float, set[int]]]:
    """Lone warships (the only one of their zone that no attack sends) lost wherever they
    end alone, with that chance (`doom`), that the non-combat movement would bring together
    with other warships no attack sends, where together they are a fleet lost too (a fleet
    in the making, which class 2 then counts), each with the ids of those partners. Where
    each sails is asked of `fleet.best_zone` as the task forces ask it: lost everywhere, a
    ship goes where the risk is lowest, which is where other ships already are. A lone ship
    with no such partner plays as before: sold on its own, or with partners whose reach only
    met its own, lone submarines lost by the estimate early in the game attacked and turned
    games (docs/ai-journal.md)."""
    groups: dict[str, list[Unit]] = {}
    for zone in fleet_zones(turn, used):
        force = [u for u in _force(turn, zone) if u.id not in used]
        # A submarine beside enemy ships (R-MOVE-8) leaves or fights in the combat movement:
        # where it ends is not the non-combat movement's choice.
        if force and not turn.view.enemies_at(zone):
            groups[zone] = force
    goals = fleet_goals(turn)
    lone: dict[str, tuple[float, str]] = {}
    for zone, force in groups.items():
        if len(force) != 1 or is_fleet(force):
            continue
        reach = sea_moves(turn, force[0])
        lost = doom(turn, zone, force, reach)
        if lost >= LOST:
            lone[zone] = (lost, best_zone(turn, zone, reach, force, goals, together_weight=2.0))
    out: list[tuple[Unit, float, set[int]]] = []
    for zone, (lost, going) in lone.items():
        partners: set[int] = set()
        for other, partner in groups.items():
            if other == zone:
                continue
            # Where the two would meet: the partner's zone if this ship sails there, this
            # ship's zone or destination if a lone partner sails there.
            sails = lone[other][1] if other in lone else None
            meets = other if going == other else sails if sails in (zone, going) else None
            if meets is not None and is_fleet([*groups[zone], *partner]) \
                    and doom(turn, meets, [*groups[zone], *partner], set()) >= LOST:
                partners.update(u.id for u in partner)
        if partners:
            out.append((groups[zone][0], lost, partners))
    return out


def fleet_zones(turn: Turn, used: set[int]) -> list[str]:
    """Sea zones with warships of the power to act that have not moved or fought."""
    return sorted({u.space for u in turn.state.units.values() if turn.ours(u)
                   and is_warship(u.type) and turn.board.is_sea(u.space)
                   and u.carried_by is None and u.id not in used})


def _force(turn: Turn, zone: str) -> list[Unit]:
    """The warships of ``zone`` that attack together (those no attack sends, the caller
    picks), or none: a zone with aircraft aboard (they take off on their own, R-CARRIER-2) is
    left to the planner. Transports there are no part of the force: they are lost with it or
    without it."""
    here = [u for u in turn.view.friends_at(zone) if turn.ours(u)]
    if any(is_air(u.type) for u in here):
        return []
    ships = [u for u in here if is_warship(u.type)]
    if any(u.combat_moved or u.fought for u in ships):
        return []
    return ships


def sea_moves(turn: Turn, unit: Unit) -> set[str]:
    """The sea zones ``unit`` could end in if it does not attack: its reach in this turn's
    non-combat movement, asked of the engine: from a naval base to another a ship moves 3
    there, 2 in the combat movement (R-NAVALBASE-1)."""
    later = turn.state.model_copy(update={"phase": Phase.NONCOMBAT_MOVE})
    targets = turn.game.drop_targets(later, [unit.id])
    return {s for s, t in targets.items() if t.meaning == "move" and turn.board.is_sea(s)}


def attack_targets(turn: Turn, unit: Unit) -> dict[str, DropTarget]:
    targets = turn.game.drop_targets(turn.state, [unit.id])
    return {s: t for s, t in targets.items() if t.meaning == "attack"
            and turn.board.is_sea(s)}


def doom(turn: Turn, zone: str, force: list[Unit], reach: set[str],
         look: Turn | None = None) -> float:
    """The lowest chance, over ``zone`` and ``reach``, that the enemy wins against ``force``
    there (with this side's units already there) by what it can attack with (`Seen`); 0.0 at
    the first zone where it is under `LOST` by either measure. With ``look`` (a task force
    that chooses its zone by the blunder counter's look, `us_fleet.task_force_look`), by that
    look alone: the plain look reads a battle the enemy's aircraft leave to the force's
    submarines as held (R-SUB-5, R-NAVAL-4 E), and the force chose its zone by that look."""
    ids = {u.id for u in force}
    seen = Seen(turn.game, turn.state, turn.level, turn.judge)
    lowest = 1.0
    for space in sorted({zone, *reach}):
        defenders = [*(u for u in turn.my_defenders(space) if u.id not in ids),
                     *(moved(u, space) for u in force)]
        if (look or turn).danger(space, defenders=defenders, exact=False) < ROUGH_SAFE:
            return 0.0
        chance = look.danger(space, defenders=defenders) if look is not None \
            else min(turn.danger(space, defenders=defenders),
                     seen.danger(space, defenders=defenders))
        if chance < LOST:
            return 0.0
        lowest = min(lowest, chance)
    return lowest


def sea_trade(turn: Turn, target: str, force: list[Unit],
           targets_of: dict[int, dict[str, DropTarget]], lost: float) -> _Trade | None:
    """The attack on ``target`` with every ship of ``force`` that reaches it, and its worth
    to a force lost at ``lost`` anyway; None when it is worth nothing."""
    pairs = [(u, targets_of[u.id][target]) for u in force if target in targets_of[u.id]]
    spec = turn.attack_spec(target, [u for u, _ in pairs])
    if spec is None:
        return None
    result: OddsResult = turn.judge.odds(spec)
    gain = max(turn.economy.swing(target), 0.0)
    worth = result.defender_ipc_lost + result.attacker_wins * gain \
        - (1.0 - lost) * result.attacker_ipc_lost
    if worth <= 0:
        return None
    return _Trade(Attack(target=target, units=pairs, result=result, score=worth), worth)


def presses_on(turn: Turn, zones: list[str], units: list[Unit]) -> bool:
    """Whether ``units`` (the power to act's attackers in a sea battle) press on rather than
    retreat (R-NAVAL-3) where the battle costs them more than it sinks: at the careful
    level's Japan, when every zone they could retreat to (``zones``) is one the enemy wins
    against their ships at >= `LOST` (`doom`): retreating keeps nothing, and each round
    still sinks enemy units."""
    ships = [u for u in units if is_sea(u.type)]
    if not is_fleet(ships) or not zones or not sells_dear(turn):
        return False
    return all(doom(turn, zone, ships, set()) >= LOST for zone in zones)


__all__ = [
    "SELLING_SIDES",
    "attack_targets",
    "doom",
    "fleet_zones",
    "presses_on",
    "sea_moves",
    "sea_trade",
    "sell_dear",
    "sells_dear",
]
