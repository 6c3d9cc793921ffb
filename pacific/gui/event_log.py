"""The words of the game beside and under the map: the event log, everything that happened
told in the active language, and the status strip, the last refusal or message. A refusal goes
to both: the strip shows it for a while, cut to its two lines; the log keeps it whole.

Both are pure views: the main window hands them the history and the messages to show.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QWidget

from pacific.gui.log_lines import story_lines
from pacific.gui.palette import warning_colour
from pacific.gui.rule_wrap import as_typed, unbroken
from pacific.rules.board_map import BoardMap
from pacific.rules.history import History, Record
from pacific.rules.nations import Nation, display_name
from pacific.text import _


class EventLog(QListWidget):
    """Everything that happened, in the active language, newest at the bottom: the story of the
    game's history, each action's events with the units and their owners named
    (`pacific.text.describe_event`), and the refusals shown since.

    `show_history` keeps it the story of the history shown: an undone action's lines go, a
    redone action's come back, and after an open or a restore the log is rebuilt from the
    history's records. Each line remembers how many records stood before it (``RECORDS``), so
    that lines after an undone record are the ones taken away. While the story of a game opened
    from its position is still being read (`History.rebuilding`), one line says so.
    """

    MAX_LINES = 2000
    RECORDS = Qt.ItemDataRole.UserRole + 1  # records of the history up to this line
    FIRST = Qt.ItemDataRole.UserRole + 2    # records up to its first (placements grouped)
    PLACED = Qt.ItemDataRole.UserRole + 3   # a line that those that follow may join
    MOMENT = Qt.ItemDataRole.UserRole + 4   # a line of the moment (a refusal), not of the story

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self._names: dict[str, str] = {}
        self._ids: re.Pattern[str] | None = None
        self._board: BoardMap | None = None
        self._records: list[Record] = []   # the records whose lines are shown
        self._reading: QListWidgetItem | None = None   # the line shown while the story is read
        # Scrolled to its end, the log stays there when its lines wrap anew (its scroll bar
        # comes, its dock is resized): the end moves down, the last line must stay in view.
        bar = self.verticalScrollBar()
        self._at_end = True
        bar.valueChanged.connect(lambda value: setattr(self, "_at_end", value >= bar.maximum()))
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high) if self._at_end else None)

    def set_board(self, board: BoardMap) -> None:
        """The board the lines name places of. `plain` also shows the space and nation ids in
        an English sentence by their names ("sz_9" → "Sea Zone 9", "usa" → "United
        States")."""
        self._board = board
        self._names = {space: board.name(space) for space in board.space_ids}
        self._names.update({n.value: display_name(n) for n in Nation})
        self._ids = None   # made when first asked for (`plain`): a new game's start needs none

    def plain(self, text: str) -> str:
        if self._ids is None:
            if not self._names:
                return text
            ids = sorted(self._names, key=len, reverse=True)
            self._ids = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b")
        return self._ids.sub(lambda m: self._names[m.group(1)], text)

    def clear(self) -> None:
        super().clear()
        self._records = []
        self._reading = None

    def show_history(self, history: History) -> None:
        """Make the log the story of ``history``: the lines of records it no longer holds (an
        undo, another game) go with the lines that followed them; the lines of its new records
        come, in the active language."""
        if history.rebuilding:
            self._show_reading()
            return
        moment = self._stop_reading()
        board = self._board if self._board is not None else history.game.board
        records = history.records
        kept = 0
        for shown, record in zip(self._records, records, strict=False):
            if shown is not record:
                break
            kept += 1
        # The lines at the end that new records may join (placements, an assault's landing
        # and what follows it) are told again with them; a refusal among them (no event of
        # the game) is held and put back after the lines begun before it, if still standing.
        start = kept
        held: list[QListWidgetItem] = []
        while self.count():
            row = self.count() - 1
            last = self.item(row)
            if last.data(self.MOMENT):
                held.insert(0, self.takeItem(row))
                continue
            if self._records_before(row) <= kept and not last.data(self.PLACED):
                break
            first = last.data(self.FIRST)
            start = min(start, first - 1 if isinstance(first, int) else kept)
            self.takeItem(row)
        while self.count() and self._records_before(self.count() - 1) > start:
            self.takeItem(self.count() - 1)
        held = [item for item in held if self._records_of(item) <= kept]
        for line in story_lines(history, board, start, self.MAX_LINES):
            while held and self._records_of(held[0]) < line.first:
                self.addItem(held.pop(0))
            item = QListWidgetItem(unbroken(line.text))   # a rule id wraps whole
            item.setData(self.RECORDS, line.last)
            item.setData(self.FIRST, line.first)
            item.setData(self.PLACED, line.joined)
            if line.bold:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            self.addItem(item)
        for item in held:
            self.addItem(item)
        self._records = list(records)
        for item in moment:   # lines of the moment (refusals) shown while the story was read
            item.setData(self.RECORDS, len(records))
            self.addItem(item)
        self._trim()

    def _show_reading(self) -> None:
        """The one line of a log whose story is being read (the rest of the window already
        shows the position)."""
        if self._reading is not None:
            return
        self.clear()
        item = QListWidgetItem(_("Reading the story of this game: its actions are replayed "
                                 "for undo and this log…"))
        font = item.font()
        font.setItalic(True)
        item.setFont(font)
        self.addItem(item)
        self._reading = item

    def _stop_reading(self) -> list[QListWidgetItem]:
        """The story has been read: its line goes; the lines shown meanwhile are taken out,
        returned to follow the story."""
        if self._reading is None:
            return []
        self.takeItem(self.row(self._reading))
        self._reading = None
        moment = []
        while self.count():
            item = self.takeItem(0)
            if item is not None:
                moment.append(item)
        return moment

    def _records_before(self, row: int) -> int:
        return self._records_of(self.item(row))

    def _records_of(self, item: QListWidgetItem) -> int:
        value = item.data(self.RECORDS)
        return value if isinstance(value, int) else 0

    def _trim(self) -> None:
        while self.count() > self.MAX_LINES:
            self.takeItem(0)
        self.scrollToBottom()

    def add_line(self, text: str, warning: bool = False) -> None:
        """A line of the moment (a refusal): it stays until the record before it is undone."""
        item = QListWidgetItem(unbroken(self.plain(text)))
        item.setData(self.RECORDS, len(self._records))
        item.setData(self.MOMENT, True)
        if warning:
            item.setForeground(warning_colour(self.palette(), QPalette.ColorRole.Base))
        self.addItem(item)
        self._trim()

    def lines(self) -> list[str]:
        """The lines as the game wrote them (a rule id as typed)."""
        return [as_typed(self.item(i).text()) for i in range(self.count())]


# A rule id in brackets that ends a message: "... (R-COMBATMOVE-1)".
_CLOSING_RULE = re.compile(r"\s*(\((?:R|EX)(?:-[A-Z0-9]+)+\))\s*$")


class StatusStrip(QWidget):
    """The last refusal or message, under the map. A message goes after a while (a line that
    stayed would go stale: "Saved to…" an hour later); another replaces it at once.

    The strip is two lines high: a longer message (a refusal with its rule's summary, in a
    narrow window) is cut after its second line with "…" and shown whole in the tooltip; the
    event log keeps it whole too."""

    INFO_MS = 12_000
    REFUSAL_MS = 30_000
    LINES = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 2, 6, 2)
        self.label = QLabel()
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self._whole = ""
        # Two lines, always: a message that comes or goes never resizes the map above it
        # (the map would jump, or fit itself again, under the player's eyes).
        self.setFixedHeight(self.LINES * self.fontMetrics().lineSpacing() + 8)
        self.expiry = QTimer(self)
        self.expiry.setSingleShot(True)
        self.expiry.timeout.connect(lambda: self._show(""))
        self._phase: object = None     # (round, power, phase) of the state last shown
        self._refusal = False          # the message shown is a refusal
        self._of_position = False      # the message speaks of the position shown now

    def show_refusal(self, text: str) -> None:
        self.label.setStyleSheet(
            f"color:{warning_colour(self.palette()).name()}; font-weight:bold")
        self._show("✖ " + text)
        self._refusal = True
        self.expiry.start(self.REFUSAL_MS)

    def clear_refusal(self) -> None:
        """The refusal shown was answered (a guided step done): it goes; a message stays."""
        if self._refusal:
            self.show_info("")

    def show_info(self, text: str, of_position: bool = False) -> None:
        """``of_position``: the message says how the position stands ("These dice are still
        awaited"): the position's next change takes it away, as it is no longer true."""
        self.label.setStyleSheet("")  # the theme's text colour
        self._refusal = False
        self._of_position = of_position and bool(text)
        self._show(text)
        if text:
            self.expiry.start(self.INFO_MS)
        else:
            self.expiry.stop()

    def follow_phase(self, phase: object, clear: bool = True) -> None:
        """A refusal or a drop's note speaks of the phase it was made in: the next phase (or
        another power's turn) takes it away at once (``clear``: not for the game's first). Called
        at every change of the position: a message of the position goes at once."""
        if phase != self._phase or self._of_position:
            if clear:
                self.show_info("")
            self._phase = phase

    def _show(self, text: str) -> None:
        self._whole = text
        self._fit()

    def _fit(self) -> None:
        """The message as far as it fits in the strip's lines at the label's width."""
        text = unbroken(self._whole)
        self.label.ensurePolished()  # the style sheet's bold is in the font only once polished
        metrics = self.label.fontMetrics()
        width = max(1, self.label.contentsRect().width())
        room = self.LINES * metrics.lineSpacing()

        def fits(shown: str) -> bool:
            bounds = metrics.boundingRect(0, 0, width, 10 * room,
                                          Qt.TextFlag.TextWordWrap, shown)
            return bounds.height() <= room

        shown = text
        if text and not fits(text):
            # A rule id closing the message is where to read about it: it stays whole after
            # the "…" (cut inside it, "(R-…" names no rule).
            closing = _CLOSING_RULE.search(as_typed(text))
            tail = " " + unbroken(closing.group(1)) if closing else ""
            body = unbroken(as_typed(text)[:closing.start()]) if closing else text
            low, high = 0, len(body)  # the longest start of the text that fits with "…"
            while low < high:
                middle = (low + high + 1) // 2
                if fits(body[:middle].rstrip() + "…" + tail):
                    low = middle
                else:
                    high = middle - 1
            shown = body[:low].rstrip() + "…" + tail
        self.label.setText(shown)
        self.label.setToolTip(self._whole if shown != text else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._whole:
            self._fit()

    def text(self) -> str:
        """The whole message, as the player can read it in the tooltip and the log."""
        return self._whole
