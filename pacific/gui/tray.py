"""The placement tray (phase 7): the units bought in phase 1 and not yet placed (R-PURCH-2),
for every nation of the power playing. Drag a line onto the map to place its units (as many
as "Units per drag" says and the rules allow there, R-PLACE-1..7);
the map view turns the drop into a `Place` action.

Its lines keep their places until the phase ends (`SteadyRows`): a kind all placed stays,
greyed ("0 ×"), where it was, so the line under the pointer is the same between two drops.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QMouseEvent
from PySide6.QtWidgets import QListView, QListWidget, QListWidgetItem, QWidget

from pacific.gui.icons import set_drag_unit, unit_icon
from pacific.gui.steady_rows import SteadyRows
from pacific.rules.nations import POWER_NATIONS, Nation
from pacific.rules.phases import Phase
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import _, nation_name, unit_name

MIME_TYPE = "application/x-pacific-place"


def encode(nation: Nation, unit_type: UnitType) -> bytes:
    return f"{nation.value}:{unit_type.value}".encode()


def decode(data: bytes) -> tuple[Nation, UnitType] | None:
    """Read a tray drag's payload; None for anything that is not one."""
    try:
        nation, unit_type = data.decode("ascii").split(":")
        return Nation(nation), UnitType(unit_type)
    except (ValueError, UnicodeDecodeError):
        return None


def _tray_line(count: int, unit_type: UnitType, nation: Nation) -> str:
    """"3 × Fighter (Japan)": a line of the tray, in the active language."""
    return _("{count} × {unit} ({nation})").format(count=count, unit=unit_name(unit_type),
                                                   nation=nation_name(nation))


TrayRow = tuple[Nation, UnitType, int]  # a line: whose, what, how many are left to place


def _kind(row: TrayRow) -> tuple[Nation, UnitType]:
    return (row[0], row[1])


def _emptied(row: TrayRow) -> TrayRow:
    return (row[0], row[1], 0)


class PlacementTray(QListWidget):
    """Signals: drag_started(Nation, UnitType) as a unit is picked up, drag_finished() once it
    is dropped anywhere or let go (the window lights the places it may go meanwhile)."""

    drag_started = Signal(object, object)
    drag_finished = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setIconSize(QSize(32, 32))
        # A line longer than the panel is wide ("1 × Industrial complex (United States)" beside
        # the vertical scroll bar of a small window) wraps, rather than a horizontal scroll bar
        # standing under the list for the few pixels past its edge.
        self.setWordWrap(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setToolTip(_("Units to place: drag a line onto a territory with an industrial "
                          "complex or a sea zone next to it; as many go as Units per drag "
                          "says and the rules allow there (R-PLACE-1..7)"))
        self._rows: SteadyRows[TrayRow] = SteadyRows(_kind, _emptied)
        self._shown_for: tuple[object, ...] | None = None
        self._pressed: QListWidgetItem | None = None   # the line under the last press

    def show_state(self, state: GameState) -> None:
        shown_for = (state.phase, state.power, state.round)
        if shown_for != self._shown_for:
            self._rows.reset()   # a new phase: the lines in the order of the units bought
            self._shown_for = shown_for
        rows: list[TrayRow] = []
        for nation in POWER_NATIONS[state.power]:
            bought = state.purchased.get(nation, {})
            rows.extend((nation, unit_type, count)
                        for unit_type, count in sorted(bought.items()) if count > 0)
        if state.power.value == "us" and state.china_infantry_due:
            rows.append((Nation.CHINA, UnitType.INFANTRY, state.china_infantry_due))
        self.clear()
        self._pressed = None   # (its line is gone)
        for nation, unit_type, count in self._rows.arrange(rows):
            item = QListWidgetItem(unit_icon(unit_type, nation),
                                   _tray_line(count, unit_type, nation))
            item.setData(Qt.ItemDataRole.UserRole, (nation.value, unit_type.value))
            if not count:   # all placed: greyed, and nothing to drag
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled
                              & ~Qt.ItemFlag.ItemIsDragEnabled & ~Qt.ItemFlag.ItemIsSelectable)
            self.addItem(item)
        self.setEnabled(state.phase is Phase.PLACE)

    def _lines(self) -> list[QListWidgetItem]:
        return [self.item(i) for i in range(super().count())]

    def count(self) -> int:
        """The lines with units left to place (a kind all placed keeps a greyed line)."""
        return len(self.entries())

    def entries(self) -> list[tuple[Nation, UnitType]]:
        """The kinds left to place, in the tray's order."""
        out = []
        for item in self._lines():
            if item.flags() & Qt.ItemFlag.ItemIsEnabled:
                nation, unit_type = item.data(Qt.ItemDataRole.UserRole)
                out.append((Nation(nation), UnitType(unit_type)))
        return out

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed = self.itemAt(event.position().toPoint())
        super().mousePressEvent(event)

    def startDrag(self, supported: Qt.DropAction) -> None:
        # The line pressed, not the current one: a press on a greyed line (all placed) leaves
        # the current line as it was, and must not drag that other line's units.
        item = self._pressed
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsDragEnabled:
            return
        nation, unit_type = (Nation(v) if i == 0 else UnitType(v)
                             for i, v in enumerate(item.data(Qt.ItemDataRole.UserRole)))
        assert isinstance(nation, Nation) and isinstance(unit_type, UnitType)
        mime = QMimeData()
        mime.setData(MIME_TYPE, encode(nation, unit_type))
        drag = QDrag(self)
        drag.setMimeData(mime)
        set_drag_unit(drag, unit_type, nation)
        self.drag_started.emit(nation, unit_type)
        try:
            drag.exec(Qt.DropAction.CopyAction)   # returns once the unit is dropped
        finally:
            self.drag_finished.emit()
