"""Every step of every guided course reads whole in its panel in the smallest window the app
supports (1024x700), in English and in Italian: the text and its line of rule links show
without scrolling, the links in sight (Italian runs longer than English: a step of four lines
in English takes five or six)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import MINI, make_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.gui.tutorial import tutorial_of
from pacific.gui.tutorial.runner import ui_labels
from pacific.rules.actions.economy import EndPhase
from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.text import gettext, using_language
from pacific.tutorial.course import COURSES


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_step_reads_whole_at_1024x700(qtbot: QtBot, tmp_path: Path,
                                             language: str) -> None:
    game = Game(load_board(MINI))
    with using_language(language):
        window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=3),
                             size=(1024, 700))
        panel = tutorial_of(window).panel
        panel.show()
        scrolled = []
        for course in COURSES.values():
            for number, step in enumerate(course.steps, 1):
                button = gettext(step.continue_label) if step.reads else None
                panel.show_step(number, len(course.steps), gettext(step.title),
                                gettext(step.text), step.rules, button, ui_labels())
                QApplication.processEvents()
                if panel.text.verticalScrollBar().maximum() > 0:
                    scrolled.append(f"{course.id}/{step.id}")
        assert scrolled == []
        # The map keeps most of the window's height under the tallest step.
        assert window.view is not None and window.view.height() >= 0.6 * 700 - 100


def test_the_battle_board_leaves_the_panels_hint_in_sight(qtbot: QtBot,
                                                          tmp_path: Path) -> None:
    """A wrong answer on the battle board shows the step's hint in the panel, which grows
    over the map: the board, which stands over the map, moves down with it instead of
    covering the hint (seen with "Nessun kamikaze" in the kamikaze lesson at 1024x700)."""
    game = Game(load_board(MINI))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=3),
                         size=(1024, 700))
    panel = tutorial_of(window).panel
    panel.show()
    step = COURSES["kamikaze"].steps[0]
    panel.show_step(1, 6, gettext(step.title), gettext(step.text), step.rules, None,
                    ui_labels())
    board = window.battle_board
    board.appear()
    QApplication.processEvents()
    panel.show_hint("Aim exactly 1 kamikaze at the battleship, then press Kamikaze. " * 2)

    def clear() -> bool:
        QApplication.processEvents()
        bottom = panel.mapToGlobal(panel.rect().bottomLeft()).y()
        return board.geometry().top() > bottom

    qtbot.waitUntil(clear, timeout=2000)
    lowered = board.geometry().top()
    panel.show_hint("")   # the hint goes: the board follows the map back up
    qtbot.waitUntil(lambda: board.geometry().top() < lowered, timeout=2000)


def test_a_refusal_goes_once_its_step_is_done(qtbot: QtBot, tmp_path: Path) -> None:
    """A move off the script leaves its refusal in the status strip; the right move that
    follows goes on to the next step, and the strip no longer says what was wrong (it said it
    for its 30 s, beside a panel already at the next step)."""
    game = Game(load_board(MINI))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=2, seed=3),
                         size=(1024, 700))
    window.menus.tutorial.trigger()
    runner = tutorial_of(window)
    assert runner.step is not None and runner.step.id == "welcome"
    assert window.submit(EndPhase()) is not None   # off the script: refused with its hint
    assert window.status_strip.text().startswith("✖ ")
    qtbot.mouseClick(runner.panel.go_button, Qt.MouseButton.LeftButton)
    assert runner.step is not None and runner.step.id == "purchase"
    assert window.status_strip.text() == ""
