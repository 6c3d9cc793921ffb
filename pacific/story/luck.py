"""The luck meter: every battle of a game's log against what its dice and its odds promised.

Two measures, both read from the history's records (the dice come in `DiceRolled` events,
whether rolled by the program or typed in at the table: they count the same):

- **Hits.** Each group of dice rolled at one value hits with probability ``hit_on / 6``
  (R-COMBAT-5), so a group of ``n`` dice expects ``n * hit_on / 6`` hits. Luck in hits is the
  hits rolled minus that, step by step; summed over a battle, a side, a power, the game.
- **The result.** Before the first roll the exact odds (`pacific.odds`, through
  `pacific.story.odds_of`: the battle board's model of a land or naval battle, the assault
  model of an amphibious assault, the raid model of a strategic bombing raid) give the
  attacker's chance to win and the IPC each side can expect to lose (units at cost, cargo
  included, R-NAVAL-2; a raid's defender also pays the bombs' damage, R-SBR-4). The battle is
  given the conduct its log shows: the attacker retreated after the rounds it fought,
  submarines submerged (R-SUB-6). The result is told against them ("the attacker won a 23%
  battle"), and luck in IPC is the IPC a side was expected to lose minus what it lost:
  positive is lucky. The odds take the cheapest casualties first, so a side that chose
  dearer casualties counts them as bad luck.

A landing called off gives no IPC luck (nobody fought), nor a lone kamikaze attack (R-KAMI-4;
the calculator has no model of it): their dice count in hits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, cast

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board_map import BoardMap
from pacific.rules.combat.events import (
    BattleEnded,
    BattleStarted,
    BombingDamage,
    UnitsLost,
    UnitsSubmerged,
)
from pacific.rules.events import FIRED_AT, DiceLabel, DiceRolled, corrected_hits, firing_side
from pacific.rules.history import Record
from pacific.rules.nations import Nation, Power, power_of
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.story.odds_of import Conduct, exact_odds

if TYPE_CHECKING:
    # The odds (and numpy) are imported when a battle's odds are first asked: the window
    # starts without them.
    from pacific.odds import OddsResult, SbrResult
    from pacific.rules.editing.events import HitsEdited

Side = Literal["attacker", "defender"]
SIDES: tuple[Side, Side] = ("attacker", "defender")


# Outcomes of `BattleEnded` (R-LAND-4, R-NAVAL-4): who won.
ATTACKER_WON = "C"
ATTACKER_FAILED = "B"
ATTACKER_RETREATED = "A"
BOTH_WIPED_OUT = "D"
STALEMATE = "E"
RAID_OVER = "R"
# Nobody fought: a landing called off (R-AMPH-1).
LANDING_CALLED_OFF = "X"
_NO_IPC_LUCK = frozenset({LANDING_CALLED_OFF})


@dataclass(frozen=True)
class Roll:
    """One group of dice rolled at one value: who rolled them, how many hit, how many hits
    they promised. ``side`` is None outside a battle (AA fire at aircraft flying over,
    R-AAFLY-1)."""

    power: Power
    side: Side | None
    dice: int
    hit_on: int
    hits: int
    typed_in: bool

    @property
    def expected(self) -> float:
        """The hits these dice promise: each hits on ``hit_on`` or less (R-COMBAT-5)."""
        return self.dice * max(0, min(self.hit_on, 6)) / 6


@dataclass(frozen=True)
class BattleLuck:
    """One battle of the log: its dice, its result, and its odds before the first roll.

    ``start`` and ``end`` are the indexes of the records that began and ended it; ``odds``
    is None when the calculator has no model of it (a lone kamikaze attack), and for a raid,
    whose odds are ``raid``."""

    start: int
    end: int
    round: int
    space: str
    kind: BattleKind
    amphibious: bool
    attacker: Power
    defenders: tuple[Power, ...]
    outcome: str
    rolls: tuple[Roll, ...]
    odds: OddsResult | None
    # IPC lost (units at cost) by power and by side.
    lost_by_power: dict[Power, int]
    lost: dict[Side, int]
    # Each defending power's share of the defence's value at the start: the defence's
    # expected loss is shared out by it.
    defender_shares: dict[Power, float] = field(default_factory=dict)
    # Submarines submerged (R-SUB-6); the odds were those of submarines submerging when alone.
    submerged: bool = False
    raid: SbrResult | None = None
    paid: int = 0   # IPC the raid's bombs cost the defender (R-SBR-4), in ``lost``
    # Each side's main nation by the value of its units at the start: the nation a line
    # about the battle names. China's units are played by the United States power
    # (R-CHINA-1), yet a battle they fought alone is China's.
    nations: dict[Side, Nation] = field(default_factory=dict)
    # A retreat's nations, those whose units left (`BattleEnded.retreated_by`).
    retreated_by: tuple[Nation, ...] = ()

    def hits(self, side: Side) -> int:
        return sum(r.hits for r in self.rolls if r.side == side)

    def expected_hits(self, side: Side) -> float:
        return sum(r.expected for r in self.rolls if r.side == side)

    @property
    def win_chance(self) -> float | None:
        """The attacker's chance to win (the defender wiped out, an attacker left) before the
        first roll."""
        return None if self.odds is None else self.odds.attacker_wins

    @property
    def outcome_chance(self) -> float | None:
        """How likely the result that happened was, before the first roll (None when the
        odds do not model it: a retreat, a landing called off)."""
        if self.odds is None:
            return None
        return {ATTACKER_WON: self.odds.attacker_wins, ATTACKER_FAILED: self.odds.defender_wins,
                BOTH_WIPED_OUT: self.odds.both_destroyed, STALEMATE: self.odds.stalemate,
                ATTACKER_RETREATED: self.odds.retreat}.get(self.outcome)

    def expected_lost(self, side: Side) -> float | None:
        """The IPC ``side`` could expect to lose, or None when the battle gives no IPC luck."""
        if self.outcome in _NO_IPC_LUCK:
            return None
        if self.raid is not None:
            if side == "attacker":
                return (self.raid.expected_bombers_lost * unit_cost(UnitType.BOMBER)
                        + self.raid.expected_escorts_lost * unit_cost(UnitType.FIGHTER))
            return (self.raid.expected_interceptors_lost * unit_cost(UnitType.FIGHTER)
                    + self.raid.expected_ipc_lost)
        if self.odds is None:
            return None
        return self.odds.attacker_ipc_lost if side == "attacker" else \
            self.odds.defender_ipc_lost

    def ipc_luck(self, side: Side) -> float | None:
        """Expected IPC lost minus IPC lost: positive when ``side`` lost less than expected."""
        expected = self.expected_lost(side)
        return None if expected is None else expected - self.lost[side]

    def won_by(self, power: Power) -> bool | None:
        """Whether ``power`` won this battle (None: neither won nor lost, or not in it)."""
        attacking = power is self.attacker
        if not attacking and power not in self.defenders:
            return None
        if self.outcome == ATTACKER_WON:
            return attacking
        if self.outcome in (ATTACKER_FAILED, ATTACKER_RETREATED):
            return not attacking
        if self.outcome == BOTH_WIPED_OUT:
            return False
        return None


@dataclass
class PowerLuck:
    """One power's luck over a game."""

    power: Power
    dice: int = 0
    typed_in: int = 0
    hits: int = 0
    expected_hits: float = 0.0
    ipc_lost: int = 0            # in battles with IPC luck only
    expected_ipc_lost: float = 0.0
    battles_won: int = 0
    battles_lost: int = 0

    @property
    def hit_luck(self) -> float:
        return self.hits - self.expected_hits

    @property
    def ipc_luck(self) -> float:
        """IPC lost less than expected (positive: lucky)."""
        return self.expected_ipc_lost - self.ipc_lost


