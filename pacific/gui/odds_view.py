"""The odds line of the battle board: the exact odds (`pacific.odds.calculate`) of the battle
being fought, as the computer player sees it too (`pacific.odds.positions.battle_spec`: one
conversion of a position, with the engine's own answers on who defends and the first-turn
surprise, R-FIRSTTURN-1/2). Land and naval battles only; an amphibious assault, a raid or a
kamikaze attack shows no odds, nor does a battle over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pacific.rules.battle_records import Battle
from pacific.rules.board import BoardMap
from pacific.rules.queries import BattleView
from pacific.rules.state import GameState
from pacific.text import _
from pacific.text.odds import odds_method_short

if TYPE_CHECKING:
    from pacific.odds.model import BattleSpec

# pacific.odds (with numpy) is imported when a battle board first asks for odds, not at start:
# the window's first paint does not wait for it.


def battle_spec(board: BoardMap, state: GameState, battle: Battle) -> BattleSpec | None:
    """The odds model of ``battle`` as it stands, or None when the calculator does not cover
    it (assaults, raids, kamikaze attacks, a battle over) or a side is empty."""
    from pacific.odds.positions import battle_spec as position_spec

    if battle.status == "over":
        return None
    return position_spec(board, state, battle)


def view_spec(board: BoardMap, state: GameState, view: BattleView) -> BattleSpec | None:
    """The odds model of the battle the engine's ``view`` shows."""
    battle = next((b for b in state.battles if b.id == view.battle), None)
    return battle_spec(board, state, battle) if battle is not None else None


def odds_text(board: BoardMap, state: GameState, view: BattleView) -> str:
    """One line: "Odds from here: attacker wins 71% · defender holds 27% · captured 70% ·
    exact", with both destroyed and stalemate when they may happen and the method last
    ("simulated ±1.9%" for a battle too large for the exact chain); "" if none."""
    from pacific.odds.calculate import calculate
    from pacific.odds.model import BattleKind as OddsKind

    spec = view_spec(board, state, view)
    if spec is None:
        return ""
    result = calculate(spec)
    parts = [_("attacker wins {share}").format(share=f"{result.attacker_wins:.0%}"),
             _("defender holds {share}").format(share=f"{result.defender_holds:.0%}")]
    if spec.kind is OddsKind.LAND:
        parts.append(_("captured {share}").format(share=f"{result.captured:.0%}"))
    if result.both_destroyed >= 0.005:
        parts.append(_("both destroyed {share}").format(share=f"{result.both_destroyed:.0%}"))
    if result.stalemate >= 0.005:
        # R-NAVAL-4 E: the units left cannot fight each other (aircraft against submarines);
        # without it the shares shown would not add up.
        parts.append(_("stalemate {share}").format(share=f"{result.stalemate:.0%}"))
    # How it was found and its error (pacific/odds/budget.py): exact, pruned or simulated.
    parts.append(odds_method_short(result.method, result.bound))
    return _("Odds from here: {odds}").format(odds=" · ".join(parts))
