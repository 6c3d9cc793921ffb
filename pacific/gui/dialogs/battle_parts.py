"""Parts of the battle board: the dice drawn as dice, the rows of each side (who fights, what
each group hits on and why), and the small tables and layouts the board fills and empties at
each refresh."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from pacific.gui import battle_text as words
from pacific.gui.battle_text import DiceRow
from pacific.gui.dice_entry import paint_die
from pacific.gui.icons import unit_pixmap
from pacific.rules.battle_views import BattleGroup
from pacific.rules.board_map import BoardMap
from pacific.rules.state import GameState
from pacific.text import _
from pacific.text.names import place_name


class DiceStrip(QWidget):
    """Dice drawn as dice: a white face with pips; a hit has a red face (value ≤ hit number)."""

    SIZE = 26

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rolls: list[DiceRow] = []
        self.setMinimumHeight(self.SIZE + 8)

    def set_rolls(self, rolls: Sequence[DiceRow]) -> None:
        """Rows of (what the roll was for, the values, the hit number, the hits it made: None
        for every die at or under the hit number)."""
        self.rolls = list(rolls)
        rows = max(1, len(self.rolls))
        self.setMinimumHeight(rows * (self.SIZE + 20))
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, max(1, len(self.rolls)) * (self.SIZE + 20))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = 2.0
        s = self.SIZE
        metrics = painter.fontMetrics()
        for purpose, values, hit_on, hits in self.rolls:
            painter.setPen(self.palette().text().color())
            text = metrics.elidedText(purpose, Qt.TextElideMode.ElideRight, self.width() - 4)
            painter.drawText(QPointF(2, y + 12), text)
            y += 16
            for i, (v, hit) in enumerate(zip(values, hit_faces(values, hit_on, hits),
                                             strict=True)):
                paint_die(painter, QRectF(2 + i * (s + 4), y, s, s), v, hit)
            y += s + 4
        painter.end()


def hit_faces(values: Sequence[int], hit_on: int | None, hits: int | None) -> list[bool]:
    """Which dice are drawn as hits: those at or under the hit number; for a roll whose hits
    were corrected (a mistyped die, `corrected_hits`), that many: hits taken away leave the
    last dice that hit white, hits added turn the last dice that missed red (a die makes one
    hit at most)."""
    hit = [hit_on is not None and v <= hit_on for v in values]
    if hits is None:
        return hit
    made = 0
    for i, h in enumerate(hit):
        hit[i] = h and made < hits
        made += hit[i]
    for i in reversed(range(len(hit))):
        if made < hits and not hit[i]:
            hit[i] = True
            made += 1
    return hit


def fill_side(grid: QGridLayout, groups: Sequence[BattleGroup], with_owner: bool, dim: str,
              bystanders: range = range(0), cargo: int | None = None,
              retreated: bool = False, empty: str = "") -> None:
    """One row per group in a side's ``grid``: its icon, name, how many, what it hits on, and
    why (in the colour ``dim``). Rows in ``bystanders`` are an ally's units; those past row
    ``cargo`` ride aboard the ships. A side with no group left says whether it ``retreated``
    (R-LAND-2, R-NAVAL-4: its units left the battle, they were not lost), or ``empty``: what
    it fought with instead of units (kamikaze tokens)."""
    clear_layout(grid)
    for column, head in enumerate((_("unit"), "", _("how many"), _("hits on"), _("why"))):
        if head:
            grid.addWidget(QLabel(f"<i>{head}</i>"), 0, column)
    if not groups:
        last = QLabel(_("retreated: its units left the battle") if retreated
                      else empty or _("none left"))
        last.setWordWrap(True)
        grid.addWidget(last, 1, 0, 1, 5)
    for r, group in enumerate(groups, start=1):
        icon = QLabel()
        icon.setPixmap(unit_pixmap(group.unit_type, group.owner, 28))
        grid.addWidget(icon, r, 0)
        name = words.group_name(group, with_owner)
        if cargo is not None and r > cargo:
            name = words.cargo_name(name)   # aboard: under the ships that carry it
        grid.addWidget(QLabel(name), r, 1)
        grid.addWidget(QLabel(str(group.count)), r, 2)
        grid.addWidget(QLabel(f"<b>{words.hit_text(group)}</b>"), r, 3)
        why = words.notes_text(group)
        if r in bystanders:
            why = words.bystander_note()
        note = QLabel(why)
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setStyleSheet(f"color:{dim}; font-size:small")
        grid.addWidget(note, r, 4)
    grid.setColumnStretch(4, 1)
    # The rows stay at the top of the box, however few they are.
    for row in range(grid.rowCount()):
        grid.setRowStretch(row, 0)
    grid.setRowStretch(grid.rowCount(), 1)


def clear_layout(layout: QGridLayout | QVBoxLayout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # at once: deleteLater waits for the event loop
            widget.deleteLater()


def fit_rows(table: QTableWidget, most: int = 5) -> None:
    """As tall as its rows (up to ``most``; then it scrolls): a short list is never cut."""
    rows = min(table.rowCount(), most)
    height = table.horizontalHeader().height() + 2 * table.frameWidth() + sum(
        table.rowHeight(r) for r in range(rows))
    table.setFixedHeight(height + 2)


def spin_table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, len(headers)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def fill_battle_choice(box: QComboBox, board: BoardMap, state: GameState,
                       spaces: Sequence[str]) -> None:
    """The battles the player may start next, one line a space with the kinds waiting there
    ("Sea Zone 38 (naval battle)", "Malaya (amphibious assault)"); each line's data is its
    space."""
    box.clear()
    for space in spaces:
        # An assault's battle is amphibious as the engine's view of it says (`BattleView`).
        kinds_there = sorted({words.battle_kind(b.kind, b.assault is not None)
                              for b in state.battles
                              if b.space == space and b.status == "waiting"})
        name = place_name(board, space)
        box.addItem(_("{space} ({kinds})").format(
            space=name, kinds=", ".join(kinds_there)) if kinds_there else name, space)



def give_back(spins: Sequence[tuple[object, QSpinBox]], count: int, changed: QSpinBox) -> None:
    """More casualties named than ``count`` hits: the rows other than ``changed`` give back
    the excess, the last rows first (the suggestion fills the cheapest, first rows)."""
    excess = sum(spin.value() for _, spin in spins) - count
    for _group, spin in reversed(spins):
        if excess <= 0:
            return
        if spin is changed or not spin.value():
            continue
        given = min(excess, spin.value())
        spin.blockSignals(True)
        spin.setValue(spin.value() - given)
        spin.blockSignals(False)
        excess -= given


__all__ = ["DiceStrip", "clear_layout", "fill_battle_choice", "fill_side", "fit_rows",
           "give_back", "spin_table"]
