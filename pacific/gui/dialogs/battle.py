"""The battle board: the battle being fought, as the engine describes it (`Game.battle_view`):
both sides by unit type with the number each group hits on and why (a surprise attack, the
support of artillery, Marines landing...), before any die is rolled; the dice of its last roll
drawn as dice; the result in words once it is over; and the decision the rules give now, to
the player who owns it (R-COMBAT-2..8, R-SUB-6, R-KAMI-1..8, R-LAND-2):
- casualties by unit type with counts, pre-filled with the engine's suggestion (cheapest
  first), sent as one `choose_casualties`;
- retreat, submerge, press on; kamikaze tokens per group of target ships;
- the dice of a roll typed in from the table (`DiceEntry`), all at once;
- the other choices as buttons (intercept, land a fighter, choose an owner, call off a landing).

The board is a view: `refresh(board, state, screen)` redraws it from a `BattleScreen` derived
from the current position (`pacific.gui.battle_state`), and every control emits one action
(`action_chosen`) that the main window submits. Nothing of a battle is remembered between two
refreshes, and no rule is coded here: the options are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import (
    QHideEvent,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QComboBox,
    QDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from pacific.gui import battle_text as words
from pacific.gui.battle_state import BattleScreen
from pacific.gui.dialogs.battle_choices import CasualtyTable, KamikazeTable
from pacific.gui.dialogs.battle_parts import (
    DiceStrip,
    clear_layout,
    fill_battle_choice,
    fill_side,
)
from pacific.gui.dice_entry import DiceEntry
from pacific.gui.odds_view import odds_text
from pacific.gui.palette import accent_colour, dim_colour, warning_colour
from pacific.gui.rule_wrap import unbroken
from pacific.rules.actions import Action
from pacific.rules.actions.combat import (
    ChooseCasualties,
    Kamikaze,
    PressOn,
    Retreat,
    RollDice,
    SelectBattle,
    Submerge,
)
from pacific.rules.battle_choices import CasualtyGroup, KamikazeGroup
from pacific.rules.battle_views import BattleView, next_battle_view
from pacific.rules.board_map import BoardMap
from pacific.rules.decisions import DiceRoll
from pacific.rules.nations import Power
from pacific.rules.state import GameState
from pacific.text import _, describe_action, message_text

# The largest the board grows to on a large screen (pixels).
WIDEST, TALLEST = 900, 760
# Narrower than this (pixels inside the board), the two sides stand one above the other: side
# by side each "why" column would be squeezed into a word or two per line.
SIDE_BY_SIDE = 820
# The question asked is scrolled into view when less than its start shows (pixels: a
# table's header), and then as far as its first rows.
ASKING_START, ASKING_ROWS = 24, 96
# Decisions shown as one button per legal action.
OTHER_KINDS = frozenset({"intercept", "call_off_assault", "land_fighter", "choose_owner"})


class BattleBoard(QDialog):
    """Non-modal battle board; `refresh(board, state, screen)` redraws it."""

    action_chosen = Signal(object)
    # The players cancelled the dice entry: the main window leaves the game as it was.
    roll_cancelled = Signal()
    # On the screen or not (Escape, the title bar, `appear`).
    visibility_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Battle board"))
        self.setModal(False)
        # The title, what battle this is, stays in view above the rest. The sides, the dice
        # and the choices scroll; the decision buttons, the next battle and Close stay in
        # view at any size (at 1024x700 the board fits beside the panel that holds "Next
        # phase", see `fit_into`).
        outer = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        outer.addWidget(self.title)
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        # As wide as the board: the texts wrap rather than scroll sideways.
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.content = QWidget()
        layout = QVBoxLayout(self.content)
        layout.setContentsMargins(0, 0, 0, 0)
        self.scroller.setWidget(self.content)
        outer.addWidget(self.scroller, 1)
        # Closed by the player (Close, Escape, the title bar): the board stays closed for this
        # battle until the player opens it again (Turn ▸ Battle board).
        self._dismissed: object = None
        self._turn: tuple[int, Power] = (0, Power.JAPAN)   # the turn of the battle shown
        # Escape closes the board wherever the focus is in the window under it.
        self._escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), parent or self, self.reject)
        self._escape.setEnabled(False)
        # Where the board goes (global coordinates): the map's part of the window.
        self.area: Callable[[], QRect | None] = lambda: None
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.result_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.result_label.setFont(font)
        layout.addWidget(self.result_label)
        self.sides = sides = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.attacker_box = QGroupBox(_("Attacker"))
        self.defender_box = QGroupBox(_("Defender"))
        self.attacker_grid = QGridLayout(self.attacker_box)
        self.defender_grid = QGridLayout(self.defender_box)
        sides.addWidget(self.attacker_box, 1)
        sides.addWidget(self.defender_box, 1)
        layout.addLayout(sides)
        self.odds = QLabel()
        self.odds.setWordWrap(True)   # a long odds line would widen the board past its edge
        self.odds.setStyleSheet(f"color:{accent_colour(self.palette()).name()}")
        layout.addWidget(self.odds)
        self.dice = DiceStrip()
        layout.addWidget(self.dice)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt.setStyleSheet(
            f"font-weight:bold; color:{warning_colour(self.palette()).name()}")
        layout.addWidget(self.prompt)
        # Dice from the table: shown while the engine waits for a roll, under the
        # sides that say who fights and what each group needs to hit.
        self.dice_entry = DiceEntry()
        self.dice_entry.rolled.connect(
            lambda values: self.action_chosen.emit(RollDice(values=values)))
        self.dice_entry.cancelled.connect(self.roll_cancelled.emit)
        self.dice_entry.hide()
        layout.addWidget(self.dice_entry)
        # Casualties by unit type: how many of each group to lose (R-COMBAT-6).
        self.casualties = CasualtyTable(self._casualties_changed)
        # The count still to choose over the table, in view with it: under it, the line was
        # below the fold at 1024x700 while the disabled button said nothing.
        layout.addWidget(self.casualties.total)
        layout.addWidget(self.casualties.table)
        # Kamikaze tokens per group of target ships (R-KAMI-5; several tokens may go at one
        # ship, OQ3-4).
        self.kamikaze = KamikazeTable(self.kamikaze_button_text)
        layout.addWidget(self.kamikaze.table)
        # Any other decision the rules open (intercept, call off a landing, land a fighter
        # whose carrier sank, choose an owner...): one button per legal action.
        self.other_box = QGroupBox(_("Choices"))
        self.other_layout = QVBoxLayout(self.other_box)
        layout.addWidget(self.other_box)
        self.other_buttons: list[QPushButton] = []
        self.results = QLabel()
        self.results.setWordWrap(True)
        self.results.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.results)
        buttons = QHBoxLayout()
        self.take_button = QPushButton(_("Take these casualties"))
        self.take_button.clicked.connect(self._take)
        self.press_on_button = QPushButton(_("Press on"))
        self.press_on_button.clicked.connect(lambda: self.action_chosen.emit(PressOn()))
        self.retreat_to = QComboBox()
        self.retreat_button = QPushButton(_("Retreat"))
        self.retreat_button.clicked.connect(self._retreat)
        self.submerge_button = QPushButton(_("Submerge submarines"))
        self.submerge_button.clicked.connect(self._submerge)
        self.kamikaze_button = QPushButton(_("Kamikaze"))
        self.kamikaze_button.clicked.connect(self._kamikaze)
        # Two rows, so that the board fits beside the side panel of a 1024x700 window.
        for w in (self.take_button, self.press_on_button, self.kamikaze_button):
            buttons.addWidget(w)
        buttons.addStretch(1)
        # The retreats take the row's room: a retreat also says where the aircraft end
        # ("Sea Zone 20 — 2 fighters onto its carriers"), longer than a name.
        leaving = QHBoxLayout()
        leaving.addWidget(self.retreat_to, 1)
        for widget in (self.retreat_button, self.submerge_button):
            leaving.addWidget(widget)
        # The decision buttons keep their places: always shown, enabled
        # only when the rules offer them, at the bottom under a stretch, so that a button
        # never takes the place of another under the cursor (a quick double click on
        # "Press on" once took a casualty).
        layout.addStretch(1)
        outer.addLayout(buttons)
        outer.addLayout(leaving)
        # Nor does a text change move its neighbours: fixed widths, the longest text's.
        self.retreat_to.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.retreat_to.setMinimumContentsLength(16)
        longest = {self.kamikaze_button: words.kamikaze_label(99, 99)}
        for button in (self.take_button, self.press_on_button, self.retreat_button,
                       self.submerge_button, self.kamikaze_button):
            text = longest.get(button, button.text())
            button.setFixedWidth(button.fontMetrics().horizontalAdvance(text) + 24)
        self.select_box = QComboBox()
        self.select_button = QPushButton(_("Fight this battle"))
        self.select_button.clicked.connect(self._select)
        pick = QHBoxLayout()
        self.select_label = QLabel(_("Next battle:"))
        pick.addWidget(self.select_label)
        pick.addWidget(self.select_box, 1)
        pick.addWidget(self.select_button)
        outer.addLayout(pick)
        closing = QHBoxLayout()
        self.close_hint = QLabel(_("Turn ▸ Battle board (F) opens it again"))
        self.close_hint.setStyleSheet(f"color:{dim_colour(self.palette()).name()}")
        closing.addWidget(self.close_hint, 1)
        self.close_button = QPushButton(_("Close"))
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        closing.addWidget(self.close_button)
        outer.addLayout(closing)
        self._submerge_units: tuple[int, ...] = ()
        # The position whose next battle the board shows, before one starts.
        self._position: tuple[BoardMap, GameState] | None = None
        self.select_box.currentIndexChanged.connect(self._show_next)
        self.shown: BattleScreen | None = None
        self._shown_battle: tuple[BoardMap, GameState, BattleView] | None = None
        self.resize(660, 560)

    # ---- showing and closing ----

    def key(self) -> object:
        """What the board shows, as far as closing it goes: the battle (or none). Battles are
        numbered from 1 in every turn: the key names the turn too, or a board closed on one
        turn's first battle stayed closed on the next turn's."""
        shown = self.shown
        if shown is None or shown.view is None:
            return None
        return (*self._turn, shown.view.battle)

    def reject(self) -> None:
        """Close, Escape or the title bar: hide the board, which stays closed for this battle
        until the player opens it again."""
        self._dismissed = self.key()
        super().reject()

    def dismissed(self) -> bool:
        """Did the player close the board on the battle it shows now?"""
        return self._dismissed is not None and self._dismissed == self.key()

    def reopen(self) -> None:
        self._dismissed = None

    def appear(self) -> None:
        """Show the board inside `area`, clear of the side panel's phase controls."""
        area = self.area()
        if area is not None:
            self.fit_into(area)
        opening = not self.isVisible()
        self.show()
        if not self.dice_entry.isHidden():
            self._keys_to_dice()
        if opening:   # from its top: the question asked, if any, follows (`_scroll_to`)
            self.scroller.verticalScrollBar().setValue(0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        wanted = QBoxLayout.Direction.LeftToRight if self.width() >= SIDE_BY_SIDE \
            else QBoxLayout.Direction.TopToBottom
        if self.sides.direction() != wanted:
            self.sides.setDirection(wanted)

    def showEvent(self, event: QShowEvent) -> None:
        self._escape.setEnabled(True)
        super().showEvent(event)
        self.visibility_changed.emit(True)

    def hideEvent(self, event: QHideEvent) -> None:
        self._escape.setEnabled(False)
        super().hideEvent(event)
        self.visibility_changed.emit(False)

    def fit_into(self, area: QRect, place: bool = True) -> None:
        """Size the board to its contents within ``area`` (global coordinates: the map's part
        of the main window), so that the side panel with "Next phase" stays in view; the rest
        scrolls. ``place``: put it at the area's top left; else it only grows where it is
        (its contents grew: the dice to type in, casualties to choose)."""
        # The size hints of rows not yet laid out (the dice to type in) fall short: the board
        # takes the room it is given, up to a comfortable size.
        width = max(320, min(WIDEST, area.width() - 16))
        height = max(240, min(TALLEST, area.height() - 16))
        if not place:
            width, height = max(width, self.width()), max(height, self.height())
        self.resize(width, height)
        corner = area.topLeft() + QPoint(8, 8) if place else self.pos()
        # Inside the area: its right and bottom edges too.
        x = max(area.left(), min(corner.x(), area.right() - width - 8))
        y = max(area.top(), min(corner.y(), area.bottom() - height - 8))
        self.move(x, y)

    def _scroll_to(self, widget: QWidget) -> None:
        """Bring ``widget`` (the question asked) into view when its start is out of sight,
        scrolling no further than its first rows: the sides above it stay in view as far as
        the room allows, and a board whose question starts in view stays at its top."""
        # The rows this refresh added (the dice just rolled) are laid out first: measured
        # before, the content is still short and the scroll stops above the entry's buttons.
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
        # (the casualties' count chosen stands over their table: it says why "Take these
        # casualties" is disabled, and is the question's start)
        start = self.casualty_total if widget is self.casualty_table else widget
        top = start.mapTo(self.content, QPoint(0, 0)).y()
        first = widget.mapTo(self.content, QPoint(0, 0)).y()
        bar = self.scroller.verticalScrollBar()
        if widget is self.dice_entry:
            # Whole, down to its Confirm button: the dice's rows, the field and the buttons
            # are one question (at 1024x700 the field was below the fold).
            needed = shown = top + widget.height()
        elif widget is self.casualty_table:
            # Its first row, not only the count over it: the count and the header alone do not
            # say which units can be taken (at 1024x700, the computer's panel open below).
            table = self.casualty_table
            needed = first + table.horizontalHeader().height() + max(table.rowHeight(0), 0)
            shown = first + min(widget.height(), ASKING_ROWS)
        else:
            needed, shown = top + ASKING_START, first + min(widget.height(), ASKING_ROWS)
        if needed > bar.value() + self.scroller.viewport().height():
            self.scroller.ensureVisible(0, shown, 0, 8)
        self.scroller.ensureVisible(0, top, 0, 8)
        self.scroller.horizontalScrollBar().setValue(0)   # the left edge: where text starts

    # ---- redraw ----

    def refresh(self, board: BoardMap, state: GameState, screen: BattleScreen) -> None:
        """Draw ``screen``, what the position ``state`` shows of its battles."""
        before = self.key()
        self.shown = screen
        self._turn = (state.round, state.power)
        if self.key() != before:   # another battle: read from its top
            self.scroller.verticalScrollBar().setValue(0)
        view, pending, legal = screen.view, screen.pending, list(screen.legal)
        self._show_battle(board, state, view)
        if view is None and screen.kamikaze is not None:
            # Japan declares outside any battle (R-KAMI-4): the ships are in the table below.
            self.title.setText(
                f"<h3>{words.kamikaze_declaration(board, screen.kamikaze.zones)}</h3>")
        self.attacker_box.setVisible(view is not None or screen.kamikaze is None)
        self.defender_box.setVisible(view is not None or screen.kamikaze is None)
        # What each roll was for, in the player's language.
        self.dice.set_rolls([row for r in screen.rolls for row in words.roll_rows(board, r)])
        self.dice.setVisible(bool(screen.rolls))
        # The question's rule id wraps whole (`unbroken`): "(R-" never ends a line.
        self.prompt.setText(unbroken(
            words.decision_prompt(board, state, pending) if pending is not None
            else _("Choose the next battle") if any(
                isinstance(a, SelectBattle) for a in legal) else ""))
        self.prompt.setVisible(bool(self.prompt.text()))
        self._show_dice_entry(board, state, pending)
        kinds = {a.kind for a in legal}
        self._shown_battle = (board, state, view) if view is not None else None
        self.take_button.setEnabled(False)
        self.casualties.show(board, screen.casualties if "choose_casualties" in kinds
                             else None)
        self._show_odds()
        area = self.area()
        if self.isVisible() and area is not None:
            self.fit_into(area, place=False)
        self.press_on_button.setEnabled("press_on" in kinds)
        # The defender's submarines fire or submerge (R-SUB-6): its "press on" is to fire.
        self.press_on_button.setText(
            _("Fire") if getattr(pending, "decision", "") == "defender_submerge"
            else _("Press on"))
        retreats = [a for a in legal if isinstance(a, Retreat)]
        landings = dict(screen.landings)
        chosen = self.retreat_to.currentData()   # kept when the same retreat is offered again
        self.retreat_to.clear()
        for r in retreats:
            # Where the aircraft end, as the engine moves them (a zone's carriers, R-AIR-6).
            self.retreat_to.addItem(words.retreat_text(board, state, r, landings.get(r, ())), r)
            self.retreat_to.setItemData(self.retreat_to.count() - 1,
                                        words.retreat_tip(landings.get(r, ())),
                                        Qt.ItemDataRole.ToolTipRole)
        if chosen in retreats:
            self.retreat_to.setCurrentIndex(retreats.index(chosen))
        self.retreat_to.setEnabled(bool(retreats))
        self.retreat_button.setEnabled(bool(retreats))
        subs = [a for a in legal if isinstance(a, Submerge)]
        self._submerge_units = max((a.units for a in subs), key=len, default=())
        self.submerge_button.setEnabled(bool(subs))
        kamikaze = screen.kamikaze if "kamikaze" in kinds else None
        self.kamikaze_button.setEnabled(kamikaze is not None)
        self.kamikaze_button.setText(_("Kamikaze"))
        self.kamikaze.show(board, kamikaze)
        self._show_others(board, state, [a for a in legal if a.kind in OTHER_KINDS])
        selects = [a for a in legal if isinstance(a, SelectBattle)]
        self._position = (board, state) if view is None and selects else None
        self.select_box.blockSignals(True)
        fill_battle_choice(self.select_box, board, state, [a.space for a in selects])
        self.select_box.blockSignals(False)
        self._show_next()
        self.select_box.setEnabled(bool(selects))
        self.select_label.setEnabled(bool(selects))
        self.select_button.setEnabled(bool(selects))
        results = [message_text(r, board) for r in screen.results]
        self.results.setText(_("Earlier this turn:") + "\n" + "\n".join(results)
                             if results else "")
        self.results.setStyleSheet(f"color:{dim_colour(self.palette()).name()}")
        self.results.setVisible(bool(screen.results))
        # What asks for the player's answer is scrolled into view (a small window).
        asking = next((w for w in (self.dice_entry, self.casualty_table, self.kamikaze_table)
                       if not w.isHidden()), None)
        if asking is not None:
            QTimer.singleShot(0, lambda: self._scroll_to(asking))

    def _show_next(self) -> None:
        """Before a battle starts: the one the choice below would start, marked as not yet
        fought, with its odds (R-COMBAT-2)."""
        if self._position is None:
            return
        board, state = self._position
        space = self.select_box.currentData()
        upcoming = next_battle_view(board, state, str(space)) if space else None
        self._show_battle(board, state, upcoming, upcoming=True)
        self._shown_battle = (board, state, upcoming) if upcoming is not None else None
        self._show_odds()

    def _show_battle(self, board: BoardMap, state: GameState, view: BattleView | None,
                     upcoming: bool = False) -> None:
        dim = dim_colour(self.palette()).name()
        if view is None:
            self.title.setText("<h3>" + _("No battle is being fought") + "</h3>")
            self.result_label.setText("")
            self.result_label.hide()
            self.odds.setText("")
            self.odds.hide()
            self.attacker_box.setTitle(_("Attacker"))
            self.defender_box.setTitle(_("Defender"))
            fill_side(self.attacker_grid, (), False, dim)
            fill_side(self.defender_grid, (), False, dim)
            return
        mark = _("Not yet fought: “Fight this battle” starts it") if upcoming else ""
        strike = words.kamikaze_strike(view)
        self.title.setText(f"<h3>{words.battle_title(board, view)}</h3>"
                           + (f"<b>{mark}</b><br>" if mark else "") + words.sides_line(view)
                           + (f"<br>{strike}" if strike and view.attackers else ""))
        result = words.result_text(board, view)
        self.result_label.setText(result)
        self.result_label.setVisible(bool(result))
        attack = words.side_nations(view.attackers)
        defend = words.side_nations(view.defenders)
        self.attacker_box.setTitle(words.side_title(view, True))
        self.defender_box.setTitle(words.side_title(view, False))
        fill_side(self.attacker_grid, view.attackers + view.bystanders + view.cargo,
                  len(attack) > 1 or bool(view.bystanders), dim,
                  bystanders=range(len(view.attackers) + 1,
                                   len(view.attackers) + len(view.bystanders) + 1),
                  cargo=len(view.attackers) + len(view.bystanders),
                  retreated=view.outcome == "A", empty=strike)
        fill_side(self.defender_grid, view.defenders, len(defend) > 1, dim)

    def _show_dice_entry(self, board: BoardMap, state: GameState, pending: object) -> None:
        if isinstance(pending, DiceRoll) and not state.edit_mode:  # play waits while editing
            rows = [row for g in pending.groups for row in words.dice_entry_rows(board, g)]
            self.dice_entry.ask(rows, key=state)
            self.dice_entry.show()
            self._keys_to_dice()
        else:
            self.dice_entry.clear()
            self.dice_entry.hide()

    def _keys_to_dice(self) -> None:
        """The keys typed go to the dice field while a roll is asked for: the button just
        pressed ("Fight this battle", a casualty taken) is disabled, and the focus left on
        Close took the space typed between two dice and closed the board."""
        focus = self.focusWidget()
        if focus is None or not self.dice_entry.isAncestorOf(focus):
            self.dice_entry.field.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_odds(self, keep_height: bool = False) -> None:
        """The odds line, computed again from the position and the casualties named on the
        table (after every roll and every change of the choice; ``keep_height``: no lower
        than it stands, while the player changes the choice)."""
        self.odds.setMinimumHeight(self.odds.height() if keep_height else 0)
        shown = self._shown_battle
        text = odds_text(shown[0], shown[1], shown[2], self.chosen_casualties()
                         if self.casualties.spins else None) if shown is not None else ""
        self.odds.setText(text)
        self.odds.setVisible(bool(text))

    def _casualties_changed(self, by_player: bool, done: bool) -> None:
        if by_player:   # the odds follow the player's choice
            # ... on one line or two: the table under the pointer stays where it is, for the
            # next click on the same arrow (the odds line above it keeps its greatest height).
            table, viewport = self.casualty_table, self.scroller.viewport()
            before = table.mapTo(viewport, QPoint(0, 0)).y()
            self._show_odds(keep_height=True)
            layout = self.content.layout()
            if layout is not None:   # (laid out now: the scroll is set from where it is)
                layout.activate()
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
            bar = self.scroller.verticalScrollBar()
            bar.setValue(bar.value() + table.mapTo(viewport, QPoint(0, 0)).y() - before)
        self.take_button.setEnabled(done)

    def kamikaze_button_text(self, text: str) -> None:
        self.kamikaze_button.setText(text)

    # The tables' parts, by the names the board's callers read.
    @property
    def casualty_table(self) -> QTableWidget:
        return self.casualties.table

    @property
    def casualty_total(self) -> QLabel:
        return self.casualties.total

    @property
    def casualty_spins(self) -> list[tuple[CasualtyGroup, QSpinBox]]:
        return self.casualties.spins

    def chosen_casualties(self) -> tuple[int, ...]:
        return self.casualties.chosen()

    @property
    def kamikaze_table(self) -> QTableWidget:
        return self.kamikaze.table

    @property
    def kamikaze_spins(self) -> list[tuple[KamikazeGroup, QSpinBox]]:
        return self.kamikaze.spins

    def kamikaze_targets(self) -> tuple[int, ...]:
        return self.kamikaze.targets()

    # ---- buttons → actions ----

    def _take(self) -> None:
        self.action_chosen.emit(ChooseCasualties(units=self.chosen_casualties()))

    def _retreat(self) -> None:
        retreat = self.retreat_to.currentData()
        if isinstance(retreat, Retreat):
            self.action_chosen.emit(retreat)

    def _submerge(self) -> None:
        if self._submerge_units:
            self.action_chosen.emit(Submerge(units=self._submerge_units))

    def _kamikaze(self) -> None:
        self.action_chosen.emit(Kamikaze(targets=self.kamikaze_targets()))

    def _show_others(self, board: BoardMap, state: GameState, actions: list[Action]) -> None:
        clear_layout(self.other_layout)
        self.other_buttons = []
        for action in actions:
            button = QPushButton(describe_action(action, board, state))
            button.clicked.connect(lambda _=False, a=action: self.action_chosen.emit(a))
            # As wide as its words, not the whole board: a choice, not a banner.
            self.other_layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
            self.other_buttons.append(button)
        self.other_box.setVisible(bool(actions))

    def _select(self) -> None:
        space = self.select_box.currentData()
        if space:
            self.action_chosen.emit(SelectBattle(space=str(space)))


__all__ = ["OTHER_KINDS", "BattleBoard", "DiceStrip"]
