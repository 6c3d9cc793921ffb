"""Choosing attacks (combat movement, phase 3), in the style of the strongest A&A computer
players (TripleA's ProAI):

1. list, for every enemy space, the units that can attack it now (`Game.drop_targets` per stack)
   and the landings transports could make there (load next to the transport, sail, unload);
2. for a target, commit units, cheapest and least needed elsewhere first, until the exact odds
   of winning reach the level's threshold (then a few more, to lose fewer units);
3. score it: what it gains against what it risks, the counter-attack each capture exposes
   included (what is left there against everything the enemy can bring next turn).

The turn's attacks as a whole (targets ranked, the enemy's answer judged again, the capitals
kept safe, raids) are `pacific.ai.attack_plan`'s."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pacific.ai.blunders import is_fleet
from pacific.ai.british import raids_priced, uk_route_raid
from pacific.ai.explain import AttackReason
from pacific.ai.judge import rough_win, value
from pacific.ai.stacks import Stack
from pacific.ai.stuck import lone_raider, stuck_chance
from pacific.ai.turn import Turn
from pacific.ai.view import moved
from pacific.odds import BattleSpec, OddsResult, Outcome
from pacific.rules.nations import Side
from pacific.rules.queries import DropTarget
from pacific.rules.state import Unit
from pacific.rules.units import (
    TRANSPORT_CAPACITY,
    UNIT_SPECS,
    UnitType,
    can_capture,
    is_air,
    is_land,
    is_sea,
    is_warship,
)

U = UnitType
# The order units are committed in: cheap hit points first, aircraft last (they can serve
# several targets and must land afterwards).
LAND_ORDER = (U.INFANTRY, U.MARINE, U.ARTILLERY, U.ARMOR, U.FIGHTER, U.BOMBER)
SEA_ORDER = (U.SUBMARINE, U.DESTROYER, U.BATTLESHIP, U.CARRIER, U.FIGHTER, U.BOMBER)
# Who boards first: an infantry and an artillery fill a transport with two hits that attack
# at 2 (R-ART-2); armor takes a whole transport (R-TRANS-1).
BOARDING_ORDER = (U.ARTILLERY, U.MARINE, U.INFANTRY, U.ARMOR)
# Share of the counter-attack's expected net cost counted against an attack: the enemy cannot
# send everything everywhere.
COUNTER_WEIGHT = 0.6
# A fleet that fought and stays where the enemy wins at least this likely is as good as lost.
STUCK_LOST = 0.8
# Exact odds asked at most this many times per target.
MAX_EXACT = 8
# How much a captured territory's production counts: this turn's income and, while held, the
# next turns'.
HOLD_TURNS = 2.0
# A route taken is held when the enemy's answer wins there less likely than this.
ROUTE_HELD = 0.5


@dataclass
class Landing:
    """A transport that sails to ``zone`` (``move``; None: it is there) and lands ``aboard``
    plus ``load`` (land units next to it that board first)."""

    transport: Unit
    zone: str
    move: DropTarget | None
    aboard: list[Unit]
    load: list[Unit] = field(default_factory=list)

    @property
    def cargo(self) -> list[Unit]:
        return [*self.aboard, *self.load]


@dataclass
class Attack:
    target: str
    units: list[tuple[Unit, DropTarget]]
    landings: list[Landing] = field(default_factory=list)
    result: OddsResult | None = None
    score: float = 0.0
    raid: bool = False
    # The enemy's answer judged for the capture: P(it retakes the space), its net cost to
    # this side (None: not judged at this level).
    feared: float | None = None
    feared_loss: float = 0.0

    def unit_ids(self) -> set[int]:
        ids = {u.id for u, _ in self.units}
        for landing in self.landings:
            ids.add(landing.transport.id)
            ids.update(u.id for u in landing.cargo)
        return ids

    def attackers(self) -> list[Unit]:
        return [u for u, _ in self.units]


@dataclass
class Options:
    """Everything that could attack, by target."""

    direct: dict[str, list[tuple[Unit, DropTarget]]] = field(default_factory=dict)
    raids: dict[str, list[tuple[Unit, DropTarget]]] = field(default_factory=dict)
    # Land units that can board a ship in a zone: zone -> units.
    boarders: dict[str, list[Unit]] = field(default_factory=dict)
    # Transports with where they can sail (their own zone included, with no move).
    transports: list[tuple[Unit, dict[str, DropTarget | None]]] = field(default_factory=list)
    # How many targets each unit could attack (units with fewer choices go first).
    choices: dict[int, int] = field(default_factory=dict)
    # Sea zones an attack already planned will clear of enemy ships.
    cleared: set[str] = field(default_factory=set)


def hostile_zone(turn: Turn, zone: str) -> bool:
    """Whether ``zone`` holds an enemy ship a battle there must face (a submerged submarine
    does not, R-MOVE-8)."""
    return any(not u.submerged for u in turn.view.enemies_at(zone))


def without(turn: Turn, attacks: list[Attack], dropped: Attack) -> list[Attack]:
    """``attacks`` without ``dropped``; a sea battle dropped takes with it the attacks that
    land through its zone while the enemy's ships are there: the naval battle comes first
    (R-AMPH-6), transports alone cannot win it, and their cargo would stay aboard in a zone
    the enemy sinks them in."""
    zone = dropped.target
    through = turn.board.is_sea(zone) and hostile_zone(turn, zone)
    return [a for a in attacks if a is not dropped
            and not (through and any(ld.zone == zone for ld in a.landings))]


def collect(turn: Turn, stacks: list[Stack]) -> Options:
    """Every attack option of the power to act, from its stacks' drop targets."""
    view, board = turn.view, turn.board
    out = Options()
    for stack in stacks:
        first = stack.first
        if first.carried_by is not None and is_land(first.type):
            continue  # cargo attacks by landing (`landings_for`)
        for space, target in sorted(stack.targets.items()):
            if target.meaning == "load":
                if board.is_sea(space) and not hostile_zone(turn, space):
                    out.boarders.setdefault(space, []).extend(stack.units)
                continue
            if target.meaning not in ("attack", "move"):
                continue
            enemy_land = board.is_land(space) and view.enemy(view.owner(space))
            enemy_sea = board.is_sea(space) and (
                hostile_zone(turn, space) or (is_warship(first.type) and turn.economy.swing(
                    space) > 0))
            if not (enemy_land or enemy_sea):
                continue
            # Carriers stay out of attacks: they are the decks the attacking fighters land on
            # (R-AIR-3: a carrier that fought cannot sail to them afterwards).
            if first.type in (U.TRANSPORT, U.AA_GUN, U.CARRIER):
                continue
            if enemy_land and is_sea(first.type):
                continue
            for unit in stack.units:
                out.direct.setdefault(space, []).append((unit, target))
                out.choices[unit.id] = out.choices.get(unit.id, 0) + 1
            if target.raid_action is not None:
                out.raids.setdefault(space, []).extend((u, target) for u in stack.units)
        if first.type is U.TRANSPORT and not hostile_zone(turn, first.space):
            zones: dict[str, DropTarget | None] = {first.space: None}
            for space, target in sorted(stack.targets.items()):
                if target.meaning in ("move", "attack") and board.is_sea(space) \
                        and target.cost <= turn.level.landing_reach:
                    zones[space] = target
            for unit in stack.units:
                out.transports.append((unit, zones))
    return out


