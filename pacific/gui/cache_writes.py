"""The cache files a start writes, written once its window has painted rather than on the way.

A start that misses a cache (the map geometry's, the first label layout, the small spaces'
markers, the pieces' first slots) makes what it needs and keeps it for the next start. The
window does not need the file: writing it before the first paint only delays the paint (a
first start ever writes the geometry's 6.7 MB). So while a window is on its way to its first
paint (`hold`, taken by `first_paint.CollectorUntilPainted`), what is to be written waits in
memory (`later`) and is written the event loop's turn after that paint, when the window's
hold ends. A program that ends before writes it at its exit; one killed before loses it, and
its next start makes it again, as a start that found no cache. With no window on its way (a
tool, a scene made alone), a write is done at once.
"""

from __future__ import annotations

import atexit
from collections.abc import Callable

from pacific.startup import Holds

# The writes waiting for the windows on their way to their first paint.
_waiting: list[Callable[[], None]] = []


def flush() -> None:
    """Do the writes waiting, in the order they were asked for."""
    while _waiting:
        _waiting.pop(0)()


_holds = Holds(lambda: None, flush)


def hold() -> Callable[[], None]:
    """Keep the writes asked for (`later`) waiting until the function returned is called
    (once: later calls do nothing) and every other hold has ended."""
    return _holds.hold()


def later(write: Callable[[], None]) -> None:
    """Call ``write`` (a write of a cache file, that swallows its own failures) once no
    window is on its way to its first paint: now when none is."""
    if _holds.count:
        _waiting.append(write)
    else:
        write()


atexit.register(flush)  # (a program that ends before its window painted)
