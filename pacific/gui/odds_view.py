"""The odds line of the battle board: the exact odds (`pacific.odds.calculate`) of the battle
being fought, as the computer player sees it too (`pacific.odds.positions.battle_spec`: one
conversion of a position, with the engine's own answers on who defends and the first-turn
surprise, R-FIRSTTURN-1/2). Land and naval battles only; an amphibious assault, a raid or a
kamikaze attack shows no odds, nor does a battle over."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pacific.rules.battle_choices import casualty_options
from pacific.rules.battle_records import Battle
from pacific.rules.battle_views import BattleView
from pacific.rules.board_map import BoardMap
from pacific.rules.copying import clone_state
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
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


def bound(value: float) -> str | None:
    """">99.9%" or "<0.1%" for a share too near certainty to print, None otherwise: a share is
    shown as 100% or 0% only when it is certain."""
    if 0.999 < value < 1.0:
        return ">99.9%"
    if 0.0 < value < 0.001:
        return "<0.1%"
    return None


def share(value: float) -> str:
    """A share in whole percent ("71%"), to a tenth near the ends ("99.6%", "0.4%") so that
    rounding never turns a possible outcome into a certain one."""
    near = bound(value)
    if near is not None:
        return near
    if 0.0 < value < 0.01 or 0.99 < value < 1.0:
        return f"{value:.1%}"
    return f"{value:.0%}"


def after_round(state: GameState, battle: Battle, casualties: Sequence[int]) -> GameState:
    """A copy of ``state`` as the round under way will leave ``battle``: the units set aside
    this round gone (R-COMBAT-7), and the ``casualties`` named for the hits pending too (a
    battleship named once is damaged, not sunk, R-BB-1)."""
    named = Counter(casualties)
    after = clone_state(state)
    for uid in [*battle.set_aside, *named]:
        unit = after.units.get(uid)
        if unit is None:
            continue
        if unit.type is UnitType.BATTLESHIP and not unit.damaged and named[uid] == 1 and \
                uid not in battle.set_aside:
            after.unit(uid).damaged = True
        else:
            after.remove_unit(uid)
    return after


def odds_text(board: BoardMap, state: GameState, view: BattleView,
              casualties: Sequence[int] | None = None) -> str:
    """One line: "Odds from here: attacker wins 71% · defender holds 27% · captured 70% ·
    exact", with both destroyed and stalemate when they may happen and the method last
    ("simulated ±1.9%" for a battle too large for the exact chain); "" if none. In the middle
    of a round (hits to take, units set aside) the odds are those of the next round, once the
    casualties are removed: ``casualties``, the ones named so far, else the engine's
    suggestion."""
    from pacific.odds.calculate import calculate
    from pacific.odds.model import BattleKind as OddsKind

    battle = next((b for b in state.battles if b.id == view.battle), None)
    if battle is None:
        return ""
    mid_round = battle.hits is not None or bool(battle.set_aside)
    if mid_round:
        if casualties is None:
            options = casualty_options(board, state)
            casualties = options.suggestion if options is not None else ()
        state = after_round(state, battle, casualties)
        battle = next(b for b in state.battles if b.id == view.battle)
    spec = battle_spec(board, state, battle)
    if spec is None:
        return ""
    result = calculate(spec)
    parts = [_("attacker wins {share}").format(share=share(result.attacker_wins)),
             _("defender holds {share}").format(share=share(result.defender_holds))]
    if spec.kind is OddsKind.LAND:
        parts.append(_("captured {share}").format(share=share(result.captured)))
    if result.both_destroyed >= 0.005:
        parts.append(_("both destroyed {share}").format(share=share(result.both_destroyed)))
    if result.stalemate >= 0.005:
        # R-NAVAL-4 E: the units left cannot fight each other (aircraft against submarines);
        # without it the shares shown would not add up.
        parts.append(_("stalemate {share}").format(share=share(result.stalemate)))
    # How it was found and its error (pacific/odds/budget.py): exact, pruned or simulated.
    parts.append(odds_method_short(result.method, result.bound))
    if mid_round:
        return _("Odds once this round's casualties are removed: {odds}").format(
            odds=" · ".join(parts))
    return _("Odds from here: {odds}").format(odds=" · ".join(parts))
