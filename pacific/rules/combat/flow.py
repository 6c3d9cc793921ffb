"""The small verbs every battle step uses: ask a player, record hits, settle a choice."""

from __future__ import annotations

from pacific.rules.battle_records import Battle, BattleStep, HitPool, PendingHits, Side
from pacific.rules.combat.casualties import apply_hits
from pacific.rules.decisions import Decision
from pacific.rules.registry import Context


def ask(ctx: Context, decision: Decision) -> None:
    """Wait for a player's decision: the engine then allows only the kinds that answer it
    (`pacific.rules.decisions.DECISION_KINDS`)."""
    ctx.state.pending = decision


def score(battle: Battle, side: Side, pools: dict[HitPool, int], at_once: bool,
          then: BattleStep, only: list[int] | None = None) -> None:
    """Record hits against ``side`` and go to the casualty choice (step "choose")."""
    if sum(pools.values()) == 0:
        battle.step = then
        return
    battle.hits = PendingHits(side=side, pools=pools, at_once=at_once, then=then, only=only)
    battle.step = BattleStep.CHOOSE


def settle(ctx: Context, battle: Battle, chosen: list[int]) -> None:
    """Apply a casualty choice and move on to the step the hits named (or to a queued volley's
    choice)."""
    hits = battle.hits
    if hits is None:
        return
    reason = "removed at once" if hits.at_once else "casualty"
    apply_hits(ctx, battle, chosen, hits.at_once, reason)
    battle.hits = None
    if battle.queued_hits is not None:
        battle.hits, battle.queued_hits = battle.queued_hits, None
        battle.step = BattleStep.CHOOSE
    else:
        battle.step = hits.then
