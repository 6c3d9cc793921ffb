"""The battle board as the engine answers it, for the GUI, the command line and a computer
player: the rules stay here, never in `pacific.gui`.

- `battle_view`: the current battle as a view model: both sides by unit type with their hit
  values and why each value is what it is, the pending choice, the result in words
  (`battle_result`).
- `current_battle`, `battle_spaces`: the battle being fought; where the player to act fights
  this turn (the map's battle markers).

The choices a battle asks of a side (casualties, a retreat's landings, kamikaze targets) are
answered by `pacific.rules.battle_choices`.

Every answer is a frozen value; nothing here changes a state.

The combat rules are imported by the answers that need them, when a battle is first asked
about: the views' classes are imported by the windows that show them, before any battle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from pacific.rules.battle_records import Battle, BattleKind, BattleStep
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import (
    Decision,
    InterceptChoice,
)
from pacific.rules.errors import N_, Message, Nations, Place, Units
from pacific.rules.nations import POWER_NATIONS, Nation, Power, are_enemies
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_air


@dataclass(frozen=True)
class ValueNote:
    """Why a hit value is what it is: "defends at {value}: Japan's surprise attack". ``text``
    is a message id (extracted for the catalogue), its ``{value}`` the hit
    value; `str()` is the English."""

    rule: str
    text: str
    value: int | None = None

    def __str__(self) -> str:
        return self.text.format(value=self.value)


@dataclass(frozen=True)
class BattleGroup:
    """Units of one type and owner on one side, with the number their dice must not exceed
    (0: they do not roll in the rounds) and the reasons for it."""

    unit_type: UnitType
    owner: Nation
    units: tuple[int, ...]
    hit_on: int
    damaged: int = 0
    notes: tuple[ValueNote, ...] = ()

    @property
    def count(self) -> int:
        return len(self.units)


@dataclass(frozen=True)
class BattleView:
    battle: int
    space: str
    kind: BattleKind
    amphibious: bool
    status: str
    round: int
    step: BattleStep
    attacker: Power
    defender: Power
    attackers: tuple[BattleGroup, ...]
    defenders: tuple[BattleGroup, ...]
    bystanders: tuple[BattleGroup, ...]
    pending: Decision | None
    outcome: str | None
    result: Message | None = None   # once over: the result, a message
    lost: dict[Nation, dict[UnitType, int]] = field(default_factory=dict)
    captured_by: Nation | None = None
    # What the attacker's ships carry into the battle: at stake, never fighting (R-NAVAL-5,
    # R-TRANS-14).
    cargo: tuple[BattleGroup, ...] = ()
    # Japan's kamikaze tokens declared in this battle, one a die (R-KAMI-6, R-KAMI-8).
    kamikaze: int = 0


def current_battle(state: GameState) -> Battle | None:
    """The battle being fought, else the one a pending decision is about, else None."""
    active = next((b for b in state.battles if b.status == "active"), None)
    if active is not None:
        return active
    battle_id = getattr(state.pending, "battle", None)
    return next((b for b in state.battles if b.id == battle_id), None)


def next_battle_view(board: BoardMap, state: GameState, space: str) -> BattleView | None:
    """The battle that choosing ``space`` would start, as the battle board shows it before it
    is fought (R-COMBAT-2); None when none waits there."""
    from pacific.rules.combat.start import battle_chosen

    battle = battle_chosen(state, space)
    return battle_view(board, state, battle.id) if battle is not None else None


def battle_spaces(board: BoardMap, state: GameState) -> frozenset[str]:
    """Where the player to act fights this turn: the battles not yet over, and in combat
    movement those its moves so far have made, attacks, raids and amphibious assaults, as
    phase 4 will find them when it begins (R-COMBATMOVE-1, R-COMBAT-2)."""
    if state.phase is Phase.COMBAT_MOVE and not state.battles:
        from pacific.rules.combat.start import find_battles

        return frozenset(battle.space for battle in find_battles(board, state))
    return frozenset(battle.space for battle in state.battles if battle.status != "over")


def _attack_groups(state: GameState, battle: Battle, units: list[Unit]) -> list[BattleGroup]:
    from pacific.rules.combat.forces import enemy_destroyer_present
    from pacific.rules.combat.values import attack_values

    values = attack_values([u.type for u in units], amphibious_marines=battle.amphibious_marines)
    base = {u.id: UNIT_SPECS[u.type].attack for u in units}
    rows: dict[tuple[UnitType, Nation, int], list[Unit]] = {}
    for unit, value in zip(units, values, strict=True):
        rows.setdefault((unit.type, unit.owner, value), []).append(unit)
    out = []
    for (unit_type, owner, value), members in rows.items():
        notes: list[ValueNote] = []
        if unit_type is UnitType.MARINE and battle.amphibious_marines:
            notes.append(ValueNote("R-MARINE-2", "Marines +1 from a landing"))
        if value > base[members[0].id] and unit_type in (UnitType.INFANTRY, UnitType.MARINE) \
                and any(u.type is UnitType.ARTILLERY for u in units):
            notes.append(ValueNote("R-ART-2", "+1: supported by artillery"))
        if all(u.carried_by is not None for u in members):
            notes.append(ValueNote("R-AMPH-6", "lands from the sea when the battle begins"))
        if unit_type is UnitType.TRANSPORT:
            notes.append(ValueNote("R-NAVAL-2", "transports never fire when attacking"))
        if unit_type is UnitType.SUBMARINE and battle.status != "over":
            # Whether they fire first in the round to come, as its step asks (R-SUB-2, R-SUB-3);
            # a battle over has no round to come, and the zone as it ends (its destroyer sunk)
            # would name a first strike no die was thrown for.
            notes.append(ValueNote("R-SUB-3", "no first strike: an enemy destroyer is here")
                         if enemy_destroyer_present(state, battle.space, owner)
                         else ValueNote("R-SUB-2", "first strike: fires before the defender, "
                                        "its hits removed at once"))
        out.append(BattleGroup(unit_type, owner, tuple(u.id for u in members), value,
                               sum(u.damaged for u in members), tuple(notes)))
    return _ordered(out)


def _raid_groups(state: GameState, units: list[Unit], intercepting: bool) -> list[BattleGroup]:
    """A raid's aircraft with what they hit on in its one round of fighter clash (R-SBR-4):
    not their values in a battle's rounds."""
    from pacific.rules.combat.raid import clash_value

    rows: dict[tuple[UnitType, Nation, int], list[Unit]] = {}
    for unit in units:
        rows.setdefault((unit.type, unit.owner, clash_value(state, unit, intercepting)),
                        []).append(unit)
    out = []
    for (unit_type, owner, value), members in rows.items():
        if unit_type is UnitType.BOMBER:
            note = ValueNote("R-SBR-4", "rolls one die of damage after the fighter clash")
        elif intercepting:
            note = ValueNote("R-SBR-4", "intercepts: hits on {value} in one round", value)
        else:
            note = ValueNote("R-SBR-4", "escorts: hits on {value} in one round", value)
        notes = [note]
        if intercepting and state.japan_first_turn and owner is not Nation.JAPAN:
            notes.append(ValueNote("R-FIRSTTURN-1", "defends at {value}: Japan's surprise "
                                   "attack", value))
        out.append(BattleGroup(unit_type, owner, tuple(u.id for u in members), value,
                               notes=tuple(notes)))
    return _ordered(out)


