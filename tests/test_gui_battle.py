"""The battle board: it is
built from the engine's view of the battle (both sides by unit type, each group's hit value and
why) before any die; casualties by unit type with counts and kamikaze tokens per group of
ships; the result in words; the current battle only, across undo and redo; no engine id in
front of a player; dice typed in at the table, all of a roll at once, correctable, cancellable.
"""

from __future__ import annotations

import re
from pathlib import Path

from gui_helpers import MINI, dice_from_the_table, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QTableWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot, u

from pacific.gui.main_window import MainWindow
from pacific.gui.rule_wrap import as_typed
from pacific.rules.actions.combat import RollDice, SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import FixedDice
from pacific.rules.files.maps import board_resolver
from pacific.rules.phases import Phase
from pacific.text import using_language

# What a player must never read: unit ids, space ids, lowercase nation ids.
ENGINE_IDS = re.compile(r"#\d|\bship \d|\bsz_\d|\b[a-z]+_[a-z_]+\b"
                        r"|\b(uk|us|usa|japan|china|india|australia)\b")


def shown_texts(widget: QWidget) -> list[str]:
    """Every text a player can read on ``widget``: labels, buttons, table cells, lists."""
    QApplication.processEvents()  # widgets added to a shown layout are shown by the loop
    texts: list[str] = []
    for label in widget.findChildren(QLabel):
        if label.isVisibleTo(widget):
            texts.append(re.sub(r"<[^>]+>", " ", label.text()))
    for button in widget.findChildren(QAbstractButton):
        if button.isVisibleTo(widget):
            texts.append(button.text())
    for table in widget.findChildren(QTableWidget):
        if table.isVisibleTo(widget):
            texts += [table.item(r, c).text() for r in range(table.rowCount())
                      for c in range(table.columnCount()) if table.item(r, c) is not None]
    for combo in widget.findChildren(QComboBox):
        texts += [combo.itemText(i) for i in range(combo.count())]
    for child in widget.findChildren(QWidget):
        if child.isVisibleTo(widget) and child.toolTip():
            texts.append(child.toolTip())
    return [t for t in texts if t.strip()]


def assert_no_engine_ids(widget: QWidget) -> None:
    bad = [t for t in shown_texts(widget) if ENGINE_IDS.search(t)]
    assert not bad, bad


# ---- kamikaze (R-KAMI-1..8) ----

def kamikaze_window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 destroyer japan", "sz_5": "2 destroyer usa"})
    window = make_window(qtbot, tmp_path, game, state)
    ids = tuple(u(state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="sz_5")) is None
    return window, u(state, "sz_5", "destroyer"), ids[0]


def test_kamikaze_tokens_go_at_groups_of_ships_r_kami_5(qtbot: QtBot, tmp_path: Path) -> None:
    """The two US destroyers are one group; a token aimed at it takes the first of them."""
    window, targets, _ = kamikaze_window(qtbot, tmp_path)
    board = window.battle_board
    assert window.controller.state.pending.decision == "kamikaze"
    assert board.kamikaze_table.isVisible() and board.prompt.text().startswith("Japan:")
    assert board.kamikaze_table.rowCount() == 1
    assert board.kamikaze_table.item(0, 0).text() == "2 × Destroyer (United States)"
    assert board.kamikaze_button.text() == "No kamikaze"
    assert_no_engine_ids(board)
    board.kamikaze_spins[0][1].setValue(1)
    assert board.kamikaze_button.text() == "Kamikaze: 1 token on 1 ship"
    # The kamikaze die hits on 2 (R-KAMI-6): 1; then round 1: Japan's destroyer 6, the two US
    # destroyers 6, 6 (the one hit is removed at the end of the round, R-COMBAT-7).
    dice = FixedDice([1, 6, 6, 6])
    window.controller.dice_factory = lambda state: dice
    tokens = window.controller.state.kamikaze_tokens
    qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.kamikaze_tokens == tokens - 1  # R-KAMI-1
    assert targets[0] not in state.units and dice.remaining == 0
    assert window.chart.kamikaze.text() == f"Kamikaze tokens left: <b>{tokens - 1}</b>"


