"""Purchases (phase 1) and placement (phase 7), decided from the threats and targets the
computer player sees:

1. the capital first: infantry until the exact odds say it holds against everything the
   enemy can bring (the level's `capital_safety`); at the hard level, fighters for the Allies'
   capital whose land units could not leave it by sea;
2. the fleet: warships while the enemy's fleet in reach outweighs this side's;
3. transports while land units wait for a ride;
4. land units for the rest (two infantry to an artillery, armor and fighters as money allows).

The easy level buys a fixed mix by nation instead. Placement answers the same questions unit by
unit among the placements `Game.legal_actions` lists."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pacific.ai.blunders import Seen
from pacific.ai.explain import PurchaseReason
from pacific.ai.ferry import island_capitals
from pacific.ai.fleet import placement_zone
from pacific.ai.judge import strength
from pacific.ai.shipyard import fleet_at_shipyard, left_alone, not_placed_alone, warship
from pacific.ai.strategy import convoy_goals
from pacific.ai.turn import Memory, Turn
from pacific.ai.view import moved
from pacific.rules.actions import Action
from pacific.rules.actions.economy import Place
from pacific.rules.nations import Nation, Side
from pacific.rules.state import Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_air, is_land, is_sea

U = UnitType
# Rounds of the enemy's fleet movement within which its ships count as a threat at sea.
FLEET_REACH = 4
# The fleet wanted, as a share of the enemy's fleet strength in reach.
FLEET_MARGIN = {Nation.JAPAN: 1.0, Nation.USA: 1.5, Nation.INDIA: 0.5, Nation.AUSTRALIA: 0.4}
# Fixed mixes of the easy level, bought round-robin while money lasts.
EASY_MIX = {
    Nation.JAPAN: (U.INFANTRY, U.INFANTRY, U.ARTILLERY, U.TRANSPORT, U.FIGHTER),
    Nation.INDIA: (U.INFANTRY, U.INFANTRY, U.ARTILLERY),
    Nation.AUSTRALIA: (U.INFANTRY, U.INFANTRY, U.TRANSPORT),
    Nation.USA: (U.INFANTRY, U.TRANSPORT, U.DESTROYER, U.INFANTRY, U.FIGHTER, U.SUBMARINE),
}
FAKE_ID = -1
# New ships the enemy would sink at least this likely where they are placed are not bought.
SUNK_AT_ONCE = 0.8
# The hard powers whose purchase leaves out the warships sunk at once where they are placed
# (`_warships_sunk_where_placed`).
SUNK_CHECKED = (Nation.JAPAN, Nation.USA)
# Submarines bought a turn at most for Japan's convoy routes, and how many beyond one a route
# the United States keeps (some are sunk or busy).
RAIDERS_A_TURN = 4
RAIDERS_SPARE = 2
# A capital with this many land units beyond its safety's need buys no more land units.
CROWDED = 6
# The hard nations whose capital needs no infantry where it holds against the enemy aircraft
# that have somewhere to land after the battle (`_holds_within_rules`, R-AIR-2).
LANDING_READ = (Nation.JAPAN,)


def _fake(nation: Nation, unit_type: UnitType, space: str, n: int) -> list[Unit]:
    """Units not yet bought, to ask the odds what they would change."""
    return [Unit(id=FAKE_ID - i, type=unit_type, owner=nation, space=space)
            for i in range(n)]


def _cost(unit_type: UnitType) -> int:
    return UNIT_SPECS[unit_type].cost


def plan_purchase(turn: Turn, nation: Nation) -> dict[UnitType, int]:
    """What ``nation`` buys this turn (possibly nothing)."""
    return purchase_with_reason(turn, nation)[0]


def purchase_with_reason(turn: Turn, nation: Nation
                         ) -> tuple[dict[UnitType, int], PurchaseReason | None]:
    """What ``nation`` buys this turn, and what each part of the money is for (None: it buys
    nothing)."""
    budget = turn.state.treasury.get(nation, 0)
    capital = turn.board.capitals.get(nation)
    if budget <= 0 or capital is None or turn.state.territory_owner.get(capital) is not nation:
        return {}, None
    bought: Counter[UnitType] = Counter()
    parts = _Parts(bought)
    if not turn.level.threat_purchases:
        mix = EASY_MIX.get(nation, (U.INFANTRY,))
        i = turn.state.round
        while True:
            wanted = mix[i % len(mix)]
            if _cost(wanted) > budget:
                wanted = U.INFANTRY
                if _cost(wanted) > budget:
                    break
            bought[wanted] += 1
            budget -= _cost(wanted)
            i += 1
        parts.close("mix")
        return dict(bought), parts.reason(nation, capital)
    budget -= _defend_capital(turn, nation, capital, budget, bought, parts)
    parts.close("capital")
    budget -= _raiders(turn, nation, budget, bought)
    parts.close("raiders")
    first = _ride_first(turn, capital)
    if first:
        budget -= _transports(turn, nation, capital, budget, bought, parts)
        parts.close("transports")
    budget -= _fleet(turn, nation, budget, bought, parts)
    parts.close("fleet")
    if not first:
        budget -= _transports(turn, nation, capital, budget, bought, parts)
        parts.close("transports")
    ships_lost = turn.level.careful and not _ships_survive(turn, nation, capital, bought)
    if not ships_lost and _warships_sunk_where_placed(turn, nation, capital, bought):
        budget += _drop(bought, parts, warship)
        parts.ships_sunk = True
    if ships_lost:
        # New ships appear after the fleet has moved (R-PLACE-1): where the enemy would sink
        # them at once, the money goes to land and air units instead.
        budget += _drop(bought, parts, is_sea)
        parts.ships_sunk = True
    # Where the aircraft bought with the money start counting (`_air_force`).
    air_index = _air_force(turn, nation) if parts.ships_sunk and nation in SUNK_CHECKED \
        and turn.level.careful else 0
    if turn.level.careful and (ships_lost or len(turn.surplus(capital)) >= CROWDED):
        # Land units the capital does not need would only wait there (no ship to carry
        # them, or many waiting already): aircraft reach the front from the capital.
        parts.crowded = not ships_lost
        _aircraft(nation, budget, bought, air_index)
        parts.close("aircraft")
    elif nation is Nation.USA and not ships_lost:
        # Far from every front: land units only as many as the transports near home can
        # carry; the rest goes to the fleet and its aircraft.
        budget -= _land(turn, nation, min(budget, _seats(turn, nation, capital, bought) * 4),
                        bought)
        parts.close("land")
        rest: Counter[UnitType] = Counter()
        _air_and_sea(turn, nation, budget, rest)
        if parts.ships_sunk or _warships_sunk_where_placed(turn, nation, capital, bought + rest):
            # No warships where the enemy sinks them at once: aircraft, which fly from the
            # capital to the front over the enemy's ships (R-MOVE-7).
            parts.ships_sunk = True
            _aircraft(nation, budget, bought, _air_force(turn, nation))
            parts.close("aircraft")
        else:
            bought.update(rest)
            parts.close("fleet_air")
    elif _sea_only(turn, capital):
        # Land units are placed at the capital (R-PLACE-2) and leave an island only by sea:
        # as many as the empty transports near home can take beyond the surplus already
        # waiting there; aircraft reach the front from the capital.
        seats = _seats(turn, nation, capital, bought, len(turn.surplus(capital)))
        budget -= _land(turn, nation, min(budget, seats * 4), bought)
        parts.close("land")
        _aircraft(nation, budget, bought, air_index)
        parts.close("aircraft")
    else:
        _land(turn, nation, budget, bought)
        parts.close("land")
    alone = not_placed_alone(turn, nation, bought)
    if alone is not None:
        # Bought when the task force can take them along or they hold alone; the money is
        # kept for that turn (R-PURCH-3), not spent on units the fleet does not need.
        _drop(bought, parts, alone)
        parts.ships_sunk = True
    return {t: n for t, n in bought.items() if n}, parts.reason(nation, capital)


class _Parts:
    """The purchase's parts as the planner spends: what ``bought`` gained since the last
    part closed, by part."""

    def __init__(self, bought: Counter[UnitType]) -> None:
        self.bought = bought
        self._seen: Counter[UnitType] = Counter()
        self.parts: list[tuple[str, Counter[UnitType]]] = []
        self.capital_danger = 0.0
        self.fleet_gap = 0.0
        self.riders = 0
        self.ships_sunk = False
        self.crowded = False

    def close(self, part: str) -> None:
        gained = Counter({t: n - self._seen[t] for t, n in self.bought.items()
                          if n > self._seen[t]})
        if gained:
            self.parts.append((part, gained))
        self._seen = Counter(self.bought)

    def drop(self, kind: Callable[[UnitType], bool]) -> None:
        for _part, units in self.parts:
            for unit_type in [t for t in units if kind(t)]:
                del units[unit_type]
        self.parts = [(p, u) for p, u in self.parts if u]
        self._seen = Counter(self.bought)

    def reason(self, nation: Nation, capital: str) -> PurchaseReason:
        return PurchaseReason(
            nation=nation,
            parts=tuple((part, tuple(sorted(units.items(), key=lambda p: p[0].value)))
                        for part, units in self.parts),
            capital=capital, capital_danger=self.capital_danger, fleet_gap=self.fleet_gap,
            riders=self.riders, ships_sunk=self.ships_sunk, crowded=self.crowded)


def _drop(bought: Counter[UnitType], parts: _Parts, kind: Callable[[UnitType], bool]) -> int:
    """Takes the units of ``kind`` out of the purchase; returns their cost."""
    refund = 0
    for unit_type in [t for t in bought if kind(t)]:
        refund += _cost(unit_type) * bought.pop(unit_type)
    parts.drop(kind)
    return refund


def _warships_sunk_where_placed(turn: Turn, nation: Nation, capital: str,
                                bought: Counter[UnitType]) -> bool:
    """At the hard level and for `SUNK_CHECKED`, whether the warships bought would be sunk at
    once where they are placed, read with the priced look (`Turn.priced`): a destroyer placed
    with submarines is lost against aircraft alone, the submarines neither firing nor hit
    (R-SUB-5, a stalemate: R-NAVAL-4 E), which the plain look reads as held. New ships are
    placed after the fleet has moved (R-PLACE-1): the warships' money then goes to land units
    as transport room allows and to aircraft, which reach the front from the capital. The
    transports stay bought: land units wait for them (docs/ai-journal.md).

    Japan: the Allies' aircraft reach Japan's waters over their island air bases
    (R-AIRBASE-1). The ships in the zone at the purchase shield the new ones only if they
    stay: the task force there sails in non-combat movement, before the placement
    (`shipyard.left_alone` foresees its own move). The United States: once the task force has
    gone west, Japan's fleet and carrier fighters off the American coast sink the ships placed
    alone in the shipyard's zone; where a warship of the United States is there, the task
    force's own wait for the ships decides (`shipyard.not_placed_alone`)."""
    if not (turn.level.careful and nation in SUNK_CHECKED):
        return False
    warships = Counter({t: n for t, n in bought.items() if warship(t)})
    if not warships or (nation is Nation.USA and fleet_at_shipyard(turn, nation, warships)):
        return False
    return not _ships_survive(turn.priced(), nation, capital, warships) \
        or left_alone(turn, nation, warships)