def unit_cost(unit_type: UnitType) -> int:
    return UNIT_SPECS[unit_type].cost


def _roller(label: DiceLabel | None, before: GameState) -> Power | None:
    """The power whose units threw these dice: the units' owner, or for AA fire the owner of
    the territory its gun stands in (the label names the aircraft fired at), or Japan for
    kamikazes (R-KAMI-1)."""
    if label is None:
        return None
    if label.kind == "kamikaze":
        return Power.JAPAN
    if label.kind in FIRED_AT:
        owner = before.territory_owner.get(label.space)
        return power_of(owner) if owner is not None else None
    return power_of(label.units[0].nation) if label.units else None


def _record_before(records: Sequence[Record], initial: GameState, index: int) -> GameState:
    return records[index - 1].state if index else initial


def _battle_of(state: GameState, started: BattleStarted) -> Battle | None:
    for battle in state.battles:
        if battle.space == started.space and battle.status != "over" and (
                started.battle_kind is None or battle.kind is started.battle_kind):
            return battle
    return None


_READ = (DiceRolled, BattleStarted, BattleEnded, UnitsLost, UnitsSubmerged)
# A roll corrected in edit mode (`HitsEdited`, of the edits' area: read by its kind).
_HITS_EDITED = "hits_edited"

Odds = Callable[[BoardMap, GameState, Battle, Conduct], "OddsResult | SbrResult | None"]


