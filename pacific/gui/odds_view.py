"""The odds line of the battle board: the exact odds (`pacific.odds.calculate`) of the battle
being fought, from the forces now on the board. Land and naval battles only; an amphibious
assault, a raid or a kamikaze attack shows no odds."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pydantic import ValidationError

from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.board import BoardMap
from pacific.rules.nations import Nation
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType

if TYPE_CHECKING:
    from pacific.odds.model import BattleSpec, ForceSpec

# pacific.odds (with numpy) is imported when a battle board first asks for odds, not at start:
# the window's first paint does not wait for it.


def _force(state: GameState, units: list[Unit]) -> ForceSpec:
    from pacific.odds.model import ForceSpec

    counts = Counter(u.type for u in units)
    damaged = sum(1 for u in units if u.type is UnitType.BATTLESHIP and u.damaged)
    loads = []
    for u in units:
        if u.type is UnitType.TRANSPORT:
            cargo = Counter(c.type for c in state.cargo_of(u.id))
            if cargo:
                loads.append(dict(cargo))
    return ForceSpec(units=dict(counts), damaged_battleships=damaged, transport_loads=loads)


def battle_spec(board: BoardMap, state: GameState, battle: Battle) -> BattleSpec | None:
    """The odds model of ``battle`` as it stands, or None when the calculator does not cover
    it (assaults, raids, kamikaze attacks) or the forces are empty."""
    from pacific.odds.model import BattleKind as OddsKind
    from pacific.odds.model import BattleSpec

    if battle.assault is not None or battle.kind not in (BattleKind.LAND, BattleKind.NAVAL):
        return None
    attackers = [state.units[i] for i in battle.attackers if i in state.units]
    defenders = [state.units[i] for i in battle.defenders if i in state.units]
    if not attackers or not defenders:
        return None
    territory = board.territory_by_id.get(battle.space)
    # R-FIRSTTURN-1/2: surprise, except in Chinese territories.
    first_turn = state.japan_first_turn and not (
        territory is not None and territory.original_owner is Nation.CHINA)
    kind = OddsKind.LAND if battle.kind is BattleKind.LAND else OddsKind.NAVAL
    try:
        return BattleSpec(kind=kind, attacker=_force(state, attackers),
                          defender=_force(state, defenders), first_turn=first_turn)
    except ValidationError:
        return None


def odds_text(board: BoardMap, state: GameState, battle: Battle) -> str:
    """One line: "Odds: attacker wins 71% · defender holds 27% · captured 70%"; "" if none."""
    from pacific.odds.calculate import calculate
    from pacific.odds.model import BattleKind as OddsKind

    spec = battle_spec(board, state, battle)
    if spec is None:
        return ""
    result = calculate(spec)
    parts = [f"attacker wins {result.attacker_wins:.0%}",
             f"defender holds {result.defender_holds:.0%}"]
    if spec.kind is OddsKind.LAND:
        parts.append(f"captured {result.captured:.0%}")
    if result.both_destroyed >= 0.005:
        parts.append(f"both destroyed {result.both_destroyed:.0%}")
    return "Odds from here: " + " · ".join(parts)
