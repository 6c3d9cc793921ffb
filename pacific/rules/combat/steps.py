"""Land and naval battles as ordered named steps (STYLE habit 6; R-LAND-1, R-NAVAL-1).

A battle record names its next step (`Battle.step`); `advance` runs steps until the battle is
over or a player must decide (`state.pending`). The decision handlers (`handlers.py`) store the
choice, name the next step and call `advance` again.

Land:  begin → [landing, cover fire] → aa_fire → round_start → attacker_fires → choose →
       defender_fires → choose → remove → round_end → decide (retreat / press on) → round_start
Naval: begin → [kamikaze declaration in Japan's turn] → decide (attacking subs may submerge)
       → round_start → kamikaze (round 1) → first_strike → choose → attacker_fires → choose →
       defender_submerge → defender_fires → choose → remove → round_end → decide → ...
"""

from __future__ import annotations

from collections.abc import Callable

from pacific.rules.battle_records import Battle, BattleKind, HitPool
from pacific.rules.combat import amphibious, conclusion, kamikaze, raid
from pacific.rules.combat.casualties import eligible, remove_units, required
from pacific.rules.combat.events import BattleStarted
from pacific.rules.combat.fire import Firer, fire
from pacific.rules.combat.flow import ask, score, settle
from pacific.rules.combat.forces import (
    can_be_hit_by,
    chooser,
    enemy_destroyer_present,
    fighting_attackers,
    fighting_defenders,
    hit_slots,
    pool_of,
    side_units,
    surprise,
)
from pacific.rules.combat.retreat import retreat_options
from pacific.rules.combat.values import AA_HIT, attack_values, defense_value
from pacific.rules.nations import POWER_NATIONS
from pacific.rules.registry import Context
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_air

Step = Callable[[Context, Battle], None]


def advance(ctx: Context, battle: Battle) -> None:
    """Run the battle's steps until it ends or waits for a decision."""
    while battle.status == "active" and ctx.state.pending is None:
        STEPS[battle.step](ctx, battle)


# ---- shared steps ----

def _begin(ctx: Context, battle: Battle) -> None:
    ctx.emit(BattleStarted(space=battle.space, label=battle.label()))
    if battle.kind is BattleKind.RAID:
        battle.step = "raid_intercept"
    elif battle.kind is BattleKind.NAVAL:
        battle.step = "kamikaze_ask"
    elif battle.assault is not None:
        battle.step = "landing"
    else:
        battle.step = "aa_fire"


def _choose(ctx: Context, battle: Battle) -> None:
    """The side that was hit names its casualties (R-COMBAT-6); forced choices are applied."""
    hits = battle.hits
    if hits is None:
        if battle.queued_hits is not None:
            battle.hits, battle.queued_hits = battle.queued_hits, None
        else:
            battle.step = "round_start"
        return
    need = required(ctx.state, battle, hits)
    reachable = [u for u in eligible(ctx.state, battle, hits)
                 if any(n and can_be_hit_by(p, u) for p, n in hits.pools.items())]
    if need == 0 or sum(hit_slots(u) for u in reachable) == need:
        chosen = [u.id for u in reachable for _ in range(hit_slots(u))] if need else []
        settle(ctx, battle, chosen)
        return
    power = chooser(ctx.board, ctx.state, battle, hits.side)
    ask(ctx, battle, "casualties", ["choose_casualties"], power.value,
        f"{battle.label()}: choose {need} casualt{'y' if need == 1 else 'ies'}", hits=need,
        side=hits.side)


def _aa_fire(ctx: Context, battle: Battle) -> None:
    """R-AA-2: once, before the first round, one die per attacking aircraft however many AA
    guns; each 1 destroys an aircraft its owner picks, removed at once (R-AA-3: guns aboard
    transports are at sea, never here)."""
    state = ctx.state
    battle.aa_fire_done = True
    aircraft = [u for u in fighting_attackers(state, battle) if is_air(u.type)]
    has_aa = any(u.type is UnitType.AA_GUN for u in state.units_at(battle.space)
                 if u.id in battle.defenders)
    if not aircraft or not has_aa:
        battle.step = "round_start"
        return
    dice = ctx.roll(len(aircraft), f"AA fire in {battle.space} at "
                    f"{len(aircraft)} aircraft, hit on {AA_HIT}", AA_HIT)
    hits = sum(1 for d in dice if d <= AA_HIT)
    score(battle, "attacker", {HitPool.AIR_ONLY: hits}, True, "round_start")


def _round_start(ctx: Context, battle: Battle) -> None:
    if decided(ctx, battle):
        battle.step = "conclude"
        return
    battle.round += 1
    if battle.kind is BattleKind.NAVAL:
        battle.step = "kamikaze_strike" if battle.round == 1 and battle.kamikaze else \
            "first_strike"
    else:
        battle.step = "attacker_fires"


# ---- normal fire ----

def attacker_firers(ctx: Context, battle: Battle, subs_too: bool) -> list[Firer]:
    """Attacking units with their values (artillery paired afresh each round, OQ3-19)."""
    units = [u for u in fighting_attackers(ctx.state, battle)
             if subs_too or u.type is not UnitType.SUBMARINE]
    values = attack_values([u.type for u in units], amphibious_marines=battle.amphibious_marines)
    return [(u, v, pool_of(ctx.state, battle, u)) for u, v in zip(units, values, strict=True)]


def _first_strike_now(ctx: Context, battle: Battle) -> bool:
    """R-SUB-2/3, R-MULTI-5: attacking subs strike first unless an enemy destroyer (of any
    enemy power) is in the zone."""
    return not enemy_destroyer_present(ctx.state, battle.space, POWER_NATIONS[battle.attacker][0])


