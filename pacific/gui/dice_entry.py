"""Dice from the table (issue 14): the dice of one roll typed in at once on the battle board.

The engine waits with a `DiceRoll` decision: its groups say how many dice each purpose needs
and what hits. This widget shows one slot per die, grouped as the decision groups them, and
fills them from one text field ("3 5 1", "351") or by clicking die faces; a slot clicked is
chosen for correction. Nothing is sent until "Confirm": then one `roll_dice` action carries
every value. "Roll for me" sends ``None`` (the game's seeded dice), "Cancel" asks the main
window to leave the game as it was before the dice were asked for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
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

from pacific.rules.decisions import DiceGroup

# Where the pips of each face go, as fractions of the die's side.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.23), (0.73, 0.23), (0.27, 0.5), (0.73, 0.5), (0.27, 0.77), (0.73, 0.77)),
}
HIT = QColor("#d83a2e")
FACE = QColor("#fbfbf7")


def paint_die(painter: QPainter, rect: QRectF, value: int | None, hit: bool = False,
              chosen: bool = False) -> None:
    """A die face: white with black pips, red with white pips for a hit; an empty slot is a
    dashed outline; the slot chosen for correction has a blue frame."""
    s = rect.width()
    if value is None:
        painter.setPen(QPen(QColor("#888"), 1.2, Qt.PenStyle.DashLine))
        painter.setBrush(QColor("#eef1f4"))
    else:
        painter.setPen(QPen(QColor("#333"), 1.2))
        painter.setBrush(HIT if hit else FACE)
    painter.drawRoundedRect(rect, s * 0.18, s * 0.18)
    if chosen:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#1f6fd0"), 3))
        painter.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), s * 0.22, s * 0.22)
    if value is None:
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("white") if hit else QColor("#1b1b1b"))
    for px, py in PIPS.get(value, ()):
        painter.drawEllipse(QPointF(rect.x() + px * s, rect.y() + py * s), s * 0.09, s * 0.09)


class DieButton(QPushButton):
    """One die drawn as a die: a face to click (1–6) or a slot of the roll being typed."""

    def __init__(self, value: int | None = None, size: int = 34,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value = value
        self.hit = False
        self.chosen = False
        self.side = size
        self.setFixedSize(size + 8, size + 8)
        self.setFlat(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(self.side + 8, self.side + 8)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_die(painter, QRectF(4, 4, self.side, self.side), self.value, self.hit,
                  self.chosen)
        painter.end()


def parse_values(text: str) -> list[int]:
    """The dice values in ``text``: every digit 1–6, whatever separates them ("3 5 1",
    "3,5,1", "351"). Other characters are ignored."""
    return [int(c) for c in re.findall(r"[1-6]", text)]


class DiceEntry(QGroupBox):
    """The dice of one roll, typed in. `ask(groups)` sets it up; it emits `rolled` with the
    values (a tuple) or None ("roll for me"), and `cancelled`."""

    rolled = Signal(object)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Dice from the table", parent)
        self.groups: tuple[DiceGroup, ...] = ()
        self.values: list[int | None] = []
        self.chosen: int | None = None     # the slot the next value goes to, when set
        self.slots: list[DieButton] = []
        self.plain: Callable[[str], str] = lambda text: text
        layout = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.slot_grid = QGridLayout()
        self.slot_grid.setHorizontalSpacing(2)
        layout.addLayout(self.slot_grid)
        self.field = QLineEdit()
        self.field.setPlaceholderText("Type the values, e.g. 3 5 1 6")
        self.field.setToolTip("Every digit from 1 to 6 is one die, in the order of the rows "
                              "above; spaces and commas are ignored")
        self.field.textEdited.connect(self._typed)
        self.field.returnPressed.connect(self.confirm)
        layout.addWidget(self.field)
        faces = QHBoxLayout()
        faces.addWidget(QLabel("Or click:"))
        self.face_buttons = []
        for value in range(1, 7):
            button = DieButton(value, 28)
            button.setToolTip(f"A {value}")
            button.clicked.connect(lambda _=False, v=value: self.put(v))
            faces.addWidget(button)
            self.face_buttons.append(button)
        faces.addStretch(1)
        self.back_button = QPushButton("⌫")
        self.back_button.setToolTip("Take back the last value")
        self.back_button.clicked.connect(self.take_back)
        faces.addWidget(self.back_button)
        layout.addLayout(faces)
        buttons = QHBoxLayout()
        self.confirm_button = QPushButton("Confirm dice")
        self.confirm_button.setDefault(True)
        self.confirm_button.clicked.connect(self.confirm)
        self.roll_button = QPushButton("Roll for me")
        self.roll_button.setToolTip("The computer rolls this roll (the game's own dice)")
        self.roll_button.clicked.connect(lambda: self.rolled.emit(None))
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Leave the game as it was before these dice were asked "
                                      "for")
        self.cancel_button.clicked.connect(self.cancelled.emit)
        for action_button in (self.confirm_button, self.roll_button, self.cancel_button):
            buttons.addWidget(action_button)
        layout.addLayout(buttons)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    # ---- setting up ----

    def ask(self, groups: Sequence[DiceGroup]) -> None:
        """Ask for the dice of ``groups``. Values typed so far are kept when the same roll is
        asked again (the board is refreshed while the players type)."""
        groups = tuple(groups)
        if groups == self.groups and self.slots:
            return
        self.groups = groups
        self.values = [None] * sum(g.count for g in groups)
        self.chosen = None
        while self.slot_grid.count():
            item = self.slot_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.slots = []
        index = 0
        for row, group in enumerate(groups):
            label = QLabel(self._group_text(group))
            label.setWordWrap(True)
            self.slot_grid.addWidget(label, row, 0)
            dice = QHBoxLayout()
            holder = QWidget()
            holder.setLayout(dice)
            dice.setContentsMargins(0, 0, 0, 0)
            dice.setSpacing(0)
            for _ in range(group.count):
                slot = DieButton(None, 26)
                slot.setToolTip("Click to correct this die")
                slot.clicked.connect(lambda _=False, i=index: self.choose(i))
                dice.addWidget(slot)
                self.slots.append(slot)
                index += 1
            dice.addStretch(1)
            self.slot_grid.addWidget(holder, row, 1)
        self.slot_grid.setColumnStretch(1, 1)
        total = len(self.values)
        self.intro.setText(f"Roll <b>{total}</b> {'die' if total == 1 else 'dice'} at the "
                           "table and enter them: all the dice of this roll at once. They can "
                           "be corrected until you confirm.")
        self.field.clear()
        self._show()

    def _group_text(self, group: DiceGroup) -> str:
        # The engine's purpose already says what hits ("... hit on 2"); else say it here.
        text = self.plain(group.purpose)
        if group.hit_on is not None and "hit on" not in text:
            text += f" — hit on {group.hit_on} or less"
        return text

    # ---- typing ----

    def _typed(self, text: str) -> None:
        typed = parse_values(text)[:len(self.values)]
        self.values = [*typed, *([None] * (len(self.values) - len(typed)))]
        self.chosen = None
        self._show(sync_field=False)

    def put(self, value: int) -> None:
        """A face clicked: the value goes to the slot chosen, else to the first empty one."""
        if not self.values:
            return
        index = self.chosen if self.chosen is not None else \
            next((i for i, v in enumerate(self.values) if v is None), None)
        if index is None:
            return
        self.values[index] = value
        self.chosen = None
        self._show()

    def choose(self, index: int) -> None:
        """A slot clicked: the next value clicked or typed replaces it."""
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
        super().keyPressEvent(event)

    def complete(self) -> bool:
        return bool(self.values) and all(v is not None for v in self.values)

    def typed_values(self) -> tuple[int, ...]:
        return tuple(v for v in self.values if v is not None)

    def confirm(self) -> None:
        if self.complete():
            self.rolled.emit(self.typed_values())

    def _show(self, sync_field: bool = True) -> None:
        hit_on = [g.hit_on for g in self.groups for _ in range(g.count)]
        for i, slot in enumerate(self.slots):
            value, needed = self.values[i], hit_on[i]
            slot.value = value
            slot.hit = value is not None and needed is not None and value <= needed
            slot.chosen = i == self.chosen
            slot.update()
        if sync_field:
            self.field.setText(" ".join(str(v) for v in self.values if v is not None))
        left = sum(1 for v in self.values if v is None)
        self.confirm_button.setEnabled(left == 0 and bool(self.values))
        self.confirm_button.setText("Confirm dice" if left == 0 else f"Confirm dice ({left} "
                                    "to enter)")


__all__ = ["DiceEntry", "DieButton", "paint_die", "parse_values"]
