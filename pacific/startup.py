"""What the desktop program and the `pacific` command set up before they import the rules,
and the cyclic collector paused while they make what lives as long as they do
(`collector_paused`, `hold_collector`).

Pydantic looks for its plugins the first time it builds a validator (the board's, before the
first paint): its plugin loader imports `importlib.metadata` (and with it `email`, `socket`,
`zipfile`, `csv`...) and reads the entry points of every installed distribution, about 0.04 s
of processor time at each start (docs/performance.md). The game uses no pydantic plugin, so
the programs say so with pydantic's own setting, ``PYDANTIC_DISABLE_PLUGINS``, and the loader's
one function answers as pydantic's own does under that setting (no plugin), without those
imports. Only the desktop interface (`pacific.gui`) and the command (`pacific.cli.main`) call
this: a program that imports the rules alone keeps its plugins.

PySide6 reads the source of every module imported after it (`quicker_pyside_feature_check`
answers its question from the file's bytes instead).
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType

_LOADER = "pydantic.plugin._loader"
# The values with which pydantic's loader answers "no plugin" without looking.
_ALL_DISABLED = ("__all__", "1", "true")


def without_pydantic_plugins() -> None:
    """Turn pydantic's plugins off for this process and its children, unless the user chose
    otherwise (a value of ``PYDANTIC_DISABLE_PLUGINS`` that keeps some plugin leaves pydantic's
    own loader to run). Does nothing once pydantic's loader is imported."""
    choice = os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if choice not in _ALL_DISABLED or _LOADER in sys.modules:
        return
    stand_in = ModuleType(_LOADER, "No pydantic plugin: PYDANTIC_DISABLE_PLUGINS turns them off.")
    stand_in.get_plugins = lambda: ()  # type: ignore[attr-defined]
    sys.modules[_LOADER] = stand_in


def quicker_pyside_feature_check() -> None:
    """PySide6 asks of every module imported after it whether its source mentions "PySide6"
    (a module that does may switch on PySide6's optional features). It reads the source with
    `inspect.getsource`, about a fifth of a millisecond a module: 0.06 s of processor time for
    the three hundred modules a start imports (docs/performance.md). The same question is
    answered here from the file's bytes; any module that is not a plain source file is still
    asked PySide6's way. Nothing changes where PySide6 is not imported yet (it is not imported
    here) or has no such check. The desktop interface calls this when it imports PySide6, and
    the `pacific` command before it imports the rules, in case a program imported PySide6
    before it."""
    feature = sys.modules.get("shibokensupport.feature")
    asked = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or asked is None or getattr(asked, "quicker", False):
        return

    def uses_pyside(module: ModuleType) -> bool:
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            try:
                with open(origin, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(asked(module))

    uses_pyside.quicker = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]


class Holds:
    """Holds that nest: ``first`` is called when the first begins, ``last`` when the last
    ends."""

    def __init__(self, first: Callable[[], None], last: Callable[[], None]) -> None:
        self.first, self.last = first, last
        self.count = 0  # the holds not ended yet

    def hold(self) -> Callable[[], None]:
        """A hold, until the function returned is called (once: later calls do nothing)."""
        if self.count == 0:
            self.first()
        self.count += 1
        ended = False

        def end() -> None:
            nonlocal ended
            if ended:
                return
            ended = True
            self.count -= 1
            if self.count == 0:
                self.last()

        return end


_collecting_before = False  # did the collector run before the first hold began?


def _pause() -> None:
    global _collecting_before
    _collecting_before = gc.isenabled()
    gc.disable()


def _resume() -> None:
    if _collecting_before:
        gc.enable()


_collector_holds = Holds(_pause, _resume)


def hold_collector() -> Callable[[], None]:
    """Pause Python's cyclic garbage collector until the function returned is called (once:
    later calls do nothing). Holds nest: the collector runs again when the last one ends, if
    it ran when the first began. Nothing is set aside (`collector_paused` does that)."""
    return _collector_holds.hold()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused, for what makes objects that live as long as
    the program: the imports of the rules and the GUI (about a hundred thousand modules,
    classes and validators), the main window with its widgets, items and game. The
    collector's passes over them free nothing and cost a twentieth of the start
    (docs/performance.md). Once made they are set aside (`gc.freeze`), so that later passes,
    during play, skip them too. The collector stays paused while another hold lasts (the
    main window holds it until its first paint)."""
    end = hold_collector()
    try:
        yield
    finally:
        gc.freeze()
        end()
