"""The fast paths of movement listing against slow references, on many positions reached by
seeded random play on the mini board (benchmarks/legal_moves.py):

- `air_distances` (board tables, friendly air bases looked up once, answers remembered while a
  state is only read) against a plain Dijkstra over `board.neighbours` (R-MOVE-3, R-MOVE-10,
  R-AIRBASE-1);
- `reachable` (search with pre-filters that mirror the checks) against every adjacent walk the
  checks accept: each must end at a returned destination (R-MOVE-2, R-NONCOMBAT-3/5/6);
- `legal_actions` (one shared read-only view for all stacks) against `reachable` asked stack by
  stack, each in a fresh view: remembered answers never leak from one group to another;
- `clone_state` against the pickle round trip it replaced: equal, and sharing nothing mutable.
"""

from __future__ import annotations

import heapq
import pickle
import random
from copy import deepcopy
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from test_movement_reach import accepted, walks

from pacific.rules.actions.movement import Move
from pacific.rules.board_map import BoardMap
from pacific.rules.copying import clone_state
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.movement import reachable
from pacific.rules.movement import spaces as sp
from pacific.rules.movement.fast.memory import Memory, using
from pacific.rules.movement.listers import stacks
from pacific.rules.nations import Nation, are_allied, power_of
from pacific.rules.phases import Phase
from pacific.rules.shared import SharedDict, SharedList
from pacific.rules.state import GameState, SharedUnitError, Unit, UnitDict
from pacific.rules.units import UNIT_SPECS, Domain, UnitType, is_sea

MINI = Path(__file__).resolve().parent / "maps" / "mini"
MOVEMENT = (Phase.COMBAT_MOVE, Phase.NONCOMBAT_MOVE)


@cache
def positions() -> tuple[tuple[Game, tuple[GameState, ...]], ...]:
    """States in movement phases met in seeded random games on the mini board."""
    game = Game(load_board(MINI))
    found: list[GameState] = []
    for seed in range(1, 5):
        rng = random.Random(seed)
        state = game.new_game(players=3, seed=seed)
        for _ in range(260):
            if state.winner is not None:
                break
            actions = list(game.play_actions(state))
            if state.phase in MOVEMENT and rng.random() < 0.15:
                found.append(state)
            ends = [a for a in actions if a.kind == "end_phase"]
            others = [a for a in actions if a.kind != "end_phase"]
            action = ends[0] if ends and (not others or rng.random() < 0.12) else \
                rng.choice(others)
            state, _ = game.apply(state, action)
    assert len(found) >= 20
    return ((game, tuple(found)),)


