"""The battle odds panel: two forces typed in the unit syntax of `pacific odds`
("3 inf, 1 art"; in Italian "3 fan, 1 art": both languages' words are read),
pre-filled from the battle being fought or from two stacks on the map with the game's own
names in the active language, and the exact odds (`pacific.odds.calculate`) as percentages
and a bar chart of the outcomes. A word the parser or a battle the model refuses is explained
in the player's language (`pacific.text.exception_text`).

The panel never touches the game: it reads the board and state it is shown and builds a
`BattleSpec` of its own (the GUI never mutates state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.odds_view import bound, view_spec
from pacific.gui.palette import warning_colour
from pacific.gui.pieces import StackKey, group_stacks
from pacific.rules.board_map import BoardMap
from pacific.rules.engine import Game
from pacific.rules.state import GameState
from pacific.text import N_, _, exception_text
from pacific.text.odds import odds_method_text
from pacific.text.values import units_text

if TYPE_CHECKING:
    from pacific.odds.model import BattleSpec, OddsResult

# The example a side shows while empty; its Italian uses the Italian short forms.
UNITS_EXAMPLE = N_("3 inf, 1 art, 1 ftr")

# One colour per outcome, in the order of `OddsPanel.outcomes`.
BAR_COLOURS = ("#2e7d32", "#1565c0", "#6d4c41", "#ef6c00", "#757575", "#8e24aa")


class OutcomeChart(QWidget):
    """A bar chart of the outcomes: one bar per outcome, labelled with its percentage."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.outcomes: list[tuple[str, float]] = []
        self.setMinimumHeight(140)
        self.setMaximumHeight(280)

    def set_outcomes(self, outcomes: list[tuple[str, float]]) -> None:
        self.outcomes = list(outcomes)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.outcomes:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = painter.fontMetrics()
        line = metrics.height()
        width, height = self.width(), self.height()
        top, bottom = line + 4, height - line - 4   # room for the percentage and the name
        slot = width / len(self.outcomes)
        bar_width = slot * 0.6
        painter.setPen(QColor("#9e9e9e"))
        painter.drawLine(0, int(bottom), width, int(bottom))
        for i, (name, value) in enumerate(self.outcomes):
            x = i * slot + (slot - bar_width) / 2
            bar_height = max(0.0, min(1.0, value)) * (bottom - top)
            painter.fillRect(QRectF(x, bottom - bar_height, bar_width, bar_height),
                             QColor(BAR_COLOURS[i % len(BAR_COLOURS)]))
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(i * slot, bottom - bar_height - line - 2, slot, line),
                             Qt.AlignmentFlag.AlignCenter, percent(value))
            painter.drawText(QRectF(i * slot, bottom + 2, slot, line),
                             Qt.AlignmentFlag.AlignCenter,
                             metrics.elidedText(name, Qt.TextElideMode.ElideRight, int(slot)))
        painter.end()


def percent(value: float) -> str:
    """62.5% stays 62.5%, 25% is 25%: one decimal, none when it is zero; never 100% or 0%
    unless certain (">99.9%", "<0.1%")."""
    near = bound(value)
    if near is not None:
        return near
    text = f"{value * 100:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


