"""The battle board's two tables of counts: the casualties to take by kind of unit
(R-COMBAT-6) and the kamikaze tokens to aim at each group of ships (R-KAMI-5). Each is filled
from the engine's options, pre-filled with its suggestion, and bounds its spin boxes by the
hits (or tokens) there are; the board reads the units named and sends the action."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QLabel, QSpinBox, QTableWidgetItem

from pacific.gui import battle_text as words
from pacific.gui.dialogs.battle_parts import fit_rows, give_back, spin_table
from pacific.gui.icons import unit_pixmap
from pacific.rules.battle_choices import (
    CasualtyGroup,
    CasualtyOptions,
    KamikazeGroup,
    KamikazeOptions,
)
from pacific.rules.board_map import BoardMap
from pacific.rules.units import UnitType
from pacific.text import Nn_, _, ngettext

_UNITS = Nn_("{count} unit", "{count} units")
_MORE = Nn_("{total}: {count} more to choose", "{total}: {count} more to choose")
_CHOSEN = Nn_("{chosen} of {count} chosen", "{chosen} of {count} chosen")
_TOKENS_LEFT = Nn_("Japan has {count} kamikaze token left",
                   "Japan has {count} kamikaze tokens left")


def chosen_text(chosen: int, count: int) -> str:
    """"1 of 2 chosen: 1 more to choose": the casualties named against the hits (its
    participle agrees with the number chosen: "1 scelta su 2")."""
    total = ngettext(*_CHOSEN, chosen).format(chosen=chosen, count=count)
    left = count - chosen
    return ngettext(*_MORE, left).format(total=total, count=left) if left > 0 else total


class CasualtyTable:
    """How many of each group to lose, and the count chosen so far. ``changed(by_player,
    done)`` follows every change: whether the player made it (not a refill), and whether
    the count is complete."""

    def __init__(self, changed: Callable[[bool, bool], None]) -> None:
        self.table = spin_table([_("Unit"), _("Can take"), _("Lose")])
        self.total = QLabel()
        self.total.setWordWrap(True)
        self.spins: list[tuple[CasualtyGroup, QSpinBox]] = []
        self._count = 0
        self._changed = changed

    def show(self, board: BoardMap, options: CasualtyOptions | None) -> None:
        table = self.table
        table.setRowCount(0)
        self.spins = []
        table.setVisible(options is not None)
        self.total.setVisible(options is not None)
        if options is None:
            return
        self._count = options.count
        suggested = options.suggested_hits()
        several = len({g.owner for g in options.groups}) > 1
        order = list(UnitType)
        groups = sorted(options.groups, key=lambda g: (order.index(g.unit_type), g.unit))
        labels = [words.casualty_name(board, g, several, False) for g in groups]
        for group, label in zip(groups, labels, strict=True):
            twins = labels.count(label) > 1
            row = table.rowCount()
            table.insertRow(row)
            cell = QTableWidgetItem(QIcon(unit_pixmap(group.unit_type, group.owner, 20)),
                                    words.casualty_name(board, group, several, twins))
            cell.setToolTip(words.casualty_hint(group))
            table.setItem(row, 0, cell)
            hits = QTableWidgetItem(str(group.hits))
            hits.setToolTip(_("{units}; {hits}").format(
                units=ngettext(*_UNITS, len(group.units)).format(count=len(group.units)),
                hits=words.casualty_hint(group) or _("one hit each")))
            table.setItem(row, 1, hits)
            spin = QSpinBox()
            spin.setRange(0, min(group.hits, options.count))
            spin.setValue(min(suggested.get(group.unit, 0), spin.maximum()))
            spin.valueChanged.connect(
                lambda value, changed=spin: self._spun(value, changed))
            table.setCellWidget(row, 2, spin)
            self.spins.append((group, spin))
        fit_rows(table)
        self._spun()

    def chosen(self) -> tuple[int, ...]:
        """The units named: each group's first units, as the engine's group takes them."""
        out: list[int] = []
        for group, spin in self.spins:
            out.extend(group.take(spin.value()))
        return tuple(out)

    def _spun(self, value: int | None = None, changed: QSpinBox | None = None) -> None:
        if changed is not None:
            give_back(self.spins, self._count, changed)
        chosen = sum(spin.value() for _, spin in self.spins)
        left = self._count - chosen
        # No more than the hits (R-COMBAT-6): a row raised past them takes its casualty from
        # the others (`give_back`), so that one click swaps the suggested unit for another.
        for group, spin in self.spins:
            spin.blockSignals(True)
            spin.setMaximum(min(group.hits, self._count))
            spin.blockSignals(False)
        self.total.setText(chosen_text(chosen, self._count))
        self._changed(value is not None, left == 0 and bool(self.spins))


class KamikazeTable:
    """How many tokens go at each group of target ships; ``changed(label)`` is called with
    the words of the button that sends them."""

    def __init__(self, changed: Callable[[str], None]) -> None:
        self.table = spin_table([_("Target ships"), _("Tokens")])
        self.spins: list[tuple[KamikazeGroup, QSpinBox]] = []
        self._tokens = 0
        self._changed = changed

    def show(self, board: BoardMap, options: KamikazeOptions | None) -> None:
        table = self.table
        table.setRowCount(0)
        self.spins = []
        table.setVisible(options is not None)
        if options is None:
            return
        self._tokens = options.tokens
        for group in options.groups:
            row = table.rowCount()
            table.insertRow(row)
            cell = QTableWidgetItem(QIcon(unit_pixmap(group.unit_type, group.owner, 20)),
                                    words.kamikaze_name(board, group, len(options.zones)))
            table.setItem(row, 0, cell)
            spin = QSpinBox()
            spin.setRange(0, options.tokens)
            spin.setToolTip(words.with_rule(_(
                "Kamikaze tokens aimed at these ships, one ship after another; each token "
                "rolls one die and hits on 2"), "R-KAMI-6"))
            spin.valueChanged.connect(self._spun)
            table.setCellWidget(row, 1, spin)
            self.spins.append((group, spin))
        fit_rows(table)
        table.setToolTip(words.with_rule(ngettext(*_TOKENS_LEFT, options.tokens).format(
            count=options.tokens), "R-KAMI-1"))
        self._spun()

    def targets(self) -> tuple[int, ...]:
        """One ship id per token: each group's ships in turn (OQ3-4)."""
        return tuple(uid for group, spin in self.spins for uid in group.aim(spin.value()))

    def _spun(self) -> None:
        chosen = self.targets()
        left = self._tokens - len(chosen)
        # The tokens left bound every spin box: no more can be aimed than Japan has (R-KAMI-1).
        for _group, spin in self.spins:
            spin.blockSignals(True)
            spin.setMaximum(spin.value() + max(0, left))
            spin.blockSignals(False)
        self._changed(words.kamikaze_label(len(chosen), len(set(chosen))) if chosen
                      else _("No kamikaze"))


__all__ = ["CasualtyTable", "KamikazeTable"]