def _aircraft(nation: Nation, budget: int, bought: Counter[UnitType], first: int = 0) -> None:
    """Fighters with the money (a bomber every third aircraft, counted from ``first``); the
    rest is kept for the next turn (R-PURCH-3: unspent IPCs carry over)."""
    i = first
    while budget >= _cost(U.FIGHTER):
        wanted = U.BOMBER if i % 3 == 2 and nation is not Nation.AUSTRALIA else U.FIGHTER
        if _cost(wanted) > budget:
            wanted = U.FIGHTER
        bought[wanted] += 1
        budget -= _cost(wanted)
        i += 1


def _air_force(turn: Turn, nation: Nation) -> int:
    """The aircraft ``nation`` has. Where the hard Japan's ships would be sunk off Japan
    (`_ships_survive`, `_warships_sunk_where_placed`) their money goes to aircraft turn after
    turn, and the bomber every third aircraft is counted over the air force, not from each
    turn's first: a turn's money buys one or two aircraft, and counted from each turn's first
    the third never came (the same purchase four turns running, blunder class 4). Bombers
    strike the ships that sink Japan's new ones at 4, fighters defend the capital at 4
    (R-SETUP-16)."""
    return sum(1 for u in turn.state.units.values() if u.owner is nation and is_air(u.type))


