"""Edit mode's panel, by its names: the palette's drag type (`EDIT_MIME_TYPE`, which the map
reads on every drag), and the panel's widgets, imported from `pacific.gui.edit_widgets` when
first asked for (a start shows no edit panel: its Qt classes wait with it).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacific.gui.edit_mode import EditBanner
    from pacific.gui.edit_widgets import EditPanel, UnitPalette

# A palette drag's payload: the same encoding as the placement tray's, another MIME type, so a
# drop is an edit, never a placement.
EDIT_MIME_TYPE = "application/x-pacific-edit-unit"

_WHERE = {"EditPanel": "pacific.gui.edit_widgets", "UnitPalette": "pacific.gui.edit_widgets",
          "EditBanner": "pacific.gui.edit_mode"}


def __getattr__(name: str) -> object:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(where), name)


__all__ = ["EDIT_MIME_TYPE", "EditBanner", "EditPanel", "UnitPalette"]
