"""The main window over a real engine on the mini board: every gesture becomes one
action, the views mirror the state, refusals show their rule id, saves round-trip."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox
from pytestqt.qtbot import QtBot
from scenario import scenario, snapshot

from pacific.gui.scene import SchematicBoardScene
from pacific.rules.engine import Game
from pacific.rules.files.maps import board_resolver
from pacific.rules.files.savefile import load_game
from pacific.rules.nations import Nation, Power
from pacific.rules.phases import Phase
from pacific.rules.units import UnitType


def new_window(qtbot: QtBot, tmp_path: Path, **kw):  # type: ignore[no-untyped-def]
    from scenario import board

    game = Game(board("mini"))
    state = game.new_game(players=3, seed=5)
    return make_window(qtbot, tmp_path, game, state, **kw)


def test_start_asks_the_british_player_to_split_convoy_income_r_setup_8(
        qtbot: QtBot, tmp_path: Path) -> None:
    """R-SETUP-8 / R-INCOME-3: before Japan's first turn the UK splits its convoy IPCs."""
    window = new_window(qtbot, tmp_path)
    dialog = window.dialogs.convoy
    assert dialog is not None and dialog.total == 4
    assert "British convoy income" in window.turn_panel.prompt.text()
    assert not window.turn_panel.next_button.isEnabled()
    dialog.india.setValue(1)
    dialog.accept()
    state = window.controller.state
    assert state.pending is None
    assert state.treasury[Nation.INDIA] == 4 + 1 and state.treasury[Nation.AUSTRALIA] == 6 + 3
    assert window.turn_panel.next_button.isEnabled()
    assert window.chart.treasuries[Nation.AUSTRALIA].text() == "9"


def _split(window) -> None:  # type: ignore[no-untyped-def]
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()