def _ships_survive(turn: Turn, nation: Nation, capital: str,
                   bought: Counter[UnitType]) -> bool:
    """Whether the ships bought hold, with the fleet there, in the best zone off the capital
    they are placed in (P(the enemy wins there) below `SUNK_AT_ONCE`)."""
    ships = [u for t, n in bought.items() if is_sea(t) for u in _fake(nation, t, "", n)]
    if not ships:
        return True
    zones = turn.view.coastal_zones(capital)
    return any(turn.danger(zone, extra=[moved(u, zone) for u in ships]) < SUNK_AT_ONCE
               for zone in zones) if zones else True


def _seats(turn: Turn, nation: Nation, capital: str, bought: Counter[UnitType],
           waiting: int | None = None) -> int:
    """Empty transport places near the capital, bought ones included, minus the land units
    already waiting there (``waiting``; default: every land unit at the capital). At the
    hard level a transport's cargo takes its places (R-TRANS-1)."""
    view = turn.view
    homes = view.coastal_zones(capital)
    ships = [u for u in turn.state.units.values() if u.owner is nation
             and u.type is U.TRANSPORT
             and min(view.sea_distance(u.space, h) for h in homes) <= 2]
    room = 2 * (len(ships) + bought[U.TRANSPORT])
    if turn.level.careful:
        room -= sum(_aboard(turn, u) for u in ships)
    if waiting is None:
        waiting = sum(1 for u in turn.view.friends_at(capital)
                      if u.owner is nation and is_land(u.type) and u.type is not U.AA_GUN)
    return max(0, room - waiting)


