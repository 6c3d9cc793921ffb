"""What the computer did in its last turn, under the map once that turn is over: its purchase,
its attacks with the odds it expected and how each battle went, where its stacks went, what it
placed, and its income before and after. At the fast pace a turn passes in seconds; this stays
until the player closes it or acts. A click on a line shows its space on the map (centred,
outlined).

Nothing here explains anew: the reasons are the computer player's (`ComputerDriver.why`, from
`pacific.ai.explain`), the moves are worded as the log words them (`describe_action`), each
battle's result against its odds is the log's luck line (`pacific.story`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from pacific.rules.actions.economy import Place
from pacific.rules.history import History
from pacific.rules.nations import POWER_NATIONS, Nation, Power
from pacific.rules.queries import production_report
from pacific.rules.state import GameState
from pacific.rules.units import UnitType
from pacific.text import _, describe_action, power_name
from pacific.text.decisions import placements_text

if TYPE_CHECKING:
    from pacific.gui.computer import ComputerDriver
    from pacific.gui.main_window import MainWindow
    from pacific.gui.tutorial.marks import MapMarks
    from pacific.rules.board_map import BoardMap

SummaryLine = tuple[str, "str | None"]   # the words, the space a click shows (None: none)
SPACE = Qt.ItemDataRole.UserRole + 1
LINES_SHOWN = 5   # the list's height in lines: the map keeps its room on a small screen


def turn_start(history: History, computer: Callable[[Power], bool]) -> int:
    """The index of the first record of the computer's last turns (several computer powers
    in a row count as one stretch): the records back from the end made in their turns."""
    records = history.records
    start = len(records)
    while start > 0:
        before = records[start - 2].state if start > 1 else history.initial
        if not computer(before.power):
            break
        start -= 1
    return start


def turn_lines(history: History, start: int, board: BoardMap,
               why: Callable[[int], str | None]) -> list[SummaryLine]:
    """The lines of the records from ``start`` on: each planned move with its reason (an
    attack's reason names its odds; said once, at the first group sent to the attack), the
    placements of each space on one line, each battle's result against its odds."""
    from pacific.story.words import luck_line  # (asks the odds: loaded when first shown)
    records = history.records
    lines: list[SummaryLine] = []
    said: set[str] = set()   # the reasons given
    # A nation's placements in a space: the line that says them, the units so far.
    placed: dict[tuple[Nation, str], tuple[int, list[tuple[UnitType, int]]]] = {}
    for index in range(start, len(records)):
        record = records[index]
        before = records[index - 1].state if index else history.initial
        action = record.action
        space = _space_of(action)
        reason = why(index + 1)
        if action.kind == "purchase" and reason is not None:
            lines.append((reason, None))   # "Japan buys: 3 infantry to hold ..."
        elif reason is not None and reason not in said:
            said.add(reason)
            lines.append((_("{move}: {why}").format(
                move=describe_action(action, board, before), why=reason), space))
        elif isinstance(action, Place):
            row, units = placed.setdefault((action.nation, action.space), (len(lines), []))
            units.append((action.unit_type, action.count))
            text = placements_text(action.nation, units, action.space, board)
            lines[row:row + 1] = [(text, space)]   # the space's line, or a new last one
        elif action.kind == "move" or reason is not None:
            lines.append((describe_action(action, board, before), space))
        ended = [e for e in record.events if e.kind == "battle_ended"]
        if ended:
            luck = luck_line(board, history.initial, records, index)
            if luck is not None:
                lines.append((luck, getattr(ended[-1], "space", None)))
    return lines


def _space_of(action: object) -> str | None:
    """The space an action goes to: a move's last step, a placement's space."""
    path = getattr(action, "path", None)
    if path:
        return str(path[-1])
    space = getattr(action, "space", None)
    return space if isinstance(space, str) else None


def income_of(board: BoardMap, state: GameState, powers: list[Power]) -> int:
    """The production levels of ``powers``' nations (China collects none, R-CHINA-1)."""
    levels = production_report(board, state).levels
    return sum(levels.get(n, 0) for p in powers for n in POWER_NATIONS[p])


class TurnSummary(QFrame):
    """The computer's last turn, line by line; a click on a line shows its space."""

    def __init__(self, show_space: Callable[[str], None], parent: QWidget | None = None
                 ) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        row = QHBoxLayout()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight:bold; color:#1d3d6d")
        row.addWidget(self.title, 1)
        self.close_button = QPushButton(_("Close"))
        self.close_button.setToolTip(_("Hide the summary of the computer's turn (your first "
                                       "action hides it too)"))
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.lines = QListWidget()
        self.lines.setWordWrap(True)
        self.lines.setAlternatingRowColors(True)
        self.lines.setToolTip(_("Click a line to show its place on the map"))
        self.lines.setMaximumHeight(self.fontMetrics().lineSpacing() * LINES_SHOWN + 8)
        layout.addWidget(self.lines)
        self.lines.itemClicked.connect(self._clicked)
        self._show_space = show_space
        self.setVisible(False)

    def show_lines(self, title: str, lines: list[SummaryLine]) -> None:
        self.title.setText(title)
        self.lines.clear()
        for text, space in lines:
            item = QListWidgetItem(text)
            item.setData(SPACE, space)
            item.setToolTip(text)
            self.lines.addItem(item)
        self.setVisible(True)

    def _clicked(self, item: QListWidgetItem) -> None:
        space = item.data(SPACE)
        if isinstance(space, str):
            self._show_space(space)


class LastTurn:
    """Shows the summary when the computer's turns end and a person is to play, and hides it
    at that person's first action, a new game, or its Close button. A person's answer during
    the computer's turn (casualties) neither shows nor hides it: the turn is not over."""

    def __init__(self, window: MainWindow, driver: ComputerDriver) -> None:
        self.window, self.driver = window, driver
        self.widget = TurnSummary(self.show_space)
        self.widget.close_button.clicked.connect(self.dismiss)
        self.marks: MapMarks | None = None
        self._previous: GameState | None = None

    def state_arrived(self, state: GameState) -> None:
        previous, self._previous = self._previous, state
        controller = self.window.controller
        if controller is None or previous is None or state is previous:
            return
        if self.driver.submitting:
            if self.driver.controls(previous.power) and not self.driver.controls(state.power):
                self.show(controller.history, controller.board)
            return
        self.dismiss()   # a person's action (or an undo, another game)

    def show(self, history: History, board: BoardMap) -> None:
        start = turn_start(history, self.driver.controls)
        records = history.records
        if start >= len(records):
            return
        first = records[start - 1].state if start else history.initial
        powers = list(dict.fromkeys(
            (records[i - 1].state if i else history.initial).power
            for i in range(start, len(records))))
        title = _("{powers} (computer), round {round}: income {before} → {after} IPC. "
                  "What it did:").format(
            powers=", ".join(power_name(p) for p in powers), round=first.round,
            before=income_of(board, first, powers),
            after=income_of(board, records[-1].state, powers))
        self.widget.show_lines(title, turn_lines(history, start, board, self.driver.why))

    def forget(self) -> None:
        """Another game is shown: the last one's summary goes."""
        self._previous = None
        self.dismiss()

    def dismiss(self) -> None:
        self.widget.setVisible(False)
        if self.marks is not None:
            self.marks.clear()

    def show_space(self, space: str) -> None:
        """Centre the map on ``space`` and outline it (as the coach's "Show me" does)."""
        window = self.window
        view, scene = window.view, window.board_scene
        if view is None or scene is None:
            return
        view.center_on_scene_point(scene.centre_of(space))
        if self.marks is None or self.marks.scene is not scene.scene:
            # (the tutorial's marks: loaded at the first click, not before the first paint)
            from pacific.gui.tutorial.marks import MapMarks

            self.marks = MapMarks(scene.scene)
        self.marks.outline({space: scene.outline(space)})