def test_purchase_dialog_sends_one_purchase_r_purch_1(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    _split(window)
    dialog = window.dialogs.open_purchase()
    assert dialog is not None and dialog.nation is Nation.JAPAN and dialog.treasury == 14
    dialog.set_count(UnitType.INFANTRY, 2)
    dialog.set_count(UnitType.ARTILLERY, 2)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    state = window.controller.state
    assert state.purchased[Nation.JAPAN] == {UnitType.INFANTRY: 2, UnitType.ARTILLERY: 2}
    assert state.treasury[Nation.JAPAN] == 0
    assert sorted(window.tray.entries()) == [(Nation.JAPAN, UnitType.ARTILLERY),
                                             (Nation.JAPAN, UnitType.INFANTRY)]


def test_next_phase_button_ends_the_phase_r_turn_4(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    _split(window)
    qtbot.mouseClick(window.turn_panel.next_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.phase is not Phase.PURCHASE
    assert f"▶ {state.phase.number}. {state.phase.label}" in window.turn_panel.phases.text()


def test_undo_and_redo_keys_use_the_engine_history(qtbot: QtBot, tmp_path: Path) -> None:
    """Ctrl+Z / Ctrl+Shift+Z step the engine's history."""
    window = new_window(qtbot, tmp_path)
    _split(window)
    before = snapshot(window.controller.state)
    dialog = window.dialogs.open_purchase()
    assert dialog is not None
    dialog.set_count(UnitType.INFANTRY, 1)
    dialog.accept()
    after = snapshot(window.controller.state)
    assert after != before
    window.undo_action.trigger()
    assert snapshot(window.controller.state) == before
    window.redo_action.trigger()
    assert snapshot(window.controller.state) == after


def test_a_refusal_shows_the_rule_id_and_changes_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    _split(window)
    before = snapshot(window.controller.state)
    # Placing in the purchase phase is not allowed (R-TURN-3).
    window.new_units.drop_from_tray(Nation.JAPAN, UnitType.INFANTRY,
                          window.board_scene.centre_of("japan"))
    assert snapshot(window.controller.state) == before
    # The rule's id, page and one-line summary with the reason.
    assert "[R-TURN-3, p. 11: " in window.status_strip.text()
    assert "R-TURN-3" in window.log.lines()[-1]


def test_save_and_open_round_trip_and_the_cli_reads_it(qtbot: QtBot, tmp_path: Path) -> None:
    """A save from the GUI is the engine's save file: it loads headless to the same state."""
    window = new_window(qtbot, tmp_path)
    _split(window)
    path = tmp_path / "game.json"
    assert window.files.save_to(path)
    mini = Path(__file__).parent / "maps" / "mini"
    loaded = load_game(path, board_resolver(mini))
    assert loaded.state == window.controller.state
    (tmp_path / "b").mkdir()
    other = new_window(qtbot, tmp_path / "b")
    assert other.files.open_path_with(path, board_resolver(mini))
    assert other.controller.state == window.controller.state
    assert str(path) in other.prefs.recent_files()


def test_autosave_after_every_action_and_restore_after_a_crash(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    window.autosave.session_started()
    _split(window)
    auto = window.autosave.path
    assert auto is not None and auto.parent == tmp_path / "autosaves" and auto.exists()
    mini = Path(__file__).parent / "maps" / "mini"
    assert load_game(auto, board_resolver(mini)).state == window.controller.state
    # The session flag is still set: a new start would offer the autosave back.
    assert window.autosave.crashed_session() == auto
    window.close()  # the game has changes: the window offers to save them first
    assert window.isVisible() and window.files.save_box is not None
    window.files.save_box.button(QMessageBox.StandardButton.Discard).click()
    assert not window.isVisible()
    assert window.autosave.crashed_session() is None


def test_hand_over_screen_names_the_next_player(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.INCOME, players=2)
    window = make_window(qtbot, tmp_path, game, state, handover=True)
    window.next_phase()
    assert window.controller.state.power is Power.UK
    dialog = window.dialogs.handover
    assert dialog is not None and dialog.isVisible()
    assert "Great Britain" in dialog.message.text() and "Player 2" in dialog.message.text()


def test_schematic_scene_finds_spaces_under_points(qtbot: QtBot) -> None:
    from scenario import board

    scene = SchematicBoardScene(board("mini"))
    assert scene.space_at(scene.centre_of("burma")) == "burma"
    assert scene.space_at(QPointF(-500, -500)) is None
    scene.highlight({"burma": "move", "nowhere": "attack", "india": "not a meaning"})
    assert scene.highlighted() == {"burma": "move"}
    scene.highlight({})
    assert scene.highlighted() == {}


def test_a_game_made_by_the_command_line_opens_in_the_gui(qtbot: QtBot, tmp_path: Path) -> None:
    from pacific.cli.main import main

    mini = Path(__file__).parent / "maps" / "mini"
    path = tmp_path / "cli.json"
    assert main(["new", "--players", "2", "--seed", "3", "-o", str(path), "--map",
                 str(mini)]) == 0
    window = new_window(qtbot, tmp_path)
    assert window.files.open_path_with(path, board_resolver(mini))
    state = window.controller.state
    assert state.players == 2 and state.seed == 3
    assert window.turn_panel.title.text().endswith("<small>(player 1)</small>")


def test_confirmation_before_ending_a_purchase_without_buying(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    _split(window)
    window.prefs.confirm_end_phase = True
    window.next_phase()
    assert window.dialogs.confirm is not None and window.controller.state.phase is Phase.PURCHASE
    window.dialogs.confirm.done(QMessageBox.StandardButton.No.value)
    assert window.controller.state.phase is Phase.PURCHASE
    window.next_phase()
    window.dialogs.confirm.done(QMessageBox.StandardButton.Yes.value)
    assert window.controller.state.phase is not Phase.PURCHASE


def test_new_game_dialog_names_the_seats_r_setup_2(qtbot: QtBot, tmp_path: Path) -> None:
    """R-SETUP-2: with 2 players, P2 plays Great Britain and the USA."""
    window = new_window(qtbot, tmp_path)
    window.menus.new_game.trigger()
    dialog = window.files.new_game_dialog
    assert dialog is not None
    dialog.two.setChecked(True)
    assert not dialog.names[3].isVisible()
    assert "Great Britain, United States" in dialog.roles[2].text()
    dialog.names[1].setText("Aiko")
    dialog.names[2].setText("Ben")
    assert dialog.seat_names() == {1: "Aiko", 2: "Ben"}


def test_a_tray_drop_on_the_map_places_the_unit_r_place_1(qtbot: QtBot, tmp_path: Path) -> None:
    """The view turns a drop from the placement tray into a Place action."""
    from PySide6.QtCore import QMimeData, QPoint
    from PySide6.QtGui import QDropEvent

    from pacific.gui.tray import MIME_TYPE, encode

    game, state = scenario(phase=Phase.PLACE, purchased={Nation.JAPAN: {UnitType.INFANTRY: 1}})
    window = make_window(qtbot, tmp_path, game, state)
    assert window.tray.entries() == [(Nation.JAPAN, UnitType.INFANTRY)]
    mime = QMimeData()
    mime.setData(MIME_TYPE, encode(Nation.JAPAN, UnitType.INFANTRY))
    pos = window.view.mapFromScene(window.board_scene.centre_of("japan"))
    event = QDropEvent(QPoint(pos).toPointF(), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.view.dropEvent(event)
    after = window.controller.state
    assert after.purchased.get(Nation.JAPAN, {}).get(UnitType.INFANTRY, 0) == 0
    assert window.tray.count() == 0


def test_india_and_australia_buy_separately_r_purch_1(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(power=Power.UK, phase=Phase.PURCHASE,
                           treasury={Nation.INDIA: 6, Nation.AUSTRALIA: 3})
    window = make_window(qtbot, tmp_path, game, state)
    assert window.turn_panel.buy_button.isEnabled()
    qtbot.mouseClick(window.turn_panel.buy_button, Qt.MouseButton.LeftButton)
    first = window.dialogs.purchase
    assert first is not None and first.nation is Nation.INDIA
    first.set_count(UnitType.INFANTRY, 2)
    first.accept()
    qtbot.mouseClick(window.turn_panel.buy_button, Qt.MouseButton.LeftButton)
    second = window.dialogs.purchase
    assert second is not None and second.nation is Nation.AUSTRALIA and second.treasury == 3
    second.set_count(UnitType.INFANTRY, 1)
    second.accept()
    assert window.controller.state.purchased == {Nation.INDIA: {UnitType.INFANTRY: 2},
                                                 Nation.AUSTRALIA: {UnitType.INFANTRY: 1}}


def test_victory_screen_when_the_game_is_won_r_victory_1(qtbot: QtBot, tmp_path: Path) -> None:
    """R-VICTORY-1: Japan holds India at the start of its turn: the game ends with a screen
    that says who won and why, and no more moves are possible (R-TURN-7)."""
    game, state = scenario(power=Power.US, phase=Phase.INCOME, owners={"india": Nation.JAPAN})
    window = make_window(qtbot, tmp_path, game, state)
    window.next_phase()
    after = window.controller.state
    assert after.winner is not None
    dialog = window.dialogs.victory
    assert dialog is not None and dialog.isVisible()
    assert "<b>Axis win.</b>" in dialog.message.text()
    assert "Japan wins: it has held India" in dialog.message.text()
    assert not window.turn_panel.next_button.isEnabled()
