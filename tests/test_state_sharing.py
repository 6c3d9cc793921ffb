"""Copies of a state share control, the treasuries and a few small lists until one of them writes
(the engine works on a copy, and a copy must cost little): `GameState.own` gives the writer its own
container first, a container still shared refuses to be changed in place, and nothing a player or a
save sees changes."""

from __future__ import annotations

import copy
import pickle
import random
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

from pacific.rules.actions.economy import EndPhase
from pacific.rules.copying import clone_state
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.savefile import dumps, parse_save
from pacific.rules.history import History
from pacific.rules.nations import Nation
from pacific.rules.shared import SharedDataError, SharedDict, SharedList
from pacific.rules.state import (
    NO_UNITS_OWNED,
    SHARED_FIELDS,
    SHARED_WHEN_EMPTY,
    GameState,
    OwnerChoice,
)

MINI = Path(__file__).resolve().parent / "maps" / "mini"


@cache
def played() -> History:
    """A seeded random game on the mini board, long enough for captures and battles."""
    game = Game(load_board(MINI))
    rng = random.Random(3)
    history = History(game, game.new_game(players=3, seed=3))
    for _ in range(400):
        state = history.state
        if state.winner is not None:
            break
        actions = list(game.play_actions(state))
        ends = [a for a in actions if a.kind == "end_phase"]
        others = [a for a in actions if a.kind != "end_phase"]
        action = ends[0] if ends and (not others or rng.random() < 0.3) else rng.choice(others)
        history.apply(action)
    return history


def test_a_copy_shares_the_fields_until_it_writes_and_its_write_leaves_the_original() -> None:
    """The copy holds the very dicts and lists of the original (nothing copied);
    a write through `own` gives the copy its own container and leaves the original as it
    was, in value and in its dump."""
    state = played().state
    before = state.model_dump_json()
    work = clone_state(state)
    for name in SHARED_FIELDS:
        assert getattr(work, name) is getattr(state, name), name
    land = next(iter(work.territory_owner))
    work.own("territory_owner")[land] = Nation.CHINA
    work.own("owner_at_turn_start")[land] = Nation.CHINA
    work.own("convoy_holder")["sz_x"] = Nation.JAPAN
    work.own("treasury")[Nation.JAPAN] = 99
    work.own("captured_this_turn").append(land)
    work.own("owner_choices").append(
        OwnerChoice(territory=land, power=state.power, options=[Nation.CHINA]))
    written = ("territory_owner", "owner_at_turn_start", "convoy_holder", "treasury",
               "captured_this_turn", "owner_choices")
    for name in written:
        assert getattr(work, name) is not getattr(state, name), name
        assert work.own(name) is getattr(work, name)   # its own now: no second copy
    assert work.territory_owner[land] is Nation.CHINA and work.treasury[Nation.JAPAN] == 99
    assert state.model_dump_json() == before
    assert work != state


@pytest.mark.parametrize("name", SHARED_FIELDS)
def test_a_shared_field_refuses_a_write_in_place_on_either_side(name: str) -> None:
    """After a copy, neither the sealed original (kept by the history) nor the copy
    may change a shared container in place: a rule that forgot `GameState.own` fails loudly
    instead of rewriting the history."""
    state = played().state
    work = clone_state(state)
    for side in (state, work):
        value = getattr(side, name)
        if isinstance(value, dict):
            key = next(iter(value), "x")
            writes = [("__setitem__", (key, Nation.CHINA)), ("__delitem__", (key,)),
                      ("pop", (key,)), ("popitem", ()), ("clear", ()), ("update", ({},)),
                      ("setdefault", (key, Nation.CHINA)), ("__ior__", ({},))]
        else:
            writes = [("append", ("x",)), ("extend", ([],)), ("insert", (0, "x")),
                      ("pop", ()), ("remove", ("x",)), ("clear", ()), ("sort", ()),
                      ("reverse", ()), ("__setitem__", (0, "x")), ("__delitem__", (0,)),
                      ("__iadd__", ([],)), ("__imul__", (2,))]
        for method, args in writes:
            with pytest.raises(SharedDataError):
                getattr(value, method)(*args)
    assert state == work