def _order(units: Iterable[tuple[Unit, DropTarget]], options: Options, at_sea: bool
           ) -> list[tuple[Unit, DropTarget]]:
    order = SEA_ORDER if at_sea else LAND_ORDER
    return sorted(units, key=lambda p: (order.index(p[0].type) if p[0].type in order else 99,
                                        options.choices.get(p[0].id, 0), p[0].id))


def landings_for(turn: Turn, target: str, options: Options, used: set[int]) -> list[Landing]:
    """Transports that can land units on ``target`` now: each with its cargo and the land
    units next to it that would board, two to a transport (R-TRANS-1), best attackers
    first. A zone with enemy ships serves only once an attack there is planned
    (``options.cleared``): its naval battle comes first (R-AMPH-6)."""
    board = turn.board
    out: list[Landing] = []
    taken = set(used)
    for ship, zones in options.transports:
        if ship.id in taken:
            continue
        best: tuple[str, DropTarget | None] | None = None
        for zone, move in zones.items():
            if hostile_zone(turn, zone) and zone not in options.cleared:
                continue
            if target not in board.neighbours[zone]:
                continue
            # No move at all is best; else the cheapest sail.
            if best is None or move is None or (best[1] is not None
                                                and move.cost < best[1].cost):
                best = (zone, move)
        if best is None:
            continue
        aboard = [u for u in turn.state.cargo_of(ship.id)]
        if any(u.id in taken for u in aboard):
            continue
        room = TRANSPORT_CAPACITY - sum(UNIT_SPECS[u.type].transport_size for u in aboard)
        load: list[Unit] = []
        nation_ok = {ship.owner}
        boarders = sorted((u for u in options.boarders.get(ship.space, [])
                           if u.id not in taken and u.owner in nation_ok and can_capture(u.type)),
                          key=lambda u: (BOARDING_ORDER.index(u.type), u.id))
        load = fill_transport(boarders, room)
        landing = Landing(transport=ship, zone=best[0], move=best[1], aboard=aboard, load=load)
        if not landing.cargo:
            continue
        taken.add(ship.id)
        taken.update(u.id for u in landing.cargo)
        out.append(landing)
    return out


