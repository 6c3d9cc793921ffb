"""Phase 1 purchase dialog: the unit table (cost, move, attack, defence) with a spin box per
unit type, and the treasury left. India and Australia buy separately (R-PURCH-1), so the dialog
is for one nation; it shows the engine's offer to that nation (`Game.purchase_offers`: what it
may buy, at what price, from which treasury) and returns a `Purchase` action."""

from __future__ import annotations

from itertools import pairwise

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

from pacific.gui.dialogs.count_box import CountBox
from pacific.gui.icons import unit_icon
from pacific.gui.palette import warning_colour
from pacific.rules.actions.economy import Purchase
from pacific.rules.nations import Nation
from pacific.rules.offers import PurchaseOffer
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.text import N_, _, nation_name, unit_name

# The table's headings, translated when the dialog is built.
COLUMNS = (N_("unit"), N_("cost"), N_("move"), N_("attack"), N_("defence"), N_("buy"))


class PurchaseDialog(QDialog):
    """Choose what a nation buys from the engine's ``offer``."""

    def __init__(self, offer: PurchaseOffer, parent: QWidget | None = None,
                 china_infantry_due: int = 0) -> None:
        super().__init__(parent)
        self.offer = offer
        nation = self.nation = offer.nation
        treasury = self.treasury = offer.treasury
        self.setWindowTitle(_("Purchase units — {nation}").format(nation=nation_name(nation)))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("<b>{nation}</b> has <b>{ipc}</b> IPC to spend "
                                  "(R-PURCH-3).").format(nation=nation_name(nation),
                                                         ipc=treasury)))
        if nation is Nation.USA and china_infantry_due:
            # R-CHINA-2: China's infantry comes free with the USA's turn, placed in phase 7.
            self.china = QLabel(_("China receives <b>{count}</b> infantry this turn "
                                  "(R-CHINA-2), placed with the new units.").format(
                                      count=china_infantry_due))
            layout.addWidget(self.china)
        self.types = list(offer.types)
        self.table = QTableWidget(len(self.types), len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().setVisible(False)
        self.spins: dict[UnitType, QSpinBox] = {}
        for row, (unit_type, price) in enumerate(offer.prices):
            s = UNIT_SPECS[unit_type]
            name = QTableWidgetItem(unit_icon(unit_type, nation), unit_name(unit_type))
            self.table.setItem(row, 0, name)
            for col, value in enumerate((price, s.move, s.attack, s.defense), start=1):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, col, item)
            spin = CountBox()
            spin.setRange(0, 99)
            spin.valueChanged.connect(self._update)
            self.spins[unit_type] = spin
            self.table.setCellWidget(row, 5, spin)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        # Tab goes from one count to the next, as in a form: the table itself (read only)
        # takes no focus and no Tab of its own.
        self.table.setTabKeyNavigation(False)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for before, after in pairwise(self.spins.values()):
            QWidget.setTabOrder(before, after)
        self.table.resizeColumnsToContents()
        # The spin boxes' column as wide as a spin box, and the table as wide as its columns,
        # whatever the language's headings (the Italian ones are longer: no scroll bar).
        spin_width = max((s.sizeHint().width() for s in self.spins.values()), default=0)
        self.table.setColumnWidth(5, max(self.table.columnWidth(5), spin_width + 8))
        self.table.setMinimumWidth(max(420, self.table.horizontalHeader().length()
                                       + 2 * self.table.frameWidth() + 4))
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

    def chosen(self) -> dict[UnitType, int]:
        return {t: s.value() for t, s in self.spins.items() if s.value() > 0}

    def spent(self) -> int:
        return self.offer.cost(self.chosen())

    def _update(self) -> None:
        chosen = self.chosen()
        left = self.offer.left(chosen)
        ok = self.offer.affordable(chosen)
        colour = warning_colour(self.palette()).name()
        self.left.setText(_("Spent {spent} IPC, {left} left").format(spent=self.spent(),
                                                                     left=left) if ok else
                          f"<span style='color:{colour}'>" + _(
                              "Spent {spent} IPC: {over} more than the treasury holds "
                              "(R-PURCH-3)").format(spent=self.spent(), over=-left) + "</span>")
        button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        button.setEnabled(ok and self.spent() > 0)

    def action(self) -> Purchase | None:
        """The purchase chosen, or None when nothing is bought."""
        units = self.chosen()
        return Purchase(nation=self.nation, units=units) if units else None
