"""The engine answers three questions: what is legal now, why is this action
illegal, and what happens if I apply it. Applying always validates first and never half-changes
anything: the handler works on a copy, and a refusal throws the copy away.

    game = Game(board)
    state = game.new_game(players=3, seed=7)
    state, events = game.apply(state, Purchase(nation=Nation.JAPAN, units={...}))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from pacific.rules import battle_choices, battle_views, queries, registry
from pacific.rules.actions import EDIT_KINDS, Action, ActionKind
from pacific.rules.actions.combat import Retreat, RollDice
from pacific.rules.actions.economy import Place
from pacific.rules.actions.edit import EditMode
from pacific.rules.board_map import BoardMap
from pacific.rules.copying import clone_state
from pacific.rules.decisions import ConvoySplit, DiceRoll, decision_kinds
from pacific.rules.dice import ChanceDice, DiceSource, NeedDice, SeededDice
from pacific.rules.errors import IllegalAction, IllegalCombatChoice, WrongPhase, plural
from pacific.rules.events import Event
from pacific.rules.movement.fast.memory import Memory, using
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

# The answers asked on a drop, at the end of a phase and by the purchase and edit dialogs
# (`drops`, `phase_costs`, `offers`) are imported by the methods that ask them; the areas'
# handlers, listers and hooks register when the registry is first read (`registry.complete`:
# the first listing, applying or `why_illegal`). A window's first paint needs neither.
if TYPE_CHECKING:
    from pacific.rules import drops, phase_costs
    from pacific.rules.offers import PurchaseOffer

# R-TURN-3: the action kinds each phase allows. `end_phase` closes every phase (R-TURN-4).
PHASE_ACTIONS: dict[Phase, frozenset[ActionKind]] = {
    Phase.PURCHASE: frozenset({"end_phase", "purchase"}),
    Phase.CAP_LANDING: frozenset({"end_phase", "land_cap"}),
    Phase.COMBAT_MOVE: frozenset({"end_phase", "move", "load", "unload", "hold_convoy"}),
    Phase.COMBAT: frozenset({"end_phase", "select_battle", "call_off_assault"}),
    Phase.PRODUCTION_CHART: frozenset({"end_phase", "choose_owner"}),
    Phase.NONCOMBAT_MOVE: frozenset({"end_phase", "move", "load", "unload", "start_cap"}),
    Phase.PLACE: frozenset({"end_phase", "place"}),
    Phase.RESET: frozenset({"end_phase"}),
    Phase.INCOME: frozenset({"end_phase", "split_convoy_income"}),
}


class Game:
    """The rules of one board. Every method takes the state it works on and never changes it.

    The game owns a `Memory` of derived answers (the last movement listing of each power and
    phase, remembered path checks, air routes...) that makes the next listing cheap; it holds
    nothing a rule depends on, and a listing made with it equals one made without it
    (``remember=False``: every call starts from scratch). A game asked from two threads at once
    serializes its calls on the memory's lock."""

    def __init__(self, board: BoardMap, *, remember: bool = True) -> None:
        self.board = board
        self.memory = Memory(remember=remember)

    # ---- starting and asking ----

    def new_game(self, players: int = 3, seed: int = 0) -> GameState:
        """A new game at round 1 (R-SETUP-1..8). Before Japan's first turn the British player
        splits the starting convoy IPCs between India and Australia (R-SETUP-8): the state
        starts with that decision pending.

        Raises:
            ValueError: ``players`` is not 2 or 3 (R-SETUP-1).
        """
        from pacific.rules.setup import new_game

        if players not in (2, 3):
            raise ValueError(f"A&A Pacific is played by 2 or 3 players, not {players}")
        state = new_game(self.board, players=3 if players == 3 else 2, seed=seed)
        if self.board.setup.british_convoy_ipcs > 0:
            state.convoy_split_due = self.board.setup.british_convoy_ipcs
            state.pending = ConvoySplit(power=Power.UK, amount=state.convoy_split_due)
        return state

    @staticmethod
    def current_power(state: GameState) -> Power:
        """The power that must act now: the one a pending decision waits for, else the power
        whose turn it is."""
        if state.pending is not None:
            return state.pending.power
        return state.power

    # ---- the three questions ----

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        """Every legal action now, area by area, and last, turning edit mode on or off (the
        edits themselves are corrections, not choices of the game: they are not listed).
        While edit mode is on, turning it off is the only action listed. Empty once the game
        is over (R-TURN-7)."""
        if state.winner is not None:
            return iter(())
        if state.edit_mode:
            return iter((EditMode(on=False),))
        listed = self._listed(state)
        listed.append(EditMode(on=True))
        return iter(listed)

    def play_actions(self, state: GameState) -> Iterator[Action]:
        """The legal actions of the game itself: `legal_actions` without turning edit mode on
        or off (what a computer player chooses among). Empty while edit mode is on."""
        return iter(self._listed(state))

    def _listed(self, state: GameState) -> list[Action]:
        """`play_actions`, listed whole: a caller taking them all then copies a list, with no
        step of a generator per action (a movement phase lists thousands)."""
        if state.winner is not None or state.edit_mode:
            return []
        memory = self.memory if self.memory.remember else Memory(remember=False)
        with using(memory):
            return self._listed_with(state)

    def _listed_with(self, state: GameState) -> list[Action]:
        pending = state.pending
        if pending is not None:
            # A pending decision overrides the phase table: only its answers are listed.
            if isinstance(pending, DiceRoll):
                return [RollDice()]
            return list(registry.decision_lister(pending.decision)(self.board, state, pending))
        # Each lister yields only the kinds its phase allows (R-TURN-3, `PHASE_ACTIONS`; every
        # listing of tests/random_play.py checks it): listing filters nothing.
        listed: list[Action] = []
        for phases, lister in registry.listers():
            if state.phase in phases:
                listed.extend(lister(self.board, state))
        return listed

    def why_illegal(self, state: GameState, action: Action) -> IllegalAction | None:
        """The refusal ``apply`` would raise, or None when the action is legal. Nothing is
        rolled: the check stops where the first die would be needed."""
        try:
            self._run(state, action, ChanceDice())
        except IllegalAction as refusal:
            return refusal
        return None

    def apply(
        self, state: GameState, action: Action, dice: DiceSource | None = None
    ) -> tuple[GameState, list[Event]]:
        """Apply one action and return the new state and what happened.

        ``state`` itself is never changed. Without ``dice``, the game's seeded dice are used.
        With ``dice=ChanceDice()`` dice are decisions (chance nodes): when the rules call for
        dice, the new state waits with a `DiceRoll` decision pending and a `roll_dice` action
        brings the values (typed in at the table, or the game's seeded dice).

        Raises:
            IllegalAction: with the rule id and a player-facing reason; ``state`` is unchanged.
            DiceExhausted: ``dice`` is a fixed list that ran out; ``state`` is unchanged.
        """
        if dice is None:
            dice = SeededDice(state.seed, state.dice_drawn)
        return self._run(state, action, dice)

    def is_legal(self, state: GameState, action: Action) -> bool:
        return self.why_illegal(state, action) is None

    # ---- what the GUI and a computer player ask (pacific.rules.queries) ----

    def movable_units(self, state: GameState) -> frozenset[int]:
        """The units of the player to act that a listed movement action moves now."""
        with using(self.memory):
            return queries.movable_units(self.board, state)

    def why_unmovable(self, state: GameState,
                      unit_ids: Iterable[int]) -> IllegalAction | None:
        """Why none of ``unit_ids`` (units of one space, not aboard a ship) moves now: the
        phase's refusal (R-TURN-3), else the refusal of a move of one of them to a neighbouring
        space, by the rule that refuses the most neighbours (a neighbour of the space's own
        kind first, land beside a territory, sea beside a sea zone: the move a player tries
        first). None when one of them can move, or when nothing is refused."""
        from collections import Counter

        from pacific.rules.actions.movement import Move

        ids = tuple(unit_ids)
        if not ids or not set(ids) <= state.units.keys() or \
                set(ids) & self.movable_units(state):
            return None
        unit = state.units[ids[0]]
        if unit.carried_by is not None:
            return None
        space, board = unit.space, self.board
        held = self.why_illegal(state, Move(units=ids[:1], path=(space, space)))
        if held is not None and held.rule == "R-TURN-3":
            return held
        order = sorted(board.neighbours.get(space, ()),
                       key=lambda n: (board.is_sea(n) != board.is_sea(space), n))
        refusals = [refusal for n in order
                    if (refusal := self.why_illegal(state, Move(units=ids[:1],
                                                                path=(space, n)))) is not None]
        if not refusals:
            return None
        counts = Counter(refusal.rule for refusal in refusals)
        most = max(counts.values())
        return next(refusal for refusal in refusals if counts[refusal.rule] == most)

    def drop_targets(self, state: GameState,
                     unit_ids: Iterable[int]) -> dict[str, queries.DropTarget]:
        """Where a dragged group can go now: path, cost, meaning and action per space."""
        with using(self.memory):
            return queries.drop_targets(self.board, state, unit_ids)

    def drop_action(self, state: GameState, unit_ids: Iterable[int], space: str,
                    raid: bool = False) -> Action | None:
        """The action a drop of the group on ``space`` means (see `queries.drop_action`)."""
        with using(self.memory):
            return queries.drop_action(self.board, state, unit_ids, space, raid)

    def purchase_offers(self, state: GameState) -> tuple[PurchaseOffer, ...]:
        """What each nation of the power playing may buy now, with its treasury (see
        `offers.purchase_offers`)."""
        from pacific.rules.offers import purchase_offers

        return purchase_offers(state)

    def control_choices(self, state: GameState, space: str) -> tuple[Nation, ...]:
        """The nations an edit may make control ``space``, its original controller first for
        a convoy zone (see `offers.control_choices`)."""
        from pacific.rules.offers import control_choices

        return control_choices(self.board, state, space)

    def placement_targets(self, state: GameState, nation: Nation, unit_type: UnitType
                          ) -> frozenset[str]:
        """Where one new ``unit_type`` bought for ``nation`` may be placed now: the spaces of
        the listed placements (phase 7, R-PLACE-1..7; none in any other phase)."""
        return frozenset(action.space for action in self.legal_actions(state)
                         if isinstance(action, Place) and action.nation is nation
                         and action.unit_type is unit_type)

    def drop_actions(self, state: GameState, unit_ids: Iterable[int], space: str,
                     raid: bool = False) -> tuple[Action, ...]:
        """The actions a drop of the group on ``space`` sends, in order (see `drops`): one,
        or a load spread over several ships, or a move and the unloading."""
        from pacific.rules import drops

        return drops.drop_actions(self, state, unit_ids, space, raid)

    def largest_drop(self, state: GameState, unit_ids: Iterable[int], space: str,
                     raid: bool = False) -> drops.LargestDrop:
        """As many of the group as may be dropped on ``space``, and the actions that sends
        (see `drops.largest_drop`)."""
        from pacific.rules import drops

        return drops.largest_drop(self, state, unit_ids, space, raid)

    def part_drops(self, state: GameState,
                   unit_ids: Iterable[int]) -> dict[str, drops.PartDrop]:
        """Where a drop moves the group (or the most of it that may go) by more than one
        action, beyond `drop_targets` (see `drops.part_drops`)."""
        from pacific.rules import drops

        return drops.part_drops(self, state, unit_ids)

    def unload_targets(self, state: GameState,
                       unit_ids: Iterable[int]) -> dict[str, queries.DropTarget]:
        """Coasts a group of loaded ships unloads on when dropped there, after a move when
        needed, beyond `drop_targets` (see `drops`)."""
        from pacific.rules import drops

        return drops.unload_targets(self, state, unit_ids)

    def phase_end_costs(self, state: GameState) -> tuple[phase_costs.Cost, ...]:
        """What ending the phase now destroys or puts at risk (see `phase_costs`)."""
        from pacific.rules import phase_costs

        return phase_costs.phase_end_costs(self, state)

    def action_costs(self, state: GameState,
                     actions: Sequence[Action]) -> tuple[phase_costs.Cost, ...]:
        """What ``actions`` (a drop) add to the cost of ending the phase (see `phase_costs`)."""
        from pacific.rules import phase_costs

        return phase_costs.action_costs(self, state, actions)

    def battle_spaces(self, state: GameState) -> frozenset[str]:
        """Where the player to act fights this turn (see `battle_views.battle_spaces`): in combat
        movement, the battles its moves so far have made."""
        return battle_views.battle_spaces(self.board, state)

    def pick_units(self, state: GameState, unit_ids: Iterable[int], count: int
                   ) -> tuple[int, ...]:
        """The ``count`` units of a stack that move first (most movement left)."""
        return queries.pick_units(state, unit_ids, count)

    def battle_view(self, state: GameState,
                    battle_id: int | None = None) -> battle_views.BattleView | None:
        """The current battle (or battle ``battle_id`` of this turn) as the battle board shows
        it, or None."""
        return battle_views.battle_view(self.board, state, battle_id)

    def production_report(self, state: GameState) -> queries.ProductionReport:
        """The production chart and the convoy zones, from control."""
        return queries.production_report(self.board, state)

    def casualty_options(self, state: GameState) -> battle_choices.CasualtyOptions | None:
        """The casualties the side that was hit may name now, by kind, or None."""
        return battle_choices.casualty_options(self.board, state)

    def kamikaze_options(self, state: GameState) -> battle_choices.KamikazeOptions | None:
        """The ships Japan may aim kamikaze tokens at now, by group, or None."""
        return battle_choices.kamikaze_options(self.board, state)

    def retreat_landings(self, state: GameState, retreat: Retreat
                         ) -> tuple[battle_choices.RetreatLanding, ...]:
        """Where the aircraft of ``retreat`` would end: a territory, or a zone's carriers."""
        return battle_choices.retreat_landings(self, state, retreat)

    # ---- internals ----

    def _run(
        self, state: GameState, action: Action, dice: DiceSource
    ) -> tuple[GameState, list[Event]]:
        with using(self.memory):
            return self._run_with(state, action, dice)

    def _run_with(
        self, state: GameState, action: Action, dice: DiceSource
    ) -> tuple[GameState, list[Event]]:
        if state.winner is not None:
            raise IllegalAction("R-TURN-7", "The game is over: no more moves can be made.")
        if state.edit_mode and isinstance(action, RollDice):
            raise _edit_refusal(action, editing=True)
        work = clone_state(state)
        ctx = registry.Context(board=self.board, state=work, dice=dice)
        try:
            if isinstance(action, RollDice):
                self._roll(ctx, action)
            else:
                self._dispatch(ctx, action)
        except NeedDice as need:
            # Dice as decisions, outside a battle: nothing of the action is kept; the state
            # waits for the dice and the action runs again, whole, once they are known.
            waiting = clone_state(state)
            resume: Action | None = action
            before = state.pending
            if isinstance(state.pending, DiceRoll) and isinstance(action, RollDice):
                resume, before = state.pending.resume, state.pending.interrupted
            waiting.pending = registry.dice_decision(need, given=need.consumed, resume=resume,
                                                     interrupted=before)
            return waiting, []
        return work, ctx.events

    def _dispatch(self, ctx: registry.Context, action: Action) -> None:
        state = ctx.state
        allowed = allowed_kinds(state)
        if action.kind not in allowed:
            if state.edit_mode or action.kind in EDIT_KINDS:
                raise _edit_refusal(action, state.edit_mode)
            if state.pending is not None:
                raise WrongPhase("R-TURN-3", "This is not possible now: {power} must first "
                                 "answer a decision ({decision}).", power=state.pending.power,
                                 decision=state.pending)
            raise WrongPhase("R-TURN-3", "This is not possible now: this is phase {number} "
                             "({phase}).", number=state.phase.number, phase=state.phase)
        handler = registry.handler(action.kind)
        if handler is None:
            raise WrongPhase("R-TURN-3", "This action is not implemented yet: {kind}.",
                             kind=action.kind)
        handler(ctx, action)

    def _roll(self, ctx: registry.Context, action: RollDice) -> None:
        """The dice a `DiceRoll` decision waits for (R-COMBAT-5 and every roll of the rules):
        the step or action that asked for them runs again with all the values."""
        state = ctx.state
        pending = state.pending
        if not isinstance(pending, DiceRoll):
            raise IllegalCombatChoice("R-COMBAT-5", "No dice are awaited now.")
        count = pending.count
        if action.values is None:
            # "Roll for me": the game's seeded dice, as if they had been rolled inline.
            values = SeededDice(state.seed, state.dice_drawn + len(pending.given)).roll(
                count, "roll for me")
        elif len(action.values) != count:
            raise IllegalCombatChoice(
                "R-COMBAT-5", plural("{count} die is awaited, not {given}.",
                                     "{count} dice are awaited, not {given}."),
                count=count, given=len(action.values))
        else:
            values = list(action.values)
        ctx.dice = ChanceDice([*pending.given, *values])
        ctx.typed_dice = action.values is not None
        state.pending = pending.interrupted
        if pending.resume is not None:
            self._dispatch(ctx, pending.resume)
        elif pending.battle is not None:
            for resume in registry.battle_resumers():
                resume(ctx, pending.battle)


_EDIT_MODE: frozenset[ActionKind] = frozenset({"edit_mode"})
# Each phase's kinds with turning edit mode on, made once (asked at every action).
_PHASE_OPEN: dict[Phase, frozenset[ActionKind]] = {
    phase: kinds | _EDIT_MODE for phase, kinds in PHASE_ACTIONS.items()}


def allowed_kinds(state: GameState) -> frozenset[ActionKind]:
    """The action kinds open now: while edit mode is on, the edits (in every phase, under any
    pending decision); else a pending decision's kinds or the phase table's, and turning
    edit mode on."""
    if state.edit_mode:
        return EDIT_KINDS
    if state.pending is not None:
        return decision_kinds(state.pending) | _EDIT_MODE
    return _PHASE_OPEN[state.phase]


def _edit_refusal(action: Action, editing: bool) -> WrongPhase:
    if editing:
        return WrongPhase("EDIT-2", "{action} waits: edit mode is on. Turn it off to play on.",
                          action=action)
    return WrongPhase("EDIT-1", "{action} is a correction: turn edit mode on first.",
                      action=action)
