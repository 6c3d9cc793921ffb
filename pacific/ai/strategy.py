"""The Allies' strategy against Japan's victory points (R-VP-2, R-VICTORY-2/-4): where their
fleets are wanted beyond the enemy's territories.

Japan scores a point per full 10 IPC of its income in each of its Phase 9s, and much of that
income rides on convoy routes: a territory with a route counts for its controller only while
its side holds the route (R-CONVOY-13). A warship that enters an enemy-held route with no
enemy units takes it (R-CONVOY-3), and only a surviving battleship, carrier or destroyer takes
it back (R-CONVOY-6): aircraft alone cannot. So the Allies' task forces are drawn to the
routes whose loss costs Japan income, the more when it costs Japan a point."""

from __future__ import annotations

from pacific.ai.turn import Turn
from pacific.ai.values import IPC_PER_VP, vp_worth
from pacific.rules.nations import Side


def convoy_goals(turn: Turn) -> dict[str, float]:
    """Enemy-held convoy zones whose capture lowers Japan's income, by worth to the Allies
    (IPC): the production swing, plus a victory point's worth when the income Japan keeps
    falls below a full 10 (R-VP-2). Empty for Japan's side."""
    if turn.view.side is not Side.ALLIES:
        return {}
    economy = turn.economy
    now = economy.japan_now
    point = vp_worth(turn.state.victory_points, turn.board.victory_points_to_win)
    out: dict[str, float] = {}
    for zone in turn.board.convoy_zones():
        after = economy.japan_income(zone.id)
        if after >= now:
            continue
        worth = economy.swing(zone.id)
        if after // IPC_PER_VP < now // IPC_PER_VP:
            worth += point
        out[zone.id] = worth
    return out
