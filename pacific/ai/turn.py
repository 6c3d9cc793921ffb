"""What every part of the planner shares during one phase: the engine, the position, the level,
the odds judge, a memory of what does not change during the phase (the enemy's reach, the
worth of spaces), and the question asked most: how dangerous is a space?"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, partial

from pacific.ai.judge import Judge, rough_win, value
from pacific.ai.levels import Level
from pacific.ai.threats import attackers_of, enemy_units, screen
from pacific.ai.values import Economy
from pacific.ai.view import View, moved, side_of_power
from pacific.odds import BattleSpec
from pacific.odds.positions import attack_spec, defenders_at
from pacific.rules.board_map import BoardMap
from pacific.rules.engine import Game
from pacific.rules.nations import POWER_NATIONS, Nation, Power, Side, power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, can_capture, is_land

# A capital's surplus is counted beyond what holds it at least this likely.
SURPLUS_SAFETY = 0.8
# Outside this band of rough odds the exact odds are not worth asking.
SURE = 0.03
# Exact odds computed for threats in one phase, at most: past it the strength estimate answers
# (a count, not a time, so that a game stays the same for a given seed on any machine).
THREAT_BUDGET = 40
# A territory printed at this many IPC or more is worth a guard even while a cut convoy route
# withholds its income.
GUARD_IPC = 2
# The powers whose careful purchase counts the warships that will screen their capital's coast
# (`Turn.screens`): the United States, whose fleet comes home while Japan's transports stand
# off the American coast. India's and Australia's purchases keep the infantry: measured on an
# earlier form of the screen, counting theirs too made the Allies no stronger (docs/ai-journal.md).
SCREENING_POWERS = (Power.US,)
# A coastal zone is screened where the enemy wins the naval battle there below these odds
# (the strength estimate, then the exact odds): its transports must win it before they land
# (R-AMPH-6). Measured: at the fleet's own safety (0.25) almost no screen was ever counted.
SCREEN_ODDS = 0.5


@dataclass(frozen=True)
class Threat:
    """The enemy's best answer at a space: P(it takes the space, or wins at sea) and what the
    fight would cost this side net of what it costs the enemy (IPC, expected)."""

    chance: float
    net_loss: float

    @classmethod
    def none(cls) -> Threat:
        return cls(0.0, 0.0)


@dataclass
class Memory:
    """What stays true for a whole phase of the player's own turn: the enemy units do not move,
    so what can reach a space, and what a space is worth, are asked once."""

    key: object = None
    reach: dict[str, list[Unit]] = field(default_factory=dict)
    economy: Economy | None = None
    enemies: list[Unit] | None = None
    exact_left: int = THREAT_BUDGET
    # What the purchase counted as the screen of its capital's coast (`Turn.screens`), for the
    # whole of that power's turn: (round, power), and each screened zone with its warships.
    # The movement phases keep those warships there (`noncombat.KeepScreen`).
    screened: tuple[object, dict[str, tuple[int, ...]]] = (None, {})
    # Where the enemy's aircraft base in its next turn (`forecast.japan_rebased`), for one
    # phase: the phase's key, and that position by the zone and units of the force placed.
    forecast: tuple[object, dict[tuple[str, frozenset[int]], GameState]] = field(
        default_factory=lambda: (None, {}))
    # The position at the end of the phase, played on by the planner (`forecast.rest_of_phase`).
    turn_end: tuple[object, GameState | None] = (None, None)

    def reset(self, key: object, budget: int = THREAT_BUDGET) -> None:
        if key != self.key:
            self.key = key
            self.reach.clear()
            self.economy = None
            self.enemies = None
            self.exact_left = budget


@dataclass
class Turn:
    game: Game
    state: GameState
    level: Level
    judge: Judge
    memory: Memory = field(default_factory=Memory)
    # Whether the enemy's answer (`threat`) meets Japan's kamikazes in their zones (R-KAMI-8).
    # The blunder counter's yardstick does; the planner does not: measured, Japan's own
    # safety checks counting them changed a purchase and lost a game against normal
    # (docs/ai.md, "Japan's kamikazes in the odds").
    enemy_kamikazes: bool = False
    # Whether the enemy's flights are priced as the engine prices them, the step between an
    # air base and its sea zone free (R-AIRBASE-1), and a sea battle left to this side's
    # submarines against aircraft counts as its fleet lost (`priced`).
    air_bases: bool = False

    @cached_property
    def view(self) -> View:
        return View(self.game.board, self.state, side_of_power(self.state.power))

    @property
    def economy(self) -> Economy:
        if self.memory.economy is None:
            self.memory.economy = Economy(self.game, self.view, self.state.power,
                                          starve_margin=self.level.starve_margin)
        return self.memory.economy

    @property
    def enemies(self) -> list[Unit]:
        if self.memory.enemies is None:
            self.memory.enemies = enemy_units(self.view)
        return self.memory.enemies

    @property
    def board(self) -> BoardMap:
        return self.game.board

    @property
    def nations(self) -> tuple[Nation, ...]:
        return POWER_NATIONS[self.state.power]

    def at(self, state: GameState) -> Turn:
        """The same player's look at a later position of its turn: the same level, judge and
        memory (the enemy units have not moved since, so what it remembers still holds)."""
        return Turn(self.game, state, self.level, self.judge, self.memory)

    def priced(self) -> Turn:
        """The same position with the enemy's flights priced with their air bases and a fleet
        sunk but for its submarines counted as lost (`air_bases`): a memory of its own, the
        enemy's reach being another."""
        memory = Memory(exact_left=self.memory.exact_left)
        return Turn(self.game, self.state, self.level, self.judge, memory,
                    enemy_kamikazes=self.enemy_kamikazes, air_bases=True)

    def ours(self, unit: Unit) -> bool:
        """A unit of the power whose turn it is."""
        return power_of(unit.owner) is self.state.power

    def reach(self, space: str) -> list[Unit]:
        """Enemy units that could attack ``space`` next turn (`pacific.ai.threats`)."""
        if space not in self.memory.reach:
            self.memory.reach[space] = attackers_of(self.view, space, self.enemies,
                                                    self._screens_for(space),
                                                    air_bases=self.air_bases)
        return self.memory.reach[space]

    def _screens_for(self, space: str) -> dict[str, tuple[int, ...]]:
        """At the purchase of a power that counts the screen, and only for its capital: the
        capital's coastal zones this power's warships can screen this turn (`threats.screen`,
        at `SCREEN_ODDS`), with the warships counted, remembered for the
        movement phases that must keep them there; else none."""
        if not (self.level.capital_screen and self.state.phase is Phase.PURCHASE
                and self.state.power in SCREENING_POWERS
                and space in {self.board.capitals.get(n) for n in self.nations}):
            return {}
        found = {}
        for zone in self.view.coastal_zones(space):
            ships = screen(self.view, zone, self.enemies, SCREEN_ODDS,
                           partial(self._sails, zone=zone))
            ids = {u.id for u in ships}
            there = [*(u for u in self.my_defenders(zone) if u.id not in ids),
                     *(moved(u, zone) for u in ships)]
            # Confirmed with the exact odds (the estimate misjudges carriers' fighters): a
            # screen the enemy's fleet sinks is no screen, and a fleet lost besides.
            if ships and self.danger(zone, defenders=there) < SCREEN_ODDS:
                found[zone] = tuple(u.id for u in ships if u.carried_by is None)
        # A screen is counted, and its warships kept home, only where it takes a landing out
        # of the threat to a capital its defenders would not clearly hold without it (the
        # strength estimate): the fleet is wanted at the front.
        alone = attackers_of(self.view, space, self.enemies)
        fighting = [u for u in self.my_defenders(space) if u.type is not UnitType.AA_GUN]
        if len(attackers_of(self.view, space, self.enemies, found)) == len(alone) \
                or rough_win(alone, fighting) < 1 - self.level.capital_safety:
            found = {}
        key, kept = self.memory.screened
        if key != (self.state.round, self.state.power):
            kept = {}
        self.memory.screened = ((self.state.round, self.state.power), {**kept, **found})
        return found

    def _sails(self, ship: Unit, zone: str) -> bool:
        return self.can_sail(ship.id, zone)

    def can_sail(self, unit: int, zone: str) -> bool:
        """Whether ``unit`` (this power's ship) is in ``zone`` or can end this turn's
        non-combat movement there, as the engine lets it (enemy ships on the way stop it,
        R-MOVE-7, R-NONCOMBAT-6); asked in the purchase too, as if movement came now."""
        ship = self.state.units.get(unit)
        if ship is None or ship.space == zone:
            return ship is not None
        state = self.state
        if state.phase is Phase.PURCHASE:
            state = state.model_copy(update={"phase": Phase.NONCOMBAT_MOVE})
        target = self.game.drop_targets(state, [unit]).get(zone)
        return target is not None and target.meaning == "move"

    def screens(self) -> dict[str, tuple[int, ...]]:
        """The zones the purchase of this power's turn counted as screened, each with the
        warships it counted there (empty in another power's turn or round)."""
        key, kept = self.memory.screened
        return kept if key == (self.state.round, self.state.power) else {}

    def my_defenders(self, space: str) -> list[Unit]:
        """This side's units that would defend ``space`` (not cargo at sea, never a
        complex)."""
        at_sea = self.board.is_sea(space)
        return [u for u in self.view.friends_at(space)
                if u.type is not UnitType.INDUSTRIAL_COMPLEX
                and not (at_sea and is_land(u.type))]

    def threat(self, space: str, defenders: Iterable[Unit] | None = None,
               extra: Iterable[Unit] = (), exact: bool = True) -> Threat:
        """The enemy's best answer at ``space`` next turn against ``defenders`` (default: this
        side's units there) plus ``extra``, if it sent everything in reach. ``exact=False``
        answers from the strength estimate alone (to rank many places quickly)."""
        attackers = self.reach(space)
        if not attackers:
            return Threat.none()
        mine = [*(self.my_defenders(space) if defenders is None else defenders), *extra]
        land = self.board.is_land(space)
        if not land and self.level.careful:
            # Cargo at sea does not fight: it sinks with its transport (R-TRANS-14). Only the
            # hard level's care leaves it out: measured against hard, a normal Japan with it
            # too won games its former model lost (docs/ai.md, "The blunders read one by one").
            mine = [u for u in mine if not is_land(u.type)]
        if land and not any(can_capture(u.type) for u in attackers):
            return Threat.none()
        fighting = [u for u in mine if u.type is not UnitType.AA_GUN]
        if not fighting:
            return Threat(1.0, float(value(mine)))
        rough = rough_win(attackers, fighting)
        estimate = Threat(rough, rough * value(fighting) - (1 - rough) * 0.3 * value(attackers))
        if not exact or rough < SURE or rough > 1 - SURE:
            return estimate
        spec = attack_spec(self.board, self.state, space, attackers, defenders=mine,
                           kamikazes=self.enemy_kamikazes)
        if spec is None:
            return Threat.none()
        if not self.judge.knows(spec):
            if self.memory.exact_left <= 0:
                return estimate
            self.memory.exact_left -= 1
        result = self.judge.odds(spec)
        chance = result.captured if land else result.attacker_wins
        if not land and self.air_bases \
                and any(u.type is not UnitType.SUBMARINE for u in fighting):
            # A sea battle that ends with only this side's submarines left against the
            # enemy's aircraft (R-NAVAL-4 E, R-SUB-5) has sunk every other ship: the fleet is
            # lost but for its submarines, however safe its odds of "not losing" read.
            chance += result.stalemate
        return Threat(chance, result.defender_ipc_lost - result.attacker_ipc_lost)

    def attack_spec(self, space: str, attackers: Iterable[Unit], *,
                    landing: Iterable[Unit] = (), defenders: Iterable[Unit] | None = None
                    ) -> BattleSpec | None:
        """`positions.attack_spec` of this side's own attack, as this level reads it: the
        kamikazes Japan would throw at an Allied fleet in their zones (R-KAMI-8) are foreseen
        by the careful level only. Measured, a normal Allies that foresaw them too beat the
        hard Japan in a game it had won (docs/ai.md, "Japan's kamikazes in the odds")."""
        return attack_spec(self.board, self.state, space, attackers, landing=landing,
                           defenders=defenders, kamikazes=self.level.careful)

    def danger(self, space: str, defenders: Iterable[Unit] | None = None,
               extra: Iterable[Unit] = (), exact: bool = True) -> float:
        """P(the enemy takes ``space`` next turn, or wins there at sea)."""
        return self.threat(space, defenders, extra, exact).chance

    def importance(self, territory: str) -> float:
        """What losing ``territory`` would cost this side: the production swing and, for a
        capital, the game."""
        enemy = Side.ALLIES if self.view.side is Side.AXIS else Side.AXIS
        return -self.economy.swing(territory, taker=enemy) + self.economy.capital_bonus(
            territory)

    def needs_a_guard(self, territory: str) -> bool:
        """A territory worth something that enemy land units could walk or sail into: one
        defender at least makes the enemy fight for it instead of walking in. Worth something:
        to the production now, or printed at `GUARD_IPC` or more, whose income returns to its
        controller when its convoy route is held again (R-CONVOY-13)."""
        if not self.board.is_land(territory):
            return False
        worth = self.importance(territory) > 0 \
            or self.board.territory_by_id[territory].ipc >= GUARD_IPC
        return worth and any(can_capture(u.type) for u in self.reach(territory))

    def surplus(self, capital: str, extra: Iterable[Unit] = (), own: bool = False
                ) -> list[Unit]:
        """The land units at ``capital`` beyond the fewest that hold it with the level's
        P(hold) (at least `SURPLUS_SAFETY`), the best defenders per IPC counted first;
        ``extra``: units that will defend it too (aircraft on their way home). With ``own``,
        only the power's own land units can be surplus: an ally's there defend it all the
        same but move only in their owner's turn (R-TURN-1, R-TURN-2), so they are counted
        first among those that hold it."""
        land = sorted((u for u in self.my_defenders(capital) if is_land(u.type)
                       and u.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)),
                      key=lambda u: (own and self.ours(u), -_defence_per_ipc(u), u.id))
        others = [*(u for u in self.my_defenders(capital) if u not in land), *extra]
        want = max(self.level.capital_safety, SURPLUS_SAFETY)
        low, high = 0, len(land)
        while low < high:    # the fewest land units that hold
            mid = (low + high) // 2
            if 1 - self.danger(capital, defenders=[*others, *land[:mid]]) >= want:
                high = mid
            else:
                low = mid + 1
        return [u for u in land[low:] if not own or self.ours(u)]

    def defenders(self, space: str) -> list[Unit]:
        """The enemy units that defend ``space`` against the power to act."""
        return defenders_at(self.board, self.state, space, self.state.power)


def _defence_per_ipc(unit: Unit) -> float:
    spec = UNIT_SPECS[unit.type]
    return spec.defense / spec.cost
