"""Edit mode's panel: a palette of every unit type and nation to drag onto the map, the game's
books (treasuries, production levels, the British Convoy marker, victory points, kamikaze
tokens), where the game stands (round, power, phase) and the hits of a battle waiting for
casualties. This module, with its widgets' Qt classes, is imported when edit mode first shows
the panel (`pacific.gui.edit_mode`); the banner shown while edit mode is on is
`edit_mode.EditBanner`, the palette's drag type `edit_panel.EDIT_MIME_TYPE`.

The widgets hold no game state: `show_state` fills them from the position, and every change a
player makes is emitted as one edit action (`action_requested`), which the main window submits
through the controller. A value typed that equals the position's emits nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QKeyEvent, QKeySequence, QShowEvent, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.edit_panel import EDIT_MIME_TYPE
from pacific.gui.icons import set_drag_unit, unit_icon
from pacific.gui.palette import LAND_COLOURS
from pacific.gui.tray import encode
from pacific.rules.actions import Action
from pacific.rules.actions.edit import (
    MAX_EDIT_COUNT,
    MAX_ROUND,
    EditBritishConvoy,
    EditHits,
    EditKamikazeTokens,
    EditMode,
    EditProduction,
    EditTreasury,
    EditTurn,
    EditVictoryPoints,
)
from pacific.rules.decisions import CasualtyChoice
from pacific.rules.fields import MAX_IPCS
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import PHASE_ORDER, Phase
from pacific.rules.queries import ProductionReport
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import _, nation_name, phase_name, power_name, unit_name

BANKING = (Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA)   # China has no IPCs


class UnitPalette(QListWidget):
    """Every unit type in the chosen nation's colour; drag one onto the map to add it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.nation = Nation.JAPAN
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(32, 32))
        self.setGridSize(QSize(58, 40))
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setMinimumHeight(96)
        self.setToolTip(_("Drag a unit onto a territory or a sea zone to add it there"))
        # The icons are painted when the palette is first shown (edit mode): most games never
        # open it, and the window's start need not paint them.

    def showEvent(self, event: QShowEvent) -> None:
        if self.count() == 0:
            self.show_nation(self.nation)
        super().showEvent(event)

    def show_nation(self, nation: Nation) -> None:
        self.nation = nation
        self.clear()
        for unit_type in UnitType:
            # Icons only, the name in the tooltip: every type fits in a narrow dock.
            item = QListWidgetItem(unit_icon(unit_type, nation), "")
            item.setData(Qt.ItemDataRole.UserRole, unit_type.value)
            item.setData(Qt.ItemDataRole.AccessibleTextRole, unit_name(unit_type))
            item.setToolTip(_("{nation}: {units}").format(nation=nation_name(nation),
                                                          units=unit_name(unit_type)))
            self.addItem(item)

    def startDrag(self, supported: Qt.DropAction) -> None:
        item = self.currentItem()
        if item is None:
            return
        unit_type = UnitType(item.data(Qt.ItemDataRole.UserRole))
        mime = QMimeData()
        mime.setData(EDIT_MIME_TYPE, encode(self.nation, unit_type))
        drag = QDrag(self)
        drag.setMimeData(mime)
        set_drag_unit(drag, unit_type, self.nation)
        drag.exec(Qt.DropAction.CopyAction)


def _wheel(field: QSpinBox | QComboBox, event: QWheelEvent,
           turn: Callable[[QWheelEvent], None]) -> None:
    """A panel field takes the wheel (``turn``) only once clicked into; else the panel
    scrolls."""
    if field.hasFocus():
        turn(event)
    else:
        event.ignore()   # to the scroll area: the panel scrolls