def fill_transport(units: list[Unit], room: int) -> list[Unit]:
    """A load for ``room`` transport slots (R-TRANS-1), best pair first: an artillery with an
    infantry or Marine, else two infantry, else armor alone."""
    out: list[Unit] = []
    pool = sorted(units, key=lambda u: (BOARDING_ORDER.index(u.type)
                                        if u.type in BOARDING_ORDER else 99, u.id))
    while room > 0:
        has_artillery = any(u.type is U.ARTILLERY for u in out)
        fits = [u for u in pool if UNIT_SPECS[u.type].transport_size <= room]
        if not fits:
            break
        pick = next((u for u in fits if not (has_artillery and u.type is U.ARTILLERY)
                     and u.type is not U.ARMOR), fits[0]) if out else fits[0]
        if not out and pick.type is U.ARMOR and room >= 2 and len(fits) > 1:
            pick = next((u for u in fits if u.type is not U.ARMOR), pick)
        out.append(pick)
        pool.remove(pick)
        room -= UNIT_SPECS[pick.type].transport_size
    return out


def _spec(turn: Turn, target: str, units: list[Unit], landings: list[Landing]
          ) -> BattleSpec | None:
    cargo = [u for landing in landings for u in landing.cargo]
    return turn.attack_spec(target, units, landing=cargo)


def win_chance(turn: Turn, result: OddsResult, target: str) -> float:
    """The chance the level wants high: the capture's on land, the attacker's win at sea.
    At the careful level, off a blockaded capital (`blockade`) a battle that ends with only
    the enemy's submarines against this side's aircraft (R-SUB-5, R-NAVAL-4 E) counts as won:
    the surface ships that kept the capital's transports in are sunk."""
    if turn.board.is_land(target):
        return result.captured
    if turn.level.careful and blockade(turn, target):
        return result.attacker_wins + result.stalemate
    return result.attacker_wins


def blockade(turn: Turn, zone: str) -> bool:
    """Whether ``zone`` is the only sea zone next to a capital the power to act holds: with
    enemy ships there no transport of the capital can sail (R-MOVE-7), so its land units
    cannot leave however many it has."""
    board = turn.board
    for nation in turn.nations:
        capital = board.capitals.get(nation)
        if capital is None or turn.state.territory_owner.get(capital) is not nation:
            continue
        coast = {n for n in board.neighbours[capital] if board.is_sea(n)}
        if coast == {zone}:
            return True
    return False