@dataclass
class _Open:
    start: int
    started: BattleStarted
    battle: Battle | None
    state: GameState
    rolls: list[Roll] = field(default_factory=list)
    lost: dict[Power, int] = field(default_factory=dict)
    lost_sides: dict[Side, int] = field(default_factory=lambda: {"attacker": 0,
                                                                 "defender": 0})
    submerged: bool = False
    # The position before the battle's first roll (an assault has landed, a raid's
    # interceptors are up), and what its dice tell of how it was fought.
    first_roll: GameState | None = None
    submerged_sides: set[Side] = field(default_factory=set)
    bombard: Counter[UnitType] = field(default_factory=Counter)
    raid_aa_fire: bool = False
    paid: int = 0


def _shares(state: GameState, battle: Battle | None) -> dict[Power, float]:
    if battle is None:
        return {}
    value: dict[Power, int] = {}
    for unit_id in battle.defenders:
        unit = state.units.get(unit_id)
        if unit is not None:
            power = power_of(unit.owner)
            value[power] = value.get(power, 0) + unit_cost(unit.type)
    total = sum(value.values())
    return {p: v / total for p, v in value.items()} if total else {}


def _main_nations(state: GameState, battle: Battle | None) -> dict[Side, Nation]:
    """Each side's nation with the most value in ``battle`` at its start (the first in
    nation order on a tie)."""
    if battle is None:
        return {}
    out: dict[Side, Nation] = {}
    sides: tuple[tuple[Side, list[int]], ...] = (("attacker", battle.attackers),
                                                  ("defender", battle.defenders))
    for side, unit_ids in sides:
        value: dict[Nation, int] = {}
        for unit_id in unit_ids:
            unit = state.units.get(unit_id)
            if unit is not None:
                value[unit.owner] = value.get(unit.owner, 0) + unit_cost(unit.type)
        if value:
            out[side] = max(value, key=lambda n: (value[n], -list(Nation).index(n)))
    return out


def read_battles(board: BoardMap, initial: GameState, records: Sequence[Record],
                 odds: Odds = exact_odds) -> tuple[list[BattleLuck], list[Roll]]:
    """Every battle of ``records`` (in the order fought) and the dice rolled outside battles
    (AA fire at aircraft flying over). ``odds`` gives a battle's odds from the position before
    its first roll (the exact odds by default; tests may pass a stand-in)."""
    battles: list[BattleLuck] = []
    loose: list[Roll] = []
    current: _Open | None = None
    for index, record in enumerate(records):
        events = record.events
        if not any(isinstance(e, _READ) or e.kind == _HITS_EDITED for e in events):
            continue
        before = _record_before(records, initial, index)
        for event in events:
            if isinstance(event, BattleStarted):
                battle = _battle_of(before, event)
                current = _Open(start=index, started=event, battle=battle, state=before)
            elif isinstance(event, DiceRolled):
                if current is not None:
                    _conduct_of_roll(current, event, before)
                roll = _roll(event, before, current)
                if roll is None:
                    continue
                if current is not None and roll.side is not None:
                    current.rolls.append(roll)
                else:
                    loose.append(roll)
            elif isinstance(event, UnitsSubmerged) and current is not None:
                current.submerged = True
                attacker = current.started.attacker or current.state.power
                current.submerged_sides.update(
                    "attacker" if _same_side(power_of(before.units[u].owner), attacker)
                    else "defender" for u in event.units if u in before.units)
            elif event.kind == _HITS_EDITED and current is not None:
                _correct(current, cast("HitsEdited", event))
            elif isinstance(event, BombingDamage) and current is not None:
                current.paid += event.paid
            elif isinstance(event, UnitsLost) and current is not None:
                _count_losses(current, event)
            elif isinstance(event, BattleEnded) and current is not None:
                battles.append(_close(board, current, event, index, odds, before))
                current = None
    return battles, loose


