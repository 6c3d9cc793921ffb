"""Blunders a person laughs at, counted at the end of a power's turn (when the enemy is about to
move). The computer player's own threat estimate (`Turn.danger`, the enemy sending everything
in reach, judged with the exact odds), read as its priced look reads it (`turn_of`), is the
yardstick, so a count says "the planner could have seen it":

1. ``transports``: loaded transports the enemy attacks at >= 0.8, when a neighbouring zone
   was safer or a warship of their side could have escorted them (one within two zones);
2. ``fleet``: a fleet (two warships or more, or a battleship or a carrier) the enemy attacks
   at >= 0.8;
3. ``walk_in``: a territory worth >= 2 IPC left without a land unit where one enemy land
   unit can walk in, when a land unit of the side stood there or next to it as the turn began
   (next to it: one it could spare, not the last guard of a territory as exposed);
4. ``purchase``: the same purchase four turns in a row while the threats to the power's
   capitals changed;
5. ``idle_capital``: ten or more land units in a capital beyond what its safety needs
   (P(hold) of the hard level), the same units there for three turns or more; the count says
   in how many of those turns the capital was locked in (`locked_in`: no land route to the
   enemy, and the enemy in every zone of its coast), where no decision of those turns could
   have moved them.

`BlunderCounter.observe` follows a game (`pacific.ai.match.play_game`'s ``observe``); the
benchmark `benchmarks/blunders.py` prints the counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from pacific.ai.judge import Judge, value
from pacific.ai.levels import HARD
from pacific.ai.turn import GUARD_IPC, Memory, Turn
from pacific.ai.view import FAR, side_of_power
from pacific.rules.actions import Action
from pacific.rules.actions.economy import Purchase
from pacific.rules.engine import Game
from pacific.rules.events import Event
from pacific.rules.nations import POWER_NATIONS, Power, Side
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, can_capture, is_air, is_land, is_warship

U = UnitType
CLASSES = ("transports", "fleet", "walk_in", "purchase", "idle_capital")
LOST = 0.8
WORTH_GUARDING = GUARD_IPC
SAME_PURCHASES = 4
IDLE_UNITS = 10
IDLE_TURNS = 3


@dataclass(frozen=True)
class Blunder:
    kind: str
    power: Power
    round: int
    where: str
    detail: str = ""


@dataclass
class Seen(Turn):
    """The planner's position (`Turn`) where the enemy's reach counts only aircraft that can
    attack: none goes to battle without a place to land within its remaining movement
    (R-AIR-2), and not in the space fought over (R-AIR-5). The planner's own estimate
    (`pacific.ai.threats`) counts every aircraft within one space less than its movement, which
    errs on the side of caution where it chooses; the blunder classes ask what the enemy can
    attack with. With ``air_bases`` (the counter's look, `turn_of`) both flights, out and to
    the landing, are priced as the engine prices them (`View.flight`)."""

    landing: dict[tuple[int, str], bool] = field(default_factory=dict)

    def reach(self, space: str) -> list[Unit]:
        return [u for u in super().reach(space) if not is_air(u.type) or self.lands(u, space)]

    def lands(self, aircraft: Unit, space: str) -> bool:
        """Whether ``aircraft`` (the enemy's) attacking ``space`` has somewhere to land after:
        a territory of its side within its remaining movement, or for a fighter a carrier of
        its side that can sail to a zone within it (R-AIR-3: a carrier may move to meet it,
        R-CARRIER-1). Carriers' room is not counted: an estimate on the enemy's side."""
        key = (aircraft.id, space)
        if key not in self.landing:
            self.landing[key] = self._lands(aircraft, space)
        return self.landing[key]

    def _lands(self, aircraft: Unit, space: str) -> bool:
        view, board, owner = self.view, self.board, aircraft.owner
        # Priced (`air_bases`), the step between an air base of the aircraft's side and its
        # sea zone costs nothing (R-AIRBASE-1): a flight with no move left over a zone still
        # lands on that air base's territory.
        left = UNIT_SPECS[aircraft.type].move \
            - view.flight(owner, aircraft.space, space, priced=self.air_bases)
        if left < 0:
            return False
        places = [p for p in board.neighbours if p != space
                  and view.flight(owner, space, p, priced=self.air_bases) <= left]
        if any(board.is_land(p) and view.enemy(view.owner(p)) for p in places):
            return True
        if aircraft.type is not U.FIGHTER:
            return False     # bombers land only in territories (R-AIR-7)
        decks = [u.space for u in self.state.units.values() if u.type is U.CARRIER
                 and view.enemy(u.owner) and board.is_sea(u.space)]
        sail = UNIT_SPECS[U.CARRIER].move
        return any(board.is_sea(p) and view.sea_distance(deck, p) <= sail
                   for p in places for deck in decks)


def turn_of(game: Game, state: GameState, power: Power, judge: Judge) -> Turn:
    """The position seen by ``power`` as if it were to move (its enemy moves next), with the
    enemy's reach as the rules let it attack (`Seen`) seen as the planner's priced look sees
    it (`Turn.priced`: flights priced as the engine prices them, a sea battle left to this
    side's submarines counted as its fleet lost), and the kamikazes Japan would throw at an
    Allied attack in their zones (R-KAMI-8)."""
    return Seen(game, state.model_copy(update={"power": power}), HARD, judge,
                enemy_kamikazes=True, air_bases=True)


# The powers whose careful planner reads the counter's own look (`counter_look`) where it
# places its main fleet and loaded transports (`fleet.priced_zone`): the United Kingdom,
# whose Indian Ocean force and cargo sailed where the hop count read them safe and Japan's
# fighters reached them over their island air bases (R-AIRBASE-1). Measured (docs/ai-journal.md):
# every aircraft in reach (`Turn.priced`) kept the force so far back that the hard Allies
# lost four more games against normal Japan; the American task forces are another reading.
COUNTER_LOOK_POWERS = (Power.UK,)


def counter_look(turn: Turn) -> Turn:
    """``turn``'s position seen as the counter sees it (`turn_of`): the flights priced, only
    the aircraft that have somewhere to land after the battle (R-AIR-2), Japan's kamikazes
    (R-KAMI-8); a memory of its own, with what is left of the exact odds' budget."""
    return Seen(turn.game, turn.state, turn.level, turn.judge,
                Memory(exact_left=turn.memory.exact_left), enemy_kamikazes=True,
                air_bases=True)


def _warships(turn: Turn, zone: str) -> list[Unit]:
    return [u for u in turn.my_defenders(zone) if is_warship(u.type)]


def is_fleet(units: list[Unit]) -> bool:
    """Whether ``units`` hold what class 2 calls a fleet: two warships or more, or a
    battleship or a carrier."""
    ships = [u for u in units if is_warship(u.type)]
    return len(ships) >= 2 or any(u.type in (U.BATTLESHIP, U.CARRIER) for u in ships)


def transports_at_risk(turn: Turn) -> list[Blunder]:
    """Class 1 at the position of ``turn``: loaded transports in a zone the enemy wins at
    >= 0.8, with a safer neighbouring zone or an escort within two zones."""
    out = []
    view, board, state = turn.view, turn.board, turn.state
    zones = sorted({u.space for u in state.units.values() if turn.ours(u)
                    and u.type is U.TRANSPORT and state.cargo_of(u.id)})
    for zone in zones:
        chance = turn.danger(zone)
        if chance < LOST:
            continue
        loaded = [u for u in view.friends_at(zone) if turn.ours(u) and u.type is U.TRANSPORT
                  and state.cargo_of(u.id)]
        safer = any(board.is_sea(n) and not view.enemies_at(n)
                    and turn.danger(n, defenders=[*turn.my_defenders(n), *loaded]) < LOST
                    for n in sorted(board.neighbours[zone]))
        escort = any(view.sea_distance(u.space, zone) <= 2 for u in state.units.values()
                     if turn.ours(u) and is_warship(u.type) and u.space != zone
                     and board.is_sea(u.space))
        if safer or escort:
            out.append(Blunder("transports", state.power, state.round, zone,
                               f"{len(loaded)} loaded at {chance:.2f}"))
    return out


def fleets_at_risk(turn: Turn, last: GameState | None = None) -> list[Blunder]:
    """Class 2: fleets the enemy wins against at >= 0.8. With ``last``, the position before
    the turn's last action (the turn's bookkeeping still on the units), the detail says how
    the fleet came to be there (`_how`)."""
    out = []
    zones = sorted({u.space for u in turn.state.units.values() if turn.ours(u)
                    and is_warship(u.type) and turn.board.is_sea(u.space)})
    for zone in zones:
        ships = _warships(turn, zone)
        if not is_fleet(ships):
            continue
        chance = turn.danger(zone)
        if chance >= LOST:
            how = f" ({_how(ships, last)})" if last is not None else ""
            out.append(Blunder("fleet", turn.state.power, turn.state.round, zone,
                               f"{value(ships)} IPC at {chance:.2f}{how}"))
    return out


def _how(ships: list[Unit], last: GameState) -> str:
    """How many of ``ships`` fought this turn (they could not move on, R-NONCOMBAT-2), were
    placed new, sailed there, or stayed: what `benchmarks/blunders.py --list` shows to read
    the cases one by one."""
    counts: Counter[str] = Counter()
    for ship in ships:
        unit = last.units.get(ship.id)
        if unit is None or unit.placed_this_turn:
            counts["new"] += 1
        elif unit.fought:
            counts["fought"] += 1
        elif unit.combat_moved or unit.noncombat_moved:
            counts["sailed"] += 1
        else:
            counts["stayed"] += 1
    return ", ".join(f"{n} {how}" for how, n in sorted(counts.items()))


def open_conquests(turn: Turn, start: GameState) -> list[Blunder]:
    """Class 3: territories worth >= 2 IPC held by this side (captured ones, and, stricter
    than the class asks, its own too: French Indo-China, Japan's at the start, is the
    blunder's first example) left without a land unit where an enemy land unit can walk in,
    when a garrison was at hand: a land unit of this side stood there when the turn began,
    or next to it where it was not the last guard of a territory as exposed (`_spare_guard`)."""
    out = []
    view, board, state = turn.view, turn.board, turn.state
    for territory in sorted(state.territory_owner):
        now = state.territory_owner.get(territory)
        if now is None or not view.mine(now):
            continue
        worth = board.territory_by_id[territory].ipc
        if worth < WORTH_GUARDING:
            continue
        if _guards(view.friends_at(territory)):
            continue
        if not any(can_capture(u.type) for u in turn.reach(territory)):
            continue
        was_there = any(u.space == territory and _at_hand(turn, u) and _guards([u])
                        for u in start.units.values())
        near = sorted(n for n in board.neighbours[territory] if board.is_land(n)
                      and _spare_guard(turn, start, n))
        if was_there or near:
            how = "stood there" if was_there else f"one could come from {', '.join(near)}"
            out.append(Blunder("walk_in", state.power, state.round, territory, how))
    return out


def _spare_guard(turn: Turn, start: GameState, territory: str) -> bool:
    """Whether ``territory`` had a land unit of this side at the turn's start that could have
    walked next door without opening a territory to the same blunder: two there, or one in a
    territory worth less than `WORTH_GUARDING`, or that no enemy land unit can walk into; one
    that went to guard another such territory alone is spent (`_guarding_elsewhere`). The
    last guard of a territory the class counts is no garrison to spare, even for a neighbour
    worth more: moving it moves the walk-in, which the class counts where it
    opens ("stood there"), it does not prevent it."""
    land = [u for u in start.units.values() if u.space == territory
            and _at_hand(turn, u) and _guards([u])
            and not _guarding_elsewhere(turn, u.id, territory)]
    if not land:
        return False
    return len(land) >= 2 or turn.board.territory_by_id[territory].ipc < WORTH_GUARDING \
        or not any(can_capture(u.type) for u in turn.reach(territory))


def _at_hand(turn: Turn, unit: Unit) -> bool:
    """Whether ``unit`` is a garrison the power whose turn ended could have used: its own. An
    allied power's units move only in their owner's turn (R-TURN-1, R-TURN-2: the British
    turn moves India and Australia, the American one the USA and China); that power, which
    moves next, is counted at the end of its own turn."""
    return turn.ours(unit)


def _guarding_elsewhere(turn: Turn, unit_id: int, home: str) -> bool:
    """Whether the unit that began the turn in ``home`` ended it as the only guard of another
    territory the class counts (worth >= `WORTH_GUARDING`, in an enemy land unit's reach):
    a garrison already spent, like a last guard (`_spare_guard`)."""
    unit = turn.state.units.get(unit_id)
    if unit is None or unit.space == home or not turn.board.is_land(unit.space):
        return False
    there = [u for u in turn.view.friends_at(unit.space) if _guards([u])]
    return len(there) == 1 and turn.board.territory_by_id[unit.space].ipc >= WORTH_GUARDING \
        and any(can_capture(u.type) for u in turn.reach(unit.space))


def _guards(units: list[Unit]) -> bool:
    return any(is_land(u.type) and can_capture(u.type) for u in units)


def capital_surplus(turn: Turn) -> dict[str, set[int]]:
    """For each capital of the power with ten land units or more: its own beyond what its
    safety needs (`Turn.surplus` with ``own``). An ally's land units there (China's
    infantry in India) defend it, but the power whose turn ended could not move them: they
    move in their owner's turn (R-TURN-1, R-TURN-2), so they are not its idle units."""
    out: dict[str, set[int]] = {}
    for nation in POWER_NATIONS[turn.state.power]:
        capital = turn.board.capitals.get(nation)
        if capital is None or turn.state.territory_owner.get(capital) is not nation:
            continue
        if sum(1 for u in turn.my_defenders(capital) if is_land(u.type)) >= IDLE_UNITS:
            out[capital] = {u.id for u in turn.surplus(capital, own=True)}
    return out


def locked_in(turn: Turn, capital: str) -> bool:
    """Whether ``capital``'s land units could not leave it: no land route to an enemy
    territory, and the enemy occupies every sea zone of its coast (R-MOVE-7: a transport that
    enters stops there; one placed there meets the enemy's ships in their turn before it can
    sail, R-PLACE-4; a zone whose only enemy units are submerged submarines is not occupied,
    R-MOVE-8). Nothing of the turn could ship them;
    the decisions that count are earlier (the purchase that bought them, the fleet that left
    the coast)."""
    view = turn.view
    if min((view.land_distance(capital, t) for t in view.enemy_territories()),
           default=FAR) < FAR:
        return False
    zones = view.coastal_zones(capital)
    return bool(zones) and all(
        any(not u.submerged for u in view.enemies_at(zone)) for zone in zones)


def threat_signature(turn: Turn) -> tuple[int, ...]:
    """What threatens the power's capitals, in tens of IPC of enemy units in reach."""
    return tuple(value(turn.reach(c)) // 10 for n in POWER_NATIONS[turn.state.power]
                 if (c := turn.board.capitals.get(n)) is not None)


@dataclass
class BlunderCounter:
    """Counts the blunders of a game as it is played (`observe` is `play_game`'s observer)."""

    game: Game
    judge: Judge = field(default_factory=Judge)
    found: list[Blunder] = field(default_factory=list)
    _start: dict[Power, GameState] = field(default_factory=dict)
    _purchases: dict[Power, list[tuple[tuple[str, ...], tuple[int, ...]]]] = field(
        default_factory=dict)
    _bought: dict[Power, list[str]] = field(default_factory=dict)
    _idle: dict[tuple[Power, str], list[set[int]]] = field(default_factory=dict)
    # For each run of `_idle`, whether the capital was `locked_in` at that turn's end.
    _locked: dict[tuple[Power, str], list[bool]] = field(default_factory=dict)

    def observe(self, before: GameState, action: Action, after: GameState,
                events: list[Event]) -> None:
        power = before.power
        if power not in self._start or self._start[power].round != before.round:
            self._start[power] = before
        if isinstance(action, Purchase) and before.power is power:
            self._bought.setdefault(power, []).extend(
                f"{count} {unit.value}" for unit, count in sorted(
                    action.units.items(), key=lambda item: item[0].value))
        if after.winner is None and (after.power is not power or after.round != before.round):
            self.turn_ended(after, power, before)

    def turn_ended(self, state: GameState, power: Power, last: GameState | None = None) -> None:
        """Count ``power``'s turn that ended at ``state`` (the next turn's first position;
        ``last``, the position before the turn's last action). Each count carries the round
        of the turn counted: the last power's turn ends in the next round's first position."""
        turn = turn_of(self.game, state, power, self.judge)
        round_ = last.round if last is not None else state.round
        found = [*transports_at_risk(turn), *fleets_at_risk(turn, last),
                 *open_conquests(turn, self._start.get(power, state))]
        self.found += [replace(b, round=round_) for b in found]
        self.purchased(power, round_, tuple(sorted(self._bought.pop(power, []))),
                       threat_signature(turn))
        surplus = capital_surplus(turn)
        for (owner, capital), runs in self._idle.items():
            if owner is power and capital not in surplus:
                runs.clear()
                self._locked[(owner, capital)].clear()
        for capital, extra in surplus.items():
            runs = self._idle.setdefault((power, capital), [])
            locked = self._locked.setdefault((power, capital), [])
            runs.append(extra)
            locked.append(locked_in(turn, capital))
            idle = set.intersection(*runs[-IDLE_TURNS:])
            if len(runs) >= IDLE_TURNS and len(idle) >= IDLE_UNITS:
                shut = sum(locked[-IDLE_TURNS:])
                self.found.append(Blunder("idle_capital", power, round_, capital,
                                          f"{len(idle)} units, locked in {shut} of "
                                          f"{IDLE_TURNS} turns"))
                runs.clear()
                locked.clear()

    def purchased(self, power: Power, round_: int, bought: tuple[str, ...],
                  threats: tuple[int, ...]) -> None:
        """Class 4: one turn's purchase of ``power`` and the threats it answered."""
        history = self._purchases.setdefault(power, [])
        history.append((bought, threats))
        last = history[-SAME_PURCHASES:]
        if len(last) == SAME_PURCHASES and last[0][0] and len({b for b, _ in last}) == 1 \
                and len({t for _, t in last}) > 1:
            self.found.append(Blunder("purchase", power, round_, "", ", ".join(last[0][0])))
            history.clear()

    def counts(self, side: Side | None = None) -> Counter[str]:
        out: Counter[str] = Counter({kind: 0 for kind in CLASSES})
        for blunder in self.found:
            if side is None or side_of_power(blunder.power) is side:
                out[blunder.kind] += 1
        return out