def _raid_defence(state: GameState, battle: Battle,
                  interceptors: list[Unit]) -> list[BattleGroup]:
    """A raid's defence: its interceptors, or while the defender has not yet named them the
    fighters that may intercept (R-SBR-3); and the territory's AA guns, which fire at every
    bomber and escort before the clash (R-AA-5)."""
    from pacific.rules.combat.raid import intercept_candidates
    from pacific.rules.combat.values import AA_HIT

    pending = state.pending
    deciding = isinstance(pending, InterceptChoice) and pending.battle == battle.id
    if battle.status != "over" and (deciding or not battle.intercept_asked):
        may = ValueNote("R-SBR-3", "may intercept: the defender decides before the AA fire")
        fighters = _alive(state, intercept_candidates(state, battle))
        groups = [BattleGroup(g.unit_type, g.owner, g.units, g.hit_on, notes=(may, *g.notes))
                  for g in _raid_groups(state, fighters, True)]
    else:
        groups = _raid_groups(state, interceptors, True)
    attacker = POWER_NATIONS[battle.attacker][0]
    guns = [u for u in state.units_at(battle.space)
            if u.type is UnitType.AA_GUN and are_enemies(u.owner, attacker)]
    rows: dict[Nation, list[Unit]] = {}
    for gun in guns:
        rows.setdefault(gun.owner, []).append(gun)
    note = ValueNote("R-AA-5", "fires once at each bomber and escort before the clash")
    groups += [BattleGroup(UnitType.AA_GUN, owner, tuple(u.id for u in members), AA_HIT,
                           notes=(note,)) for owner, members in rows.items()]
    return _ordered(groups)