def _correct(current: _Open, edit: HitsEdited) -> None:
    """A mistyped die corrected while the battle waited for casualties: the rolls thrown at
    the side count the hits it takes, not the dice typed."""
    fired = [i for i, roll in enumerate(current.rolls)
             if roll.side is not None and roll.side != edit.side]
    hits = corrected_hits([current.rolls[i].hits for i in fired],
                          [current.rolls[i].dice for i in fired], edit.old, edit.new)
    for i, count in zip(fired, hits, strict=True):
        current.rolls[i] = replace(current.rolls[i], hits=count)


def _conduct_of_roll(current: _Open, event: DiceRolled, before: GameState) -> None:
    if current.first_roll is None:
        current.first_roll = before
    label = event.label
    if label is None:
        return
    if label.kind == "cover_fire":   # the ships that gave it (R-AMPH-6)
        for counted in label.units:
            current.bombard[counted.unit_type] += counted.count
    elif label.kind == "raid_aa_fire":
        current.raid_aa_fire = True


def _roll(event: DiceRolled, before: GameState, current: _Open | None) -> Roll | None:
    if event.hit_on is None or event.hits is None:
        return None   # bombing damage: no hits to count (R-SBR-4)
    label = event.label
    power = _roller(label, before)
    if power is None or label is None:
        return None
    side: Side | None = None
    if current is not None and label.kind != "flyover_aa_fire":
        attacker = current.started.attacker or current.state.power
        side = firing_side(label, attacker)
    return Roll(power=power, side=side, dice=len(event.values), hit_on=event.hit_on,
                hits=event.hits, typed_in=event.typed_in)


def _count_losses(current: _Open, event: UnitsLost) -> None:
    attacker = current.started.attacker or current.state.power
    for counted in event.lost:
        power = power_of(counted.nation)
        cost = unit_cost(counted.unit_type) * counted.count
        current.lost[power] = current.lost.get(power, 0) + cost
        side: Side = "attacker" if _same_side(power, attacker) else "defender"
        current.lost_sides[side] += cost


def _same_side(power: Power, other: Power) -> bool:
    return (power is Power.JAPAN) == (other is Power.JAPAN)


def _close(board: BoardMap, current: _Open, ended: BattleEnded, end: int,
           odds: Odds, before: GameState) -> BattleLuck:
    started, battle, state = current.started, current.battle, current.state
    attacker = started.attacker or state.power
    result: OddsResult | SbrResult | None = None
    if battle is not None:
        # An assault and a raid are modelled from the position before their first roll (the
        # landing made, the interceptors up); a battle from its start, as the board shows it.
        at = current.first_roll if current.first_roll is not None and (
            battle.assault is not None or battle.kind is BattleKind.RAID) else state
        fought = next((b for b in at.battles if b.id == battle.id), battle)
        result = odds(board, at, fought, _conduct(current, ended, before))
    raided = battle is not None and battle.kind is BattleKind.RAID
    from_odds = None if raided else cast("OddsResult | None", result)
    raid = cast("SbrResult | None", result) if raided else None
    if current.paid:
        defender = state.territory_owner.get(started.space)
        if defender is not None:
            power = power_of(defender)
            current.lost[power] = current.lost.get(power, 0) + current.paid
            current.lost_sides["defender"] += current.paid
    shares = _shares(state, battle)
    nations = _main_nations(state, battle)
    defenders = tuple(shares) or tuple(
        p for p in Power if not _same_side(p, attacker) and p in current.lost)
    kind = started.battle_kind or (battle.kind if battle is not None else BattleKind.LAND)
    return BattleLuck(start=current.start, end=end, round=state.round, space=started.space,
                      kind=kind, amphibious=started.amphibious, attacker=attacker,
                      defenders=defenders or _enemies(attacker), outcome=ended.outcome,
                      rolls=tuple(current.rolls), odds=from_odds,
                      lost_by_power=dict(current.lost), lost=dict(current.lost_sides),
                      defender_shares=shares, submerged=current.submerged, nations=nations,
                      retreated_by=ended.retreated_by,
                      raid=raid, paid=current.paid)


