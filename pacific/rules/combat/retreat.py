"""Where an attacker may retreat to (R-LAND-2/3, R-NAVAL-3, R-AMPH-3, OQ3-10), and doing it.

Retreating aircraft go with the force, or, in an assault or an air-only attack, to a space one
of them came from; their final landing (range, R-LAND-3) is settled in non-combat movement like
every other aircraft's (R-COMBAT-10: they never stay where they fought).
"""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board import BoardMap
from pacific.rules.combat.events import UnitsRetreated
from pacific.rules.combat.forces import fighting_attackers
from pacific.rules.nations import Nation, are_allied, are_enemies
from pacific.rules.registry import Context
from pacific.rules.state import GameState, Unit
from pacific.rules.units import is_air, is_land, is_sea


def came_from(unit: Unit, space: str) -> str | None:
    """The space the unit entered the battle from (Unit.path, else its start)."""
    if len(unit.path) >= 2 and unit.path[-1] == space:
        return unit.path[-2]
    if unit.start_space and unit.start_space != space:
        return unit.start_space
    return None


def _friendly(board: BoardMap, state: GameState, space: str, nation: Nation,
              at_start: bool) -> bool:
    if board.is_land(space):
        now = state.territory_owner.get(space)
        then = state.owner_at_turn_start.get(space, now)
        ok = now is not None and are_allied(now, nation)
        return ok and (not at_start or (then is not None and are_allied(then, nation)))
    return not any(are_enemies(u.owner, nation) and not u.submerged
                   for u in state.units_at(space))


def retreating_units(board: BoardMap, state: GameState, battle: Battle) -> list[Unit]:
    """Who retreats: the whole attacking force, but only aircraft in an assault (R-AMPH-3)."""
    units = fighting_attackers(state, battle)
    if battle.assault is not None:
        return [u for u in units if is_air(u.type)]
    return units


def retreat_options(board: BoardMap, state: GameState, battle: Battle) -> list[str]:
    """The spaces the attacker may retreat to now; empty when it may not retreat."""
    if battle.kind not in (BattleKind.LAND, BattleKind.NAVAL) or battle.round < 1:
        return []  # OQ3-10: never before the first round
    units = retreating_units(board, state, battle)
    if not units:
        return []
    nation = units[0].owner
    movers = [u for u in units if not is_air(u.type)] or units
    out: set[str] = set()
    for u in movers:
        origin = came_from(u, battle.space)
        if origin is None:
            continue
        if is_land(u.type) and not board.is_land(origin):
            continue
        if is_sea(u.type) and not (board.is_sea(origin) and board.adjacent(origin, battle.space)):
            continue
        # R-LAND-2: controlled at the start of the turn; R-NAVAL-3: no enemy units there.
        if _friendly(board, state, origin, nation, at_start=is_land(u.type)):
            out.add(origin)
    return sorted(out)


def retreat(ctx: Context, battle: Battle, to: str) -> list[int]:
    """Move the retreating units to ``to`` (cargo stays aboard); returns their ids."""
    units = retreating_units(ctx.board, ctx.state, battle)
    for u in units:
        u.space = to
        u.fought = True
        for cargo in ctx.state.cargo_of(u.id):
            cargo.space = to
    ids = [u.id for u in units]
    battle.attackers = [a for a in battle.attackers if a not in ids]
    ctx.emit(UnitsRetreated(space=battle.space, to=to, units=tuple(ids)))
    return ids
