"""The memory of movement listing: what it keeps from one call to the next, and the read view
of a state while it is only read.

A `Memory` belongs to whoever owns it (a `Game` owns one) and is handed to each call
explicitly (`using`, `read_only`): nothing is kept at module level, so two games never share
answers, and a game asked from two threads serializes on its memory's lock instead of mixing
the answers of two positions.

While a call runs, the memory and the views of the states it reads are found through a context
variable (`contextvars`: each thread sees its own), so the rule functions deep inside do not
need an extra parameter. Outside any call they find no memory and compute everything: the
slow, simple answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import count
from typing import Any, TypeVar

from pacific.rules.state import GameState, Unit

_T = TypeVar("_T")


class Memory:
    """What movement listing keeps from one call to the next, all of it derived: forgetting it
    (`forget`) changes no answer, only how long the next one takes.

    ``remember=False``: nothing is kept between calls and every stack is listed afresh (the
    reference the incremental listing is compared with)."""

    def __init__(self, *, remember: bool = True) -> None:
        self.remember = remember
        # Held while a call reads or writes the memory: a second thread waits for the first.
        self.lock = threading.RLock()
        self.forget()

    def forget(self) -> None:
        """Drop everything kept (the next listing is made from scratch)."""
        # `incremental`: (board id, power, phase) → the last listing.
        self.snapshots: dict[tuple[object, ...], Any] = {}
        # `checkmemo`: remembered path checks, and numbers for group classes and constants
        # (never given twice by one memory, even after a clear).
        self.checks: dict[tuple[object, ...], Any] = {}
        self.classes: dict[tuple[object, ...], int] = {}
        self.class_numbers = count()
        self.constants: dict[object, int] = {}
        self.constant_numbers = count()
        # `confirm`: moves and other actions made once and shared by later listings.
        self.moves: dict[tuple[object, ...], Any] = {}
        self.actions: dict[tuple[object, ...], Any] = {}
        # `routes`: sea cones and air routes; `listers`: a stack's fixed dependencies.
        self.cones: dict[tuple[object, ...], Any] = {}
        self.routes: dict[tuple[object, ...], Any] = {}
        self.dependencies: dict[object, dict[tuple[object, ...], Any]] = {}
        # `spaces`: readings of a listing's world facts and of control, and home distances.
        self.world_readings: dict[tuple[object, ...], Any] = {}
        self.by_control: dict[tuple[object, ...], Any] = {}
        self.home_distances: dict[tuple[object, ...], Any] = {}


class View:
    """A state while it is only read: its units indexed by space, and answers remembered
    (`remembered`). Lives only inside `read_only`, which must not change the state."""

    __slots__ = ("_index", "memo", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._index: dict[str, list[Unit]] | None = None
        self.memo: dict[Hashable, Any] = {}

    @property
    def index(self) -> dict[str, list[Unit]]:
        """Space → its units, in the state's order; made on first need (a listing that lists
        no stack again never asks)."""
        index = self._index
        if index is None:
            index = self._index = {}
            for unit in self.state.units.values():
                index.setdefault(unit.space, []).append(unit)
        return index


class _Call:
    """One call in progress in this thread: its memory, the view it opened (or None) and
    the call it runs inside."""

    __slots__ = ("memory", "outer", "view")

    def __init__(self, memory: Memory, view: View | None, outer: _Call | None) -> None:
        self.memory, self.view, self.outer = memory, view, outer


# The call in progress in this thread (a context variable: each thread has its own). It holds
# no answer itself: answers live in the `Memory` and `View` objects the caller passed in.
_CALL: ContextVar[_Call | None] = ContextVar("pacific_movement_call", default=None)


@contextmanager
def using(memory: Memory) -> Iterator[None]:
    """Run the block with ``memory`` (its lock held): answers kept from one call to the next
    are found there."""
    outer = _CALL.get()
    if outer is not None and outer.memory is memory:
        yield
        return
    with memory.lock:
        token = _CALL.set(_Call(memory, None, outer))
        try:
            yield
        finally:
            _CALL.reset(token)


@contextmanager
def read_only(state: GameState, memory: Memory | None = None) -> Iterator[None]:
    """Index the units of ``state`` by space and remember derived answers for the duration of
    the block, which must not change the state. ``memory``: the one to keep answers in from
    call to call; by default the one the call runs with (`using`), else a new one."""
    outer = _CALL.get()
    if view_of(state) is not None and (memory is None or outer is None or
                                       outer.memory is memory):
        yield
        return
    if memory is None:
        memory = outer.memory if outer is not None else Memory()
    with memory.lock:
        token = _CALL.set(_Call(memory, View(state), outer))
        try:
            yield
        finally:
            _CALL.reset(token)


def view_of(state: GameState) -> View | None:
    """The view of ``state`` when it is inside `read_only` in this thread, else None."""
    call = _CALL.get()
    while call is not None:
        view = call.view
        if view is not None and view.state is state:
            return view
        call = call.outer
    return None


def memory() -> Memory | None:
    """The memory of the call in progress in this thread, or None outside any call."""
    call = _CALL.get()
    return None if call is None else call.memory


def remembered(state: GameState, key: Hashable, compute: Callable[[], _T]) -> _T:
    """``compute()``, remembered under ``key`` while ``state`` is inside `read_only` (the
    caller must not change the answer; the key names everything the answer depends on besides
    the state, the board included)."""
    view = view_of(state)
    if view is None:
        return compute()
    try:
        value: _T = view.memo[key]
    except KeyError:
        value = view.memo[key] = compute()
    return value


def reading(state: GameState) -> bool:
    """Whether ``state`` is inside `read_only` (answers are remembered)."""
    return view_of(state) is not None


def note(state: GameState, key: Hashable, value: object) -> None:
    """Remember ``value`` under ``key`` while ``state`` is inside `read_only` (no effect
    otherwise)."""
    view = view_of(state)
    if view is not None:
        view.memo[key] = value


def noted(state: GameState, key: Hashable) -> Any:
    """What `note` remembered under ``key`` for ``state``, or None."""
    view = view_of(state)
    return None if view is None else view.memo.get(key)


def kept(table: dict[Any, _T], key: Any, compute: Callable[[], _T], limit: int) -> _T:
    """``table[key]``, computed and kept on first need; the table is emptied when it holds
    ``limit`` entries (the answers are derived: losing them costs only time)."""
    found = table.get(key)
    if found is None:
        if len(table) >= limit:
            table.clear()
        found = table[key] = compute()
    return found
