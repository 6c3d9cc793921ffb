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
- With ``edits``, the table corrects the position now and then, most often while a decision
  waits: edit mode goes on, random edits are tried (a refused one carries a rule id and changes
  nothing; an accepted one leaves a consistent position), and edit mode goes off again.
- With ``save_every``, the game is saved and reopened (`pacific.rules.files.savefile`) every so many
  actions and whenever edit mode is on or a decision waits: the reopened position must be the
  one saved, and offer the same actions.

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
from pacific.rules.actions.edit import EditMode
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.dice import ChanceDice, FixedDice
from pacific.rules.engine import Game
from pacific.rules.errors import DiceExhausted, IllegalAction, SaveFileError
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.groups import cargo_index, unit_key
from pacific.rules.history import History
from pacific.rules.invariants import position_problems
from pacific.rules.nations import Nation
from pacific.rules.phases import Phase
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
    edits_tried: int = 0
    edits_accepted: int = 0
    saves_reopened: int = 0
    reopen_failures: int = 0
    examples: list[str] = field(default_factory=list)

    def problem(self, kind: str, text: str) -> None:
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 30:
            self.examples.append(f"{kind}: {text}")

    @property
    def failures(self) -> int:
        return (self.accepted_unlisted + self.refusal_changed_state + self.refusal_without_rule
                + self.invariant_breaks + self.stuck + self.listed_refused
                + self.reopen_failures)


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
        chance_dice: bool = False, edits: bool = False, save_every: int = 0) -> Counts:
    """Play ``steps`` random legal actions; before each, try ``tries_per_step`` mutated, random
    or malformed ones. With ``chance_dice`` dice are decisions (`roll_dice`); with ``edits``
    the position is corrected in edit mode now and then; with ``save_every`` the game is saved
    and reopened (see the module)."""
    rng = random.Random(seed)
    counts = Counts()
    history = History(game, game.new_game(players=3 if seed % 2 else 2, seed=seed))
    dice = ChanceDice if chance_dice else None
    for step in range(steps):
        state = history.state
        if state.winner is not None:
            break
        if edits and rng.random() < (0.2 if state.pending is not None else 0.03):
            _edit_session(rng, game, history, counts, save_every > 0)
            state = history.state
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
        playable = [a for a in legal if a.kind != "edit_mode"] or legal
        action = ends[0] if ends and rng.random() < 0.25 else rng.choice(playable)
        history.apply(action, dice() if dice is not None else None)
        counts.legal_applied += 1
        problems = position_problems(game.board, history.state)
        if problems:
            counts.problem("invariant_breaks", f"after {action.to_json()}: {problems[0]}")
        if type_index_wrong(history.state):
            counts.problem("invariant_breaks", f"after {action.to_json()}: the units' index "
                           "by type differs from the units")
        if save_every and (step % save_every == 0 or history.state.pending is not None):
            reopen(game, history, counts)
    return counts


def _an_edit(rng: random.Random, game: Game, state: GameState) -> dict[str, Any]:
    """A correction's JSON form, with random (often impossible) values."""
    nation = rng.choice([n.value for n in Nation])
    space = rng.choice(_spaces(game))
    kind = rng.choice(["edit_add_units", "edit_remove_units", "edit_control", "edit_treasury",
                       "edit_damaged", "edit_submerged", "edit_hits", "edit_turn"])
    if kind in ("edit_add_units", "edit_remove_units"):
        held = sorted(t for t, n in state.territory_owner.items() if n.value == nation)
        if held and rng.random() < 0.5:     # most often one the table could mean
            return {"kind": kind, "nation": nation, "space": rng.choice(held), "count": 1,
                    "unit_type": "infantry"}
        return {"kind": kind, "nation": nation, "space": space, "count": rng.randint(1, 3),
                "unit_type": rng.choice([t.value for t in UnitType])}
    if kind == "edit_control":
        return {"kind": kind, "space": space, "nation": nation}
    if kind == "edit_treasury":
        return {"kind": kind, "nation": nation, "ipc": rng.randrange(0, 100)}
    if kind == "edit_hits":
        return {"kind": kind, "count": rng.randrange(0, 4)}
    if kind == "edit_turn":
        return {"kind": kind, "round": state.round, "power": state.power.value,
                "phase": rng.choice(list(Phase)).value}
    return {"kind": kind, "nation": nation, "space": space, "count": rng.randrange(0, 2)}


def _edit_session(rng: random.Random, game: Game, history: History, counts: Counts,
                  saving: bool) -> None:
    """Edit mode on, a few random corrections (each must keep the engine's contract), a save
    and reopen while it is on, and edit mode off again (EDIT-6 may refuse: the edits are then
    undone one by one until it is accepted)."""
    history.apply(EditMode(on=True))
    for _ in range(rng.randint(1, 4)):
        state = history.state
        counts.edits_tried += 1
        try:
            action = parse_action(_an_edit(rng, game, state))
        except ActionFormatError:
            counts.malformed += 1
            continue
        before = state.model_dump_json()
        try:
            history.apply(action)
        except IllegalAction as refusal:
            if not RULE_ID.match(refusal.rule):
                counts.problem("refusal_without_rule", f"{action.to_json()}: {refusal}")
            if history.state.model_dump_json() != before:
                counts.problem("refusal_changed_state", action.to_json())
            continue
        counts.edits_accepted += 1
        problems = position_problems(game.board, history.state)
        if problems:
            counts.problem("invariant_breaks", f"after {action.to_json()}: {problems[0]}")
    if saving:
        reopen(game, history, counts)
    while True:
        try:
            history.apply(EditMode(on=False))
            return
        except IllegalAction as refusal:
            if not history.can_undo():
                counts.problem("stuck", f"edit mode cannot end: {refusal}")
                raise
            history.undo()


def reopen(game: Game, history: History, counts: Counts) -> None:
    """Save the game and open the save again: the same position, the same actions offered."""
    counts.saves_reopened += 1
    try:
        opened = parse_save(dumps(history).encode(), lambda _map: game.board, "stress.json")
    except SaveFileError as exc:
        counts.problem("reopen_failures", f"{history.state.pending}: {exc}")
        return
    if opened.state != history.state or \
            _listed(game, opened.state) != _listed(game, history.state):
        counts.problem("reopen_failures", f"round {history.state.round} "
                       f"{history.state.phase.value}: reopened elsewhere")


def type_index_wrong(state: GameState) -> bool:
    """Whether `GameState.units_of_types` gives other units than a look at every unit (issue
    13: the index kept through additions, removals and copies)."""
    for unit_type in UnitType:
        indexed = [u.id for u in state.units_of_types((unit_type,))]
        if indexed != [uid for uid, u in state.units.items() if u.type is unit_type]:
            return True
    return False
