"""The desktop interface: the only package that imports PySide6."""

from __future__ import annotations

import PySide6.QtCore  # noqa: F401  (loads shiboken's import hook, which the check below speeds)

from pacific.startup import quicker_pyside_feature_check, without_pydantic_plugins

quicker_pyside_feature_check()

# The desktop program loads the board before its first paint: pydantic builds its first
# validator then, and asks for plugins (`pacific.startup`).
without_pydantic_plugins()
