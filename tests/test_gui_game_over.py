"""A finished game opened (a saved game, or the story of one to replay): nobody's turn comes,
so no hot-seat screen asks a player to sit down, and the turn panel says the game is over,
who won and where to look back at it (its replay, its charts and luck)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import MINI, make_window
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from pacific.rules.engine import Game
from pacific.rules.files.mapfile import load_board
from pacific.rules.nations import Side
from pacific.text import using_language


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("Axis win.", "Replay this game", "Charts and luck")),
    ("it", ("Vince l'Asse.", "Rivedi questa partita", "Grafici e fortuna")),
])
def test_a_finished_game_opened_says_it_is_over(qtbot: QtBot, tmp_path: Path, language: str,
                                                said: tuple[str, ...]) -> None:
    game = Game(load_board(MINI))
    state = game.new_game(players=2, seed=3)
    state.winner = Side.AXIS
    state.win_reason = "Japan wins with 22 victory points"
    state.pending = None   # (the new game's convoy split: a finished game asks nothing)
    with using_language(language):
        window = make_window(qtbot, tmp_path, game, state, handover=True)
        window.dialogs.hand_over()   # as the app does once it has opened a game
        QApplication.processEvents()
        handover = window.dialogs.handover
        assert handover is None or not handover.isVisible()
        prompt = window.turn_panel.prompt
        assert not prompt.isHidden()
        assert all(words in prompt.text() for words in said), prompt.text()
        assert not window.turn_panel.next_button.isEnabled()