def _defence_groups(board: BoardMap, state: GameState, battle: Battle,
                    units: list[Unit]) -> list[BattleGroup]:
    from pacific.rules.combat.forces import surprise
    from pacific.rules.combat.values import defense_value

    rows: dict[tuple[UnitType, Nation, int, bool], list[Unit]] = {}
    for unit in units:
        caught = surprise(board, state, battle, unit)
        value = defense_value(unit.type, surprise=caught)
        rows.setdefault((unit.type, unit.owner, value, caught), []).append(unit)
    out = []
    for (unit_type, owner, value, caught), members in rows.items():
        notes: list[ValueNote] = []
        if caught and value < UNIT_SPECS[unit_type].defense:
            notes.append(ValueNote("R-FIRSTTURN-1", "defends at {value}: Japan's surprise "
                                   "attack", value))
        elif state.japan_first_turn and owner is not Nation.JAPAN and value > 1:
            # Why these defenders are not at 1 on Japan's first turn (a Chinese territory).
            notes.append(ValueNote("R-FIRSTTURN-2", "no surprise in a territory China holds"))
        if unit_type is UnitType.AA_GUN:
            notes.append(ValueNote("R-AA-2", "fires once at aircraft before the first round, "
                                   "hitting on 1"))
        out.append(BattleGroup(unit_type, owner, tuple(u.id for u in members), value,
                               sum(u.damaged for u in members), tuple(notes)))
    return _ordered(out)


def _cargo_groups(state: GameState, ships: list[Unit]) -> list[BattleGroup]:
    """The units aboard ``ships``, by type and owner: they never roll (hit value 0) and are
    never chosen as casualties; they go down with their ship. Fighters aboard an attacking
    carrier are its cargo (R-NAVAL-5, R-CARRIER-2); other cargo sinks with its transport
    (R-TRANS-14)."""
    rows: dict[tuple[UnitType, Nation], list[Unit]] = {}
    for ship in ships:
        for unit in state.cargo_of(ship.id):
            rows.setdefault((unit.type, unit.owner), []).append(unit)
    out = []
    for (unit_type, owner), members in rows.items():
        note = ValueNote("R-NAVAL-5", "cargo aboard a carrier: does not fight, and is at "
                         "stake if the carrier sinks") if is_air(unit_type) else \
            ValueNote("R-TRANS-14", "cargo: does not fight, and sinks with its ship")
        out.append(BattleGroup(unit_type, owner, tuple(u.id for u in members), 0,
                               notes=(note,)))
    return _ordered(out)


def _kamikaze_targets(battle: Battle, ships: list[Unit]) -> list[BattleGroup]:
    """The ships a stand-alone kamikaze attack fired at, with the tokens aimed at each group;
    they never fire back (R-KAMI-6)."""
    tokens = Counter(battle.kamikaze)
    rows: dict[tuple[UnitType, Nation], list[Unit]] = {}
    for ship in ships:
        rows.setdefault((ship.type, ship.owner), []).append(ship)
    return _ordered([BattleGroup(
        unit_type, owner, tuple(u.id for u in members), 0, sum(u.damaged for u in members),
        (ValueNote("R-KAMI-6", "kamikaze tokens aimed at them: {value}; they do not fire "
                   "back", sum(tokens[u.id] for u in members)),))
        for (unit_type, owner), members in rows.items()])


