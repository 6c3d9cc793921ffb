"""Battle decisions on the battle board (issue 8): kamikaze choice for Japan (R-KAMI-1..8) and
dice typed in from the table (tabletop mode)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import scenario, u

from pacific.gui.settings import DiceMode
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.movement import Move
from pacific.rules.decisions import DiceRoll
from pacific.rules.dice import FixedDice
from pacific.rules.phases import Phase


def kamikaze_window(qtbot: QtBot, tmp_path: Path):  # type: ignore[no-untyped-def]
    game, state = scenario(phase=Phase.COMBAT_MOVE,
                           units={"sz_6": "1 destroyer japan", "sz_5": "2 destroyer usa"})
    window = make_window(qtbot, tmp_path, game, state)
    ids = tuple(u(state, "sz_6", "destroyer"))
    assert window.submit(Move(units=ids, path=("sz_6", "sz_5"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="sz_5")) is None
    return window, u(state, "sz_5", "destroyer"), ids[0]


def test_kamikaze_targets_are_offered_to_japan_r_kami_5(qtbot: QtBot, tmp_path: Path) -> None:
    window, targets, _ = kamikaze_window(qtbot, tmp_path)
    board = window.battle_board
    assert window.controller.state.pending.decision == "kamikaze"
    assert board.kamikaze_table.isVisible() and board.prompt.text().startswith("Japan:")
    assert [board.kamikaze_table.item(i, 0).data(Qt.ItemDataRole.UserRole)
            for i in range(board.kamikaze_table.rowCount())] == targets
    assert board.kamikaze_button.text() == "No kamikaze"
    board.kamikaze_spins[targets[0]].setValue(1)
    assert board.kamikaze_button.text() == "Kamikaze: 1 token(s) on 1 ship(s)"
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


def test_tabletop_mode_asks_for_the_dice_on_the_battle_board(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    """Dice typed in (issue 14): the engine waits for each roll and the battle board asks for
    all its dice at once, in the order the rules need them; nothing blocks inside apply."""
    window, targets, _japanese = kamikaze_window(qtbot, tmp_path)
    window.prefs.dice_mode = DiceMode.TABLETOP
    window._install_dice()
    board = window.battle_board
    board.kamikaze_spins[targets[1]].setValue(1)
    qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
    asked: list[tuple[tuple[int, str], ...]] = []
    while isinstance(window.controller.state.pending, DiceRoll):
        entry = board.dice_entry
        assert entry.isVisible() and not entry.confirm_button.isEnabled()
        asked.append(tuple((g.count, g.purpose) for g in entry.groups))
        qtbot.keyClicks(entry.field, " ".join("2" * len(entry.values)))
        qtbot.mouseClick(entry.confirm_button, Qt.MouseButton.LeftButton)
    assert asked == [((1, "Kamikaze in sz_5: at destroyer hit on 2"),),
                     ((1, "Attack in sz_5: 1 destroyer hit on 3"),),
                     ((2, "Defence in sz_5: 2 destroyers hit on 3"),)]
    assert targets[1] not in window.controller.state.units  # a 2 hits (R-KAMI-6)
    assert "Dice typed in at the table: 2 2" in window.log.lines()


def test_several_kamikazes_on_one_ship_oq3_4(qtbot: QtBot, tmp_path: Path) -> None:
    """OQ3-4 / R-KAMI-5: Japan may aim several tokens at the same ship; each rolls one die
    (R-KAMI-6) and all are spent; no more tokens than Japan has (R-KAMI-1)."""
    window, targets, _ = kamikaze_window(qtbot, tmp_path)
    board = window.battle_board
    tokens = window.controller.state.kamikaze_tokens
    spin = board.kamikaze_spins[targets[0]]
    spin.setValue(2)
    assert board.kamikaze_targets() == (targets[0], targets[0])
    assert board.kamikaze_button.text() == "Kamikaze: 2 token(s) on 1 ship(s)"
    other = board.kamikaze_spins[targets[1]]
    assert other.maximum() == tokens - 2 and spin.maximum() == tokens
    other.setValue(tokens)  # clamped to what is left
    assert other.value() == tokens - 2
    other.setValue(0)
    # Both kamikaze dice miss (3, 4); then round 1: Japan's destroyer 6, the US destroyers 6, 6.
    dice = FixedDice([3, 4, 6, 6, 6])
    window.controller.dice_factory = lambda state: dice
    qtbot.mouseClick(board.kamikaze_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.kamikaze_tokens == tokens - 2 and dice.remaining == 0
    assert targets[0] in state.units


def test_dice_rows_count_the_units_by_type() -> None:
    """A dice row's title names each type once with its count, not every unit id."""
    from pacific.gui.dialogs.battle import compact_purpose

    assert compact_purpose("Attack in Anhwe: infantry #85, infantry #86, artillery #81 "
                           "hit on 2") == "Attack in Anhwe: 2 infantry, 1 artillery hit on 2"
    assert compact_purpose("Kamikaze in sz_5: #12 hit on 2") == "Kamikaze in sz_5: #12 hit on 2"
