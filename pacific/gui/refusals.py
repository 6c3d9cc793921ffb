"""How the main window tells the player that an action was refused or failed: a refused drop
is explained in a note beside the drop point (built at the first refusal: a start shows none),
every refusal in the status strip and the event log, in the player's language with the rule's
id; an unknown error (a defect) shows its traceback and the game goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from pacific.gui.qt_dialogs import message_box
from pacific.rules.errors import IllegalAction
from pacific.text import error_text, gettext, refusal_text
from pacific.text.names import place_name

if TYPE_CHECKING:
    from pacific.gui.main_window import MainWindow
    from pacific.gui.refusal_popup import RefusalPopup


class Refusals:
    """The refusals shown in ``window``; `map_replaced` forgets the note of a map gone."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.drop_point: QPointF | None = None  # the drop being judged (scene)
        self.drop_space: str | None = None      # the space a tray's drop landed on
        self.hint = ""   # where a tray's drop could have gone instead (ships on a coast)
        # The note beside a refused drop, built at the first refusal (`popup`).
        self._popup: RefusalPopup | None = None

    @property
    def popup(self) -> RefusalPopup | None:
        """The note beside a refused drop (None without a map), built on first use: a
        start shows none."""
        view = self.window.view
        if self._popup is None and view is not None:
            from pacific.gui.refusal_popup import RefusalPopup

            self._popup = RefusalPopup(view.viewport())
            self._popup.rule_clicked.connect(self.open_rule)
        return self._popup

    def map_replaced(self) -> None:
        """Another board is shown: the view the note stood on is gone."""
        self._popup = None

    def open_rule(self, rule: str) -> None:
        """The rules reference at ``rule`` (a refusal's rule link); the reference is imported
        when first opened."""
        from pacific.gui.dialogs.rules import open_rules

        open_rules(self.window, rule)

    def show(self, refusal: IllegalAction) -> None:
        window = self.window
        # (the space a stack's or a tray's drop landed on)
        landed, hint, start = self.drop_space, self.hint, None
        if window.drag is not None and window.drag.active:
            landed, hint, start = window.drag.landed, window.drag.beside, window.drag.start_box
            window.drag.snap_back(refusal)
        board = window.controller.board if window.controller is not None else None
        if self.drop_point is not None:  # a drop: where the player is looking
            from pacific.gui.refusal_popup import without_rule

            # The note shows the rule's id on its own line: not again after the sentence.
            why = without_rule(error_text(refusal, board), refusal.rule)
            if landed is not None and board is not None:
                # (a drop near a coast or between islands may land on another space than
                # the player meant: the note says which)
                why = gettext("Dropped on {space}: {reason}").format(
                    space=place_name(board, landed), reason=why)
            self.show_beside(self.drop_point, refusal.rule, f"{why}. {hint}" if hint else why,
                             start)
        # In the player's language, with the rule's id, page and summary.
        text = refusal_text(refusal, board) + (f" {hint}" if hint else "")
        window.status_strip.show_refusal(text)
        window.log.add_line(gettext("Refused: {refusal}").format(refusal=text), warning=True)
        window.editing.refused()

    def stayed(self, at: QPointF, why: str) -> None:
        """A drag's drop that sends nothing (on no space, or where the units stand): why,
        beside the drop point."""
        drag = self.window.drag
        self.show_beside(at, "", why, drag.start_box if drag is not None else None)

    def show_unexpected(self, trace: str) -> None:
        """An unknown error (a defect): its traceback; the game goes on."""
        message_box().critical(self.window, gettext("Unexpected error"), trace)

    def dismiss(self) -> None:
        """The note of a refused drop goes when another drag starts: from the map, the unit
        picker or the placement tray (it would read as the next drop's refusal)."""
        if self._popup is not None:
            self._popup.dismiss()

    def show_beside(self, pos: QPointF, rule: str, text: str,
                    start: tuple[QPointF, QRectF] | None = None) -> None:
        """The refusal of a drop, in a note beside the drop point (``pos``, scene), off the
        token the units were dragged from (``start``: its place in the scene and its box in
        pixels), where they slide back and where the player presses again."""
        view = self.window.view
        if view is not None and self.popup is not None:
            home = start[1].translated(QPointF(view.mapFromScene(start[0]))).toAlignedRect() \
                if start is not None else None
            self.popup.show_at(view.mapFromScene(pos), rule, text, keep_off=home)