class OddsPanel(QWidget):
    """Attacker and defender in the unit syntax, the battle kind, the first-turn surprise
    (R-FIRSTTURN-1), a retreat round, and the exact odds of that battle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board: BoardMap | None = None
        self.state: GameState | None = None
        self.result: OddsResult | None = None
        self.outcomes: list[tuple[str, float]] = []
        self.attacker = QLineEdit()
        self.defender = QLineEdit()
        self.attacker_error = QLabel()
        self.defender_error = QLabel()
        for edit, error in ((self.attacker, self.attacker_error),
                            (self.defender, self.defender_error)):
            edit.setPlaceholderText(_(UNITS_EXAMPLE))
            error.setStyleSheet(self._error_style())
            error.setWordWrap(True)
            error.hide()
            edit.textChanged.connect(self._validate)
        self.kind = QComboBox()
        self.kind.addItem(_("Land battle"), "land")
        self.kind.addItem(_("Naval battle"), "naval")
        self.kind.currentIndexChanged.connect(self._validate)
        self.first_turn = QCheckBox(_("Japan's first turn (defenders hit on 1)"))
        self.retreat = QSpinBox()
        self.retreat.setRange(0, 20)
        self.retreat.setSpecialValueText(_("never"))
        self.retreat.setToolTip(_("The attacker retreats after this many rounds (0: never)"))
        self.calculate_button = QPushButton(_("Calculate"))
        self.calculate_button.clicked.connect(self.calculate)
        self.from_battle_button = QPushButton(_("From current battle"))
        self.from_battle_button.setEnabled(False)
        self.from_battle_button.clicked.connect(self.fill_from_battle)
        self.error = QLabel()
        self.error.setStyleSheet(self._error_style())
        self.error.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.chart = OutcomeChart()
        form = QFormLayout()
        form.addRow(_("Attacker:"), self.attacker)
        form.addRow("", self.attacker_error)
        form.addRow(_("Defender:"), self.defender)
        form.addRow("", self.defender_error)
        form.addRow(_("Battle:"), self.kind)
        form.addRow("", self.first_turn)
        form.addRow(_("Retreat after round:"), self.retreat)
        buttons = QHBoxLayout()
        buttons.addWidget(self.from_battle_button)
        buttons.addWidget(self.calculate_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.error)
        layout.addWidget(self.summary)
        layout.addWidget(self.chart)
        layout.addStretch(1)
        self._validate()

    def _error_style(self) -> str:
        return f"color: {warning_colour(self.palette()).name()};"

    # ---- the game shown ----

    def show_state(self, board: BoardMap, state: GameState) -> None:
        """Remember the game shown, for the pre-fills; enable "From current battle" when a
        battle the calculator covers is open."""
        self.board, self.state = board, state
        self.from_battle_button.setEnabled(self._battle_spec() is not None)

    def _battle_spec(self) -> BattleSpec | None:
        """The odds model of the battle being fought, as the engine sees it, or None."""
        if self.board is None or self.state is None:
            return None
        view = Game(self.board).battle_view(self.state)
        return view_spec(self.board, self.state, view) if view is not None else None

    def fill_from_battle(self) -> bool:
        """Fill both sides, the kind and the first-turn box from the battle being fought;
        False (nothing changed) when there is none the calculator covers."""
        spec = self._battle_spec()
        if spec is None:
            return False
        self.attacker.setText(units_text(spec.attacker.units.items()))
        self.defender.setText(units_text(spec.defender.units.items()))
        self.kind.setCurrentIndex(self.kind.findData(spec.kind.value))
        self.first_turn.setChecked(spec.first_turn)
        self.calculate()
        return True

    def set_side(self, side: str, key: StackKey) -> None:
        """Fill ``side`` ("attacker" or "defender") with the units of the stack ``key``; a
        stack at sea makes the battle a naval one."""
        if self.board is None or self.state is None:
            return
        units = group_stacks(self.state).get(key, [])
        if not units:
            return
        edit = self.attacker if side == "attacker" else self.defender
        edit.setText(units_text([(key.unit_type, len(units))]))
        if self.board.is_sea(key.space):
            self.kind.setCurrentIndex(self.kind.findData("naval"))

    def stack_menu(self, key: StackKey) -> QMenu:
        """The context menu of a map stack: set it as the odds' attacker or defender."""
        menu = QMenu(self)
        menu.addAction(_("Odds: set as attacker"), lambda: self.set_side("attacker", key))
        menu.addAction(_("Odds: set as defender"), lambda: self.set_side("defender", key))
        return menu

    def show_stack_menu(self, key: StackKey, screen_pos: QPoint) -> None:
        self.stack_menu(key).popup(screen_pos)

    # ---- reading and calculating ----

    def _validate(self) -> bool:
        from pacific.odds.text import parse_units

        ok = True
        for edit, error in ((self.attacker, self.attacker_error),
                            (self.defender, self.defender_error)):
            try:
                parse_units(edit.text())
            except ValueError as exc:
                error.setText(exception_text(exc))
                error.show()
                ok = False
            else:
                error.clear()
                error.hide()
        self.calculate_button.setEnabled(ok)
        return ok

    def spec(self) -> BattleSpec:
        """The battle typed in.

        Raises:
            ValueError: a bad word in a side (the parser's message), an empty side, or a
                battle the model refuses (pydantic's ValidationError is a ValueError).
        """
        from pacific.odds.model import BattleKind, BattleSpec, ForceSpec
        from pacific.odds.text import parse_units

        attacker = parse_units(self.attacker.text())
        defender = parse_units(self.defender.text())
        if not attacker or not defender:
            raise ValueError(_("type the units of both sides, e.g. \"3 inf, 1 art\""))
        retreat = self.retreat.value()
        return BattleSpec(kind=BattleKind(self.kind.currentData()),
                          attacker=ForceSpec(units=attacker),
                          defender=ForceSpec(units=defender),
                          first_turn=self.first_turn.isChecked(),
                          retreat_after=retreat or None)

    def calculate(self) -> OddsResult | None:
        """Calculate the battle typed in and show it; on a bad battle show why, clear the
        results and return None."""
        from pacific.odds.calculate import calculate

        self.result = None
        self.outcomes = []
        try:
            spec = self.spec()
            result = calculate(spec)
        except (ValueError, ValidationError) as exc:
            self.error.setText(exception_text(exc))
            self.error.show()
            self.summary.clear()
            self.chart.set_outcomes([])
            return None
        self.error.clear()
        self.error.hide()
        self.result = result
        self.outcomes = outcome_bars(spec, result)
        self.chart.set_outcomes(self.outcomes)
        self.summary.setText(summary_text(spec, result, self.outcomes))
        return result


def outcome_bars(spec: BattleSpec, result: OddsResult) -> list[tuple[str, float]]:
    """The chart's bars: attacker wins, defender holds, both destroyed, and captured (land
    only, R-COMBAT-9: a part of "attacker wins"), then retreat and stalemate if they happen."""
    from pacific.odds.model import BattleKind

    bars = [(_("Attacker wins"), result.attacker_wins),
            (_("Defender holds"), result.defender_holds),
            (_("Both destroyed"), result.both_destroyed)]
    if spec.kind is BattleKind.LAND:
        bars.append((_("Captured"), result.captured))
    if result.retreat > 0:
        bars.append((_("Retreat"), result.retreat))
    if result.stalemate > 0:
        bars.append((_("Stalemate"), result.stalemate))
    return bars


def summary_text(spec: BattleSpec, result: OddsResult,
                 bars: list[tuple[str, float]]) -> str:
    lines = [f"{name}: {percent(value)}" for name, value in bars]
    lines.append(_("Expected IPCs lost: attacker {attacker:.1f}, defender {defender:.1f}").format(
        attacker=result.attacker_ipc_lost, defender=result.defender_ipc_lost))
    lines.append(_("Expected rounds: {rounds:.2f}").format(rounds=result.expected_rounds))
    lines.append(_("Method: {method}").format(
        method=odds_method_text(result.method, result.bound, result.runs)))
    return "\n".join(lines)


__all__ = ["OddsPanel", "OutcomeChart", "outcome_bars", "percent"]
