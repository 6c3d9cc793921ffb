"""Dice from the table: the dice of one roll, typed in at once.

When the game waits for a roll (a `DiceRoll` decision: its groups say how many dice each group
of units rolls and what they hit on), `DiceEntry` shows one empty die per die asked for, row by
row as the engine groups them ("2 infantry hit on 1", "1 fighter hit on 3"). The values come
from one text field ("3 5 1", "351") or from clicking die faces; a die clicked in a row is
chosen for correction, and the next value replaces it. Nothing is sent until "Confirm": then
one `roll_dice` action carries every value. "Roll for me" sends ``None`` (the game's own dice);
"Cancel" asks the window to leave the game as it was before these dice were asked for.

The battle board holds one (a roll in a battle); `DiceRollDialog` holds one for a roll outside a
battle (AA fire over a territory an aircraft flies over, R-AAFLY-2).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.palette import warning_colour
from pacific.text import Nn_, _, ngettext

# Where the pips of each face go, as fractions of the die's side.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.23), (0.73, 0.23), (0.27, 0.5), (0.73, 0.5), (0.27, 0.77), (0.73, 0.77)),
}
HIT_FACE = QColor("#d83a2e")
FACE = QColor("#fbfbf7")
CHOSEN = QColor("#1f6fd0")
_CONFIRM_LEFT = Nn_("Confirm the dice ({count} to enter)",
                    "Confirm the dice ({count} to enter)")


def paint_die(painter: QPainter, rect: QRectF, value: int | None, hit: bool = False,
              chosen: bool = False) -> None:
    """A die: a white face with black pips, a red face with white pips for a hit (value ≤ the
    hit number, R-COMBAT-5); an empty place is a dashed outline; the die chosen for correction
    has a blue frame."""
    side = rect.width()
    if value is None:
        painter.setPen(QPen(QColor("#888888"), 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(QColor("#eef1f4"))
    else:
        painter.setPen(QPen(QColor("#333333"), 1.2))
        painter.setBrush(HIT_FACE if hit else FACE)
    painter.drawRoundedRect(rect, side * 0.18, side * 0.18)
    if chosen:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(CHOSEN, 3))
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), side * 0.22, side * 0.22)
    if value is None:
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("white") if hit else QColor("#1b1b1b"))
    for px, py in PIPS.get(value, ()):
        painter.drawEllipse(QPointF(rect.x() + px * side, rect.y() + py * side),
                            side * 0.09, side * 0.09)


class DieButton(QPushButton):
    """A die drawn as a die, to click: a face (1 to 6) or a place of the roll being entered."""

    def __init__(self, value: int | None = None, side: int = 30,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = value
        self.hit = False
        self.chosen = False
        self.side = side
        self.setFixedSize(side + 8, side + 8)
        self.setFlat(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys 1-6 go to the entry
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(self.side + 8, self.side + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_die(painter, QRectF(4, 4, self.side, self.side), self.value, self.hit,
                  self.chosen)
        painter.end()


def parse_dice(text: str) -> tuple[list[int], str]:
    """The dice in ``text``, in order: every digit from 1 to 6 is one die, whatever spaces or
    punctuation are between them ("3 5 1", "3,5,1", "351"). Also what is wrong with it (""
    when nothing is): a digit no die shows (0, 7, 8, 9) or a letter ("l" for 1)."""
    values = [int(c) for c in re.findall(r"[1-6]", text)]
    wrong = list(dict.fromkeys(re.findall(r"[0789]|[^\W\d_]", text)))
    problem = _("A die shows 1 to 6, not {digits}.").format(digits=", ".join(wrong)) \
        if wrong else ""
    return values, problem


class DiceEntry(QGroupBox):
    """The dice of one roll. `ask(rows)` sets it up for rows of (text, count, hit on); it
    emits `rolled` with the values (a tuple) or None ("roll for me"), and `cancelled`."""

    rolled = Signal(object)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Dice from the table"), parent)
        self.rows: tuple[tuple[str, int, int | None], ...] = ()
        self._key: object = None
        self.values: list[int | None] = []
        self.chosen: int | None = None     # the die the next value replaces, when set
        self.slots: list[DieButton] = []
        layout = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.slot_grid = QGridLayout()
        self.slot_grid.setHorizontalSpacing(6)
        self.slot_grid.setVerticalSpacing(2)
        layout.addLayout(self.slot_grid)
        self.field = QLineEdit()
        self.field.setPlaceholderText(_("The dice in order, e.g. 3 5 1"))
        self.field.setToolTip(_("Every digit from 1 to 6 is one die, in the order of the rows "
                                "above; spaces and commas between them do not matter"))
        self.field.textEdited.connect(self._typed)
        self.field.returnPressed.connect(self.confirm)
        layout.addWidget(self.field)
        self.problem = QLabel()
        self.problem.setStyleSheet(f"color:{warning_colour(self.palette()).name()}")
        self.problem.hide()
        layout.addWidget(self.problem)
        faces = QHBoxLayout()
        faces.addWidget(QLabel(_("Or click:")))
        self.face_buttons: list[DieButton] = []
        for value in range(1, 7):
            face = DieButton(value, 24)
            face.setToolTip(_("A {value}").format(value=value))
            face.clicked.connect(lambda _=False, v=value: self.put(v))
            faces.addWidget(face)
            self.face_buttons.append(face)
        faces.addStretch(1)
        self.back_button = QPushButton(_("Take back"))
        self.back_button.setToolTip(_("Empty the last die entered"))
        self.back_button.clicked.connect(self.take_back)
        faces.addWidget(self.back_button)
        layout.addLayout(faces)
        buttons = QHBoxLayout()
        self.confirm_button = QPushButton(_("Confirm the dice"))
        self.confirm_button.setToolTip(_("Send these dice: the battle goes on with them"))
        self.confirm_button.clicked.connect(self.confirm)
        self.roll_button = QPushButton(_("Roll for me"))
        self.roll_button.setToolTip(_("The computer rolls this roll (the game's own dice)"))
        self.roll_button.clicked.connect(lambda: self.rolled.emit(None))
        self.cancel_button = QPushButton(_("Cancel"))
        self.cancel_button.setToolTip(_("Leave the game as it was before these dice were asked "
                                        "for"))
        self.cancel_button.clicked.connect(self.cancel)
        for button in (self.confirm_button, self.roll_button, self.cancel_button):
            buttons.addWidget(button)
        # Buttons keep their places and widths whatever the text says.
        longest = ngettext(*_CONFIRM_LEFT, 99).format(count=99)
        self.confirm_button.setFixedWidth(
            self.confirm_button.fontMetrics().horizontalAdvance(longest) + 24)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    # ---- setting up ----

    def ask(self, rows: Sequence[tuple[str, int, int | None]], intro: str = "",
            key: object = None) -> None:
        """Ask for the dice of ``rows`` (text, how many dice, hit on). Asked again for the same
        ``key`` (the position waiting for them: the board is redrawn while the players type),
        the values entered so far are kept; another position, even with the same rows (the
        next round's), starts empty."""
        rows = tuple(rows)
        if rows and rows == self.rows and key is self._key:
            return
        self.rows = rows
        self._key = key
        self.values = [None] * sum(count for _text, count, _hit in rows)
        self.chosen = None
        while self.slot_grid.count():
            item = self.slot_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.slots = []
        for row, (text, count, _hit) in enumerate(rows):
            label = QLabel(text)
            label.setWordWrap(True)
            self.slot_grid.addWidget(label, row, 0)
            holder = QWidget()
            dice = QHBoxLayout(holder)
            dice.setContentsMargins(0, 0, 0, 0)
            dice.setSpacing(0)
            for _die in range(count):
                index = len(self.slots)
                slot = DieButton(None, 22)
                slot.setToolTip(_("Click to correct this die"))
                slot.clicked.connect(lambda _=False, i=index: self.choose(i))
                dice.addWidget(slot)
                self.slots.append(slot)
            dice.addStretch(1)
            self.slot_grid.addWidget(holder, row, 1)
        self.slot_grid.setColumnStretch(1, 1)
        total = len(self.values)
        self.intro.setText(intro or ngettext(
            "Roll {count} die at the table and enter it. It can be corrected until it is "
            "confirmed.",
            "Roll {count} dice at the table and enter them all, in the order of the rows. "
            "They can be corrected until they are confirmed.", total).format(count=total))
        self.field.clear()
        self.problem.hide()
        self._show()

    def clear(self) -> None:
        """Forget the roll asked for (none is awaited now)."""
        self.ask(())

    # ---- entering ----

    def _typed(self, text: str) -> None:
        typed, problem = parse_dice(text)
        asked = len(self.values)
        if len(typed) > asked and not problem:
            # A die typed twice moves every later die to the next unit: nothing is sent until
            # the players find it (the last die was dropped without a word).
            problem = ngettext("{asked} die is asked for, not {typed}.",
                               "{asked} dice are asked for, not {typed}.", asked).format(
                asked=asked, typed=len(typed))
        typed = typed[:asked]
        self.values = [*typed, *([None] * (asked - len(typed)))]
        self.chosen = None
        self.problem.setText(problem)
        self.problem.setVisible(bool(problem))
        self._show(sync_field=False)

    def put(self, value: int) -> None:
        """A face clicked (or a key 1-6): the value goes to the die chosen, else to the first
        empty one."""
        index = self.chosen if self.chosen is not None else \
            next((i for i, v in enumerate(self.values) if v is None), None)
        if index is None:
            return
        self.values[index] = value
        self.chosen = None
        self._show()

    def choose(self, index: int) -> None:
        """A die of the roll clicked: the next value replaces it (click again: not any more)."""
        self.chosen = None if self.chosen == index else index
        self._show()

    def take_back(self) -> None:
        filled = [i for i, v in enumerate(self.values) if v is not None]
        if filled:
            self.values[filled[-1]] = None
        self.chosen = None
        self._show()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text in ("1", "2", "3", "4", "5", "6") and not self.field.hasFocus():
            self.put(int(text))
            return
        if event.key() == Qt.Key.Key_Backspace and not self.field.hasFocus():
            self.take_back()
            return
        super().keyPressEvent(event)

    def complete(self) -> bool:
        return bool(self.values) and all(v is not None for v in self.values)

    def entered(self) -> tuple[int, ...]:
        """The values entered so far, in order."""
        return tuple(v for v in self.values if v is not None)

    def confirm(self) -> None:
        if self.complete() and self.problem.isHidden():
            self.rolled.emit(self.entered())

    def cancel(self) -> None:
        self.values = [None] * len(self.values)
        self.chosen = None
        self.field.clear()
        self._show()
        self.cancelled.emit()

    def _show(self, sync_field: bool = True) -> None:
        hit_on = [hit for _text, count, hit in self.rows for _die in range(count)]
        for i, slot in enumerate(self.slots):
            value, needed = self.values[i], hit_on[i]
            slot.value = value
            slot.hit = value is not None and needed is not None and value <= needed
            slot.chosen = i == self.chosen
            slot.update()
        if sync_field:
            self.field.setText(" ".join(str(v) for v in self.values if v is not None))
            self.problem.hide()
        left = sum(1 for v in self.values if v is None)
        # Not while the field says what is wrong with it (a die too many, a letter).
        self.confirm_button.setEnabled(left == 0 and bool(self.values)
                                       and self.problem.isHidden())
        self.confirm_button.setText(_("Confirm the dice") if left == 0 else
                                    ngettext(*_CONFIRM_LEFT, left).format(count=left))
        for button in (self.roll_button, self.cancel_button, self.back_button,
                       *self.face_buttons):
            button.setEnabled(bool(self.values))


class DiceRollDialog(QDialog):
    """A roll outside a battle (AA fire over a territory flown over): the same entry in a
    small window of its own; the window closes it when the dice are no longer awaited."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Dice from the table"))
        self.setModal(False)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        layout.addWidget(self.title)
        self.entry = DiceEntry()
        layout.addWidget(self.entry)

    def ask(self, title: str, rows: Sequence[tuple[str, int, int | None]],
            key: object = None) -> None:
        self.title.setText(title)
        self.entry.ask(rows, key=key)

    def reject(self) -> None:
        """Escape or the window's close button: the same as Cancel (the game is left as it
        was before the dice were asked for), never a roll of 1s."""
        super().reject()
        self.entry.cancel()


__all__ = ["DiceEntry", "DiceRollDialog", "DieButton", "paint_die", "parse_dice"]
