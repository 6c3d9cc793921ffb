"""Edit mode itself, where the game stands (round, power, phase), and the hits of a battle that
waits for casualties.

Edit mode is a pause: while it is on, only edits are allowed, in every phase and under any
pending decision; turning it off resumes play exactly where it stood. A mistyped die is
corrected while the battle waits: `edit_hits` sets how many hits the side must take.
"""

from __future__ import annotations

from pacific.rules import registry
from pacific.rules.actions.edit import EditHits, EditMode, EditTurn
from pacific.rules.battle_records import HitPool
from pacific.rules.combat.casualties import required
from pacific.rules.combat.flow import settle
from pacific.rules.combat.steps import advance
from pacific.rules.decisions import CasualtyChoice, DiceRoll
from pacific.rules.economy.turn import _end_turn, enter_phase
from pacific.rules.editing.common import check_position, problems_now, refuse
from pacific.rules.editing.events import EditModeChanged, HitsEdited, TurnEdited
from pacific.rules.errors import plural
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles
from pacific.rules.shared import SharedDict


@handles("edit_mode")
def edit_mode(ctx: Context, action: EditMode) -> None:
    """Turn edit mode on (allowed at any moment of a game not over) or off. Off refuses a
    position where a pending decision has no answer left (EDIT-6); a battle whose casualty
    choice an edit removed runs on to its next question.

    Raises:
        IllegalAction: EDIT-1 (already on / off), EDIT-6.
    """
    state = ctx.state
    if state.edit_mode and action.on:
        raise refuse("EDIT-1", "Edit mode is on already.")
    if state.edit_mode is action.on:
        raise refuse("EDIT-1", "Edit mode is off already.")
    state.edit_mode = action.on
    ctx.emit(EditModeChanged(on=action.on))
    if action.on:
        return
    pending = state.pending
    if pending is not None and not isinstance(pending, DiceRoll) and next(
            iter(registry.decision_lister(pending.decision)(ctx.board, state, pending)),
            None) is None:
        raise refuse("EDIT-6", "{power} must {decision}, but after the edits nothing answers "
                     "it: correct the position first.", power=pending.power, decision=pending)
    battle = next((b for b in state.battles if b.status == "active"), None)
    if pending is None and battle is not None:
        advance(ctx, battle)


@handles("edit_turn")
def edit_turn(ctx: Context, action: EditTurn) -> None:
    """Go to round ``round``, ``power``'s turn, phase ``phase``, and begin that phase as play
    would (its start runs: battles found in phase 4, income in phase 9...). Nothing of the
    phases in between happens. A new turn clears the bookkeeping of the old one (moves,
    battles, units bought) and notes control and every unit's place as at its start
    (R-CONTROL-5); leaving phase 4 drops its battles not fought.

    Raises:
        IllegalAction: EDIT-5 (a decision is pending, or the game would end), EDIT-3 (no
            change), or the rule the new position breaks (e.g. R-RESET-1, R-COMBAT-9).
    """
    state = ctx.state
    if state.pending is not None:
        raise refuse("EDIT-5", "{power} must first {decision}; the turn moves on only "
                     "between decisions.", power=state.pending.power, decision=state.pending)
    target = (action.round, action.power, action.phase)
    if target == (state.round, state.power, state.phase):
        raise refuse("EDIT-3", "The game stands there already.")
    before = problems_now(ctx)
    if (action.round, action.power) != (state.round, state.power):
        _end_turn(state)
        state.round, state.power = action.round, action.power
        state.owner_at_turn_start = SharedDict(state.territory_owner)
        state.own("frozen_carriers").clear()
        state.transport_unloads.clear()
        for uid in [u.id for u in state.units.values() if u.start_space != u.space]:
            unit = state.unit(uid)
            unit.start_space = unit.space
    elif state.phase is Phase.COMBAT:
        state.battles = [b for b in state.battles if b.status == "over"]
    ctx.emit(TurnEdited(round=action.round, power=action.power, phase=action.phase))
    enter_phase(ctx, action.phase)
    if state.winner is not None:
        raise refuse("EDIT-5", "Beginning that phase ends the game ({reason}): turn edit mode "
                     "off and play it instead.", reason=state.win_reason)
    check_position(ctx, before)


def _pools(pools: dict[HitPool, int], count: int) -> dict[HitPool, int]:
    """The hits corrected to ``count``: fewer are taken from the least restricted hits first;
    more are added to the largest group of hits (the kind the roll mostly scored)."""
    out = dict(pools)
    total = sum(out.values())
    if count > total:
        largest = max(out, key=lambda p: (out[p], p is HitPool.ANY))
        out[largest] += count - total
    for pool in (HitPool.ANY, HitPool.NO_SUB, HitPool.NO_AIR, HitPool.AIR_ONLY):
        take = min(out.get(pool, 0), total - count) if total > count else 0
        if take:
            out[pool] -= take
            total -= take
    return {p: n for p, n in out.items() if n}


@handles("edit_hits")
def edit_hits(ctx: Context, action: EditHits) -> None:
    """While a side must choose casualties, set how many hits it takes (R-COMBAT-6): the
    correction of a mistyped die. With 0 the choice goes; the battle runs on when edit mode
    is turned off.

    Raises:
        IllegalAction: EDIT-4 (no casualty choice is awaited), EDIT-3 (no change), R-COMBAT-6
            (more hits than the side's units can take).
    """
    state = ctx.state
    pending = state.pending
    battle = next((b for b in state.battles if isinstance(pending, CasualtyChoice)
                   and b.id == pending.battle), None)
    if not isinstance(pending, CasualtyChoice) or battle is None or battle.hits is None:
        raise refuse("EDIT-4", "No battle waits for casualties now: the hits of a roll are "
                     "corrected while its casualties are being chosen.")
    if action.count == pending.count:
        raise refuse("EDIT-3", plural("{power} takes {count} hit already.",
                                      "{power} takes {count} hits already."),
                     power=pending.power, count=pending.count)
    ctx.emit(HitsEdited(space=battle.space, where=ctx.board.name(battle.space),
                        side=pending.side, old=pending.count, new=action.count))
    battle.hits = battle.hits.model_copy(update={"pools": _pools(battle.hits.pools,
                                                                  action.count)})
    if action.count == 0:
        state.pending = None
        settle(ctx, battle, [])
        return
    can_take = required(state, battle, battle.hits)
    if can_take < action.count:
        raise refuse("R-COMBAT-6", "The units of {power} in {space} can take {can_take} of "
                     "these hits, not {count}.", power=pending.power,
                     space=ctx.board.place(battle.space), can_take=can_take, count=action.count)
    state.pending = pending.model_copy(update={"count": action.count, "selected": ()})