def threshold(turn: Turn, target: str) -> float:
    """The odds the level wants before it attacks ``target``."""
    if target in turn.board.capital_nation:
        return turn.level.capital_attack_odds
    return turn.level.attack_odds


def build(turn: Turn, target: str, options: Options, used: set[int]) -> Attack | None:
    """The cheapest force that takes ``target`` with the level's odds, or None."""
    board = turn.board
    at_sea = board.is_sea(target)
    defenders = turn.defenders(target)
    fighting = [u for u in defenders if u.type not in (U.AA_GUN, U.INDUSTRIAL_COMPLEX)]
    free = [p for p in options.direct.get(target, []) if p[0].id not in used]
    if not fighting:
        return _walk_in(turn, target, free, options, used)
    ground = _order([p for p in free if not is_air(p[0].type)], options, at_sea)
    air = _order([p for p in free if is_air(p[0].type)], options, at_sea)
    landings = [] if at_sea else landings_for(turn, target, options, used)
    pool: list[tuple[Unit, DropTarget] | Landing] = [*ground, *landings, *air]
    if not pool:
        return None
    # Hopeless even with everything: skip before asking exact odds.
    everything = [p[0] for p in ground + air] + [u for ld in landings for u in ld.cargo]
    if rough_win(everything, fighting) < 0.2:
        return None
    wanted = threshold(turn, target)
    chosen: list[tuple[Unit, DropTarget]] = []
    chosen_landings: list[Landing] = []

    def add(item: tuple[Unit, DropTarget] | Landing) -> None:
        if isinstance(item, Landing):
            chosen_landings.append(item)
        else:
            chosen.append(item)

    result: OddsResult | None = None
    asked = 0
    taken = 0
    for i, item in enumerate(pool):
        add(item)
        taken = i + 1
        attackers = [u for u, _ in chosen] + [u for ld in chosen_landings for u in ld.cargo]
        if not at_sea and not any(can_capture(u.type) for u in attackers):
            continue
        if rough_win(attackers, fighting) < wanted - 0.25 and i < len(pool) - 1:
            continue
        if asked >= MAX_EXACT:
            break
        result = _odds(turn, target, chosen, chosen_landings)
        asked += 1
        if result is None:
            return None
        if win_chance(turn, result, target) >= wanted:
            break
    if result is None or win_chance(turn, result, target) < wanted:
        return None
    # A few more units than the threshold needs, to lose fewer (never aircraft: they are
    # wanted elsewhere).
    spare = [item for item in pool[taken:]
             if not isinstance(item, Landing) and not is_air(item[0].type)]
    for item in spare[:turn.level.overkill]:
        add(item)
    if spare[:turn.level.overkill]:
        result = _odds(turn, target, chosen, chosen_landings) or result
    attack = Attack(target=target, units=chosen, landings=chosen_landings, result=result)
    attack.score = score(turn, attack)
    return attack if attack.score > 0 else None


def _odds(turn: Turn, target: str, chosen: list[tuple[Unit, DropTarget]],
          landings: list[Landing]) -> OddsResult | None:
    spec = _spec(turn, target, [u for u, _ in chosen], landings)
    return turn.judge.odds(spec) if spec is not None else None


def _walk_in(turn: Turn, target: str, free: list[tuple[Unit, DropTarget]], options: Options,
             used: set[int]) -> Attack | None:
    """An empty enemy territory (one land unit captures it, R-COMBATMOVE-5) or an empty enemy
    convoy zone (one warship, R-CONVOY-3)."""
    at_sea = turn.board.is_sea(target)
    gain = turn.economy.swing(target)
    if gain <= 0:
        return None
    if at_sea:
        ships = sorted((p for p in free if is_warship(p[0].type)),
                       key=lambda p: (UNIT_SPECS[p[0].type].cost, options.choices.get(
                           p[0].id, 0), p[0].id))
        if not ships:
            return None
        attack = Attack(target=target, units=[ships[0]])
        if turn.level.convoy_goals and turn.view.side is Side.ALLIES \
                and _is_route(turn, target):
            attack.units = _route_force(turn, target, ships)
            if raids_priced(turn):
                raid = uk_route_raid(turn, target, attack.units, gain, HOLD_TURNS)
                if raid is None:
                    return None
                attack.units = raid
    else:
        walkers = sorted((p for p in free if can_capture(p[0].type)),
                         key=lambda p: (options.choices.get(p[0].id, 0),
                                        UNIT_SPECS[p[0].type].cost, p[0].id))
        if walkers:
            attack = Attack(target=target, units=[walkers[0]])
        else:
            landings = landings_for(turn, target, options, used)
            if not landings:
                return None
            attack = Attack(target=target, units=[], landings=landings[:1])
    attack.score = score(turn, attack)
    return attack if attack.score > 0 else None


