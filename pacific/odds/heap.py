"""Keep the memory an odds query frees for the next one, instead of giving it back to the
system after each step.

A query's arrays are a few MB each (a batch's hit combinations and mass, the simulation's
runs): glibc's allocator serves blocks that large by mapping fresh pages and unmaps them
when freed, so every batch faults its pages in again. That system time counted up to a
third of a query's processor time (docs/performance.md, "Odds within 50 ms"). Raising the
mapping threshold keeps such blocks on the heap, where the next batch reuses them; the
trim threshold caps what the heap keeps unused (the query budget's memory, budget.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

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
