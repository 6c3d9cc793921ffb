"""What the coach answers, built on the computer player.

The coach follows the computer player's own plan for the phase being played: it asks
`ComputerPlayer.choose` (the same call the window's computer seats make) at the strongest
level, applies each answer to a copy of the position with dice as decisions (`ChanceDice`: a
move never rolls, and an answer that would roll ends the plan), and stops at the end of the
phase, at a decision someone must take, or when its time is up. The game it is asked about is
never touched.

Then it says why, in facts it works out with the player's own tools:

- combat movement: each battle the plan makes, with its exact odds (`pacific.odds`), what
  each side expects to lose, and the enemy's likely answer next turn (`Turn.threat`: the enemy
  units in reach of the space and their chance of taking it back);
- non-combat movement: where the pieces go, and how much safer that makes the places the
  enemy could take;
- purchase and placement: what is bought and where it goes, and the greatest danger the
  player sees at its own industrial complexes;
- a battle to choose or a decision to take: the answer, with the battle's odds.

It also hands on the computer player's own reasons, as "Why?" in the event log shows them
(values of `pacific.ai.explain`): for the attacks of a combat movement the odds it expected,
what it wanted and the answer it feared (`ComputerPlayer.plan`); for any other move or a
purchase, the reason it gave with each action it chose (`ComputerPlayer.why`).

Every sentence is a message id with its values (`Message`): the presentation shows it in the
player's language.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from pacific.ai.explain import Reason
from pacific.ai.judge import Judge
from pacific.ai.levels import HARD, Level
from pacific.ai.player import ComputerPlayer
from pacific.ai.turn import Memory, Turn
from pacific.odds import OddsResult
from pacific.odds.positions import attack_spec, battle_spec
from pacific.rules.actions import Action
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase, Place, Purchase
from pacific.rules.actions.movement import Load, Move, Unload
from pacific.rules.battle_records import Battle, BattleKind
from pacific.rules.combat.start import find_battles
from pacific.rules.dice import ChanceDice
from pacific.rules.engine import Game
from pacific.rules.errors import N_, Message, PacificError, Units
from pacific.rules.nations import power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UNIT_SPECS, UnitType, is_land, is_sea

# The strongest level the computer plays at: the coach answers as it would.
COACH_LEVEL = HARD
# Wall-clock seconds for following the plan; the odds and the enemy's answers come after, and
# the whole answer stays within 3 s on a two-core machine (docs/performance.md).
PLAN_SECONDS = 1.8
# A phase's plan longer than this is cut (the highlights would be unreadable anyway).
MAX_ACTIONS = 80
# At most this many of the reasons given with other moves and purchases: a hint stays short.
MAX_WHY = 4
# Places whose safety a non-combat answer weighs, at most (each may cost exact odds).
MAX_GUARDED = 6

# Phases whose plan is a run of actions that roll no dice: the coach follows them to the end.
PLANNED = (Phase.PURCHASE, Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE, Phase.PLACE)


@dataclass(frozen=True)
class AttackOdds:
    """A battle the advice starts or fights: ``win`` is P(the space is taken) on land,
    P(the attacker wins) at sea, None when the calculator does not cover it (a raid);
    ``counter`` the enemy's chance of taking it back next turn, with the units in reach."""

    space: str
    kind: BattleKind
    win: float | None
    attacker_ipc_lost: float = 0.0
    defender_ipc_lost: float = 0.0
    counter: float | None = None
    counter_units: Units | None = None


@dataclass(frozen=True)
class Advice:
    """The coach's answer: the actions the computer player would take, in order (the first
    is the next one), the reasons, the battles with their odds, and what to highlight: the
    pieces it would use (where they stand now) and the places they go to or fight in.
    ``complete`` is False when the time ran out before the plan's end."""

    power: object
    phase: Phase
    actions: tuple[Action, ...]
    reasons: tuple[Message, ...]
    attacks: tuple[AttackOdds, ...] = ()
    units: frozenset[int] = frozenset()
    spaces: tuple[str, ...] = ()
    complete: bool = True
    # The computer player's own reasons (`pacific.ai.explain`): for the attacks it plans, the
    # odds it expected, what it wanted, the enemy's answer it feared; for its other moves and
    # purchases, the reason given with each; "Why?" in the event log words the same values.
    why: tuple[Reason, ...] = ()

    @property
    def next_action(self) -> Action | None:
        return self.actions[0] if self.actions else None

    def followed(self, action: object, state: GameState) -> Advice | None:
        """The advice left once the player made ``action``, one of its moves (in any order;
        a move counts by its units and where they go, the path may differ), with what to
        highlight in ``state``, the position it led to; None when ``action`` is none of its
        moves, or it was the last (the hint's moves are all made)."""
        step = _step(action)
        made = next((i for i, a in enumerate(self.actions) if _step(a) == step), None)
        if made is None or state.phase is not self.phase or len(self.actions) < 2:
            return None
        left = self.actions[:made] + self.actions[made + 1:]
        units, spaces = _highlights(state, left)
        return replace(self, actions=left, units=units, spaces=spaces)