def _is_route(turn: Turn, zone: str) -> bool:
    return turn.board.sea_zone_by_id[zone].convoy_route is not None


def _route_force(turn: Turn, target: str, ships: list[tuple[Unit, DropTarget]]
                 ) -> list[tuple[Unit, DropTarget]]:
    """Who takes an empty enemy convoy route: the cheapest ship when it would hold the route
    alone, else the warships of its zone that can go (carriers, the decks, stay), when
    together they hold it: only a surviving warship of the enemy's takes a route back
    (R-CONVOY-6), and what sits there denies Japan the route's income at its Phase 9
    (R-CONVOY-13, R-VP-2). The cheapest ship goes alone too where the whole force would be
    worth less for what it risks (`stuck.lone_raider`): the route is taken on entering
    (R-CONVOY-3) by one ship as by all."""
    first = ships[0]
    alone = turn.threat(target, defenders=[moved(first[0], target)]).chance
    if alone < ROUTE_HELD:
        return [first]
    force = [p for p in ships if p[0].space == first[0].space and p[0].type is not U.CARRIER]
    together = turn.threat(target, defenders=[moved(u, target) for u, _ in force]).chance
    if together >= alone or lone_raider(turn, turn.economy.swing(target), HOLD_TURNS,
                                        (alone, value([first[0]])),
                                        (together, value([u for u, _ in force]))):
        return [first]
    return force


def _survivors(turn: Turn, attack: Attack) -> list[Unit]:
    """The units most likely left in the target after a win: the likeliest surviving force
    (aircraft fly home, so only land units stay in a territory; a ship that takes a convoy
    route passing through it ends beyond, `british`)."""
    units = [u for u, t in attack.units if t.space == attack.target] \
        + [u for ld in attack.landings for u in ld.cargo]
    result = attack.result
    if result is None:
        left = units
    else:
        wins = [s for s in result.survivors if s.outcome is Outcome.ATTACKER_WINS]
        if not wins:
            return []
        best = max(wins, key=lambda s: s.probability)
        left = []
        counts = dict(best.attacker)
        for unit in sorted(units, key=lambda u: -UNIT_SPECS[u.type].cost):
            if counts.get(unit.type, 0) > 0:
                counts[unit.type] -= 1
                left.append(unit)
    if turn.board.is_land(attack.target):
        return [moved(u, attack.target) for u in left
                if is_land(u.type)]
    return [moved(u, attack.target) for u in left if not is_air(u.type)]


