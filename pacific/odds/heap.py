"""Keep the memory an odds query frees for the next one, instead of giving it back to the
system after each step.

A query's arrays are a few MB each (a batch's hit combinations and mass, the simulation's
runs): glibc's allocator serves blocks that large by mapping fresh pages and unmaps them
when freed, so every batch faults its pages in again. That system time counted up to a
third of a query's processor time (docs/performance.md, "Odds within 50 ms"). Raising the
mapping threshold keeps such blocks on the heap, where the next batch reuses them; the
trim threshold caps what the heap keeps unused (the query budget's memory, budget.py).

A query also makes hundreds of thousands of short-lived objects (the chain's states and
pairs), each freed by its reference count; the garbage collector, counting them as they are
made, ran a full collection over all of them in some queries (about 20 ms of a 35 to 50 ms
query; docs/performance.md, "The garbage collector in an odds query"). `collector_paused`
keeps it for after the query, when they are gone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")

# mallopt's parameters (malloc.h) and values: blocks up to 32 MB (glibc's largest mapping
# threshold on 64-bit systems) from the heap; up to 64 MB of free heap kept.
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_MMAP_THRESHOLD = 32 * 2**20
_TRIM_THRESHOLD = 64 * 2**20

_done = False


def keep_freed_memory() -> bool:
    """Set the allocator's thresholds once per process (glibc only; elsewhere nothing
    changes). Returns whether they are set."""
    global _done
    if _done:
        return True
    _done = True
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others: no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(
        mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD) and mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD)
    )


def collector_paused(query: Callable[_P, _R]) -> Callable[_P, _R]:
    """`query` with the garbage collector paused while it runs (the module docstring), and
    left as it was after (a caller that paused it keeps it paused). The query's objects hold
    no cycles of their own to wait for: they are freed as they go, and the collector counts
    whatever remains at its next run."""

    @wraps(query)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():
            return query(*args, **kwargs)
        gc.disable()
        try:
            return query(*args, **kwargs)
        finally:
            gc.enable()

    return paused