def percent(p: float) -> int:
    return round(p * 100)


class Coach:
    """Asks a computer player at ``level`` (its odds cache kept between questions) what it
    would do; ``clock`` measures the time budget (wall time: the answer is for a person)."""

    def __init__(self, game: Game, level: Level = COACH_LEVEL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.game = game
        self.level = level
        self.player = ComputerPlayer(game, level)
        self.clock = clock

    @property
    def judge(self) -> Judge:
        return self.player.judge

    def advise(self, state: GameState, budget: float = PLAN_SECONDS) -> Advice:
        """What the computer player would do next in ``state``'s phase, and why.

        Raises:
            ValueError: the game is over (there is nothing to advise).
        """
        if state.winner is not None:
            raise ValueError("the game is over")
        self.player.forget()   # plan from this position, whatever was asked before
        actions, end, complete, given = self._plan(state, budget)
        power = state.pending.power if state.pending is not None else state.power
        units, spaces = _highlights(state, actions)
        attacks: list[AttackOdds] = []
        if state.pending is None and state.phase is Phase.COMBAT_MOVE:
            attacks = self._attacks(end)
        elif state.pending is None and state.phase is Phase.COMBAT and actions and \
                isinstance(actions[0], SelectBattle):
            battle = next((b for b in state.battles if b.space == actions[0].space), None)
            attacks = [self._odds(state, battle)] if battle is not None else []
        reasons = self._reasons(state, end, actions, attacks)
        plan = self.player.plan
        why: tuple[Reason, ...] = tuple(
            plan.attacks if plan is not None and state.pending is None and
            state.phase is Phase.COMBAT_MOVE and (plan.power, plan.round) ==
            (state.power, state.round) else ())
        # The reasons given with the other moves and purchases, each once (the plan's
        # attacks already say why they fight).
        why += tuple(dict.fromkeys(r for r in given if r not in why))[:MAX_WHY]
        return Advice(power, state.phase, tuple(actions), tuple(reasons), tuple(attacks),
                      units, spaces, complete, why)

    # ---- the plan ----

    def _plan(self, state: GameState, budget: float
              ) -> tuple[list[Action], GameState, bool, list[Reason]]:
        """The player's actions from ``state`` to the end of its plan for the phase; the
        position they lead to; whether the plan was followed to its end; the reasons the
        player gave with its actions (`ComputerPlayer.why`)."""
        started = self.clock()
        key = (state.round, state.power, state.phase)
        actions: list[Action] = []
        given: list[Reason] = []
        now = state
        while len(actions) < MAX_ACTIONS:
            action = self.player.choose(now)
            if isinstance(action, EndPhase) and actions:
                return actions, now, True, given   # the plan is done: the phase would end
            actions.append(action)
            reason = self.player.why()
            if reason is not None:
                given.append(reason)
            if now.pending is not None or now.phase not in PLANNED or \
                    isinstance(action, EndPhase):
                return actions, now, True, given   # one answer: what follows depends on dice
            try:
                now, _events = self.game.apply(now, action, ChanceDice())
            except PacificError:
                return actions, now, True, given
            if (now.round, now.power, now.phase) != key or now.pending is not None:
                return actions, now, True, given
            if self.clock() - started > budget:
                return actions, now, False, given
        return actions, now, False, given

    # ---- the battles ----

    def _attacks(self, end: GameState) -> list[AttackOdds]:
        """The battles the plan makes, as phase 4 would find them, with their odds and the
        enemy's likely answer."""
        turn = Turn(self.game, end, self.level, self.judge, Memory())
        out = []
        for battle in sorted(find_battles(self.game.board, end), key=lambda b: b.space):
            odds = self._odds(end, battle)
            if odds.win is not None and battle.kind is not BattleKind.RAID:
                odds = self._answer(turn, end, battle, odds)
            out.append(odds)
        return out

    def _odds(self, state: GameState, battle: Battle) -> AttackOdds:
        board = self.game.board
        spec = battle_spec(board, state, battle)
        kind = battle.kind
        if battle.assault is not None and battle.assault < len(state.amphibious_assaults):
            assault = state.amphibious_assaults[battle.assault]
            landing = [state.units[i] for i in assault.landing_units if i in state.units]
            others = [state.units[i] for i in battle.attackers
                      if i in state.units and i not in assault.landing_units]
            spec = attack_spec(board, state, battle.space, others, landing=landing)
        if spec is None:
            return AttackOdds(battle.space, kind, None)
        result: OddsResult = self.judge.odds(spec)
        win = result.captured if board.is_land(battle.space) else result.attacker_wins
        return AttackOdds(battle.space, kind, win, result.attacker_ipc_lost,
                          result.defender_ipc_lost)

    def _answer(self, turn: Turn, state: GameState, battle: Battle,
                odds: AttackOdds) -> AttackOdds:
        """The enemy's best answer next turn at the space, against the attackers that would
        stay there (land units on land, ships at sea), if they all survived."""
        space = battle.space
        at_sea = self.game.board.is_sea(space)
        stay = [state.units[i] for i in battle.attackers if i in state.units and
                (is_sea(state.units[i].type) if at_sea else is_land(state.units[i].type))]
        # The defenders standing there are the battle's, not the answer's.
        reach = [u for u in turn.reach(space) if u.space != space]
        turn.memory.reach[space] = reach
        if not reach or not stay:
            return AttackOdds(odds.space, odds.kind, odds.win, odds.attacker_ipc_lost,
                              odds.defender_ipc_lost, 0.0 if stay else None, None)
        threat = turn.threat(space, defenders=stay)
        return AttackOdds(odds.space, odds.kind, odds.win, odds.attacker_ipc_lost,
                          odds.defender_ipc_lost, threat.chance,
                          Units.of(u.type for u in reach))

    # ---- why ----

    def _reasons(self, state: GameState, end: GameState, actions: list[Action],
                 attacks: list[AttackOdds]) -> list[Message]:
        board = self.game.board
        if not actions:
            return []
        first = actions[0]
        if isinstance(first, EndPhase) and len(actions) == 1:
            return [Message(N_("Nothing worth doing in this phase: end it (R-TURN-4)."))]
        if state.pending is not None:
            return [Message(N_("Its answer: {action}."), action=first),
                    *self._attack_lines(attacks)]
        phase = state.phase
        if phase is Phase.PURCHASE:
            return [*self._purchase_lines(state, actions), *self._danger_line(state)]
        if phase is Phase.PLACE:
            return self._place_lines(actions)
        if phase is Phase.COMBAT_MOVE:
            lines = self._attack_lines(attacks)
            if not attacks:
                lines.append(Message(
                    N_("No attack is worth its risk: at this level it attacks only with at "
                       "least {wanted}% to win (R-COMBATMOVE-1)."),
                    wanted=percent(self.level.attack_odds)))
            lines.append(Message(N_("{count} moves in all; the pieces to move are ringed "
                                    "and the places outlined on the map."),
                                 count=len(actions)))
            return lines
        if phase is Phase.NONCOMBAT_MOVE:
            return self._noncombat_lines(state, end, actions)
        if isinstance(first, SelectBattle):
            return [Message(N_("Fight {space} now: battles are fought one at a time, in the "
                               "order the attacker chooses (R-COMBAT-2)."),
                            space=board.place(first.space)), *self._attack_lines(attacks)]
        return [Message(N_("Its answer: {action}."), action=first)]

    def _attack_lines(self, attacks: Iterable[AttackOdds]) -> list[Message]:
        board = self.game.board
        lines = []
        for attack in attacks:
            place = board.place(attack.space)
            if attack.kind is BattleKind.RAID:
                lines.append(Message(N_("A bombing raid on {space}: the damage is paid from "
                                        "the enemy's IPCs (R-SBR-4)."), space=place))
                continue
            if attack.win is None:
                lines.append(Message(N_("A battle in {space}."), space=place))
                continue
            land = board.is_land(attack.space)
            odds = {"space": place, "win": percent(attack.win),
                    "lost": round(attack.attacker_ipc_lost),
                    "gain": round(attack.defender_ipc_lost)}
            lines.append(
                Message(N_("Take {space}: {win}% to take it; it expects to lose {lost} IPC of "
                           "units and to destroy {gain} (R-COMBATMOVE-1)."), **odds) if land
                else Message(N_("Attack {space}: {win}% to win; it expects to lose {lost} IPC "
                                "of units and to destroy {gain} (R-NAVAL-1)."), **odds))
            if attack.counter_units is not None and attack.counter is not None:
                answer = {"units": attack.counter_units, "space": place,
                          "chance": percent(attack.counter)}
                lines.append(
                    Message(N_("The enemy's likely answer: {units} can strike {space} next "
                               "turn, {chance}% to take it back."), **answer) if land
                    else Message(N_("The enemy's likely answer: {units} can strike {space} "
                                    "next turn, {chance}% to win there."), **answer))
            elif attack.counter is not None:
                lines.append(Message(N_("No enemy unit can strike {space} next turn."),
                                     space=place))
        return lines

    def _purchase_lines(self, state: GameState, actions: list[Action]) -> list[Message]:
        lines = []
        for action in actions:
            if isinstance(action, Purchase):
                cost = sum(UNIT_SPECS[t].cost * n for t, n in action.units.items())
                lines.append(Message(
                    N_("Buy {units} for {nation}: {cost} of its {ipc} IPC (R-PURCH-2)."),
                    units=Units.of(t for t, n in action.units.items() for _ in range(n)),
                    nation=action.nation, cost=cost, ipc=state.treasury.get(action.nation, 0)))
        if not lines:
            lines.append(Message(N_("Buy nothing now: unspent IPCs are kept (R-PURCH-3).")))
        return lines

    def _danger_line(self, state: GameState) -> list[Message]:
        """The greatest danger to a place of the power's with an industrial complex."""
        turn = Turn(self.game, state, self.level, self.judge, Memory())
        places = sorted({u.space for u in state.units.values()
                         if u.type is UnitType.INDUSTRIAL_COMPLEX
                         and power_of(u.owner) is state.power})
        dangers = [(turn.danger(space), space) for space in places[:MAX_GUARDED]]
        worst = max(dangers, default=(0.0, ""))
        if worst[0] <= 0:
            return [Message(N_("No enemy can take a place where it builds next turn."))]
        return [Message(N_("The greatest danger it sees: {chance}% that {space} falls next "
                           "turn."), chance=percent(worst[0]),
                        space=self.game.board.place(worst[1]))]

    def _place_lines(self, actions: list[Action]) -> list[Message]:
        where: dict[str, list[UnitType]] = {}
        for action in actions:
            if isinstance(action, Place):
                where.setdefault(action.space, []).append(action.unit_type)
        return [Message(N_("Place {units} in {space} (R-PLACE-1)."), units=Units.of(types),
                        space=self.game.board.place(space)) for space, types in where.items()]

    def _noncombat_lines(self, state: GameState, end: GameState,
                         actions: list[Action]) -> list[Message]:
        board = self.game.board
        moved: dict[str, Counter[UnitType]] = {}
        for action in actions:
            if isinstance(action, Move):
                moved.setdefault(action.path[-1], Counter()).update(
                    state.units[i].type for i in action.units if i in state.units)
        lines = [Message(N_("Move {units} to {space} (R-NONCOMBAT-1)."),
                         units=Units.of(t for t, n in types.items() for _ in range(n)),
                         space=board.place(space)) for space, types in moved.items()]
        before = Turn(self.game, state, self.level, self.judge, Memory())
        after = Turn(self.game, end, self.level, self.judge, Memory())
        for space in [s for s in moved if board.is_land(s)][:MAX_GUARDED]:
            was, now = before.danger(space), after.danger(space)
            if percent(now) < percent(was):
                lines.append(Message(N_("{space} is safer: {now}% that the enemy takes it "
                                        "next turn, down from {was}%."),
                                     space=board.place(space), now=percent(now),
                                     was=percent(was)))
        if not lines:
            lines.append(Message(N_("Its answer: {action}."), action=actions[0]))
        return lines


def _step(action: object) -> object:
    """What makes two actions the same step of a plan: a move by its units and where they go
    (the drop's path may be another of the same length), anything else whole."""
    if isinstance(action, Move):
        return ("move", frozenset(action.units), action.path[-1])
    return action


def _highlights(state: GameState, actions: Iterable[Action]) -> tuple[frozenset[int],
                                                                     tuple[str, ...]]:
    """The pieces the actions use, where they stand in ``state``, and the places they go to
    or fight in, in the order they come."""
    units: set[int] = set()
    spaces: list[str] = []
    for action in actions:
        if isinstance(action, Move):
            units.update(action.units)
            spaces.append(action.path[-1])
        elif isinstance(action, Load):
            units.update(action.units)
            ship = state.units.get(action.transport)
            if ship is not None:
                spaces.append(ship.space)
        elif isinstance(action, Unload):
            units.update(action.units)
            spaces.append(action.territory)
        elif isinstance(action, Place | SelectBattle):
            spaces.append(action.space)
    present = frozenset(i for i in units if i in state.units)
    return present, tuple(dict.fromkeys(spaces))

