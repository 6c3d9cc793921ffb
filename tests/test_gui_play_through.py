"""Acceptance, with the dice from the table: two full rounds on the real
board through the window, with every die typed in on the battle board, an undo across a phase,
a save, a quit and a reopen; after every step the battle board, the log and the panels show
what the engine's state says.

Most moves go through the window's own entry point (`MainWindow.submit`, what every gesture
ends in); the key gestures are real mouse events: the purchase dialog, the phase buttons, a
drag of a stack, the battle board's buttons and its dice field. Japan's dice all show 1 (every
die hits), everyone else's 6 (every die misses), so every outcome is exact. This replaces the
former single-turn walk (tests/test_gui_first_turn_real.py), whose checks it keeps.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import build_window, close_quietly, dice_from_the_table, drag_stack
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from pacific.gui.log_lines import story_lines
from pacific.gui.main_window import MainWindow
from pacific.gui.pieces import StackKey
from pacific.rules.actions.economy import Place, Purchase
from pacific.rules.actions.movement import Move
from pacific.rules.battle_views import battle_result, current_battle
from pacific.rules.decisions import (
    CasualtyChoice,
    ConvoySplit,
    DiceRoll,
    KamikazeChoice,
    RoundChoice,
)
from pacific.rules.economy.control import convoy_controller, production_level
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.files.maps import find_map
from pacific.rules.nations import POWER_NATIONS, Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType
from pacific.story.words import luck_line
from pacific.text import describe_event, message_text
from pacific.text.names import nation_name, power_name
from pacific.text.telling import told_order

J = Nation.JAPAN
# The smallest window the game is made for: every control must work there too, and a smaller
# map paints faster (the walk repaints it at every step).
SIZE = (1024, 700)


class Walk:
    """The window played through, and what each step is checked against."""

    def __init__(self, qtbot: QtBot, window: MainWindow, steps: int = 0) -> None:
        self.qtbot = qtbot
        self.window = window
        self.lines = len(window.log.lines())
        self.steps = steps   # steps checked so far
        self.hitting = {Power.JAPAN}   # the powers whose dice all show 1; the others' show 6
        self._lucks: list[tuple[object, str | None]] = []   # (record, its luck line)

    @property
    def state(self):  # type: ignore[no-untyped-def]
        assert self.window.controller is not None
        return self.window.controller.state

    # ---- doing ----

    def click(self, button) -> None:  # type: ignore[no-untyped-def]
        assert button.isEnabled(), button.text()
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        self.check()

    def submit(self, action) -> None:  # type: ignore[no-untyped-def]
        refusal = self.window.submit(action)
        assert refusal is None, refusal.message
        self.check()

    def next_phase(self) -> None:
        self.click(self.window.turn_panel.next_button)

    def roll(self) -> None:
        """Type the dice of the roll awaited into the battle board's field, all at once."""
        pending = self.state.pending
        assert isinstance(pending, DiceRoll)
        entry = self.window.battle_board.dice_entry
        assert entry.isVisible() and len(entry.slots) == pending.count
        die = "1" if pending.power in self.hitting else "6"
        self.qtbot.keyClicks(entry.field, " ".join(die * pending.count))
        assert entry.entered() == (int(die),) * pending.count
        told = len(self.window.log.lines())
        self.click(entry.confirm_button)
        # The lines told for the dice typed (the roll may end the battle: more lines).
        assert any("(dice typed in)" in line for line in self.window.log.lines()[told:])

    def fight(self, space: str) -> str:
        """Choose the battle in ``space`` on the board and fight it out; its result in words."""
        board = self.window.battle_board
        board.select_box.setCurrentIndex(board.select_box.findData(space))
        self.click(board.select_button)
        for _ in range(40):
            pending = self.state.pending
            if pending is None:
                break
            if isinstance(pending, DiceRoll):
                self.roll()
            elif isinstance(pending, KamikazeChoice):
                self.click(board.kamikaze_button)       # "No kamikaze"
            elif isinstance(pending, CasualtyChoice):
                self.click(board.take_button)           # the suggestion, by type
            elif isinstance(pending, RoundChoice):
                self.click(board.press_on_button)
            else:
                raise AssertionError(f"unexpected decision {pending}")
        assert self.state.pending is None and board.result_label.isVisible()
        return board.result_label.text()

    def end_turn(self) -> None:
        """Play on to the next power's turn: the convoy split in its dialog, the units due
        placed at their first legal place, each phase ended with the button."""
        power = self.state.power
        for _ in range(30):
            state = self.state
            if state.power is not power:
                return
            if isinstance(state.pending, ConvoySplit) or state.convoy_split_due:
                # The British convoy income, split in its dialog (R-INCOME-3).
                dialog = self.window.dialogs.convoy
                assert dialog is not None and dialog.isVisible()
                dialog.accept()
                self.check()
            elif isinstance(state.pending, KamikazeChoice):
                self.click(self.window.battle_board.kamikaze_button)
            elif state.phase is Phase.PLACE and self.window.tray.count():
                assert self.window.controller is not None
                place = next(a for a in self.window.controller.legal_actions()
                             if isinstance(a, Place))
                self.submit(place)
            else:
                self.next_phase()
        raise AssertionError("the turn did not end")

    # ---- checking ----

    def check(self) -> None:
        """The battle board, the log and the panels agree with the engine's state."""
        QApplication.processEvents()
        self.steps += 1
        window, state = self.window, self.state
        assert window.controller is not None
        board = window.controller.board
        # The turn panel: round, power, phase, treasury.
        turn = window.turn_panel
        assert f"Round {state.round} · {power_name(state.power)}" in turn.title.text()
        assert turn.phase_labels[state.phase].text().startswith(f"▶ {state.phase.number}.")
        for nation in POWER_NATIONS[state.power]:
            if nation is not Nation.CHINA:
                assert f"{nation_name(nation)} <b>{state.treasury.get(nation, 0)}</b>" in \
                    turn.treasury.text()
        # The production chart and the convoys, from control (R-INCOME-1, R-CONVOY-7).
        chart = window.chart
        for nation, label in chart.levels.items():
            assert label.text() == f"<b>{production_level(board, state, nation)}</b>"
            assert chart.treasuries[nation].text() == str(state.treasury.get(nation, 0))
        assert f"<b>{state.victory_points}</b>" in chart.vp.text()
        assert chart.kamikaze.text() == f"Kamikaze tokens left: <b>{state.kamikaze_tokens}</b>"
        for row, zone in enumerate(board.convoy_zones()):
            holder = convoy_controller(board, state, zone.id)
            assert window.convoys.item(row, 2).text().startswith(nation_name(holder))
        # The pieces: every unit on the map is drawn, in a stack of its own kind.
        drawn = sum(item.count for item in window.pieces.items.values())
        assert drawn == sum(1 for u in state.units.values() if u.carried_by is None)
        # The battle board: the battle being fought, else the one just over, in phase 4.
        battle_board = window.battle_board
        battle = current_battle(state)
        in_combat = state.phase is Phase.COMBAT and bool(state.battles)
        assert battle_board.isVisible() == (in_combat or battle is not None), state.phase
        if battle is not None:
            assert board.name(battle.space) in battle_board.title.text()
            alive = [i for i in battle.attackers if i in state.units]
            # The attacker's box: its units, an ally's bystanders, and the cargo aboard its
            # ships, at stake though it never fights (R-NAVAL-5).
            cargo = [u for u in state.units.values() if u.carried_by in set(alive)]
            counts = [int(w.text()) for w in self._column(battle_board.attacker_grid, 2)]
            assert sum(counts) == len(alive) + len(cargo) + sum(
                1 for i in battle.bystanders if i in state.units)
        elif in_combat and any(b.status == "over" for b in state.battles):
            assert battle_board.result_label.text() in {
                message_text(battle_result(board, b), board) for b in state.battles
                if b.status == "over"}
        entry = battle_board.dice_entry
        assert entry.isVisible() == isinstance(state.pending, DiceRoll)
        if isinstance(state.pending, CasualtyChoice):
            chosen = sum(spin.value() for _, spin in battle_board.casualty_spins)
            assert chosen == state.pending.count and battle_board.take_button.isEnabled()
        # The log: the story of the history: a line per event of every
        # action still in it (undo takes lines away), the last action's told last, and the
        # luck of each battle after the action that ended it.
        lines = window.log.lines()
        history = window.controller.history
        records = history.records
        luck = self._luck(board, history.initial, records)
        # A phase's placements in a space share a line: each joined one is a line less.
        joined = sum(len(r.events) for r in records if r.action.kind == "place") - len(
            [line for line in lines if " placed " in line])
        assert len(lines) == sum(len(r.events) for r in records) + sum(
            line is not None for line in luck) - joined
        # Told as a log made afresh from the history tells it (a game opened).
        assert lines == [line.text for line in story_lines(history, board, 0, len(lines) + 1)]
        if records and records[-1].events and records[-1].action.kind != "place":
            before = records[-2].state if len(records) > 1 else history.initial
            told = [describe_event(e, board, before) for e in told_order(records[-1].events)]
            if luck[-1] is not None:
                told.append(luck[-1])
            assert lines[-len(told):] == told
        self.lines = len(lines)

    def _luck(self, board, initial, records) -> list[str | None]:  # type: ignore[no-untyped-def]
        """The luck line after each record (`luck_line`), worked out once per record: a line
        depends on the records up to its own, so those of an unchanged prefix are kept (undo
        and a new action replace the records after it)."""
        known = self._lucks
        same = 0
        while same < min(len(known), len(records)) and known[same][0] is records[same]:
            same += 1
        del known[same:]
        known.extend((records[i], luck_line(board, initial, records, i))
                     for i in range(same, len(records)))
        return [line for _record, line in known]

    @staticmethod
    def _column(grid, column: int) -> list[QLabel]:  # type: ignore[no-untyped-def]
        out = []
        for row in range(1, grid.rowCount()):
            item = grid.itemAtPosition(row, column)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QLabel) and widget.text().isdigit() and widget.isVisibleTo(
                    grid.parentWidget()):
                out.append(widget)
        return out


