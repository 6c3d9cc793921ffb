"""Stress play: random legal actions interleaved with mutated, random and malformed
ones, with the whole engine contract checked at every step.

- Every action is read from its JSON form first; a malformed one must be rejected by
  `parse_action` (`ActionFormatError`).
- A refused action carries a rule id and leaves the state byte for byte as it was.
- An accepted action is one `legal_actions` lists, up to identical units (which of two
  identical infantry moves is no choice; `pacific.rules.groups`), or a whole choice the list
  offers in steps (`choose_casualties`, `kamikaze` with targets, buying or placing several
  units at once; moving, loading or unloading several units is a move of each of them, the
  same way: each listed now, or one after the other), or a detail of a listed action (a
  move's route to its destination, a retreat's own `air_path`, the order AA fire takes
  aircraft), or a die's value.
- Every applied action leaves a consistent position (`position_problems`), and a game that is
  not over always has a legal action (no stuck games).

`run(...)` returns the counts; tests/test_stress.py runs a few thousand actions,
benchmarks/stress.py as many as asked and prints the counts.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pacific.rules.actions import Action, ActionFormatError, action_kinds, parse_action
from pacific.rules.actions.combat import (
    ChooseCasualties,
    ConfirmCasualties,
    Kamikaze,
    KamikazeTarget,
    Retreat,
    RollDice,
    SelectCasualty,
)
from pacific.rules.actions.economy import Place, Purchase
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.dice import ChanceDice, FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import DiceExhausted, IllegalAction
from pacific.rules.groups import cargo_index, unit_key
from pacific.rules.history import History
from pacific.rules.invariants import position_problems
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

# RULES.md's ids, and edit mode's own (docs/actions.md, EDIT-1..6).
RULE_ID = re.compile(r"^(R|OQ|EX|EDIT)[-A-Z0-9]*-\d+$")


@dataclass
class Counts:
    legal_applied: int = 0
    tried: int = 0          # mutated, random and malformed actions tried
    malformed: int = 0      # rejected by parse_action
    refused: int = 0        # refused by the rules, with a rule id, the state unchanged
    accepted: int = 0       # accepted and listed (or a step-wise choice, a detail, a die)
    accepted_unlisted: int = 0
    refusal_changed_state: int = 0
    refusal_without_rule: int = 0
    invariant_breaks: int = 0
    stuck: int = 0
    listed_refused: int = 0
    examples: list[str] = field(default_factory=list)

    def problem(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 30:
            self.examples.append(f"{kind}: {text}")

    @property
    def failures(self) -> int:
        return (self.accepted_unlisted + self.refusal_changed_state + self.refusal_without_rule
                + self.invariant_breaks + self.stuck + self.listed_refused)


# ---- identical units ----

def _canonical_ids(state: GameState, ids: Iterable[int]) -> tuple[int, ...]:
    """The lowest ids of the same number of identical units: moving units 7 and 9 of three
    identical infantry (5, 7, 9) is the same choice as moving 5 and 7."""
    aboard = cargo_index(state)
    groups: dict[tuple[object, ...], list[int]] = {}
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        groups.setdefault(unit_key(unit, aboard), []).append(unit.id)
    taken: dict[tuple[object, ...], int] = {}
    for uid in ids:
        unit = state.units.get(uid)
        if unit is None:
            return tuple(ids)
        key = unit_key(unit, aboard)
        taken[key] = taken.get(key, 0) + 1
    return tuple(sorted(i for key, n in taken.items() for i in groups[key][:n]))


def canonical(state: GameState, action: Action) -> str:
    data = action.model_dump(mode="json")
    for name in ("units", "fighters"):
        if isinstance(data.get(name), list) and not isinstance(action, ChooseCasualties):
            data[name] = list(_canonical_ids(state, data[name]))
    for name in ("unit", "transport", "carrier"):
        if isinstance(data.get(name), int) and data[name] in state.units:
            data[name] = _canonical_ids(state, [data[name]])[0]
    return json.dumps(data, sort_keys=True)


def _listed(game: Game, state: GameState) -> set[str]:
    return {canonical(state, a) for a in game.legal_actions(state)}


def _no_route(action: Action) -> Action:
    """A move named by its destination: the route there is a detail (docs/actions.md)."""
    if isinstance(action, Move):
        return action.model_copy(update={"path": (action.path[0], action.path[-1]),
                                         "casualty_order": ()})
    return action


def _each_unit(action: Action) -> list[Action] | None:
    """A move, load or unload of several units as the same action for each unit, or None."""
    if isinstance(action, Move | Load | Unload | HoldConvoy | StartCap | LandCap) and \
            len(action.units) > 1:
        return [action.model_copy(update={"units": (uid,)}) for uid in action.units]
    return None


def _unit_by_unit(game: Game, state: GameState, action: Action, listed: set[str]) -> bool:
    """R-MOVE-3: moving (loading, unloading) k units is k moves of one along the same path:
    each listed now, or each listed in turn once the ones before it have moved (an escort
    joining its bomber's raid, R-SBR-2). AA guns miss, for this comparison."""
    singles = _each_unit(action)
    if singles is None:
        return False
    keys = {_listed_key(state, a) for a in singles}
    if keys <= listed:
        return True
    for step in singles:
        if _listed_key(state, step) not in _listed_keys(game, state):
            return False
        try:
            state, _ = game.apply(state, step, FixedDice([6] * 1000))
        except (IllegalAction, DiceExhausted):
            return False
    return True


def _listed_key(state: GameState, action: Action) -> str:
    return canonical(state, _no_route(action))


def _listed_keys(game: Game, state: GameState) -> set[str]:
    return {_listed_key(state, a) for a in game.legal_actions(state)}


def accepted_is_listed(game: Game, state: GameState, action: Action,
                       listed: set[str] | None = None) -> bool:
    """Whether an action the engine accepts is a choice `legal_actions` offers."""
    listed = _listed(game, state) if listed is None else listed
    if canonical(state, action) in listed:
        return True
    if isinstance(action, RollDice):
        return canonical(state, RollDice()) in listed      # a die's value: chance, not choice
    if isinstance(action, Retreat):
        return canonical(state, Retreat(to=action.to)) in listed
    if isinstance(action, Move | Load | Unload | HoldConvoy | StartCap | LandCap):
        keys = _listed_keys(game, state)
        return _listed_key(state, action) in keys or _unit_by_unit(game, state, action, keys)
    steps: list[Action]
    if isinstance(action, Purchase) and sum(action.units.values()) > 1:
        steps = [Purchase(nation=action.nation, units={t: 1})
                 for t, n in action.units.items() for _ in range(n)]
    elif isinstance(action, Place) and action.count > 1:
        steps = [action.model_copy(update={"count": 1})] * action.count
    elif isinstance(action, ChooseCasualties):
        steps = [*(SelectCasualty(unit=u) for u in action.units), ConfirmCasualties()]
    elif isinstance(action, Kamikaze) and action.targets:
        steps = [*(KamikazeTarget(unit=u) for u in action.targets), Kamikaze(targets=())]
    else:
        return False
    for step in steps:
        if canonical(state, step) not in _listed(game, state):
            return False
        state, _ = game.apply(state, step, ChanceDice())
    return True


# ---- mutations ----

def _spaces(game: Game) -> list[str]:
    return sorted(game.board.neighbours)


def _odd_string(rng: random.Random, game: Game) -> str:
    return rng.choice(["", "sz_1\x00", "x" * 300, "../etc", "Burma", *rng.sample(_spaces(game),
                                                                                   3)])


def _odd_int(rng: random.Random, state: GameState) -> Any:
    ids = list(state.units) or [1]
    return rng.choice([rng.choice(ids), rng.choice(ids), 0, -1, 10**6, 10**12, True, "2", 2.0,
                       max(ids) + 1])


def mutate(rng: random.Random, game: Game, state: GameState, action: Action) -> Any:
    """The JSON form of ``action`` with one thing changed, or something else altogether."""
    data = action.model_dump(mode="json")
    choice = rng.randrange(8)
    if choice == 0:
        data["kind"] = rng.choice(action_kinds())
    elif choice == 1:
        data[rng.choice(["raid", "landing", "carrier", "casualty_order", "bogus"])] = \
            rng.choice([True, _odd_string(rng, game), _odd_int(rng, state), [1, 2, 2]])
    elif choice == 7:
        return rng.choice([None, 7, "move", [data], {"kind": None},
                           {"kind": "purchase", "nation": "japan", "units": {"infantry": True}},
                           {"kind": "place", "nation": "japan", "unit_type": "infantry",
                            "space": "japan", "count": "2"}])
    else:
        keys = [k for k in data if k != "kind"]
        if not keys:
            data["bogus"] = 1
            return data
        key = rng.choice(keys)
        value = data[key]
        if isinstance(value, bool):
            data[key] = not value
        elif isinstance(value, int):
            data[key] = _odd_int(rng, state)
        elif isinstance(value, str):
            data[key] = _odd_string(rng, game)
        elif isinstance(value, list):
            mutated = list(value)
            op = rng.randrange(4)
            if op == 0 and mutated:
                mutated.pop(rng.randrange(len(mutated)))
            elif op == 1 and mutated:
                mutated.append(mutated[0])
            elif op == 2:
                mutated.append(_odd_int(rng, state) if not mutated or
                               isinstance(mutated[0], int) else _odd_string(rng, game))
            else:
                rng.shuffle(mutated)
                if mutated and isinstance(mutated[0], str):
                    mutated[rng.randrange(len(mutated))] = rng.choice(_spaces(game))
            data[key] = mutated
        elif isinstance(value, dict):
            data[key] = {rng.choice(["infantry", "bogus", "battleship"]): _odd_int(rng, state)}
        else:
            data[key] = _odd_int(rng, state)
    return data


# ---- one run ----

class _Listed:
    """The canonical forms of the listed actions of one state, made when first asked for."""

    def __init__(self, game: Game, state: GameState, legal: list[Action]) -> None:
        self.game, self.state, self.legal = game, state, legal
        self._keys: set[str] | None = None

    def keys(self) -> set[str]:
        if self._keys is None:
            self._keys = {canonical(self.state, a) for a in self.legal}
        return self._keys


def _try(game: Game, state: GameState, data: Any, counts: Counts, listed: _Listed) -> None:
    counts.tried += 1
    try:
        action = parse_action(data if isinstance(data, dict) else json.dumps(data))
    except ActionFormatError:
        counts.malformed += 1
        return
    before = state.model_dump_json()
    refusal = game.why_illegal(state, action)
    if refusal is not None:
        if not RULE_ID.match(refusal.rule):
            counts.problem("refusal_without_rule", f"{action.to_json()}: {refusal}")
        try:
            game.apply(state, action, ChanceDice())
            counts.problem("refusal_without_rule", f"why_illegal refused but apply took "
                           f"{action.to_json()}")
        except IllegalAction:
            pass
        if state.model_dump_json() != before:
            counts.problem("refusal_changed_state", action.to_json())
        counts.refused += 1
        return
    if accepted_is_listed(game, state, action, listed.keys()):
        counts.accepted += 1
    else:
        counts.problem("accepted_unlisted", f"round {state.round} {state.power.value} "
                       f"{state.phase.value}: {action.to_json()[:300]}")


def run(game: Game, seed: int, steps: int, tries_per_step: int = 3,
        chance_dice: bool = False) -> Counts:
    """Play ``steps`` random legal actions; before each, try ``tries_per_step`` mutated, random
    or malformed ones. With ``chance_dice`` dice are decisions (`roll_dice`)."""
    rng = random.Random(seed)
    counts = Counts()
    history = History(game, game.new_game(players=3 if seed % 2 else 2, seed=seed))
    for _ in range(steps):
        state = history.state
        if state.winner is not None:
            break
        legal = list(game.legal_actions(state))
        if not legal:
            counts.problem("stuck", f"round {state.round} {state.power.value} "
                           f"{state.phase.value}: {state.pending}")
            break
        listed = _Listed(game, state, legal)
        for _ in range(tries_per_step):
            _try(game, state, mutate(rng, game, state, rng.choice(legal)), counts, listed)
        probe = rng.choice(legal)
        if game.why_illegal(state, probe) is not None:
            counts.problem("listed_refused", probe.to_json())
        ends = [a for a in legal if a.kind == "end_phase"]
        action = ends[0] if ends and rng.random() < 0.25 else rng.choice(legal)
        history.apply(action, ChanceDice() if chance_dice else None)
        counts.legal_applied += 1
        problems = position_problems(game.board, history.state)
        if problems:
            counts.problem("invariant_breaks", f"after {action.to_json()}: {problems[0]}")
        if type_index_wrong(history.state):
            counts.problem("invariant_breaks", f"after {action.to_json()}: the units' index "
                           "by type differs from the units")
    return counts


def type_index_wrong(state: GameState) -> bool:
    """Whether `GameState.units_of_types` gives other units than a look at every unit (issue
    13: the index kept through additions, removals and copies)."""
    for unit_type in UnitType:
        indexed = [u.id for u in state.units_of_types((unit_type,))]
        if indexed != [uid for uid, u in state.units.items() if u.type is unit_type]:
            return True
    return False
