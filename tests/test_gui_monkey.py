"""A seeded random game through the main window on the mini board: every step picks one legal
action and sends it as the GUI does; the window must mirror the state after every action and
never meet an unexpected error (the battle board, tray, hand-over and panels see every kind of
decision the engine raises)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from gui_helpers import make_window
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from scenario import board

from pacific.gui.pieces import group_stacks
from pacific.rules.engine import Game


def test_random_play_through_the_window(qtbot: QtBot, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda parent, title, text: errors.append(text)))
    game = Game(board("mini"))
    window = make_window(qtbot, tmp_path, game, game.new_game(players=3, seed=8))
    controller = window.controller
    rng = random.Random(8)
    kinds: set[str] = set()
    for _ in range(400):
        state = controller.state
        if state.winner is not None:
            break
        legal = list(game.legal_actions(state))
        assert legal, f"no legal action in {state.phase}"
        # End the phase now and then, else act: the game moves on through every phase (edit
        # mode is no move of the game: tests/test_gui_edit.py drives it).
        ends = [a for a in legal if a.kind == "end_phase"]
        others = [a for a in legal if a.kind not in ("end_phase", "edit_mode")]
        action = rng.choice(ends) if ends and (not others or rng.random() < 0.35) \
            else rng.choice(others)
        kinds.add(action.kind)
        assert window.submit(action) is None, action.describe()
        assert errors == []
        after = controller.state
        assert set(window.pieces.items) == set(group_stacks(after))
        assert window.turn_panel.title.text().count(f"Round {after.round}") == 1
    assert controller.state.round >= 2 or controller.state.winner is not None
    assert {"purchase", "move", "select_battle", "choose_casualties", "place"} <= kinds