class PanelSpin(QSpinBox):
    """A number of the panel. Every change is an edit of the game, so the wheel changes it
    only once it is clicked into: scrolling the panel over a field made an edit per wheel
    step. Undo and Redo are the game's (Ctrl+Z took back the field's own typing instead)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # the wheel gives no focus

    def wheelEvent(self, event: QWheelEvent) -> None:
        _wheel(self, event, super().wheelEvent)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) \
                and (event.matches(QKeySequence.StandardKey.Undo)
                     or event.matches(QKeySequence.StandardKey.Redo)):
            event.ignore()   # not the field's: the window's shortcut takes it
            return False
        return super().event(event)


class PanelCombo(QComboBox):
    """A choice of the panel (the power, the phase to go to): scrolling the panel over it
    turned it to another one (the phase from "4. Combat" to "9. Collect income"), which Go
    would then apply; the wheel turns it only once it is clicked into, as `PanelSpin`."""

    def __init__(self) -> None:
        super().__init__()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def wheelEvent(self, event: QWheelEvent) -> None:
        _wheel(self, event, super().wheelEvent)


def _spin(low: int, high: int, tip: str) -> QSpinBox:
    spin = PanelSpin()
    spin.setRange(low, high)
    spin.setToolTip(tip)
    spin.setKeyboardTracking(False)
    spin.setMaximumWidth(110)
    return spin


class EditPanel(QWidget):
    """The edit panel (a dock while edit mode is on). Signals: `action_requested(Action)`."""

    action_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.setMaximumWidth(330)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self._palette_box())
        layout.addWidget(self._books_box())
        layout.addWidget(self._turn_box())
        layout.addWidget(self._hits_box())
        layout.addStretch(1)
        self.done_button = QPushButton(_("Done editing: play on"))
        self.done_button.clicked.connect(lambda: self.action_requested.emit(EditMode(on=False)))
        layout.addWidget(self.done_button)

    # ---- building ----

    def _palette_box(self) -> QGroupBox:
        box = QGroupBox(_("Add units"))
        layout = QVBoxLayout(box)
        hint = QLabel(_("Drag a unit onto the map. Drag a stack where it belongs, right-click "
                        "it to change it; click a territory to set its controller."))
        hint.setWordWrap(True)
        hint.setStyleSheet("color:#555")
        layout.addWidget(hint)
        nations = QGridLayout()
        self.nation_group = QButtonGroup(self)
        for i, nation in enumerate(Nation):
            button = QRadioButton(nation_name(nation))
            button.setStyleSheet(f"QRadioButton::indicator:checked {{ background: "
                                 f"{LAND_COLOURS[nation]}; border: 2px solid #333; "
                                 "border-radius: 6px; }")
            button.setChecked(nation is Nation.JAPAN)
            self.nation_group.addButton(button, i)
            nations.addWidget(button, i // 2, i % 2)
        self.unit_palette = UnitPalette()
        self.nation_group.idClicked.connect(
            lambda i: self.unit_palette.show_nation(list(Nation)[i]))
        layout.addLayout(nations)
        layout.addWidget(self.unit_palette)
        row = QHBoxLayout()
        row.addWidget(QLabel(_("Units per drop:")))
        self.drop_count = _spin(1, MAX_EDIT_COUNT, _("How many units one drop adds"))
        self.drop_count.setValue(1)
        row.addWidget(self.drop_count)
        row.addStretch(1)
        layout.addLayout(row)
        return box

    def _books_box(self) -> QGroupBox:
        box = QGroupBox(_("Books"))
        grid = QGridLayout(box)
        grid.addWidget(QLabel(_("<i>IPC</i>")), 0, 1)
        grid.addWidget(QLabel(_("<i>production</i>")), 0, 2)
        self.treasury: dict[Nation, QSpinBox] = {}
        self.production: dict[Nation, QSpinBox] = {}
        for row, nation in enumerate(BANKING, start=1):
            grid.addWidget(QLabel(nation_name(nation)), row, 0)
            treasury = _spin(0, MAX_IPCS, _("IPCs {nation} has in hand").format(
                nation=nation_name(nation)))
            treasury.valueChanged.connect(lambda _v, n=nation: self._treasury(n))
            production = _spin(0, MAX_IPCS, _(
                "Production level of {nation}: set here, it is kept as a correction to the "
                "level control gives").format(nation=nation_name(nation)))
            production.valueChanged.connect(lambda _v, n=nation: self._production(n))
            # Room for the correction it shows ("20 (+1)"): the panel keeps its width, and
            # its dock the room for it.
            production.setMinimumWidth(production.sizeHint().width()
                                       + production.fontMetrics().horizontalAdvance(" (+99)"))
            grid.addWidget(treasury, row, 1)
            grid.addWidget(production, row, 2)
            self.treasury[nation] = treasury
            self.production[nation] = production
        form = QFormLayout()
        self.convoy = _spin(0, MAX_IPCS, _("The British Convoy marker (R-CONVOY-2)"))
        self.convoy.valueChanged.connect(lambda _v: self._convoy())
        self.victory_points = _spin(0, MAX_EDIT_COUNT,
                                    _("Japan's victory points (R-VP-1)"))
        self.victory_points.valueChanged.connect(lambda _v: self._victory_points())
        self.tokens = _spin(0, 6, _("Kamikaze tokens Japan has left (R-KAMI-1)"))
        self.tokens.valueChanged.connect(lambda _v: self._tokens())
        form.addRow(_("British Convoy marker"), self.convoy)
        form.addRow(_("Japan's victory points"), self.victory_points)
        form.addRow(_("Kamikaze tokens left"), self.tokens)
        grid.addLayout(form, len(BANKING) + 1, 0, 1, 3)
        return box

    def _turn_box(self) -> QGroupBox:
        box = QGroupBox(_("Where the game stands"))
        layout = QGridLayout(box)
        self.round = _spin(1, MAX_ROUND, _("Round"))
        self.round.setPrefix(_("round "))
        self.power = PanelCombo()
        for power in Power:
            self.power.addItem(power_name(power), power.value)
        self.phase = PanelCombo()
        # As narrow as the dock: the longest phase ("8. Surface submarines, repair
        # battleships") made the panel wider than a 1024x700 window's dock, its right
        # column cut; the list shows every name whole.
        self.phase.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.phase.setMinimumContentsLength(14)
        for phase in PHASE_ORDER:
            self.phase.addItem(f"{phase.number}. {phase_name(phase)}", phase.value)
        self.go_button = QPushButton(_("Go"))
        self.go_button.setToolTip(_("Go to this round, power and phase; the phase begins as "
                                    "in play (battles found, income collected...)"))
        self.go_button.clicked.connect(self._turn)
        layout.addWidget(self.round, 0, 0)
        layout.addWidget(self.power, 0, 1)
        layout.addWidget(self.phase, 1, 0, 1, 2)
        layout.addWidget(self.go_button, 2, 1, Qt.AlignmentFlag.AlignRight)
        return box

    def _hits_box(self) -> QGroupBox:
        self.hits_box = QGroupBox(_("Correct a roll"))
        layout = QHBoxLayout(self.hits_box)
        self.hits_label = QLabel()
        self.hits = _spin(0, MAX_EDIT_COUNT,
                          _("How many hits the side choosing casualties takes"))
        self.hits_button = QPushButton(_("Correct"))
        self.hits_button.clicked.connect(
            lambda: self.action_requested.emit(EditHits(count=self.hits.value())))
        layout.addWidget(self.hits_label, 1)
        layout.addWidget(self.hits)
        layout.addWidget(self.hits_button)
        return self.hits_box

    # ---- redraw ----

    def show_state(self, state: GameState, report: ProductionReport) -> None:
        self.state = state
        self._report = report
        for nation in BANKING:
            _set(self.treasury[nation], state.treasury.get(nation, 0))
            _set(self.production[nation], report.levels.get(nation, 0))
            correction = state.production_corrections.get(nation, 0)
            self.production[nation].setSuffix(f" ({correction:+d})" if correction else "")
        _set(self.convoy, report.british_convoys)
        self.convoy.setSuffix(f" ({state.british_convoy_correction:+d})"
                              if state.british_convoy_correction else "")
        _set(self.victory_points, state.victory_points)
        _set(self.tokens, state.kamikaze_tokens)
        _set(self.round, state.round)
        self.power.setCurrentIndex(list(Power).index(state.power))
        self.phase.setCurrentIndex(PHASE_ORDER.index(state.phase))
        pending = state.pending
        self.hits_box.setVisible(isinstance(pending, CasualtyChoice))
        if isinstance(pending, CasualtyChoice):
            self.hits_label.setText(_("Hits the attacker takes:") if pending.side == "attacker"
                                    else _("Hits the defender takes:"))
            _set(self.hits, pending.count)

    # ---- changes → actions ----

    def _emit_if_changed(self, old: int, new: int, action: Action) -> None:
        if old != new:
            self.action_requested.emit(action)

    def _treasury(self, nation: Nation) -> None:
        if self.state is not None:
            value = self.treasury[nation].value()
            self._emit_if_changed(self.state.treasury.get(nation, 0), value,
                                  EditTreasury(nation=nation, ipc=value))

    def _production(self, nation: Nation) -> None:
        if self.state is not None:
            value = self.production[nation].value()
            self._emit_if_changed(self._report.levels.get(nation, 0), value,
                                  EditProduction(nation=nation, level=value))

    def _convoy(self) -> None:
        if self.state is not None:
            value = self.convoy.value()
            self._emit_if_changed(self._report.british_convoys, value,
                                  EditBritishConvoy(level=value))

    def _victory_points(self) -> None:
        if self.state is not None:
            value = self.victory_points.value()
            self._emit_if_changed(self.state.victory_points, value,
                                  EditVictoryPoints(points=value))

    def _tokens(self) -> None:
        if self.state is not None:
            value = self.tokens.value()
            self._emit_if_changed(self.state.kamikaze_tokens, value,
                                  EditKamikazeTokens(tokens=value))

    def turn_action(self) -> EditTurn:
        return EditTurn(round=self.round.value(), power=Power(self.power.currentData()),
                        phase=Phase(self.phase.currentData()))

    def _turn(self) -> None:
        self.action_requested.emit(self.turn_action())


def _set(spin: QSpinBox, value: int) -> None:
    """Show ``value`` without emitting a change (the panel mirrors the position)."""
    spin.blockSignals(True)
    spin.setValue(value)
    spin.blockSignals(False)


__all__ = ["EditPanel", "UnitPalette"]
