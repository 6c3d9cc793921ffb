"""Mischief for the random games: actions that must be refused, actions that might
be, and undo/redo at random points.

- `sure_refusals`: actions no rule allows in any position (a unit or space that does not
  exist, another power's unit, a sea zone as a landing place...): each must be refused with a
  rule id of the catalogue, in its message too, leave the state byte for byte unchanged, and
  `why_illegal` must give the same rule.
- `near_misses`: listed moves bent a little (another destination, one space further), which
  may or may not be legal: `apply` and `why_illegal` must agree, and a refusal changes nothing.
- `undo_redo`: step back a few actions and forward again: the states must be the very states
  recorded; an undone action applied again gives the same state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    CallOffAssault,
    ChooseCasualties,
    Intercept,
    Kamikaze,
    LandFighter,
    Retreat,
    SelectBattle,
    Submerge,
)
from pacific.rules.actions.economy import ChooseOwner, Place, Purchase, SplitConvoyIncome
from pacific.rules.actions.movement import HoldConvoy, LandCap, Load, Move, StartCap, Unload
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game, allowed_kinds
from pacific.rules.errors import IllegalAction
from pacific.rules.history import History
from pacific.rules.nations import POWER_NATIONS, Nation, power_of
from pacific.rules.state import GameState
from pacific.rules.units import UnitType

KNOWN_IDS = frozenset(
    line.strip() for line in
    (Path(__file__).parent / "rule_ids.txt").read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("#"))
NOWHERE = "atlantis"
MISCHIEF_STATS: dict[str, int] = {}


def _ghost(state: GameState) -> int:
    return state.next_unit_id + 1000


def sure_refusals(game: Game, state: GameState, rng: random.Random) -> list[Action]:
    """Actions refused in any position; which ones are tried depends on ``rng``."""
    board = game.board
    ghost = _ghost(state)
    units = sorted(state.units.values(), key=lambda x: x.id)
    mine = [x for x in units if power_of(x.owner) is state.power]
    theirs = [x for x in units if power_of(x.owner) is not state.power
              and x.carried_by is None]
    spaces = sorted(board.neighbours)
    seas = sorted(board.sea_zone_by_id)
    stranger = next(n for n in Nation if n not in POWER_NATIONS[state.power]
                    and n is not Nation.CHINA)
    makers: list[Callable[[], Action | None]] = [
        lambda: Move(units=(ghost,), path=("japan", "sz_36")),
        lambda: Move(units=(mine[0].id,), path=(mine[0].space, NOWHERE)) if mine else None,
        lambda: _far_move(game, rng, mine),
        lambda: Move(units=(theirs[0].id,), path=(
            theirs[0].space, sorted(board.neighbours[theirs[0].space])[0])) if theirs else None,
        lambda: Move(units=(mine[0].id, mine[0].id), path=(
            mine[0].space, sorted(board.neighbours[mine[0].space])[0])) if mine else None,
        lambda: Load(transport=ghost, units=(ghost,)),
        lambda: Unload(transport=ghost, units=(ghost,), territory=rng.choice(seas)),
        lambda: HoldConvoy(units=(ghost,)),
        lambda: StartCap(units=(ghost,), sea_zone=rng.choice(seas)),
        lambda: LandCap(units=(ghost,), space=rng.choice(spaces)),
        lambda: Purchase(nation=stranger, units={UnitType.INFANTRY: 1}),
        lambda: Place(nation=stranger, unit_type=UnitType.INFANTRY, space=NOWHERE),
        lambda: SplitConvoyIncome(india=9_000, australia=9_000),
        lambda: ChooseOwner(territory=NOWHERE, nation=stranger),
        lambda: SelectBattle(space=NOWHERE),
        lambda: ChooseCasualties(units=(ghost,)),
        lambda: Retreat(to=NOWHERE),
        lambda: Submerge(units=(ghost,)),
        lambda: Kamikaze(targets=(ghost,)),
        lambda: CallOffAssault(target=NOWHERE),
        lambda: Intercept(fighters=(ghost,)),
        lambda: LandFighter(unit=ghost, to=rng.choice(spaces)),
    ]
    # Mostly kinds the phase or the pending decision allows, so that the rules of the moment
    # answer, not only the phase table (R-TURN-3).
    made = [a for a in (make() for make in makers) if a is not None]
    allowed = allowed_kinds(state)
    now = [a for a in made if a.kind in allowed]
    later = [a for a in made if a.kind not in allowed]
    return rng.sample(now, min(2, len(now))) + rng.sample(later, min(1, len(later)))


def _far_move(game: Game, rng: random.Random, mine: list) -> Action | None:  # type: ignore[type-arg]
    """One of the power's units sent in one step to a space that is not next to it."""
    movers = [x for x in mine if x.type is not UnitType.INDUSTRIAL_COMPLEX]
    if not movers:
        return None
    unit = rng.choice(movers)
    far = [s for s in sorted(game.board.neighbours)
           if s != unit.space and not game.board.adjacent(unit.space, s)]
    return Move(units=(unit.id,), path=(unit.space, rng.choice(far)))


