"""Non-combat movement (phase 6): land the aircraft, hold what is worth holding, move the rest
toward the front, keep the fleet together and safe, and (two-turn planning) bring transports
next to waiting land units and load them, so that the next combat movement can land them.

In order:
1. carriers sail to the landing places aircraft declared for a risky mission (R-AIR-3);
2. aircraft land where they are safe and useful (a threatened territory they help hold, else
   nearest the enemy), deciding with the position as it is when their turn comes;
3. threatened territories get land reinforcements until the exact odds say they hold, unless
   even everything in reach would not save them (ProAI's "can it be held?");
4. transports stage and load (two-turn planning);
5. warships move, one stack at a time, toward the enemy, keeping together and out of reach of
   a fleet that would sink them;
6. the remaining land units advance toward the most valuable enemy territories, never into a
   place where they would be destroyed for nothing."""

from __future__ import annotations

from collections.abc import Callable

from pacific.ai.blunders import LOST
from pacific.ai.british import uk_capital_spare, uk_escort
from pacific.ai.ferry import Ferry, ferry_ships, island_capitals
from pacific.ai.fleet import FleetMove, deck_lost, fleet_zones, gathers
from pacific.ai.judge import value
from pacific.ai.repair import Gather, Join, Repair
from pacific.ai.stacks import Stack, with_units
from pacific.ai.steps import Later, MoveStep, QueuedDrops, Step
from pacific.ai.strategy import convoy_goals
from pacific.ai.transport_move import TransportMove
from pacific.ai.turn import SCREEN_ODDS, Turn
from pacific.ai.view import FAR, View, moved
from pacific.rules.actions import Action
from pacific.rules.engine import Game
from pacific.rules.groups import identical_groups
from pacific.rules.nations import Power
from pacific.rules.queries import DropTarget
from pacific.rules.state import GameState, Unit
from pacific.rules.units import (
    CARRIER_CAPACITY,
    UNIT_SPECS,
    UnitType,
    is_air,
    is_land,
)

U = UnitType
Decide = Callable[[Game, GameState], Action | None]
# Danger above which a space is not a place to leave units for nothing.
UNSAFE = 0.6
# Danger a valuable territory may keep after reinforcement.
ACCEPTED_DANGER = 0.3
# At most this many units sent to hold one territory.
MAX_REINFORCEMENTS = 12


def noncombat_steps(turn: Turn, stacks: list[Stack]) -> list[Step]:
    planner = _Planner(turn, stacks)
    return planner.steps()