def _fighting(units: list[Unit]) -> list[Unit]:
    return [u for u in units if not u.submerged]


def _submerged(units: list[Unit]) -> list[BattleGroup]:
    """The side's submarines that submerged in this battle: still in the zone, out of the
    battle (hit value 0) for the rest of the turn (R-SUB-6)."""
    rows: dict[Nation, list[Unit]] = {}
    for unit in units:
        if unit.submerged:
            rows.setdefault(unit.owner, []).append(unit)
    note = ValueNote("R-SUB-6", "submerged: out of the battle for the rest of the turn")
    return [BattleGroup(UnitType.SUBMARINE, owner, tuple(u.id for u in members), 0,
                        notes=(note,)) for owner, members in rows.items()]


# The steps of an amphibious assault before its units land and its ships fire (R-AMPH-6).
_BEFORE_LANDING = frozenset({BattleStep.BEGIN, BattleStep.LANDING})
_BEFORE_COVER_FIRE = _BEFORE_LANDING | {BattleStep.COVER_FIRE}


def _landing(state: GameState, battle: Battle) -> list[Unit]:
    """The units still aboard that an assault not yet begun will land: the attacker's side
    before the battle, not "none left" (R-AMPH-6); none once it is called off (R-AMPH-1)."""
    if battle.assault is None or battle.step not in _BEFORE_LANDING:
        return []
    assault = state.amphibious_assaults[battle.assault]
    if assault.called_off:
        return []
    return [u for u in _alive(state, assault.landing_units) if u.carried_by is not None]


def _cover_fire(state: GameState, battle: Battle) -> list[BattleGroup]:
    """The ships that will give an assault its one volley of cover fire (R-AMPH-6 step 2),
    each group with the number it hits on."""
    if battle.assault is None or battle.step not in _BEFORE_COVER_FIRE:
        return []
    from pacific.rules.combat.amphibious import cover_fire_ships
    from pacific.rules.combat.values import cover_fire_value

    assault = state.amphibious_assaults[battle.assault]
    if assault.called_off:
        return []
    rows: dict[tuple[UnitType, Nation], list[Unit]] = {}
    for ship in cover_fire_ships(state, battle, assault):
        rows.setdefault((ship.type, ship.owner), []).append(ship)
    note = ValueNote("R-AMPH-6", "cover fire: one shot from the sea before the first round")
    return _ordered([BattleGroup(unit_type, owner, tuple(u.id for u in members),
                                 cover_fire_value(unit_type), sum(u.damaged for u in members),
                                 (note,)) for (unit_type, owner), members in rows.items()])


def _ordered(groups: list[BattleGroup]) -> list[BattleGroup]:
    order = list(UnitType)
    return sorted(groups, key=lambda g: (order.index(g.unit_type), g.owner.value, -g.hit_on))


def _alive(state: GameState, ids: Iterable[int]) -> list[Unit]:
    return [state.units[i] for i in ids if i in state.units]


def battle_view(board: BoardMap, state: GameState,
                battle_id: int | None = None) -> BattleView | None:
    """The battle being fought (or the one a decision is about) as the battle board shows it:
    who fights with what before any die is rolled, each group's hit value with its reasons,
    and once it is over, the result in words. ``battle_id`` asks for another battle of this
    turn instead (one just over, for its result); None when there is no such battle."""
    battle = current_battle(state) if battle_id is None else \
        next((b for b in state.battles if b.id == battle_id), None)
    if battle is None:
        return None
    from pacific.rules.combat.forces import defending_power

    attackers = _alive(state, battle.attackers)
    defenders = _alive(state, battle.defenders)
    pending = state.pending if getattr(state.pending, "battle", None) == battle.id else None
    raid = battle.kind is BattleKind.RAID
    return BattleView(
        battle=battle.id, space=battle.space, kind=battle.kind,
        amphibious=battle.assault is not None, status=battle.status, round=battle.round,
        step=battle.step, attacker=battle.attacker,
        defender=defending_power(board, state, battle),
        attackers=tuple(_raid_groups(state, attackers, False) if raid
                        else _attack_groups(state, battle, _fighting(attackers)
                                            + _landing(state, battle))
                        + _submerged(attackers) + _cover_fire(state, battle)),
        defenders=tuple(_raid_defence(state, battle, defenders) if raid
                        else _kamikaze_targets(battle, defenders)
                        if battle.kind is BattleKind.KAMIKAZE
                        else _defence_groups(board, state, battle, _fighting(defenders))
                        + _submerged(defenders)),
        bystanders=tuple(_defence_groups(board, state, battle,
                                         _alive(state, battle.bystanders))),
        pending=pending, outcome=battle.outcome, result=battle_result(board, battle),
        lost={n: dict(t) for n, t in battle.losses.items()}, captured_by=battle.captured_by,
        cargo=tuple(_cargo_groups(state, attackers)), kamikaze=len(battle.kamikaze))


