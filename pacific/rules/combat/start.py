"""The start and end of phase 4: finding every battle (R-COMBAT-1/2, R-NAVAL-1, R-SUB-8,
R-AMPH-1, R-SBR-1) and refusing to leave while one is unresolved."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board import BoardMap
from pacific.rules.combat import kamikaze
from pacific.rules.errors import IllegalAction
from pacific.rules.nations import POWER_NATIONS, are_enemies
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, on_enter, on_leave
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_air, is_land


def _raid_units(state: GameState) -> set[int]:
    return {i for r in state.raids for i in (*r.bombers, *r.escorts)}


def _fights(unit: Unit, raiders: set[int]) -> bool:
    """A phasing unit that fights where it stands: not cargo (R-NAVAL-2, R-CARRIER-2), not a
    raider (R-SBR-2), not an AA gun or complex, not submerged."""
    return unit.carried_by is None and unit.id not in raiders and not unit.submerged \
        and unit.type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)


def _defends(unit: Unit, naval: bool) -> bool:
    """An enemy unit that defends where it stands: not submerged (R-SUB-6/8)."""
    if unit.submerged:
        return False
    if unit.carried_by is not None:
        # A defending carrier's fighters fight with it (R-NAVAL-5); other cargo never does.
        return naval and is_air(unit.type)
    return True


def find_battles(board: BoardMap, state: GameState) -> list[Battle]:
    """Every battle of the phasing power, raids first (R-COMBAT-2)."""
    power = state.power
    nations = POWER_NATIONS[power]
    me = nations[0]
    raiders = _raid_units(state)
    battles: list[Battle] = []
    for raid in state.raids:
        battles.append(Battle(id=len(battles) + 1, space=raid.target, kind=BattleKind.RAID,
                              attacker=power, attackers=sorted([*raid.bombers, *raid.escorts]),
                              bombers=list(raid.bombers)))
    assault_targets = {a.target: i for i, a in enumerate(state.amphibious_assaults)}
    spaces = sorted({u.space for u in state.units.values()
                     if u.owner in nations and _fights(u, raiders)} | set(assault_targets))
    for space in spaces:
        naval = board.is_sea(space)
        here = list(state.units_at(space))
        attackers = [u.id for u in here if u.owner in nations and _fights(u, raiders)]
        defenders = [u.id for u in here if are_enemies(u.owner, me)
                     and _defends(u, naval)]
        if not naval:
            attackers = [i for i in attackers if is_land(state.units[i].type)
                         or is_air(state.units[i].type)]
        elif defenders and all(state.units[d].cap for d in defenders):
            # R-UNIT-9, OQ2-14: submarines ignore a combat air patrol and never fight it;
            # surface ships that entered fight it (R-CAP-3, OQ2-12), aircraft may (R-CAP-4).
            attackers = [i for i in attackers if state.units[i].type is not UnitType.SUBMARINE]
            if not attackers:
                continue
        assault = assault_targets.get(space)
        if not defenders and assault is None:
            continue
        if not naval and assault is None and not any(
                state.units[d].type not in (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)
                for d in defenders) and not any(is_air(state.units[a].type) for a in attackers):
            continue  # R-COMBAT-11: taken without dice by the land units that entered
        bystanders = [u.id for u in here if u.owner not in nations
                      and not are_enemies(u.owner, me) and _fights(u, raiders)] if naval else []
        battles.append(Battle(id=len(battles) + 1, space=space,
                              kind=BattleKind.NAVAL if naval else BattleKind.LAND,
                              attacker=power, attackers=attackers, defenders=defenders,
                              bystanders=bystanders, assault=assault))
    return battles


@on_enter(Phase.COMBAT)
def start_combat(ctx: Context) -> None:
    """Phase 4 begins: list the battles; in an Allied turn Japan may declare kamikazes first
    (R-KAMI-3/4)."""
    ctx.state.battles = find_battles(ctx.board, ctx.state)
    kamikaze.ask_at_phase_start(ctx)


@on_leave(Phase.COMBAT)
def end_combat(ctx: Context) -> None:
    """Refuse to end phase 4 while a battle is unresolved (R-COMBAT-2)."""
    open_battles = [b for b in ctx.state.battles if b.status != "over"]
    if open_battles:
        names = ", ".join(ctx.board.name(b.space) for b in open_battles)
        raise IllegalAction("R-COMBAT-2", f"Every battle must be fought before combat ends; "
                            f"still open: {names} (R-COMBAT-2).")
