"""Warships in non-combat movement (phase 6). They move as task forces: every warship of the
power in a zone goes to one destination all of them can reach, the one nearest the enemy's
valuable coasts and fleets where the exact odds say the force survives everything the enemy
can send (the level's `fleet_safety`), and, at the careful level, where the look the power's
fleets were measured with holds it (`priced_zone`). Transports sail after them
(`transport_move.TransportMove`), always where the ships already there keep them safe.

Each is a repeating step (`repeat = True`): it decides once, from the position when its turn
comes, then sends one move per call until its ships have gone."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.ai.blunders import COUNTER_LOOK_POWERS, LOST, Seen, counter_look, is_fleet
from pacific.ai.british import uk_forecasts, uk_open_zone, uk_task_force
from pacific.ai.joining import (
    joiner_bounds,
    joins_as_pair,
    stays_as_lone_submarine,
    submarines_together,
)
from pacific.ai.judge import value
from pacific.ai.scatter import scattered
from pacific.ai.stacks import Stack
from pacific.ai.steps import QueuedDrops
from pacific.ai.turn import Turn
from pacific.ai.us_fleet import group_reach, task_force_look
from pacific.ai.view import FAR, View, moved
from pacific.rules.engine import Game
from pacific.rules.groups import identical_groups
from pacific.rules.nations import Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_land, is_sea

U = UnitType
# Exact odds asked for at most this many destinations of one task force.
MAX_CHECKED = 4
MAX_CHECKED_CAREFUL = 12
GATHERING_SIDES = (Side.ALLIES,)
# The sides whose careful main fleet and loaded transports check their destination with the
# enemy's flights priced as the engine prices them (`priced_zone`): Japan, whose main fleet
# off the American coast was sunk by fighters that New Britain's air base brought a step
# nearer, its submarines left alone, and whose loaded transports stayed beside a submarine
# in the Indian fighters' reach (docs/ai-journal.md). Measured, every choice of either side, or of
# each of Japan's task forces, made with that look turned games over and grew the counts.
PRICING_SIDES = (Side.AXIS,)


def pull_by_sea(view: View, zone: str, goals: dict[str, float]) -> float:
    best = 0.0
    for goal, worth in goals.items():
        zones = view.coastal_zones(goal) if view.board.is_land(goal) else [goal]
        d = min((view.sea_distance(zone, z) for z in zones), default=FAR)
        if d < FAR:
            best = max(best, worth / (1 + d))
    return best


def ships_at(turn: Turn, zone: str, exclude: Iterable[int] = ()) -> list[Unit]:
    skip = set(exclude)
    return [u for u in turn.view.friends_at(zone)
            if u.id not in skip and (is_sea(u.type) or u.carried_by is not None)
            and not is_land(u.type)]


def gathers(turn: Turn) -> bool:
    """Whether this side's task forces gather their stragglers (`repair.Gather`): the
    careful level's Allies. A measured setting: none of Japan's counted fleets was one another
    task force could meet without turning back (docs/ai-journal.md), and Japan plays as measured."""
    return turn.level.careful and turn.view.side in GATHERING_SIDES


def fleet_zones(turn: Turn, stacks: list[Stack], used: set[int]) -> list[str]:
    """Zones holding warships of the power that can still move."""
    return sorted({s.space for s in stacks if is_sea(s.type) and s.type is not U.TRANSPORT
                   and s.first.carried_by is None and not set(s.ids) & used})


class FleetMove(QueuedDrops):
    """Move the task force in ``zone`` to its best destination."""

    def __init__(self, turn0: Turn, zone: str, goals: dict[str, float],
                 taken: set[int] | None = None, deferred: set[str] | None = None,
                 after: bool = False, priced_wait: bool = True) -> None:
        super().__init__(turn0, where=zone)
        self.zone = zone
        self.goals = goals
        # Ships another step already moved together (`repair.Gather`): they stay put.
        self.taken = taken if taken is not None else set()
        # The zones whose force waits for the task forces still to move (`_relies_on`),
        # shared by the task forces' moves; ``after``: this move is the second one, made
        # only for a force that waited.
        self.deferred = deferred
        self.after = after
        # False: the wait for the new ships read by the plain look, as the purchase foresees
        # the move (`shipyard`), never by the look that the ships it buys make (`new_ships_look`).
        self.priced_wait = priced_wait

    def plan(self, game: Game, turn: Turn) -> list[tuple[tuple[int, ...], str]]:
        state = turn.state
        ships = [u for u in turn.view.friends_at(self.zone) if turn.ours(u)
                 and is_sea(u.type) and u.type is not U.TRANSPORT and u.carried_by is None]
        if any(u.id in self.taken for u in ships):
            return []
        if self.after and (self.deferred is None or self.zone not in self.deferred):
            return []
        groups = [[u.id for u in g] for g in identical_groups(ships)]
        reach: set[str] | None = None
        moving: dict[tuple[int, ...], set[str]] = {}
        for ids in groups:
            targets = group_reach(game, turn, ids)
            places = {s for s, t in targets.items() if t.meaning == "move"
                      and turn.board.is_sea(s)}
            if not places:
                continue     # moved or fought this turn: it stays
            moving[tuple(ids)] = places
            reach = places if reach is None else reach & places
        if not moving or reach is None:
            return []
        force = self._aboard(turn, [state.units[i] for ids in moving for i in ids])
        if turn.level.careful and waits_for_new_ships(game, turn, self.zone, force,
                                                      priced=self.priced_wait):
            return []
        destination = best_zone(turn, self.zone, reach, force, self.goals,
                                together_weight=2.0)
        look = destination_look(turn, self.zone, force, destination)
        if look is not None:
            destination = priced_zone(turn, destination, self.zone, reach, force, self.goals,
                                      look=look)
            moving, destination = self._joiners_left(turn, moving, force, destination, look)
            if uk_forecasts(turn, force) and main_fleet(turn, self.zone, force):
                destination = uk_open_zone(turn, look, destination, ranked_zones(
                    turn, self.zone, reach, force, self.goals, 2.0), force)
        elif joiner_bounds(turn, force):
            moving, destination = self._joiners_left(turn, moving, force, destination,
                                                     counter_look(turn))
        if self.deferred is not None and not self.after \
                and self._relies_on(turn, destination, force):
            self.deferred.add(self.zone)
            return []
        plan = [(ids, destination) for ids in moving]
        # The submarine and the warship that sailed to it part by the look that checked them.
        parting = look if look is not None and joins_as_pair(turn, force, destination) \
            else turn
        if turn.level.careful and len(moving) > 1 and force_lost(parting, destination, force):
            plan = self._split(parting, moving, destination)
        # Japan's pair lost wherever it ends together parts (`pacific.ai.scatter`).
        plan = scattered(turn, self.zone, moving, plan)
        plan = [(ids, zone) for ids, zone in plan if zone != self.zone]
        leaving = self._aboard(turn, [state.units[i] for ids, _ in plan for i in ids])
        if not plan or (turn.level.careful and strands(turn, self.zone, leaving)):
            return []
        return plan

    def _relies_on(self, turn: Turn, destination: str, force: list[Unit]) -> bool:
        """Whether ``force`` holds ``destination`` only with a task force there still to
        move (this power's warships that can still sail this turn, with the aircraft aboard):
        the task forces move in their zones' order, and one that sails on leaves the force
        there alone (blunder class 2). Such a force moves after the others, from where they
        went."""
        ids = {u.id for u in force}
        there = ships_at(turn, destination, ids)
        ships = {u.id for u in there if is_sea(u.type) and u.type is not U.TRANSPORT
                 and u.carried_by is None and u.id not in self.taken
                 and not (u.noncombat_moved or u.fought)}
        if destination == self.zone or not ships:
            return False
        placed = [moved(u, destination) for u in force]
        staying = [u for u in there if u.id not in ships and u.carried_by not in ships]
        return turn.danger(destination, defenders=[*staying, *placed]) >= LOST \
            and turn.danger(destination, defenders=[*there, *placed]) < LOST

    def _joiners_left(self, turn: Turn, moving: dict[tuple[int, ...], set[str]],
                      force: list[Unit], destination: str, look: Turn
                      ) -> tuple[dict[tuple[int, ...], set[str]], str]:
        """Japan's main fleet, or from round 3 another of its task forces
        (`joining.joiner_bounds`, read with the counter's look), lost at ``destination`` by
        its ``look`` only because ships that joined it this phase, with less of their move
        left, bound where it can sail (a straggler that sailed into its zone first, the
        zones moving in their names' order): those ships stay, and the rest sails where it
        holds by that look, if its own reach has such a zone (blunder class 2: the whole
        fleet sunk for a submarine's or a destroyer's move)."""
        if turn.view.side not in PRICING_SIDES or not (main_fleet(turn, self.zone, force)
                                                       or joiner_bounds(turn, force)):
            return moving, destination
        state = turn.state
        joined = {ids for ids in moving if any(state.units[i].noncombat_moved for i in ids)}
        rest = {ids: places for ids, places in moving.items() if ids not in joined}
        if not joined or not rest:
            return moving, destination
        ships = self._aboard(turn, [state.units[i] for ids in rest for i in ids])
        if not force_lost(look, destination, force):
            return moving, destination
        reach = set.intersection(*rest.values())
        zone = priced_zone(turn, best_zone(turn, self.zone, reach, ships, self.goals,
                                           together_weight=2.0),
                           self.zone, reach, ships, self.goals, look=look)
        return (rest, zone) if not force_lost(look, zone, ships) else (moving, destination)

    def _aboard(self, turn: Turn, ships: list[Unit]) -> list[Unit]:
        """``ships`` with the aircraft they carry."""
        return ships + [u for u in turn.view.friends_at(self.zone) if u.carried_by is not None
                        and any(u.carried_by == s.id for s in ships) and not is_land(u.type)]

    def _split(self, turn: Turn, moving: dict[tuple[int, ...], set[str]], destination: str
               ) -> list[tuple[tuple[int, ...], str]]:
        """The task force lost wherever all of it can sail (at >= `LOST`): each kind of ship
        that holds somewhere in its own reach (by the planner's estimate, or by what the enemy
        can attack with, `blunders.Seen`) sails there; the rest to ``destination``. A fast
        ship is not sunk with a slow one for want of a zone both reach."""
        seen = Seen(turn.game, turn.state, turn.level, turn.judge)
        plan = []
        for ids, places in moving.items():
            units = self._aboard(turn, [turn.state.units[i] for i in ids])
            zone = best_zone(turn, self.zone, places, units, self.goals, together_weight=2.0)
            defenders = [*ships_at(turn, zone, ids), *(moved(u, zone) for u in units)]
            held = not force_lost(turn, zone, units) \
                or seen.danger(zone, defenders=defenders) < LOST
            plan.append((ids, zone if held else destination))
        return plan


def strands(turn: Turn, zone: str, force: list[Unit]) -> bool:
    """Whether ``force`` sailing from ``zone`` would leave there ships of this side that
    fought this turn, and cannot move on (R-NONCOMBAT-2), as a fleet or with loaded
    transports the enemy wins against at >= `LOST`, while with the force they hold. (Ships
    that only sailed there this turn do not hold a task force back: a fleet that waited for
    every reinforcement would never advance.)"""
    ids = {u.id for u in force}
    if not any(u.fought for u in turn.view.friends_at(zone) if u.id not in ids):
        return False
    left = [u for u in turn.my_defenders(zone) if u.id not in ids]
    loaded = any(u.type is U.TRANSPORT and turn.state.cargo_of(u.id) for u in left)
    if not (is_fleet(left) or loaded):
        return False
    return turn.danger(zone, defenders=left) >= LOST and turn.danger(zone) < LOST


def new_ships(turn: Turn, nation: Nation, zone: str) -> list[Unit]:
    """The ships bought for ``nation`` this turn and not yet placed, as units in ``zone``
    (to ask the odds where they will be: they are placed together where they hold)."""
    bought = sorted(turn.state.purchased.get(nation, {}).items(), key=lambda i: i[0].value)
    ships = [t for t, n in bought if is_sea(t) for _ in range(n)]
    return [Unit(id=-1 - i, type=t, owner=nation, space=zone) for i, t in enumerate(ships)]


def placement_zone(turn: Turn, nation: Nation, zones: Iterable[str]) -> str | None:
    """The sea zone among ``zones`` where all the ships still to place for ``nation`` go
    together: one where they hold with the ships there (the enemy wins at < `LOST`, exact
    odds), the one with most ships there, else the lowest odds. Placed one at a time and
    judged alone, a carrier and a destroyer end where the submarine that would have shielded
    them is not (new ships appear after the fleet has moved, R-PLACE-1)."""
    best: tuple[tuple[bool, int, float, str], str] | None = None
    for zone in sorted(set(zones)):
        if not turn.board.is_sea(zone):
            continue
        new = new_ships(turn, nation, zone)
        risk = turn.danger(zone, extra=new)
        there = sum(1 for u in turn.view.friends_at(zone) if is_sea(u.type))
        key = (risk >= LOST, -there, risk, zone)
        if best is None or key < best[0]:
            best = (key, zone)
    return best[1] if best is not None else None


def waits_for_new_ships(game: Game, turn: Turn, zone: str, force: list[Unit],
                        priced: bool = True) -> bool:
    """Whether ``force`` stays in ``zone`` for the ships this turn bought: new ships appear
    after the fleet has moved (R-PLACE-1), so where every zone they may be placed in would see
    them sunk at once (the enemy wins at >= `LOST`) and ``zone``, one of them, holds with the
    force, the force waits for them there. This power's transports there do not count as
    their shield: they sail after the task forces, where the warships keep them safe. The
    careful United States read it by the priced look (`new_ships_look`) unless not
    ``priced``; the careful Japan's lone submarine by the look it sails by (`destination_look`):
    the new ships beside it are lost by that look, it no shield."""
    ids = {u.id for u in force}
    look = turn
    if priced:
        look = counter_look(turn) if stays_as_lone_submarine(turn, force) else new_ships_look(turn)
    for nation in turn.nations:
        new = new_ships(turn, nation, zone)
        if not new:
            continue
        placing = turn.state.model_copy(update={"phase": Phase.PLACE})
        zones = game.placement_targets(placing, nation, new[0].type)
        if zone not in zones:
            continue
        if all(force_lost(look, z, [*_staying(turn, z, ids), *new], placed=True)
               for z in sorted(zones) if turn.board.is_sea(z)) \
                and not force_lost(look, zone, [*force, *new]):
            return True
    return False


def new_ships_look(turn: Turn) -> Turn:
    """The look `waits_for_new_ships` reads: the careful United States' is `Turn.priced`, the
    one their purchase bought the ships by (`shipyard.left_alone`). Their new ships in the
    shipyard's zone are a carrier and destroyers with submarines, which Japan's carrier
    fighters cannot hit (R-SUB-5): the plain look reads the battle left to the submarines
    (R-NAVAL-4 E) as held, and the task force sailed where the purchase had read it staying,
    because its combat movement had cleared the zone it sails to. The purchase foresees the
    move with the plain look: asked with this one, every warship bought would hold the task
    force home for it, and the purchase, reading it home, would buy more the next turn
    (measured: the task force never sailed, docs/ai-journal.md)."""
    if turn.level.careful and turn.state.power is Power.US:
        return turn.priced()
    return turn


def _staying(turn: Turn, zone: str, exclude: set[int]) -> list[Unit]:
    """The ships in ``zone`` that shield the ones placed there later: not this power's
    transports, which sail after the task forces to where the warships protect them."""
    return [u for u in ships_at(turn, zone, exclude)
            if not (turn.ours(u) and u.type is U.TRANSPORT)]


def deck_lost(turn: Turn, carrier: Unit, zone: str) -> bool:
    """Whether ``carrier`` (with its cargo) sailing to ``zone`` for the fighters that declared
    they would land there (R-AIR-3) would be sunk with them: the enemy wins there at >=
    `LOST` against the carrier, the ships there and the fighters. Then the deck is not sent:
    at such odds the carrier and every fighter are lost (at least 0.8 x (carrier + fighters)),
    more than the fighters alone that stay without a deck."""
    landing = [moved(u, zone) for u in turn.state.units.values() if turn.ours(u)
               and u.landing == zone and u.carried_by is None]
    cargo = [moved(u, zone) for u in turn.state.units.values() if u.carried_by == carrier.id
             and not is_land(u.type)]
    defenders = [*ships_at(turn, zone, {carrier.id}), moved(carrier, zone), *cargo, *landing]
    return turn.danger(zone, defenders=defenders) >= LOST


def best_zone(turn: Turn, here: str, reach: Iterable[str], force: list[Unit],
              goals: dict[str, float], together_weight: float, own_only: bool = False) -> str:
    """The zone (``here`` included) nearest the goals where ``force`` plus the ships already
    there hold with the level's safety; if none does, the safest. ``own_only``: only the
    power's own warships draw the force together."""
    ids = {u.id for u in force}
    ranked = ranked_zones(turn, here, reach, force, goals, together_weight, own_only)
    safety = turn.level.fleet_safety
    checked = 0
    fallback: tuple[float, str] | None = None
    for zone in ranked:
        placed = [moved(u, zone) for u in force]
        defenders = [*ships_at(turn, zone, ids), *placed]
        rough = turn.danger(zone, defenders=defenders, exact=False)
        if safety >= 1 or rough < safety / 3 or rough > 0.8:
            risk = rough     # clear enough without the exact odds
        elif checked < (MAX_CHECKED_CAREFUL if turn.level.careful else MAX_CHECKED):
            risk = turn.danger(zone, defenders=defenders)
            checked += 1
        else:
            risk = rough
        if risk <= safety:
            return confirm_zone(turn, zone, ranked, force, ids)
        if fallback is None or risk < fallback[0]:
            fallback = (risk, zone)
    return confirm_zone(turn, fallback[1], ranked, force, ids) if fallback is not None else here


def confirm_zone(turn: Turn, chosen: str, ranked: list[str], force: list[Unit],
              ids: set[int]) -> str:
    """At the careful level, ``chosen`` confirmed with the exact odds: if the enemy would win
    there at >= `LOST` (the strength estimate misjudges carriers' fighters and damaged
    battleships), the next zone of ``ranked`` where the force holds, else the first where the
    force holds by what the enemy can attack with (only the aircraft that could land
    afterwards, `blunders.Seen`), else the one where the exact odds are lowest: a fleet left
    where it is sunk is a blunder of class 2."""
    if not turn.level.careful:
        return chosen

    def risk(zone: str) -> float:
        return turn.danger(zone, defenders=[*ships_at(turn, zone, ids),
                                            *(moved(u, zone) for u in force)])

    best = (risk(chosen), chosen)
    if best[0] < LOST:
        return chosen
    others = [z for z in ranked if z != chosen][:MAX_CHECKED_CAREFUL]
    for zone in others:
        best = min(best, (risk(zone), zone))
        if best[0] < LOST:
            return best[1]
    # Lost everywhere by the planner's cautious estimate (every enemy aircraft in reach of a
    # zone counted): a zone where the enemy can attack only with aircraft that can land
    # afterwards (R-AIR-2, R-AIR-5) and still does not win at `LOST` is the better guess.
    seen = Seen(turn.game, turn.state, turn.level, turn.judge)
    for zone in [chosen, *others]:
        if seen.danger(zone, defenders=[*ships_at(turn, zone, ids),
                                        *(moved(u, zone) for u in force)]) < LOST:
            return zone
    return best[1]


def prices_its_fleet(turn: Turn) -> bool:
    """Whether this power's careful main fleet checks its destination with a priced look
    (`priced_zone`): Japan's (`PRICING_SIDES`); the United States', whose task force sails
    with submarines that Japan's aircraft cannot hit (R-SUB-5): by the plain look the battle
    they are left in (R-NAVAL-4 E) reads held wherever it goes, every carrier, destroyer and
    fighter beside them sunk; and the `blunders.COUNTER_LOOK_POWERS`' (the United Kingdom's
    Indian Ocean force, which Japan's fighters reach over their island air bases,
    R-AIRBASE-1). Measured per power: docs/ai-journal.md."""
    return turn.view.side in PRICING_SIDES or turn.state.power is Power.US \
        or turn.state.power in COUNTER_LOOK_POWERS


def main_fleet(turn: Turn, zone: str, force: list[Unit]) -> bool:
    """Whether ``force`` (in ``zone``) is this power's task force worth most: its warships
    and the aircraft aboard, against those of every other zone."""
    worth: dict[str, int] = {}
    for unit in turn.state.units.values():
        if turn.ours(unit) and turn.board.is_sea(unit.space) and not is_land(unit.type) \
                and unit.type is not U.TRANSPORT:
            worth[unit.space] = worth.get(unit.space, 0) + value([unit])
    mine = value(force)
    return all(mine >= w for z, w in worth.items() if z != zone)


def ranked_zones(turn: Turn, here: str, reach: Iterable[str], force: list[Unit],
                 goals: dict[str, float], together_weight: float, own_only: bool = False
                 ) -> list[str]:
    """The zones `best_zone` weighs (``here`` included), the most appealing first: nearest
    the goals, beside the side's warships there (``own_only``: the power's own)."""
    view = turn.view
    ids = {u.id for u in force}

    def appeal(zone: str) -> float:
        others = ships_at(turn, zone, ids)
        fighting = sum(1 for u in others if u.type is not U.TRANSPORT
                       and (not own_only or turn.ours(u)))
        return pull_by_sea(view, zone, goals) + together_weight * min(fighting, 4) \
            - 0.01 * view.sea_distance(here, zone)

    return sorted({here, *reach}, key=lambda z: (-appeal(z), z))


def priced_zone(turn: Turn, chosen: str, here: str, reach: Iterable[str], force: list[Unit],
                goals: dict[str, float], together_weight: float = 2.0,
                own_only: bool = False, look: Turn | None = None) -> str:
    """``chosen``, unless the enemy wins there at >= `LOST` once its flights are priced as
    the engine prices them and a fleet sunk but for its submarines counts as lost
    (`_priced_look`, or ``look``: the task force's own, `destination_look`): then the zone
    `best_zone` chooses with that look (``together_weight``, ``own_only`` as the caller's own
    choice), if the force holds there by it (a zone lost by both looks is no better, and the
    plain look may hold ``chosen`` the safer)."""
    priced = look if look is not None else _priced_look(turn)
    ids = {u.id for u in force}

    def risk(zone: str) -> float:
        return priced.danger(zone, defenders=[*ships_at(turn, zone, ids),
                                              *(moved(u, zone) for u in force)])

    if risk(chosen) < LOST:
        return chosen
    zone = best_zone(priced, here, reach, force, goals, together_weight, own_only)
    if uk_task_force(turn, force) and force_lost(turn, zone, force):
        # The split of a force (`FleetMove._split`) reads the hop count: a zone both hold.
        held = [z for z in reach if not force_lost(turn, z, force)]
        zone = best_zone(priced, here, held, force, goals, together_weight, own_only)
    return zone if risk(zone) < LOST else chosen


def destination_look(turn: Turn, here: str, force: list[Unit], destination: str
                     ) -> Turn | None:
    """The look with which the careful task force ``force`` (sailing from ``here``) checks the
    ``destination`` it chose (`priced_zone`), or None where the plain look's choice stands.
    One table for every power, each row measured on its own (docs/ai-journal.md):

    - the main fleet of Japan, the United States and the United Kingdom (`prices_its_fleet`),
      and every British fleet (`british.uk_task_force`): `_priced_look`;
    - the other task forces of the United States, and Japan's with submarines beside surface
      warships from round 3: the counter's look (`us_fleet.task_force_look`);
    - Japan's submarine and one lone warship meeting: the counter's look
      (`joining.joins_as_pair`), its submarines alone together from round 3
      (`joining.submarines_together`), and from round 4 its lone submarine where it would
      stay (`joining.stays_as_lone_submarine`)."""
    if not turn.level.careful:
        return None
    if prices_its_fleet(turn) and (main_fleet(turn, here, force) or uk_task_force(turn, force)):
        return _priced_look(turn)
    look = task_force_look(turn, force)
    if look is not None:
        return look
    if joins_as_pair(turn, force, destination) or submarines_together(turn, force) \
            or (destination == here and stays_as_lone_submarine(turn, force)):
        return counter_look(turn)
    return None


def _priced_look(turn: Turn) -> Turn:
    """The look `priced_zone` reads: the `blunders.COUNTER_LOOK_POWERS`' is the counter's own
    (`blunders.counter_look`), so that their ships keep to a zone aircraft reach but could
    not return from; Japan's and the United States' `Turn.priced` (every aircraft in reach)."""
    return counter_look(turn) if turn.state.power in COUNTER_LOOK_POWERS else turn.priced()


def force_lost(turn: Turn, zone: str, force: list[Unit], placed: bool = False) -> bool:
    """Whether the enemy wins at >= `LOST` against ``force`` in ``zone`` (with the ships there
    unless ``placed``: ``force`` is all the zone holds)."""
    ids = {u.id for u in force}
    there = [] if placed else ships_at(turn, zone, ids)
    return turn.danger(zone, defenders=[*there, *(moved(u, zone) for u in force)]) >= LOST
