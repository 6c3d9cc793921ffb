"""Confirming the candidates of a movement search (`reach`): what a found destination is
(`Destination`), what a search answers (`Found`), and the check of each candidate move.

Every candidate is confirmed by the checks the handlers run (`check_path`): the answer is
remembered with a signature of what the check read (`checkmemo`) and used again while that
signature holds, and a whole stack's answers are trusted for one unit of it (``trusted``).
The moves are made without validating them again (`made_move`): listing makes thousands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from pacific.rules.actions.base import ActionBase
from pacific.rules.actions.movement import Move, MovementAction
from pacific.rules.board_map import BoardMap
from pacific.rules.errors import IllegalAction
from pacific.rules.movement.check import Group, check_path
from pacific.rules.movement.fast import checkmemo
from pacific.rules.movement.fast import memory as fast
from pacific.rules.movement.landing import DeckReach, HomeReach
from pacific.rules.movement.members import AIR, NONCOMBAT_MOVE
from pacific.rules.movement.routes import SeaReach
from pacific.rules.phases import Phase
from pacific.rules.state import GameState


class Destination(NamedTuple):
    """One legal destination of a group (a named tuple: listing makes thousands).

    ``attack``: a battle will be fought there. ``capture``: the move captures a territory or
    convoy zone on the way or on arrival. ``assault``: cargo lands in an amphibious assault.
    ``landing``: aircraft land there, or cargo lands there. ``declared_landing``: the landing
    place a risky air mission declares (R-AIR-3). ``action`` takes the group there;
    ``raid_action``, when set, flies there as a strategic bombing raid instead; ``more`` are
    the other legal ways of going there: the other landing places a risky mission may
    declare (R-AIR-3), a raid declaring them, another carrier to land on (R-MOVE-6), another
    ship to board (R-TRANS-3).
    """

    space: str
    path: tuple[str, ...]
    cost: int
    action: MovementAction
    attack: bool = False
    capture: bool = False
    assault: bool = False
    landing: bool = False
    declared_landing: str | None = None
    raid_action: MovementAction | None = None
    more: tuple[MovementAction, ...] = ()


# What a checked action does, kept to trust it for one unit of the same stack:
# (cost, attack, capture, assault, landing, declared landing).
Facts = tuple[int, bool, bool, bool, bool, str | None]
ActionKey = tuple[object, ...]
MoveKey = checkmemo.MoveKey   # a move by (path, raid, landing, carrier)


@dataclass(slots=True)
class Found:
    """The answer of `search`: the destinations, every action accepted (by its key, with what
    it does), and whether the answer depends on where carriers may be after non-combat
    movement (a risky flight's landing, R-AIR-3, OQ2-18)."""

    destinations: dict[str, Destination] = field(default_factory=dict)
    accepted: dict[ActionKey, Facts] = field(default_factory=dict)
    carrier_plans: bool = False
    # Aircraft: what each candidate gave (`Candidate`) and what every candidate read whatever
    # it is (the routes, the territories held since the start of the turn): a later search
    # of the same units takes again the candidates where nothing changed (`search`'s
    # ``before``).
    candidates: dict[str, Candidate] = field(default_factory=dict)
    routes: object = None
    free: frozenset[str] | None = None   # the free air bases the routes were found with
    homes: frozenset[str] | None = None
    # Ships: how far their paths went (`reach._sea`); a later search of the same units with the
    # same reach takes again the destinations where nothing changed.
    sea_limit: int = 0
    rooms: dict[str, int] | None = None   # the carriers' rooms, when a landing read them


class Candidate(NamedTuple):
    """What an aircraft group's search found for one candidate destination: its
    `Destination` (None: no legal move), the actions accepted there with what they do,
    whether a landing on carriers was considered (R-AIR-3), and the route (None when no
    flight was tried)."""

    destination: Destination | None
    accepted: tuple[tuple[ActionKey, Facts], ...]
    carriers: bool
    path: tuple[str, ...] | None


@dataclass(slots=True)
class Search:
    board: BoardMap
    state: GameState
    phase: Phase
    ids: tuple[int, ...]
    trusted: Mapping[ActionKey, Facts]
    found: Found
    # What other powers' units mean in each space, while listing (`incremental`): path
    # checks are then remembered from one listing to the next (`checkmemo`).
    world: checkmemo.WorldFacts | None = None
    cls: int = -1   # `checkmemo.class_id` of the group
    signer: checkmemo.Signer | None = None
    # Found once per search, on first need (`reach_air`): one unit per movement left,
    # and the rooms on carriers after non-combat movement (R-AIR-2, R-AIR-3, OQ2-18).
    homing: list[tuple[HomeReach, int]] | None = None
    rooms: dict[str, int] | None = None
    decks: DeckReach | None = None
    # Aircraft listed again in part: the last search of these units, and the spaces where
    # anything they read may have changed since.
    before: Found | None = None
    changed: frozenset[str] = frozenset()
    # While a candidate is searched: the actions accepted for it, and whether a carrier
    # landing was considered.
    noted: list[tuple[ActionKey, Facts]] | None = None
    carriers_considered: bool = False



_new = object.__new__
_set = object.__setattr__
# The fields every listed move sets, one set shared by all of them: a `Move` is frozen, so
# pydantic never adds to it, and `model_copy` copies it first (one object fewer per move for
# the garbage collector to walk).
_MOVE_FIELDS = {"units", "path", "raid", "landing", "carrier"}


def made_move(units: tuple[int, ...], path: tuple[str, ...], raid: bool = False,
              landing: str | None = None, carrier: int | None = None) -> Move:
    """A `Move` made by the search from the state's own unit ids and the board's space ids,
    built without validating them again: listing makes thousands. Equal (and equally hashed
    and written) to the validated `Move` (tests/test_movement_fast.py).

    Moves are frozen values: the same move is made once and shared while the memory of the
    call keeps it (`fast.memory.Memory.moves`). A stack listed again mostly finds the moves it
    had, and they are then no new objects for the garbage collector to walk."""
    key = (units, path, raid, landing, carrier)
    memory = fast.memory()
    if memory is None:
        return _made_move(units, path, raid, landing, carrier)
    moves = memory.moves
    move = moves.get(key)
    if move is None:
        if len(moves) >= _KEEP_MOVES:
            moves.clear()
        move = moves[key] = _made_move(units, path, raid, landing, carrier)
    return move


def _made_move(units: tuple[int, ...], path: tuple[str, ...], raid: bool,
               landing: str | None, carrier: int | None) -> Move:
    move = _new(Move)
    _set(move, "__dict__", {"kind": "move", "units": units, "path": path, "raid": raid,
                            "landing": landing, "carrier": carrier, "casualty_order": ()})
    _set(move, "__pydantic_fields_set__", _MOVE_FIELDS)
    _set(move, "__pydantic_extra__", None)
    _set(move, "__pydantic_private__", None)
    return move


_KEEP_MOVES = 10_000   # moves (and other actions) a memory shares at most

_A = TypeVar("_A", bound=ActionBase)


def shared_action(kind: type[_A], **fields: object) -> _A:
    """The action ``kind(**fields)`` (a load, an unload, a patrol...), validated when first
    made and then shared while the memory of the call keeps it, as `made_move` shares moves:
    a stack listed again makes the same ones (each is a pydantic model, validated when made)."""
    memory = fast.memory()
    if memory is None:
        return kind(**fields)
    key = (kind, *fields.items())
    action: _A = fast.kept(memory.actions, key, lambda: kind(**fields), _KEEP_MOVES)
    return action


def confirmed(run: Search, group: Group, key: MoveKey) -> Facts | None:
    """What the move ``key`` (path, raid, landing, carrier) does if `check_path` accepts it
    (or it is trusted), else None. The move itself is made only to be checked: most answers
    are trusted or remembered (`checkmemo`), and many candidate paths are refused."""
    facts = run.trusted.get(key)
    if facts is None:
        sig = None
        signer = run.signer
        if signer is not None:
            sig = signer.sign(key[0], key[2], run.rooms)
            if sig is not None:
                hit = checkmemo.recall(signer.memory, run.cls, key)
                if hit is not None and hit[0] == sig:
                    if hit[1] is None:
                        return None
                    run.found.accepted[key] = hit[1]
                    if run.noted is not None:
                        run.noted.append((key, hit[1]))
                    return hit[1]
        try:
            plan = check_path(run.board, run.state, group, made_move(run.ids, *key))
        except IllegalAction:
            plan = None
        facts = None if plan is None else (
            plan.cost, plan.attack, bool(plan.captures or plan.convoy_captures), False,
            plan.domain is AIR and run.phase is NONCOMBAT_MOVE, plan.landing)
        if signer is not None and sig is not None:
            checkmemo.remember(signer.memory, run.cls, key, sig, facts)
        if facts is None:
            return None
    run.found.accepted[key] = facts
    if run.noted is not None:
        run.noted.append((key, facts))
    return facts


def make_destination(move: MovementAction, path: tuple[str, ...], facts: Facts,
                 raid: MovementAction | None = None, more: tuple[MovementAction, ...] = ()
                 ) -> Destination:
    return Destination(path[-1], path, facts[0], move, facts[1], facts[2], facts[3],
                       facts[4], facts[5], raid, more)


def first_legal(run: Search, group: Group, paths: list[tuple[str, ...]],
                 limits: SeaReach | None = None) -> None:
    """The first legal path to each end of ``paths``; ``limits``: how far the ships may go
    to each end (the paths beyond are refused without a check)."""
    out = run.found.destinations
    ids = run.ids
    for path in paths:
        dest = path[-1]
        if dest in out or (limits is not None and not limits.allows(path)):
            continue
        facts = confirmed(run, group, (path, False, None, None))
        if facts is not None:
            out[dest] = make_destination(made_move(ids, path), path, facts)