def test_tokens_spread_over_a_group_then_double_up_oq3_4(qtbot: QtBot, tmp_path: Path) -> None:
    """OQ3-4 / R-KAMI-5: several tokens may go at one group; each ship gets one before any
    gets a second; never more tokens than Japan has (R-KAMI-1)."""
    window, targets, _ = kamikaze_window(qtbot, tmp_path)
    board = window.battle_board
    tokens = window.controller.state.kamikaze_tokens
    spin = board.kamikaze_spins[0][1]
    spin.setValue(3)
    assert board.kamikaze_targets() == (targets[0], targets[1], targets[0])
    assert board.kamikaze_button.text() == "Kamikaze: 3 tokens on 2 ships"
    spin.setValue(tokens + 5)  # clamped to the tokens Japan has
    assert spin.value() == tokens
    spin.setValue(2)
    # Both kamikaze dice miss (3, 4); then round 1: Japan's destroyer 6, the US destroyers 6, 6.
    dice = FixedDice([3, 4, 6, 6, 6])
    window.controller.dice_factory = lambda state: dice
    qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.kamikaze_tokens == tokens - 2 and dice.remaining == 0
    assert set(targets) <= set(state.units)


def test_tabletop_mode_asks_for_each_roll_on_the_battle_board(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Dice typed in: the engine waits for each roll (the kamikaze die, then each
    side's) and the battle board asks for all its dice at once, in the order the rules need
    them; nothing blocks inside apply."""
    window, targets, _japanese = kamikaze_window(qtbot, tmp_path)
    dice_from_the_table(window)
    board = window.battle_board
    board.kamikaze_spins[0][1].setValue(2)
    qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
    asked: list[tuple[tuple[str, int, int | None], ...]] = []
    while isinstance(window.controller.state.pending, DiceRoll):
        entry = board.dice_entry
        assert entry.isVisible() and not entry.confirm_button.isEnabled()
        asked.append(entry.rows)
        qtbot.keyClicks(entry.field, " ".join("2" * len(entry.values)))
        qtbot.mouseClick(entry.confirm_button, Qt.MouseButton.LeftButton)
    # Both kamikaze dice hit (R-KAMI-6): Japan's destroyer has no ship left to aim at, and
    # the two US destroyers, sunk at the end of the round, still fire back (R-COMBAT-7).
    # (each kamikaze die to type in names its own ship)
    assert asked == [(("at destroyer 1 (United States), hit on 2", 1, 2),
                      ("at destroyer 2 (United States), hit on 2", 1, 2)),
                     (("2 destroyers hit on 3", 2, 3),)]
    assert not set(targets) & set(window.controller.state.units)
    assert any(line.startswith("Kamikaze in Sea Zone 5") and line.endswith("(dice typed in)")
               for line in window.log.lines())


# ---- the battle before any dice, typed dice ----

def burma_window(qtbot: QtBot, tmp_path: Path, typed: bool = True) -> MainWindow:
    """Japan's first turn (R-FIRSTTURN-1): 2 infantry and 1 artillery from Siam attack 2
    Indian infantry in Burma; a fighter in Siam may fly over Yunnan's AA gun."""
    game, state = scenario(phase=Phase.COMBAT_MOVE, round=1,
                           units={"siam": "2 infantry japan, 1 artillery japan, 1 fighter japan",
                                  "burma": "2 infantry india",
                                  "yunnan": "1 infantry china, 1 aa_gun china",
                                  "szechwan": "1 infantry china"})
    window = make_window(qtbot, tmp_path, game, state)
    if typed:
        dice_from_the_table(window)
    land = tuple(u(state, "siam", "infantry") + u(state, "siam", "artillery"))
    assert window.submit(Move(units=land, path=("siam", "burma"))) is None
    return window


def test_the_board_shows_who_fights_with_what_and_why_before_any_dice(
        qtbot: QtBot, tmp_path: Path) -> None:
    """R-FIRSTTURN-1: India's infantry defends at 1; R-ART-2: one infantry is supported. All
    this shows while the battle waits for the first die; the roll asked for groups the dice
    by what they hit on."""
    window = burma_window(qtbot, tmp_path)
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="burma")) is None
    state = window.controller.state
    assert isinstance(state.pending, DiceRoll) and not state.battles[0].losses
    board = window.battle_board
    assert board.isVisible()
    assert "Land battle in Burma" in board.title.text()
    assert "Japan attacks, India defends" in board.title.text()
    texts = [as_typed(t) for t in shown_texts(board.attacker_box)]
    assert "+1: supported by artillery (R-ART-2)" in texts
    assert "defends at 1: Japan's surprise attack (R-FIRSTTURN-1)" in \
        [as_typed(t) for t in shown_texts(board.defender_box)]
    assert board.prompt.text() == ("Attack in Burma — Japan rolls 3 dice: 1 infantry hit on 1; "
                                   "1 infantry, 1 artillery hit on 2")
    assert board.dice_entry.isVisible() and len(board.dice_entry.slots) == 3
    assert not board.take_button.isEnabled() and not board.press_on_button.isEnabled()
    assert_no_engine_ids(board)