def _sea_only(turn: Turn, capital: str) -> bool:
    """At the hard level, whether ``capital``'s land units leave it only by sea (no land
    neighbour: Japan): its land purchases wait for transport room, and a loaded transport has
    none (R-TRANS-1). The United States, whose loaded transports wait off their coast for a
    route that holds, buy warships rather than more transports (docs/ai-journal.md)."""
    return turn.level.careful and not any(turn.board.is_land(n)
                                          for n in turn.board.neighbours[capital])


def _ride_first(turn: Turn, capital: str) -> bool:
    """At the hard level, whether the transports for a crowded island capital's surplus come
    before the fleet's part of the money: land units placed at a capital with no land route to
    the enemy (`ferry.island_capitals`, R-PLACE-2) leave it only by sea, and wait there for
    good while the warships take every IPC. A transport is the cheapest ship; the ships bought
    are dropped all the same where the enemy would sink them at once (`_ships_survive`)."""
    return turn.level.careful and capital in island_capitals(turn) \
        and len(turn.surplus(capital)) >= CROWDED


def _aboard(turn: Turn, transport: Unit) -> int:
    """The transport places ``transport``'s cargo takes (R-TRANS-1)."""
    return sum(UNIT_SPECS[u.type].transport_size for u in turn.state.cargo_of(transport.id))