class _Planner:
    def __init__(self, turn: Turn, stacks: list[Stack]) -> None:
        self.turn = turn
        self.stacks = stacks
        self.used: set[int] = set()
        self.goals = _goals(turn)
        # Task forces also aim at Japan's convoy routes (`pacific.ai.strategy`).
        self.fleet_goals = fleet_goals(turn, self.goals)

    def steps(self) -> list[Step]:
        turn = self.turn
        out: list[Step] = [*self._carriers_for_landings()]
        grounded: list[tuple[int, ...]] = []
        flown: list[tuple[int, ...]] = []
        # Every aircraft of the power (one with no landing place yet too: a carrier may be on
        # its way); those that declared where they would land go first, the deck waits for
        # them (R-AIR-3).
        aircraft = [u for u in turn.state.units.values() if turn.ours(u) and is_air(u.type)
                    and u.carried_by is None]
        groups = sorted(identical_groups(aircraft), key=lambda g: (g[0].landing is None,
                                                                  g[0].id))
        for group in groups:
            ids = tuple(u.id for u in group)
            self.used.update(ids)
            if group[0].moves_used > 0 or turn.board.is_sea(group[0].space):
                out.append(Later(_air_landing(turn, ids, self.goals, turn.level.careful),
                                 kind="air"))
                flown.append(ids)
            else:
                grounded.append(ids)
        if turn.level.careful:
            out.extend(self._garrisons())
        out.extend(self._reinforce())
        gathered: set[int] = set()
        if turn.level.capital_screen:
            out.append(KeepScreen(turn, gathered))
        if turn.level.careful:
            out.append(Join(turn))
        if gathers(turn):
            out.append(Gather(turn, self.fleet_goals, gathered))
        zones = fleet_zones(turn, self.stacks, self.used)
        # The Allies' stragglers that hold only with a task force still to move wait for it
        # and move after it (`FleetMove._relies_on`).
        deferred: set[str] | None = set() if gathers(turn) else None
        for zone in zones:
            out.append(FleetMove(turn, zone, self.fleet_goals, gathered, deferred))
        if deferred is not None:
            out.extend(FleetMove(turn, zone, self.fleet_goals, gathered, deferred, after=True)
                       for zone in zones)
        if turn.level.two_turn_transports:
            keep = set(self.used)
            out.extend(self._ferries(keep))
            for stack in self.stacks:
                if stack.type is U.TRANSPORT and stack.first.carried_by is None:
                    out.extend(TransportMove(turn, ship.id, self.goals, keep)
                               for ship in stack.units if ship.id not in self.used)
        for stack in self.stacks:
            if is_land(stack.type) and stack.first.carried_by is None \
                    and stack.type is not U.AA_GUN:
                ids = tuple(i for i in stack.ids if i not in self.used)
                if ids:
                    out.append(Later(_advance(turn, ids, self.goals), kind="advance"))
        # Aircraft that have not flown this turn move last, to where the fleet now is.
        out.extend(Later(_air_landing(turn, ids, self.goals), kind="air")
                   for ids in grounded)
        if turn.level.careful:
            out.append(Repair(turn))
            # Aircraft that kept off a deck about to sail away from a lost battle land now,
            # wherever they still can (the deck stayed if no zone in reach was safer).
            out.extend(Later(_air_landing(turn, ids, self.goals), kind="air")
                       for ids in flown)
        return out

    def _ferries(self, keep: set[int]) -> list[Step]:
        """Empty transports carry an island capital's surplus land units to the front
        (`pacific.ai.ferry`)."""
        turn = self.turn
        aims = {g: w for g, w in self.goals.items() if turn.view.enemy(turn.view.owner(g))}

        def hold(turn: Turn, coast: str, cargo: tuple[int, ...]) -> float:
            """The danger the cargo takes off a threatened coast, times its worth."""
            units = [moved(turn.state.units[i], coast) for i in cargo]
            before = turn.danger(coast, exact=False)
            after = turn.danger(coast, extra=units, exact=False)
            return max(before - after, 0.0) * max(turn.importance(coast), 0.0)

        def score(turn: Turn, coast: str, cargo: tuple[int, ...]) -> float:
            return _land_score(turn, coast, cargo, aims, False) + hold(turn, coast, cargo)

        out: list[Step] = []
        # Cargo still aboard now was staged for a landing not made this turn: it goes ashore
        # where it helps hold a threatened territory, else keeps sailing for its landing
        # (a far landing, the United States' across the ocean, takes several turns).
        for stack in self.stacks:
            if stack.type is not U.TRANSPORT or stack.first.carried_by is not None:
                continue
            for ship in stack.units:
                cargo = turn.state.cargo_of(ship.id)
                if ship.id not in self.used and cargo \
                        and all(u.owner is ship.owner for u in cargo):
                    self.used.add(ship.id)
                    out.append(Ferry(turn, ship.id, None, keep, hold,
                                     TransportMove(turn, ship.id, self.goals, keep)))
        for capital in island_capitals(turn):
            for ship_id in ferry_ships(turn, self.stacks, self.used, capital, score):
                self.used.add(ship_id)
                out.append(Ferry(turn, ship_id, capital, keep, score))
        return out

    # ---- 1. carriers for declared landings ----

    def _carriers_for_landings(self) -> list[Step]:
        """Enough carriers sail to each zone where fighters declared they would land (two
        fighters to a carrier, R-CARRIER-1; R-AIR-3): a fighter without a deck is lost."""
        out: list[Step] = []
        state = self.turn.state
        declared: dict[str, int] = {}
        for u in state.units.values():
            if self.turn.ours(u) and is_air(u.type) and u.landing \
                    and self.turn.board.is_sea(u.landing):
                declared[u.landing] = declared.get(u.landing, 0) + 1
        for zone, fighters in sorted(declared.items()):
            decks = sum(CARRIER_CAPACITY for u in self.turn.view.friends_at(zone)
                        if u.type is U.CARRIER)
            aboard = sum(1 for u in self.turn.view.friends_at(zone)
                         if is_air(u.type) and u.carried_by is not None)
            missing = fighters + aboard - decks
            for stack in self.stacks:
                if missing <= 0:
                    break
                if stack.type is not U.CARRIER or zone not in stack.targets:
                    continue
                for carrier in stack.units:
                    if missing <= 0 or carrier.id in self.used:
                        continue
                    if self.turn.level.careful and deck_lost(self.turn, carrier, zone):
                        continue
                    out.append(MoveStep((carrier.id,), zone, stack.targets[zone],
                                        kind="carrier"))
                    self.used.add(carrier.id)
                    missing -= CARRIER_CAPACITY - len(state.cargo_of(carrier.id))
        return out

    # ---- 3. holding threatened territories ----

    def _garrisons(self) -> list[Step]:
        """One land unit into each territory worth something that an enemy land unit could
        walk into empty (R-COMBATMOVE-5): the enemy must fight for it. The unit comes from
        where it is least needed: never the last guard of another such territory, nor a
        capital's needed defenders; for the hard Japan, not the last free unit of a stack that
        alone can garrison a territory still to get one (`_spent_elsewhere`)."""
        turn = self.turn
        view = turn.view
        out: list[Step] = []
        surplus = {u.id for c in view.capitals() if view.mine(view.owner(c))
                   for u in turn.surplus(c)}
        open_ = [t for t in sorted(view.my_territories(),
                                   key=lambda t: (-turn.importance(t), t))
                 if turn.needs_a_guard(t) and not any(
                     is_land(u.type) and u.type is not U.AA_GUN for u in view.friends_at(t))]
        for index, territory in enumerate(open_):
            options = [((self._spent_elsewhere(stack, free, open_[index + 1:], surplus),
                         UNIT_SPECS[u.type].cost, u.id), u, target)
                       for stack, free, target in self._garrison_stacks(territory, surplus)
                       for u in free]
            if not options:
                continue
            _, unit, target = min(options, key=lambda o: o[0])
            self.used.add(unit.id)
            out.append(MoveStep((unit.id,), territory, target, kind="garrison"))
        return out

    def _garrison_stacks(self, territory: str, surplus: set[int]
                         ) -> list[tuple[Stack, list[Unit], DropTarget]]:
        """The stacks that can send ``territory`` a garrison, with their free units."""
        turn, view = self.turn, self.turn.view
        out = []
        for stack in self.stacks:
            if not is_land(stack.type) or stack.type is U.AA_GUN \
                    or stack.first.carried_by is not None:
                continue
            target = stack.targets.get(territory)
            if target is None or target.meaning != "move":
                continue
            free = [u for u in stack.units if u.id not in self.used]
            if stack.space in turn.board.capital_nation:
                free = [u for u in free if u.id in surplus]
            staying = [u for u in view.friends_at(stack.space) if is_land(u.type)
                       and u.type is not U.AA_GUN and u.id not in self.used]
            if len(staying) <= 1 and turn.needs_a_guard(stack.space):
                continue
            if free:
                out.append((stack, free, target))
        return out

    def _spent_elsewhere(self, stack: Stack, free: list[Unit], later: list[str],
                         surplus: set[int]) -> bool:
        """For the hard Japan, whether ``free`` is the stack's last free unit and the only
        garrison of one of ``later`` (open territories still to get one): the unit is then
        sent there, another stack's to this one. Kiangsi's one infantry sent to Hong Kong,
        which Kwangsi's army could garrison, left Shantung, which only it reached, open to a
        walk-in. False for the other powers."""
        if self.turn.state.power is not Power.JAPAN or len(free) > 1:
            return False
        for territory in later:
            stacks = [s for s, _, _ in self._garrison_stacks(territory, surplus)]
            if stacks and all(s is stack for s in stacks):
                return True
        return False

    def _reinforce(self) -> list[Step]:
        turn = self.turn
        view = turn.view
        out: list[Step] = []
        worth = {t: turn.importance(t) for t in view.my_territories()}
        for territory in sorted(worth, key=lambda t: (-worth[t], t)):
            if worth[territory] <= 0:
                continue
            if turn.danger(territory) <= ACCEPTED_DANGER:
                continue
            helpers: list[tuple[Unit, DropTarget]] = []
            for stack in self.stacks:
                if not is_land(stack.type) or stack.first.carried_by is not None \
                        or stack.type is U.AA_GUN:
                    continue
                target = stack.targets.get(territory)
                if target is None or target.meaning != "move":
                    continue
                if stack.space in turn.board.capital_nation:
                    continue
                helpers.extend((u, target) for u in stack.units if u.id not in self.used)
            helpers = self._last_guards_stay(helpers)
            helpers.sort(key=lambda p: (-UNIT_SPECS[p[0].type].defense
                                        / UNIT_SPECS[p[0].type].cost, p[0].id))
            helpers = helpers[:MAX_REINFORCEMENTS]
            if not helpers:
                continue
            sent: list[tuple[Unit, DropTarget]] = []
            ok = False
            for pair in helpers:
                sent.append(pair)
                arriving = [moved(u, territory) for u, _ in sent]
                if turn.danger(territory, extra=arriving) <= ACCEPTED_DANGER:
                    ok = True
                    break
            if not ok:
                continue   # cannot be held: do not throw more units away there
            groups: dict[int, tuple[list[int], DropTarget]] = {}
            for unit, target in sent:
                groups.setdefault(id(target), ([], target))[0].append(unit.id)
                self.used.add(unit.id)
            for ids, target in groups.values():
                out.append(MoveStep(tuple(sorted(ids)), territory, target, kind="reinforce"))
        return out

    def _last_guards_stay(self, helpers: list[tuple[Unit, DropTarget]]
                          ) -> list[tuple[Unit, DropTarget]]:
        """Without the cheapest unit of every territory the helpers would leave empty where
        an enemy land unit could walk in (R-COMBATMOVE-5)."""
        view = self.turn.view
        out = list(helpers)
        for space in sorted({u.space for u, _ in helpers}):
            leaving = {u.id for u, _ in helpers if u.space == space}
            if any(is_land(u.type) and u.type is not U.AA_GUN and u.id not in self.used
                   and u.id not in leaving for u in view.friends_at(space)):
                continue
            if self.turn.needs_a_guard(space):
                stay = min((p for p in out if p[0].space == space),
                           key=lambda p: (UNIT_SPECS[p[0].type].cost, p[0].id))
                out.remove(stay)
        return out


