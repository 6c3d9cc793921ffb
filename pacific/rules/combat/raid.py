"""Strategic bombing raids (R-SBR-1..7, R-AA-5, OQ3-20..22): interception → AA fire → one
round of fighter clash → bombing. Dice: AA one die per attacking aircraft in id order;
interceptors, then escorts; then one die per surviving bomber."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleStep, HitPool, RaidDamage
from pacific.rules.combat.events import BombingDamage
from pacific.rules.combat.fire import fire
from pacific.rules.combat.flow import ask, score
from pacific.rules.combat.forces import active, defending_power
from pacific.rules.combat.values import AA_HIT, sbr_value
from pacific.rules.decisions import InterceptChoice
from pacific.rules.economy.control import lose_victory_points
from pacific.rules.events import DiceLabel, IpcChanged, count_units
from pacific.rules.nations import POWER_NATIONS, Nation, are_enemies
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType


def intercept_candidates(state: GameState, battle: Battle) -> list[int]:
    """R-SBR-3 / OQ3-22: fighters of the defender and its allies in the raided territory."""
    attacker = POWER_NATIONS[battle.attacker][0]
    return sorted(u.id for u in state.units_at(battle.space)
                  if u.type is UnitType.FIGHTER and are_enemies(u.owner, attacker)
                  and not u.fought)


def intercept(ctx: Context, battle: Battle) -> None:
    battle.step = BattleStep.RAID_AA
    candidates = intercept_candidates(ctx.state, battle)
    if candidates and not battle.intercept_asked:
        battle.intercept_asked = True
        power = defending_power(ctx.board, ctx.state, battle)
        ask(ctx, InterceptChoice(power=power, battle=battle.id, fighters=tuple(candidates)))


def aa_fire(ctx: Context, battle: Battle) -> None:
    """R-SBR-4 step 1 / R-AA-5: one die per bomber and escort; the attacker picks losses."""
    state = ctx.state
    battle.step = BattleStep.RAID_CLASH
    attacker = POWER_NATIONS[battle.attacker][0]
    aircraft = active(state, battle.attackers)
    gunner = next((u.owner for u in state.units_at(battle.space)
                   if u.type is UnitType.AA_GUN and are_enemies(u.owner, attacker)), None)
    if not aircraft or gunner is None:
        return
    # The gun's owner fires it: at the table its player rolls, as in a land battle.
    dice = ctx.roll(len(aircraft), f"AA fire at the raid on {battle.space}, hit on {AA_HIT}",
                    AA_HIT, by=gunner, label=DiceLabel(kind="raid_aa_fire", space=battle.space,
                                            units=count_units((u.owner, u.type)
                                                              for u in aircraft)))
    hits = sum(1 for d in dice if d <= AA_HIT)
    score(battle, "attacker", {HitPool.AIR_ONLY: hits}, True, BattleStep.RAID_CLASH)


def clash(ctx: Context, battle: Battle) -> None:
    """R-SBR-4 step 2: one round only; interceptors hit on 2, escorts on 1 (OQ3-21: 1 on
    Japan's first turn for Allied interceptors). The defender removes its losses, then the
    attacker its own among escorts and bombers."""
    state = ctx.state
    battle.step = BattleStep.RAID_BOMBING
    interceptors = active(state, battle.defenders)
    attackers = active(state, battle.attackers)
    if not interceptors or not attackers:
        return
    escorts = [u for u in attackers if u.type is UnitType.FIGHTER]
    int_value = [(u, clash_value(state, u, True), HitPool.ANY) for u in interceptors]
    on_attacker = fire(ctx, int_value, attackers, f"Interceptors over {battle.space}",
                       "interceptors", battle.space)
    on_defender = fire(ctx, [(u, clash_value(state, u, False), HitPool.ANY) for u in escorts],
                       interceptors, f"Escorts over {battle.space}", "escorts", battle.space)
    score(battle, "attacker", on_attacker, True, BattleStep.RAID_BOMBING)
    attacker_hits = battle.hits
    battle.hits = None
    score(battle, "defender", on_defender, True, BattleStep.RAID_BOMBING)
    if battle.hits is None:
        battle.hits = attacker_hits
    else:
        battle.queued_hits = attacker_hits
    battle.step = BattleStep.CHOOSE if battle.hits is not None else BattleStep.RAID_BOMBING


def clash_value(state: GameState, unit: Unit, intercepting: bool) -> int:
    """What a fighter hits on in the clash (R-SBR-4 step 2); an Allied interceptor on Japan's
    first turn at 1 (OQ3-21). Bombers do not fire in the clash: 0."""
    if unit.type is not UnitType.FIGHTER:
        return 0
    return sbr_value(intercepting, surprise=intercepting and state.japan_first_turn
                     and unit.owner is not Nation.JAPAN)


def bombing(ctx: Context, battle: Battle) -> None:
    """R-SBR-4 step 3, R-SBR-5: the controller pays the total to the bank, capped at its
    treasury; Japan loses 1 VP per 10 IPC actually paid (EX-12)."""
    state = ctx.state
    bombers = [u for u in active(state, battle.attackers) if u.type is UnitType.BOMBER]
    nation = state.territory_owner.get(battle.space)
    if bombers and nation is not None:
        dice = ctx.roll(len(bombers), f"Bombing of {battle.space}: "
                        f"{len(bombers)} bomber(s)",
                        label=DiceLabel(kind="bombing", space=battle.space,
                                        units=count_units((u.owner, u.type) for u in bombers)))
        rolled = sum(dice)
        paid = min(rolled, max(state.treasury.get(nation, 0), 0))
        state.own("treasury")[nation] = state.treasury.get(nation, 0) - paid
        # Kept in the battle: its result says what the raid cost, as it was applied.
        battle.damage = RaidDamage(nation=nation, rolled=rolled, paid=paid)
        ctx.emit(BombingDamage(space=battle.space, nation=nation, rolled=rolled, paid=paid))
        if paid:
            ctx.emit(IpcChanged(nation=nation, delta=-paid,
                                reason=f"strategic bombing of {battle.space} (R-SBR-4)",
                                cause="bombing", space=battle.space))
        if nation is Nation.JAPAN:
            lose_victory_points(ctx, paid // 10, f"bombing of {battle.space} (R-SBR-5)",
                                "bombing", battle.space)
    battle.step = BattleStep.CONCLUDE
