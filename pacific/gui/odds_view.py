"""The odds line of the battle board: the exact odds (`pacific.odds.calculate`) of the battle
being fought, from the engine's view of it (`Game.battle_view`): the forces now on the board,
and the first-turn surprise where the engine's values show it (R-FIRSTTURN-1/2). Land and naval
battles only; an amphibious assault, a raid or a kamikaze attack shows no odds."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pydantic import ValidationError

from pacific.rules.battle_records import BattleKind
from pacific.rules.queries import BattleGroup, BattleView
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType
from pacific.text import _

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


def _units(state: GameState, groups: tuple[BattleGroup, ...]) -> list[Unit]:
    return [state.units[i] for g in groups for i in g.units if i in state.units]


def battle_spec(state: GameState, view: BattleView) -> BattleSpec | None:
    """The odds model of the battle ``view`` shows, as it stands, or None when the calculator
    does not cover it (assaults, raids, kamikaze attacks, a battle over) or a side is empty."""
    from pacific.odds.model import BattleKind as OddsKind
    from pacific.odds.model import BattleSpec

    if view.amphibious or view.kind not in (BattleKind.LAND, BattleKind.NAVAL) or \
            view.status == "over":
        return None
    attackers = _units(state, view.attackers)
    defenders = _units(state, view.defenders)
    if not attackers or not defenders:
        return None
    # The surprise of Japan's first turn, as the engine judged it for these defenders.
    first_turn = any(note.rule == "R-FIRSTTURN-1" for g in view.defenders for note in g.notes)
    kind = OddsKind.LAND if view.kind is BattleKind.LAND else OddsKind.NAVAL
    try:
        return BattleSpec(kind=kind, attacker=_force(state, attackers),
                          defender=_force(state, defenders), first_turn=first_turn)
    except ValidationError:
        return None


def odds_text(state: GameState, view: BattleView) -> str:
    """One line: "Odds: attacker wins 71% · defender holds 27% · captured 70%"; "" if none."""
    from pacific.odds.calculate import calculate
    from pacific.odds.model import BattleKind as OddsKind

    spec = battle_spec(state, view)
    if spec is None:
        return ""
    result = calculate(spec)
    parts = [_("attacker wins {share}").format(share=f"{result.attacker_wins:.0%}"),
             _("defender holds {share}").format(share=f"{result.defender_holds:.0%}")]
    if spec.kind is OddsKind.LAND:
        parts.append(_("captured {share}").format(share=f"{result.captured:.0%}"))
    if result.both_destroyed >= 0.005:
        parts.append(_("both destroyed {share}").format(share=f"{result.both_destroyed:.0%}"))
    return _("Odds from here: {odds}").format(odds=" · ".join(parts))