class KeepScreen(QueuedDrops):
    """The warships this turn's purchase counted as the screen of the capital's coast
    (`Turn.screens`) end the turn in the zone they screen: the purchase bought no infantry
    against the landings from there, since the enemy's transports would have to beat them
    first (R-AMPH-6). They sail there before the task forces move, and are ``taken`` out of
    the task forces' own moves (`fleet.FleetMove`, `repair.Gather`); next turn the purchase
    decides again."""

    def __init__(self, turn0: Turn, taken: set[int]) -> None:
        super().__init__(turn0)
        self.taken = taken

    def plan(self, game: Game, turn: Turn) -> list[tuple[tuple[int, ...], str]]:
        state = turn.state
        queue: list[tuple[tuple[int, ...], str]] = []
        for zone, ids in sorted(turn.screens().items()):
            ships = [state.units[i] for i in ids if turn.can_sail(i, zone)]
            kept = {u.id for u in ships}
            aboard = [u for u in state.units.values() if u.carried_by in kept
                      and not is_land(u.type)]
            going = kept | {u.id for u in aboard}
            there = [*(u for u in turn.my_defenders(zone) if u.id not in going),
                     *(moved(u, zone) for u in [*ships, *aboard])]
            # Combat movement may have taken some of them: what can still get there must
            # hold by itself, or the screen is off and the task forces move as they would.
            if not ships or turn.danger(zone, defenders=there) >= SCREEN_ODDS:
                continue
            self.taken.update(kept)
            queue += [((u.id,), zone) for u in ships if u.space != zone]
        return queue