def _air_and_sea(turn: Turn, nation: Nation, budget: int, bought: Counter[UnitType]) -> None:
    """The rest of the money: fighters while the carriers have room, else warships."""
    room = sum(2 for u in turn.state.units.values() if u.owner is nation
               and u.type is U.CARRIER) + 2 * bought[U.CARRIER] - sum(
        1 for u in turn.state.units.values() if u.owner is nation and u.type is U.FIGHTER
        and u.carried_by is not None) - bought[U.FIGHTER]
    cycle = (U.DESTROYER, U.SUBMARINE, U.CARRIER, U.DESTROYER, U.BATTLESHIP)
    i = 0
    while budget >= _cost(U.SUBMARINE):
        wanted = U.FIGHTER if room > 0 else cycle[i % len(cycle)]
        if _cost(wanted) > budget:
            wanted = U.SUBMARINE
        bought[wanted] += 1
        budget -= _cost(wanted)
        room += 2 if wanted is U.CARRIER else -1 if wanted is U.FIGHTER else 0
        i += 1


def _defend_capital(turn: Turn, nation: Nation, capital: str, budget: int,
                    bought: Counter[UnitType], parts: _Parts) -> int:
    """Units at the capital until it holds with the level's odds; returns the cost.

    Infantry, the most defence for the money; but where the capital's land units could not
    leave it (`_coast_lost`), fighters when they make it hold within the money: they defend it
    this turn and fly out over the enemy's ships afterwards (R-MOVE-7: aircraft pass over
    enemy-occupied spaces), where infantry would only wait there."""
    want = turn.level.capital_safety
    parts.capital_danger = turn.danger(capital)
    infantry = 0
    if 1 - parts.capital_danger < want \
            and not _holds_within_rules(turn, nation, capital, parts):
        if _coast_lost(turn, nation, capital):
            fighters = _defence(turn, nation, capital, U.FIGHTER, budget)
            if fighters and 1 - turn.danger(capital, extra=_fake(
                    nation, U.FIGHTER, capital, fighters)) >= want:
                bought[U.FIGHTER] += fighters
                return fighters * _cost(U.FIGHTER)
        # More than the money for the rest of the plan only if the capital is in danger.
        infantry = _defence(turn, nation, capital, U.INFANTRY, budget)
    # Infantry first in the purchase's units, bought or not: the order its units are placed.
    bought[U.INFANTRY] += infantry
    return infantry * _cost(U.INFANTRY)


def _holds_within_rules(turn: Turn, nation: Nation, capital: str, parts: _Parts) -> bool:
    """For the hard `LANDING_READ` nations, whether ``capital`` holds with the level's odds
    against the enemy as the rules let it attack: its aircraft only where they have somewhere
    to land after the battle (R-AIR-2: none attacks without one), as the blunder counter
    counts them (`blunders.Seen`, hop counts, not its priced flights); then that danger is
    the purchase's. The planner's own look counts every aircraft within its move less one,
    so American bombers on a far conquest with no landing near Japan bought infantry for the
    capital, an island whose land units leave it only by sea (R-PLACE-2): they waited there
    (docs/ai-journal.md). Where the capital is in danger all the same, the planner's look
    says how many infantry it needs, as before: read with the rules' reach alone, fewer were
    bought against a real danger (0.94) and the games drifted."""
    if not (turn.level.careful and nation in LANDING_READ):
        return False
    look = Seen(turn.game, turn.state, turn.level, turn.judge,
                Memory(exact_left=turn.memory.exact_left))
    danger = look.danger(capital)
    if 1 - danger < turn.level.capital_safety:
        return False
    parts.capital_danger = danger
    return True


def _defence(turn: Turn, nation: Nation, capital: str, unit_type: UnitType,
             budget: int) -> int:
    """How many ``unit_type`` the capital needs to hold with the level's odds, at most twelve
    and what ``budget`` pays."""
    extra: list[Unit] = []

    def holds() -> bool:
        return 1 - turn.danger(capital, extra=extra) >= turn.level.capital_safety

    while len(extra) < 12 and (len(extra) + 1) * _cost(unit_type) <= budget:
        if extra and holds():
            break
        extra += _fake(nation, unit_type, capital, 1)
    return len(extra)