def test_an_empty_list_of_battles_is_shared_and_a_full_one_copied_with_its_battles() -> None:
    """Battles change in place step by step, so copies share the list only while
    it is empty (outside the combat phase); the first battle is added through `own`."""
    history = played()
    states = [r.state for r in history.records]
    empty = next(s for s in states if not s.battles)
    work = clone_state(empty)
    assert work.battles is empty.battles and "battles" in SHARED_WHEN_EMPTY
    with pytest.raises(SharedDataError):
        work.battles.append(None)  # type: ignore[arg-type]
    full = next(s for s in states if s.battles)
    copied = clone_state(full)
    assert copied.battles == full.battles and copied.battles is not full.battles
    assert all(a is not b for a, b in zip(copied.battles, full.battles, strict=True))
    copied.own("battles").clear()
    assert full.battles


def test_history_states_are_never_rewritten_and_share_what_did_not_change() -> None:
    """Along a played game, each state dumps at the end as it did when it was made
    (no rule changed an older state through a shared container), and a state whose control
    did not change holds the very dict of control of the state before it."""
    game = Game(load_board(MINI))
    rng = random.Random(5)
    history = History(game, game.new_game(players=3, seed=5))
    dumped = []
    for _ in range(300):
        state = history.state
        if state.winner is not None:
            break
        actions = list(game.play_actions(state))
        history.apply(rng.choice(actions))
        dumped.append(history.state.model_dump_json())
    states = [r.state for r in history.records]
    assert [s.model_dump_json() for s in states] == dumped
    pairs = list(pairwise(states))
    kept = [(a, b) for a, b in pairs if a.territory_owner == b.territory_owner]
    changed = [(a, b) for a, b in pairs if a.territory_owner != b.territory_owner]
    assert kept and changed   # the game captured something, and mostly did not
    assert all(a.territory_owner is b.territory_owner for a, b in kept)
    assert all(a.territory_owner is not b.territory_owner for a, b in changed)


def test_a_save_round_trip_is_unchanged_by_shared_fields() -> None:
    """A state holding shared containers saves, pickles, deep-copies, compares and
    copies (pydantic's `model_copy`) exactly as one holding plain ones; the copies made by
    pickle and deepcopy own their containers (they may be written)."""
    history = played()
    state = history.state
    assert clone_state(state) is not None   # state is sealed: its fields are shared now
    assert type(state.territory_owner) is SharedDict and state.territory_owner.shared
    plain = GameState.model_validate(state.model_dump())
    assert type(plain.territory_owner) is dict
    assert plain == state and state == plain
    assert plain.model_dump() == state.model_dump()
    assert plain.model_dump_json() == state.model_dump_json()
    assert state.model_copy() == state == state.model_copy(deep=True)
    loaded = parse_save(dumps(history).encode("utf-8"), lambda _id: history.game.board)
    loaded.rebuild()
    assert loaded.state == state and dumps(loaded) == dumps(history)
    assert [r.state for r in loaded.records] == [r.state for r in history.records]
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert other == state
        for name in SHARED_FIELDS:
            value = getattr(other, name)
            assert isinstance(value, dict | list) and not getattr(value, "shared", False)
        other.territory_owner["x"] = Nation.CHINA   # its own: no refusal
    for value in (SharedDict({"a": 1}), SharedList([1])):
        value.shared = True
        for other in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value)):
            assert other == value and type(other) is type(value) and not other.shared


def test_a_copy_takes_a_mark_only_when_it_changes_a_unit() -> None:
    """A copy owns no unit until it changes or adds one (`NO_UNITS_OWNED`, no mark
    object per state); changing one then gives it a mark of its own, and the original's unit
    stays as it was."""
    state = played().state
    work = clone_state(state)
    assert work.__pydantic_private__ is not None
    assert work.__pydantic_private__["_mark"] is NO_UNITS_OWNED
    again = clone_state(work)           # sealing a copy that owns nothing keeps it so
    assert work.__pydantic_private__["_mark"] is NO_UNITS_OWNED
    uid = next(iter(again.units))
    space = state.units[uid].space
    again.unit(uid).space = "elsewhere"
    mark = again.__pydantic_private__["_mark"]
    assert mark is not NO_UNITS_OWNED and again.units[uid]._owner is mark
    assert state.units[uid].space == space == work.units[uid].space


def test_every_listing_offers_the_same_end_phase_action() -> None:
    """Actions are frozen, so every listing offers one `EndPhase` object (one
    object less per phase ended for the history to keep)."""
    history = played()
    game = history.game
    ends = [a for r in history.records[:40] for a in game.play_actions(r.state)
            if isinstance(a, EndPhase)]
    assert len(ends) > 2 and all(a is ends[0] for a in ends)