def fleet_goals(turn: Turn, goals: dict[str, float] | None = None) -> dict[str, float]:
    """Where the task forces sail (``goals``, else `_goals`): at a level with convoy goals,
    Japan's convoy routes too (`pacific.ai.strategy`)."""
    goals = _goals(turn) if goals is None else goals
    return {**goals, **convoy_goals(turn)} if turn.level.convoy_goals else goals


def _goals(turn: Turn) -> dict[str, float]:
    """Where this side wants to be: enemy territories by worth, its own capitals."""
    out: dict[str, float] = {}
    for t in turn.view.enemy_territories():
        worth = turn.economy.swing(t) + turn.economy.capital_bonus(t) * 0.5
        if worth > 0:
            out[t] = worth
    for capital in turn.view.capitals():
        if turn.view.mine(turn.view.owner(capital)):
            out[capital] = out.get(capital, 0.0) + 5.0
    return out


def _pull(view: View, space: str, goals: dict[str, float], by: str) -> float:
    """How strongly ``space`` draws units toward the goals: worth over distance."""
    best = 0.0
    for goal, worth in goals.items():
        if by == "land":
            d = view.land_distance(space, goal)
        elif by == "sea":
            zones = view.coastal_zones(goal) if view.board.is_land(goal) else [goal]
            d = min((view.sea_distance(space, z) for z in zones), default=FAR)
        else:
            d = view.air_distance(space, goal)
        if d < FAR:
            best = max(best, worth / (1 + d))
    return best


