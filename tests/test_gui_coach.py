"""Turn ▸ Hint in the real window: the coach's answer shows within 3 s with the odds of the
attack and the enemy's likely answer, the pieces it would use are ringed and the places
outlined, nothing is played for the person, a move makes the answer stale, and the
preference for games that count turns it off. In English and in Italian."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from test_coach import lone_transport

from pacific.gui.coach import CoachPanel, coach_of
from pacific.gui.pieces import StackKey
from pacific.gui.rule_wrap import as_typed
from pacific.rules.actions.economy import EndPhase
from pacific.rules.actions.edit import EditMode
from pacific.rules.nations import Nation
from pacific.rules.units import UnitType
from pacific.text import gettext, using_language

ANSWER_SECONDS = 3.0   # the bound on this two-core machine, in the real window


@pytest.mark.parametrize(("language", "attack", "why"), [
    ("en", "Attack Sea Zone 10: 100% to win", "Why: Attack on Sea Zone 10: expected odds"),
    ("it", "Attaccate la Zona marina 10: 100% di vittoria",
     "Perché: Attacco alla Zona marina 10: probabilità attesa"),
])
def test_the_hint_shows_the_coachs_answer_and_never_plays(
        qtbot: QtBot, tmp_path: Path, language: str, attack: str, why: str) -> None:
    game, state = lone_transport()
    with using_language(language):
        window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
        assert window.controller is not None
        runner = coach_of(window)
        asked = time.monotonic()
        window.menus.hint.trigger()
        assert runner.dock.isVisible()
        qtbot.waitUntil(lambda: runner.advice is not None, timeout=10_000)
        assert time.monotonic() - asked < ANSWER_SECONDS
        lines = runner.panel.lines()
        assert any(line.startswith(attack) for line in lines), lines
        assert "R-NAVAL-1" in as_typed(runner.panel.text.toPlainText())   # the rule, as a link
        assert any(line.startswith(why) for line in lines), lines   # the player's own reason
        # The pieces it would use are ringed, the battle's zone outlined.
        assert runner.marks is not None and "sz_10" in runner.marks.outlines
        ringed = {getattr(item, "key", None) for item in runner.marks.ringed()}
        assert StackKey("sz_9", UnitType.BATTLESHIP, Nation.USA) in ringed
        # Nothing was played for the person.
        assert window.controller.history.records == [] and window.controller.state is state
        # A move of the person's own makes the answer stale: the marks go.
        assert window.submit(EndPhase()) is None
        assert runner.advice is None and runner.marks.outlines == {}
        assert runner.panel.heading.text() == \
            f"<b>{gettext('The position changed: ask again for a hint.')}</b>"
        runner.wait()


def test_hints_are_off_in_a_game_that_counts(qtbot: QtBot, tmp_path: Path) -> None:
    game, state = lone_transport()
    window = make_window(qtbot, tmp_path, game, state)
    window.prefs.coach = False
    window.menus.hint.trigger()
    runner = coach_of(window)
    assert not runner.dock.isVisible() and runner.advice is None
    assert window.status_strip.text() == \
        "Hints are off (Game ▸ Preferences): this game counts."


def test_escape_closes_the_floating_hint(qtbot: QtBot, tmp_path: Path) -> None:
    """Floating, the Hint is a window of its own: without a window manager it has no title
    bar, and Escape closes it (the keyboard is in it once it shows). Its marks stay for a look
    at the map it covered (at 1024x700, the map's middle), until the position changes."""
    game, state = lone_transport()
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    runner = coach_of(window)
    window.menus.hint.trigger()
    assert runner.dock.isVisible() and runner.dock.isFloating()
    qtbot.waitUntil(lambda: runner.advice is not None, timeout=10_000)
    focused = QApplication.focusWidget()
    assert focused is not None and runner.dock.isAncestorOf(focused)
    qtbot.keyClick(focused, Qt.Key.Key_Escape)
    assert not runner.dock.isVisible()
    assert runner.marks is not None and "sz_10" in runner.marks.outlines
    assert runner.marks.ringed()
    assert window.submit(EndPhase()) is None   # the position changes: the marks go
    assert runner.marks.outlines == {} and not runner.marks.ringed()
    runner.wait()


@pytest.mark.parametrize(("language", "why"), [
    ("en", "Edit mode is on: the position is being corrected. Leave edit mode for a hint."),
    ("it", "La modalità correzione è attiva: si sta correggendo la posizione. Uscite dalla "
           "modalità correzione per un consiglio."),
])
def test_no_hint_in_edit_mode(qtbot: QtBot, tmp_path: Path, language: str, why: str) -> None:
    """Edit mode corrects the position: the computer player's next move means nothing
    there, so Turn ▸ Hint says why it does not answer."""
    game, state = lone_transport()
    with using_language(language):
        window = make_window(qtbot, tmp_path, game, state)
        assert window.submit(EditMode(on=True)) is None
        window.menus.hint.trigger()
        runner = coach_of(window)
        assert not runner.dock.isVisible() and runner.advice is None
        assert window.status_strip.text() == why


def test_a_reason_of_several_lines_keeps_its_lines(qtbot: QtBot) -> None:
    """A purchase's reason is a line per part ("Japan buys:", "• 1 fighter: ..."): the
    panel shows each on its own line, not run together as "Japan buys: • 1 fighter: ...
    • 2 infantry: ..." in one paragraph."""
    panel = CoachPanel()
    qtbot.addWidget(panel)
    why = "Why: Japan buys:\n• 1 fighter: Japan already holds more land units than it " \
          "needs.\n• 2 infantry with the rest of the money, for the land front (R-PURCH-2)."
    panel.show_lines("Japan, Purchase", ["Buy 1 fighter for Japan", why])
    assert panel.lines() == ["Buy 1 fighter for Japan", *why.splitlines()]
    assert "R-PURCH-2" in as_typed(panel.text.toPlainText())   # the rule, still a link


def test_the_hints_moves_made_one_by_one_keep_the_rest_ringed(
        qtbot: QtBot, tmp_path: Path) -> None:
    """A hint of three moves: the player makes one (here its last); the other two stay
    ringed, the dock says so; a move of the player's own ends the hint."""
    from test_coach_followed import _three_moves

    game, state, _advice = _three_moves()
    window = make_window(qtbot, tmp_path, game, state, size=(1024, 700))
    runner = coach_of(window)
    window.menus.hint.trigger()
    qtbot.waitUntil(lambda: runner.advice is not None, timeout=10_000)
    advice = runner.advice
    assert advice is not None and len(advice.actions) >= 3
    assert window.submit(advice.actions[-1]) is None
    assert runner.advice is not None and runner.advice.actions == advice.actions[:-1]
    ringed = {i for item in runner.marks.ringed() for i in getattr(item, "unit_ids", ())}
    assert set(runner.advice.units) <= ringed
    assert runner.panel.lines()[0] == \
        f"One of its moves made: {len(advice.actions) - 1} left, ringed on the map."
    assert window.submit(EndPhase()) is None
    assert runner.advice is None and runner.marks.outlines == {}
    runner.wait()
