"""The side panels: whose turn and which phase, the next-phase control, the treasury, the
National Production Chart and the convoy zones (the event log and the status strip are in
`pacific.gui.event_log`).

Every panel is a pure view: `show_state(board, state)` redraws it; the only thing a panel does
is emit a signal (the next-phase button), which the main window turns into an action, or open
the rules reference at a rule (the turn panel's phase explanation).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.battle_text import decision_prompt
from pacific.gui.dialogs.simple import victory_side
from pacific.gui.palette import LAND_COLOURS, dim_colour, warning_colour
from pacific.gui.rule_wrap import unbroken
from pacific.rules.board_map import BoardMap
from pacific.rules.nations import POWER_NATIONS, Nation, Power, seat_of
from pacific.rules.phases import PHASE_ORDER, Phase
from pacific.rules.queries import ProductionReport
from pacific.rules.state import GameState
from pacific.text import (
    _,
    nation_name,
    phase_help,
    phase_name,
    phase_rule,
    place_name,
    power_name,
)

PRODUCTION_NATIONS = (Nation.JAPAN, Nation.INDIA, Nation.AUSTRALIA, Nation.USA)


def _swatch(nation: Nation) -> str:
    return f"<span style='color:{LAND_COLOURS[nation]}'>■</span>"


def python_viewport(area: QAbstractScrollArea) -> None:
    """Give ``area`` a viewport made in Python, set up as Qt sets up its own. The first time
    Python is handed a plain QWidget that Qt made (``viewport()`` of a scroll area whose
    viewport is Qt's), PySide6 looks through every QWidget subclass for its type and makes
    their Python enum classes: 0.015-0.025 s of a start (docs/performance.md). A widget made
    in Python is handed back as it is."""
    viewport = QWidget(area)  # owned by the area, as ``setViewport`` makes it
    # What Qt's own viewport has: style sheets paint a scroll area's background through a
    # viewport of this name.
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    if isinstance(area, QTextBrowser):  # as the text browser sets its own: links light up
        viewport.setMouseTracking(True)
    area.setViewport(viewport)  # Qt's own viewport is deleted
    if isinstance(area, QTextEdit):  # its text is laid out for its viewport, not the deleted one
        area.document().documentLayout().setPaintDevice(viewport)


class OneLineLabel(QLabel):
    """A plain-text label on one line that ends with "…" where its width cuts it: a name cut
    mid-word ("8. Surface submarines, repair battle") reads as a whole, wrong name. `text`
    stays whole."""

    def shown(self) -> str:
        """The text as drawn at the label's width."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             max(1, self.contentsRect().width()))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(),
                                  int(self.alignment() | Qt.AlignmentFlag.AlignVCenter),
                                  self.palette(), self.isEnabled(), self.shown(),
                                  QPalette.ColorRole.WindowText)


