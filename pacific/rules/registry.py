"""Where the areas of the rules (economy, movement, combat) register what they handle.

An area module registers, for an action kind, a *handler* that validates the action against the
working copy of the state and then changes that copy; and, for some phases, a *lister* that
yields the legal actions of that area now. The engine (`pacific.rules.engine`) does the copying,
so a handler may raise `IllegalAction` at any point and nothing is changed.

The areas of play (economy, movement, combat) register the first time the registry is read
(`complete`, by every reader below), not when the engine is imported, so that what only asks
about a position (a window's first paint) need not wait for every area's modules. A reader
always sees every area; but the answers to a pending decision come from its own lister alone,
and asking for it imports only the module that registers it (`decision_lister`). A fresh
interpreter's first listing, applying and explaining see every area
(tests/test_registry_complete.py). The
tabletop companion's edits (`pacific.rules.editing`) register when an edit is first applied
(`handler`).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, TypeVar

from pacific.rules.actions import ActionKind
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import DiceGroup, DiceRoll
from pacific.rules.dice import ChanceDice, DiceRequest, DiceSource, NeedDice
from pacific.rules.events import DiceLabel, DiceRolled, Event
from pacific.rules.nations import Nation, power_of
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


@dataclass
class Context:
    """What a handler works with: the board, the working copy of the state, the dice, and the
    list of events it produces."""

    board: BoardMap
    state: GameState
    dice: DiceSource
    events: list[Event] = field(default_factory=list)
    # The dice now handed out were typed in from the table (a `roll_dice` with values): the
    # dice events say so, and the log with them.
    typed_dice: bool = False

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, count: int, purpose: str, hit_on: int | None = None,
             by: Nation | None = None, label: DiceLabel | None = None) -> list[int]:
        """Roll ``count`` dice, count them in the state, and log them as an event.

        With ``hit_on``, the event also says how many dice hit (value ≤ hit_on, R-COMBAT-5).
        ``by`` is the nation whose units roll (for the dice decision; default: the phasing
        power). ``purpose`` is the English of what the roll is for; ``label`` says it as values
        (for the player's language).

        Raises:
            NeedDice: the dice are chance decisions and no value is known yet.
        """
        if count <= 0:
            return []
        return self.roll_groups([(count, purpose, hit_on)], by,
                                [label] if label is not None else None)[0]

    def roll_groups(self, requests: Sequence[DiceRequest], by: Nation | None = None,
                    labels: Sequence[DiceLabel] | None = None) -> list[list[int]]:
        """Roll several groups of dice that the rules roll together (a side's fire): with dice
        as decisions, all of them are asked for at once. Each group is logged as an event,
        with its label (one per request) when given.

        Raises:
            NeedDice: the dice are chance decisions and no value is known yet.
        """
        kept = [i for i, r in enumerate(requests) if r[0] > 0]
        requests = [requests[i] for i in kept]
        named = [labels[i] for i in kept] if labels is not None else [None] * len(requests)
        if not requests:
            return []
        if isinstance(self.dice, ChanceDice):
            try:
                rolled = self.dice.roll_groups(requests)
            except NeedDice as need:
                need.power = power_of(by) if by is not None else self.state.power
                need.labels = tuple(named)
                raise
        else:
            rolled = [self.dice.roll(count, purpose) for count, purpose, _ in requests]
        for (count, purpose, hit_on), values, label in zip(requests, rolled, named,
                                                           strict=True):
            self.state.dice_drawn += count
            hits = sum(1 for v in values if v <= hit_on) if hit_on is not None else None
            self.emit(DiceRolled(purpose=purpose, values=tuple(values), hit_on=hit_on,
                                 hits=hits, typed_in=self.typed_dice, label=label))
        return rolled

    def run_step(self, step: Callable[[], None], battle: int) -> bool:
        """Run one step of a battle. If it needs dice that nobody has given yet, undo what it
        rolled (a step rolls before it changes anything), leave a `DiceRoll` decision pending
        and return False; the step runs again when the dice come (`roll_dice`)."""
        events, drawn = len(self.events), self.state.dice_drawn
        mark = self.dice.position if isinstance(self.dice, ChanceDice) else 0
        try:
            step()
        except NeedDice as need:
            del self.events[events:]
            self.state.dice_drawn = drawn
            self.state.pending = dice_decision(need, battle=battle,
                                               given=need.consumed[mark:])
            return False
        return True


def dice_decision(need: NeedDice, **fields: Any) -> DiceRoll:
    """The pending decision that waits for the dice ``need`` asks for."""
    labels = need.labels or (None,) * len(need.requests)
    groups = tuple(DiceGroup(count=c, purpose=p, hit_on=h, label=label)
                   for (c, p, h), label in zip(need.requests, labels, strict=True))
    return DiceRoll(power=need.power, groups=groups, **fields)


Handler = Callable[[Context, Any], None]
Lister = Callable[[BoardMap, GameState], Iterable[Any]]
# Lists the actions that answer one kind of pending decision (it gets the decision).
DecisionLister = Callable[[BoardMap, GameState, Any], Iterable[Any]]

# Read only through the functions below, which complete the registry first.
_HANDLERS: dict[str, Handler] = {}
_LISTERS: list[tuple[frozenset[Phase], Lister]] = []
_DECISION_LISTERS: dict[str, DecisionLister] = {}
# Run a battle on from its current step after a dice decision inside it (set by combat).
_BATTLE_RESUMERS: list[Callable[[Context, int], None]] = []

# The modules that register the areas of play, in the order of their registration (the
# listers' order is the order of the legal actions, the hooks' the order they run in).
AREAS = (
    "pacific.rules.economy.income", "pacific.rules.economy.owner",
    "pacific.rules.economy.placement", "pacific.rules.economy.purchase",
    "pacific.rules.economy.turn",
    "pacific.rules.movement.cap", "pacific.rules.movement.listers",
    "pacific.rules.movement.move", "pacific.rules.movement.transport",
    "pacific.rules.combat.handlers", "pacific.rules.combat.listers",
    "pacific.rules.combat.start",
)
_completed = False
# A computer player asks from its own thread: one thread imports the areas, the others wait.
_completing = threading.Lock()


def complete() -> None:
    """Register every area of play, once (imported here, not by the engine, so that what
    only asks about a position does not import them)."""
    global _completed
    if _completed:
        return
    with _completing:
        if not _completed:
            for area in AREAS:
                import_module(area)
            # An area module imported earlier (the purchase rules by the offers...) registered
            # then: the order is the areas', whatever was imported first.
            _LISTERS.sort(key=_area_order)
            for hooks in (*_ENTER_HOOKS.values(), *_LEAVE_HOOKS.values()):
                hooks.sort(key=_area_order)
            _completed = True


def _area_order(item: Callable[..., Any] | tuple[Any, Callable[..., Any]]) -> int:
    """Where the module that registered a lister or hook comes in `AREAS` (a stable sort
    keeps a module's own in the order they were registered)."""
    fn = item[1] if isinstance(item, tuple) else item
    return AREAS.index(fn.__module__)


def handlers() -> dict[str, Handler]:
    """Every handler registered, by action kind (the edits' once they have registered)."""
    complete()
    return _HANDLERS


def listers() -> list[tuple[frozenset[Phase], Lister]]:
    """The listers of legal actions with their phases, in the order their actions are
    listed."""
    complete()
    return _LISTERS


# The module that registers the lister of each kind of pending decision: answering a decision
# needs its lister alone (a new game's window lists the answers to the British convoy split
# before its first paint, and need not wait for the movement and combat rules for it).
DECISION_AREAS = {
    "split_convoy_income": "pacific.rules.economy.income",
    "choose_owner": "pacific.rules.economy.owner",
    **dict.fromkeys(("casualties", "round", "defender_submerge", "kamikaze", "intercept",
                     "land_fighter"), "pacific.rules.combat.listers"),
}


def decision_lister(decision: str) -> DecisionLister:
    """The lister of the answers to one kind of pending decision (but the dice's), its area
    imported first if it has not registered yet."""
    found = _DECISION_LISTERS.get(decision)
    if found is None:
        area = DECISION_AREAS.get(decision)
        if area is None:
            complete()
        else:
            import_module(area)
        found = _DECISION_LISTERS[decision]
    return found


def decision_listers() -> dict[str, DecisionLister]:
    """The lister of each kind of pending decision (but the dice's)."""
    complete()
    return _DECISION_LISTERS


def battle_resumers() -> list[Callable[[Context, int], None]]:
    complete()
    return _BATTLE_RESUMERS


def resumes_battles(fn: Callable[[Context, int], None]) -> None:
    """Register what runs a battle on after a dice decision inside it."""
    _BATTLE_RESUMERS.append(fn)

H = TypeVar("H", bound=Handler)
L = TypeVar("L", bound=Lister)


# Areas whose handlers register when an action of theirs is first applied, not when the
# engine is imported: the edits (EDIT-1..6), which most games never make, and whose modules a
# window's first paint need not wait for. By the prefix of their action kinds.
LATER_AREAS = {"edit_": "pacific.rules.editing"}


def handler(kind: str) -> Handler | None:
    """The handler registered for ``kind``, its area imported first when it is one that
    registers on first use (`LATER_AREAS`); None for a kind without one."""
    found = handlers().get(kind)
    if found is None:
        for prefix, area in LATER_AREAS.items():
            if kind.startswith(prefix) and area not in sys.modules:
                import_module(area)
                return _HANDLERS.get(kind)
    return found


def handles(kind: ActionKind) -> Callable[[H], H]:
    """Register the handler of one action kind."""

    def register(fn: H) -> H:
        if kind in _HANDLERS:
            raise RuntimeError(f"two handlers for action kind {kind!r}")
        _HANDLERS[kind] = fn
        return fn

    return register


def lists(*phases: Phase) -> Callable[[L], L]:
    """Register a lister of legal actions for the given phases (used while nothing is
    pending)."""

    def register(fn: L) -> L:
        _LISTERS.append((frozenset(phases), fn))
        return fn

    return register


D = TypeVar("D", bound=DecisionLister)


def lists_decision(decision: str) -> Callable[[D], D]:
    """Register the lister of the actions that answer one kind of pending decision."""

    def register(fn: D) -> D:
        if decision in _DECISION_LISTERS:
            raise RuntimeError(f"two listers for decision {decision!r}")
        _DECISION_LISTERS[decision] = fn
        return fn

    return register


# Phase hooks: `on_enter` runs when a phase begins (e.g. combat finds its battles), `on_leave`
# runs before a phase ends and may refuse with IllegalAction (e.g. battles still unresolved).
PhaseHook = Callable[[Context], None]
_ENTER_HOOKS: dict[Phase, list[PhaseHook]] = {}
_LEAVE_HOOKS: dict[Phase, list[PhaseHook]] = {}

P = TypeVar("P", bound=PhaseHook)


def on_enter(phase: Phase) -> Callable[[P], P]:
    def register(fn: P) -> P:
        _ENTER_HOOKS.setdefault(phase, []).append(fn)
        return fn

    return register


# Leave hooks that never refuse (they only clean up): listing `end_phase` need not try them.
_NEVER_REFUSE: set[PhaseHook] = set()


def on_leave(phase: Phase, *, refuses: bool = True) -> Callable[[P], P]:
    """Register a hook run before ``phase`` ends; ``refuses=False`` promises it never raises
    IllegalAction (so the phase may always end as far as it is concerned)."""
    def register(fn: P) -> P:
        _LEAVE_HOOKS.setdefault(phase, []).append(fn)
        if not refuses:
            _NEVER_REFUSE.add(fn)
        return fn

    return register


def enter_hooks(phase: Phase) -> list[PhaseHook]:
    """The hooks run when ``phase`` begins, in order."""
    complete()
    return _ENTER_HOOKS.get(phase, [])


def leave_hooks(phase: Phase, *, refusing: bool = False) -> list[PhaseHook]:
    """The hooks run before ``phase`` ends, in order; with ``refusing``, only those that may
    refuse."""
    complete()
    hooks = _LEAVE_HOOKS.get(phase, [])
    return [h for h in hooks if h not in _NEVER_REFUSE] if refusing else hooks
