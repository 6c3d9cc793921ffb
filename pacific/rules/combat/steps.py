"""Land and naval battles as ordered named steps (R-LAND-1, R-NAVAL-1).

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
from functools import partial

from pacific.rules.battle_records import Battle, BattleKind, BattleStep, HitPool
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
from pacific.rules.decisions import CasualtyChoice, DefenderSubmergeChoice, RoundChoice
from pacific.rules.events import DiceLabel, count_units
from pacific.rules.nations import POWER_NATIONS
from pacific.rules.registry import Context
from pacific.rules.state import Unit
from pacific.rules.units import UnitType, is_air

Step = Callable[[Context, Battle], None]


def advance(ctx: Context, battle: Battle) -> None:
    """Run the battle's steps until it ends or waits for a decision. A step that needs dice
    nobody has given yet (dice as decisions) is left to run again when they come."""
    while battle.status == "active" and ctx.state.pending is None:
        step = battle.step
        if not ctx.run_step(partial(STEPS[step], ctx, battle), battle.id):
            battle.step = step
            return



# ---- shared steps ----

def _begin(ctx: Context, battle: Battle) -> None:
    ctx.emit(BattleStarted(space=battle.space, label=battle.label(), attacker=battle.attacker,
                           battle_kind=battle.kind, amphibious=battle.assault is not None))
    if battle.kind is BattleKind.RAID:
        battle.step = BattleStep.RAID_INTERCEPT
    elif battle.kind is BattleKind.NAVAL:
        battle.step = BattleStep.KAMIKAZE_ASK
    elif battle.assault is not None:
        battle.step = BattleStep.LANDING
    else:
        battle.step = BattleStep.AA_FIRE


def _choose(ctx: Context, battle: Battle) -> None:
    """The side that was hit names its casualties (R-COMBAT-6); forced choices are applied."""
    hits = battle.hits
    if hits is None:
        if battle.queued_hits is not None:
            battle.hits, battle.queued_hits = battle.queued_hits, None
        else:
            battle.step = BattleStep.ROUND_START
        return
    need = required(ctx.state, battle, hits)
    reachable = [u for u in eligible(ctx.state, battle, hits)
                 if any(n and can_be_hit_by(p, u) for p, n in hits.pools.items())]
    if need == 0 or sum(hit_slots(u) for u in reachable) == need:
        chosen = [u.id for u in reachable for _ in range(hit_slots(u))] if need else []
        settle(ctx, battle, chosen)
        return
    power = chooser(ctx.board, ctx.state, battle, hits.side)
    ask(ctx, CasualtyChoice(power=power, battle=battle.id, side=hits.side, count=need))


def _aa_fire(ctx: Context, battle: Battle) -> None:
    """R-AA-2: once, before the first round, one die per attacking aircraft however many AA
    guns; each 1 destroys an aircraft its owner picks, removed at once (R-AA-3: guns aboard
    transports are at sea, never here)."""
    state = ctx.state
    aircraft = [u for u in fighting_attackers(state, battle) if is_air(u.type)]
    has_aa = any(u.type is UnitType.AA_GUN for u in state.units_at(battle.space)
                 if u.id in battle.defenders)
    if not aircraft or not has_aa:
        battle.step = BattleStep.ROUND_START
        return
    gunner = next(u.owner for u in state.units_at(battle.space) if u.id in battle.defenders
                  and u.type is UnitType.AA_GUN)
    dice = ctx.roll(len(aircraft), f"AA fire in {battle.space} at "
                    f"{len(aircraft)} aircraft, hit on {AA_HIT}", AA_HIT, by=gunner,
                    label=DiceLabel(kind="aa_fire", space=battle.space,
                                    units=count_units((u.owner, u.type) for u in aircraft)))
    hits = sum(1 for d in dice if d <= AA_HIT)
    score(battle, "attacker", {HitPool.AIR_ONLY: hits}, True, BattleStep.ROUND_START)


def _round_start(ctx: Context, battle: Battle) -> None:
    if decided(ctx, battle):
        battle.step = BattleStep.CONCLUDE
        return
    battle.round += 1
    if battle.kind is BattleKind.NAVAL:
        battle.step = BattleStep.KAMIKAZE_STRIKE if battle.round == 1 and battle.kamikaze else \
            BattleStep.FIRST_STRIKE
    else:
        battle.step = BattleStep.ATTACKER_FIRES


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
        battle.step = BattleStep.ATTACKER_FIRES
        return
    firers = [(u, v, HitPool.NO_AIR) for u, v, _ in attacker_firers(ctx, battle, True)
              if u.type is UnitType.SUBMARINE]
    targets = [u for u in fighting_defenders(ctx.state, battle) if u.id not in battle.set_aside]
    pools = fire(ctx, firers, targets, f"First strike in {battle.space}", "first_strike",
                 battle.space)
    # R-SUB-2 / R-BB-4: removed at once, without firing back.
    score(battle, "defender", pools, True, BattleStep.ATTACKER_FIRES)


def _attacker_fires(ctx: Context, battle: Battle) -> None:
    subs_too = battle.kind is not BattleKind.NAVAL or not _first_strike_now(ctx, battle)
    firers = attacker_firers(ctx, battle, subs_too)
    targets = side_units(ctx.state, battle, "defender")
    pools = fire(ctx, firers, [t for t in targets if t.id not in battle.set_aside],
                 f"Attack in {battle.space}", "attack", battle.space)
    then = BattleStep.DEFENDER_SUBMERGE if battle.kind is BattleKind.NAVAL else \
        BattleStep.DEFENDER_FIRES
    score(battle, "defender", pools, False, then)


def _defender_submerge(ctx: Context, battle: Battle) -> None:
    """R-SUB-6 / OQ3-8: a defending submarine not chosen as a casualty may submerge instead of
    firing."""
    subs = [u for u in fighting_defenders(ctx.state, battle)
            if u.type is UnitType.SUBMARINE and u.id not in battle.set_aside]
    battle.step = BattleStep.DEFENDER_FIRES
    if subs:
        power = chooser(ctx.board, ctx.state, battle, "defender")
        ask(ctx, DefenderSubmergeChoice(power=power, battle=battle.id,
                                        submarines=tuple(u.id for u in subs)))


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
                 f"Defence in {battle.space}", "defence", battle.space)
    score(battle, "attacker", pools, False, BattleStep.REMOVE)


def _remove(ctx: Context, battle: Battle) -> None:
    remove_units(ctx, battle, battle.set_aside, "casualties of the round (R-COMBAT-7)")
    battle.set_aside = []
    battle.step = BattleStep.ROUND_END


def _round_end(ctx: Context, battle: Battle) -> None:
    battle.step = BattleStep.CONCLUDE if decided(ctx, battle) else BattleStep.DECIDE


def _decide(ctx: Context, battle: Battle) -> None:
    """Before each new round the attacker may retreat (after a full round, OQ3-10) and attacking
    submarines may submerge (R-SUB-6)."""
    battle.step = BattleStep.ROUND_START
    retreat_to = retreat_options(ctx.board, ctx.state, battle) if battle.round >= 1 else []
    subs = [u.id for u in fighting_attackers(ctx.state, battle)
            if u.type is UnitType.SUBMARINE] if battle.kind is BattleKind.NAVAL else []
    if retreat_to or subs:
        ask(ctx, RoundChoice(power=battle.attacker, battle=battle.id,
                             retreat_to=tuple(retreat_to), submarines=tuple(subs)))


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


STEPS: dict[BattleStep, Step] = {
    BattleStep.BEGIN: _begin,
    BattleStep.CHOOSE: _choose,
    BattleStep.AA_FIRE: _aa_fire,
    BattleStep.ROUND_START: _round_start,
    BattleStep.FIRST_STRIKE: _first_strike,
    BattleStep.ATTACKER_FIRES: _attacker_fires,
    BattleStep.DEFENDER_SUBMERGE: _defender_submerge,
    BattleStep.DEFENDER_FIRES: _defender_fires,
    BattleStep.REMOVE: _remove,
    BattleStep.ROUND_END: _round_end,
    BattleStep.DECIDE: _decide,
    BattleStep.CONCLUDE: conclusion.conclude,
    BattleStep.LANDING: amphibious.landing,
    BattleStep.COVER_FIRE: amphibious.cover_fire,
    BattleStep.KAMIKAZE_ASK: kamikaze.ask_in_battle,
    BattleStep.KAMIKAZE_STRIKE: kamikaze.strike_in_battle,
    BattleStep.RAID_INTERCEPT: raid.intercept,
    BattleStep.RAID_AA: raid.aa_fire,
    BattleStep.RAID_CLASH: raid.clash,
    BattleStep.RAID_BOMBING: raid.bombing,
}