def _air_landing(turn0: Turn, ids: tuple[int, ...], goals: dict[str, float],
                 spare_decks: bool = False) -> Decide:
    """Land ``ids`` where `_air_score` says. With ``spare_decks``, not on a carrier that can
    still sail, in a zone where the enemy wins at >= `LOST` against it and the aircraft: the
    carrier leaves (the fleet's moves and the last look), since at such odds the carrier and
    the aircraft are lost together, more than the aircraft alone, which no deck then takes
    (R-AIR-3). The aircraft land later if the carrier stays."""
    def decide(game: Game, state: GameState) -> Action | None:
        present = tuple(i for i in ids if i in state.units)
        if not present:
            return None
        turn = Turn(game, state, turn0.level, turn0.judge, turn0.memory)
        first = state.units[present[0]]
        targets = game.drop_targets(state, present[:1])
        here_ok = turn.board.is_land(first.space) and turn.view.mine(
            turn.view.owner(first.space)) and not first.fought
        options: list[tuple[float, str, DropTarget | None]] = []
        if here_ok:
            options.append((_air_score(turn, first.space, present, goals), first.space, None))
        for space, target in sorted(targets.items()):
            if target.meaning != "move":
                continue
            if spare_decks and _deck_to_spare(game, turn, space, present):
                continue
            options.append((_air_score(turn, space, present, goals), space, target))
        # Best first, down to the first landing the engine accepts for the whole group: a
        # zone whose carriers have room for fewer of them refuses the move (R-CARRIER-1),
        # and aircraft left in the air are lost (R-AIR-3).
        for _, _, landing in sorted(options, key=lambda o: (o[0], o[1]), reverse=True):
            if landing is None:
                return None
            action = with_units(landing.action, present)
            if game.why_illegal(state, action) is None:
                return action
        return None
    return decide


def _deck_to_spare(game: Game, turn: Turn, zone: str, ids: tuple[int, ...]) -> bool:
    """Whether landing ``ids`` in ``zone`` would hold there a carrier that can still sail
    while the enemy wins there at >= `LOST` against the carrier, the ships there and them."""
    if not turn.board.is_sea(zone):
        return False
    decks = [u for u in turn.view.friends_at(zone) if u.type is U.CARRIER and turn.ours(u)
             and any(t.meaning == "move" for t in game.drop_targets(turn.state,
                                                                     (u.id,)).values())]
    if not decks:
        return False
    landing = [moved(turn.state.units[i], zone) for i in ids]
    return turn.danger(zone, extra=landing) >= LOST


def _air_score(turn: Turn, space: str, ids: tuple[int, ...], goals: dict[str, float]) -> float:
    """Safe first (a lost aircraft is 12-15 IPC), then where it helps hold a threatened place,
    then nearest the enemy."""
    units = [moved(turn.state.units[i], space) for i in ids]
    danger = turn.danger(space, extra=units, exact=False)
    worth = value(units)
    help_hold = 0.0
    if turn.board.is_land(space) and turn.view.mine(turn.view.owner(space)):
        before = turn.danger(space, exact=False)
        help_hold = (before - danger) * turn.importance(space)
    return -danger * worth + help_hold + _pull(turn.view, space, goals, "air") * 0.5


