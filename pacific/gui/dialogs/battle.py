"""The battle board: both sides of the battle being fought, by unit type with their hit numbers
(as on the rulebook's combat board), the dice of the last rolls drawn as dice, and the decision
the rules offer now, to the player who owns it: casualties (with the default suggested),
retreat, submerge, press on, kamikaze (R-COMBAT-2..8, R-SUB-6, R-KAMI-1..8, R-LAND-2).

The board is a view: it is refreshed from the state and the legal actions, and every button
emits one action (`action_chosen`) that the main window submits to the controller.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pacific.gui.dice_entry import DiceEntry, paint_die
from pacific.gui.icons import unit_pixmap
from pacific.gui.odds_view import odds_text
from pacific.gui.palette import accent_colour, warning_colour
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
from pacific.rules.battle_records import Battle
from pacific.rules.board import BoardMap
from pacific.rules.combat.casualties import eligible, suggest
from pacific.rules.combat.kamikaze import allowed_targets
from pacific.rules.combat.values import attack_values, defense_value
from pacific.rules.decisions import DiceRoll
from pacific.rules.events import DiceRolled
from pacific.rules.nations import Nation, display_name
from pacific.rules.state import GameState, Unit
from pacific.rules.units import UNIT_SPECS, UnitType
from pacific.text import describe_action, describe_decision, roll_purpose

# Decisions shown as one button per legal action.
OTHER_KINDS = frozenset({"intercept", "call_off_assault", "land_fighter", "choose_owner"})

class DiceStrip(QWidget):
    """Dice drawn as dice: a white face with pips; a hit has a red face (value ≤ hit number)."""

    SIZE = 26

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rolls: list[tuple[str, tuple[int, ...], int | None]] = []
        self.setMinimumHeight(self.SIZE + 8)

    def set_rolls(self, rolls: Sequence[DiceRolled]) -> None:
        self.rolls = [(r.purpose, r.values, r.hit_on) for r in rolls]
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
        for purpose, values, hit_on in self.rolls:
            painter.setPen(self.palette().text().color())
            text = metrics.elidedText(compact_purpose(purpose), Qt.TextElideMode.ElideRight,
                                      self.width() - 4)
            painter.drawText(QPointF(2, y + 12), text)
            y += 16
            for i, v in enumerate(values):
                paint_die(painter, QRectF(2 + i * (s + 4), y, s, s), v,
                          hit_on is not None and v <= hit_on)
            y += s + 4
        painter.end()


_UNIT_LIST = re.compile(r"^(?P<head>[^:]*: )(?P<units>[a-z_ ]+ #\d+(?:, [a-z_ ]+ #\d+)*)"
                        r"(?P<tail> hit on .*)?$")


def compact_purpose(purpose: str) -> str:
    """A dice row's title with its unit list counted by type: "Attack in Anhwe: infantry #85,
    infantry #86, artillery #81 hit on 2" → "Attack in Anhwe: 2 infantry, 1 artillery hit on
    2". Other titles are returned unchanged."""
    match = _UNIT_LIST.match(purpose)
    if match is None:
        return purpose
    counts: dict[str, int] = {}
    for entry in match["units"].split(", "):
        name = entry.rsplit(" #", 1)[0]
        counts[name] = counts.get(name, 0) + 1
    listed = ", ".join(f"{n} {name}" for name, n in counts.items())
    return f"{match['head']}{listed}{match['tail'] or ''}"


def current_battle(state: GameState) -> Battle | None:
    """The battle being fought, else the one a pending decision is about, else None."""
    for battle in state.battles:
        if battle.status == "active":
            return battle
    return None


def battle_title(board: BoardMap, battle: Battle) -> str:
    """"Land battle in Anhwe", "Amphibious assault on Guam", "Naval battle in sea zone 9"."""
    name = board.name(battle.space)
    if battle.assault is not None:
        return f"Amphibious assault on {name}"
    kind = {"land": "Land battle in", "naval": "Naval battle in",
            "raid": "Strategic bombing raid on", "kamikaze": "Kamikaze attack in"}
    return f"{kind.get(battle.kind.value, 'Battle in')} {name}"


