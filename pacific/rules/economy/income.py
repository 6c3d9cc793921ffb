"""Phase 9: income (R-INCOME-1..5), the British convoy split (R-INCOME-3, OQ-4) and Japan's
victory points (R-VP-1..5) with the victory conditions judged then (R-VICTORY-2, R-VICTORY-4).

Income is collected when phase 9 begins; the British player then splits the convoy income with
`split_convoy_income` before the phase can end. The 12 starting convoy IPCs (R-SETUP-8) are
split the same way before Japan's first turn (`Game.new_game` asks for it).
"""

from __future__ import annotations

from collections.abc import Iterator

from pacific.rules.actions.economy import SplitConvoyIncome
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import ConvoySplit
from pacific.rules.economy.control import (
    british_convoy_level,
    holds_own_capital,
    production_level,
)
from pacific.rules.economy.events import VictoryPointsChanged
from pacific.rules.economy.victory import declare_winner
from pacific.rules.errors import IllegalAction
from pacific.rules.events import IpcChanged
from pacific.rules.nations import POWER_NATIONS, Nation, Power, Side
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles, lists, lists_decision, on_enter, on_leave
from pacific.rules.state import GameState

BRITISH = (Nation.INDIA, Nation.AUSTRALIA)


def vp_for(ipcs: int) -> int:
    """R-VP-2 (EX-4): 1 VP per full 10 IPCs; remainders are lost."""
    return max(ipcs, 0) // 10


def share_convoy_income(ctx: Context, amount: int) -> None:
    """Hand out British convoy income (R-INCOME-3): all of it to the one British nation holding
    its capital, none if neither does (OQ-4, R-INCOME-4), else wait for the player's split."""
    state = ctx.state
    receivers = [n for n in BRITISH if holds_own_capital(ctx.board, state, n)]
    if amount <= 0 or not receivers:
        return
    if len(receivers) == 1:
        _pay(ctx, receivers[0], amount, "British convoys (R-INCOME-3, OQ-4)", "convoy")
        return
    state.convoy_split_due = amount


def _pay(ctx: Context, nation: Nation, amount: int, reason: str, cause: str) -> None:
    if amount <= 0:
        return
    ctx.state.own("treasury")[nation] = ctx.state.treasury.get(nation, 0) + amount
    ctx.emit(IpcChanged(nation=nation, delta=amount, reason=reason, cause=cause))


@on_enter(Phase.INCOME)
def collect_income(ctx: Context) -> None:
    """R-INCOME-1: each nation of the active player collects its chart level, unless its
    capital is enemy-held (R-CAPITAL-4, R-INCOME-4); China never collects (R-CHINA-1)."""
    board, state = ctx.board, ctx.state
    for nation in POWER_NATIONS[state.power]:
        if nation is Nation.CHINA:
            continue
        income = production_level(board, state, nation) \
            if holds_own_capital(board, state, nation) else 0
        _pay(ctx, nation, income, "income (R-INCOME-1)", "income")
        if nation is Nation.JAPAN:
            score_victory_points(ctx, income)
    if state.power is Power.UK:
        share_convoy_income(ctx, british_convoy_level(board, state))


def score_victory_points(ctx: Context, income: int) -> None:
    """R-VP-2: Japan gains 1 VP per full 10 IPCs of this turn's income plus the IPCs seized from
    Allied capitals; then R-VICTORY-4 (no VP: the Allies win, OQ-24) and R-VICTORY-2."""
    state = ctx.state
    total = income + state.ipcs_seized_this_turn
    gained = vp_for(total)
    if gained == 0:
        declare_winner(ctx, Side.ALLIES,
                       f"The Allies win: Japan collected only {total} IPC this turn, not "
                       "enough for a victory point (R-VICTORY-4).", "R-VICTORY-4", ipcs=total)
        return
    state.victory_points += gained
    ctx.emit(VictoryPointsChanged(delta=gained, total=state.victory_points,
                                  reason=f"{total} IPC collected this turn (R-VP-2)",
                                  cause="income", ipcs=total))
    goal = ctx.board.victory_points_to_win
    if state.victory_points >= goal:
        declare_winner(ctx, Side.AXIS, f"Japan wins with {state.victory_points} victory "
                       f"points, reaching {goal} (R-VICTORY-2).", "R-VICTORY-2",
                       points=state.victory_points)


def check_split(board: BoardMap, state: GameState, action: SplitConvoyIncome) -> None:
    """Refuse a convoy split that does not share out exactly what is due.

    Raises:
        IllegalAction: R-INCOME-3 (nothing due, or the parts do not add up).
    """
    due = state.convoy_split_due
    if due <= 0:
        raise IllegalAction("R-INCOME-3", "There is no British convoy income waiting to be "
                            "split.")
    if action.india + action.australia != due:
        raise IllegalAction("R-INCOME-3", "The British convoy income is {due} IPC: India's "
                            "and Australia's shares must add up to exactly {due}, not "
                            "{total}.", due=due, total=action.india + action.australia)


@handles("split_convoy_income")
def split_convoy_income(ctx: Context, action: SplitConvoyIncome) -> None:
    """Pay the convoy income in the proportion the British player chose (R-INCOME-3)."""
    state = ctx.state
    check_split(ctx.board, state, action)
    _pay(ctx, Nation.INDIA, action.india, "British convoys (R-INCOME-3)", "convoy")
    _pay(ctx, Nation.AUSTRALIA, action.australia, "British convoys (R-INCOME-3)", "convoy")
    state.convoy_split_due = 0
    if isinstance(state.pending, ConvoySplit):
        state.pending = None


def every_split(due: int) -> list[SplitConvoyIncome]:
    """Every whole-IPC split of ``due`` between India and Australia (R-INCOME-3)."""
    return [SplitConvoyIncome(india=i, australia=due - i) for i in range(due + 1)]


@lists(Phase.INCOME)
def list_splits(board: BoardMap, state: GameState) -> Iterator[SplitConvoyIncome]:
    if state.convoy_split_due > 0:
        yield from every_split(state.convoy_split_due)


@lists_decision("split_convoy_income")
def list_split_decision(board: BoardMap, state: GameState,
                        pending: ConvoySplit) -> Iterator[SplitConvoyIncome]:
    yield from every_split(state.convoy_split_due)


@on_leave(Phase.INCOME)
def convoy_split_done(ctx: Context) -> None:
    """R-INCOME-3: convoy income may not be kept unallocated."""
    if ctx.state.convoy_split_due > 0:
        raise IllegalAction("R-INCOME-3", "Split the {due} IPC of British convoy income "
                            "between India and Australia before ending the turn.",
                            due=ctx.state.convoy_split_due)