def _advance(turn0: Turn, ids: tuple[int, ...], goals: dict[str, float]) -> Decide:
    home = turn0.state.units[ids[0]].space

    def decide(game: Game, state: GameState) -> Action | None:
        # Those still at home: one a ferry took and landed has made its move (R-TRANS-8).
        present = tuple(i for i in ids if i in state.units
                        and state.units[i].carried_by is None and state.units[i].space == home)
        if not present:
            return None
        turn = Turn(game, state, turn0.level, turn0.judge, turn0.memory)
        first = state.units[present[0]]
        holding = True
        escort: dict[str, list[Unit]] = {}
        if turn.level.careful and first.space in turn.board.capital_nation \
                and turn.view.mine(turn.view.owner(first.space)):
            # A capital keeps what holds it; the rest goes to the front.
            own = uk_capital_spare(turn, first.space)
            spare = {u.id for u in (turn.surplus(first.space) if own is None else own)}
            present = tuple(i for i in present if i in spare)
            if not present:
                return None
            escort = {} if own is None else uk_escort(game, state, own, present)
            holding = False
            aims = {g: w for g, w in goals.items() if turn.view.enemy(turn.view.owner(g))}
        else:
            aims = goals
        if turn.needs_a_guard(first.space) and not any(
                is_land(u.type) and u.id not in present and u.type is not U.AA_GUN
                for u in turn.view.friends_at(first.space)):
            present = present[1:]   # the last one stays: the enemy must fight for it
            if not present:
                return None
        targets = game.drop_targets(state, present[:1])
        options: list[tuple[float, str, DropTarget | None]] = [
            (_land_score(turn, first.space, present, aims, True, holding), first.space,
             None)]
        for space, target in sorted(targets.items()):
            if target.meaning == "move" and turn.board.is_land(space):
                options.append((_land_score(turn, space, present, aims, False), space,
                                target))
        if not holding:
            # A capital's surplus does not wait at home while a friendly territory nearer
            # the enemy is no place to be destroyed for nothing with it (`UNSAFE`): there it
            # defends the front and threatens the enemy. The careful United Kingdom judges
            # it with the rest of its surplus that follows (`uk_escort`).
            here = _pull(turn.view, first.space, aims, "land")
            forward = [o for o in options[1:] if o[2] is not None
                       and _pull(turn.view, o[1], aims, "land") > here
                       and turn.danger(o[1], extra=[
                           *(moved(state.units[i], o[1]) for i in present),
                           *(moved(u, o[1]) for u in escort.get(o[1], []))],
                                       exact=False) <= UNSAFE]
            if not forward and here == 0:
                # No land route to the enemy (an island's capital): the surplus waits on the
                # coast nearest the enemy by sea, where the transports take it from.
                forward = _staging(turn, options[1:], first.space, present, aims)
            if forward:
                options = forward
        best = max(options, key=lambda o: (o[0], o[1] == first.space, o[1]))
        if best[2] is None:
            return None
        return with_units(best[2].action, present)
    return decide


def _staging(turn: Turn, options: list[tuple[float, str, DropTarget | None]], here: str,
             ids: tuple[int, ...], aims: dict[str, float]
             ) -> list[tuple[float, str, DropTarget | None]]:
    """The friendly coasts among ``options`` nearer the enemy's valuable territories by sea
    than ``here``, where ``ids`` are in no danger of being destroyed for nothing (`UNSAFE`),
    scored by that nearness."""
    def by_sea(space: str) -> float:
        return max((_pull(turn.view, z, aims, "sea") for z in turn.view.coastal_zones(space)),
                   default=0.0)

    start = by_sea(here)
    out: list[tuple[float, str, DropTarget | None]] = []
    for _, space, target in options:
        nearer = by_sea(space)
        if target is not None and nearer > start and turn.danger(
                space, extra=[moved(turn.state.units[i], space) for i in ids],
                exact=False) <= UNSAFE:
            out.append((nearer, space, target))
    return out


def _land_score(turn: Turn, space: str, ids: tuple[int, ...], goals: dict[str, float],
                here: bool, holding_counts: bool = True) -> float:
    units = [moved(turn.state.units[i], space) for i in ids]
    danger = turn.danger(space, extra=[] if here else units, exact=False)
    worth = value(units)
    pull = _pull(turn.view, space, goals, "land")
    # A coast where transports wait is a good place to be (two-turn landings).
    boats = sum(1 for z in turn.view.coastal_zones(space) for u in turn.view.friends_at(z)
                if u.type is U.TRANSPORT and turn.ours(u))
    holding = 0.0
    if danger > 0 and holding_counts:
        holding = turn.importance(space) * 0.2
    penalty = danger * worth if danger > UNSAFE else danger * worth * 0.3
    return pull + 0.5 * min(boats, 2) + holding - penalty


def grounded_landing(turn: Turn, ids: tuple[int, ...]) -> Decide:
    """Where the planner lands aircraft ``ids`` that did not fly this turn (`_air_landing`,
    toward the side's goals): also the careful United Kingdom's forecast of where Japan's
    aircraft base in its next turn (`forecast.japan_rebased`)."""
    return _air_landing(turn, ids, _goals(turn))
