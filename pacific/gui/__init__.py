"""The desktop interface: the only package that imports PySide6."""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (loads shiboken's import hook, which `_quicker_feature_check` speeds)

from pacific.startup import without_pydantic_plugins


def _quicker_feature_check() -> None:
    """PySide6 asks of every module imported after it whether its source mentions "PySide6"
    (a module that does may switch on PySide6's optional features). It reads the source with
    `inspect.getsource`, about a fifth of a millisecond a module: 0.06 s of processor time for
    the three hundred modules a start imports (docs/performance.md). The same question is
    answered here from the file's bytes; any module that is not a plain source file is still
    asked PySide6's way. Nothing changes where PySide6 has no such check."""
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


_quicker_feature_check()

# The desktop program loads the board before its first paint: pydantic builds its first
# validator then, and asks for plugins (`pacific.startup`).
without_pydantic_plugins()
