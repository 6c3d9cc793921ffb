"""Choosing the owner of a captured territory (R-CAPTURE-11 Siam and French Indochina in the
American turn; R-CAPTURE-12 / OQ-6 joint captures) and the end of phase 5.

`capture_territory` queues the decision in ``state.owner_choices`` and asks for it through
``state.pending``. Every adjustment of the chart must be done by the end of phase 5 (R-CONTROL-6,
OQ-22), so phase 5 cannot end while a choice is open.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacific.rules.actions.economy import ChooseOwner
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import OwnerDecision
from pacific.rules.economy.control import owner_choice_pending, set_chosen_owner
from pacific.rules.errors import IllegalAction
from pacific.rules.phases import Phase
from pacific.rules.registry import Context, handles, lists, lists_decision, on_enter, on_leave
from pacific.rules.state import GameState


def _rule_for(board: BoardMap, territory: str) -> str:
    return "R-CAPTURE-11" if territory in board.allied_choice_on_capture else "R-CAPTURE-12"


@handles("choose_owner")
def choose_owner(ctx: Context, action: ChooseOwner) -> None:
    """Give the first open choice's territory to the chosen nation and ask the next one."""
    board, state = ctx.board, ctx.state
    if not state.owner_choices:
        raise IllegalAction("R-CAPTURE-12", "No captured territory is waiting for its owner to "
                            "be chosen.")
    choice = state.owner_choices[0]
    rule = _rule_for(board, choice.territory)
    if action.territory != choice.territory:
        raise IllegalAction(rule, "Choose the owner of {space} first.",
                            space=board.place(choice.territory))
    if action.nation not in choice.options:
        raise IllegalAction(rule, "{space} can go only to one of: {nations}.",
                            space=board.place(choice.territory), nations=tuple(choice.options))
    set_chosen_owner(ctx, choice.territory, action.nation)
    state.own("owner_choices").pop(0)
    if isinstance(state.pending, OwnerDecision):
        state.pending = None
    _ask_next(board, state)


def _ask_next(board: BoardMap, state: GameState) -> None:
    if state.pending is None and state.owner_choices:
        state.pending = owner_choice_pending(board, state.owner_choices[0])


@lists(Phase.PRODUCTION_CHART)
def list_open_choices(board: BoardMap, state: GameState) -> Iterator[ChooseOwner]:
    """A choice queued and not asked yet can be made in phase 5 (R-CONTROL-6)."""
    if state.owner_choices:
        choice = state.owner_choices[0]
        for nation in choice.options:
            yield ChooseOwner(territory=choice.territory, nation=nation)


@lists_decision("choose_owner")
def list_owner_choices(board: BoardMap, state: GameState,
                       pending: OwnerDecision) -> Iterator[ChooseOwner]:
    for nation in pending.options:
        yield ChooseOwner(territory=pending.territory, nation=nation)


@on_enter(Phase.PRODUCTION_CHART)
def ask_open_choices(ctx: Context) -> None:
    """A choice queued while another decision was pending is asked now at the latest."""
    _ask_next(ctx.board, ctx.state)


@on_leave(Phase.PRODUCTION_CHART)
def choices_done(ctx: Context) -> None:
    """R-CONTROL-6 (OQ-22): every change of control is settled by the end of phase 5."""
    if ctx.state.owner_choices:
        territory = ctx.state.owner_choices[0].territory
        rule = _rule_for(ctx.board, territory)
        raise IllegalAction(rule, "Choose who takes {space} before ending phase 5.",
                            space=ctx.board.place(territory))
