"""The computer's pace is a preference: instant, fast (the default: a computer turn in a few
seconds) or readable (600 ms between moves, every one followed on the map)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import make_window
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot
from scenario import scenario

from pacific.gui.dialogs.preferences import PreferencesDialog
from pacific.gui.settings import PACE_MS, ComputerPace
from pacific.rules.phases import Phase


def test_the_pace_is_fast_by_default_and_chosen_in_the_preferences(
        qtbot: QtBot, tmp_path: Path) -> None:
    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state)
    assert window.prefs.computer_pace is ComputerPace.FAST
    driver = window.computer.driver
    assert driver.pace_ms == PACE_MS[ComputerPace.FAST] <= 150
    # A computer turn of about 60 actions, a third of them quick ones, stays within 10 s.
    assert 40 * driver.pace_ms + 20 * driver.pace_ms // 4 <= 10_000 * 0.6
    dialog = PreferencesDialog(window.prefs, window)
    qtbot.addWidget(dialog)
    dialog.pace.setCurrentIndex(dialog.pace.findData(ComputerPace.READABLE.value))
    window.show_preferences()
    dialog.accept()
    assert window.prefs.computer_pace is ComputerPace.READABLE
    # The window applies it when its own dialog is accepted.
    shown = window.findChildren(PreferencesDialog)[-1]
    shown.pace.setCurrentIndex(shown.pace.findData(ComputerPace.INSTANT.value))
    shown.findChild(QDialogButtonBox).accepted.emit()
    assert window.prefs.computer_pace is ComputerPace.INSTANT and driver.pace_ms == 0


def test_redraws_while_the_computer_plays_quickly_take_a_quarter_of_the_time_at_most(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A redraw of the real board costs more than most of the computer's moves: the views
    follow a few times a second, and less often when a redraw costs more (REDRAW_SHARE)."""
    import time

    from pacific.gui.computer import REDRAW_MS, REDRAW_SHARE

    game, state = scenario(phase=Phase.COMBAT_MOVE)
    window = make_window(qtbot, tmp_path, game, state)
    seats = window.computer
    show = window.show_state

    def slow_show(state: object) -> None:   # a redraw costing 0.2 s of processor time
        began = time.process_time()
        while time.process_time() - began < 0.2:
            pass
        show(state)  # type: ignore[arg-type]

    window.show_state = slow_show  # type: ignore[method-assign]
    seats._redraw_now()
    interval = seats._redraw.interval()
    assert interval >= 200 * (1 - REDRAW_SHARE) / REDRAW_SHARE
    window.show_state = show  # type: ignore[method-assign]
    seats._redraw_now()   # a cheap one: back to REDRAW_MS
    assert seats._redraw.interval() == REDRAW_MS