def check_refused(game: Game, state: GameState, action: Action) -> None:
    """``action`` is refused with a rule id of the catalogue, changing nothing."""
    before = state.model_dump_json()
    try:
        game.apply(state, action, FixedDice([]))
    except IllegalAction as refusal:
        assert refusal.rule in KNOWN_IDS, f"{action.describe()}: unknown rule {refusal.rule}"
        assert refusal.rule in refusal.message, refusal.message
        probe = game.why_illegal(state, action)
        assert probe is not None and probe.rule == refusal.rule, (action.describe(), probe)
        MISCHIEF_STATS[refusal.rule] = MISCHIEF_STATS.get(refusal.rule, 0) + 1
    else:
        raise AssertionError(f"accepted: {action.describe()} in {state.phase}")
    assert state.model_dump_json() == before, f"{action.describe()} changed the state"


def near_misses(game: Game, listed: list[Action], rng: random.Random) -> list[Action]:
    """A listed move bent: its destination swapped for a neighbour, or one space further."""
    moves = [a for a in listed if isinstance(a, Move)]
    if not moves:
        return []
    move = rng.choice(moves)
    beyond = sorted(game.board.neighbours[move.path[-1]])
    return [move.model_copy(update={"path": (*move.path, rng.choice(beyond))}),
            move.model_copy(update={"path": (*move.path[:-1], rng.choice(beyond))})]


def check_consistent(game: Game, state: GameState, action: Action) -> None:
    """``apply`` and ``why_illegal`` agree on ``action``; a refusal changes nothing. A legal
    one is not applied here (it may roll dice)."""
    before = state.model_dump_json()
    refusal = game.why_illegal(state, action)
    if refusal is None:
        return
    assert re.fullmatch(r"R-[A-Z]+-\d+", refusal.rule) and refusal.rule in KNOWN_IDS
    check_refused(game, state, action)
    assert state.model_dump_json() == before


def undo_redo(history: History, rng: random.Random) -> None:
    """Undo up to three actions (never past dice or the turn), then redo them or apply the same
    actions again: each state must be byte for byte the one recorded."""
    records = list(history.records)
    done = []
    while history.can_undo() and len(done) < rng.randint(1, 3):
        done.append(history.undo())
    if not done:
        return
    MISCHIEF_STATS["undone"] = MISCHIEF_STATS.get("undone", 0) + len(done)
    back = records[-len(done) - 1].state if len(records) > len(done) else history.initial
    assert history.state.model_dump_json() == back.model_dump_json()
    again = rng.random() < 0.5
    for record in reversed(done):
        if again:
            # Undone actions rolled no dice: the same action gives the same state.
            history.apply(record.action, FixedDice([]))
        else:
            history.redo()
        assert history.state.model_dump_json() == record.state.model_dump_json()