def score(turn: Turn, attack: Attack, counter_attack: bool = False) -> float:
    """What the attack is worth: P(win) times the production swing (this turn and, while it
    holds, the next) and a capital's weight, plus the expected unit trade; with
    ``counter_attack``, minus what the enemy's answer would destroy."""
    target = attack.target
    economy = turn.economy
    gain = economy.swing(target)
    capital = economy.capital_bonus(target) if turn.board.is_land(target) else 0.0
    result = attack.result
    chance = win_chance(turn, result, target) if result is not None else 1.0
    trade = (result.defender_ipc_lost - result.attacker_ipc_lost) if result is not None else 0.0
    counter = 0.0
    exposed = 0.0
    if counter_attack:
        threat = turn.threat(target, defenders=_survivors(turn, attack))
        counter = threat.chance
        share = _answer_share(turn, target)
        exposed = max(threat.net_loss, 0.0) * COUNTER_WEIGHT * share
        if turn.level.careful and turn.board.is_sea(target):
            # Ships that fought cannot move on in non-combat movement (R-NONCOMBAT-2): a
            # fleet left where the enemy wins is lost whole (a battle's, by the power's look
            # at that zone, `pacific.ai.stuck`).
            survivors = _survivors(turn, attack)
            stuck = counter if result is None else stuck_chance(turn, target, survivors,
                                                                counter)
            if stuck >= STUCK_LOST:
                exposed = max(exposed, value(survivors) * stuck)
        attack.feared, attack.feared_loss = counter, max(threat.net_loss, 0.0)
        for landing in attack.landings:
            if turn.danger(landing.zone, extra=[landing.transport], exact=False) > 0.5:
                exposed += UNIT_SPECS[U.TRANSPORT].cost * COUNTER_WEIGHT * share
        if turn.level.careful:
            exposed += _covering(turn, attack)
    held = 1.0 - counter
    worth = gain * (1 + HOLD_TURNS * held) + capital * held
    return chance * (worth - exposed) + trade


# The share of the enemy's answer the careful Allies count against a capture of Japan's
# income: measured, not derived (docs/ai-journal.md, "The hard Allies against normal Japan").
JAPAN_INCOME_ANSWER = 0.25


def _answer_share(turn: Turn, target: str) -> float:
    """How much of the enemy's answer (`COUNTER_WEIGHT`) counts against a capture. The
    careful Allies count `JAPAN_INCOME_ANSWER` of it where the capture lowers Japan's income:
    Japan must retake each such space in its own turn, before its Phase 9 (R-VP-2), by land
    or with the transports it has, and the reach counts every unit for every space (as if
    Japan sent everything everywhere); a space left to the Allies costs Japan its income
    and, near the end, its victory points (R-VICTORY-2, R-VICTORY-4)."""
    if not (turn.level.careful and turn.view.side is Side.ALLIES
            and turn.board.is_land(target)):
        return 1.0
    economy = turn.economy
    return JAPAN_INCOME_ANSWER if economy.japan_income(target) < economy.japan_now else 1.0


def _covering(turn: Turn, attack: Attack) -> float:
    """What a landing's cover fire leaves to be sunk: every battleship and destroyer of this
    side in a landing's zone fires in support (R-AMPH-6) and has then fought, so it cannot
    sail on in non-combat movement (R-NONCOMBAT-2). Where they are a fleet the enemy wins
    against (with the landing transports) at >= `STUCK_LOST`, their value times that
    chance."""
    moving = attack.unit_ids()
    out = 0.0
    for zone in sorted({ld.zone for ld in attack.landings}):
        if turn.view.enemies_at(zone):
            continue     # a naval battle there first: no cover fire (R-AMPH-6)
        cover = [u for u in turn.view.friends_at(zone) if turn.ours(u)
                 and u.type in (U.BATTLESHIP, U.DESTROYER) and not u.fought
                 and u.id not in moving]
        if not is_fleet(cover):
            continue
        boats = [moved(ld.transport, zone) for ld in attack.landings if ld.zone == zone]
        chance = turn.danger(zone, defenders=[*cover, *boats])
        if chance >= STUCK_LOST:
            out += value(cover) * chance
    return out


def reason(turn: Turn, attack: Attack) -> AttackReason:
    """What the attack is for, as the computer panel shows it."""
    result = attack.result
    target = attack.target
    return AttackReason(
        target=target,
        odds=win_chance(turn, result, target) if result is not None else 1.0,
        income=0 if attack.raid else turn.economy.income(target),
        worth=attack.score,
        trade=(result.defender_ipc_lost - result.attacker_ipc_lost) if result else 0.0,
        feared=attack.feared, feared_loss=attack.feared_loss, raid=attack.raid,
        capital=target in turn.board.capital_nation, at_sea=turn.board.is_sea(target))
