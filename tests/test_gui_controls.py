"""Controls that stay put: buttons never move under the cursor, the side
panel keeps its width while its texts change, the "Units per drag" box hands the keyboard
back, and the view keys work wherever the focus is."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from scenario import board, scenario, u

from pacific.gui.main_window import MainWindow
from pacific.rules.actions.combat import SelectBattle
from pacific.rules.actions.economy import EndPhase, SplitConvoyIncome
from pacific.rules.actions.movement import Move
from pacific.rules.dice import FixedDice
from pacific.rules.engine import Game
from pacific.rules.nations import Power
from pacific.rules.phases import Phase


def place_of(widget: QWidget, window: QWidget) -> tuple[QPoint, int, int]:
    return widget.mapTo(window, QPoint(0, 0)), widget.width(), widget.height()


def naval_battle(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    """Japan's fleet attacks the US fleet in sea zone 9; the battle is chosen (R-NAVAL-1)."""
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=2))
    assert window.submit(SplitConvoyIncome(india=4, australia=0)) is None
    for _ in range(2):
        assert window.submit(EndPhase()) is None
    for ship in ("battleship", "destroyer", "carrier", "submarine"):
        ids = tuple(u(window.controller.state, "sz_6", ship))
        assert window.submit(Move(units=ids, path=("sz_6", "sz_5", "sz_9"))) is None
    assert window.submit(EndPhase()) is None
    assert window.submit(SelectBattle(space="sz_9")) is None
    return window


def test_a_double_click_on_press_on_never_takes_a_casualty(qtbot: QtBot,
                                                           tmp_path: Path) -> None:
    """"Press on" and "Take these casualties" have places of their own: the second click of
    a quick double click lands on the (now disabled) "Press on", not on the casualties the
    defender has to choose (R-COMBAT-6)."""
    window = naval_battle(qtbot, tmp_path)
    battle = window.battle_board
    buttons = (battle.take_button, battle.press_on_button, battle.retreat_button,
               battle.submerge_button, battle.kamikaze_button, battle.select_button)
    before = [place_of(b, battle) for b in buttons]
    assert battle.press_on_button.isEnabled() and not battle.take_button.isEnabled()
    assert battle.take_button.isVisible()  # there, disabled, in its own place
    assert place_of(battle.take_button, battle) != place_of(battle.press_on_button, battle)
    window.controller.dice_factory = lambda state: FixedDice([1, 1, 1, 1])
    qtbot.mouseDClick(battle.press_on_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(battle.press_on_button, Qt.MouseButton.LeftButton)
    state = window.controller.state
    assert state.pending is not None and state.pending.decision == "casualties"
    assert state.pending.power == "us"  # still the defender's choice: nothing taken
    assert battle.take_button.isEnabled() and not battle.press_on_button.isEnabled()
    assert [place_of(b, battle) for b in buttons] == before


def test_the_phase_buttons_stay_where_they_are(qtbot: QtBot, tmp_path: Path) -> None:
    """"Next phase" does not jump when "Buy units…" is no longer offered, nor when the
    prompt, the title or the treasury change; the side panel keeps its width."""
    game, state = scenario(power=Power.JAPAN, phase=Phase.PURCHASE)
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    panel = window.turn_panel
    next_place = place_of(panel.next_button, window)
    buy_place = place_of(panel.buy_button, window)
    width = window.side_dock.width()
    assert panel.buy_button.isEnabled()
    seen = set()
    for _ in range(40):  # through Japan's turn into Great Britain's and the USA's
        state = window.controller.state
        seen.add((state.power, state.phase))
        if state.power is Power.US and state.phase is Phase.COMBAT_MOVE:
            break
        assert place_of(panel.next_button, window) == next_place, (state.power, state.phase)
        assert place_of(panel.buy_button, window) == buy_place
        assert panel.buy_button.isVisible()
        assert panel.buy_button.isEnabled() == (state.phase is Phase.PURCHASE
                                                and state.pending is None)
        assert window.side_dock.width() == width
        if state.pending is not None or window.submit(EndPhase()) is not None:
            # A decision first (a convoy split, China's infantry to place...).
            decisions = [a for a in window.controller.legal_actions() if a.kind != "end_phase"]
            assert window.submit(decisions[0]) is None
        QApplication.processEvents()
    assert {Power.UK, Power.US} <= {power for power, _ in seen}


def test_the_drag_count_box_hands_the_keyboard_back(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.PURCHASE)
    window = make_window(qtbot, tmp_path, game, state)
    window.activateWindow()
    box = window.move_count
    for key in (Qt.Key.Key_Up, Qt.Key.Key_Escape, Qt.Key.Key_Return):
        box.setFocus()
        assert box.hasFocus()
        qtbot.keyClick(box, key)
        assert not box.hasFocus(), key
        assert window.view.hasFocus(), key
    assert box.value() == 1  # the arrow key chose one unit per drag
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, "3")
    assert box.hasFocus()  # typing goes on ...
    qtbot.keyClick(box, Qt.Key.Key_Return)  # ... until Enter
    assert box.value() == 3 and window.view.hasFocus()
    # The game's one-key shortcuts reach the game again: N ends the phase (R-TURN-4).
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_N)
    assert window.controller.state.phase is not Phase.PURCHASE


def test_view_keys_work_wherever_the_focus_is(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(power=Power.JAPAN, phase=Phase.PURCHASE)
    window = make_window(qtbot, tmp_path, game, state)
    window.activateWindow()
    window.odds_action.trigger()
    QApplication.processEvents()
    view = window.view
    window.fit_map()
    fitted = view.scale_factor
    places = [window.log, window.move_count, window.tabs, window.odds_panel.attacker,
              window.turn_panel.next_button, view]
    for widget in places:
        widget.setFocus()
        assert widget.hasFocus(), widget
        before = view.scale_factor
        qtbot.keyClick(widget, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        assert view.scale_factor > before * 1.2, widget
        qtbot.keyClick(widget, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
        assert abs(view.scale_factor / before - 1) < 1e-6, widget
        view.zoom_by(3.0)
        qtbot.keyClick(widget, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
        assert abs(view.scale_factor / fitted - 1) < 0.03, widget
