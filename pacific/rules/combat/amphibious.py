"""Amphibious assaults: the landing and cover fire (R-AMPH-1..8, R-MARINE-2, R-BB-5,
OQ3-14..16). The naval battle in a landing zone is an ordinary naval battle that must be over
before the land battle can be selected (R-AMPH-6 step 1, see `handlers.select_battle`)."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleKind, BattleStep, HitPool
from pacific.rules.combat.fire import fire
from pacific.rules.combat.flow import score
from pacific.rules.combat.forces import fighting_defenders
from pacific.rules.combat.values import cover_fire_value
from pacific.rules.nations import POWER_NATIONS, are_enemies
from pacific.rules.records import AmphibiousAssault
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType


def landing_zones(state: GameState, assault: AmphibiousAssault) -> list[str]:
    """The sea zones the landing comes from: as declared, else where its ships stand."""
    if assault.sea_zones:
        return list(assault.sea_zones)
    return sorted({state.units[s].space for s in assault.ships if s in state.units})


def sea_fight_in(state: GameState, zone: str) -> bool:
    """A naval battle or a kamikaze attack happened in ``zone`` this turn (R-AMPH-6, R-KAMI-7)."""
    return any(b.space == zone and b.kind in (BattleKind.NAVAL, BattleKind.KAMIKAZE)
               for b in state.battles)


def _enemies_left(state: GameState, zone: str, battle: Battle) -> bool:
    """Enemy units still able to fight in the landing zone (submerged submarines are not there
    as far as a landing is concerned, R-SUB-8)."""
    me = POWER_NATIONS[battle.attacker][0]
    return any(are_enemies(u.owner, me) and not u.submerged and u.carried_by is None
               for u in state.units_at(zone))


def landing(ctx: Context, battle: Battle) -> None:
    """Land the declared units, unless the landing was called off (R-AMPH-1) or their ship
    was sunk (cargo lost, R-AMPH-6) or retreated from the naval battle (R-AMPH-4)."""
    state = ctx.state
    assert battle.assault is not None
    assault = state.amphibious_assaults[battle.assault]
    zones = landing_zones(state, assault)
    if not assault.called_off:
        for uid in assault.landing_units:
            if uid not in state.units:
                continue
            unit = state.unit(uid)
            if unit.carried_by is not None:
                if unit.carried_by not in state.units or \
                        state.units[unit.carried_by].space not in zones:
                    continue
                ship = state.unit(unit.carried_by)
                if _enemies_left(state, ship.space, battle):
                    # R-AMPH-6 step 1: the zone's enemy fleet must be beaten first; the cargo
                    # stays aboard and may not land this turn (R-TRANS-12).
                    unit.cargo_locked = True
                    continue
                # R-AMPH-6: they went nowhere in combat movement; they go ashore now.
                unit.carried_by = None
                unit.space = battle.space
                unit.path = [*unit.path, battle.space]
                unit.unloaded_this_turn = True
                unit.moves_used = UNIT_SPECS[unit.type].move   # R-TRANS-8: its whole move
                ship.unloaded_this_turn = True
            if unit.space == battle.space:
                battle.landed.append(uid)
    nations = POWER_NATIONS[battle.attacker]
    battle.attackers = sorted(
        u.id for u in state.units_at(battle.space)
        if u.owner in nations and u.carried_by is None
        and u.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)
        and not any(u.id in r.bombers or u.id in r.escorts for r in state.raids))
    # R-MARINE-2 / OQ3-16: Marines attack at 2 when a friendly unit lands from the sea.
    battle.amphibious_marines = bool(battle.landed)
    battle.step = BattleStep.COVER_FIRE
    if not battle.attackers:
        battle.outcome = "X"
        battle.step = BattleStep.CONCLUDE


def cover_fire_ships(state: GameState, battle: Battle, assault: AmphibiousAssault) -> list[Unit]:
    """The attacker's battleships and destroyers that give ``battle`` its cover fire (R-AMPH-6
    step 2): in a landing zone that saw no naval battle and no kamikaze attack (OQ3-15), not
    yet fought this turn (R-COMBAT-3), not a Japanese destroyer that unloads (R-AMPH-5)."""
    nations = POWER_NATIONS[battle.attacker]
    # Before the landing, a ship unloads when it still carries some of the landing units.
    carriers = {state.units[i].carried_by for i in assault.landing_units if i in state.units}
    ships = []
    for zone in landing_zones(state, assault):
        if sea_fight_in(state, zone):
            continue
        for u in state.units_at(zone):
            if u.owner in nations and cover_fire_value(u.type) > 0 and not u.fought \
                    and not u.submerged and u.carried_by is None \
                    and not (u.id in assault.ships
                             and (u.unloaded_this_turn or u.id in carriers)):
                ships.append(u)
    return ships


def cover_fire(ctx: Context, battle: Battle) -> None:
    """R-AMPH-6 step 2: one volley from battleships (4) and destroyers (2) in each landing zone
    that saw no naval battle and no kamikaze attack (OQ3-15); a Japanese destroyer unloading
    gives none (R-AMPH-5); each ship supports one assault (R-COMBAT-3). Casualties are set
    aside and fire in the first round."""
    state = ctx.state
    battle.step = BattleStep.AA_FIRE
    assert battle.assault is not None
    assault = state.amphibious_assaults[battle.assault]
    if assault.called_off or not battle.landed:
        return
    ships = cover_fire_ships(state, battle, assault)
    if not ships:
        return
    targets = fighting_defenders(state, battle)
    pools = fire(ctx, [(u, cover_fire_value(u.type), HitPool.ANY) for u in ships], targets,
                 f"Cover fire on {battle.space}", "cover_fire", battle.space)
    for u in ships:   # after the roll: with dice as decisions the step may run again
        state.unit(u.id).fought = True
    score(battle, "defender", pools, False, BattleStep.AA_FIRE)