def _coast_lost(turn: Turn, nation: Nation, capital: str) -> bool:
    """At the hard level and for the Allies (the United States, read case by case in
    docs/ai-journal.md), whether the land units of an island capital (no land route to the enemy,
    `ferry.island_capitals`) cannot leave it: a transport placed off it would be sunk at once
    in every zone of its coast (`_ships_survive`), the enemy's ships holding or commanding it
    (R-MOVE-7). Land units bought for its safety would wait there when the danger has
    passed."""
    return turn.level.careful and turn.view.side is Side.ALLIES \
        and capital in island_capitals(turn) \
        and not _ships_survive(turn, nation, capital, Counter({U.TRANSPORT: 1}))


def _fleet_strength(units: list[Unit]) -> float:
    return sum(strength([u], attacking=False) + strength([u], attacking=True)
               for u in units)


def _fleet(turn: Turn, nation: Nation, budget: int, bought: Counter[UnitType],
           parts: _Parts) -> int:
    """Warships while the enemy fleet in reach of this side's home waters outweighs ours."""
    view = turn.view
    capital = turn.board.capitals[nation]
    homes = view.coastal_zones(capital)
    if not homes:
        return 0
    mine = [u for u in turn.state.units.values()
            if view.mine(u.owner) and (is_sea(u.type) or (is_air(u.type) and u.carried_by))
            and u.type is not U.TRANSPORT]
    theirs = [u for u in turn.enemies
              if (is_sea(u.type) or (is_air(u.type) and u.carried_by is not None))
              and u.type is not U.TRANSPORT
              and min(view.sea_distance(u.space, h) for h in homes) <= 2 * FLEET_REACH]
    need = _fleet_strength(theirs) * FLEET_MARGIN.get(nation, 1.0) - _fleet_strength(mine)
    parts.fleet_gap = max(need, 0.0)
    spent = 0
    carriers_room = sum(2 for u in mine if u.type is U.CARRIER and u.owner is nation) - sum(
        1 for u in mine if u.type is U.FIGHTER and u.owner is nation)
    cycle = [U.DESTROYER, U.SUBMARINE, U.CARRIER, U.FIGHTER, U.FIGHTER, U.BATTLESHIP]
    i = 0
    while need > 0 and budget - spent >= _cost(U.SUBMARINE):
        wanted = cycle[i % len(cycle)]
        i += 1
        if wanted is U.FIGHTER and carriers_room <= 0:
            continue
        if _cost(wanted) > budget - spent:
            wanted = U.SUBMARINE
        bought[wanted] += 1
        spent += _cost(wanted)
        if wanted is U.CARRIER:
            carriers_room += 2
        if wanted is U.FIGHTER:
            carriers_room -= 1
        probe = _fake(nation, wanted, "", 1)
        need -= _fleet_strength(probe)
        if i > 30:
            break
    return spent


