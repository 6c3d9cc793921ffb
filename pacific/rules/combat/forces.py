"""Who fights in a battle and who can hit whom: read-only queries over the state."""

from __future__ import annotations

from collections.abc import Iterable

from pacific.rules.battle_records import Battle, BattleKind, HitPool, Side
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import (
    POWER_NATIONS,
    TURN_ORDER,
    Nation,
    Power,
    are_allied,
    are_enemies,
    power_of,
)
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType, is_air

NEVER_CASUALTIES = (UnitType.AA_GUN, UnitType.INDUSTRIAL_COMPLEX)  # R-COMBAT-6


def alive(state: GameState, ids: Iterable[int]) -> list[Unit]:
    """The units of ``ids`` still on the board, in id order."""
    return sorted((state.units[i] for i in ids if i in state.units), key=lambda u: u.id)


def active(state: GameState, ids: Iterable[int]) -> list[Unit]:
    """Units still on the board and not submerged, in id order."""
    return [u for u in alive(state, ids) if not u.submerged]


def fighting_attackers(state: GameState, battle: Battle) -> list[Unit]:
    return active(state, battle.attackers)


def fighting_defenders(state: GameState, battle: Battle) -> list[Unit]:
    """Defenders still in the battle; AA guns and complexes count as wiped out (OQ3-13)."""
    return [u for u in active(state, battle.defenders) if u.type not in NEVER_CASUALTIES]


def side_units(state: GameState, battle: Battle, side: Side) -> list[Unit]:
    """The units that may be chosen as casualties on ``side`` (bystanders on the attacker's)."""
    if side == "attacker":
        return active(state, battle.attackers) + active(state, battle.bystanders)
    return fighting_defenders(state, battle)


def friendly_destroyer_present(state: GameState, space: str, nation: Nation) -> bool:
    """R-SUB-5 / R-MULTI-5: a destroyer of ``nation``'s side in the sea zone, fighting or not."""
    return any(
        u.type is UnitType.DESTROYER and are_allied(u.owner, nation)
        for u in state.units_at(space)
    )


def enemy_destroyer_present(state: GameState, space: str, nation: Nation) -> bool:
    """R-SUB-3 / R-MULTI-5: any enemy destroyer in the zone cancels first strike."""
    return any(
        u.type is UnitType.DESTROYER and are_enemies(u.owner, nation) and not u.submerged
        for u in state.units_at(space)
    )


def pool_of(state: GameState, battle: Battle, unit: Unit) -> HitPool:
    """Which units the hits of ``unit`` can fall on in a normal round."""
    if battle.kind is BattleKind.NAVAL:
        if unit.type is UnitType.SUBMARINE:
            return HitPool.NO_AIR                                    # R-SUB-4
        if is_air(unit.type) and not friendly_destroyer_present(state, battle.space, unit.owner):
            return HitPool.NO_SUB                                    # R-SUB-5
    return HitPool.ANY


def category(unit: Unit) -> str:
    if is_air(unit.type):
        return "air"
    if unit.type is UnitType.SUBMARINE:
        return "sub"
    return "other"


COVERS: dict[HitPool, frozenset[str]] = {
    HitPool.ANY: frozenset({"air", "sub", "other"}),
    HitPool.NO_AIR: frozenset({"sub", "other"}),
    HitPool.NO_SUB: frozenset({"air", "other"}),
    HitPool.AIR_ONLY: frozenset({"air"}),
}


def can_be_hit_by(pool: HitPool, unit: Unit) -> bool:
    return category(unit) in COVERS[pool]


def surprise(board: BoardMap, state: GameState, battle: Battle, unit: Unit) -> bool:
    """R-FIRSTTURN-1/2, OQ3-21: on Japan's first turn an Allied defender fights at 1 unless it
    defends in a land territory China controls."""
    if not state.japan_first_turn or unit.owner is Nation.JAPAN:
        return False
    chinese = state.territory_owner.get(battle.space) is Nation.CHINA
    return not (board.is_land(battle.space) and chinese)


def defending_power(board: BoardMap, state: GameState, battle: Battle) -> Power:
    """Who decides for the defence. Allies defending together agree on casualties (R-MULTI-2);
    the engine asks the controller of the territory, or at sea the power with most units there
    (ties: the earlier in the turn order). The rulebook's "if they disagree the attacker
    chooses" needs no code: one player answers."""
    if board.is_land(battle.space):
        owner = state.territory_owner.get(battle.space)
        if owner is not None and are_enemies(owner, POWER_NATIONS[battle.attacker][0]):
            return power_of(owner)
    counts: dict[Power, int] = {}
    for u in active(state, battle.defenders):
        counts[power_of(u.owner)] = counts.get(power_of(u.owner), 0) + 1
    if not counts:
        return Power.JAPAN if battle.attacker is not Power.JAPAN else Power.UK
    return max(counts, key=lambda p: (counts[p], -TURN_ORDER.index(p)))


def chooser(board: BoardMap, state: GameState, battle: Battle, side: Side) -> Power:
    """The power choosing casualties for ``side`` (R-COMBAT-6; OQ3-17 for bystanders)."""
    return battle.attacker if side == "attacker" else defending_power(board, state, battle)


def hit_slots(unit: Unit) -> int:
    """Hits a unit can still take: an undamaged battleship two (R-BB-1), others one."""
    if unit.type is UnitType.BATTLESHIP and not unit.damaged:
        return 2
    return 1


def cost(unit: Unit) -> int:
    return UNIT_SPECS[unit.type].cost