def _surprise(board: BoardMap, state: GameState, battle: Battle) -> bool:
    """R-FIRSTTURN-1/2: on Japan's first turn Allied units defend at 1, except in China."""
    if not state.japan_first_turn:
        return False
    territory = board.territory_by_id.get(battle.space)
    return territory is None or territory.original_owner is not Nation.CHINA


def side_rows(units: list[Unit], attacking: bool, surprise: bool = False,
              amphibious_marines: bool = False) -> list[tuple[UnitType, Nation, int, str]]:
    """(type, owner, count, hit numbers) per unit type of one side, as on the combat board."""
    if attacking:
        values = attack_values([u.type for u in units], amphibious_marines=amphibious_marines)
    else:
        values = [defense_value(u.type, surprise=surprise) for u in units]
    by: dict[tuple[UnitType, Nation], Counter[int]] = {}
    for unit, value in zip(units, values, strict=True):
        by.setdefault((unit.type, unit.owner), Counter())[value] += 1
    rows = []
    for (unit_type, owner), counter in sorted(by.items(), key=lambda kv: list(UnitType)
                                              .index(kv[0][0])):
        numbers = ", ".join(f"{v} (×{n})" if len(counter) > 1 else str(v)
                            for v, n in sorted(counter.items(), reverse=True))
        rows.append((unit_type, owner, sum(counter.values()), numbers))
    return rows