def _raiders(turn: Turn, nation: Nation, budget: int, bought: Counter[UnitType]) -> int:
    """Submarines for the convoy routes whose capture lowers Japan's income
    (`strategy.convoy_goals`): one for each such route beyond the submarines the United States
    has, at most `RAIDERS_A_TURN`. A submarine takes a route it enters empty (R-CONVOY-3) or
    stays on (R-CONVOY-4), and only a surviving warship of Japan's takes it back (R-CONVOY-6):
    aircraft cannot hit it without a destroyer (R-SUB-5). Returns the cost."""
    if not turn.level.convoy_goals or nation is not Nation.USA:
        return 0
    routes = len(convoy_goals(turn))
    have = sum(1 for u in turn.state.units.values() if u.owner is nation
               and u.type is U.SUBMARINE)
    wanted = min(routes + RAIDERS_SPARE - have, RAIDERS_A_TURN, budget // _cost(U.SUBMARINE))
    if wanted <= 0:
        return 0
    bought[U.SUBMARINE] += wanted
    return wanted * _cost(U.SUBMARINE)


def _transports(turn: Turn, nation: Nation, capital: str, budget: int,
                bought: Counter[UnitType], parts: _Parts) -> int:
    """Transports while land units near the capital's coast wait for a ride (two each)."""
    view = turn.view
    homes = view.coastal_zones(capital)
    if not homes:
        return 0
    waiting = [u for u in turn.state.units.values()
               if u.owner is nation and is_land(u.type) and u.carried_by is None
               and u.type is not U.AA_GUN
               and (u.space == capital or any(
                   z in turn.board.neighbours[u.space] for z in homes))]
    defenders_kept = 4 if nation is not Nation.USA else 0
    if turn.level.careful:
        # What the capital does not need waits for a ride, whatever its number.
        defenders_kept = len(waiting) - len(turn.surplus(capital))
    riders = max(0, len(waiting) - defenders_kept) + 2 * bought[U.INFANTRY]
    parts.riders = riders
    ships = [u for u in turn.state.units.values() if u.owner is nation
             and u.type is U.TRANSPORT
             and min(view.sea_distance(u.space, h) for h in homes) <= 2
             and not (_sea_only(turn, capital) and turn.state.cargo_of(u.id))]
    need = riders // 2 - len(ships)
    limit = 3 if nation is Nation.USA else 2
    if turn.level.careful:
        limit += 1
    spent = 0
    while need > 0 and limit > 0 and budget - spent >= _cost(U.TRANSPORT) + _cost(U.INFANTRY):
        bought[U.TRANSPORT] += 1
        spent += _cost(U.TRANSPORT)
        need -= 1
        limit -= 1
    return spent


def _land(turn: Turn, nation: Nation, budget: int, bought: Counter[UnitType]) -> int:
    """Land units (and a fighter now and then) with what is left; returns the cost."""
    start = budget
    ratio: tuple[UnitType, ...] = (U.INFANTRY, U.INFANTRY, U.ARTILLERY)
    if nation is Nation.USA:
        ratio = (U.INFANTRY, U.ARTILLERY, U.MARINE, U.INFANTRY)
    i = 0
    while budget >= _cost(U.INFANTRY):
        if budget >= 30 and i % 6 == 5 and nation is not Nation.AUSTRALIA:
            wanted = U.FIGHTER
        elif budget >= 25 and i % 8 == 7:
            wanted = U.ARMOR
        else:
            wanted = ratio[i % len(ratio)]
        if _cost(wanted) > budget:
            wanted = U.INFANTRY
        bought[wanted] += 1
        budget -= _cost(wanted)
        i += 1
    return start - budget


# ---- placement ----

def choose_placement(turn: Turn, listed: list[Action]) -> Action | None:
    """The best of the listed placements: land and air units where the danger is greatest,
    else nearest the enemy; ships with the rest of the fleet, else nearest the enemy."""
    places = [a for a in listed if isinstance(a, Place)]
    if not places:
        return None
    view = turn.view
    enemy_land = view.enemy_territories()
    enemy_ships = [u for u in turn.enemies if is_sea(u.type)]

    def front(space: str) -> int:
        if turn.board.is_land(space):
            return min((view.land_distance(space, t) for t in enemy_land), default=99)
        return min((view.sea_distance(space, u.space) for u in enemy_ships), default=99)

    danger: dict[str, float] = {}
    zones: dict[Nation, str | None] = {}

    def together(nation: Nation) -> str | None:
        if nation not in zones:
            zones[nation] = placement_zone(turn, nation, (
                a.space for a in places if a.nation is nation and is_sea(a.unit_type)))
        return zones[nation]

    def score(action: Place) -> tuple[float, ...]:
        space = action.space
        if is_sea(action.unit_type):
            fleet = sum(1 for u in view.friends_at(space) if is_sea(u.type))
            sunk = 0.0
            if turn.level.careful:
                # New ships placed where the enemy sinks them at once are thrown away: all the
                # ships still to place go together where they hold (`fleet.placement_zone`).
                sunk = float(space != together(action.nation))
            return (-sunk, float(fleet), -float(front(space)), float(action.count))
        if space not in danger:
            danger[space] = turn.danger(space, exact=False)
        return (0.0, danger[space], -float(front(space)), float(action.count))

    # China's whole allotment at once; otherwise the best single unit.
    return max(places, key=lambda a: (score(a), a.space))