def unpainted(window: MainWindow) -> None:
    """The map is not repainted at every step: the walk reads what the window shows from its
    widgets and items (the pictures are the screenshot tests' concern; painting the
    real board at every step cost a sixth of the walk's time)."""
    assert window.view is not None
    window.view.viewport().setUpdatesEnabled(False)


def japan_at_combat_movement(qtbot: QtBot, window: MainWindow) -> Walk:
    """The walk of Japan's first turn with dice typed in at the table: the convoy split it
    proposes accepted (R-INCOME-3), the land combat air patrols passed, at combat movement."""
    dice_from_the_table(window)
    walk = Walk(qtbot, window)
    convoy = window.dialogs.convoy
    assert convoy is not None
    convoy.accept()
    walk.check()
    walk.next_phase()   # → land combat air patrols
    walk.next_phase()   # → combat movement
    assert walk.state.phase is Phase.COMBAT_MOVE
    return walk


def test_two_rounds_through_the_window_with_dice_from_the_table(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def modal(_parent: object, title: str, text: str, *args: object) -> None:
        raise AssertionError(f"{title}: {text}")   # a modal box would wait forever here

    monkeypatch.setattr(QMessageBox, "critical", modal)
    monkeypatch.setattr(QMessageBox, "warning", modal)
    game = Game(load_board(find_map("pacific")))
    window = build_window(tmp_path, game, game.new_game(players=3, seed=1), size=SIZE)
    dice_from_the_table(window)
    unpainted(window)
    walk = Walk(qtbot, window)
    controller = window.controller
    assert controller is not None
    start = controller.state
    walk.check()

    # ---- round 1, Japan (R-FIRSTTURN-1) ----
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()          # the British convoy split before Japan's turn
    walk.check()
    treasury = controller.state.treasury[J]
    walk.click(window.turn_panel.buy_button)
    purchase = window.dialogs.purchase
    assert purchase is not None
    purchase.set_count(UnitType.INFANTRY, 3)
    purchase.set_count(UnitType.ARTILLERY, 1)
    purchase.accept()
    walk.check()
    assert controller.state.treasury[J] == treasury - 13
    walk.next_phase()
    walk.next_phase()
    assert controller.state.phase is Phase.COMBAT_MOVE
    # A real drag: Manchuria's infantry into Anhwe, lit as an attack.
    infantry = [u.id for u in start.units_at("manchuria") if u.type is UnitType.INFANTRY]
    # As a player does: a click on Manchuria's marker zooms in until its stacks show; then
    # the view is centred between the two spaces, so that both stay in sight.
    window.view.fit_to_window()
    window.zooming.zoom_to_space("manchuria")
    window.view.centerOn((window.board_scene.centre_of("manchuria")
                          + window.board_scene.centre_of("anhwe")) / 2)
    drag_stack(qtbot, window, StackKey("manchuria", UnitType.INFANTRY, J), "anhwe")
    walk.check()
    assert all(controller.state.units[i].space == "anhwe" for i in infantry)
    ships = [u.id for u in start.units_at("sz_45") if u.type is UnitType.BATTLESHIP] + \
        [u.id for u in start.units_at("sz_34") if u.type is UnitType.DESTROYER]
    walk.submit(Move(units=(ships[0],), path=("sz_45", "sz_38")))
    walk.submit(Move(units=(ships[1],), path=("sz_34", "sz_38")))
    # Undo across a phase: phase 4 begins, and is taken back to phase 3 (no die rolled yet).
    walk.next_phase()
    assert controller.state.phase is Phase.COMBAT and window.battle_board.isVisible()
    assert window.battle_board.select_button.isEnabled()
    window.undo()
    walk.check()
    assert controller.state.phase is Phase.COMBAT_MOVE and not window.battle_board.isVisible()
    window.redo()
    walk.check()
    assert sorted(b.space for b in controller.state.battles) == ["anhwe", "sz_38"]
    assert walk.fight("anhwe").startswith("Japan takes Anhwe; China lost ")
    assert walk.fight("sz_38") == ("Japan wins in Sea Zone 38; United States lost "
                                   "1 destroyer, 1 transport, 1 submarine")
    assert controller.state.owner_of("anhwe") is J
    walk.next_phase()
    walk.next_phase()
    assert controller.state.phase is Phase.NONCOMBAT_MOVE
    korea = tuple(u.id for u in start.units_at("korea") if u.type is UnitType.INFANTRY)
    walk.submit(Move(units=korea, path=("korea", "manchuria")))
    walk.next_phase()
    assert controller.state.phase is Phase.PLACE
    for nation, unit_type in window.tray.entries():   # a whole line a drop (R-PLACE-3)
        assert window.new_units.drop_from_tray(nation, unit_type,
                                               window.board_scene.centre_of("japan")) is None
        walk.check()
    assert window.tray.count() == 0
    walk.next_phase()
    walk.next_phase()
    income = production_level(game.board, controller.state, J)
    assert income == production_level(game.board, start, J) + \
        game.board.territory_by_id["anhwe"].ipc    # R-INCOME-1: Anhwe counts for Japan now
    walk.next_phase()
    assert controller.state.power is Power.UK
    assert controller.state.treasury[J] == treasury - 13 + income

    # ---- round 1, Great Britain and the United States ----
    walk.submit(Purchase(nation=Nation.INDIA, units={UnitType.INFANTRY: 1}))
    walk.end_turn()
    assert controller.state.power is Power.US
    walk.end_turn()
    assert (controller.state.round, controller.state.power) == (2, Power.JAPAN)

    # ---- round 2, Japan: an attack saved in the middle, the window quit and reopened ----
    walk.next_phase()
    walk.next_phase()
    state = controller.state
    movers = tuple(u.id for u in state.units_at("anhwe") if u.owner is J)
    target = "hupeh" if "hupeh" in game.board.neighbours["anhwe"] else "kiangsi"
    walk.submit(Move(units=movers, path=("anhwe", target)))
    walk.next_phase()
    board_ = window.battle_board
    board_.select_box.setCurrentIndex(board_.select_box.findData(target))
    walk.click(board_.select_button)
    assert isinstance(controller.state.pending, DiceRoll)
    path = tmp_path / "round2.json"
    assert window.files.save_to(path)
    waiting = controller.state
    window.close()                     # saved: no question; the window goes
    assert not window.isVisible()
    window.deleteLater()

    (tmp_path / "again").mkdir()
    window = build_window(tmp_path / "again", game, game.new_game(players=3, seed=5), size=SIZE)
    dice_from_the_table(window)
    unpainted(window)
    assert window.files.open_path(path)
    walk = Walk(qtbot, window, walk.steps)
    controller = window.controller
    assert controller is not None and controller.state == waiting
    walk.check()
    # The same battle, waiting for the same dice, on the board of the reopened window.
    assert board_ is not window.battle_board and window.battle_board.dice_entry.isVisible()
    result = None
    for _ in range(40):
        pending = controller.state.pending
        if pending is None:
            result = window.battle_board.result_label.text()
            break
        if isinstance(pending, DiceRoll):
            walk.roll()
        elif isinstance(pending, CasualtyChoice):
            walk.click(window.battle_board.take_button)
        else:
            walk.click(window.battle_board.press_on_button)
    assert result is not None and result.startswith("Japan")
    walk.end_turn()
    walk.end_turn()
    walk.end_turn()
    assert (controller.state.round, controller.state.power) == (3, Power.JAPAN)
    assert walk.steps > 60
    close_quietly(window)
