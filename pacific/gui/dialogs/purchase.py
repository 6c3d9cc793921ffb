"""Phase 1 purchase dialog: the unit table (cost, move, attack, defence) with a spin box per
unit type, and the treasury left. India and Australia buy separately (R-PURCH-1), so the dialog
is for one nation; it returns a `Purchase` action and enforces the treasury (R-PURCH-3)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.icons import unit_icon
from pacific.gui.palette import warning_colour
from pacific.rules.actions.economy import Purchase
from pacific.rules.nations import Nation, display_name
from pacific.rules.units import UNIT_SPECS, UnitType

COLUMNS = ("unit", "cost", "move", "attack", "defence", "buy")


class PurchaseDialog(QDialog):
    """Choose what ``nation`` buys with ``treasury`` IPCs."""

    def __init__(self, nation: Nation, treasury: int, parent: QWidget | None = None,
                 china_infantry_due: int = 0) -> None:
        super().__init__(parent)
        self.nation = nation
        self.treasury = treasury
        self.setWindowTitle(f"Purchase units — {display_name(nation)}")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{display_name(nation)}</b> has <b>{treasury}</b> IPC "
                                "to spend (R-PURCH-3)."))
        if nation is Nation.USA and china_infantry_due:
            # R-CHINA-2: China's infantry comes free with the USA's turn, placed in phase 7.
            self.china = QLabel(f"China receives <b>{china_infantry_due}</b> infantry this turn "
                                "(R-CHINA-2), placed with the new units.")
            layout.addWidget(self.china)
        self.types = [t for t, s in UNIT_SPECS.items() if nation in s.buyers]
        self.table = QTableWidget(len(self.types), len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.spins: dict[UnitType, QSpinBox] = {}
        for row, unit_type in enumerate(self.types):
            s = UNIT_SPECS[unit_type]
            name = QTableWidgetItem(unit_icon(unit_type, nation), s.name)
            self.table.setItem(row, 0, name)
            for col, value in enumerate((s.cost, s.move, s.attack, s.defense), start=1):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.valueChanged.connect(self._update)
            self.spins[unit_type] = spin
            self.table.setCellWidget(row, 5, spin)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.resizeColumnsToContents()
        self.table.setMinimumWidth(420)
        self.table.setMinimumHeight(36 + 30 * len(self.types))
        layout.addWidget(self.table)
        self.left = QLabel()
        layout.addWidget(self.left)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._update()

    def set_count(self, unit_type: UnitType, count: int) -> None:
        self.spins[unit_type].setValue(count)

    def spent(self) -> int:
        return sum(UNIT_SPECS[t].cost * s.value() for t, s in self.spins.items())

    def _update(self) -> None:
        left = self.treasury - self.spent()
        ok = left >= 0
        self.left.setText(f"Spent {self.spent()} IPC, {left} left" if ok else
                          f"<span style='color:{warning_colour(self.palette()).name()}'>"
                          f"Spent {self.spent()} IPC: "
                          f"{-left} more than the treasury holds (R-PURCH-3)</span>")
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setEnabled(ok and self.spent() > 0)

    def action(self) -> Purchase | None:
        """The purchase chosen, or None when nothing is bought."""
        units = {t: s.value() for t, s in self.spins.items() if s.value() > 0}
        return Purchase(nation=self.nation, units=units) if units else None
