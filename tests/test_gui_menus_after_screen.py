"""Turn ▸ Next phase (N) and Buy units (B) follow the side panel's buttons, also after a
hand-over screen: the panel is disabled as a whole behind the screen, and the menu items,
copied from the buttons while it was, stayed off once it went (in a real window the United
States' turn began with Next phase greyed in the menu and N doing nothing)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.rules.engine import Game
from pacific.rules.phases import Phase


def test_the_turn_menu_follows_the_buttons_after_the_hand_over_screen(
        qtbot: QtBot, tmp_path: Path) -> None:
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=11), handover=True)
    window.dialogs.handover = None
    assert window.dialogs.convoy is not None
    window.dialogs.convoy.accept()          # the British split; Japan's seat is screened
    assert window.dialogs.handover is not None and window.dialogs.handover.isVisible()
    before = window.controller.state
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_N)    # behind the screen, N ends nothing
    assert window.controller.state is before
    window.dialogs.handover.accept()        # Japan's player takes the seat
    state = window.controller.state
    assert state.phase is Phase.PURCHASE and state.pending is None
    assert window.turn_panel.next_button.isEnabled() and window.turn_panel.buy_button.isEnabled()
    assert window.menus.next_phase.isEnabled() and window.menus.buy.isEnabled()
    window.menus.next_phase.trigger()       # N works as the button does
    assert window.controller.state.phase is not Phase.PURCHASE