class PhaseList(QWidget):
    """The nine phases, one label each, so that each name carries its explanation as a
    tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(0)
        self.labels: dict[Phase, OneLineLabel] = {}
        for phase in PHASE_ORDER:
            label = OneLineLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)  # a rich-text label is taller
            # One line each, never squeezed; a long name is cut with "…" rather than widen
            # the dock (the tooltip names it whole).
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            rows.addWidget(label)
            self.labels[phase] = label

    def text(self) -> str:
        """The list as shown, one phase a line ("▶ " marks the current one)."""
        return "\n".join(label.text() for label in self.labels.values())


class TurnPanel(QFrame):
    """Round, power, seat and phase; the pending decision; the next-phase button; IPCs."""

    next_phase_requested = Signal()
    buy_requested = Signal()
    board_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Turns the engine's ids in sentences into names (set by the main window).
        self.plain: Callable[[str], str] = lambda text: text
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        font = QFont()
        font.setPointSize(13)
        font.setBold(True)
        self.title.setFont(font)
        self.phases = PhaseList()
        self.phase_labels = self.phases.labels
        # What the current phase is for and what the player can do now. As tall as
        # its text when there is room; on a short screen it shrinks to a few lines and scrolls.
        self.phase_help = QTextBrowser()
        python_viewport(self.phase_help)
        self.phase_help.setOpenLinks(False)
        self.phase_help.anchorClicked.connect(lambda url: self._open_rule(url.toString()))
        self.phase_help.setFrameShape(QFrame.Shape.NoFrame)
        self.phase_help.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.phase_help.setStyleSheet("QTextBrowser { background:#f3efe2; color:#2b2b2b }")
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        # The battle board's question with the board closed: the way back to it, beside it.
        self.board_button = QPushButton(_("Open the battle board   [F]"))
        self.board_button.clicked.connect(self.board_requested)
        self.board_button.hide()
        self._board = (False, False, False)
        self.treasury = QLabel()
        self.treasury.setTextFormat(Qt.TextFormat.RichText)
        self.next_button = QPushButton(_("Next phase ▶"))
        self.next_button.setToolTip(_("End this phase (R-TURN-4)   [N]"))
        self.next_button.clicked.connect(self.next_phase_requested)
        self.buy_button = QPushButton(_("Buy units…"))
        self.buy_button.setToolTip(_("Open the purchase table (R-PURCH-1)   [B]"))
        self.buy_button.clicked.connect(self.buy_requested)
        # The buttons keep their places whatever the texts say: right
        # under a title two lines high, side by side, disabled rather than hidden, above
        # everything whose length changes (the phase list, its help, the prompt, the treasury).
        self.title.setWordWrap(True)
        self.title.setFixedHeight(2 * self.title.fontMetrics().lineSpacing() + 4)
        # The title and the buttons in one piece that the window keeps outside the side
        # panel's scrolling (`SideColumn`): "Next phase" stays in view at any window height.
        self.header = QWidget()
        heading = QVBoxLayout(self.header)
        heading.setContentsMargins(0, 0, 0, 0)
        buttons = QHBoxLayout()
        buttons.addWidget(self.buy_button, 1)
        buttons.addWidget(self.next_button, 1)
        heading.addWidget(self.title)
        heading.addLayout(buttons)
        layout.addWidget(self.header)
        for w in (self.phases, self.phase_help, self.prompt, self.board_button, self.treasury):
            layout.addWidget(w)
        self.treasury.setWordWrap(True)
        layout.addStretch(1)

    def show_state(self, board: BoardMap, state: GameState) -> None:
        power = state.power
        nations = POWER_NATIONS[power]
        seat = seat_of(power, state.players)
        colour = LAND_COLOURS[nations[0]]
        self.title.setText(f"<span style='color:{colour}'>■</span> " + _(
            "Round {round} · {power} <small>(player {seat})</small>").format(
                round=state.round, power=power_name(power), seat=seat))
        dim = dim_colour(self.palette()).name()
        for phase, label in self.phase_labels.items():
            text = f"{phase.number}. {phase_name(phase)}"
            current = phase is state.phase
            label.setText(f"▶ {text}" if current else text)
            label.setStyleSheet("font-weight:bold" if current else f"color:{dim}")
            explanation = html.escape(phase_help(phase), quote=False)
            label.setToolTip(f"<p><b>{html.escape(text)}</b></p><p>{explanation}</p>")
        rule_id = phase_rule(state.phase)
        link = html.escape(unbroken(_("Rule {rule_id}").format(rule_id=rule_id)))
        explained = html.escape(unbroken(phase_help(state.phase)), quote=False)
        self.phase_help.setHtml(f"{explained} <a href='{rule_id}'>{link}</a>")
        self._fit_help()
        pending = state.pending
        # The decision awaited, in the words of the battle board (names, never ids).
        prompt = decision_prompt(board, state, pending) if pending is not None else ""
        if state.edit_mode:  # play waits while the position is corrected
            waits = _("Edit mode: play waits")
            prompt = f"{waits} ({prompt})" if prompt else waits
        elif state.winner is not None:   # a finished game opened: where to look back at it
            prompt = _("The game is over: {result} Game ▸ Replay this game and Game ▸ Charts "
                       "and luck look back at it.").format(result=victory_side(state))
        self.prompt.setStyleSheet(
            f"color:{warning_colour(self.palette()).name()}; font-weight:bold")
        self.prompt.setText(unbroken(prompt))
        self.prompt.setVisible(bool(prompt))
        money = " · ".join(f"{_swatch(n)} " + _("{nation} <b>{ipc}</b> IPC").format(
            nation=nation_name(n), ipc=state.treasury.get(n, 0))
            for n in nations if n is not Nation.CHINA)
        if power is Power.US and state.china_infantry_due:
            money += "<br>" + _("China's infantry due: <b>{count}</b>").format(
                count=state.china_infantry_due)
        self.treasury.setText(money)
        self.next_button.setEnabled(state.winner is None and pending is None
                                    and not state.edit_mode)
        self.buy_button.setEnabled(state.phase is Phase.PURCHASE and pending is None
                                   and state.winner is None and not state.edit_mode)
        if state.phase is Phase.INCOME:
            self.next_button.setText(_("End turn ▶"))
        else:
            self.next_button.setText(_("Next phase ▶"))


    def offer_board(self, wanted: bool | None = None, shown: bool | None = None,
                    screened: bool | None = None) -> None:
        """``wanted``: the battle board answers the question asked; ``shown``: it is open;
        ``screened``: the hand-over screen is up (modal: the button could not be pressed)."""
        self._board = (self._board[0] if wanted is None else wanted,
                       self._board[1] if shown is None else shown,
                       self._board[2] if screened is None else screened)
        self.board_button.setVisible(self._board[0] and not self._board[1]
                                     and not self._board[2])

    def _fit_help(self) -> None:
        """Let the explanation be as tall as its text; on a short screen it may shrink to one
        line and scroll (the window must still fit 1024x700)."""
        document = self.phase_help.document()
        document.setTextWidth(self.phase_help.viewport().width())
        full = int(document.size().height()) + 2
        self.phase_help.setMaximumHeight(full)
        self.phase_help.setMinimumHeight(min(full, self.fontMetrics().lineSpacing() + 4))

    def resizeEvent(self, event: QResizeEvent) -> None:  # the text re-wraps: fit it again
        super().resizeEvent(event)
        self._fit_help()

    def _open_rule(self, rule_id: str) -> None:
        from pacific.gui.dialogs.rules import open_rules  # the dialog is only built on demand

        open_rules(self, rule_id)


class ProductionChart(QFrame):
    """The National Production Chart (R-INCOME-1): every nation's production level, Japan's
    victory points (R-VP-1), kamikaze tokens left (R-KAMI-1) and the British Convoy marker."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        head = QLabel("<b>{}</b>".format(_("National Production Chart")))
        layout.addWidget(head)
        grid = QGridLayout()
        self.levels: dict[Nation, QLabel] = {}
        self.treasuries: dict[Nation, QLabel] = {}
        grid.addWidget(QLabel(_("<i>nation</i>")), 0, 0)
        grid.addWidget(QLabel(_("<i>production</i>")), 0, 1)
        grid.addWidget(QLabel(_("<i>treasury</i>")), 0, 2)
        for row, nation in enumerate(PRODUCTION_NATIONS, start=1):
            name = QLabel(f"{_swatch(nation)} {nation_name(nation)}")
            name.setTextFormat(Qt.TextFormat.RichText)
            self.levels[nation] = QLabel()
            self.treasuries[nation] = QLabel()
            grid.addWidget(name, row, 0)
            grid.addWidget(self.levels[nation], row, 1)
            grid.addWidget(self.treasuries[nation], row, 2)
        layout.addLayout(grid)
        self.convoy = QLabel()
        self.vp = QLabel()
        self.kamikaze = QLabel()
        for w in (self.convoy, self.vp, self.kamikaze):
            w.setTextFormat(Qt.TextFormat.RichText)
            layout.addWidget(w)

    def show_state(self, board: BoardMap, state: GameState, report: ProductionReport) -> None:
        """Draw the chart from the engine's ``report`` (`Game.production_report`)."""
        for nation in PRODUCTION_NATIONS:
            self.levels[nation].setText(f"<b>{report.levels.get(nation, 0)}</b>")
            self.treasuries[nation].setText(str(state.treasury.get(nation, 0)))
        self.convoy.setText(_("British Convoy marker: <b>{ipc}</b> IPC").format(
            ipc=report.british_convoys))
        self.vp.setText(_("Japan's victory points: <b>{points}</b> of {goal}").format(
            points=state.victory_points, goal=board.victory_points_to_win))
        self.kamikaze.setText(_("Kamikaze tokens left: <b>{count}</b>").format(
            count=state.kamikaze_tokens))