class BattleBoard(QDialog):
    """Non-modal battle board; `refresh(board, state, legal, rolls)` redraws it."""

    action_chosen = Signal(object)
    # The players cancelled the dice entry: the main window leaves the game as it was.
    roll_cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Battle board")
        self.setModal(False)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.title)
        sides = QHBoxLayout()
        self.attacker_box = QGroupBox("Attacker")
        self.defender_box = QGroupBox("Defender")
        self.attacker_grid = QGridLayout(self.attacker_box)
        self.defender_grid = QGridLayout(self.defender_box)
        sides.addWidget(self.attacker_box)
        sides.addWidget(self.defender_box)
        layout.addLayout(sides)
        self.odds = QLabel()
        self.odds.setStyleSheet(f"color:{accent_colour(self.palette()).name()}")
        layout.addWidget(self.odds)
        self.dice = DiceStrip()
        layout.addWidget(self.dice)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet(
            f"font-weight:bold; color:{warning_colour(self.palette()).name()}")
        layout.addWidget(self.prompt)
        # Dice from the table (issue 14): shown while the engine waits for a roll, after the
        # sides above have shown who fights and what each group needs to hit.
        self.dice_entry = DiceEntry()
        self.dice_entry.rolled.connect(lambda values: self.action_chosen.emit(
            RollDice(values=values)))
        self.dice_entry.cancelled.connect(self.roll_cancelled.emit)
        self.dice_entry.hide()
        layout.addWidget(self.dice_entry)
        # Casualties: check the units to lose; the default suggestion comes pre-checked.
        self.casualties = QListWidget()
        self.casualties.setMaximumHeight(160)
        layout.addWidget(self.casualties)
        buttons = QHBoxLayout()
        self.take_button = QPushButton("Take these casualties")
        self.take_button.clicked.connect(self._take)
        self.press_on_button = QPushButton("Press on")
        self.press_on_button.clicked.connect(lambda: self.action_chosen.emit(PressOn()))
        self.retreat_to = QComboBox()
        self.retreat_button = QPushButton("Retreat")
        self.retreat_button.clicked.connect(self._retreat)
        self.submerge_button = QPushButton("Submerge submarines")
        self.submerge_button.clicked.connect(self._submerge)
        self.kamikaze_button = QPushButton("Kamikaze")
        self.kamikaze_button.clicked.connect(self._kamikaze)
        # Kamikaze targets: Allied surface ships in the zone (R-KAMI-5), each with the number
        # of tokens aimed at it: several may go at one ship (OQ3-4), a battleship needs two.
        self.kamikaze_table = QTableWidget(0, 2)
        self.kamikaze_table.setHorizontalHeaderLabels(["Target ship", "Kamikazes"])
        self.kamikaze_table.verticalHeader().setVisible(False)
        self.kamikaze_table.horizontalHeader().setStretchLastSection(False)
        self.kamikaze_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch)
        self.kamikaze_table.setMaximumHeight(150)
        self.kamikaze_spins: dict[int, QSpinBox] = {}
        self._kamikaze_tokens = 0
        layout.addWidget(self.kamikaze_table)
        # Any other decision the rules open (intercept, call off a landing, land a fighter
        # whose carrier sank, choose an owner...): one button per legal action.
        self.other_box = QGroupBox("Choices")
        self.other_layout = QVBoxLayout(self.other_box)
        layout.addWidget(self.other_box)
        for w in (self.take_button, self.press_on_button, self.retreat_to, self.retreat_button,
                  self.submerge_button, self.kamikaze_button):
            buttons.addWidget(w)
        # The decision buttons keep their places (issue 16, point 5): always shown, enabled
        # only when the rules offer them, at the bottom under a stretch, so that a button
        # never takes the place of another under the cursor (a quick double click on
        # "Press on" once took a casualty).
        layout.addStretch(1)
        layout.addLayout(buttons)
        # Nor does a text change move its neighbours: fixed widths, the longest text's.
        self.retreat_to.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.retreat_to.setMinimumContentsLength(16)
        longest = {self.kamikaze_button: "Kamikaze: 99 token(s) on 99 ship(s)"}
        for button in (self.take_button, self.press_on_button, self.retreat_button,
                       self.submerge_button, self.kamikaze_button):
            text = longest.get(button, button.text())
            button.setFixedWidth(button.fontMetrics().horizontalAdvance(text) + 24)
        self.select_box = QComboBox()
        self.select_button = QPushButton("Fight this battle")
        self.select_button.clicked.connect(self._select)
        pick = QHBoxLayout()
        self.select_label = QLabel("Next battle:")
        pick.addWidget(self.select_label)
        pick.addWidget(self.select_box, 1)
        pick.addWidget(self.select_button)
        layout.addLayout(pick)
        self._legal: list[Action] = []
        # Turns the engine's ids in sentences into names (set by the main window).
        self.plain: Callable[[str], str] = lambda text: text
        self._submerge_units: tuple[int, ...] = ()
        self.other_buttons: list[QPushButton] = []
        self.resize(620, 520)

    # ---- redraw ----

    def refresh(self, board: BoardMap, state: GameState, legal: list[Action],
                rolls: Sequence[DiceRolled]) -> None:
        self._legal = legal
        battle = current_battle(state)
        pending = state.pending
        self.odds.setText(odds_text(board, state, battle) if battle is not None else "")
        self.odds.setVisible(bool(self.odds.text()))
        if battle is None:
            self.title.setText("<h3>No battle is being fought</h3>")
            self._fill(self.attacker_grid, [])
            self._fill(self.defender_grid, [])
        else:
            step = battle.step.replace("_", " ")
            self.title.setText(f"<h3>{battle_title(board, battle)}</h3>"
                               f"Round {battle.round} · step: {step}"
                               + (f"<br><i>{battle.note}</i>" if battle.note else ""))
            attackers = [state.units[i] for i in battle.attackers if i in state.units]
            defenders = [state.units[i] for i in battle.defenders if i in state.units]
            self.attacker_box.setTitle(f"Attacker: {display_name(battle.attacker)}")
            self.defender_box.setTitle("Defender")
            self._fill(self.attacker_grid, side_rows(
                attackers, True, amphibious_marines=battle.amphibious_marines))
            self._fill(self.defender_grid, side_rows(
                defenders, False, surprise=_surprise(board, state, battle)))
        # What each roll is for, in the player's language (issue 17).
        self.dice.set_rolls([r.model_copy(update={"purpose": roll_purpose(
            r.label, board, r.hit_on) if r.label is not None else self.plain(r.purpose)})
            for r in rolls])
        self.dice.setVisible(bool(rolls))
        prompt = ""
        if pending is not None:
            prompt = describe_decision(pending, board, state)
        self.prompt.setText(prompt)
        if isinstance(pending, DiceRoll) and not state.edit_mode:  # play waits while editing
            self.prompt.setText(f"{display_name(pending.power)} rolls: the dice of this "
                                "roll are awaited")
            self.dice_entry.plain = self.plain
            self.dice_entry.ask(pending.groups)
            self.dice_entry.show()
        else:
            self.dice_entry.groups = ()
            self.dice_entry.hide()
        kinds = {a.kind for a in legal}
        self._show_casualties(state, "choose_casualties" in kinds)
        self.press_on_button.setEnabled("press_on" in kinds)
        retreats = [a for a in legal if isinstance(a, Retreat)]
        self.retreat_to.clear()
        for r in retreats:
            self.retreat_to.addItem(board.name(r.to), r.to)
        self.retreat_to.setEnabled(bool(retreats))
        self.retreat_button.setEnabled(bool(retreats))
        subs = [a for a in legal if isinstance(a, Submerge)]
        self._submerge_units = max((a.units for a in subs), key=len, default=())
        self.submerge_button.setEnabled(bool(subs))
        kamikaze = [a for a in legal if isinstance(a, Kamikaze)]
        self._show_kamikaze(board, state, bool(kamikaze))
        self._show_others([a for a in legal if a.kind in OTHER_KINDS], board, state)
        selects = [a for a in legal if isinstance(a, SelectBattle)]
        self.select_box.clear()
        for a in selects:
            self.select_box.addItem(board.name(a.space), a.space)
        self.select_box.setEnabled(bool(selects))
        self.select_label.setEnabled(bool(selects))
        self.select_button.setEnabled(bool(selects))

    def _fill(self, grid: QGridLayout, rows: list[tuple[UnitType, Nation, int, str]]) -> None:
        while grid.count():
            item = grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deleteLater waits for the event loop
                widget.deleteLater()
        grid.addWidget(QLabel("<i>unit</i>"), 0, 0, 1, 2)
        grid.addWidget(QLabel("<i>how many</i>"), 0, 2)
        grid.addWidget(QLabel("<i>hits on</i>"), 0, 3)
        for r, (unit_type, owner, count, numbers) in enumerate(rows, start=1):
            icon = QLabel()
            icon.setPixmap(unit_pixmap(unit_type, owner, 28))
            grid.addWidget(icon, r, 0)
            grid.addWidget(QLabel(UNIT_SPECS[unit_type].name), r, 1)
            grid.addWidget(QLabel(str(count)), r, 2)
            grid.addWidget(QLabel(f"<b>{numbers}</b>" if numbers != "0" else "—"), r, 3)

    def _show_casualties(self, state: GameState, open_: bool) -> None:
        self.casualties.clear()
        self.casualties.setVisible(open_)
        self.take_button.setEnabled(open_)
        if not open_:
            return
        battle = current_battle(state)
        suggested: tuple[int, ...] = ()
        candidates: list[int] = []
        if battle is not None and battle.hits is not None:
            # The engine's default (cheapest first, a battleship's free hit first, R-COMBAT-6).
            suggested = tuple(suggest(state, battle, battle.hits))
            candidates = [unit.id for unit in eligible(state, battle, battle.hits)]
        left = Counter(suggested)
        for uid in candidates:
            unit = state.units.get(uid)
            if unit is None:
                continue
            # An undamaged battleship takes two hits (R-BB-1/2): it is listed twice.
            two_hits = unit.type is UnitType.BATTLESHIP and not unit.damaged
            for n in range(2 if two_hits else 1):
                extra = " (damaged)" if unit.damaged else \
                    (" — first hit: damaged" if two_hits and n == 0 else
                     " — second hit: sunk" if two_hits else "")
                item = QListWidgetItem(QIcon(unit_pixmap(unit.type, unit.owner, 20)),
                                       f"#{uid} {UNIT_SPECS[unit.type].name}{extra} "
                                       f"({display_name(unit.owner)})")
                item.setData(Qt.ItemDataRole.UserRole, uid)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                chosen = left[uid] > 0
                if chosen:
                    left[uid] -= 1
                item.setCheckState(Qt.CheckState.Checked if chosen else
                                   Qt.CheckState.Unchecked)
                self.casualties.addItem(item)

    # ---- buttons → actions ----

    def chosen_casualties(self) -> tuple[int, ...]:
        out = []
        for i in range(self.casualties.count()):
            item = self.casualties.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)

    def _take(self) -> None:
        self.action_chosen.emit(ChooseCasualties(units=self.chosen_casualties()))

    def _retreat(self) -> None:
        to = self.retreat_to.currentData()
        if to:
            self.action_chosen.emit(Retreat(to=str(to)))

    def _submerge(self) -> None:
        if self._submerge_units:
            self.action_chosen.emit(Submerge(units=self._submerge_units))

    def _show_kamikaze(self, board: BoardMap, state: GameState, open_: bool) -> None:
        self.kamikaze_table.setRowCount(0)
        self.kamikaze_spins = {}
        self.kamikaze_table.setVisible(open_)
        self.kamikaze_button.setEnabled(open_)
        if not open_:
            return
        self._kamikaze_tokens = tokens = state.kamikaze_tokens
        for uid in allowed_targets(board, state, current_battle(state)):
            unit = state.units[uid]
            row = self.kamikaze_table.rowCount()
            self.kamikaze_table.insertRow(row)
            text = (f"#{uid} {UNIT_SPECS[unit.type].name} ({display_name(unit.owner)}) "
                    f"in {board.name(unit.space)}")
            if unit.type is UnitType.BATTLESHIP and not unit.damaged:
                text += " (two hits sink it, R-BB-1)"
            cell = QTableWidgetItem(QIcon(unit_pixmap(unit.type, unit.owner, 20)), text)
            cell.setData(Qt.ItemDataRole.UserRole, uid)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.kamikaze_table.setItem(row, 0, cell)
            spin = QSpinBox()
            spin.setRange(0, tokens)
            spin.setToolTip("Kamikaze tokens aimed at this ship; each rolls one die and hits "
                            "on 2 (R-KAMI-6)")
            spin.valueChanged.connect(self._kamikaze_label)
            self.kamikaze_table.setCellWidget(row, 1, spin)
            self.kamikaze_spins[uid] = spin
        self.kamikaze_table.resizeColumnToContents(1)
        self.kamikaze_table.setToolTip(f"Japan has {tokens} kamikaze token(s) (R-KAMI-1)")
        self._kamikaze_label()

    def kamikaze_targets(self) -> tuple[int, ...]:
        """One id per token, a ship named as often as tokens are aimed at it (OQ3-4)."""
        return tuple(uid for uid, spin in self.kamikaze_spins.items()
                     for _ in range(spin.value()))

    def _kamikaze_label(self) -> None:
        chosen = self.kamikaze_targets()
        left = self._kamikaze_tokens - len(chosen)
        # The tokens left bound every spin box: no more can be aimed than Japan has (R-KAMI-1).
        for spin in self.kamikaze_spins.values():
            spin.setMaximum(spin.value() + max(0, left))
        ships = len(set(chosen))
        self.kamikaze_button.setText(
            f"Kamikaze: {len(chosen)} token(s) on {ships} ship(s)" if chosen else "No kamikaze")

    def _kamikaze(self) -> None:
        self.action_chosen.emit(Kamikaze(targets=self.kamikaze_targets()))

    def _show_others(self, actions: list[Action], board: BoardMap, state: GameState) -> None:
        while self.other_layout.count():
            item = self.other_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.other_buttons = []
        for action in actions:
            button = QPushButton(describe_action(action, board, state))
            button.clicked.connect(lambda _=False, a=action: self.action_chosen.emit(a))
            self.other_layout.addWidget(button)
            self.other_buttons.append(button)
        self.other_box.setVisible(bool(actions))

    def _select(self) -> None:
        space = self.select_box.currentData()
        if space:
            self.action_chosen.emit(SelectBattle(space=str(space)))


__all__ = ["BattleBoard", "DiceStrip", "current_battle", "side_rows"]
