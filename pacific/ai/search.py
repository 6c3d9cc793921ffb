"""Whole-turn plan search for the combat movement (the hard level).

The greedy planner (`pacific.ai.attacks`) chooses attacks one target at a time. The search
looks at whole plans instead, in the spirit of TripleA's ProAI "can it be held?" and of online
evolutionary planning (Justesen et al., 2017), on a small budget:

1. **Candidates**: the greedy plan at the level's own judgement, and the same planner with other
   settings: heavier (more units beyond the odds, to lose fewer) and more cautious (higher odds
   wanted). A bolder one (lower odds wanted) was tried and lost more games: the expected
   values of risky attacks are the least reliable part of the evaluation.
2. **Simulation**: each candidate's moves are played with the engine on a copy of the position
   (`Game.apply`; moving rolls no dice), so the plan is judged on where the units really end,
   and a plan whose moves the engine refuses loses them.
3. **Evaluation**: the battles at their expected outcome (the exact odds: P(win) times what the
   capture is worth, plus the expected unit trade, minus what the enemy's answer would destroy
   there), and the enemy's answer everywhere else: for each of this side's spaces a move
   drained, P(the enemy takes it, or wins there at sea, next turn) times its worth, before and
   after the moves. The enemy's answer is the planner's own model of it (everything in reach,
   exact odds), the same judgement the normal level's planner makes of a counter-attack.
4. **Mutation**: the best plan then loses, one at a time, each attack whose removal makes the
   whole turn worth more (defence first), until none does.

The best-scoring plan is played. Its value and the candidates' are kept (`SearchReport`) so
that "Why?" can say what the turn was weighed against."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from pacific.ai.attack_plan import plan_attacks
from pacific.ai.attacks import Attack
from pacific.ai.fleet import deck_lost
from pacific.ai.judge import value
from pacific.ai.levels import Level
from pacific.ai.stacks import Stack
from pacific.ai.steps import Step
from pacific.ai.turn import Turn
from pacific.ai.values import IPC_PER_VP, STARVE_BONUS, STARVE_LINE, vp_worth
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.errors import IllegalAction
from pacific.rules.nations import Side
from pacific.rules.phases import Phase
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UnitType, is_air

# Turns attacks into the combat movement's steps (`pacific.ai.combat_move.attack_steps`).
BuildSteps = Callable[[Turn, list[Stack], list[Attack]], list[Step]]

# The planner's other settings tried besides the level's own (name, Level fields changed).
VARIANTS: tuple[tuple[str, Callable[[Level], Level]], ...] = (
    ("heavy", lambda level: replace(level, overkill=3)),
    ("cautious", lambda level: replace(level, attack_odds=0.9, capital_attack_odds=0.95)),
)
# Moves played on the copy, at most (a combat movement sends a few dozen).
MAX_MOVES = 300
# A plan must beat the greedy one by this much (IPC) to replace it: the evaluation is an
# estimate, and the greedy plan's own checks (capitals, guards) have already passed.
MARGIN = 4.0
# Share of the enemy's answer at the spaces a plan drains counted against it: like the
# counter-attack's (`attacks.COUNTER_WEIGHT`), the enemy cannot send everything everywhere.
EXPOSURE_WEIGHT = 1.0
# Sea steps a carrier can sail to the deck its fighters declared (a carrier's move).
DECK_REACH = 2
# What a unit the plan meant to send, but the engine kept home, costs the plan (IPC).
MISSING = 5.0


@dataclass
class Candidate:
    name: str
    attacks: list[Attack]
    value: float = 0.0
    refused: int = 0


@dataclass
class SearchReport:
    """What the search weighed: each candidate's name and value (IPC, expected), the chosen
    one first."""

    chosen: str
    values: dict[str, float] = field(default_factory=dict)


def search_attacks(turn: Turn, stacks: list[Stack],
                   build_steps: BuildSteps) -> tuple[list[Attack], SearchReport]:
    """The attacks of the best whole plan found, and what was weighed."""
    candidates = [Candidate(turn.level.name, plan_attacks(turn, stacks))]
    seen = {_key(candidates[0].attacks)}
    for name, change in VARIANTS:
        variant = Turn(turn.game, turn.state, change(turn.level), turn.judge,
                       turn.memory)
        attacks = plan_attacks(variant, stacks)
        key = _key(attacks)
        if key not in seen:
            seen.add(key)
            candidates.append(Candidate(name, attacks))
    judge = _Evaluator(turn, stacks, build_steps)
    for candidate in candidates:
        candidate.value = judge.value(candidate)
    best = max(candidates, key=lambda c: (c.value - (0 if c is candidates[0] else MARGIN)))
    best = _mutate(judge, best)
    report = SearchReport(best.name, {c.name: round(c.value, 1) for c in candidates})
    report.values[best.name] = round(best.value, 1)
    return best.attacks, report


def _key(attacks: list[Attack]) -> frozenset[tuple[str, frozenset[int]]]:
    return frozenset((a.target, frozenset(a.unit_ids())) for a in attacks)


def _mutate(judge: _Evaluator, best: Candidate) -> Candidate:
    """Drop attacks one at a time while the whole turn gains by it (defence first)."""
    improved = True
    while improved and len(best.attacks) > 1:
        improved = False
        for attack in sorted(best.attacks, key=lambda a: a.score):
            trial = Candidate(best.name if best.name.endswith("-") else best.name + "-",
                              [a for a in best.attacks if a is not attack])
            trial.value = judge.value(trial)
            if trial.value > best.value + MARGIN:
                best, improved = trial, True
                break
    return best


class _Evaluator:
    def __init__(self, turn: Turn, stacks: list[Stack], build_steps: BuildSteps) -> None:
        self.turn = turn
        self.stacks = stacks
        self.build_steps = build_steps
        self._before: dict[str, tuple[float, float, list[Unit]]] = {}

    def value(self, candidate: Candidate) -> float:
        turn = self.turn
        after, refused = simulate(turn.game, turn.state,
                                  self.build_steps(turn, self.stacks, candidate.attacks))
        candidate.refused = refused
        start = turn.state.units
        moved_ids = {uid for a in candidate.attacks for uid in a.unit_ids()
                     if uid in after.units and after.units[uid].space != start[uid].space}
        # Units the plan meant to send that stayed home: their attack is weaker than judged.
        missing = sum(1 for a in candidate.attacks for uid in a.unit_ids()
                      if uid in after.units and start[uid].space != a.target
                      and after.units[uid].space == start[uid].space)
        total = sum(a.score for a in candidate.attacks) - MISSING * missing
        drained = sorted({turn.state.units[uid].space for uid in moved_ids})
        left = Turn(turn.game, after, turn.level, turn.judge, turn.memory)
        for space in drained:
            if space in {a.target for a in candidate.attacks}:
                continue
            total -= EXPOSURE_WEIGHT * (sum(self._exposure(left, space)[:2])
                                        - self._exposure_before(space, moved_ids))
        if turn.level.victory_conditions:
            total += victory(turn, candidate.attacks)
        return total - self._decks_lost(left)

    def _decks_lost(self, turn: Turn) -> float:
        """Aircraft that declared they would land in a sea zone (R-AIR-3) where the carriers
        that can reach it would be sunk with them (`fleet.deck_lost`): the deck is not sent,
        so they are lost, and their value counts against the plan."""
        declared: dict[str, list[Unit]] = {}
        for unit in turn.state.units.values():
            if turn.ours(unit) and unit.landing and turn.board.is_sea(unit.landing) \
                    and unit.carried_by is None and is_air(unit.type):
                declared.setdefault(unit.landing, []).append(unit)
        lost = 0.0
        for zone, aircraft in sorted(declared.items()):
            decks = sorted((u for u in turn.state.units.values() if turn.ours(u)
                            and u.type is UnitType.CARRIER
                            and turn.view.sea_distance(u.space, zone) <= DECK_REACH),
                           key=lambda u: (turn.view.sea_distance(u.space, zone), u.id))
            if not decks or deck_lost(turn, decks[0], zone):
                lost += value(aircraft)
        return lost

    def _exposure_before(self, space: str, moved_ids: set[int]) -> float:
        """The enemy's answer at ``space`` before the moves, as far as it concerns what the
        plan leaves there: the space's worth, and the share of the units' expected loss
        borne by the units that stay. The leaving units' own risk goes with them: it is
        judged where they go (the attack's counter-attack in its `score`), so leaving a
        threatened space is no gain in itself."""
        if space not in self._before:
            self._before[space] = self._exposure(self.turn, space)
        worth, lost, units = self._before[space]
        staying = value([u for u in self._present(self.turn, space) if u.id not in moved_ids])
        present = value(units)
        return worth + (lost * staying / present if present > 0 else 0.0)

    @staticmethod
    def _present(turn: Turn, space: str) -> list[Unit]:
        """This side's units at ``space`` that the enemy's answer there would destroy: its
        defenders and, at sea, the cargo aboard."""
        cargo = [u for u in turn.state.units.values() if u.space == space
                 and u.carried_by is not None and turn.ours(u)] \
            if turn.board.is_sea(space) else []
        return [*turn.my_defenders(space), *cargo]

    def _exposure(self, turn: Turn, space: str) -> tuple[float, float, list[Unit]]:
        """What the enemy's answer at ``space`` is expected to cost this side: P(it takes the
        space) times the space's worth, the units it destroys net of its own losses, and
        those units."""
        defenders = turn.my_defenders(space)
        units = self._present(turn, space)
        if not defenders and turn.board.is_sea(space):
            return 0.0, 0.0, units
        threat = turn.threat(space, defenders=defenders)
        worth = self.turn.importance(space) if turn.board.is_land(space) else 0.0
        lost = max(threat.net_loss, 0.0) if defenders else 0.0
        if turn.board.is_sea(space):
            lost = max(lost, threat.chance * value(units))
        return threat.chance * max(worth, 0.0), lost, units


def victory(turn: Turn, attacks: list[Attack]) -> float:
    """What the plan's captures together do to Japan's victory conditions (IPC, expected, for
    the side to play): Japan's victory points at its next Phase 9, one per full 10 IPC of its
    income (R-VP-2), each at `vp_worth`, and the chance that the income ends below 10, which
    loses Japan the game (R-VICTORY-4), beyond what each capture alone already counts in its
    score (`Economy.swing`). The captures' outcomes are taken as independent; in the Allies'
    turn a capture counts only while Japan does not retake it before its Phase 9 (the attack's
    feared answer)."""
    economy = turn.economy
    now = economy.japan_now
    allies = turn.view.side is Side.ALLIES
    spread = {0: 1.0}     # change of Japan's income -> probability
    alone = 0.0           # starving chance the captures' own scores already count
    for attack in attacks:
        if attack.raid:
            continue
        after = economy.japan_income(attack.target)
        if after == now:
            continue
        chance = 1.0 if attack.result is None else (
            attack.result.captured if turn.board.is_land(attack.target)
            else attack.result.attacker_wins)
        if allies:
            chance *= 1.0 - (attack.feared or 0.0)
        if now >= STARVE_LINE > after:
            alone += chance
        elif after >= STARVE_LINE > now:
            alone -= chance
        step: dict[int, float] = {}
        for change, p in spread.items():
            step[change + after - now] = step.get(change + after - now, 0.0) + p * chance
            step[change] = step.get(change, 0.0) + p * (1.0 - chance)
        spread = step
    if len(spread) == 1:
        return 0.0
    points = sum(p * (max(now + change, 0) // IPC_PER_VP) for change, p in spread.items())
    starving = sum(p for change, p in spread.items() if now + change < STARVE_LINE)
    worth = vp_worth(turn.state.victory_points, turn.board.victory_points_to_win)
    japan = worth * (points - now // IPC_PER_VP) - STARVE_BONUS * (
        starving - (1.0 if now < STARVE_LINE else 0.0) - alone)
    return -japan if allies else japan


def simulate(game: Game, state: GameState, steps: list[Step]) -> tuple[GameState, int]:
    """Play ``steps`` on a copy of the position with the engine (no dice: an action that would
    roll ends the simulation) and return the position reached and how many steps the engine
    refused or skipped."""
    refused = 0
    dice = ChanceDice()
    sent = 0
    for step in steps:
        while sent < MAX_MOVES:
            action = step(game, state)
            if action is None:
                refused += 0 if getattr(step, "repeat", False) else 1
                break
            try:
                after, _ = game.apply(state, action, dice)
            except IllegalAction:
                refused += 1
                break
            sent += 1
            if after.pending is not None or after.phase is not Phase.COMBAT_MOVE:
                return state, refused
            state = after
            if not getattr(step, "repeat", False):
                break
    return state, refused


__all__ = ["Candidate", "SearchReport", "search_attacks", "simulate", "victory"]