def test_the_battle_board_speaks_the_players_language(qtbot: QtBot, tmp_path: Path) -> None:
    """Everything the battle board shows is a message of the catalogue: in Italian,
    the battle, the sides, each group's hit value and why, the roll asked for and the dice
    entry read in Italian, with no English left."""
    with using_language("it"):
        window = burma_window(qtbot, tmp_path)
        assert window.submit(EndPhase()) is None
        assert window.submit(SelectBattle(space="burma")) is None
        board = window.battle_board
        texts = shown_texts(board)
        assert "Combattimento terrestre in Birmania" in board.title.text()
        assert "Round 1 · attacca Giappone, difende India" in board.title.text()
        assert board.prompt.text() == ("Attacco in Birmania — il Giappone tira 3 dadi: "
                                       "1 unità di fanteria, a segno con 1; 1 unità di "
                                       "fanteria, 1 unità di artiglieria, a segno con 2")
        assert board.dice_entry.confirm_button.text() == "Conferma i dadi (ne mancano 3)"
        english = re.compile(r"\b(attacker|defender|Japan|Burma|casualt|Press on|Retreat|"
                             r"Roll|Cancel|Confirm|hits? on|why|how many|supported|defends|"
                             r"surprise|dice|Choices|battle|odds)\b", re.IGNORECASE)
        assert not [t for t in texts if english.search(t)]


