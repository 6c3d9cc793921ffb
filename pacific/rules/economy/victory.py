"""Victory (R-VICTORY-1..4). The game ends as soon as a condition is met (R-TURN-7): the state
gets its winner and a sentence saying who won and why, and the engine accepts no more actions.

When each condition is judged:
- R-VICTORY-1 and R-VICTORY-3, holding an enemy capital "until the next turn": at the start of
  the capturing power's next turn (`check_turn_start`).
- R-VICTORY-2 (22 VP) and R-VICTORY-4 (a Japanese phase 9 worth no VP): in Japan's phase 9,
  when VP are scored (`pacific.rules.economy.income`).
"""

from __future__ import annotations

from typing import Any

from pacific.rules.economy.events import GameWon
from pacific.rules.nations import POWER_NATIONS, Nation, Power, Side
from pacific.rules.registry import Context

# R-VICTORY-1: the Allied capitals that win the game for Japan (Szechwan does not count).
_JAPAN_TARGETS = (Nation.INDIA, Nation.AUSTRALIA, Nation.USA)
# R-VICTORY-3 / OQ-20: the capitals each Allied player must keep.
_OWN_CAPITALS: dict[Power, tuple[Nation, ...]] = {
    Power.UK: (Nation.INDIA, Nation.AUSTRALIA),
    Power.US: (Nation.USA,),
}


def declare_winner(ctx: Context, side: Side, reason: str, rule: str,
                   **values: Any) -> None:
    """End the game (R-TURN-7): ``reason`` in English, ``rule`` the condition met and
    ``values`` its values (`GameWon`'s fields). Emits GameWon."""
    state = ctx.state
    if state.winner is not None:
        return
    state.winner = side
    state.win_reason = reason
    state.pending = None
    ctx.emit(GameWon(winner=side, reason=reason, rule=rule, **values))


def check_turn_start(ctx: Context) -> None:
    """Judge the conditions that need a capital held until the captor's next turn.

    R-VICTORY-1: at the start of Japan's turn, Japan holds Japan and India, New South Wales or
    the United States. R-VICTORY-3 (OQ-20): at the start of an Allied power's turn, one of its
    nations holds Japan and its own capitals are held by their nations. Control needs no units.
    """
    board, state = ctx.board, ctx.state
    owner = state.territory_owner
    japan_capital = board.capitals.get(Nation.JAPAN)
    if japan_capital is None:
        return
    if state.power is Power.JAPAN:
        if owner.get(japan_capital) is not Nation.JAPAN:
            return
        for nation in _JAPAN_TARGETS:
            capital = board.capitals.get(nation)
            if capital is not None and owner.get(capital) is Nation.JAPAN:
                declare_winner(
                    ctx, Side.AXIS,
                    f"Japan wins: it has held {board.name(capital)} since its last turn and "
                    f"still holds {board.name(japan_capital)} (R-VICTORY-1).", "R-VICTORY-1",
                    capital=capital)
                return
        return
    holder = owner.get(japan_capital)
    if holder is None or holder not in POWER_NATIONS[state.power]:
        return
    for nation in _OWN_CAPITALS[state.power]:
        capital = board.capitals.get(nation)
        if capital is not None and owner.get(capital) is not nation:
            return
    declare_winner(
        ctx, Side.ALLIES,
        f"The Allies win: {holder.value} has held {board.name(japan_capital)} since its last "
        "turn and its own capitals are safe (R-VICTORY-3).", "R-VICTORY-3", holder=holder)