def _first_strike(ctx: Context, battle: Battle) -> None:
    subs = [u for u in fighting_attackers(ctx.state, battle) if u.type is UnitType.SUBMARINE]
    if not subs or not _first_strike_now(ctx, battle):
        battle.step = "attacker_fires"
        return
    firers = [(u, v, HitPool.NO_AIR) for u, v, _ in attacker_firers(ctx, battle, True)
              if u.type is UnitType.SUBMARINE]
    targets = [u for u in fighting_defenders(ctx.state, battle) if u.id not in battle.set_aside]
    pools = fire(ctx, firers, targets, f"First strike in {battle.space}")
    # R-SUB-2 / R-BB-4: removed at once, without firing back.
    score(battle, "defender", pools, True, "attacker_fires")


def _attacker_fires(ctx: Context, battle: Battle) -> None:
    subs_too = battle.kind is not BattleKind.NAVAL or not _first_strike_now(ctx, battle)
    firers = attacker_firers(ctx, battle, subs_too)
    targets = side_units(ctx.state, battle, "defender")
    pools = fire(ctx, firers, [t for t in targets if t.id not in battle.set_aside],
                 f"Attack in {battle.space}")
    then = "defender_submerge" if battle.kind is BattleKind.NAVAL else "defender_fires"
    score(battle, "defender", pools, False, then)


def _defender_submerge(ctx: Context, battle: Battle) -> None:
    """R-SUB-6 / OQ3-8: a defending submarine not chosen as a casualty may submerge instead of
    firing."""
    subs = [u for u in fighting_defenders(ctx.state, battle)
            if u.type is UnitType.SUBMARINE and u.id not in battle.set_aside]
    battle.step = "defender_fires"
    if subs:
        power = chooser(ctx.board, ctx.state, battle, "defender")
        ask(ctx, battle, "defender_submerge", ["submerge", "press_on"], power.value,
            f"{battle.label()}: submerge submarines instead of firing?",
            units=[u.id for u in subs])


def defender_firers(ctx: Context, battle: Battle) -> list[Firer]:
    out: list[Firer] = []
    for u in fighting_defenders(ctx.state, battle):
        value = defense_value(u.type, surprise=surprise(ctx.board, ctx.state, battle, u))
        out.append((u, value, pool_of(ctx.state, battle, u)))
    return out


def _defender_fires(ctx: Context, battle: Battle) -> None:
    # R-COMBAT-7: units set aside this round fire too; R-MULTI-4/R-SUB-9: hits may fall on
    # the attacker's Allied bystanders.
    targets = side_units(ctx.state, battle, "attacker")
    pools = fire(ctx, defender_firers(ctx, battle), [t for t in targets
                                                     if t.id not in battle.set_aside],
                 f"Defence in {battle.space}")
    score(battle, "attacker", pools, False, "remove")


def _remove(ctx: Context, battle: Battle) -> None:
    remove_units(ctx, battle, battle.set_aside, "casualties of the round (R-COMBAT-7)")
    battle.set_aside = []
    battle.step = "round_end"


def _round_end(ctx: Context, battle: Battle) -> None:
    battle.step = "conclude" if decided(ctx, battle) else "decide"


def _decide(ctx: Context, battle: Battle) -> None:
    """Before each new round the attacker may retreat (after a full round, OQ3-10) and attacking
    submarines may submerge (R-SUB-6)."""
    battle.step = "round_start"
    kinds: list[str] = []
    if battle.round >= 1 and retreat_options(ctx.board, ctx.state, battle):
        kinds.append("retreat")
    subs = [u.id for u in fighting_attackers(ctx.state, battle)
            if u.type is UnitType.SUBMARINE]
    if battle.kind is BattleKind.NAVAL and subs:
        kinds.append("submerge")
    if kinds:
        ask(ctx, battle, "round", [*kinds, "press_on"], battle.attacker.value,
            f"{battle.label()}: retreat, submerge or press on?" if battle.round else
            f"{battle.label()}: submerge submarines or press on?",
            retreat_to=retreat_options(ctx.board, ctx.state, battle) if battle.round else [],
            units=subs)


# ---- is it over? ----

def _can_hit(firers: list[Firer], targets: list[Unit]) -> bool:
    return any(v > 0 and can_be_hit_by(p, t) for _, v, p in firers for t in targets)


def decided(ctx: Context, battle: Battle) -> bool:
    """One side gone, or the units left cannot hit each other (R-NAVAL-4 E)."""
    attackers = fighting_attackers(ctx.state, battle)
    defenders = fighting_defenders(ctx.state, battle)
    if not attackers or not defenders:
        return True
    return not (_can_hit(attacker_firers(ctx, battle, True), defenders)
                or _can_hit(defender_firers(ctx, battle),
                            side_units(ctx.state, battle, "attacker")))


STEPS: dict[str, Step] = {
    "begin": _begin,
    "choose": _choose,
    "aa_fire": _aa_fire,
    "round_start": _round_start,
    "first_strike": _first_strike,
    "attacker_fires": _attacker_fires,
    "defender_submerge": _defender_submerge,
    "defender_fires": _defender_fires,
    "remove": _remove,
    "round_end": _round_end,
    "decide": _decide,
    "conclude": conclusion.conclude,
    "landing": amphibious.landing,
    "cover_fire": amphibious.cover_fire,
    "kamikaze_ask": kamikaze.ask_in_battle,
    "kamikaze_strike": kamikaze.strike_in_battle,
    "raid_intercept": raid.intercept,
    "raid_aa": raid.aa_fire,
    "raid_clash": raid.clash,
    "raid_bombing": raid.bombing,
}
