"""The computer player: plays Japan, Great Britain (India and Australia) or the
United States (with China) through every phase and every decision, asking the engine only its
public questions (`legal_actions`, `why_illegal`, `apply` through the caller, the queries) and
judging battles with the exact odds of `pacific.odds`.

    player = ComputerPlayer(game, NORMAL)
    action = player.choose(state)      # legal now; the caller applies it

A phase is planned once, when the player is first asked in it: the plan is a list of steps
(`pacific.ai.steps`) that each become one action from the position of the moment. Decisions the
engine waits for (`state.pending`) are answered at once from the listed answers."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pacific.ai.combat_move import combat_steps
from pacific.ai.decisions import decide, split_income
from pacific.ai.explain import Reason, TurnPlan
from pacific.ai.judge import Judge
from pacific.ai.levels import NORMAL, Level
from pacific.ai.noncombat import noncombat_steps
from pacific.ai.purchase import choose_placement, purchase_with_reason
from pacific.ai.reasons import move_reason
from pacific.ai.stacks import my_stacks
from pacific.ai.steps import Step
from pacific.ai.turn import Memory, Turn
from pacific.rules.actions import Action
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase, Purchase
from pacific.rules.actions.movement import LandCap
from pacific.rules.engine import Game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.state import GameState

# More actions than this in one phase means a plan that does not converge: end the phase.
PHASE_ACTION_LIMIT = 400

PlanKey = tuple[int, str, str]


@dataclass(frozen=True)
class Activity:
    """What the computer player is doing, as an id with its parameters: the
    presentation words it. ``what`` is one of "deciding" (answering ``decision``), "buying",
    "attacking" (planning the combat movement), "moving" (non-combat movement), "placing",
    "fighting" (in ``space``), or "" before it has started."""

    what: str = ""
    power: Power | None = None
    space: str | None = None
    decision: str | None = None


class ComputerPlayer:
    """A computer player at one level. One instance may play several powers (the Allies in a
    two-player game); it keeps only its odds cache and the plan of the phase being played."""

    def __init__(self, game: Game, level: Level = NORMAL) -> None:
        self.game = game
        self.level = level
        self.name = f"ai:{level.name}"
        self.judge = Judge()
        self.memory = Memory()
        self._plan: list[Step] = []
        self._plan_key: PlanKey | None = None
        self._acted = 0
        # What the player is doing (the GUI shows it while the player thinks).
        self.activity = Activity()
        # The attacks of the last combat movement it planned, and why (the computer panel).
        self.plan: TurnPlan | None = None
        # Why the action `choose` returned last was sent: an attack's reason, another move's,
        # a purchase's (None: a decision, a placement, the end of a phase).
        self.reason: Reason | None = None

    def why(self) -> Reason | None:
        """Why the action `choose` returned last was sent, as values (`pacific.ai.explain`):
        an attack's `AttackReason`, another move's `MoveReason`, a purchase's
        `PurchaseReason`; None for a decision, a placement or the end of a phase.
        `pacific.text.computer.reason_text` words any of them."""
        return self.reason

    def forget(self) -> None:
        """Drop the plan of the phase being played: the position changed behind the player's
        back (an undo, another game opened)."""
        self._plan = []
        self._plan_key = None

    def choose(self, state: GameState) -> Action:
        """The action to take now: listed by `legal_actions` or accepted by `why_illegal`.

        Raises:
            RuntimeError: nothing is legal (the game is over).
        """
        if state.winner is not None:
            raise RuntimeError("the game is over")
        self.reason = None
        if state.pending is not None:
            self.activity = Activity("deciding", state.pending.power,
                                     decision=state.pending.decision)
            return decide(self.game, state, state.pending, self.level, self.judge)
        key: PlanKey = (state.round, state.power.value, state.phase.value)
        if key != self._plan_key:
            self._plan_key = key
            self._acted = 0
            self._plan = self._plan_phase(state)
        self._acted += 1
        if self._acted <= PHASE_ACTION_LIMIT:
            while self._plan:
                step = self._plan[0]
                action = step(self.game, state)
                # A repeating step (a task force, a transport) sends one move per call until
                # it has nothing left to send.
                if action is None or not getattr(step, "repeat", False):
                    self._plan.pop(0)
                if action is not None:
                    self.reason = self._why(state, step, action)
                    return action
            action = self._next(state)
            if action is not None:
                return action
        return self._fallback(state)

    # ---- phases ----

    def _turn(self, state: GameState) -> Turn:
        self.memory.reset((state.round, state.power, state.phase), self.level.threat_budget)
        return Turn(self.game, state, self.level, self.judge, self.memory)

    def _plan_phase(self, state: GameState) -> list[Step]:
        phase = state.phase
        turn = self._turn(state)
        if phase is Phase.PURCHASE:
            self.activity = Activity("buying", state.power)
            return [_fixed(Purchase(nation=nation, units=units), why)
                    for nation in turn.nations if nation is not Nation.CHINA
                    for units, why in [purchase_with_reason(turn, nation)] if units]
        if phase is Phase.COMBAT_MOVE:
            self.activity = Activity("attacking", state.power)
            steps, attacks, report = combat_steps(turn, my_stacks(self.game, state))
            self.plan = TurnPlan(state.power, state.round, tuple(why for _, why in attacks))
            if report is not None:
                self.plan = replace(self.plan, plans_weighed=len(report.values),
                                    chosen_value=report.values[report.chosen],
                                    greedy_value=report.values[self.level.name])
            return steps
        if phase is Phase.NONCOMBAT_MOVE:
            self.activity = Activity("moving", state.power)
            return noncombat_steps(turn, my_stacks(self.game, state))
        return []

    def _why(self, state: GameState, step: Step, action: Action) -> Reason | None:
        why: Reason | None = getattr(step, "why", None)
        kind = getattr(step, "kind", "")
        if why is None and kind:
            return move_reason(self._turn(state), kind, action)
        return why

    def _next(self, state: GameState) -> Action | None:
        """What to do once the plan is done: phase by phase, choose among the listed actions
        (placement, battles, patrol landings, owner choices, the convoy split), else end the
        phase."""
        phase = state.phase
        if phase in (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE, Phase.PURCHASE, Phase.RESET):
            # Listing every move again only to find "end the phase" would cost more than the
            # whole plan: ask the engine about that one action.
            end = EndPhase()
            if self.game.why_illegal(state, end) is None:
                return end
        listed = list(self.game.legal_actions(state))
        if phase is Phase.PLACE:
            self.activity = Activity("placing", state.power)
            choice = choose_placement(self._turn(state), listed)
            if choice is not None:
                return choice
        if phase is Phase.COMBAT:
            battles = [a for a in listed if isinstance(a, SelectBattle)]
            if battles:
                self.activity = Activity("fighting", state.power, space=battles[0].space)
                return battles[0]
        if phase is Phase.CAP_LANDING:
            landings = [a for a in listed if isinstance(a, LandCap)]
            if landings:
                return landings[0]
        if phase is Phase.INCOME and state.convoy_split_due > 0:
            return split_income(self.game, state, state.convoy_split_due, listed)
        owner = [a for a in listed if a.kind == "choose_owner"]
        if owner:
            return owner[0]
        for action in listed:
            if isinstance(action, EndPhase):
                return action
        return listed[0] if listed else None

    def _fallback(self, state: GameState) -> Action:
        listed = list(self.game.legal_actions(state))
        if not listed:
            raise RuntimeError("no legal action: the game is over")
        for action in listed:
            if isinstance(action, EndPhase):
                return action
        return listed[0]


@dataclass
class _Fixed:
    """One action decided in advance (a purchase), with why."""

    action: Action
    why: Reason | None = None

    def __call__(self, game: Game, state: GameState) -> Action | None:
        return self.action if game.why_illegal(state, self.action) is None else None


def _fixed(action: Action, why: Reason | None = None) -> Step:
    return _Fixed(action, why)