class ConvoyPanel(QTableWidget):
    """Convoy zones (R-CONVOY-1..13): who holds each one now, and what it is worth. Its columns
    fit the side panel at any width: the zone and the holder as wide as
    their words, what the zone feeds in the rest, cut short with its full text on hover."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels([_("zone"), _("feeds"), _("held by")])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setMinimumSectionSize(24)

    def show_state(self, board: BoardMap, report: ProductionReport) -> None:
        """Draw the zones from the engine's ``report`` (`Game.production_report`)."""
        self.setRowCount(len(report.convoys))
        for row, convoy in enumerate(report.convoys):
            zone = board.sea_zone_by_id[convoy.zone]
            if zone.convoy_center is not None:
                feeds = _("centre, {ipc} IPC").format(ipc=zone.convoy_center.ipc)
            elif zone.convoy_route is not None:
                feeds = _("route to {space}").format(
                    space=place_name(board, zone.convoy_route.territory))
            else:
                feeds = ""
            holder, original, captured = convoy.holder, convoy.original, convoy.captured
            held = nation_name(holder) + (" ✱" if captured else "")
            tips = (_("Sea zone {number}").format(number=zone.number), feeds,
                    _("{nation}, captured from {original}").format(
                        nation=nation_name(holder), original=nation_name(original))
                    if captured else nation_name(holder))
            for col, text in enumerate((f"{zone.number}", feeds, held)):
                item = QTableWidgetItem(text)
                item.setToolTip(tips[col])
                if col == 2 and captured:
                    item.setForeground(warning_colour(self.palette(), QPalette.ColorRole.Base))
                self.setItem(row, col, item)