def reference_air_distances(board: BoardMap, state: GameState, origin: str, nation: Nation,
                            limit: int) -> dict[str, int]:
    """Dijkstra with the step costs written out from the rules (R-MOVE-3, R-MOVE-10,
    R-AIRBASE-1: no cost between a friendly air base's territory and a sea zone)."""
    def free_base(space: str) -> bool:
        t = board.territory_by_id.get(space)
        owner = state.territory_owner.get(space)
        return t is not None and t.air_base and owner is not None and are_allied(owner, nation)

    def cost(a: str, b: str) -> int:
        if (free_base(a) and board.is_sea(b)) or (board.is_sea(a) and free_base(b)):
            return 0
        return 1

    dist = {origin: 0}
    heap = [(0, origin)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        for nxt in board.neighbours[here]:
            t = board.territory_by_id.get(nxt)
            if t is not None and t.impassable:
                continue
            nd = d + cost(here, nxt)
            if nd <= limit and nd < dist.get(nxt, limit + 1):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist


def test_air_distances_match_a_plain_search() -> None:
    """R-MOVE-3, R-MOVE-10, R-AIRBASE-1: remembered, table-driven distances are exact."""
    for game, states in positions():
        board = game.board
        for state in states[::3]:
            with sp.read_only(state):
                for nation in (Nation.JAPAN, Nation.USA):
                    for origin in board.space_ids:
                        for limit in (2, 4, 6):
                            fast = sp.air_distances(board, state, origin, nation, limit)
                            again = sp.air_distances(board, state, origin, nation, limit)
                            slow = reference_air_distances(board, state, origin, nation, limit)
                            assert fast == slow == again, (origin, nation, limit)


def test_every_accepted_walk_ends_at_a_reachable_destination() -> None:
    """R-MOVE-2, R-NONCOMBAT-3, R-NONCOMBAT-5, R-NONCOMBAT-6: the search's pre-filters drop
    only paths the checks refuse; and every destination returned is accepted."""
    for game, states in positions():
        for state in states[::2]:
            for stack in (s for s in stacks(state) if s[0].carried_by is None):
                first, ids = stack[0], tuple(x.id for x in stack)
                dests = reachable(game.board, state, ids)
                for dest in dests.values():
                    assert game.why_illegal(state, dest.action) is None, dest.action
                spec = UNIT_SPECS[first.type]
                length = min(sp.left(first), 3 if is_sea(first.type) else 4)
                if is_sea(first.type):
                    length = 3 - first.moves_used   # R-NAVALBASE-1, even in steps (OQ2-11)
                declarations: list[str | None] = [None]
                if spec.domain is Domain.AIR and state.phase is Phase.COMBAT_MOVE:
                    declarations += [z.id for z in game.board.sea_zones]   # R-AIR-3
                ends = {path[-1] for path in walks(game.board, first.space, length)
                        if any(accepted(game.board, state,
                                        Move(units=ids, path=path, landing=declared))
                               for declared in declarations)}
                assert ends <= set(dests), (ids, sorted(ends - set(dests)))


def test_listing_in_one_view_equals_each_group_asked_alone() -> None:
    """Answers remembered while listing every group (carrier rooms per moving group, occupied
    spaces, distances) equal the answers for each group asked on its own."""
    for game, states in positions():
        for state in states:
            listed = {a for a in game.play_actions(state)
                      if a.kind in ("move", "load", "unload")}
            alone: set[Any] = set()
            for stack in stacks(state):
                for group in ([stack] if len(stack) == 1 else [stack, stack[:1]]):
                    for dest in reachable(game.board, state, [x.id for x in group]).values():
                        alone.add(dest.action)
                        alone.update(dest.more)
                        if dest.raid_action is not None:
                            alone.add(dest.raid_action)
            assert listed == alone


def _mutable_ids(value: Any, out: set[int]) -> set[int]:
    if isinstance(value, Unit) or (isinstance(value, SharedDict | SharedList) and value.shared):
        # Shared on purpose: copy on write (GameState.unit, GameState.own).
        return out
    if isinstance(value, BaseModel) and not value.model_config.get("frozen"):
        out.add(id(value))
        for field in value.__dict__.values():
            _mutable_ids(field, out)
    elif isinstance(value, (list, dict, set)):
        out.add(id(value))
        for item in (value.values() if isinstance(value, dict) else value):
            _mutable_ids(item, out)
    elif isinstance(value, tuple):
        for item in value:
            _mutable_ids(item, out)
    return out


def test_clone_state_equals_the_pickle_copy_and_shares_only_units_copy_on_write() -> None:
    """The engine works on a copy, and states are cheap to keep: the fast copy is equal to the
    pickle round trip; no list, dict or mutable model but the units (and their dict, until one side
    changes its units) and the shared fields (`GameState.own`) is one of the original's; a unit
    changed through the copy is the copy's own, and a unit or a dict of units still shared refuses
    to be changed directly."""
    for _game, states in positions():
        for state in states:
            copy = clone_state(state)
            reference = pickle.loads(pickle.dumps(state))
            assert copy == reference == state
            assert copy.model_dump_json() == state.model_dump_json()
            assert not _mutable_ids(copy, set()) & _mutable_ids(state, set())
            if copy.units:
                uid = next(iter(copy.units))
                with pytest.raises(SharedUnitError):
                    copy.units[uid].space = "elsewhere"
                shared = copy.units
                if isinstance(shared, UnitDict) and shared.shared:
                    same = shared[uid]
                    for name, args in (("pop", (uid,)), ("__delitem__", (uid,)),
                                       ("__setitem__", (uid, same)), ("clear", ()),
                                       ("update", ({},)), ("popitem", ()),
                                       ("setdefault", (uid, same)), ("__ior__", ({},))):
                        with pytest.raises(SharedUnitError):
                            getattr(shared, name)(*args)
                copy.unit(uid).space = "elsewhere"
                assert copy != state and state.units[uid].space != "elsewhere"
                assert copy.unit(uid) is copy.units[uid]
                assert copy.units is not state.units and state == reference


def test_add_unit_makes_the_unit_the_constructor_makes() -> None:
    """R-PLACE-5 (a unit placed this turn): `GameState.add_unit` sets a new unit
    up without the dataclass's own assignments; it must still equal ``Unit(...)``, hold a
    path list of its own, belong to the state (changed in place after a copy sealed the
    original) and refuse a field that does not exist."""
    _game, states = positions()[0]
    state = clone_state(states[-1])
    for values in ({}, {"placed_this_turn": True}, {"carried_by": 3, "path": ["x"]}):
        first = state.add_unit(UnitType.FIGHTER, Nation.USA, "hawaiian_islands", **values)
        second = state.add_unit(UnitType.FIGHTER, Nation.USA, "hawaiian_islands", **values)
        assert first == Unit(id=first.id, type=UnitType.FIGHTER, owner=Nation.USA,
                             space="hawaiian_islands", **values)
        assert second.id == first.id + 1 and state.units[second.id] is second
        if "path" not in values:
            assert first.path == [] and first.path is not second.path
    later = clone_state(state)
    later.unit(second.id).space = "elsewhere"     # the copy's own unit: no SharedUnitError
    with pytest.raises(SharedUnitError):
        second.space = "elsewhere"
    with pytest.raises(TypeError):
        state.add_unit(UnitType.FIGHTER, Nation.USA, "hawaiian_islands", wings=2)


def _by_type(state: GameState) -> dict[UnitType, list[int]]:
    return {t: [u.id for u in state.units_of_types((t,))] for t in UnitType}


def _scanned(state: GameState) -> dict[UnitType, list[int]]:
    return {t: [uid for uid, u in state.units.items() if u.type is t] for t in UnitType}


def test_units_by_type_stay_right_through_every_kind_of_change() -> None:
    """`GameState.units_of_types` reads an index kept by `add_unit` and
    `remove_unit` and shared by copies; it must give what a look at every unit gives after
    each kind of change, in the state changed and in the one it was copied from, and after a
    change made to the units' dict directly (it is then rebuilt)."""
    _game, states = positions()[0]
    for state in states[::4]:
        assert _by_type(state) == _scanned(state)
        before = _scanned(state)
        copy = clone_state(state)
        assert _by_type(copy) == _scanned(copy) == before
        fighter = copy.add_unit(UnitType.FIGHTER, Nation.JAPAN, "japan")
        assert fighter.id in _by_type(copy)[UnitType.FIGHTER]
        gone = next(iter(copy.units))
        copy.remove_unit(gone)
        copy.unit(next(iter(copy.units))).space = "korea"    # copy on write: same type
        assert _by_type(copy) == _scanned(copy)
        assert _by_type(state) == _scanned(state) == before  # the original is untouched
        again = clone_state(copy)
        with pytest.raises(SharedUnitError):                  # its dict is copy's too
            del again.units[fighter.id]
        again.add_unit(UnitType.INFANTRY, Nation.USA, "hawaiian_islands")  # a dict of its own
        assert copy.units is not again.units
        del again.units[fighter.id]                           # directly: index rebuilt
        assert _by_type(again) == _scanned(again)
        again.units[10**6] = Unit(id=10**6, type=UnitType.CARRIER, owner=Nation.USA,
                                  space="sz_1")
        assert _by_type(again) == _scanned(again)
        again.units = {}
        assert _by_type(again) == _scanned(again)
        for other in (pickle.loads(pickle.dumps(copy)), copy.model_copy(), deepcopy(copy)):
            assert _by_type(other) == _scanned(other) == _scanned(copy)
        with pytest.raises(KeyError):
            copy.remove_unit(gone)


def test_turn_end_gives_every_unit_its_own_path_list() -> None:
    """R-TURN-1 (a new turn): the per-turn bookkeeping reset, taken once per field for speed,
    still hands every unit a list of its own, so one unit's moves never show in another's."""
    from pacific.rules.economy.turn import _end_turn

    for _game, states in positions():
        state = clone_state(states[-1])
        _end_turn(state)
        paths = [unit.path for unit in state.units.values()]
        assert all(p == [] for p in paths)
        assert len({id(p) for p in paths}) == len(paths)


def _plain(value: object) -> bool:
    if value is None or type(value) in (bool, int, str):
        return True
    return type(value) is tuple and all(_plain(item) for item in value)


def test_remembered_path_checks_hold_plain_values_only() -> None:
    """The memo of path checks (`checkmemo`) keeps its keys, signatures and answers for the
    whole game: they must be plain values (no enum member, named tuple or set), which the
    garbage collector stops tracking. Filled by listing every position met."""
    checks: dict[object, Any] = {}
    for game, states in positions():
        game.memory.forget()
        for state in states:
            list(game.play_actions(state))
        checks.update(game.memory.checks)
    assert len(checks) > 100   # land, sea and air moves, both phases
    for key, (sig, answer) in checks.items():
        assert _plain(key) and _plain(sig) and _plain(answer), (key, sig, answer)


def test_listed_moves_share_a_fields_set_that_copies_do_not() -> None:
    """Listed moves share one set of the fields they set (`confirm.made_move`): a copy with
    changes gets its own, and the listed moves are unchanged."""
    for game, states in positions():
        for state in states[:3]:
            moves = [a for a in game.play_actions(state) if isinstance(a, Move)]
            if len(moves) < 2:
                continue
            shared = moves[0].model_fields_set
            assert all(m.model_fields_set is shared for m in moves)
            copy = moves[0].model_copy(update={"casualty_order": (1,)})
            assert "casualty_order" in copy.model_fields_set
            assert "casualty_order" not in shared
            with pytest.raises(ValidationError):
                moves[0].raid = True   # type: ignore[misc]  # frozen: never added to
            assert shared == {"units", "path", "raid", "landing", "carrier"}
            return
    raise AssertionError("no position with two listed moves")


def test_occupied_spaces_read_from_a_listings_world_facts_equal_a_scan_of_the_units() -> None:
    """While a movement listing is made, the occupied spaces of its side, its raid targets and
    the AA territories its aircraft fly over are read from what it found other powers' units
    to mean (`spaces._read_from_world`); they equal a scan of every unit, for ships and for
    submarines (R-MOVE-7, R-MOVE-8, R-MOVE-9, OQ2-14, R-SBR-1, R-AAFLY-1, R-AAFLY-7)."""
    compared = 0
    for game, states in positions():
        for state in states:
            nations = [n for n in Nation if power_of(n) is state.power]
            with sp.read_only(state):
                list(game.play_actions(state))
                if sp.noted(state, ("world_facts", state.power)) is None:
                    continue
                read = {(n, sub): sp.occupied_spaces(game.board, state, n, for_submarine=sub)
                        for n in nations for sub in (False, True)}
                raids = {n: sp.raid_targets(game.board, state, n) for n in nations}
                aa = {n: sp.aa_territories(game.board, state, n) for n in nations}
            for (nation, sub), found in read.items():
                assert found == sp.occupied_spaces(game.board, state, nation,
                                                   for_submarine=sub), (nation, sub)
                compared += 1
            for nation in nations:
                assert raids[nation] == sp.raid_targets(game.board, state, nation), nation
                assert aa[nation] == sp.aa_territories(game.board, state, nation), nation
    assert compared > 50


def test_control_readings_kept_between_calls_follow_every_change_of_control() -> None:
    """The landing places (R-NONCOMBAT-5), the territories held since the start of the turn
    (R-AIR-2, R-CONTROL-5) and the free air bases (R-AIRBASE-1) are kept from one call to the
    next while control stays the same (`spaces._by_control`). A change of control now, at the
    start of the turn or of what was captured this turn gives a new answer, equal to one found
    afresh."""
    game, states = positions()[0]
    board = game.board
    memory = Memory()

    def kept(read: Any) -> Any:
        def reading(board: BoardMap, state: GameState, nation: Nation) -> frozenset[str]:
            with using(memory):
                found: frozenset[str] = read(board, state, nation)
                return found
        return reading

    readings = tuple(map(kept, (sp.landing_places, sp.homes, sp.free_air_bases)))

    def afresh(state: GameState, nation: Nation) -> list[frozenset[str]]:
        memory.by_control.clear()
        return [read(board, state, nation) for read in readings]

    changed = 0
    for state in states[:8]:
        for nation in (Nation.JAPAN, Nation.USA):
            before = [read(board, state, nation) for read in readings]
            assert before == afresh(state, nation)
            bases = [t for t in sorted(state.territory_owner) if t in sp.tables(board).air_bases]
            base = (bases or sorted(state.territory_owner))[0]
            enemy = Nation.USA if state.territory_owner[base] is Nation.JAPAN else Nation.JAPAN
            for change in ("territory_owner", "owner_at_turn_start", "captured_this_turn"):
                copy = clone_state(state)
                [read(board, state, nation) for read in readings]   # kept for `state`
                if change == "captured_this_turn":
                    copy.own(change).append(base)
                else:
                    copy.own(change)[base] = enemy
                now = [read(board, copy, nation) for read in readings]
                assert now == afresh(copy, nation), change
                changed += now != before
    assert changed > 0
