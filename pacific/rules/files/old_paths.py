"""The module paths the file formats had before they were grouped in `pacific.rules.files`,
and `pacific.rules.board` (now `pacific.rules.board_map`), kept working for programs written
against them.

``import pacific.rules.savefile`` gives the module `pacific.rules.files.savefile` itself, not a
copy, so a patch through either name changes the same function. The project's own code uses
the new paths: mypy knows only those, so an old path in the repository fails the checks.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from importlib.machinery import ModuleSpec
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

OLD_PATHS: dict[str, str] = {
    **{f"pacific.rules.{name}": f"pacific.rules.files.{name}" for name in (
        "jsonfile", "mapcheck", "mapfile", "maps", "migrations", "saved_position", "savefile",
        "savewriting", "scenario")},
    "pacific.rules.board": "pacific.rules.board_map",
}


class _OldPaths:
    """Finds an old path; loads it as the module at its new path. (The import system asks a
    finder and a loader only for these methods: `importlib.abc`'s bases, which import
    `importlib.resources`, are not needed; every program imports this module.)"""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        new = OLD_PATHS.get(fullname)
        if new is None:
            return None
        # The new module's own spec rides along: importing under the old name overwrites
        # the module's __spec__, and exec_module puts it back.
        return ModuleSpec(fullname, cast("Loader", self), loader_state=find_spec(new))

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        return import_module(OLD_PATHS[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        """Nothing runs again: the module ran once, under its new path."""
        alias = module.__spec__
        if alias is not None and isinstance(alias.loader, _OldPaths):
            module.__spec__ = alias.loader_state


def install() -> None:
    """Let the old paths be imported (once per process)."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(_OldPaths())