def test_typed_dice_come_all_at_once_can_be_corrected_and_are_logged(
        qtbot: QtBot, tmp_path: Path) -> None:
    """The dice of one roll are typed in one field (or clicked), corrected before they are
    confirmed, sent as one roll_dice; the log says they were typed in."""
    window = burma_window(qtbot, tmp_path)
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="burma")) is None
    entry = window.battle_board.dice_entry
    before = window.controller.state
    qtbot.keyClicks(entry.field, "3 9")
    assert entry.entered() == (3,) and entry.problem.isVisible()
    assert "not 9" in entry.problem.text() and not entry.confirm_button.isEnabled()
    entry.field.clear()
    qtbot.keyClicks(entry.field, "6,6,6")
    assert entry.entered() == (6, 6, 6) and entry.confirm_button.isEnabled()
    assert window.controller.state is before  # nothing is sent before it is confirmed
    # A die clicked is chosen for correction; the face clicked next replaces it.
    qtbot.mouseClick(entry.slots[1], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(entry.face_buttons[1], Qt.MouseButton.LeftButton)   # a 2: a hit
    assert entry.entered() == (6, 2, 6) and entry.field.text() == "6 2 6"
    assert entry.slots[1].hit and not entry.slots[0].hit
    qtbot.mouseClick(entry.confirm_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert window.controller.history.records[-1].action == RollDice(values=(6, 2, 6))
    # One hit: India names its casualty (R-COMBAT-6), then its defence roll is asked for.
    assert state.pending.decision == "casualties" and state.pending.count == 1
    assert not entry.isVisible()
    board = window.battle_board
    assert [r[1] for r in board.dice.rolls] == [(6,), (2, 6)]   # the attack, as dice
    qtbot.mouseClick(board.take_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert isinstance(state.pending, DiceRoll) and state.pending.count == 2
    assert board.prompt.text() == ("Defence in Burma — India rolls 2 dice: "
                                   "2 infantry hit on 1")
    assert entry.isVisible() and entry.entered() == ()   # a new roll starts empty
    assert any("rolled 2 6 → 1 hit (dice typed in)" in line for line in window.log.lines())


def test_cancelling_typed_dice_leaves_the_game_as_it_was(qtbot: QtBot, tmp_path: Path) -> None:
    """Cancel never records a die (Esc once recorded 1s): the action that asked for the dice
    is taken back; "Roll for me" rolls the game's own dice for this one roll."""
    window = burma_window(qtbot, tmp_path)
    assert window.submit(EndPhase()) is None
    before = snapshot(window.controller.state)
    assert window.submit(SelectBattle(space="burma")) is None
    entry = window.battle_board.dice_entry
    qtbot.keyClicks(entry.field, "1 1")
    qtbot.mouseClick(entry.cancel_button, Qt.MouseButton.LeftButton)
    assert snapshot(window.controller.state) == before
    assert window.controller.state.pending is None
    assert window.battle_board.select_button.isEnabled()   # back to choosing the battle
    assert not window.battle_board.dice_entry.isVisible()
    assert window.submit(SelectBattle(space="burma")) is None
    qtbot.mouseClick(window.battle_board.dice_entry.roll_button, Qt.MouseButton.LeftButton)
    assert window.controller.history.records[-1].action == RollDice(values=None)
    assert window.battle_board.dice.rolls    # the computer's dice, drawn


def test_a_roll_outside_a_battle_has_its_own_prompt_r_aafly_1(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """AA fire at a fighter flying over Yunnan, during the move: a small window asks for the
    die; Cancel takes the move back; typed, the move is made with it."""
    window = burma_window(qtbot, tmp_path)
    state = window.controller.state
    before = snapshot(state)
    fighter = tuple(u(state, "siam", "fighter"))
    assert window.submit(Move(units=fighter, path=("siam", "yunnan", "szechwan"))) is None
    dialog = window.dialogs.dice
    assert dialog is not None and dialog.isVisible() and not window.battle_board.isVisible()
    assert dialog.title.text() == ("AA fire over Yunnan — United States rolls 1 die: "
                                   "at 1 fighter, hit on 1")
    qtbot.mouseClick(dialog.entry.cancel_button, Qt.MouseButton.LeftButton)
    assert snapshot(window.controller.state) == before and window.dialogs.dice is None
    assert window.submit(Move(units=fighter, path=("siam", "yunnan", "szechwan"))) is None
    dialog = window.dialogs.dice
    assert dialog is not None
    qtbot.keyClicks(dialog.entry.field, "4")
    qtbot.mouseClick(dialog.entry.confirm_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.pending is None and state.units[fighter[0]].space == "szechwan"
    assert window.dialogs.dice is None


# ---- casualties, the result, undo ----

def test_casualties_are_chosen_by_type_with_counts_r_combat_6(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    """The suggestion (cheapest first) comes filled in; the player changes the counts; one
    choose_casualties names the units of each group."""
    window = burma_window(qtbot, tmp_path, typed=False)
    assert window.submit(EndPhase()) is None
    # Japan: 1 (hit), 2 (hit), 2 (hit)... India defends at 1: 6, 6. India loses both.
    # Then round 2 is not needed. Instead: India hits twice (1, 1) after Japan misses.
    window.controller.dice_factory = lambda state: FixedDice([6, 6, 6, 1, 1])
    assert window.submit(SelectBattle(space="burma")) is None
    board = window.battle_board
    state = window.controller.state
    assert state.pending.decision == "casualties" and state.pending.count == 2
    rows = {board.casualty_table.item(r, 0).text(): spin
            for r, (_, spin) in enumerate(board.casualty_spins)}
    assert set(rows) == {"Infantry", "Artillery"}
    assert rows["Infantry"].value() == 2 and rows["Artillery"].value() == 0   # cheapest first
    assert board.casualty_total.text() == "2 of 2 chosen"
    assert board.take_button.isEnabled()
    rows["Infantry"].setValue(1)
    assert not board.take_button.isEnabled()
    assert board.casualty_total.text() == "1 of 2 chosen: 1 more to choose"
    rows["Artillery"].setValue(1)
    assert_no_engine_ids(board)
    qtbot.mouseClick(board.take_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    japanese = [x.type.value for x in state.units_at("burma") if x.owner.value == "japan"]
    assert sorted(japanese) == ["infantry"]


def fight_typed(window: MainWindow) -> None:
    """Answer every decision of the battle being fought: Japan's dice all 1s, the others' all
    6s (typed in), the suggested casualties."""
    controller = window.controller
    for _ in range(30):
        pending = controller.state.pending
        if pending is None:
            return
        if isinstance(pending, DiceRoll):
            die = 1 if pending.power.value == "japan" else 6
            assert window.submit(RollDice(values=(die,) * pending.count)) is None
        else:
            assert window.submit(controller.legal_actions()[0]) is None
    raise AssertionError("the battle did not end")


def test_the_result_in_words_and_the_current_battle_across_undo_and_redo(
        qtbot: QtBot, tmp_path: Path) -> None:
    """When a battle ends the board says how, in words; the next battle chosen replaces it;
    undo shows the result again, redo the next battle; the next phase has no board."""
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"manchuria": "3 infantry japan", "suiyuan": "1 infantry china",
                                  "anhwe": "1 infantry china"})
    window = make_window(qtbot, tmp_path, game, state)
    dice_from_the_table(window)
    board = window.battle_board
    infantry = u(state, "manchuria", "infantry")
    assert window.submit(Move(units=tuple(infantry[:2]), path=("manchuria", "suiyuan"))) is None
    assert window.submit(Move(units=(infantry[2],), path=("manchuria", "anhwe"))) is None
    assert window.submit(EndPhase()) is None
    # Before the first battle: the one "Fight this battle" starts, not yet fought.
    assert board.isVisible() and "Not yet fought" in board.title.text()
    assert window.submit(SelectBattle(space="suiyuan")) is None
    fight_typed(window)
    assert board.result_label.isVisible()
    assert board.result_label.text() == "Japan takes Suiyuan; China lost 1 infantry"
    assert "Land battle in Suiyuan" in board.title.text() and "Over" in board.title.text()
    assert [r[1] for r in board.dice.rolls] == [(6,)]   # its last roll: China's defence
    assert_no_engine_ids(board)
    assert window.submit(SelectBattle(space="anhwe")) is None   # waits for its first dice
    assert "Land battle in Anhwe" in board.title.text() and not board.result_label.isVisible()
    assert board.results.text() == "Earlier this turn:\nJapan takes Suiyuan; China lost 1 " \
                                   "infantry"
    assert not board.dice.isVisible()   # no die of this battle yet
    window.undo()
    assert board.result_label.text() == "Japan takes Suiyuan; China lost 1 infantry"
    assert board.select_button.isEnabled() and board.select_box.currentText().startswith("Anhwe")
    window.redo()
    assert "Land battle in Anhwe" in board.title.text()
    # A crash restore (the autosave) shows the same battle, waiting for the same dice.
    assert window.autosave is not None and window.autosave.path is not None
    (tmp_path / "restored").mkdir()
    other = make_window(qtbot, tmp_path / "restored", game, game.new_game(seed=3))
    assert other.files.restore(window.autosave.path, board_resolver(MINI))
    again = other.battle_board
    assert again.isVisible() and again.title.text() == board.title.text()
    assert again.prompt.text() == board.prompt.text() and again.dice_entry.isVisible()
    assert again.results.text() == board.results.text()
    fight_typed(window)
    assert board.result_label.text() == "Japan takes Anhwe; China lost 1 infantry"
    assert window.submit(EndPhase()) is None
    assert window.controller.state.phase is Phase.PRODUCTION_CHART
    assert not board.isVisible()