# How a battle ended, by its outcome letter (R-COMBAT-9, R-COMBAT-8, R-AMPH-5, R-SBR-*,
# R-KAMI-*): message ids with the attacker and the space as values.
_OUTCOMES = {
    "A": N_("{attacker} retreated from {space}"),
    "B": N_("{attacker} lost its attack on {space}"),
    "C": N_("{attacker} wins in {space}"),
    "D": N_("both sides were destroyed in {space}"),
    # At sea a side's submarines that submerged count as gone (R-NAVAL-4 D).
    "D-sea": N_("neither side has a unit left fighting in {space}: each was sunk or submerged"),
    "E": N_("no side can hurt the other in {space}"),
    "X": N_("the landing on {space} was called off"),
    "R": N_("the bombing raid on {space} is over"),
    "K": N_("kamikaze attack in {space}"),
}
_OVER = N_("the battle in {space} is over")


def _outcome(template: str, attacker: Power | Nations, space: Place) -> Message:
    return Message(template, attacker=attacker, space=space)


def _raid_cost(head: Message, battle: Battle) -> Message:
    """What the raid cost the territory's owner, as the bombing applied it (R-SBR-4): the
    dice's total, capped at its treasury."""
    damage = battle.damage
    if damage is None:
        return Message(N_("{result}: no bomber was left to bomb"), result=head)
    if damage.paid < damage.rolled:
        return Message(N_("{result}: {nation} paid {paid} IPC, all it had ({rolled} rolled)"),
                       result=head, nation=damage.nation, paid=damage.paid,
                       rolled=damage.rolled)
    return Message(N_("{result}: {nation} paid {paid} IPC"), result=head,
                   nation=damage.nation, paid=damage.paid)


def battle_result(board: BoardMap, battle: Battle) -> Message | None:
    """The result once the battle is over ("Japan takes Suiyuan; China lost 1 infantry", as a
    message with values: `pacific.text` says it in the player's language), else None."""
    if battle.status != "over":
        return None
    space = Place(battle.space, board.name(battle.space))
    if battle.captured_by is not None:
        head = Message(N_("{captor} takes {space}"), captor=battle.captured_by, space=space)
    else:
        letter = battle.outcome or ""
        if letter == "D" and battle.kind is BattleKind.NAVAL:
            letter = "D-sea"
        # A retreat names the nations whose units left (as the log's retreat line does).
        who = Nations(tuple(battle.retreated_by)) \
            if letter == "A" and battle.retreated_by else battle.attacker
        head = _outcome(_OUTCOMES.get(letter, _OVER), who, space)
    if battle.kind is BattleKind.RAID:
        head = _raid_cost(head, battle)
    losses = [Message(N_("{nation} lost {units}"), nation=nation,
                      units=Units(tuple((t, n) for t, n in lost.items() if n)))
              for nation, lost in sorted(battle.losses.items()) if sum(lost.values())]
    if not losses:
        return Message(N_("{result}; no units were lost"), result=head)
    return Message(N_("{result}; {losses}"), result=head, losses=tuple(losses))


__all__ = [
    "BattleGroup",
    "BattleView",
    "ValueNote",
    "battle_result",
    "battle_spaces",
    "battle_view",
    "current_battle",
    "next_battle_view",
]