def _conduct(current: _Open, ended: BattleEnded, before: GameState) -> Conduct:
    """How the battle was fought: the rounds before a retreat (counted on the battle in the
    position before the record that ended it), the sides whose submarines submerged."""
    retreat_after = None
    if ended.outcome == ATTACKER_RETREATED:
        fought = next((b for b in before.battles if b.space == ended.space
                       and b.status != "over"), None)
        retreat_after = max(1, fought.round) if fought is not None else None
    return Conduct(retreat_after=retreat_after,
                   attacker_submerged="attacker" in current.submerged_sides,
                   defender_submerged="defender" in current.submerged_sides,
                   bombard=dict(current.bombard), raid_aa_fire=current.raid_aa_fire)


def _enemies(power: Power) -> tuple[Power, ...]:
    return tuple(p for p in Power if not _same_side(p, power))


def power_luck(battles: Iterable[BattleLuck], loose: Iterable[Roll]) -> dict[Power, PowerLuck]:
    """Every power's luck over ``battles`` and the dice rolled outside them."""
    luck = {p: PowerLuck(p) for p in Power}
    for battle in battles:
        for roll in battle.rolls:
            _add_roll(luck[roll.power], roll)
        for power in (battle.attacker, *battle.defenders):
            won = battle.won_by(power)
            if won is True:
                luck[power].battles_won += 1
            elif won is False:
                luck[power].battles_lost += 1
        _add_ipc(luck, battle)
    for roll in loose:
        _add_roll(luck[roll.power], roll)
    return luck


def _add_roll(luck: PowerLuck, roll: Roll) -> None:
    luck.dice += roll.dice
    luck.typed_in += roll.dice if roll.typed_in else 0
    luck.hits += roll.hits
    luck.expected_hits += roll.expected


def _add_ipc(luck: dict[Power, PowerLuck], battle: BattleLuck) -> None:
    expected = battle.expected_lost("attacker")
    if expected is None:
        return
    attacker = luck[battle.attacker]
    attacker.expected_ipc_lost += expected
    attacker.ipc_lost += battle.lost["attacker"]
    defence = battle.expected_lost("defender") or 0.0
    shares = battle.defender_shares or {p: 1 / len(battle.defenders)
                                        for p in battle.defenders}
    for power, share in shares.items():
        luck[power].expected_ipc_lost += defence * share
        luck[power].ipc_lost += battle.lost_by_power.get(power, 0)


def kamikaze_rolls(initial: GameState, records: Sequence[Record], index: int
                   ) -> list[tuple[str, Roll]]:
    """The kamikaze dice record ``index`` threw, with their sea zone. A lone kamikaze attack
    (R-KAMI-4) is no battle of the log and has no odds: each kamikaze hits its own declared
    target on 2, with no casualty choice and no rounds (R-KAMI-6), which the calculator does
    not model; its luck is in hits only."""
    before = _record_before(records, initial, index)
    out = []
    for event in records[index].events:
        if isinstance(event, DiceRolled) and event.label is not None and \
                event.label.kind == "kamikaze":
            roll = _roll(event, before, None)
            if roll is not None:
                out.append((event.label.space, roll))
    return out


def read_battle(board: BoardMap, initial: GameState, records: Sequence[Record], end: int,
                odds: Odds = exact_odds) -> BattleLuck | None:
    """The battle that record ``end`` ended (the last one, if it ended several), read from
    the record that began it (its ``start`` and ``end`` then count from that record); None
    when that record ends no battle or its start is not in ``records``."""
    ended = [e for e in records[end].events if isinstance(e, BattleEnded)]
    if not ended:
        return None
    for start in range(end, -1, -1):
        if any(isinstance(e, BattleStarted) and e.space == ended[-1].space
               for e in records[start].events):
            before = _record_before(records, initial, start)
            battles, _loose = read_battles(board, before, records[start:end + 1], odds)
            return battles[-1] if battles else None
    return None
