"""A spin box for a count that a player types over."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QSpinBox

# Focus given with no place of the cursor chosen by the player: a dialog that opens, its
# window made active again. (A click puts the cursor where it clicks; Tab selects already.)
_GIVEN = (Qt.FocusReason.ActiveWindowFocusReason, Qt.FocusReason.OtherFocusReason)


class CountBox(QSpinBox):
    """A count whose number is selected when a dialog opens on it, so that the first key
    typed replaces it: typed in front of Buy units' first 0, "2" would make 20 (refused as
    more than the treasury); in front of the convoy question's 12, "8" would be out of range
    and the 12 would stay."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() in _GIVEN:
            self.selectAll()
