"""Casualties: how many hits can land, which choices are legal, the default suggestion, and
removing or damaging the units chosen (R-COMBAT-6/7, R-BB-1/2/4, R-NAVAL-2, R-SUB-4/5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pacific.rules.battle_records import Battle, BattleKind, HitPool, PendingHits
from pacific.rules.combat.events import BattleshipDamaged, UnitsLost
from pacific.rules.combat.forces import (
    category,
    cost,
    hit_slots,
    side_units,
)
from pacific.rules.errors import N_, IllegalCombatChoice, plural
from pacific.rules.events import count_units
from pacific.rules.nations import Nation, power_of
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, can_capture, count_phrase, is_air

# Each restricted pool first takes the category only it (and ANY) can reach, then the rest;
# ANY comes last. For these four pools this greedy order finds the largest assignment.
_ORDER: tuple[tuple[HitPool, tuple[str, ...]], ...] = (
    (HitPool.AIR_ONLY, ("air",)),
    (HitPool.NO_AIR, ("sub", "other")),
    (HitPool.NO_SUB, ("air", "other")),
    (HitPool.ANY, ("air", "sub", "other")),
)


def assignable(pools: dict[HitPool, int], categories: Sequence[str]) -> int:
    """How many of the hit targets (one category per hit taken) the pools can cover."""
    left = Counter(categories)
    covered = 0
    for pool, prefs in _ORDER:
        hits = pools.get(pool, 0)
        for cat in prefs:
            take = min(hits, left[cat])
            hits -= take
            left[cat] -= take
            covered += take
    return covered


def eligible(state: GameState, battle: Battle, hits: PendingHits) -> list[Unit]:
    """Units of the hit side that may be chosen now (not already set aside)."""
    units = side_units(state, battle, hits.side)
    if hits.only is not None:
        units = [u for u in units if u.id in hits.only]
    return [u for u in units if u.id not in battle.set_aside]


def _slots(units: Sequence[Unit]) -> list[str]:
    return [category(u) for u in units for _ in range(hit_slots(u))]


def required(state: GameState, battle: Battle, hits: PendingHits) -> int:
    """The number of casualties the side must name: every hit that can land (OQ3-7: hits that
    no unit can take are lost)."""
    return assignable(hits.pools, _slots(eligible(state, battle, hits)))


def _check_units(state: GameState, battle: Battle, hits: PendingHits,
                 chosen: Sequence[int]) -> dict[int, Unit]:
    """Every unit named may be a casualty here, and no more often than it has hits left."""
    pool = {u.id: u for u in eligible(state, battle, hits)}
    for uid, times in Counter(chosen).items():
        unit = pool.get(uid)
        if unit is None:
            raise IllegalCombatChoice(
                "R-COMBAT-6", "That unit cannot be chosen as a casualty here: only units of "
                "the side that was hit and still in the battle can, never AA guns, industrial "
                "complexes or cargo.")
        if times > hit_slots(unit):
            raise IllegalCombatChoice(
                "R-BB-1", "This {unit} cannot take {count} hits: only an undamaged battleship "
                "takes two.", unit=unit.type, count=times)
    return pool


_MISMATCH = N_("These hits cannot fall on those units: submarine hits never fall on aircraft "
               "(R-SUB-4), aircraft hits fall on submarines only with a friendly destroyer "
               "present (R-SUB-5), AA fire hits aircraft only (R-AA-2).")


def check_choice(state: GameState, battle: Battle, hits: PendingHits,
                 chosen: Sequence[int]) -> None:
    """Refuse a casualty list that the hits do not allow.

    Raises:
        IllegalCombatChoice: a unit not in the battle or on the wrong side, an AA gun or complex,
            too many or too few casualties, or hits that cannot fall on the units named.
    """
    pool = _check_units(state, battle, hits, chosen)
    need = required(state, battle, hits)
    if len(chosen) != need:
        raise IllegalCombatChoice(
            "R-COMBAT-6", plural("Name exactly {count} casualty, one per hit that can land, "
                                 "not {named}.",
                                 "Name exactly {count} casualties, one per hit that can land, "
                                 "not {named}."), count=need, named=len(chosen))
    if assignable(hits.pools, [category(pool[u]) for u in chosen]) != need:
        raise IllegalCombatChoice("R-SUB-4", _MISMATCH)


def completable(state: GameState, battle: Battle, hits: PendingHits,
                chosen: Sequence[int]) -> bool:
    """Whether the casualties named so far can be completed into a legal choice: the other
    hits can still land on units not yet named, and every unit named takes one of them."""
    units = {u.id: u for u in eligible(state, battle, hits)}
    need = required(state, battle, hits)
    named = Counter(chosen)
    fixed = [category(units[u]) for u in chosen]
    free = Counter(category(u) for u in units.values()
                   for _ in range(hit_slots(u) - named[u.id]))
    more = need - len(fixed)
    if more < 0:
        return False
    # At most three categories (air, sub, other): try every split of the hits still to name.
    for air in range(min(more, free["air"]) + 1):
        for sub in range(min(more - air, free["sub"]) + 1):
            other = more - air - sub
            if other > free["other"]:
                continue
            trial = [*fixed, *["air"] * air, *["sub"] * sub, *["other"] * other]
            if assignable(hits.pools, trial) == need:
                return True
    return False


def check_partial(state: GameState, battle: Battle, hits: PendingHits,
                  chosen: Sequence[int]) -> None:
    """Refuse casualties named one at a time that cannot become a legal choice.

    Raises:
        IllegalCombatChoice: a unit that cannot be a casualty here, more casualties than hits
            that can land, or a unit no hit can fall on once the others are taken.
    """
    _check_units(state, battle, hits, chosen)
    need = required(state, battle, hits)
    if len(chosen) > need:
        raise IllegalCombatChoice(
            "R-COMBAT-6", plural("Only {count} casualty can be taken, one per hit that can "
                                 "land.",
                                 "Only {count} casualties can be taken, one per hit that can "
                                 "land."), count=need)
    if not completable(state, battle, hits, chosen):
        raise IllegalCombatChoice("R-SUB-4", _MISMATCH)


def suggest(state: GameState, battle: Battle, hits: PendingHits) -> list[int]:
    """The default casualty choice offered to the GUI: an undamaged battleship absorbs its free
    hit first (R-BB-2), then the cheapest units (a transport with its cargo's value), and an
    attacker in a land battle keeps its most valuable land unit, which alone can capture
    (R-COMBAT-9), to the last."""
    units = eligible(state, battle, hits)
    need = required(state, battle, hits)
    keeper: int | None = None
    if hits.side == "attacker" and battle.kind is BattleKind.LAND:
        landers = [u for u in units if can_capture(u.type)]
        if landers:
            keeper = max(landers, key=lambda u: (cost(u), u.id)).id
    cargo_value = Counter[int]()
    for u in state.units.values():
        if u.carried_by is not None:
            cargo_value[u.carried_by] += cost(u)
    candidates: list[tuple[tuple[int, int, int], Unit]] = []
    for u in units:
        base = cost(u) + cargo_value[u.id] + (1000 if u.id == keeper else 0)
        if hit_slots(u) == 2:
            candidates.append(((0, 0, u.id), u))
            candidates.append(((1, base, u.id), u))
        else:
            candidates.append(((1, base, u.id), u))
    candidates.sort(key=lambda c: c[0])
    chosen: list[Unit] = []
    for _, unit in candidates:
        if len(chosen) == need:
            break
        trial = [*chosen, unit]
        if assignable(hits.pools, [category(u) for u in trial]) == len(trial):
            chosen = trial
    return [u.id for u in chosen]


def apply_hits(ctx: Context, battle: Battle, chosen: Sequence[int], at_once: bool,
               reason: str, rule: str = "") -> None:
    """Damage or destroy the units named. A first hit on an undamaged battleship only damages it
    (R-BB-1); a unit destroyed is removed at once (AA fire, first strike: R-COMBAT-7, R-BB-4) or
    set aside to fire back this round and be removed at its end."""
    state = ctx.state
    destroyed: list[int] = []
    for uid, times in Counter(chosen).items():
        unit = state.units[uid]
        if unit.type is UnitType.BATTLESHIP and not unit.damaged:
            state.unit(uid).damaged = True
            ctx.emit(BattleshipDamaged(unit=uid))
            times -= 1
        if times > 0:
            destroyed.append(uid)
    if at_once:
        remove_units(ctx, battle, destroyed, reason, rule)
    else:
        battle.set_aside.extend(u for u in destroyed if u not in battle.set_aside)


def note_loss(battle: Battle | None, unit: Unit) -> None:
    """Count a unit lost in ``battle``, for its result in words."""
    if battle is not None:
        lost = battle.losses.setdefault(unit.owner, {})
        lost[unit.type] = lost.get(unit.type, 0) + 1


def survives_its_carrier(state: GameState, carrier: Unit, fighter: Unit) -> bool:
    """Whether a fighter aboard a sinking carrier must look for a place to land rather than
    sink with it (R-CARRIER-8). In an enemy's turn every fighter aboard a defending carrier,
    its owner's or an ally's, defends with it and so must land (R-CARRIER-7, R-NAVAL-5). In the
    carrier owner's turn the fighters of another power aboard are cargo and sink with it
    (R-CARRIER-2); the owner's own fighters, even those left aboard as cargo, land (OQ2-6).

    Decision OQ3-6 (docs/rule-decisions.md) says allied cargo fighters sink with the carrier without
    saying whose turn it is; the rulebook (p. 33, the carrier in the opponent's turn: "tutti i
    caccia a bordo", "i caccia ... devono cercare un posto dove atterrare") makes every fighter
    aboard a defending carrier land, so that sentence holds only in the owner's turn."""
    if power_of(carrier.owner) is not state.power:
        return True
    return power_of(fighter.owner) is power_of(carrier.owner)


def remove_units(ctx: Context, battle: Battle | None, ids: Sequence[int], reason: str,
                 rule: str = "") -> None:
    """Take units off the board with their cargo (R-NAVAL-2, R-TRANS-14, R-JDD-2). Fighters
    aboard a sunk carrier that `survives_its_carrier` allows must land within 1 space
    (R-CARRIER-8, OQ3-6); other cargo sinks with the ship. ``reason`` is the English of why,
    ``rule`` the rule that removes them unless they are ordinary casualties."""
    state = ctx.state
    gone: list[int] = []
    gone_types: list[tuple[Nation, UnitType]] = []
    space = ""
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None:
            continue
        space = unit.space
        note_loss(battle, unit)
        for cargo in state.cargo_of(uid):
            if unit.type is UnitType.CARRIER and is_air(cargo.type) and battle is not None \
                    and survives_its_carrier(state, unit, cargo):
                cargo = state.unit(cargo.id)
                cargo.carried_by = None
                cargo.cargo_locked = False
                battle.homeless_fighters.append(cargo.id)
            else:
                gone.append(cargo.id)
                gone_types.append((cargo.owner, cargo.type))
                note_loss(battle, cargo)
                state.remove_unit(cargo.id)
        gone.append(uid)
        gone_types.append((unit.owner, unit.type))
        state.remove_unit(uid)
    if gone:
        ctx.emit(UnitsLost(space=space, units=tuple(gone), reason=reason,
                           summary=count_phrase(t for _, t in gone_types),
                           lost=count_units(gone_types), rule=rule))
